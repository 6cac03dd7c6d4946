//! Names used by scripts for core values (zones, keywords, colours, timings, phases, costs) and
//! their parsing. Every name also has its Japanese card-text form where the cards print one.

use crate::docs::Alias;
use dzero_core::{
    Area, CardKind, Colour, Cost, Keywords, Line, Phase, Side, Square, Timing, XEnergy, Zone,
    ZoneSet,
};

/// Zone names accepted in `zones = {...}`, `c.zone` and `p:zone(name)`.
pub(crate) const ZONES: [(&str, Zone); 10] = [
    ("deck", Zone::Deck),
    ("hand", Zone::Hand),
    ("graveyard", Zone::Graveyard),
    ("energy", Zone::Energy),
    ("smash", Zone::Smash),
    ("remove", Zone::Remove),
    ("field", Zone::Field),
    ("stack", Zone::Stack),
    ("plan", Zone::Plan),
    ("command", Zone::Command),
];

/// The script name of a zone.
pub(crate) fn zone_name(z: Zone) -> &'static str {
    ZONES
        .iter()
        .find(|(_, zz)| *zz == z)
        .map_or("field", |(n, _)| n)
}

/// Parses a zone name.
pub(crate) fn zone(name: &str) -> Option<Zone> {
    match name {
        "山札" => return Some(Zone::Deck),
        "手札" => return Some(Zone::Hand),
        "墓地" => return Some(Zone::Graveyard),
        "エネルギーゾーン" => return Some(Zone::Energy),
        "スマッシュゾーン" => return Some(Zone::Smash),
        "リムーブゾーン" => return Some(Zone::Remove),
        "square" | "squares" | "play" => return Some(Zone::Field),
        _ => {}
    }
    ZONES.iter().find(|(n, _)| *n == name).map(|(_, z)| *z)
}

/// Builds a zone set from names.
pub(crate) fn zone_set<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<ZoneSet, String> {
    let mut set = ZoneSet::NONE;
    for n in names {
        if n == "any" || n == "all" {
            return Ok(ZoneSet::ALL);
        }
        let z = zone(n).ok_or_else(|| {
            format!(
                "unknown zone '{n}' (expected one of: {})",
                ZONES.map(|(n, _)| n).join(", ")
            )
        })?;
        set = set.with(z);
    }
    Ok(set)
}

/// Keyword names: `accel` (加速), `haste` (速攻), `hexproof`, `shroud`.
pub(crate) const KEYWORDS: [(&str, Keywords); 4] = [
    ("accel", Keywords::ACCEL),
    ("haste", Keywords::HASTE),
    ("hexproof", Keywords::HEXPROOF),
    ("shroud", Keywords::SHROUD),
];

/// Parses a keyword name.
pub(crate) fn keyword(name: &str) -> Option<Keywords> {
    match name {
        "加速" => return Some(Keywords::ACCEL),
        "速攻" => return Some(Keywords::HASTE),
        _ => {}
    }
    KEYWORDS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// The names of the keywords in `k`.
pub(crate) fn keyword_names(k: Keywords) -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .into_iter()
        .filter(move |(_, kw)| k.has(*kw))
        .map(|(n, _)| n)
}

/// The error text for an unknown keyword.
pub(crate) fn unknown_keyword(name: &str) -> String {
    format!(
        "unknown keyword '{name}' (expected one of: {})",
        KEYWORDS.map(|(n, _)| n).join(", ")
    )
}

/// Colour names in canonical order.
pub(crate) const COLOURS: [(&str, Colour); 5] = [
    ("red", Colour::Red),
    ("black", Colour::Black),
    ("blue", Colour::Blue),
    ("white", Colour::White),
    ("green", Colour::Green),
];

/// Parses a colour name (English or the card symbol 赤 黒 青 白 緑).
pub(crate) fn colour(name: &str) -> Option<Colour> {
    COLOURS
        .iter()
        .find(|(n, c)| *n == name || c.symbol() == name)
        .map(|(_, c)| *c)
}

/// The script name of a colour.
pub(crate) fn colour_name(c: Colour) -> &'static str {
    COLOURS[c.index()].0
}

