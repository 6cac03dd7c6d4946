//! Names used in scenario files: squares, players, places, phases and card references.

use dzero_core::{BattleStep, CardId, Game, Loc, Phase, Player, Pos, Square, Zone, play_name};
use std::ops::Range;

/// A square by name, from player One's fixed viewpoint: columns `a`–`c` (One's left to right),
/// rows `1`–`3` (One's own area to One's enemy area); `P1-base1`…`P2-base3` for base squares.
pub fn parse_square(name: &str) -> Option<Square> {
    Square::parse(name)
}

/// `P1` or `P2`.
pub fn parse_player(s: &str) -> Option<Player> {
    match s {
        "P1" => Some(Player::One),
        "P2" => Some(Player::Two),
        _ => None,
    }
}

/// A phase name as written in scenario files.
pub(crate) fn parse_phase(s: &str) -> Option<Phase> {
    Some(match s {
        "mulligan" => Phase::Mulligan,
        "release" => Phase::Release,
        "draw" => Phase::Draw,
        "energy" => Phase::Energy,
        "main" => Phase::Main,
        "smash" => Phase::Smash,
        "recovery" => Phase::Recovery,
        _ => return None,
    })
}

/// The scenario-file name of a phase.
pub(crate) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Mulligan => "mulligan",
        Phase::Release => "release",
        Phase::Draw => "draw",
        Phase::Energy => "energy",
        Phase::Main => "main",
        Phase::Smash => "smash",
        Phase::Recovery => "recovery",
    }
}

/// A battle step name.
pub(crate) fn parse_step(s: &str) -> Option<BattleStep> {
    match s {
        "first" => Some(BattleStep::First),
        "second" => Some(BattleStep::Second),
        "end" => Some(BattleStep::End),
        _ => None,
    }
}

/// The scenario-file name of a battle step.
pub(crate) fn step_name(s: BattleStep) -> &'static str {
    match s {
        BattleStep::First => "first",
        BattleStep::Second => "second",
        BattleStep::End => "end",
    }
}

/// The position words of the 次元探索戦 cross, relative to where the token started (R19.16).
pub(crate) const POS_WORDS: &str = "centre, up, right, down, left, or `(ROW, COL)` such as `(-2, +0)` (rows downward, columns rightward)";

/// A position of the 次元探索戦 cross: a word for the opening cross, or `(ROW, COL)`.
pub(crate) fn parse_pos(s: &str) -> Option<Pos> {
    let at = |row, col| Some(Pos { row, col });
    match s.trim() {
        "centre" | "center" => at(0, 0),
        "up" => at(-1, 0),
        "right" => at(0, 1),
        "down" => at(1, 0),
        "left" => at(0, -1),
        t => {
            let inner = t.strip_prefix('(')?.strip_suffix(')')?;
            let (r, c) = inner.split_once(',')?;
            let n = |x: &str| x.trim().trim_start_matches('+').parse::<i8>().ok();
            at(n(r)?, n(c)?)
        }
    }
}

/// A position as [`parse_pos`] reads it: a word for the opening cross, else `(ROW, COL)`.
pub(crate) fn pos_name(p: Pos) -> String {
    match (p.row, p.col) {
        (0, 0) => "centre".to_owned(),
        (-1, 0) => "up".to_owned(),
        (0, 1) => "right".to_owned(),
        (1, 0) => "down".to_owned(),
        (0, -1) => "left".to_owned(),
        (r, c) => format!("({r:+}, {c:+})"),
    }
}

/// Where a card is, as written after `@` in a reference or as an `at` expectation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// A square.
    Square(Square),
    /// Any square.
    Field,
    /// The plan zone (the face-up top card of the deck).
    Plan,
    /// A zone other than the field.
    Zone(Zone),
}

/// The zone words a place may name.
pub(crate) const PLACE_WORDS: &str = "a square (a1…c3, P1-base1…P2-base3), field, hand, deck, plan, graveyard, energy, smash, remove, stack, command or bound";

