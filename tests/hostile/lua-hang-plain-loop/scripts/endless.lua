card:on_play {
  resolve = function(g, e)
    while true do end
  end,
}
