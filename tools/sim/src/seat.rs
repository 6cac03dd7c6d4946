//! What a player is given and how it answers: one seat's view of a duel, and the [`Chooser`]
//! that picks from it. Players decide from [`SeatView`] alone, so nothing they do can depend on
//! a card their seat may not see (R1.5, R1.6, A29).

use dzero_core::{Action, CardDb, Decision, Game, Observation, Player, RuleSet};

/// One seat's view of a duel: what it observes, the actions it may take (hidden cards named
/// by place), and copies of the duel with what it cannot see sampled anew.
#[derive(Clone, Copy)]
pub struct SeatView<'a> {
    game: &'a Game,
    db: &'a CardDb,
    seat: Player,
}

impl<'a> SeatView<'a> {
    /// `seat`'s view of `game`.
    pub fn new(game: &'a Game, db: &'a CardDb, seat: Player) -> SeatView<'a> {
        SeatView { game, db, seat }
    }

    /// The seat.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The card definitions.
    pub fn db(&self) -> &'a CardDb {
        self.db
    }

    /// The rule set.
    pub fn rules(&self) -> &'a RuleSet {
        self.game.rules()
    }

    /// Who must decide what (public).
    pub fn decision(&self) -> Decision {
        self.game.decision()
    }

    /// The duel as the seat sees it.
    pub fn observe(&self) -> Observation {
        self.game.observe(self.db, self.seat)
    }

    /// The seat's legal actions (none when another player decides), hidden cards named by
    /// place; each one succeeds.
    pub fn actions(&self, out: &mut Vec<Action>) {
        self.game.seat_actions(self.db, self.seat, out);
    }

    /// While the seat holds priority: one of its legal actions, each as likely as the others
    /// (`pick(n)` answers a random index below `n`), found without listing them all
    /// ([`Game::sample_act`]); `None` for any other decision.
    pub fn sample_act(&self, pick: impl FnMut(usize) -> usize) -> Option<Action> {
        if self.game.decision().player() != Some(self.seat) {
            return None;
        }
        self.game.sample_act(self.db, pick)
    }

    /// A copy of the duel the seat cannot tell from this one, its hidden cards and future
    /// shuffles sampled from `seed` ([`Game::determinize`]).
    pub fn determinize(&self, seed: u64) -> Game {
        self.game.determinize(self.db, self.seat, seed)
    }
}

/// A player: picks the action for the seat that must decide, from that seat's view alone.
pub trait Chooser {
    /// A legal action for `view`'s seat, or `None` when none is listed.
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action>;
}

/// One player per seat.
impl<C: Chooser> Chooser for [C; 2] {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        self[view.seat().index()].choose(view)
    }
}

/// A boxed player.
impl<C: Chooser + ?Sized> Chooser for Box<C> {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        (**self).choose(view)
    }
}
