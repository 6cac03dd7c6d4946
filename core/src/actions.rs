//! The decision-driven interface: who must decide what, the legal actions, and applying one.

use crate::ability::{Ability, PlayModifier};
use crate::card::CardDb;
use crate::model::action::{Action, ActionError, Decision};
use crate::model::announcement::Use;
use crate::model::card_kind::Timing;
use crate::model::ids::{CardId, Player};
use crate::model::phase::Phase;
use crate::model::refusal::Refusal;
use crate::model::zone::Loc;
use crate::state::Game;
use smallvec::SmallVec;

impl Game {
    /// What the game waits for now.
    pub fn decision(&self) -> Decision {
        if let Some(r) = self.result {
            return Decision::Over(r);
        }
        if let Some(c) = &self.choice {
            return Decision::Choose(c.player);
        }
        if let Some(a) = &self.announcement {
            return Decision::Pick(a.player, a.step);
        }
        match self.phase {
            Phase::Mulligan => Decision::Mulligan(self.first.opponent()),
            Phase::Energy => Decision::Energy(self.active),
            Phase::Smash => Decision::Smash(self.active),
            _ => Decision::Act(self.frames.last().map_or(self.active, |f| f.priority)),
        }
    }

    /// Whether `player` may act at `timing` now (R6.2, R6.3, R6.5).
    pub(crate) fn check_timing(&self, player: Player, timing: Timing) -> Result<(), ActionError> {
        let battle = self.in_battle();
        match timing {
            Timing::Battle => Ok(()),
            Timing::Quick if battle => Err(ActionError::Timing(Refusal::QuickInBattle)),
            Timing::Quick => Ok(()),
            Timing::Normal if self.phase != Phase::Main => {
                Err(ActionError::Timing(Refusal::NormalOutsideMain))
            }
            Timing::Normal if player != self.active => {
                Err(ActionError::Timing(Refusal::NormalNotActive))
            }
            Timing::Normal if battle => Err(ActionError::Timing(Refusal::NormalInBattle)),
            Timing::Normal if self.frames.last().is_some_and(|f| !f.stack.is_empty()) => {
                Err(ActionError::Timing(Refusal::NormalStackNotEmpty))
            }
            Timing::Normal => Ok(()),
        }
    }

    pub(crate) fn check_card(&self, card: CardId) -> Result<(), ActionError> {
        if card.index() < self.cards.len() {
            Ok(())
        } else {
            Err(ActionError::NoSuchCard(card))
        }
    }

    /// Checks `action` against the current decision without changing anything.
    pub fn check(&self, db: &CardDb, action: &Action) -> Result<(), ActionError> {
        if let Some(a) = self.placed(action)? {
            return self.check(db, &a);
        }
        let decision = self.decision();
        match (decision, action) {
            (Decision::Over(_), _) => Err(ActionError::GameOver),
            (Decision::Act(_), Action::Pass) => Ok(()),
            (Decision::Act(p), Action::Announce(what)) => self.check_announce(db, p, *what),
            (Decision::Pick(..), Action::Pick(pick)) => self.check_pick(db, *pick),
            (Decision::Act(p), Action::Play { .. }) => self.check_play(db, p, action).map(|_| ()),
            (Decision::Act(p), Action::CreatePlan { payment }) => {
                self.check_create_plan(db, p, payment).map(|_| ())
            }
            (Decision::Act(p), Action::UpdatePlan { payment }) => {
                self.check_update_plan(db, p, payment).map(|_| ())
            }
            (Decision::Act(p), Action::Move { unit, to, payment }) => {
                self.check_move(db, p, *unit, *to, payment).map(|_| ())
            }
            (Decision::Act(p), Action::Activate { .. }) => {
                self.check_activate(db, p, action, false).map(|_| ())
            }
            (Decision::Act(p), Action::Roll { payment }) => {
                self.check_roll(db, p, payment).map(|_| ())
            }
            (Decision::Energy(p), Action::Energy(c)) => self.check_energy(p, *c),
            (Decision::Smash(p), Action::Smash(u)) => self.check_smash(db, p, *u),
            (Decision::Mulligan(_), Action::Mulligan(_)) => Ok(()),
            (Decision::Choose(_), Action::Choose(i)) => match &self.choice {
                Some(c) if (*i as usize) < c.options.len() => Ok(()),
                _ => Err(ActionError::Illegal(Refusal::NoSuchOption { index: *i })),
            },
            (d, _) => Err(ActionError::WrongDecision(d)),
        }
    }

