-- 火花: fails on purpose when it resolves.
card:on_play {
  line = 1,
  resolve = function(g, e)
    error("the spark fizzles out")
  end,
}
