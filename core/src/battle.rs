//! Battles (R11): frames with their own stack, steps, damage fixed when stacked.

use crate::card::CardDb;
use crate::model::board::Square;
use crate::model::card_kind::Keywords;
use crate::model::duration::Duration;
use crate::model::events::{BattleStep, Event};
use crate::model::ids::{CardId, Player};
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::{Battle, DamagePart, Fighter, Frame, Game, ItemKind, StackItem};

impl Game {
    /// The innermost battle in progress.
    pub fn battle(&self) -> Option<&Battle> {
        self.frames.last().and_then(|f| f.battle.as_ref())
    }

    fn battle_mut(&mut self) -> Option<&mut Battle> {
        self.frames.last_mut().and_then(|f| f.battle.as_mut())
    }

    /// Whether a fighter is still in the battle's square.
    pub(crate) fn in_square(&self, f: &Fighter, square: Square) -> bool {
        let cs = self.card(f.unit.card);
        cs.inc == f.unit.inc && cs.loc == Loc::Square(square)
    }

    /// RE8: begins a battle in `square` between the two players' units there (R11.1–R11.4).
    pub(crate) fn start_battle(&mut self, square: Square) {
        let (Some(a), Some(b)) = (
            self.units_of(Player::One, square).next(),
            self.units_of(Player::Two, square).next(),
        ) else {
            return;
        };
        let fighter = |g: &mut Game, me: CardId, other: CardId| {
            let centre = std::mem::take(&mut g.card_mut(me).centre_played);
            Fighter {
                unit: g.r#ref(me),
                // R11.3: the later arrival attacks; A21: both when simultaneous.
                attacker: g.attacks_against(me, other),
                centre_played: centre,
                dealt_first: false,
            }
        };
        let fa = fighter(self, a, b);
        let fb = fighter(self, b, a);
        let (attacker, defender) = if fa.attacker { (a, b) } else { (b, a) };
        let deferred = self
            .contested()
            .filter(|&s| s != square)
            .fold(0u16, |m, s| m | (1 << s.index()));
        // R11.4: the current stack becomes pending; the battle gets its own.
        self.frames.push(Frame {
            stack: Vec::new(),
            priority: self.active,
            passes: 0,
            battle: Some(Battle {
                square,
                fighters: [fa, fb],
                step: BattleStep::First,
                damage_stacked: false,
                winner: None,
                deferred,
            }),
        });
        self.emit(Event::BattleBegan {
            square,
            attacker,
            defender,
        });
        self.emit(Event::BattleStepBegan {
            step: BattleStep::First,
        });
    }

    /// Both players passed with the battle's stack empty (R11.8–R11.15).
    pub(crate) fn advance_battle(&mut self, db: &CardDb) {
        let Some(b) = self.battle().cloned() else {
            return;
        };
        let both = b.fighters.iter().all(|f| self.in_square(f, b.square));
        match b.step {
            BattleStep::First | BattleStep::Second => {
                if !b.damage_stacked && both && self.stack_damage(db, &b) {
                    self.settle(db);
                    return;
                }
                // R11.14 / A2: no damage is stacked while a battling unit is missing from the
                // square, and a unit missing after the first step skips the second. (000 is
                // silent here; the official ソーサーレッグ・ペガサス escapes battle damage by
                // leaving the square, which only works under this reading.)
                let next = if b.step == BattleStep::First && both {
                    BattleStep::Second
                } else {
                    BattleStep::End
                };
                let winner = if next == BattleStep::End {
                    // R11.15: fixed at the start of the end step.
                    let present: Vec<CardId> = b
                        .fighters
                        .iter()
                        .filter(|f| self.in_square(f, b.square))
                        .map(|f| f.unit.card)
                        .collect();
                    (present.len() == 1).then(|| present[0])
                } else {
                    None
                };
                if let Some(bm) = self.battle_mut() {
                    bm.step = next;
                    bm.damage_stacked = false;
                    bm.winner = winner;
                }
                self.emit(Event::BattleStepBegan { step: next });
                // A45: AP receives priority at the start of every step.
                self.settle(db);
            }
            BattleStep::End => self.end_battle(db),
        }
    }

    /// Puts the step's damage item on the stack, amounts fixed now (R11.8, R11.9, R11.11).
    fn stack_damage(&mut self, db: &CardDb, b: &Battle) -> bool {
        let view = Query::new(self, db);
        let mut parts = [None, None];
        let mut dealt = [false; 2];
        for (i, f) in b.fighters.iter().enumerate() {
            let accel = view.keywords(f.unit.card).has(Keywords::ACCEL);
            let deals = match b.step {
                BattleStep::First => accel,
                _ => !f.dealt_first,
            };
            if deals {
                dealt[i] = true;
                parts[i] = Some(DamagePart {
                    from: f.unit.card,
                    to: b.fighters[1 - i].unit,
                    amount: view.power(f.unit.card).max(0),
                });
            }
        }
        if parts.iter().all(Option::is_none) {
            return false;
        }
        let controller = self.active;
        if let Some(bm) = self.battle_mut() {
            bm.damage_stacked = true;
            if bm.step == BattleStep::First {
                for (f, d) in bm.fighters.iter_mut().zip(dealt) {
                    f.dealt_first = d;
                }
            }
        }
        self.stack_item(StackItem::new(controller, ItemKind::Damage { parts }));
        true
    }

    /// The battle ends: RE9 and RE7 apply, the pending stack returns (R11.16, R11.17).
    fn end_battle(&mut self, db: &CardDb) {
        let depth = self.depth();
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let Some(b) = frame.battle else { return };
        // 「バトル終了時まで」 ends with this battle (and any battle nested in it).
        self.end_durations(|_, until| matches!(until, Duration::EndOfBattle(d) if d >= depth));
        self.emit(Event::BattleEnded {
            square: b.square,
            winner: b.winner,
        });
        let both = b.fighters.iter().all(|f| self.in_square(f, b.square));
        let mut doomed = [None, None];
        for (i, f) in b.fighters.iter().enumerate() {
            let re9 = both && f.attacker;
            // A22: a centre-played unit dies at the end of the battle its arrival began.
            let re7 = f.centre_played && self.in_play(f.unit);
            if re9 || re7 {
                doomed[i] = Some(f.unit.card);
            }
        }
        for c in doomed.into_iter().flatten() {
            self.destroy(db, c);
        }
        self.settle(db);
    }
}
