-- 細波の入江の魔女: 召集−同じエリア
-- Reading (invented; the sources do not define 召集): ◆ このカードがプレイされてスクエアに
-- 置かれた時、あなたは手札から使用コスト3以下のユニットを1枚選び、このカードと同じエリアの
-- あなたのユニットのないスクエアにフリーズ状態で置いてもよい。
card:trigger {
  line = 1,
  on = "placed",
  card = "self",
  when = function(self, ev) return ev.played end,
  resolve = function(g, e)
    local me, p = e.me, e.controller
    if not me.in_play or not me.area then return end
    local squares = {}
    for _, s in ipairs(game.battle_squares()) do
      if s:area(p) == me.area and not s:unit(p) then squares[#squares + 1] = s end
    end
    local units = {}
    for _, c in ipairs(p:hand()) do
      if c.is_unit and c.cost.total <= 3 then units[#units + 1] = c end
    end
    if #squares == 0 or #units == 0 then return end
    if not g:yes_no(p, "召集: 手札からユニットを置きますか？") then return end
    local c = g:choose_card(p, units, "召集: 置くユニット")
    local s = g:choose_square(p, squares, "召集: 置くスクエア")
    if c and s then g:put(c, s, true) end
  end,
}
