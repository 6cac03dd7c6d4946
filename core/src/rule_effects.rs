//! Rule effects (R14): state-based, not on the stack, all applying together at one check.

use crate::card::CardDb;
use crate::model::board::Square;
use crate::model::card_kind::CardKind;
use crate::model::duration::Duration;
use crate::model::events::Event;
use crate::model::ids::{CardId, Player};
use crate::model::phase::{GameResult, Phase};
use crate::model::prohibition::Forbid;
use crate::model::question::ChoiceOption;
use crate::model::zone::Loc;
use crate::model::zone_move::LossCause;
use crate::query::Query;
use crate::state::{ChoiceKind, Game, PendingChoice};
use smallvec::SmallVec;

/// A card in a square, as the crowding rules (RE5, RE6) compare it.
struct Placed {
    card: CardId,
    square: Square,
    controller: Player,
    kind: CardKind,
    stamp: u32,
}

impl Game {
    /// One rule-effect check (R14.4). Returns whether anything applied (then check again).
    pub(crate) fn check_rule_effects(&mut self, db: &CardDb) -> bool {
        if self.result.is_some() {
            return false;
        }
        self.prune_temps();
        self.prune_grants();
        if self.check_losses(db) {
            return true;
        }
        let doomed = self.doomed(db);
        if !doomed.is_empty() {
            for &c in &doomed {
                self.destroy(db, c);
            }
            self.record_order(Loc::Graveyard, &doomed);
            return true;
        }
        self.phase == Phase::Main && self.check_battles()
    }

    /// Outside the main phase: check after each turn-based action (A18); no battles there.
    pub(crate) fn check_outside_main(&mut self, db: &CardDb) {
        loop {
            self.collect_triggers(db);
            if !self.check_rule_effects(db) {
                return;
            }
        }
    }

    /// Temporary effects, grants and control changes whose source left play end.
    fn prune_temps(&mut self) {
        self.end_durations(|g, until| matches!(until, Duration::WhileInPlay(r) if !g.in_play(r)));
    }

    /// RE1, RE2 as ★ effects change them (R15.4); both players at once is a draw (R15.2).
    fn check_losses(&mut self, db: &CardDb) -> bool {
        let view = Query::new(self, db);
        let lost = Player::BOTH.map(|p| {
            let z = &self.zones[p.index()];
            let meets = |cause| !view.forbidden(Forbid::Lose { player: p, cause });
            (z.smash().len() as u64 >= u64::from(view.smash_loss(p)) && meets(LossCause::Smash))
                || (z.deck().is_empty() && meets(LossCause::DeckOut))
        });
        let result = match lost {
            [true, true] => GameResult::Draw,
            [true, false] => GameResult::Win(Player::Two),
            [false, true] => GameResult::Win(Player::One),
            [false, false] => return false,
        };
        self.result = Some(result);
        self.emit(Event::GameOver { result });
        true
    }

    /// RE3–RE7: every card a rule effect destroys at this check.
    fn doomed(&self, db: &CardDb) -> Vec<CardId> {
        // The cards in squares with what crowding compares, read once.
        let placed: SmallVec<[Placed; 24]> = self
            .field
            .iter()
            .filter_map(|&c| {
                let cs = self.card(c);
                let Loc::Square(square) = cs.loc else {
                    return None;
                };
                Some(Placed {
                    card: c,
                    square,
                    controller: self.controller(c),
                    kind: db.def(cs.def).kind,
                    stamp: cs.stamp,
                })
            })
            .collect();
        let view = Query::new(self, db);
        // Found at the first power query: a check without battling units needs none.
        let mut sources = None;
        let mut doomed = Vec::new();
        for me in &placed {
            // RE5 / RE6: the later arrival dies; simultaneous arrivals all die.
            let crowded = placed.iter().any(|o| {
                o.card != me.card
                    && o.controller == me.controller
                    && o.square == me.square
                    && o.kind == me.kind
                    && o.stamp <= me.stamp
            });
            let dies = crowded
                || (me.kind == CardKind::Unit && me.square.is_battle() && {
                    let cs = self.card(me.card);
                    // RE7: played into the centre and no battle begins.
                    (cs.centre_played
                        && !placed.iter().any(|o| {
                            o.square == me.square && o.controller == me.controller.opponent()
                        }))
                        || {
                            let sources = sources.get_or_insert_with(|| view.char_sources());
                            let power = view.with_sources(sources).power(me.card);
                            // RE3, RE4 (A30: damage ≥ power).
                            power <= 0 || cs.damage >= power
                        }
                });
            if dies {
                doomed.push(me.card);
            }
        }
        doomed
    }

    /// RE8: squares holding units of both players that are not already battling there.
    pub(crate) fn contested(&self) -> impl Iterator<Item = Square> + '_ {
        // Squares holding a card of each player, found in one pass over the field.
        let mut held = [0u32; 2];
        for &c in &self.field {
            if let Loc::Square(s) = self.card(c).loc {
                held[self.controller(c).index()] |= 1 << s.index();
            }
        }
        let both = held[0] & held[1];
        Square::battle_squares().filter(move |&s| {
            if both & (1 << s.index()) == 0 {
                return false;
            }
            let deferred = self
                .frames
                .iter()
                .filter_map(|f| f.battle.as_ref())
                .any(|bt| bt.deferred & (1 << s.index()) != 0);
            if deferred {
                return false;
            }
            let (Some(a), Some(b)) = (
                self.units_of(Player::One, s).next(),
                self.units_of(Player::Two, s).next(),
            ) else {
                return false;
            };
            !self
                .frames
                .iter()
                .filter_map(|f| f.battle.as_ref())
                .any(|bt| {
                    bt.square == s
                        && bt.fighters.iter().all(|f| self.in_square(f, s))
                        && bt.fighters.iter().any(|f| f.unit.card == a)
                        && bt.fighters.iter().any(|f| f.unit.card == b)
                })
        })
    }

    /// RE8 and A19: begins a battle, or asks AP which contested square battles first.
    fn check_battles(&mut self) -> bool {
        let options: Vec<ChoiceOption> = self.contested().map(ChoiceOption::Square).collect();
        match options.as_slice() {
            [] => return false,
            [ChoiceOption::Square(s)] => {
                self.start_battle(*s);
                return true;
            }
            _ => {}
        }
        self.choice = Some(PendingChoice {
            player: self.active,
            kind: ChoiceKind::BattleOrder,
            question: crate::model::question::Question::BattleOrder,
            options,
            combos: Vec::new(),
            trigger: None,
        });
        true
    }
}
