card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 1000) end }
