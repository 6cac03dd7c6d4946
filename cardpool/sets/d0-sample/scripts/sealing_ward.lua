-- 封魔の結界: ○ このターン、相手はストラテジーをプレイできない。（創作）
-- A temporary rule: the ★ below is held by the game until the end of the turn; `self` is this
-- card (in its owner's graveyard by then), so "the opponent" is its owner's opponent.
card:grantable {
  name = "seal",
  static = {
    forbid_play = function(self, c) return c.is_strategy and c.owner ~= self.owner end,
  },
}
card:on_play {
  resolve = function(g, e) g:add_rule("seal") end,
}
