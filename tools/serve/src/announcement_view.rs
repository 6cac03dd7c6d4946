//! The seat's announcement in progress as its page shows it (docs/design.md §7): what is used, the piece
//! chosen next and the pieces chosen so far, in words, with every card named as the seat may
//! name it.

use crate::place::Place;
use dzero_core::{Announcement, CardId, Target};
use dzero_text::Text;
use serde::{Deserialize, Serialize};

/// An announcement in progress, in words.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AnnouncementView {
    /// What is used (`play Foo by 加速`).
    pub what: String,
    /// The piece chosen next (`a square`).
    pub step: String,
    /// The pieces chosen so far, in order (`square b2`, `targets: Foo`).
    pub pieces: Vec<String>,
    /// The card used, if any.
    pub card: Option<CardId>,
    /// The cards chosen so far: targets, cost cards, paying cards.
    pub chosen: Vec<CardId>,
    /// Where those of them named by place lie.
    pub places: Vec<Place>,
    /// The squares chosen so far: the square, square targets.
    pub squares: Vec<u8>,
}

/// `ann` (named as its seat names it) in words.
pub fn announcement_view(text: &Text<'_>, ann: &Announcement) -> AnnouncementView {
    let pieces = text.announcement_pieces(ann);
    let chosen: Vec<CardId> = ann
        .targets
        .cards()
        .chain(ann.cost_cards.cards())
        .chain(ann.paid.cards())
        .collect();
    let square_targets = ann.targets.as_slice().iter().filter_map(|t| match t {
        Target::Square(s) => Some(*s),
        _ => None,
    });
    AnnouncementView {
        what: text.announce(ann.what),
        step: text.piece(ann.step).into(),
        pieces,
        card: ann.what.card(),
        places: chosen.iter().filter_map(|&c| Place::of(c)).collect(),
        chosen,
        squares: ann
            .square
            .into_iter()
            .chain(square_targets)
            .map(|s| s.index() as u8)
            .collect(),
    }
}
