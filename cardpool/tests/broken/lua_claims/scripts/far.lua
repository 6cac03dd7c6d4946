-- 遠い主張: claims a line the text does not have, and a reminder line.
card:static {
  line = 3,
  power = 1000,
}
card:static {
  line = 2,
  smash = 1,
}
