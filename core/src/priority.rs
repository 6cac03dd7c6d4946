//! Priority (R6): who may act, passing, and the checks before anyone receives priority (R6.14).

use crate::card::CardDb;
use crate::model::events::Event;
use crate::model::failure::Failure;
use crate::model::ids::Player;
use crate::model::phase::Phase;
use crate::state::Game;

/// Most rule-effect / trigger rounds before a player must receive priority.
const MAX_ROUNDS: u32 = 10_000;

impl Game {
    /// R6.14: rule effects, then waiting triggers, then AP receives priority. Stops early when
    /// a player must answer a choice or the duel is over.
    pub(crate) fn settle(&mut self, db: &CardDb) {
        for round in 0.. {
            let window = self.phase == Phase::Main
                || (self.phase == Phase::Recovery && !self.frames.is_empty());
            if self.result.is_some() || self.choice.is_some() || !window {
                return;
            }
            if round == MAX_ROUNDS {
                // Cards that keep triggering each other without anyone acting: stop the loop.
                self.report_failure(None, Failure::EndlessLoop { rounds: MAX_ROUNDS });
            }
            self.collect_triggers(db);
            if self.ask_order() {
                return;
            }
            let capped = round >= MAX_ROUNDS;
            if capped {
                self.waiting.clear();
            }
            if self.check_rule_effects(db)
                || (!capped && self.place_triggers(db))
                || self.advance_planes(db)
            {
                continue;
            }
            let ap = self.active;
            let f = self.top();
            f.priority = ap;
            f.passes = 0;
            return;
        }
    }

    /// R6.10, R6.11, R6.13: a pass; two in succession resolve the top item, advance the battle
    /// or end the main phase.
    pub(crate) fn pass(&mut self, db: &CardDb, p: Player) {
        self.emit(Event::Passed { player: p });
        let f = self.top();
        f.passes += 1;
        if f.passes < 2 {
            f.priority = p.opponent();
            return;
        }
        if !f.stack.is_empty() {
            self.resolve_top(db);
            self.settle(db);
        } else if f.battle.is_some() {
            self.advance_battle(db);
        } else if self.phase == Phase::Recovery {
            self.finish_recovery(db);
        } else {
            self.end_main(db);
        }
    }
}
