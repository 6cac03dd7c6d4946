//! Priority (R6): who may act, passing, and the checks before anyone receives priority (R6.14).

use crate::card::CardDb;
use crate::events::Event;
use crate::ids::Player;
use crate::state::{Game, Phase};

impl Game {
    /// R6.14: rule effects, then waiting triggers, then AP receives priority. Stops early when
    /// a player must answer a choice or the duel is over.
    pub(crate) fn settle(&mut self, db: &CardDb) {
        loop {
            if self.result.is_some() || self.choice.is_some() || self.phase != Phase::Main {
                return;
            }
            self.collect_triggers(db);
            if self.check_rule_effects(db) || self.place_triggers(db) {
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
        } else {
            self.end_main(db);
        }
    }
}
