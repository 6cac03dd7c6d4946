//! What one seat's page is shown of a best-of-three match (R2.4–R2.6, A26): the score, the
//! duels so far, what the seat is asked between duels, and its own deck and sideboard — never
//! the other seat's lists or swaps.

use dzero_core::{CardDb, DefId, GameResult, Player};
use serde::{Deserialize, Serialize};

/// One seat's view of its match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MatchView {
    /// The seat.
    pub seat: Player,
    /// The duel being played, or the next one between duels (1 to 3).
    pub duel: usize,
    /// The first player of each duel started.
    pub firsts: Vec<Player>,
    /// The winner of each finished duel (none: drawn).
    pub results: Vec<Option<Player>>,
    /// Duels won, by seat.
    pub wins: [usize; 2],
    /// What happens now, for this seat.
    pub stage: MatchStage,
    /// The seat's deck as it is now, one entry per name.
    pub deck: Vec<ListCard>,
    /// The seat's sideboard as it is now, one entry per name.
    pub sideboard: Vec<ListCard>,
    /// Why the seat's last swap was refused (R2.5); nothing changed.
    pub refused: Option<String>,
    /// When the match is over: its winner (none: drawn, A26).
    pub winner: Option<Player>,
}

/// What a seat is doing in its match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStage {
    /// A duel is being played.
    Playing,
    /// The seat may swap cards between deck and sideboard before the next duel (R2.5).
    Swap,
    /// The seat has swapped; the other seat has not yet.
    OpponentSwaps,
    /// The seat lost the last duel and chooses who plays first (R2.6).
    ChooseFirst,
    /// The other seat lost the last duel and chooses who plays first.
    OpponentChooses,
    /// The match is over.
    Over,
}

/// Copies of one card in a list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ListCard {
    /// The definition (what a swap names).
    pub def: DefId,
    /// The printed name.
    pub name: String,
    /// The cost, as printed.
    pub cost: String,
    /// Printed power.
    pub power: i32,
    /// How many copies.
    pub count: usize,
}

/// A list's cards, one entry per definition, in the order they first appear.
pub fn list_cards(db: &CardDb, cards: &[DefId]) -> Vec<ListCard> {
    let mut out: Vec<ListCard> = Vec::new();
    for &d in cards {
        if let Some(e) = out.iter_mut().find(|e| e.def == d) {
            e.count += 1;
            continue;
        }
        let (name, cost, power) = db.get(d).map_or_else(
            || (format!("{d:?}"), String::new(), 0),
            |c| (c.name.clone(), c.cost.to_string(), c.power),
        );
        out.push(ListCard {
            def: d,
            name,
            cost,
            power,
            count: 1,
        });
    }
    out
}

/// Duels won by each seat.
pub fn wins(duels: &[GameResult]) -> [usize; 2] {
    Player::BOTH.map(|p| duels.iter().filter(|r| **r == GameResult::Win(p)).count())
}
