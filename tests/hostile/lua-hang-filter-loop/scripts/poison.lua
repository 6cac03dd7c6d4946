-- 毒: harmless itself.
card:on_play { target = target.unit(), resolve = function(g, e) end }