    /// Applies one action for the deciding player; cards may be named by place
    /// ([`CardId::at_place`], as [`Game::seat_actions`] gives them). An illegal action changes
    /// nothing.
    pub fn apply(&mut self, db: &CardDb, action: Action) -> Result<(), ActionError> {
        let action = self.placed(&action)?.unwrap_or(action);
        self.check(db, &action)?;
        self.apply_checked(db, action)
    }

    /// Applies an action [`Game::legal_actions`] (or [`Game::seat_actions`]) listed for this
    /// very state, without checking it again: a play-out that takes only listed actions saves
    /// the check. Any other action may corrupt the game; debug builds check it anyway.
    pub fn apply_listed(&mut self, db: &CardDb, action: Action) -> Result<(), ActionError> {
        let action = self.placed(&action)?.unwrap_or(action);
        debug_assert_eq!(self.check(db, &action), Ok(()), "{action:?} was not listed");
        self.apply_checked(db, action)
    }

    /// [`Game::apply`] once the action is known to be legal.
    fn apply_checked(&mut self, db: &CardDb, action: Action) -> Result<(), ActionError> {
        if action.announced().is_some() {
            return self.apply_compound(db, action);
        }
        if let Action::Choose(i) = action
            && let Some(held) = self.answer_held(i)
        {
            return self.apply(db, held);
        }
        let held = self.hold_snapshot();
        let before = self
            .strict
            .then(|| held.as_deref().map_or_else(|| self.clone(), Game::clone));
        self.events.clear();
        self.scanned = 0;
        let errors_before = self.errors.len();
        let Some(p) = self.decision().player() else {
            return Err(ActionError::GameOver);
        };
        let again = held.as_ref().map(|_| action.clone());
        match action {
            Action::Pass => self.pass(db, p),
            Action::Announce(what) => self.announce(db, p, what)?,
            Action::Pick(pick) => self.pick(db, pick)?,
            Action::Play { .. }
            | Action::CreatePlan { .. }
            | Action::UpdatePlan { .. }
            | Action::Move { .. }
            | Action::Activate { .. }
            | Action::Roll { .. } => self.declare_action(db, p, &action)?,
            Action::Energy(c) => self.put_energy(db, p, c),
            Action::Smash(u) => self.smash(db, p, u),
            Action::Mulligan(take) => self.mulligan(db, p, take),
            Action::Choose(i) => self.answer(db, i),
        }
        self.collect_triggers(db);
        if self.ask_held(held, again) {
            return Ok(());
        }
        if let Some(before) = before
            && self.errors.len() > errors_before
        {
            let failed = self.errors[errors_before].clone();
            *self = before;
            return Err(ActionError::EffectFailed(Box::new(failed)));
        }
        Ok(())
    }

    /// Fills `out` with every legal action for the deciding player; each of them succeeds.
    pub fn legal_actions(&self, db: &CardDb, out: &mut Vec<Action>) {
        out.clear();
        let _memo = crate::caches::PayMemoScope::new(&self.derived);
        match self.decision() {
            Decision::Over(_) => {}
            Decision::Choose(_) => {
                let n = self.choice.as_ref().map_or(0, |c| c.options.len());
                out.extend((0..n).map(|i| Action::Choose(i as u16)));
            }
            Decision::Mulligan(_) => out.extend([Action::Mulligan(false), Action::Mulligan(true)]),
            Decision::Energy(p) => {
                out.push(Action::Energy(None));
                out.extend(
                    self.zones[p.index()]
                        .hand()
                        .iter()
                        .map(|&c| Action::Energy(Some(c))),
                );
            }
            Decision::Smash(p) => {
                out.push(Action::Smash(None));
                for &u in &self.field {
                    if self.check_smash(db, p, Some(u)).is_ok() {
                        out.push(Action::Smash(Some(u)));
                    }
                }
            }
            Decision::Act(p) => {
                out.push(Action::Pass);
                self.legal_announcements(db, p, out);
            }
            Decision::Pick(..) => self.legal_picks(db, out),
        }
    }

