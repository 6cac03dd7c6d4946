card:on_play { line = 1, resolve = function(g, e) g:draw(e.controller) end }
