//! What replacement effects see and do: a card about to change zone, where it goes instead,
//! who deals damage, and loss conditions.

use crate::model::ids::CardId;
use crate::model::zone::Loc;
use serde::{Deserialize, Serialize};

/// A card about to change zone, as replacement effects see it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ZoneMove {
    /// The moving card.
    pub card: CardId,
    /// Where it is.
    pub from: Loc,
    /// Where it is about to go (after the replacements applied so far).
    pub to: Loc,
    /// Whether it is being destroyed (put from a square into the graveyard, 001 破壊).
    pub destroyed: bool,
    /// Why it moves (recorded as its arrival).
    pub cause: crate::model::provenance::Cause,
}

/// Where a replacement puts the card instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Instead {
    /// Its owner's remove zone.
    Remove,
    /// Its owner's smash zone.
    Smash,
    /// Its owner's hand.
    Hand,
    /// The top of its owner's deck.
    DeckTop,
    /// The bottom of its owner's deck.
    DeckBottom,
    /// Its owner's graveyard.
    Graveyard,
}

impl Instead {
    /// The location and whether it goes on top (decks: top or bottom).
    pub(crate) fn loc(self) -> (Loc, bool) {
        match self {
            Instead::Remove => (Loc::Remove, true),
            Instead::Smash => (Loc::Smash, true),
            Instead::Hand => (Loc::Hand, true),
            Instead::DeckTop => (Loc::Deck, true),
            Instead::DeckBottom => (Loc::Deck, false),
            Instead::Graveyard => (Loc::Graveyard, true),
        }
    }
}

/// A replacement a ★ effect makes to one move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveReplacement {
    /// Where the card goes instead.
    pub instead: Instead,
    /// 「…してもよい」: the owner of the replacing card chooses whether it applies.
    pub optional: bool,
    /// The question asked for an optional replacement (empty: a default one).
    pub prompt: String,
}

/// What kind of thing deals damage, as damage replacements see it (「ストラテジーから受ける
/// ダメージ」).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum DamageKind {
    /// A unit's battle damage (R11.9).
    Battle,
    /// A strategy's ○ effect while it resolves.
    Strategy,
    /// An ability's effect (◆ ●, or any other card effect).
    Ability,
}

/// Who deals damage, as damage replacements see it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DamageSource {
    /// The card whose battle damage or effect it is, if any.
    pub card: Option<CardId>,
    /// What kind of thing deals it.
    pub kind: DamageKind,
}

/// A loss condition (RE1, RE2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum LossCause {
    /// RE1: too many cards in the smash zone.
    Smash,
    /// RE2: no card left in the deck.
    DeckOut,
}
