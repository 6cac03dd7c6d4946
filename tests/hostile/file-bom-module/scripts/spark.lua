card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, use("common").n) end }