pub(crate) fn parse_place(s: &str) -> Option<Place> {
    if let Some(sq) = parse_square(s) {
        return Some(Place::Square(sq));
    }
    Some(match s {
        "field" => Place::Field,
        "plan" => Place::Plan,
        "hand" => Place::Zone(Zone::Hand),
        "deck" => Place::Zone(Zone::Deck),
        "graveyard" => Place::Zone(Zone::Graveyard),
        "energy" => Place::Zone(Zone::Energy),
        "smash" => Place::Zone(Zone::Smash),
        "remove" => Place::Zone(Zone::Remove),
        "stack" => Place::Zone(Zone::Stack),
        // The command zone of 次元戦 and 次元探索戦 (R19.8): the dimension deck and the face-up
        // dimensions, active or not.
        "command" => Place::Zone(Zone::Command),
        // A strategy bound to a unit (結合, A75).
        "bound" => Place::Zone(Zone::Bound),
        _ => return None,
    })
}

/// Whether `card` is at `place` now.
pub(crate) fn is_at(game: &Game, card: CardId, place: Place) -> bool {
    let Some(cs) = game.card_state(card) else {
        return false;
    };
    match place {
        Place::Square(s) => cs.loc == Loc::Square(s),
        Place::Field => matches!(cs.loc, Loc::Square(_)),
        Place::Plan => game.plan_card(cs.owner) == Some(card),
        Place::Zone(z) => cs.loc.zone() == z,
    }
}

/// The place name of a card's location (`plan` for the plan card).
pub(crate) fn place_name(game: &Game, card: CardId) -> String {
    let Some(cs) = game.card_state(card) else {
        return "nowhere".to_owned();
    };
    if game.plan_card(cs.owner) == Some(card) {
        return "plan".to_owned();
    }
    match cs.loc {
        Loc::Square(s) => s.to_string(),
        Loc::Deck => "deck".to_owned(),
        Loc::Hand => "hand".to_owned(),
        Loc::Graveyard => "graveyard".to_owned(),
        Loc::Energy => "energy".to_owned(),
        Loc::Smash => "smash".to_owned(),
        Loc::Remove => "remove".to_owned(),
        Loc::Stack => "stack".to_owned(),
        Loc::Command => "command".to_owned(),
        Loc::Bound(_) => "bound".to_owned(),
    }
}

/// Words that cannot be labels (they mean something else where references are written).
const RESERVED: [&str; 8] = [
    "none",
    "both",
    "damage",
    "create-plan",
    "update-plan",
    "P1",
    "P2",
    "any",
];

/// Why `label` is not a valid label, if it is not.
pub(crate) fn bad_label(label: &str) -> Option<&'static str> {
    if label.is_empty() {
        return Some("a label cannot be empty");
    }
    if !label
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Some("a label is ASCII letters, digits, `_` and `-` only");
    }
    if RESERVED.contains(&label) || parse_square(label).is_some() {
        return Some("this word means something else in scenario files");
    }
    None
}

/// A reference to one card, as written: a label, or `[P1 |P2 ]NAME[@PLACE]`.
#[derive(Clone, Debug)]
pub(crate) struct CardRef {
    /// The text as written.
    pub text: String,
    /// Its location in the scenario file.
    pub span: Range<usize>,
    /// What it names.
    pub kind: RefKind,
}

#[derive(Clone, Debug)]
pub(crate) enum RefKind {
    /// A label given in the setup.
    Label(String),
    /// A printed name (full, or without its 〈…〉 part), optionally with owner and place.
    Name {
        owner: Option<Player>,
        name: String,
        place: Option<Place>,
    },
}

/// Parses a card reference; `labels` are the labels the setup declares.
pub(crate) fn parse_ref(
    text: &str,
    span: Range<usize>,
    labels: &[String],
) -> Result<CardRef, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty card reference".to_owned());
    }
    if labels.iter().any(|l| l == t) {
        return Ok(CardRef {
            text: text.to_owned(),
            span,
            kind: RefKind::Label(t.to_owned()),
        });
    }
    let (owner, rest) = match t.split_once(char::is_whitespace) {
        Some((p, rest)) if parse_player(p).is_some() => (parse_player(p), rest.trim_start()),
        _ => (None, t),
    };
    let (name, place) = match rest.rsplit_once('@') {
        Some((name, place)) => {
            let Some(pl) = parse_place(place.trim()) else {
                return Err(format!(
                    "`@{place}` is not a place: write {PLACE_WORDS} after `@`"
                ));
            };
            (name.trim_end(), Some(pl))
        }
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("the card name is missing".to_owned());
    }
    Ok(CardRef {
        text: text.to_owned(),
        span,
        kind: RefKind::Name {
            owner,
            name: name.to_owned(),
            place,
        },
    })
}

