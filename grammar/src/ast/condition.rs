//! The syntax tree of board-state conditions as printed (「〜なら」):
//! 「バトルスペースにあなたの白のユニットがある」, 「あなたのユニットが3体以上」, and the groups of
//! cards they and ★ lines describe without 対象の/すべての (「このベースと同じラインにある相手の
//! ユニット」).

use super::subject::{Filter, Noun, noun_text, write_filters};
use crate::span::Span;
use dzero_core::{Area, Side};
use std::fmt;

/// Cards described by side, place and filters: 「敵軍エリアのスクエアにあるあなたの赤のユニット」.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Group {
    /// The group's text.
    pub span: Span,
    /// Where the cards are, relative to the ability's card.
    pub place: Option<GroupPlace>,
    /// Whose cards (None: either player's).
    pub side: Option<Side>,
    /// Further conditions, in written order.
    pub filters: Vec<Filter>,
    /// What kind of card.
    pub noun: Noun,
}

/// Where the cards of a [`Group`] are.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GroupPlace {
    /// このベースと同じラインにある / 同じラインの / `in this line`: a square in the line of the
    /// ability's card (R1.12).
    SameLine,
    /// 敵軍エリアのスクエアにある / `in enemy area`: a square of that area, seen from the card's
    /// controller (R1.11).
    Area(Area),
}

/// A board-state condition (「〜なら」), judged when it is consulted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardCondition {
    /// The condition's text (without なら).
    pub span: Span,
    /// What it asks.
    pub kind: ConditionKind,
}

/// What a [`BoardCondition`] asks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ConditionKind {
    /// バトルスペースにGROUPがある / `there is GROUP`: at least one such unit.
    Exists(Group),
    /// GROUPがN体以上 / `there are N or more GROUP`.
    AtLeast(Group, u8),
}

/// Canonical order: place, side, filters, noun.
impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some(GroupPlace::SameLine) => f.write_str("同じラインにある")?,
            Some(GroupPlace::Area(a)) => write!(f, "{}のスクエアにある", area_text(a))?,
            None => {}
        }
        match self.side {
            Some(Side::Own) => f.write_str("あなたの")?,
            Some(Side::Opponent) => f.write_str("相手の")?,
            Some(Side::Any) | None => {}
        }
        write_filters(f, &self.filters)?;
        f.write_str(noun_text(self.noun))
    }
}

impl fmt::Display for BoardCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ConditionKind::Exists(g) => write!(f, "バトルスペースに{g}がある"),
            ConditionKind::AtLeast(g, n) => write!(f, "{g}が{n}体以上"),
        }
    }
}

/// The printed name of an area.
pub(crate) fn area_text(a: Area) -> &'static str {
    match a {
        Area::Own => "自軍エリア",
        Area::Centre => "中央エリア",
        Area::Enemy => "敵軍エリア",
    }
}
