-- 祝福の口づけ: ○ ターン終了時まで、対象のあなたのユニット1体は『◆ このユニットがスマッシュした時、
-- カードを1枚引く。』と『● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。』を得る。（創作）
card:grantable {
  name = "draw_on_smash",
  trigger = {
    on = "smashed",
    card = "self",
    resolve = function(g, e) g:draw(e.controller) end,
  },
}
card:grantable {
  name = "pump",
  activated = {
    cost = "無1",
    timing = "quick",
    resolve = function(g, e) g:boost(e.me, 1000) end,
  },
}
card:on_play {
  target = target.unit { side = "own" },
  resolve = function(g, e)
    g:grant_ability(e.target, "draw_on_smash")
    g:grant_ability(e.target, "pump")
  end,
}