/// Parses a timing name.
pub(crate) fn timing(name: &str) -> Option<Timing> {
    match name {
        "normal" | "ノーマル" => Some(Timing::Normal),
        "quick" | "クイック" => Some(Timing::Quick),
        "battle" | "バトル" => Some(Timing::Battle),
        _ => None,
    }
}

/// The Lua name of a timing.
pub(crate) fn timing_name(t: Timing) -> &'static str {
    match t {
        Timing::Normal => "normal",
        Timing::Quick => "quick",
        Timing::Battle => "battle",
    }
}

/// Parses a target side.
pub(crate) fn side(name: &str) -> Option<Side> {
    match name {
        "any" => Some(Side::Any),
        "own" | "mine" => Some(Side::Own),
        "opponent" | "enemy" => Some(Side::Opponent),
        _ => None,
    }
}

/// Phase names in turn order.
pub(crate) const PHASES: [(&str, Phase); 7] = [
    ("mulligan", Phase::Mulligan),
    ("release", Phase::Release),
    ("draw", Phase::Draw),
    ("energy", Phase::Energy),
    ("main", Phase::Main),
    ("smash", Phase::Smash),
    ("recovery", Phase::Recovery),
];

/// The script name of a phase.
pub(crate) fn phase_name(p: Phase) -> &'static str {
    PHASES
        .iter()
        .find(|(_, pp)| *pp == p)
        .map_or("main", |(n, _)| n)
}

/// Parses a phase name.
pub(crate) fn phase(name: &str) -> Option<Phase> {
    PHASES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}

/// The script name of a card kind.
pub(crate) fn kind_name(k: CardKind) -> &'static str {
    match k {
        CardKind::Unit => "unit",
        CardKind::Base => "base",
        CardKind::Strategy => "strategy",
        CardKind::Dimension => "dimension",
        CardKind::Phenomenon => "phenomenon",
        CardKind::ShuffleCard => "shuffle_card",
    }
}

/// The script name of a face of the dimension die.
pub(crate) fn face_name(f: dzero_core::DieFace) -> &'static str {
    match f {
        dzero_core::DieFace::P => "P",
        dzero_core::DieFace::C => "C",
        dzero_core::DieFace::Blank => "blank",
    }
}

/// The script name of an area.
pub(crate) fn area_name(a: Area) -> &'static str {
    match a {
        Area::Own => "own",
        Area::Centre => "centre",
        Area::Enemy => "enemy",
    }
}

/// The script name of a line.
pub(crate) fn line_name(l: Line) -> &'static str {
    match l {
        Line::Left => "left",
        Line::Centre => "centre",
        Line::Right => "right",
    }
}

/// Parses a square name as the test harness writes it: `a1`–`c3` (column a–c from player One's
/// left, row 1–3 from player One's side) or `P1-base1`…`P2-base3`.
pub(crate) fn square(name: &str) -> Option<Square> {
    Square::parse(name)
}

/// Parses a cost written like the cards print it: space-separated parts such as `赤1`, `無2`,
/// `無X`, `フリーズ`, `廃棄`, or the English forms `red1`, `colourless2`, `x`, `freeze`,
/// `discard`. `"0"` or `""` is free.
pub(crate) fn cost(text: &str) -> Result<Cost, String> {
    let mut c = Cost::FREE;
    for part in text.split_whitespace() {
        match part {
            "0" => continue,
            "フリーズ" | "freeze" => {
                c = c.and_freeze_self();
                continue;
            }
            "廃棄" | "discard" => {
                c = c.and_discard_self();
                continue;
            }
            "X" | "x" | "無X" | "colourlessX" | "colorlessX" => {
                c = c.and_x(XEnergy::Colourless);
                continue;
            }
            _ => {}
        }
        let split = part
            .char_indices()
            .find(|(_, ch)| ch.is_ascii_digit() || *ch == 'X')
            .map(|(i, _)| i)
            .ok_or_else(|| format!("cannot read cost part '{part}' (e.g. 赤1, 無2, フリーズ)"))?;
        let (name, amount) = part.split_at(split);
        let name = name.trim_end_matches(':');
        if amount == "X" {
            let col = colour(name)
                .ok_or_else(|| format!("unknown colour '{name}' in cost part '{part}'"))?;
            c = c.and_x(XEnergy::Colour(col));
            continue;
        }
        let n: u8 = amount
            .parse()
            .map_err(|_| format!("cannot read the amount in cost part '{part}'"))?;
        match name {
            "無" | "colourless" | "colorless" => c = c.and_colourless(n),
            _ => {
                let col = colour(name)
                    .ok_or_else(|| format!("unknown colour '{name}' in cost part '{part}'"))?;
                c = c.and(col, n);
            }
        }
    }
    Ok(c)
}

