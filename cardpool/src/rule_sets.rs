//! Rule-set files (TOML, `docs/rules.md`): the parameters of a [`RuleSet`], checked with
//! located errors; the three bundled rule sets; and how a set, a scenario or `--rules` names
//! one (a bundled name, or the path of a rule-set file).

use crate::diag::{FileText, Problem};
use crate::files::{self, MAX_FILE_BYTES};
use crate::printed_values::{NAME_CHARS, bad_text};
use dzero_core::{BracketNames, MatchFormat, Modules, MulliganRule, RuleName, RuleSet};
use schemars::JsonSchema;
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The bundled rule sets: name and file text, embedded so dzero works from any folder.
const BUNDLED: [(&str, &str); 5] = [
    ("official", include_str!("../rules/official.toml")),
    ("touhou", include_str!("../rules/touhou.toml")),
    (
        "touhou-instant",
        include_str!("../rules/touhou-instant.toml"),
    ),
    ("dimension-war", include_str!("../rules/dimension-war.toml")),
    (
        "dimension-exploration",
        include_str!("../rules/dimension-exploration.toml"),
    ),
];

/// Largest deck size a rule set may ask for (two decks must fit the engine's card ids).
pub const MAX_DECK_SIZE: i64 = 1000;

/// A rule-set file. Every key is required: a variant states all of its numbers.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSetFile {
    /// The rule set's name, as reports and replays show it (at most 31 bytes).
    #[schemars(with = "String", length(min = 1, max = 31))]
    pub name: Spanned<String>,
    /// Free-form notes: where the numbers come from.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Deck construction.
    pub deck: DeckSection,
    /// The duel.
    pub duel: DuelSection,
    /// Sideboards and matches (stored and checked; matches are not played yet).
    #[serde(rename = "match")]
    pub matches: MatchSection,
    /// Optional parts of the game.
    pub modules: ModulesSection,
}

/// `[deck]`: deck construction (R2.1, R2.2, R18.1, R18.4).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckSection {
    /// Exact number of cards in a deck (R2.1).
    #[schemars(with = "i64", range(min = 1, max = 1000))]
    pub size: Spanned<i64>,
    /// Most copies of one name (R2.2).
    #[schemars(with = "i64", range(min = 1, max = 255))]
    pub copies: Spanned<i64>,
    /// How names with a 〈〉 part count for the copies: `separate` (R18.4: 「チルノ〈氷の小さな
    /// 妖精〉」 and 「チルノ」 are different cards) or `base` (both count as 「チルノ」).
    #[schemars(with = "String", extend("enum" = ["separate", "base"]))]
    pub bracket_names: Spanned<String>,
}

/// `[duel]`: starting and losing (R3.3, R3.6, R18.2, RE1).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelSection {
    /// Cards in the opening hand and in a mulligan's new hand (R3.3); at most the deck size.
    #[schemars(with = "i64", range(min = 0, max = 255))]
    pub opening_hand: Spanned<i64>,
    /// Whether the first player skips the draw of its first turn (R3.6).
    #[schemars(with = "bool")]
    pub skip_first_draw: Spanned<bool>,
    /// Smash-zone cards that lose (RE1).
    #[schemars(with = "i64", range(min = 1, max = 255))]
    pub smash_loss: Spanned<i64>,
    /// `none`, or `second-player-once` (R18.2).
    #[schemars(with = "String", extend("enum" = ["none", "second-player-once"]))]
    pub mulligan: Spanned<String>,
}

/// `[match]`: sideboards and the match format (R2.3, R2.4, A26).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSection {
    /// `single` (one duel) or `best-of-three` (R2.4).
    #[schemars(with = "String", extend("enum" = ["single", "best-of-three"]))]
    pub format: Spanned<String>,
    /// Exact sideboard size (R2.3); 0 for none. A best-of-three match needs one, a single
    /// duel has none (A26).
    #[schemars(with = "i64", range(min = 0, max = 255))]
    pub sideboard: Spanned<i64>,
}

/// `[modules]`: optional parts of the game.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModulesSection {
    /// The remove zone (R18.5, 000 3.2); the engine always has one, so it must be `true`.
    #[schemars(with = "bool")]
    pub remove_zone: Spanned<bool>,
    /// A dimension deck and die (次元戦, R19.1–R19.15).
    #[schemars(with = "bool")]
    pub dimension_deck: Spanned<bool>,
    /// The 次元探索戦 layout of dimensions in a cross with a token (R19.16–R19.20); needs
    /// `dimension_deck`.
    #[schemars(with = "bool")]
    pub exploration_layout: Spanned<bool>,
}

/// The JSON Schema (draft-07) of rule-set files.
pub fn rules_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<RuleSetFile>()).unwrap_or_default()
}

/// The names of the bundled rule sets.
pub fn bundled_names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}

