-- 火球: ○ 対象のユニット1体にX×1000ダメージを与える。
card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, 1000 * e.x) end }
