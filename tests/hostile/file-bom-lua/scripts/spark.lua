card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, 1000) end }
