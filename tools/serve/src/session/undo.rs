//! Going back: a human seat playing an AI player takes its decisions back, and a saved game's
//! decisions are played again, each checked against its recorded state hash.

use super::{Snapshot, Table};
use dzero_core::Player;
use dzero_replay::{Divergence, Replay};

impl Table {
    /// Plays a saved game's decisions again, checking each state hash; where it first differs.
    pub(super) fn resume(&mut self, saved: &Replay) -> Result<(), Divergence> {
        if saved.state_hash(&self.game) != saved.setup {
            return Err(Divergence::SetupState);
        }
        for (i, step) in saved.steps.iter().enumerate() {
            let n = i + 1;
            let now = self.game.decision().player();
            if now != Some(step.seat) {
                return Err(Divergence::Decider {
                    step: n,
                    recorded: step.seat,
                    now,
                });
            }
            self.keep_undo(step.seat);
            self.apply(step.seat, step.action.clone())
                .map_err(|e| Divergence::Refused {
                    step: n,
                    seat: step.seat,
                    error: self.refused(&e),
                })?;
            if saved.state_hash(&self.game) != step.hash {
                return Err(Divergence::State {
                    step: n,
                    seat: step.seat,
                });
            }
        }
        Ok(())
    }

    /// Whether `seat` may take decisions back: a human playing an AI player.
    pub(super) fn may_undo(&self, seat: Player) -> bool {
        self.ai[seat.index()].is_none() && self.ai[seat.opponent().index()].is_some()
    }

    /// Whether the game may be saved now: against an AI player, or once it is over (a replay
    /// holds the seed and every decision, so it shows every hidden card).
    pub(super) fn may_save(&self) -> bool {
        self.ai.iter().any(Option::is_some) || self.finished()
    }

    /// Whether the game is over, and its match if it is a duel of one.
    pub(super) fn finished(&self) -> bool {
        self.game.result().is_some() && self.matched.as_ref().is_none_or(|m| m.over())
    }

    /// Keeps the game as it is, before `seat` decides, when `seat` may take it back.
    pub(super) fn keep_undo(&mut self, seat: Player) {
        if self.may_undo(seat) {
            self.undo.push(Snapshot {
                game: self.game.clone(),
                seen: [self.seen[0].len(), self.seen[1].len()],
                steps: self.recorder.steps(),
            });
        }
    }

    /// Takes the game back to just before `seat`'s last decision.
    pub(super) fn take_back(&mut self, seat: Player) -> Result<(), String> {
        if !self.may_undo(seat) {
            return Err("undo is only for a game against an AI player".into());
        }
        let snap = self.undo.pop().ok_or("nothing to undo")?;
        self.game = snap.game;
        // The cards may have been reloaded since.
        self.game.refresh_abilities(&self.db);
        for (log, len) in self.seen.iter_mut().zip(snap.seen) {
            log.truncate(len);
        }
        self.recorder.rewind(snap.steps);
        self.failure = None;
        for s in self.seats.iter_mut().flatten() {
            s.sent = 0;
        }
        Ok(())
    }
}
