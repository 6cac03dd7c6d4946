-- 破壊光線: ○ 対象のユニット1体を破壊する。
card:on_play { target = target.unit(), resolve = function(g, e) g:destroy(e.target) end }
