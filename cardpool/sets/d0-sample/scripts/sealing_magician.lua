-- 封印の魔術師（創作）:
-- ◆ このユニットがスクエアに置かれた時、対象の相手のユニット1体をリムーブゾーンに置く。
-- ◆ このユニットがバトルスペースから離れた時、このカードの効果でリムーブゾーンに置かれたカードを持ち主の手札に戻す。
-- ● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。この能力は1ターンに1回しか使えない。
-- The first ◆ remembers the removed card for the whole game (it must outlive this object, R7.3); the
-- second reads it back: a remembered card that has changed zones since reads back as nil, so a
-- card that left the remove zone meanwhile is not fetched from elsewhere.
card:trigger {
  line = 1,
  on = "placed",
  card = "self",
  target = target.unit { side = "opponent" },
  resolve = function(g, e)
    if g:put(e.target, "remove") then
      g:remember(e.me, "sealed", e.target, "game")
    end
  end,
}
card:trigger {
  line = 2,
  on = "moved",
  card = "self",
  zones = "field",
  when = function(self, ev) return ev.to ~= "field" end,
  resolve = function(g, e)
    local sealed = e.me:recall("sealed", "game")
    g:remember(e.me, "sealed", nil, "game")
    if sealed then g:put(sealed, "hand") end
  end,
}
card:activated {
  line = 3,
  cost = "無1",
  timing = "quick",
  condition = function(self, uses) return uses < 1 end,
  resolve = function(g, e) g:boost(e.me, 1000) end,
}
