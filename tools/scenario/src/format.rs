//! The scenario file format (TOML), as read by serde. Unknown fields are errors; every value
//! the loader checks later keeps its location (`Spanned`).
//!
//! Shapes that may be written two ways (a card as a bare name or as a table; an answer as a
//! number or a string) have hand-written `Deserialize` impls that keep the TOML deserializer,
//! so the locations of values inside them survive (serde's untagged enums would lose them).

use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;
use toml::Spanned;

/// A whole scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScenarioFile {
    pub title: Option<Spanned<String>>,
    pub description: Option<String>,
    pub set: Option<Spanned<String>>,
    pub sets: Option<Spanned<Vec<Spanned<String>>>>,
    pub rules: Option<Spanned<String>>,
    pub seed: Option<Spanned<i64>>,
    pub strict: Option<bool>,
    pub active: Option<Spanned<String>>,
    pub turn: Option<Spanned<i64>>,
    pub phase: Option<Spanned<String>>,
    pub filler: Option<Spanned<String>>,
    #[serde(rename = "P1")]
    pub p1: Option<Spanned<PlayerFile>>,
    #[serde(rename = "P2")]
    pub p2: Option<Spanned<PlayerFile>>,
    /// 次元戦 / 次元探索戦: the dimension deck, bottom first (R19.8).
    #[serde(default)]
    pub dimensions: Vec<Spanned<CardSpec>>,
    /// The faces the next rolls of the dimension die show (`"P"`, `"C"`, `"blank"`).
    pub die: Option<Spanned<Vec<Spanned<String>>>>,
    /// 次元探索戦: the opening cross, dealt from the top of the dimension deck (R19.16).
    pub layout: Option<Spanned<LayoutFile>>,
    /// The decks and sideboards of a match the scenario's duel is the first of (R2.3).
    #[serde(rename = "match")]
    pub match_: Option<Spanned<MatchFile>>,
    #[serde(default)]
    pub step: Vec<Spanned<StepFile>>,
}

/// `layout = { centre = …, up = …, right = …, down = …, left = … }`: the five dimensions of
/// 次元探索戦's opening cross.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LayoutFile {
    pub centre: Spanned<CardSpec>,
    pub up: Spanned<CardSpec>,
    pub right: Spanned<CardSpec>,
    pub down: Spanned<CardSpec>,
    pub left: Spanned<CardSpec>,
}

/// `[match]`: each player's deck and sideboard for the duels after the first (R2.3).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchFile {
    #[serde(rename = "P1")]
    pub p1: Spanned<MatchDeckFile>,
    #[serde(rename = "P2")]
    pub p2: Spanned<MatchDeckFile>,
}

/// One player's deck list and sideboard in `[match]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchDeckFile {
    pub deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub sideboard: Vec<Spanned<CardSpec>>,
}

/// `swap = { P2 = { out = […], into = […] } }`: the swaps before the next duel (R2.5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SwapsFile {
    #[serde(rename = "P1")]
    pub p1: Option<Spanned<SwapFile>>,
    #[serde(rename = "P2")]
    pub p2: Option<Spanned<SwapFile>>,
}

/// One player's swap: cards out of the deck, cards into it from the sideboard.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SwapFile {
    #[serde(default)]
    pub out: Vec<Spanned<String>>,
    #[serde(default)]
    pub into: Vec<Spanned<String>>,
}

/// `[P1]` / `[P2]`: one player's cards.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerFile {
    #[serde(default)]
    pub hand: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub deck: Vec<Spanned<CardSpec>>,
    pub deck_size: Option<Spanned<i64>>,
    pub plan: Option<Spanned<CardSpec>>,
    #[serde(default)]
    pub energy: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub smash: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub graveyard: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub remove: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub units: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    pub bases: Vec<Spanned<CardSpec>>,
}

