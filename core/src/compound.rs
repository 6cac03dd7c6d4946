//! Compound actions: a play, activation, move, plan or roll given with all its pieces at once
//! (scenario steps, tests, older replays) is played as its announcement and then one pick per
//! piece, in the order the steps ask for them (docs/design.md §7); and the compound actions the small
//! decisions lead to, listed for tests and reports.

use crate::card::CardDb;
use crate::model::action::{Action, ActionError, Decision};
use crate::model::announcement::{Announcement, CardList, Pick, Step, Use};
use crate::model::board::Square;
use crate::model::cost::Payment;
use crate::model::ids::Player;
use crate::model::refusal::Refusal;
use crate::model::target::Targets;
use crate::state::Game;

impl Game {
    /// Declares a compound play, activation, move, plan or roll action for `p`.
    pub(crate) fn declare_action(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        match action {
            Action::Play { .. } => self.play(db, p, action),
            Action::CreatePlan { payment } => self.create_plan(db, p, payment),
            Action::UpdatePlan { payment } => self.update_plan(db, p, payment),
            Action::Move { unit, to, payment } => self.declare_move(db, p, *unit, *to, payment),
            Action::Activate { .. } => self.activate(db, p, action),
            Action::Roll { payment } => self.roll(db, p, payment),
            _ => Err(ActionError::Illegal(Refusal::NotADeclaration)),
        }
    }

