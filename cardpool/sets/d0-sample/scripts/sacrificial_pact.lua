-- 生贄の契約: 追加コストとして、手札を1枚捨てる。あなたはカードを2枚引く。
card:play_costs { { zones = "hand", to = "graveyard" } }
card:on_play { resolve = function(g, e) g:draw(e.controller, 2) end }
