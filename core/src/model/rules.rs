//! The rule sets a duel is played under (R2, R3, R18): pure parameters. dzero-cardpool reads
//! them from rule-set files (`docs/rules.md`); the three bundled files match the constants here.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A rule set's name, up to [`RuleName::MAX_LEN`] bytes of UTF-8 kept inline, so a
/// [`RuleSet`] (and a game holding one) copies without allocating.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleName {
    len: u8,
    bytes: [u8; RuleName::MAX_LEN],
}

impl RuleName {
    /// The longest name, in bytes.
    pub const MAX_LEN: usize = 31;

    /// The name `s`, or `None` when it is longer than [`RuleName::MAX_LEN`] bytes.
    pub const fn new(s: &str) -> Option<RuleName> {
        let src = s.as_bytes();
        if src.len() > RuleName::MAX_LEN {
            return None;
        }
        let mut bytes = [0u8; RuleName::MAX_LEN];
        let mut i = 0;
        while i < src.len() {
            bytes[i] = src[i];
            i += 1;
        }
        Some(RuleName {
            len: src.len() as u8,
            bytes,
        })
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        // Built only from whole `&str`s, so always UTF-8.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

/// The name of a constant rule set (a literal short enough to fit).
const fn name(s: &str) -> RuleName {
    match RuleName::new(s) {
        Some(n) => n,
        None => panic!("rule-set name too long"),
    }
}

impl fmt::Display for RuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for RuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for RuleName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RuleName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleName, D::Error> {
        let s = String::deserialize(d)?;
        RuleName::new(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "rule-set name `{s}` is longer than {} bytes",
                RuleName::MAX_LEN
            ))
        })
    }
}

/// How names with a 〈〉 part count towards the copies per name (R18.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BracketNames {
    /// 「チルノ〈氷の小さな妖精〉」 and 「チルノ」 are different cards for deck building (R18.4).
    Separate,
    /// They count as one name, the name without the 〈〉 part.
    Base,
}

/// Who may mulligan, and how often (R18.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MulliganRule {
    /// Nobody (000).
    None,
    /// The second player, once, after the opening draw (R18.2).
    SecondPlayerOnce,
}

/// How duels make up a match (R2.4, A26).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchFormat {
    /// One duel.
    Single,
    /// Up to three duels; the first to win two wins the match (R2.4).
    BestOfThree,
}

/// The optional parts of the game a rule set turns on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modules {
    /// The remove zone (R18.5, 000 3.2).
    pub remove_zone: bool,
    /// A dimension deck (次元戦, R19).
    pub dimension_deck: bool,
    /// The 次元探索戦 layout of dimensions (R19).
    pub exploration_layout: bool,
}

/// The parameters of a rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Its name (`official`, `touhou-instant`, or a rule-set file's own).
    pub name: RuleName,
    /// Exact deck size (R2.1, R18.1).
    pub deck_size: u16,
    /// Most copies of one name (R2.2, R18.1).
    pub max_copies: u8,
    /// How 〈〉 names count for the copies (R18.4).
    pub bracket_names: BracketNames,
    /// Smash-zone size that loses (RE1).
    pub smash_loss: u8,
    /// Cards in the opening hand, and in a mulligan's new hand (R3.3, R18.2).
    pub opening_hand: u8,
    /// Whether the first player skips the draw of its first turn (R3.6).
    pub skip_first_draw: bool,
    /// The mulligan rule (R18.2).
    pub mulligan: MulliganRule,
    /// Exact sideboard size; 0 for none (R2.3).
    pub sideboard: u8,
    /// How duels make a match (R2.4).
    pub match_format: MatchFormat,
    /// The optional modules.
    pub modules: Modules,
}

impl RuleSet {
    /// Official rules (`cardpool/rules/official.toml`): 40 cards, ≤3 per name, 7 smash loses,
    /// no mulligan, 10-card sideboards for a best-of-three match.
    pub const OFFICIAL: RuleSet = RuleSet {
        name: name("official"),
        deck_size: 40,
        max_copies: 3,
        bracket_names: BracketNames::Separate,
        smash_loss: 7,
        opening_hand: 5,
        skip_first_draw: true,
        mulligan: MulliganRule::None,
        sideboard: 10,
        match_format: MatchFormat::BestOfThree,
        modules: Modules {
            remove_zone: true,
            dimension_deck: false,
            exploration_layout: false,
        },
    };
    /// 東方零次元 standard (`cardpool/rules/touhou.toml`): the official numbers plus the second
    /// player's mulligan.
    pub const TOUHOU: RuleSet = RuleSet {
        name: name("touhou"),
        mulligan: MulliganRule::SecondPlayerOnce,
        ..RuleSet::OFFICIAL
    };
    /// 東方零次元 instant match (`cardpool/rules/touhou-instant.toml`): 25 cards, 1 per name,
    /// 5 smash loses, mulligan, a single duel without sideboard.
    pub const TOUHOU_INSTANT: RuleSet = RuleSet {
        name: name("touhou-instant"),
        deck_size: 25,
        max_copies: 1,
        smash_loss: 5,
        sideboard: 0,
        match_format: MatchFormat::Single,
        ..RuleSet::TOUHOU
    };
    /// 次元戦 (`cardpool/rules/dimension-war.toml`, R19): the official numbers plus a shared
    /// dimension deck and die; a free-for-all game, one duel without sideboards (R19.1).
    pub const DIMENSION_WAR: RuleSet = RuleSet {
        name: name("dimension-war"),
        sideboard: 0,
        match_format: MatchFormat::Single,
        modules: Modules {
            remove_zone: true,
            dimension_deck: true,
            exploration_layout: false,
        },
        ..RuleSet::OFFICIAL
    };
    /// 次元探索戦 (`cardpool/rules/dimension-exploration.toml`, R19.16–R19.20): 次元戦 with the
    /// dimensions laid out in a cross and a token.
    pub const DIMENSION_EXPLORATION: RuleSet = RuleSet {
        name: name("dimension-exploration"),
        modules: Modules {
            remove_zone: true,
            dimension_deck: true,
            exploration_layout: true,
        },
        ..RuleSet::DIMENSION_WAR
    };
}
