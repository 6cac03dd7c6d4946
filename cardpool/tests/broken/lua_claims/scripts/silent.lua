-- 無言の兵: the trigger claims no printed line, so line 1 is implemented by nothing.
card:trigger {
  on = "placed",
  card = "self",
  resolve = function(g, e) g:draw(e.controller) end,
}
