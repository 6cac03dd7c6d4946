-- 幽々子&妖夢: ●プランゾーン効果『盟約―<「西行寺 幽々子」+「魂魄 妖夢」>[黒1 青1 無1]』《クイック》
-- 盟約: あなたの手札・スクエア・エネルギーゾーン・墓地にある「A」と「B」を1枚ずつ除外し、コストを
-- 支払う。このカードを自軍エリアのあなたのユニットのないスクエアにフリーズ状態で置く。
local common = use("common")
local from = { "hand", "field", "energy", "graveyard" }
local function named(name)
  return { zones = from, to = "remove", filter = function(self, c) return c.play_name == name end }
end
card:activated {
  zones = "plan",
  cost = "黒1 青1 無1",
  timing = "quick",
  card_costs = { named("西行寺 幽々子"), named("魂魄 妖夢") },
  resolve = function(g, e)
    local me, p = e.me, e.controller
    if p:plan() ~= me then return end -- it left the plan zone in response
    local s = g:choose_square(p, common.free_own_squares(p), "盟約: 置くスクエア")
    if s then g:put(me, s, true) end
  end,
}
