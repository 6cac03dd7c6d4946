//! The evaluation: how good a duel looks for one seat, in points of about one card in hand.
//!
//! A finished duel scores +∞ (the seat won), −∞ (it lost) or 0 (a draw). Otherwise the score is
//! the seat's side minus the other side, each side worth:
//!
//! - **smash zone** (the heaviest term; a player with the smash-loss count of cards there loses,
//!   RE1): `−SMASH_LINEAR·f − SMASH_SQUARE·f²` where `f` is the fraction of that count already
//!   in the zone, so each smash hurts more the closer it brings the loss;
//! - **units** in the battle space, each `UNIT + power/1000·POWER + smash·threat`, where the
//!   threat per point of smash grows with the square's distance from the owner's base line
//!   (own area 0.5: it cannot smash; centre area 1; enemy area 1.5: it smashes one card more,
//!   R12.2, R12.3), plus `RELEASED_UNIT` when released (it may smash or move);
//! - **bases** in base squares, `BASE` each;
//! - **hand** cards, `HAND` each; **energy** cards, `ENERGY` each up to `ENERGY_WANTED`,
//!   `ENERGY_EXTRA` past it, plus `RELEASED_ENERGY` for each released one;
//! - **deck**: `DECK_LOW` for each card fewer than `DECK_SAFE` (an empty deck loses, RE2);
//! - **the stack**, counted as if it resolved, so playing a card is not a card lost from hand:
//!   a unit or base being played is worth what it will be in its square (a unit played into
//!   the centre area, destroyed after its battle (RE7), the unit it beats there), a strategy
//!   `STRATEGY`, and a unit being moved its change of threat.
//!
//! [`win_chance`] squashes the score into 0–1 with a logistic curve for searches.
//!
//! Only the given state is read: a searching player evaluates a determinized copy, built from
//! what its seat sees.

use dzero_core::{
    Area, CardDb, CardId, CardKind, Game, GameResult, ItemKind, Loc, Player, Query, Square,
};

/// Points lost as the smash zone fills, linear part (at the loss count).
pub const SMASH_LINEAR: f64 = 30.0;
/// Points lost as the smash zone fills, quadratic part (at the loss count).
pub const SMASH_SQUARE: f64 = 30.0;
/// Points of a unit in the battle space, whatever its numbers.
pub const UNIT: f64 = 2.0;
/// Points per 1000 power of a unit.
pub const POWER: f64 = 0.5;
/// Points of a released unit over a frozen one.
pub const RELEASED_UNIT: f64 = 0.3;
/// Points of a base in a base square.
pub const BASE: f64 = 2.0;
/// Points of a card in hand.
pub const HAND: f64 = 1.0;
/// Points of each energy card up to [`ENERGY_WANTED`].
pub const ENERGY: f64 = 1.5;
/// Energy cards worth [`ENERGY`] each.
pub const ENERGY_WANTED: usize = 6;
/// Points of each energy card past [`ENERGY_WANTED`].
pub const ENERGY_EXTRA: f64 = 0.4;
/// Points of a released energy card over a frozen one.
pub const RELEASED_ENERGY: f64 = 0.1;
/// Points of a strategy being played (it resolves for at least the card it costs).
pub const STRATEGY: f64 = 1.5;
/// Deck size below which each missing card costs [`DECK_LOW`].
pub const DECK_SAFE: usize = 5;
/// Points lost per card the deck is below [`DECK_SAFE`].
pub const DECK_LOW: f64 = 3.0;
/// Score at which [`win_chance`] gives about 73% (the logistic curve's scale).
pub const SCALE: f64 = 10.0;

/// The threat per point of smash of a unit in `area` (seen from its controller).
fn threat(area: Area) -> f64 {
    match area {
        Area::Own => 0.5,
        Area::Centre => 1.0,
        Area::Enemy => 1.5,
    }
}

/// Counts gathered per player in one pass over the cards.
#[derive(Default)]
struct Side {
    board: f64,
    hand: usize,
    energy: usize,
    released_energy: usize,
    smash: usize,
    deck: usize,
}

impl Side {
    fn points(&self, smash_loss: u32) -> f64 {
        let f = self.smash as f64 / f64::from(smash_loss.max(1));
        let energy = self.energy.min(ENERGY_WANTED) as f64 * ENERGY
            + self.energy.saturating_sub(ENERGY_WANTED) as f64 * ENERGY_EXTRA
            + self.released_energy as f64 * RELEASED_ENERGY;
        self.board + self.hand as f64 * HAND + energy
            - SMASH_LINEAR * f
            - SMASH_SQUARE * f * f
            - DECK_SAFE.saturating_sub(self.deck) as f64 * DECK_LOW
    }
}