/// The bundled rule set `name` (`official`, `touhou`, `touhou-instant`).
pub fn bundled(name: &str) -> Option<RuleSet> {
    let (n, text) = BUNDLED.iter().find(|(n, _)| *n == name)?;
    parse_rule_set(&bundled_path(n), text).ok()
}

/// The bundled file `name` as errors and documentation show it.
pub fn bundled_path(name: &str) -> PathBuf {
    PathBuf::from(format!("cardpool/rules/{name}.toml"))
}

/// The text of the bundled rule-set file `name`.
pub fn bundled_text(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Whether a `rules` value is a file path rather than a bundled name.
fn is_path(spec: &str) -> bool {
    spec.ends_with(".toml") || spec.contains(['/', '\\'])
}

/// What names the bundled rule sets, for help texts.
fn expected() -> String {
    let names: Vec<&str> = bundled_names().collect();
    format!(
        "use {}, or the path of a rule-set file (NAME.toml, see docs/rules.md)",
        names.join(", ")
    )
}

/// Parses and checks the rule-set file `file` with text `text`; every problem is reported.
pub fn parse_rule_set(file: &Path, text: &str) -> Result<RuleSet, Vec<Problem>> {
    let text = files::strip_bom(text);
    let ft = FileText::new(file, text);
    let parsed: RuleSetFile = toml::from_str(text)
        .map_err(|e| vec![ft.problem(e.span().unwrap_or(0..0), e.message().to_owned())])?;
    let mut cx = Check {
        ft: &ft,
        problems: Vec::new(),
    };
    let rules = cx.rule_set(&parsed);
    match rules {
        Some(r) if cx.problems.is_empty() => Ok(r),
        _ => Err(cx.problems),
    }
}

/// Reads and checks the rule-set file at `path`.
pub fn read_rule_set(path: &Path) -> Result<RuleSet, Vec<Problem>> {
    let text = files::read_text(path, MAX_FILE_BYTES).map_err(|e| vec![e.problem(path)])?;
    parse_rule_set(path, &text)
}

/// `--rules NAME|FILE`: a bundled rule set or a rule-set file (relative to the working
/// folder); the error names the file, line and column of each problem.
pub fn rules_arg(spec: &str) -> Result<RuleSet, String> {
    if let Some(r) = bundled(spec) {
        return Ok(r);
    }
    if !is_path(spec) {
        return Err(format!("unknown rule set `{spec}`: {}", expected()));
    }
    read_rule_set(Path::new(spec)).map_err(|ps| {
        ps.iter()
            .map(Problem::render)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The rule set a `rules` field of `ft` names (`set.toml`, a scenario): a bundled name, or a
/// rule-set file that `open` finds (relative to the set folder or the scenario file). Problems
/// are located at the field, or in the named file.
pub fn rules_field(
    ft: &FileText<'_>,
    field: &Spanned<String>,
    open: impl FnOnce(&str) -> Result<(PathBuf, String), String>,
    problems: &mut Vec<Problem>,
) -> Option<RuleSet> {
    let spec = field.get_ref();
    if let Some(r) = bundled(spec) {
        return Some(r);
    }
    if !is_path(spec) {
        problems.push(
            ft.problem(field.span(), format!("unknown rule set `{spec}`"))
                .help(expected()),
        );
        return None;
    }
    match open(spec) {
        Ok((path, text)) => match parse_rule_set(&path, &text) {
            Ok(r) => Some(r),
            Err(ps) => {
                problems.extend(ps);
                None
            }
        },
        Err(why) => {
            problems.push(ft.problem(
                field.span(),
                format!("cannot read rule-set file `{spec}`: {why}"),
            ));
            None
        }
    }
}

/// Checks a parsed file's values, collecting problems at their places.
struct Check<'a> {
    ft: &'a FileText<'a>,
    problems: Vec<Problem>,
}

impl Check<'_> {
    fn err(&mut self, span: Range<usize>, message: String) {
        self.problems.push(self.ft.problem(span, message));
    }

    /// `v` if it is within `lo..=hi`, else a problem naming `key`.
    fn int(&mut self, v: &Spanned<i64>, lo: i64, hi: i64, key: &str, why: &str) -> Option<i64> {
        let n = *v.get_ref();
        if (lo..=hi).contains(&n) {
            Some(n)
        } else {
            self.err(
                v.span(),
                format!("`{key}` is {n}; it must be from {lo} to {hi} ({why})"),
            );
            None
        }
    }

    /// The value of one of `choices` that `v` names, else a problem naming `key`.
    fn choice<T: Copy>(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        choices: &[(&str, T)],
    ) -> Option<T> {
        let found = choices
            .iter()
            .find(|(n, _)| n == v.get_ref())
            .map(|(_, t)| *t);
        if found.is_none() {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("`{n}`")).collect();
            self.err(
                v.span(),
                format!(
                    "`{key}` is `{}`; expected {}",
                    v.get_ref(),
                    names.join(" or ")
                ),
            );
        }
        found
    }

    /// A module switch the engine does not support the other way round.
    fn module(&mut self, v: &Spanned<bool>, supported: bool, key: &str, why: &str) {
        if *v.get_ref() != supported {
            self.err(
                v.span(),
                format!(
                    "`modules.{key} = {}` is not implemented yet: {why}",
                    v.get_ref()
                ),
            );
        }
    }

    fn rule_set(&mut self, f: &RuleSetFile) -> Option<RuleSet> {
        let name = match bad_text(f.name.get_ref(), NAME_CHARS, false) {
            _ if f.name.get_ref().trim().is_empty() => Err("`name` is empty".to_owned()),
            Some(why) => Err(format!("`name` {why}")),
            None => RuleName::new(f.name.get_ref()).ok_or_else(|| {
                format!(
                    "`name` is {} bytes long; at most {} fit",
                    f.name.get_ref().len(),
                    RuleName::MAX_LEN
                )
            }),
        };
        let name = name.map_err(|m| self.err(f.name.span(), m)).ok();
        let d = &f.deck;
        let deck_size = self.int(
            &d.size,
            1,
            MAX_DECK_SIZE,
            "deck.size",
            "R2.1: cards in a deck",
        );
        let max_copies = self.int(&d.copies, 1, 255, "deck.copies", "R2.2: copies of one name");
        let bracket_names = self.choice(
            &d.bracket_names,
            "deck.bracket_names",
            &[
                ("separate", BracketNames::Separate),
                ("base", BracketNames::Base),
            ],
        );
        let u = &f.duel;
        let opening_hand = self.int(
            &u.opening_hand,
            0,
            255,
            "duel.opening_hand",
            "R3.3: cards drawn at the start",
        );
        if let (Some(hand), Some(size)) = (opening_hand, deck_size)
            && hand > size
        {
            self.err(
                u.opening_hand.span(),
                format!("`duel.opening_hand` is {hand}, more than the {size} cards of a deck"),
            );
        }
        let smash_loss = self.int(
            &u.smash_loss,
            1,
            255,
            "duel.smash_loss",
            "RE1: smash-zone cards that lose",
        );
        let mulligan = self.choice(
            &u.mulligan,
            "duel.mulligan",
            &[
                ("none", MulliganRule::None),
                ("second-player-once", MulliganRule::SecondPlayerOnce),
            ],
        );
        let m = &f.matches;
        let match_format = self.choice(
            &m.format,
            "match.format",
            &[
                ("single", MatchFormat::Single),
                ("best-of-three", MatchFormat::BestOfThree),
            ],
        );
        let sideboard = self.int(
            &m.sideboard,
            0,
            255,
            "match.sideboard",
            "R2.3: cards in a sideboard",
        );
        match (match_format, sideboard) {
            (Some(MatchFormat::BestOfThree), Some(0)) => self.err(
                m.sideboard.span(),
                "a best-of-three match needs a sideboard (A26: without sideboards a single duel is \
                 played)"
                    .to_owned(),
            ),
            (Some(MatchFormat::Single), Some(n)) if n > 0 => self.err(
                m.sideboard.span(),
                format!(
                    "a {n}-card sideboard needs `match.format = \"best-of-three\"` (R2.3, R2.5: \
                     sideboards are swapped between the duels of a match)"
                ),
            ),
            _ => {}
        }
        let md = &f.modules;
        self.module(
            &md.remove_zone,
            true,
            "remove_zone",
            "the engine always keeps a remove zone (R18.5)",
        );
        if *md.exploration_layout.get_ref() && !*md.dimension_deck.get_ref() {
            self.err(
                md.exploration_layout.span(),
                "`modules.exploration_layout = true` needs `modules.dimension_deck = true`: \
                 次元探索戦 is a kind of 次元戦 (R19.1)"
                    .to_owned(),
            );
        }
        Some(RuleSet {
            name: name?,
            deck_size: u16::try_from(deck_size?).ok()?,
            max_copies: u8::try_from(max_copies?).ok()?,
            bracket_names: bracket_names?,
            smash_loss: u8::try_from(smash_loss?).ok()?,
            opening_hand: u8::try_from(opening_hand?).ok()?,
            skip_first_draw: *u.skip_first_draw.get_ref(),
            mulligan: mulligan?,
            sideboard: u8::try_from(sideboard?).ok()?,
            match_format: match_format?,
            modules: Modules {
                remove_zone: *md.remove_zone.get_ref(),
                dimension_deck: *md.dimension_deck.get_ref(),
                exploration_layout: *md.exploration_layout.get_ref(),
            },
        })
    }
}