/// One card of the setup: `"name"` or `{ card = "name", at = "b2", label = "x", … }`.
#[derive(Debug)]
pub(crate) struct CardSpec {
    /// The card name, with its own location when written as a table.
    pub card: String,
    pub card_span: Option<std::ops::Range<usize>>,
    pub at: Option<Spanned<String>>,
    pub label: Option<Spanned<String>>,
    pub count: Option<Spanned<i64>>,
    pub frozen: Option<Spanned<bool>>,
    pub damage: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardTable {
    card: Spanned<String>,
    at: Option<Spanned<String>>,
    label: Option<Spanned<String>>,
    count: Option<Spanned<i64>>,
    frozen: Option<Spanned<bool>>,
    damage: Option<Spanned<i64>>,
}

impl<'de> Deserialize<'de> for CardSpec {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<CardSpec, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CardSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card name or a table like { card = \"name\", at = \"b2\" }")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<CardSpec, E> {
                Ok(CardSpec {
                    card: s.to_owned(),
                    card_span: None,
                    at: None,
                    label: None,
                    count: None,
                    frozen: None,
                    damage: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<CardSpec, A::Error> {
                let t = CardTable::deserialize(de::value::MapAccessDeserializer::new(map))?;
                let card_span = Some(t.card.span());
                Ok(CardSpec {
                    card: t.card.into_inner(),
                    card_span,
                    at: t.at,
                    label: t.label,
                    count: t.count,
                    frozen: t.frozen,
                    damage: t.damage,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// One `[[step]]`: at most one action, its parameters, and expectations checked after it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StepFile {
    /// Free text; reports show it with the rest of the step as written.
    #[serde(rename = "note")]
    pub _note: Option<String>,
    pub by: Option<Spanned<String>>,
    // Actions.
    pub play: Option<Spanned<String>>,
    #[serde(rename = "move")]
    pub move_: Option<Spanned<String>>,
    pub activate: Option<Spanned<String>>,
    pub create_plan: Option<Spanned<bool>>,
    pub update_plan: Option<Spanned<bool>>,
    pub pass: Option<Spanned<String>>,
    pub pass_until: Option<Spanned<String>>,
    pub choose: Option<Spanned<Answer>>,
    pub energy: Option<Spanned<String>>,
    pub smash: Option<Spanned<String>>,
    pub mulligan: Option<Spanned<bool>>,
    pub roll: Option<Spanned<bool>>,
    /// The next duel of the match: who plays first (chosen by the loser, R2.6) or `random`.
    pub next_duel: Option<Spanned<String>>,
    // Parameters.
    pub swap: Option<Spanned<SwapsFile>>,
    pub square: Option<Spanned<String>>,
    pub to: Option<Spanned<String>>,
    pub target: Option<Spanned<String>>,
    pub targets: Option<Spanned<Vec<Spanned<String>>>>,
    pub x: Option<Spanned<i64>>,
    pub method: Option<Spanned<String>>,
    pub ability: Option<Spanned<i64>>,
    pub cost_cards: Option<Spanned<Vec<Spanned<String>>>>,
    pub pay: Option<Spanned<Vec<Spanned<String>>>>,
    // Refusal.
    pub rejected: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    pub expect: Option<Spanned<ExpectFile>>,
}

/// An answer to a pending choice: an option number (from 1) or a card, square or label.
#[derive(Debug)]
pub(crate) enum Answer {
    Number(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Answer, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Answer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an option number (1 is the first) or a card, square or label")
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Answer, E> {
                Ok(Answer::Number(n))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Answer, E> {
                Ok(Answer::Number(i64::try_from(n).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Answer, E> {
                Ok(Answer::Text(s.to_owned()))
            }
        }
        d.deserialize_any(V)
    }
}

/// Key/value pairs in file order, each located: `{ malt = 6000, angel = 3500 }`.
#[derive(Debug)]
pub(crate) struct Pairs<V>(pub Vec<(Spanned<String>, Spanned<V>)>);

impl<V> Default for Pairs<V> {
    fn default() -> Self {
        Pairs(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Pairs<V> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Pairs<V>, D::Error> {
        struct PV<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for PV<V> {
            type Value = Pairs<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table of card = value pairs")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs<V>, A::Error> {
                let mut out = Vec::new();
                while let Some(kv) = map.next_entry::<Spanned<String>, Spanned<V>>()? {
                    out.push(kv);
                }
                Ok(Pairs(out))
            }
        }
        d.deserialize_map(PV(PhantomData))
    }
}

/// `expect = { … }`: what must hold after the step.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExpectFile {
    #[serde(default)]
    pub at: Pairs<String>,
    #[serde(default)]
    pub power: Pairs<i64>,
    #[serde(default)]
    pub damage: Pairs<i64>,
    #[serde(default)]
    pub frozen: Pairs<bool>,
    #[serde(default)]
    pub face_up: Pairs<bool>,
    #[serde(default)]
    pub keywords: Pairs<Vec<Spanned<String>>>,
    /// Exactly these keywords, no more and no fewer.
    #[serde(default)]
    pub keywords_exactly: Pairs<Vec<Spanned<String>>>,
    #[serde(default)]
    pub resolved: Pairs<String>,
    pub stack: Option<Spanned<Vec<Spanned<String>>>>,
    pub pending: Option<Spanned<Vec<Spanned<String>>>>,
    pub priority: Option<Spanned<String>>,
    pub decision: Option<Spanned<String>>,
    pub phase: Option<Spanned<String>>,
    pub active: Option<Spanned<String>>,
    pub turn: Option<Spanned<i64>>,
    pub battle: Option<Spanned<String>>,
    pub battle_step: Option<Spanned<String>>,
    pub attackers: Option<Spanned<Vec<Spanned<String>>>>,
    pub offers: Option<Spanned<Vec<Spanned<String>>>>,
    pub legal: Option<Spanned<Vec<Spanned<String>>>>,
    pub not_legal: Option<Spanned<Vec<Spanned<String>>>>,
    pub winner: Option<Spanned<String>>,
    pub battle_damage: Option<Spanned<Vec<Spanned<DamageFile>>>>,
    #[serde(rename = "P1")]
    pub p1: Option<Spanned<CountsFile>>,
    #[serde(rename = "P2")]
    pub p2: Option<Spanned<CountsFile>>,
    pub empty: Option<Spanned<Vec<Spanned<String>>>>,
    pub result: Option<Spanned<String>>,
    pub script_errors: Option<Spanned<i64>>,
    /// The active dimension (a label or card name), or `none` (R19.10, R19.17).
    pub dimension: Option<Spanned<String>>,
    /// Cards in the dimension deck.
    pub dimension_deck: Option<Spanned<i64>>,
    /// 次元探索戦: where each dimension lies in the cross (R19.16).
    #[serde(default)]
    pub layout: Pairs<String>,
    /// 次元探索戦: where the token lies (R19.18).
    pub token: Option<Spanned<String>>,
    /// 次元探索戦: steps between two places of the cross (R19.19, A40).
    pub distance: Option<Spanned<Vec<Spanned<DistanceFile>>>>,
    /// A deck list checked against the scenario's rule set (R2.1, R2.2, R19.4–R19.7).
    pub deck: Option<Spanned<DeckFile>>,
    /// The number of the duel being played in the match (R2.4).
    pub duel: Option<Spanned<i64>>,
    /// The match's result: `P1 wins`, `P2 wins`, `draw` or `none` (R2.4, A26).
    #[serde(rename = "match")]
    pub match_: Option<Spanned<String>>,
    /// Each player's sideboard now, in any order (R2.5).
    #[serde(default)]
    pub sideboard: Pairs<Vec<Spanned<String>>>,
}

/// `{ from = "hill", to = "token", steps = 2 }`: the steps between two places of the cross.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DistanceFile {
    pub from: Spanned<String>,
    pub to: Spanned<String>,
    pub steps: Spanned<i64>,
}

/// `expect.deck`: a deck list, legal or not under the scenario's rule set.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeckFile {
    /// The deck.
    #[serde(default)]
    pub cards: Vec<Spanned<CardSpec>>,
    /// The dimension deck, checked when given.
    #[serde(default)]
    pub dimensions: Vec<Spanned<CardSpec>>,
    pub legal: Spanned<bool>,
    /// The IDs of the rules an illegal deck breaks.
    pub breaks: Option<Spanned<Vec<Spanned<String>>>>,
    /// Text the reason must contain.
    pub reason: Option<Spanned<String>>,
}

/// One part of a battle-damage item: `{ from = "a", to = "b", amount = 3000 }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DamageFile {
    pub from: Spanned<String>,
    pub to: Spanned<String>,
    pub amount: Spanned<i64>,
}

/// Zone sizes of one player.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountsFile {
    pub hand: Option<Spanned<i64>>,
    pub deck: Option<Spanned<i64>>,
    pub energy: Option<Spanned<i64>>,
    pub frozen_energy: Option<Spanned<i64>>,
    pub smash: Option<Spanned<i64>>,
    pub graveyard: Option<Spanned<i64>>,
    pub remove: Option<Spanned<i64>>,
    pub field: Option<Spanned<i64>>,
}