/// The score of `game` for `seat`: +∞ won, −∞ lost, 0 drawn, else the module's sum.
pub fn evaluate(game: &Game, db: &CardDb, seat: Player) -> f64 {
    match game.result() {
        Some(GameResult::Win(p)) if p == seat => return f64::INFINITY,
        Some(GameResult::Win(_)) => return f64::NEG_INFINITY,
        Some(GameResult::Draw) => return 0.0,
        None => {}
    }
    let view = game.view(db);
    let mut sides = [Side::default(), Side::default()];
    for i in 0..game.card_count() {
        let card = CardId(i as u16);
        let Some(cs) = game.card_state(card) else {
            continue;
        };
        let side = &mut sides[cs.owner.index()];
        match cs.loc {
            Loc::Hand => side.hand += 1,
            Loc::Deck => side.deck += 1,
            Loc::Smash => side.smash += 1,
            Loc::Energy => {
                side.energy += 1;
                side.released_energy += usize::from(!cs.frozen);
            }
            Loc::Square(square) => {
                let controller = view.controller(card);
                sides[controller.index()].board +=
                    on_board(&view, card, controller, square, cs.frozen);
            }
            // The command zone is no player's (R19.8).
            Loc::Graveyard | Loc::Remove | Loc::Stack | Loc::Command | Loc::Bound(_) => {}
        }
    }
    for item in game.frames().iter().flat_map(|f| &f.stack) {
        sides[item.controller.index()].board += match item.kind {
            ItemKind::Play {
                card,
                square: Some(square),
                ..
            } => being_played(&view, card, item.controller, square),
            ItemKind::Play { .. } => STRATEGY,
            ItemKind::Move { unit, to } => match view.square(unit.card) {
                Some(from) if view.def(unit.card).kind == CardKind::Unit => {
                    let p = item.controller;
                    let smash = f64::from(view.smash(unit.card).max(0));
                    let area = |s: Square| s.area(p).unwrap_or(Area::Own);
                    smash * (threat(area(to)) - threat(area(from)))
                }
                _ => 0.0,
            },
            _ => 0.0,
        };
    }
    let [one, two] = Player::BOTH.map(|p| sides[p.index()].points(view.smash_loss(p)));
    match seat {
        Player::One => one - two,
        Player::Two => two - one,
    }
}

/// The points of a card in a square for its controller.
fn on_board(
    view: &Query<'_>,
    card: CardId,
    controller: Player,
    square: Square,
    frozen: bool,
) -> f64 {
    match view.def(card).kind {
        CardKind::Base => BASE,
        CardKind::Strategy | CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {
            0.0
        }
        CardKind::Unit => {
            let ch = view.characteristics(card);
            let area = square.area(controller).unwrap_or(Area::Own);
            UNIT + f64::from(ch.power.max(0)) / 1000.0 * POWER
                + f64::from(ch.smash.max(0)) * threat(area)
                + if frozen { 0.0 } else { RELEASED_UNIT }
        }
    }
}

/// The points of a unit or base being played into `square` by `player`: a base or a unit
/// played into its own area as it will stand (a unit frozen, R8.3); a unit played into the
/// centre area is destroyed after its battle, if any (RE7), so it is worth the unit it fights
/// when it is at least as strong, else nothing.
fn being_played(view: &Query<'_>, card: CardId, player: Player, square: Square) -> f64 {
    if square.area(player) != Some(Area::Centre) || view.def(card).kind != CardKind::Unit {
        return on_board(view, card, player, square, true);
    }
    match view.unit_at(player.opponent(), square) {
        Some(enemy) if view.power(card) >= view.power(enemy) => {
            on_board(view, enemy, player.opponent(), square, view.frozen(enemy))
        }
        _ => 0.0,
    }
}

/// [`evaluate`] squashed into 0–1 (1 won, 0 lost, ½ even), for searches.
pub fn win_chance(game: &Game, db: &CardDb, seat: Player) -> f64 {
    1.0 / (1.0 + (-evaluate(game, db, seat) / SCALE).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smash_zone_weighs_more_as_it_fills() {
        let side = |smash| Side {
            smash,
            deck: 20,
            ..Side::default()
        };
        let step = |n| side(n).points(7) - side(n + 1).points(7);
        assert!(step(5) > step(1));
        assert!(step(0) > HAND + ENERGY + UNIT);
    }
}
