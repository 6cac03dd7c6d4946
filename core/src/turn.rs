//! The turn (R4): release, draw, energy, main, smash, recovery.

use crate::card::CardDb;
use crate::model::action::ActionError;
use crate::model::duration::Duration;
use crate::model::events::Event;
use crate::model::ids::{CardId, Player};
use crate::model::phase::Phase;
use crate::model::prohibition::Forbid;
use crate::model::refusal::Refusal;
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::{Frame, Game};

impl Game {
    fn enter(&mut self, phase: Phase) {
        if self.phase.next() == Some(phase) {
            self.emit(Event::PhaseEnded { phase: self.phase });
        }
        self.phase = phase;
        self.emit(Event::PhaseBegan { phase });
    }

    /// Starts the active player's turn and runs it up to the first decision.
    pub(crate) fn begin_turn(&mut self, db: &CardDb) {
        // R19.9, R19.16: the opening hands are fixed when the first turn begins.
        self.open_planes(db);
        // R19.11: rolls are counted per turn.
        self.planes.rolls = 0;
        // A48: the history of arrivals in squares is the turn's.
        self.clear_entries();
        self.emit(Event::TurnBegan {
            player: self.active,
            turn: self.turn,
        });
        // R4.2: release phase.
        self.enter(Phase::Release);
        let ap = self.active;
        let view = Query::new(self, db);
        // In the order the zones show them (energy, smash, the field in arrival order), not by
        // id: the order of the events would tell which face-down smash card is which (R1.6).
        let z = &self.zones;
        let to_release: Vec<CardId> = z[0]
            .energy()
            .iter()
            .chain(z[1].energy())
            .chain(z[0].smash())
            .chain(z[1].smash())
            .chain(self.field.iter())
            .copied()
            .filter(|&c| {
                let cs = self.card(c);
                let mine = self.controller(c) == ap
                    && matches!(cs.loc, Loc::Energy | Loc::Smash | Loc::Square(_));
                mine && cs.frozen && !view.forbidden(Forbid::Release { card: c })
            })
            .collect();
        for c in to_release {
            self.release(c);
        }
        self.check_outside_main(db);
        if self.result.is_some() {
            return;
        }
        // R4.3, R3.6: draw phase; the first player skips the first draw if the rule set says so.
        self.enter(Phase::Draw);
        if self.turn > 1 || !self.rules.skip_first_draw {
            self.draw(ap);
            self.check_outside_main(db);
            if self.result.is_some() {
                return;
            }
        }
        // R4.4: energy phase.
        self.enter(Phase::Energy);
        if self.zones[ap.index()].hand().is_empty() {
            self.enter_main(db);
        }
    }

    pub(crate) fn check_energy(&self, p: Player, card: Option<CardId>) -> Result<(), ActionError> {
        match card {
            None => Ok(()),
            Some(c) => {
                self.check_card(c)?;
                if self.card(c).owner == p && self.card(c).loc == Loc::Hand {
                    Ok(())
                } else {
                    Err(ActionError::Illegal(Refusal::EnergyNotFromHand { card: c }))
                }
            }
        }
    }

    /// R4.4: one card from hand, face up and released, or none.
    pub(crate) fn put_energy(&mut self, db: &CardDb, _p: Player, card: Option<CardId>) {
        if let Some(c) = card {
            self.relocate(c, Loc::Energy, true);
            self.check_outside_main(db);
            if self.result.is_some() {
                return;
            }
        }
        self.enter_main(db);
    }

    /// R4.5, R6.8: the main phase begins and AP receives priority.
    pub(crate) fn enter_main(&mut self, db: &CardDb) {
        self.enter(Phase::Main);
        self.open_priority(db);
    }

    /// One frame with an empty stack; AP receives priority after the checks of R6.14.
    fn open_priority(&mut self, db: &CardDb) {
        self.frames.clear();
        self.frames.push(Frame {
            stack: Vec::new(),
            priority: self.active,
            passes: 0,
            battle: None,
        });
        self.settle(db);
    }

    /// R6.13: two passes on an empty stack outside battle end the main phase.
    pub(crate) fn end_main(&mut self, db: &CardDb) {
        self.frames.clear();
        self.enter(Phase::Smash);
        self.check_outside_main(db);
        if self.result.is_none() && !self.can_smash(db, self.active) {
            self.recovery(db);
        }
    }

    /// The recovery phase begins and the turn is ending (「ターン終了時」). When ◆ abilities
    /// triggered on that, an end-of-turn window opens first: waiting triggers go on the stack and
    /// players receive priority as in the main phase, for quick-timing actions only (R4.7 holds
    /// for everything else), until both pass with an empty stack. Then R13 happens.
    pub(crate) fn recovery(&mut self, db: &CardDb) {
        self.enter(Phase::Recovery);
        self.emit(Event::TurnEnding {
            player: self.active,
            turn: self.turn,
        });
        self.check_outside_main(db);
        if self.result.is_some() {
            return;
        }
        if self
            .waiting
            .iter()
            .any(|w| matches!(w.event, Event::TurnEnding { .. }))
        {
            self.open_priority(db);
            return;
        }
        self.finish_recovery(db);
    }

    /// R13: damage is removed, "until end of turn" ends (A31) — also "until the end of your next
    /// turn" when this is that turn — and the turn passes.
    pub(crate) fn finish_recovery(&mut self, db: &CardDb) {
        self.frames.clear();
        for &c in &self.field {
            self.cards[c.index()].damage = 0;
        }
        let turn = self.turn;
        self.end_durations(|_, until| match until {
            Duration::EndOfTurn => true,
            Duration::EndOfTurnNumber(n) => n <= turn,
            _ => false,
        });
        self.forget_turn();
        self.check_outside_main(db);
        if self.result.is_some() {
            return;
        }
        self.emit(Event::PhaseEnded {
            phase: Phase::Recovery,
        });
        self.active = self.active.opponent();
        self.turn += 1;
        self.begin_turn(db);
    }
}
