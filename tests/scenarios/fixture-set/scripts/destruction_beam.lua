-- 破壊光線: ○ 対象のユニット1体を破壊する。
card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:destroy(e.target) end }
