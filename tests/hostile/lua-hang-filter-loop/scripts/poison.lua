-- 毒: harmless itself.
card:on_play { line = 1, target = target.unit(), resolve = function(g, e) end }
