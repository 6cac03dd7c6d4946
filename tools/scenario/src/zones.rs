//! The expectations about zones as a whole and about how a card lies: `empty = ["P1.graveyard",
//! "stack"]` (a zone holds nothing) and `face_up = { plan = true, hidden = false }`.
//!
//! The core keeps no face-up flag per card: how a card lies follows from where it is (R1.5).
//! Face up: cards in squares, on a stack, in a graveyard, energy zone or remove zone, and the plan
//! card (R9.1). Face down: the rest of the deck and the smash zone (R1.6). A card in hand counts
//! as face down: R1.5 gives the hand no facing, and it is hidden from the opponent (A29).

use crate::board::Namer;
use dzero_core::{CardId, Game, Loc, Player, Zone};

/// A zone `empty` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZoneName {
    /// One player's zone: `P1.hand`, `P2.graveyard`, `P1.field` (their cards in squares),
    /// `P1.plan` (no plan zone).
    Of(Player, Zone),
    /// The current stack (a battle's own stack during a battle).
    Stack,
    /// The pending stack below the current battle (R11.4).
    Pending,
}

/// The zone words after `P1.`, with the zone each names.
const ZONES: [(&str, Zone); 8] = [
    ("hand", Zone::Hand),
    ("deck", Zone::Deck),
    ("plan", Zone::Plan),
    ("energy", Zone::Energy),
    ("smash", Zone::Smash),
    ("graveyard", Zone::Graveyard),
    ("remove", Zone::Remove),
    ("field", Zone::Field),
];

/// How `empty` entries are written, for error messages.
pub(crate) const ZONE_WORDS: &str = "`stack`, `pending`, or a player and a zone: `P1.hand`, \
     `P2.deck`, `P1.plan`, `P1.energy`, `P1.smash`, `P1.graveyard`, `P1.remove`, `P1.field`";

/// Reads an `empty` entry (`P1.graveyard`, `p2.hand`, `stack`, `pending`).
pub(crate) fn parse_zone(s: &str) -> Option<ZoneName> {
    match s {
        "stack" => return Some(ZoneName::Stack),
        "pending" => return Some(ZoneName::Pending),
        _ => {}
    }
    let (p, z) = s.split_once('.')?;
    let p = match p {
        "P1" | "p1" => Player::One,
        "P2" | "p2" => Player::Two,
        _ => return None,
    };
    ZONES
        .iter()
        .find(|(w, _)| *w == z)
        .map(|&(_, zone)| ZoneName::Of(p, zone))
}

/// What is in `zone` now, named for a report: the empty list when it is empty.
pub(crate) fn contents(game: &Game, names: &Namer<'_>, zone: ZoneName) -> Vec<String> {
    match zone {
        ZoneName::Of(p, z) => game
            .zone(p, z)
            .into_iter()
            .map(|c| names.short(c))
            .collect(),
        ZoneName::Stack => game.stack().iter().map(|i| names.item(i)).collect(),
        ZoneName::Pending => {
            let frames = game.frames();
            match frames.len() {
                0 | 1 => Vec::new(),
                n => frames[n - 2].stack.iter().map(|i| names.item(i)).collect(),
            }
        }
    }
}

/// Whether `card` lies face up (see the module comment).
pub(crate) fn face_up(game: &Game, card: CardId) -> bool {
    let Some(cs) = game.card_state(card) else {
        return false;
    };
    match cs.loc {
        Loc::Square(_)
        | Loc::Stack
        | Loc::Graveyard
        | Loc::Energy
        | Loc::Remove
        | Loc::Bound(_) => true,
        Loc::Deck => game.plan_card(cs.owner) == Some(card),
        Loc::Hand | Loc::Smash => false,
        Loc::Command => game.planes().face_up(card),
    }
}

/// `face up` / `face down`, with where the card is: `face down (in the smash zone)`.
pub(crate) fn facing_text(game: &Game, card: CardId) -> String {
    let facing = if face_up(game, card) {
        "face up"
    } else {
        "face down"
    };
    let place = match game.card_state(card).map(|cs| cs.loc) {
        Some(Loc::Square(s)) => format!("in {s}"),
        Some(Loc::Deck) if face_up(game, card) => "the plan card".to_owned(),
        Some(Loc::Deck) => "in the deck".to_owned(),
        Some(Loc::Hand) => "in the hand, hidden from the opponent".to_owned(),
        Some(Loc::Graveyard) => "in the graveyard".to_owned(),
        Some(Loc::Energy) => "in the energy zone".to_owned(),
        Some(Loc::Smash) => "in the smash zone".to_owned(),
        Some(Loc::Remove) => "in the remove zone".to_owned(),
        Some(Loc::Command) => "in the command zone".to_owned(),
        Some(Loc::Stack) => "on the stack".to_owned(),
        Some(Loc::Bound(_)) => "bound to a unit".to_owned(),
        None => "nowhere".to_owned(),
    };
    format!("{facing} ({place})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_names_read_both_spellings_of_the_player() {
        assert_eq!(
            parse_zone("P1.graveyard"),
            Some(ZoneName::Of(Player::One, Zone::Graveyard))
        );
        assert_eq!(
            parse_zone("p2.field"),
            Some(ZoneName::Of(Player::Two, Zone::Field))
        );
        assert_eq!(parse_zone("stack"), Some(ZoneName::Stack));
        assert_eq!(parse_zone("pending"), Some(ZoneName::Pending));
        for bad in ["P3.hand", "P1.stack", "graveyard", "P1.", ".hand", "Stack"] {
            assert_eq!(parse_zone(bad), None, "{bad}");
        }
    }
}
