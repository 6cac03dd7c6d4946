-- A shared module.
return { damage = 3000 }