    /// Plays a compound action as its small decisions: the announcement, then each piece
    /// in the order the steps ask for them. The action was checked whole before.
    pub(crate) fn apply_compound(
        &mut self,
        db: &CardDb,
        action: Action,
    ) -> Result<(), ActionError> {
        let Some(what) = action.announced() else {
            return Err(ActionError::Illegal(Refusal::NotADeclaration));
        };
        self.apply(db, Action::Announce(what))?;
        let mut pieces = Pieces::of(&action);
        while let Decision::Pick(_, step) = self.decision() {
            let applied = match pieces.next(step) {
                Some(pick) => self.apply(db, Action::Pick(pick)),
                None => Err(ActionError::Illegal(Refusal::PieceMissing { step })),
            };
            if let Err(e) = applied {
                self.announcement = None;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Whether [`Game::legal_actions`] offers `action` now: for a compound action, whether its
    /// announcement and then each of its pieces are offered in turn, so that the small
    /// decisions lead to exactly it.
    pub fn offers(&self, db: &CardDb, action: &Action) -> bool {
        let mut listed = Vec::new();
        self.legal_actions(db, &mut listed);
        let Some(what) = action.announced() else {
            return listed.contains(action);
        };
        let first = Action::Announce(what);
        if !listed.contains(&first) {
            return false;
        }
        let mut g = self.clone();
        if g.apply(db, first).is_err() {
            return false;
        }
        let mut pieces = Pieces::of(action);
        while let Decision::Pick(_, step) = g.decision() {
            let Some(pick) = pieces.next(step) else {
                return false;
            };
            g.legal_actions(db, &mut listed);
            if !listed.contains(&Action::Pick(pick)) || g.apply(db, Action::Pick(pick)).is_err() {
                return false;
            }
        }
        pieces.all_used()
    }
}

impl Game {
    /// Every compound action the listed small decisions lead to now (paying automatically,
    /// never cancelling), each once, in listing order, at most `limit`: the flat view tests and
    /// reports compare with. Its size is the product of the choices; players and front ends
    /// use the small decisions instead.
    pub fn completions(&self, db: &CardDb, limit: usize) -> Vec<Action> {
        let mut out = Vec::new();
        let mut listed = Vec::new();
        self.legal_actions(db, &mut listed);
        for a in listed {
            if out.len() >= limit {
                break;
            }
            let Action::Announce(what) = a else {
                out.push(a);
                continue;
            };
            let mut g = self.clone();
            if g.apply(db, a).is_err() {
                continue;
            }
            match g.decision() {
                Decision::Pick(..) => g.complete_into(db, limit, &mut out),
                // Nothing to choose: declared at once.
                _ => out.extend(
                    self.decision()
                        .player()
                        .and_then(|p| Announcement::new(p, what).compound(Payment::Auto)),
                ),
            }
        }
        out
    }

    /// The completions of this game's announcement, appended to `out`.
    fn complete_into(&self, db: &CardDb, limit: usize, out: &mut Vec<Action>) {
        let Some(ann) = &self.announcement else {
            return;
        };
        let mut picks = Vec::new();
        self.legal_picks(db, &mut picks);
        for a in picks {
            let Action::Pick(pick) = a else { continue };
            if matches!(pick, Pick::Cancel | Pick::PayCard(_)) || out.len() >= limit {
                continue;
            }
            let mut next = self.clone();
            if next.apply(db, Action::Pick(pick)).is_err() {
                continue;
            }
            if next.announcement.is_some() {
                next.complete_into(db, limit, out);
                continue;
            }
            let mut done = ann.clone();
            match pick {
                Pick::Square(s) => done.square = Some(s),
                Pick::Target(t) => done.targets.push(t),
                Pick::X(x) => done.x = Some(x),
                Pick::CostCard(c) => done.cost_cards.push(c),
                Pick::Done | Pick::PayAuto | Pick::PayCard(_) | Pick::Cancel => {}
            }
            if let Some(c) = done.compound(Payment::Auto)
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
    }
}

/// A compound action's pieces, handed out as its announcement's steps ask for them.
struct Pieces {
    square: Option<Square>,
    targets: Targets,
    cost_cards: CardList,
    x: u8,
    payment: Payment,
    /// Targets, cost cards and paying cards handed out so far.
    used: (usize, usize, usize),
    square_used: bool,
}

impl Pieces {
    fn of(action: &Action) -> Pieces {
        let (square, targets, cost_cards, x, payment) = action.pieces();
        Pieces {
            square,
            targets,
            cost_cards,
            x,
            payment,
            used: (0, 0, 0),
            square_used: false,
        }
    }

    /// The piece for `step`: the square, the next target (or done), X, the next cost card,
    /// automatic payment or the next paying card.
    fn next(&mut self, step: Step) -> Option<Pick> {
        match step {
            Step::Square => {
                self.square_used = true;
                self.square.map(Pick::Square)
            }
            Step::Target => Some(self.targets.as_slice().get(self.used.0).map_or(
                Pick::Done,
                |&t| {
                    self.used.0 += 1;
                    Pick::Target(t)
                },
            )),
            Step::X => Some(Pick::X(self.x)),
            Step::CostCard => self.cost_cards.as_slice().get(self.used.1).map(|&c| {
                self.used.1 += 1;
                Pick::CostCard(c)
            }),
            Step::Payment => match &self.payment {
                Payment::Auto => Some(Pick::PayAuto),
                Payment::Cards(v) => v.get(self.used.2).map(|&c| {
                    self.used.2 += 1;
                    Pick::PayCard(c)
                }),
            },
        }
    }

    /// Whether every piece given was asked for.
    fn all_used(&self) -> bool {
        (self.square.is_none() || self.square_used)
            && self.used.0 == self.targets.len()
            && self.used.1 == self.cost_cards.len()
    }
}

impl Announcement {
    /// The compound action this announcement declares, paid as `payment`; `None` for a move
    /// without its destination.
    pub fn compound(&self, payment: Payment) -> Option<Action> {
        let x = self.x.unwrap_or(0);
        Some(match self.what {
            Use::Play { card, method } => Action::Play {
                card,
                method,
                square: self.square,
                targets: self.targets,
                cost_cards: self.cost_cards.clone(),
                x,
                payment,
            },
            Use::Activate { card, ability } => Action::Activate {
                card,
                ability,
                targets: self.targets,
                cost_cards: self.cost_cards.clone(),
                x,
                payment,
            },
            Use::Move { unit } => Action::Move {
                unit,
                to: self.square?,
                payment,
            },
            Use::CreatePlan => Action::CreatePlan { payment },
            Use::UpdatePlan => Action::UpdatePlan { payment },
            Use::Roll => Action::Roll { payment },
        })
    }
}

impl Action {
    /// The use a compound action announces.
    pub fn announced(&self) -> Option<Use> {
        Some(match *self {
            Action::Play { card, method, .. } => Use::Play { card, method },
            Action::Activate { card, ability, .. } => Use::Activate { card, ability },
            Action::Move { unit, .. } => Use::Move { unit },
            Action::CreatePlan { .. } => Use::CreatePlan,
            Action::UpdatePlan { .. } => Use::UpdatePlan,
            Action::Roll { .. } => Use::Roll,
            _ => return None,
        })
    }

    /// A compound action's pieces: square, targets, cost cards, X and payment.
    fn pieces(&self) -> (Option<Square>, Targets, CardList, u8, Payment) {
        match self {
            Action::Play {
                square,
                targets,
                cost_cards,
                x,
                payment,
                ..
            } => (*square, *targets, cost_cards.clone(), *x, payment.clone()),
            Action::Activate {
                targets,
                cost_cards,
                x,
                payment,
                ..
            } => (None, *targets, cost_cards.clone(), *x, payment.clone()),
            Action::Move { to, payment, .. } => {
                (Some(*to), Targets::NONE, CardList::NONE, 0, payment.clone())
            }
            Action::CreatePlan { payment }
            | Action::UpdatePlan { payment }
            | Action::Roll { payment } => (None, Targets::NONE, CardList::NONE, 0, payment.clone()),
            _ => (None, Targets::NONE, CardList::NONE, 0, Payment::Auto),
        }
    }
}
