-- プラズマ・ライフル: ○ 対象のユニット1体に3000ダメージを与える。
card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }
