card:on_play { resolve = function(g, e) g:draw(e.controller) end }
