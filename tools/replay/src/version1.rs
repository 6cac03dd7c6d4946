//! Reading replays of format version 1, whose rule set was a closed kind (`{"kind": "Official",
//! …}`) and whose state hashes were taken over that encoding of it.

use dzero_core::{Game, RuleSet};
use dzero_sim::hash::fnv1a;
use serde::{Deserialize, Deserializer, Serialize};

/// A version-1 rule set: which of the three, with the numbers it then carried.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesV1 {
    kind: KindV1,
    deck_size: u8,
    max_copies: u8,
    smash_loss: u8,
    mulligan: bool,
}

/// The version-1 rule-set kinds.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum KindV1 {
    Official,
    Touhou,
    TouhouInstant,
}

/// The rule set of a kind, the same numbers the kind stood for.
const KINDS: [(KindV1, RuleSet); 3] = [
    (KindV1::Official, RuleSet::OFFICIAL),
    (KindV1::Touhou, RuleSet::TOUHOU),
    (KindV1::TouhouInstant, RuleSet::TOUHOU_INSTANT),
];

/// A replay's `rules`: a rule set, or the version-1 encoding of a bundled one.
#[derive(Deserialize)]
#[serde(untagged)]
enum AnyRules {
    Current(RuleSet),
    V1(RulesV1),
}

/// Deserializes a replay's `rules` in either encoding.
pub(crate) fn rules<'de, D: Deserializer<'de>>(d: D) -> Result<RuleSet, D::Error> {
    match AnyRules::deserialize(d).map_err(|_| {
        serde::de::Error::custom(
            "`rules` is not a rule set (docs/replays.md: name, deck_size, max_copies, …)",
        )
    })? {
        AnyRules::Current(r) => Ok(r),
        AnyRules::V1(old) => KINDS
            .iter()
            .find(|(k, _)| *k == old.kind)
            .map(|(_, r)| *r)
            .ok_or_else(|| serde::de::Error::custom("unknown version-1 rule set")),
    }
}

/// The state hash of `game` as version 1 took it: the same JSON with the rule set in the
/// version-1 encoding (the game's first field). `None` for a rule set version 1 could not name.
pub(crate) fn state_hash(game: &Game) -> Option<u64> {
    let rules = game.rules();
    let (kind, _) = KINDS.iter().find(|(_, r)| r == rules)?;
    let old = RulesV1 {
        kind: *kind,
        deck_size: u8::try_from(rules.deck_size).ok()?,
        max_copies: rules.max_copies,
        smash_loss: rules.smash_loss,
        mulligan: rules.mulligan != dzero_core::MulliganRule::None,
    };
    let now = crate::version3::without_later_fields(&serde_json::to_vec(game).ok()?);
    let head = b"{\"rules\":";
    let rest = now
        .strip_prefix(head.as_slice())?
        .strip_prefix(serde_json::to_vec(rules).ok()?.as_slice())?;
    let mut bytes = head.to_vec();
    bytes.extend(serde_json::to_vec(&old).ok()?);
    bytes.extend_from_slice(rest);
    Some(fnv1a(&bytes))
}