/// The script name of a battle step.
pub(crate) fn step_name(s: dzero_core::BattleStep) -> &'static str {
    match s {
        dzero_core::BattleStep::First => "first",
        dzero_core::BattleStep::Second => "second",
        dzero_core::BattleStep::End => "end",
    }
}

/// Documents the named type `Keyword`.
pub(crate) const KEYWORD_ALIAS: Alias = (
    "Keyword",
    r#""accel"|"haste"|"hexproof"|"shroud""#,
    "A keyword (加速, 速攻, cannot be targeted by the opponent's / any cards).",
);

/// Documents the named type `ZoneName`.
pub(crate) const ZONE_NAME_ALIAS: Alias = (
    "ZoneName",
    r#""deck"|"hand"|"graveyard"|"energy"|"smash"|"remove"|"field"|"stack"|"plan"|"command""#,
    "A zone; `field` means the squares; `plan` is the plan card (also in the deck); `command` is where the active dimension and a face-up phenomenon work (R19): a dimension's ◆ and ★ declare `zones = \"command\"`, and their conditions are shared, `self.controller` being each player (A42).",
);

/// Documents the named type `ColourName`.
pub(crate) const COLOUR_NAME_ALIAS: Alias = (
    "ColourName",
    r#""red"|"black"|"blue"|"white"|"green""#,
    "A colour (the card symbols 赤 黒 青 白 緑 are accepted too).",
);

/// Documents the named type `TimingName`.
pub(crate) const TIMING_NAME_ALIAS: Alias = (
    "TimingName",
    r#""normal"|"quick"|"battle""#,
    "An action timing (R6.1).",
);

/// Documents the named type `PhaseName`.
pub(crate) const PHASE_NAME_ALIAS: Alias = (
    "PhaseName",
    r#""mulligan"|"release"|"draw"|"energy"|"main"|"smash"|"recovery""#,
    "A phase of the turn.",
);

/// Documents the named type `CardKind`.
pub(crate) const CARD_KIND_ALIAS: Alias =
    ("CardKind", r#""unit"|"base"|"strategy""#, "A card type.");

/// Documents the named type `AreaName`.
pub(crate) const AREA_NAME_ALIAS: Alias = (
    "AreaName",
    r#""own"|"centre"|"enemy""#,
    "An area seen from a card's controller (its owner unless control changed).",
);

/// Documents the named type `LineName`.
pub(crate) const LINE_NAME_ALIAS: Alias = (
    "LineName",
    r#""left"|"centre"|"right""#,
    "A line seen from a player.",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_printed_costs() {
        let c = cost("白1 無2 フリーズ").unwrap();
        assert_eq!(
            c,
            Cost::FREE
                .and(Colour::White, 1)
                .and_colourless(2)
                .and_freeze_self()
        );
        let c = cost("red2 colourless1 discard").unwrap();
        assert_eq!(
            c,
            Cost::FREE
                .and(Colour::Red, 2)
                .and_colourless(1)
                .and_discard_self()
        );
        assert_eq!(cost("赤X").unwrap().x, Some(XEnergy::Colour(Colour::Red)));
        assert_eq!(cost("0").unwrap(), Cost::FREE);
        assert!(cost("紫1").is_err());
        assert!(cost("赤").is_err());
    }

    #[test]
    fn parses_square_names() {
        assert_eq!(square("a1"), Some(Square::battle(0, 0)));
        assert_eq!(square("c3"), Some(Square::battle(2, 2)));
        assert_eq!(
            square("P2-base3"),
            Some(Square::base(dzero_core::Player::Two, 2))
        );
        assert_eq!(square("d1"), None);
        assert_eq!(square("P1-base4"), None);
    }
}
