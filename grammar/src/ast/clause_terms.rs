//! The syntax tree of what clauses name besides abilities and effects: whose moves a
//! replacement replaces and which, a play prohibition, when a delayed trigger triggers and the
//! stack item a counter names.

use dzero_core::{CardKind, Instead};
use std::fmt;

/// Whose moves a replacement replaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplWho {
    /// このカード / このユニット / `this card`: the replacing card itself.
    This,
    /// あなたのカード / `your card`: cards its controller controls (owns, outside the squares).
    Own,
    /// 相手のカード / `an opponent's card`: the other player's cards.
    Opponent,
    /// カード / `a card`: every card.
    Any,
}

/// Which moves a replacement replaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplEvent {
    /// 墓地に置かれる / `would go to the graveyard`: every move into the graveyard.
    ToGraveyard,
    /// 破壊される / `would be destroyed`: from a square into the graveyard (001 破壊).
    Destroyed,
    /// スクエアから墓地に置かれる: from a square into the graveyard, destroyed or not (A58).
    FromSquare,
}

/// A play prohibition for the turn: who may not play what.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Forbidden {
    /// 相手は (the controller's opponent) or あなたは (the controller).
    pub opponent: bool,
    /// The card type (`None`: any card).
    pub kind: Option<CardKind>,
}

/// When a delayed trigger triggers (once).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DelayWhen {
    /// 次のあなたのターンの開始時 / `at the start of your next turn`.
    YourNextTurn,
    /// ターン終了時 / `at end of turn`: the next 「ターン終了時」 (the recovery phase begins).
    EndOfTurn,
}

/// The stack item a counter names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ItemNoun {
    /// ストラテジー: a strategy being played.
    Strategy,
    /// 移動: a move.
    Move,
    /// 能力: a ● or ◆ ability.
    Ability,
}

impl fmt::Display for ReplEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReplEvent::ToGraveyard => "墓地に置かれる",
            ReplEvent::Destroyed => "破壊される",
            ReplEvent::FromSquare => "スクエアから墓地に置かれる",
        })
    }
}

/// 「かわりに…に置く」 in canonical Japanese (with 「てもよい」 when optional).
pub(crate) fn write_instead(
    f: &mut fmt::Formatter<'_>,
    instead: Instead,
    optional: bool,
) -> fmt::Result {
    let zone = match instead {
        Instead::Remove => "リムーブゾーン",
        Instead::Smash => "スマッシュゾーン",
        Instead::Hand => "手札",
        Instead::DeckTop => "デッキの上",
        Instead::DeckBottom => "デッキの下",
        Instead::Graveyard => "墓地",
    };
    let verb = match (instead == Instead::Hand, optional) {
        (true, false) => "に戻す",
        (true, true) => "に戻してもよい",
        (false, false) => "に置く",
        (false, true) => "に置いてもよい",
    };
    write!(f, "かわりに{zone}{verb}")
}