/// Whether the printed name `full` is called `name` (full name or play name, R18.4).
pub(crate) fn name_matches(full: &str, name: &str) -> bool {
    full == name || play_name(full) == name
}

/// Levenshtein distance in characters (for "did you mean" hints).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest of `candidates` to `word`, if reasonably close.
pub(crate) fn closest<'a>(
    word: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    let len = word.chars().count();
    let limit = (len / 2).max(2);
    candidates
        // The distance is at least the difference in length: skip the hopeless ones unmeasured.
        .filter(|c| len.abs_diff(c.chars().count()) <= limit)
        .map(|c| (distance(word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_follow_player_ones_view() {
        assert_eq!(parse_square("a1"), Some(Square::battle(0, 0)));
        assert_eq!(parse_square("c3"), Some(Square::battle(2, 2)));
        assert_eq!(parse_square("P2-base3"), Some(Square::base(Player::Two, 2)));
        for bad in ["d1", "a4", "a", "P1-base4", "P3-base1", "b22"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
        for s in Square::battle_squares().chain(Square::base_squares(Player::Two)) {
            assert_eq!(parse_square(&s.to_string()), Some(s));
        }
    }

    #[test]
    fn references_parse_owner_name_and_place() {
        let labels = vec!["malt".to_owned()];
        let r = parse_ref("P2 シングルモルト@b2", 0..1, &labels).unwrap();
        match r.kind {
            RefKind::Name { owner, name, place } => {
                assert_eq!(owner, Some(Player::Two));
                assert_eq!(name, "シングルモルト");
                assert_eq!(place, Some(Place::Square(Square::battle(1, 1))));
            }
            RefKind::Label(_) => panic!("not a label"),
        }
        assert!(matches!(
            parse_ref("malt", 0..1, &labels).unwrap().kind,
            RefKind::Label(_)
        ));
        // Names may contain spaces (魂魄 妖夢) and still take an owner.
        match parse_ref("P1 魂魄 妖夢@hand", 0..1, &labels).unwrap().kind {
            RefKind::Name { name, place, .. } => {
                assert_eq!(name, "魂魄 妖夢");
                assert_eq!(place, Some(Place::Zone(Zone::Hand)));
            }
            RefKind::Label(_) => panic!("not a label"),
        }
        assert!(parse_ref("x@nowhere", 0..1, &labels).is_err());
        assert!(parse_ref("P1 @b2", 0..1, &labels).is_err());
    }

    #[test]
    fn cross_positions_read_back_as_written() {
        assert_eq!(parse_pos("up"), Some(Pos { row: -1, col: 0 }));
        assert_eq!(parse_pos("(-2, +0)"), Some(Pos { row: -2, col: 0 }));
        assert_eq!(parse_pos("(1,1)"), Some(Pos { row: 1, col: 1 }));
        for bad in ["north", "(1)", "1,1", "(a, 1)"] {
            assert_eq!(parse_pos(bad), None, "{bad}");
        }
        for p in [
            Pos::CENTRE,
            Pos { row: 0, col: -1 },
            Pos { row: 2, col: -1 },
        ] {
            assert_eq!(parse_pos(&pos_name(p)), Some(p));
        }
    }

    #[test]
    fn labels_are_plain_words() {
        assert_eq!(bad_label("malt_2"), None);
        assert!(bad_label("b2").is_some());
        assert!(bad_label("none").is_some());
        assert!(bad_label("シングル").is_some());
        assert!(bad_label("a b").is_some());
    }

    #[test]
    fn closest_names() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(
            closest("シングルモルド", ["シングルモルト", "チルノ"].into_iter()),
            Some("シングルモルト")
        );
        assert_eq!(closest("xyz", ["シングルモルト"].into_iter()), None);
    }
}
