card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, use("common").n) end }
