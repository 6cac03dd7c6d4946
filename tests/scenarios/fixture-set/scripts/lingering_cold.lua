-- 寒符「リンガリングコールド」: ○ 対象のユニット1体をフリーズする。
card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:freeze(e.target) end }
