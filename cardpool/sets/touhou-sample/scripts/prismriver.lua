-- プリズムリバー三姉妹: ◆ このカードがプレイされてスクエアに置かれた時、使用コスト3以下の
-- 相手のユニットすべてに2000ダメージを与える。
-- (The ◆ line is in the card file: `◆ lua:ensemble`.)
return {
  ensemble = {
    on = "placed",
    card = "self",
    when = function(self, ev) return ev.played end,
    resolve = function(g, e)
      for _, u in ipairs(e.controller.opponent:units()) do
        if u.use_cost.total <= 3 then g:damage(u, 2000) end
      end
    end,
  },
}
