return { n = 1000 }
