card:on_play { line = 1,
  resolve = function(g, e)
    while true do end
  end,
}