    /// Every use `p` may announce now: cards to play (by each method), ● abilities, moves,
    /// the plan zone and the die; each can be completed and paid (docs/design.md §7).
    fn legal_announcements(&self, db: &CardDb, p: Player, out: &mut Vec<Action>) {
        self.each_candidate_use(db, p, |what| {
            if self.can_announce(db, p, what) {
                out.push(Action::Announce(what));
            }
        });
    }

    /// Calls `f` with every use `p` might announce now, unchecked, in the order
    /// [`Game::legal_actions`] lists them: candidates are the hand, the plan card, the field
    /// and cards with abilities working in other zones.
    fn each_candidate_use(&self, db: &CardDb, p: Player, mut f: impl FnMut(Use)) {
        let z = &self.zones[p.index()];
        let others = self.zone_cards.iter().filter(|&&c| {
            !matches!(self.card(c).loc, Loc::Hand | Loc::Square(_)) && z.plan() != Some(c)
        });
        let plan = z.plan();
        let candidates = z
            .hand()
            .iter()
            .chain(plan.iter())
            .chain(&self.field)
            .chain(others);
        for &card in candidates {
            let cs = self.card(card);
            if self.controller(card) != p {
                continue;
            }
            let def = db.def(cs.def);
            let from_hand_or_plan = cs.loc == Loc::Hand || z.plan() == Some(card);
            if from_hand_or_plan && !def.kind.in_dimension_deck() {
                f(Use::Play { card, method: None });
            }
            for (i, a) in def.abilities.iter().enumerate() {
                if let Ability::Play(PlayModifier::Method(m)) = a
                    && crate::play::method_works_from(m, self.ability_zone(card))
                {
                    f(Use::Play {
                        card,
                        method: Some(i as u8),
                    });
                }
            }
            for (ability, act) in self.activated_numbered(db, card) {
                if act.zones.contains(self.ability_zone(card)) {
                    f(Use::Activate { card, ability });
                }
            }
            if matches!(cs.loc, Loc::Square(s) if s.is_battle()) && p == self.active {
                f(Use::Move { unit: card });
            }
        }
        f(Use::CreatePlan);
        f(Use::UpdatePlan);
        f(Use::Roll);
    }

    /// While a player holds priority: one of its legal actions (passing or announcing a use),
    /// each as likely as the others, without listing them all. `pick(n)` answers an index
    /// below `n` at random; candidates are drawn without replacement until one is legal, so
    /// most of the uses that cannot be announced are never checked. `None` for any other
    /// decision. Cards are named as [`Game::seat_actions`] names them for the deciding seat.
    pub fn sample_act(&self, db: &CardDb, mut pick: impl FnMut(usize) -> usize) -> Option<Action> {
        let Decision::Act(p) = self.decision() else {
            return None;
        };
        let _memo = crate::caches::PayMemoScope::new(&self.derived);
        let mut uses: SmallVec<[Use; 32]> = SmallVec::new();
        self.each_candidate_use(db, p, |u| uses.push(u));
        // Passing is always legal: it is the last index.
        loop {
            let i = pick(uses.len() + 1);
            if i >= uses.len() {
                return Some(Action::Pass);
            }
            let what = uses.swap_remove(i);
            if self.can_announce(db, p, what) {
                let mut action = Action::Announce(what);
                crate::hidden::each_card(&mut action, &mut |c| *c = self.card_for(p, *c));
                return Some(action);
            }
        }
    }
}
