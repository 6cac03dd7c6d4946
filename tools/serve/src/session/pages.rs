//! What the pages at a table's seats are sent: each its own seat's state, with the log lines
//! it has not had yet.

use super::Table;
use crate::protocol::ServerMsg;
use crate::table::table_view;
use dzero_core::Player;

impl Table {
    /// Sends each page its state.
    pub(super) fn broadcast(&mut self) {
        for p in Player::BOTH {
            self.send_state(p);
        }
    }

    /// Sends `seat`'s page its state with the log lines it has not had yet.
    pub(super) fn send_state(&mut self, seat: Player) {
        let save = self.may_save();
        let undo = if self.may_undo(seat) {
            self.undo.len()
        } else {
            0
        };
        let Some(s) = self.seats[seat.index()].as_mut() else {
            return;
        };
        let view = table_view(
            &self.game,
            &self.db,
            seat,
            s.lang,
            self.version,
            &self.seen[seat.index()],
            s.sent,
        );
        s.sent = view.log_start + view.log.len();
        let mut view = view;
        view.undo = undo;
        view.save = save;
        let _ = s.out.send(ServerMsg::State(Box::new(view)).to_json());
    }

    pub(super) fn send_to(&self, seat: Player, msg: &ServerMsg) {
        if let Some(s) = &self.seats[seat.index()] {
            let _ = s.out.send(msg.to_json());
        }
    }

    pub(super) fn send_all(&self, msg: &ServerMsg) {
        for p in Player::BOTH {
            self.send_to(p, msg);
        }
    }
}
