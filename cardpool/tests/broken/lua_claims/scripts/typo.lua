-- 綴り違い: card:trigerr is not a declaration.
card:trigerr {
  line = 1,
  on = "placed",
  card = "self",
  resolve = function(g, e) g:draw(e.controller) end,
}
