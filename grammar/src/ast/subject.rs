//! The syntax tree of what an effect sentence acts on: chosen targets (対象の…N体), every match
//! (すべての…), this card or the subject named before (その), with the filters its cards meet.

use crate::span::Span;
use dzero_core::{Colour, Side};
use std::fmt;

/// What a sentence acts on: chosen targets (対象の…N体) or every match (すべての…).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Subject {
    /// The subject's text.
    pub span: Span,
    /// Targets or each.
    pub mode: Choice,
    /// Whose cards (None: either player's).
    pub side: Option<Side>,
    /// The zone of cards outside the squares (墓地にある), None for the squares.
    pub zone: Option<CardZone>,
    /// Further conditions, in written order.
    pub filters: Vec<Filter>,
    /// What kind of card.
    pub noun: Noun,
}

/// Targets or each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    /// 対象の…N体 (`min` = N) or 対象の…N体まで (`up_to`): chosen on play (R7.4).
    Target {
        /// Number of targets.
        count: u8,
        /// Fewer (or none) may be chosen.
        up_to: bool,
    },
    /// すべての…: every matching card on resolution, no target.
    Each,
    /// このカード / このユニット / `this card`: the ability's own card.
    This,
    /// その / `its`: the subject of the sentence before.
    Same,
}

/// A zone named in a subject.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CardZone {
    /// 墓地 / `graveyard`.
    Graveyard,
    /// リムーブゾーン / `remove zone`.
    Remove,
    /// エネルギーゾーン (A60).
    Energy,
}

/// A condition on the cards of a subject.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Filter {
    /// パワーN以下の / `power<=N`: current power (R16).
    PowerAtMost(u32),
    /// 使用コストがN以下の / `cost<=N`: the current use cost (after ☆/★ changes), total energy
    /// (X counts 0).
    CostAtMost(u32),
    /// 〈種族〉の / 種族が…の / `〈race〉`: the printed race.
    Race(String),
    /// 赤の / `red`: the card has that colour.
    Colour(Colour),
    /// このカードと隣接するスクエアにある / `adjacent`: in a square adjacent to the ability's
    /// card (R1.13).
    AdjacentToThis,
    /// このカードと同じラインにある / このカードと同じラインのスクエアにある: in a square of the
    /// ability's card's line (R1.12).
    SameLineAsThis,
    /// 他の: any card but the ability's own.
    Other,
    /// 種族「A」か種族「B」の: the printed race is one of these.
    RaceAny(Vec<String>),
    /// ダメージを受けている: a unit with damage on it (R16: damage stays until the turn ends).
    Damaged,
    /// このターンの間、…でスクエアに置かれた: the card entered a square this turn that way, as
    /// the object it is now (A48, R7.3).
    EnteredThisTurn(EntryWay),
}

/// How a card entered its square, for [`Filter::EnteredThisTurn`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EntryWay {
    /// カードの効果で: put there by a card's effect.
    ByEffect,
    /// 移動とプレイ以外で: neither moved nor played (an effect or a rule put it there).
    NotMovedNorPlayed,
}

/// The card type a subject names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Noun {
    /// ユニット: a unit in a battle square.
    Unit,
    /// ベース: a base in a base square.
    Base,
    /// ユニットカード / ストラテジーカード / ベースカード / カード: a card in a zone, of a type
    /// if given.
    Card(Option<dzero_core::CardKind>),
}

/// Canonical order: 対象の/すべての, side, zone, filters, noun, count.
impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.mode {
            Choice::Target { .. } => "対象の",
            Choice::Each => "すべての",
            Choice::This if self.noun == Noun::Unit => return f.write_str("このユニット"),
            Choice::This => return f.write_str("このカード"),
            Choice::Same => return write!(f, "その{}", noun_text(self.noun)),
        })?;
        match self.side {
            Some(Side::Own) => f.write_str("あなたの")?,
            Some(Side::Opponent) => f.write_str("相手の")?,
            Some(Side::Any) | None => {}
        }
        match self.zone {
            Some(CardZone::Graveyard) => f.write_str("墓地にある")?,
            Some(CardZone::Remove) => f.write_str("リムーブゾーンにある")?,
            Some(CardZone::Energy) => f.write_str("エネルギーゾーンにある")?,
            None => {}
        }
        write_filters(f, &self.filters)?;
        f.write_str(noun_text(self.noun))?;
        if let Choice::Target { count, up_to } = self.mode {
            let counter = if self.noun == Noun::Unit {
                "体"
            } else {
                "枚"
            };
            write!(f, "{count}{counter}{}", if up_to { "まで" } else { "" })?;
        }
        Ok(())
    }
}

/// Filters in canonical Japanese, in written order.
pub(crate) fn write_filters(f: &mut fmt::Formatter<'_>, filters: &[Filter]) -> fmt::Result {
    for x in filters {
        match x {
            Filter::PowerAtMost(n) => write!(f, "パワー{n}以下の")?,
            Filter::CostAtMost(n) => write!(f, "使用コストが{n}以下の")?,
            Filter::Race(r) => write!(f, "〈{r}〉の")?,
            Filter::Colour(c) => write!(f, "{}の", c.symbol())?,
            Filter::AdjacentToThis => f.write_str("このカードと隣接するスクエアにある")?,
            Filter::SameLineAsThis => f.write_str("このカードと同じラインにある")?,
            Filter::Other => f.write_str("他の")?,
            Filter::Damaged => f.write_str("ダメージを受けている")?,
            Filter::RaceAny(races) => {
                let names: Vec<String> = races.iter().map(|r| format!("種族「{r}」")).collect();
                write!(f, "{}の", names.join("か"))?
            }
            Filter::EnteredThisTurn(EntryWay::ByEffect) => {
                f.write_str("このターンの間、カードの効果でスクエアに置かれた")?
            }
            Filter::EnteredThisTurn(EntryWay::NotMovedNorPlayed) => {
                f.write_str("このターンの間に移動とプレイ以外でスクエアに置かれた")?
            }
        }
    }
    Ok(())
}

/// A noun in canonical Japanese.
pub(crate) fn noun_text(noun: Noun) -> &'static str {
    match noun {
        Noun::Unit => "ユニット",
        Noun::Base => "ベース",
        Noun::Card(Some(dzero_core::CardKind::Unit)) => "ユニットカード",
        Noun::Card(Some(dzero_core::CardKind::Strategy)) => "ストラテジーカード",
        Noun::Card(Some(dzero_core::CardKind::Base)) => "ベースカード",
        Noun::Card(Some(dzero_core::CardKind::Dimension)) => "次元カード",
        Noun::Card(Some(dzero_core::CardKind::Phenomenon)) => "現象カード",
        Noun::Card(Some(dzero_core::CardKind::ShuffleCard)) => "シャッフルカード",
        Noun::Card(None) => "カード",
    }
}
