//! Control change (「対象のユニットのコントロールを得る」): a player controlling a unit
//! they do not own. The rules are silent on control; the engine's interpretation:
//!
//! - Control is data on the card ([`crate::state::CardState::control`]); without it the owner
//!   controls the card. Only a unit in a battle square can change control, and it keeps its
//!   frozen or released state and its damage.
//! - The controller moves it (R10.1), smashes with it (R12.1), activates its ● abilities
//!   (R17.3), controls its ◆ abilities, and it is the controller's unit for battles (R11,
//!   RE8), targets (「自分の」/「相手の」, 呪禁), ★/◆ "own units" and the release phase (R4.2).
//!   Its area (own / centre / enemy) is seen from its controller.
//! - A unit that comes under a player's control counts as arriving in its square at that moment
//!   (a new timestamp): when the new controller already has a unit there, RE5 destroys the later
//!   one, the unit whose control changed (001 ルールエフェクト 5 applied to control).
//! - Leaving the squares ends control: it goes to its owner's zones (R1.4) as any card does.
//! - Control ends as the effect says ([`Duration`]): at the end of the turn (A31), of a battle,
//!   while a source stays in play, or never ([`Duration::Indefinite`]); the unit then returns to
//!   its owner's control in the same square, and RE5 / RE8 apply again.

use crate::card::CardDb;
use crate::effect::Resolve;
use crate::model::card_kind::CardKind;
use crate::model::duration::{Control, Duration};
use crate::model::ids::{CardId, Player};
use crate::model::zone::Loc;
use crate::state::Game;

impl Game {
    /// Gives `player` control of the unit `card` in a battle square until `until`; taking back
    /// one's own unit ends any control change. False when `card` is not a unit in a battle
    /// square.
    pub(crate) fn take_control(
        &mut self,
        db: &CardDb,
        card: CardId,
        player: Player,
        until: Duration,
    ) -> bool {
        let cs = self.card(card);
        let in_battle_square = matches!(cs.loc, Loc::Square(s) if s.is_battle());
        if !in_battle_square || db.def(cs.def).kind != CardKind::Unit {
            return false;
        }
        let control = (player != cs.owner).then_some(Control { player, until });
        let changed = self.controller(card) != player;
        let stamp = self.tick();
        let cs = self.card_mut(card);
        cs.control = control;
        if changed {
            cs.stamp = stamp;
        }
        true
    }

    /// Ends the control changes for which `ended` holds: their units return to their owners.
    pub(crate) fn end_controls(&mut self, ended: impl Fn(&Game, Duration) -> bool) {
        for i in 0..self.field.len() {
            let c = self.field[i];
            let Some(k) = self.card(c).control else {
                continue;
            };
            if ended(self, k.until) {
                let stamp = self.tick();
                let cs = self.card_mut(c);
                cs.control = None;
                cs.stamp = stamp;
            }
        }
    }
}

impl Resolve<'_> {
    /// The controller of this effect gains control of the unit `card` until `until`
    /// (`control.rs` says how control is interpreted). False when `card` is not a unit
    /// in a battle square.
    pub fn take_control(&mut self, card: CardId, until: Duration) -> bool {
        let player = self.controller;
        self.take_control_for(card, player, until)
    }

    /// `player` gains control of the unit `card` until `until`.
    pub fn take_control_for(&mut self, card: CardId, player: Player, until: Duration) -> bool {
        let done = self.valid(card) && self.game.take_control(self.db, card, player, until);
        self.observe();
        done
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{CardDb, CardDef};
    use crate::model::cost::Cost;
    use crate::model::duration::Duration;
    use crate::model::ids::{Colour, Player};
    use crate::model::phase::Phase;
    use crate::model::rules::RuleSet;
    use crate::model::zone::Loc;
    use crate::setup::Builder;
    use crate::{Query, Square};

    // The rules are silent; chosen: only a unit in a battle square changes control; taking
    // back one's own unit clears the change; the end of the turn returns it (A31).
    #[test]
    fn only_units_in_battle_squares_change_control() {
        let mut db = CardDb::new();
        let malt = db.add(
            CardDef::unit("シングルモルト", 3000, 1)
                .colour(Colour::Red)
                .cost(Cost::FREE.and(Colour::Red, 1).and_colourless(1))
                .move_cost(Cost::colourless(1)),
        );
        let mut b = Builder::new(RuleSet::OFFICIAL, 1).active(Player::One, 3);
        let unit = b.add(Player::Two, malt, Loc::Square(Square::battle(2, 1)));
        let hand = b.add(Player::Two, malt, Loc::Hand);
        b.fill_deck(Player::One, malt, 10);
        b.fill_deck(Player::Two, malt, 10);
        let mut g = b.build(&db, Phase::Main).unwrap();
        assert!(!g.take_control(&db, hand, Player::One, Duration::EndOfTurn));
        assert_eq!(g.controller(hand), Player::Two);
        let stamp = g.card(unit).stamp;
        assert!(g.take_control(&db, unit, Player::One, Duration::EndOfTurn));
        assert_eq!(Query::new(&g, &db).controller(unit), Player::One);
        assert!(
            g.card(unit).stamp > stamp,
            "a new arrival for RE5 and R16.3"
        );
        assert!(g.take_control(&db, unit, Player::Two, Duration::EndOfTurn));
        assert_eq!(g.card(unit).control, None);
        assert!(g.take_control(&db, unit, Player::One, Duration::EndOfTurn));
        g.end_controls(|_, until| until == Duration::EndOfTurn);
        assert_eq!(g.controller(unit), Player::Two);
    }
}
