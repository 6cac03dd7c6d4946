//! A card moving from one zone to another, as a ◆ condition prints it (R17.2, A60):
//! 「カードがあなたのエネルギーゾーンから墓地に置かれた時」.

use dzero_core::{Loc, Side};
use std::fmt;

/// A zone a [`Move`] names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveZone {
    /// 山札.
    Deck,
    /// 手札.
    Hand,
    /// 墓地.
    Graveyard,
    /// エネルギーゾーン.
    Energy,
    /// スマッシュゾーン.
    Smash,
    /// リムーブゾーン.
    Remove,
    /// スクエア: any battle or base square.
    Square,
}

/// Any card moving from `from` to `to`; `side` is whose zones they are (あなたの / 相手の, the
/// owner's, since a card goes to its owner's zones).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    /// Whose zones: `None` for either player's.
    pub side: Option<Side>,
    /// The zone left.
    pub from: MoveZone,
    /// The zone entered.
    pub to: MoveZone,
}

impl MoveZone {
    const ALL: [MoveZone; 7] = [
        MoveZone::Deck,
        MoveZone::Hand,
        MoveZone::Graveyard,
        MoveZone::Energy,
        MoveZone::Smash,
        MoveZone::Remove,
        MoveZone::Square,
    ];

    /// The printed word.
    pub fn text(self) -> &'static str {
        match self {
            MoveZone::Deck => "山札",
            MoveZone::Hand => "手札",
            MoveZone::Graveyard => "墓地",
            MoveZone::Energy => "エネルギーゾーン",
            MoveZone::Smash => "スマッシュゾーン",
            MoveZone::Remove => "リムーブゾーン",
            MoveZone::Square => "スクエア",
        }
    }

    /// The zone printed `s`.
    pub fn from_text(s: &str) -> Option<MoveZone> {
        MoveZone::ALL.into_iter().find(|z| z.text() == s)
    }

    /// Whether `loc` is in this zone.
    pub fn holds(self, loc: Loc) -> bool {
        matches!(
            (self, loc),
            (MoveZone::Deck, Loc::Deck)
                | (MoveZone::Hand, Loc::Hand)
                | (MoveZone::Graveyard, Loc::Graveyard)
                | (MoveZone::Energy, Loc::Energy)
                | (MoveZone::Smash, Loc::Smash)
                | (MoveZone::Remove, Loc::Remove)
                | (MoveZone::Square, Loc::Square(_))
        )
    }
}

/// Canonical Japanese: カードが[あなたの|相手の]AからBに置かれた時.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("カードが")?;
        match self.side {
            Some(Side::Own) => f.write_str("あなたの")?,
            Some(Side::Opponent) => f.write_str("相手の")?,
            Some(Side::Any) | None => {}
        }
        write!(f, "{}から{}に置かれた時", self.from.text(), self.to.text())
    }
}
