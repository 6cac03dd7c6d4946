//! Playing cards (R8) from hand, from the plan zone (R9.6) or by a ☆ method (R17.4).

use crate::ability::{Ability, PlayMethod, PlayModifier};
use crate::card::CardDb;
use crate::model::ability_ref::AbilityRef;
use crate::model::action::{Action, ActionError};
use crate::model::board::{Area, Square};
use crate::model::card_kind::{CardKind, Keywords, Timing};
use crate::model::cost::Cost;
use crate::model::cost::Payment;
use crate::model::events::{Event, ItemTag};
use crate::model::ids::{CardId, Player};
use crate::model::prohibition::Forbid;
use crate::model::provenance::{Cause, Played};
use crate::model::refusal::Refusal;
use crate::model::target::Targets;
use crate::model::zone::{Loc, Zone};
use crate::payment::{CheckedCost, Declared};
use crate::query::Query;
use crate::state::{Game, ItemKind};

impl Game {
    /// The cost before cost changes: the method's cost or the printed use cost.
    pub(crate) fn method_cost(&self, db: &CardDb, card: CardId, m: Option<u8>) -> Cost {
        m.and_then(|i| method_ref(db, self, card, i))
            .and_then(|m| m.cost)
            .unwrap_or(db.def(self.card(card).def).cost)
    }

    pub(crate) fn check_play<'a>(
        &self,
        db: &CardDb,
        p: Player,
        action: &'a Action,
    ) -> Result<Declared<'a>, ActionError> {
        let Action::Play {
            card,
            method,
            square,
            targets,
            x,
            cost_cards,
            payment,
        } = action
        else {
            return Err(ActionError::Illegal(Refusal::NotAPlay));
        };
        let cost = self.check_play_source(db, p, *card, *method, *x, payment)?;
        self.check_play_place(db, p, *card, *method, *square, targets, false)?;
        let extra = crate::card_costs::play_costs(db.def(self.card(*card).def));
        self.check_card_costs(db, p, *card, extra, cost_cards.as_slice(), *x)?;
        let cost = self.with_cost_cards(db, p, cost, cost_cards, payment)?;
        Ok(Declared {
            cost,
            card: *card,
            kind: ItemKind::Play {
                card: *card,
                square: *square,
                method: method.map(|i| db.def(self.card(*card).def).ability_ref(i)),
                from: self.ability_zone(*card),
            },
            targets: *targets,
            ability: 0,
            x: *x,
            payment,
        })
    }

    /// Everything about a play except square and targets: card, zone, timing, cost.
    pub(crate) fn check_play_source(
        &self,
        db: &CardDb,
        p: Player,
        card: CardId,
        m: Option<u8>,
        x: u8,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        let cost = self.play_source(db, p, card, m)?;
        // An X paid only in cards leaves the energy part without X.
        let extra = crate::card_costs::play_costs(db.def(self.card(card).def));
        let energy_x = if cost.x.is_none() && crate::card_costs::uses_x(extra) {
            0
        } else {
            x
        };
        self.check_cost(db, p, None, &cost, energy_x, payment)
    }

    /// Whether `p` may play `card` by method `m` now, payment aside (card, zone, method
    /// condition, timing); the energy cost to pay, after cost changes.
    pub(crate) fn play_source(
        &self,
        db: &CardDb,
        p: Player,
        card: CardId,
        m: Option<u8>,
    ) -> Result<Cost, ActionError> {
        self.check_card(card)?;
        let cs = self.card(card);
        let def = db.def(cs.def);
        let view = Query::new(self, db);
        if cs.owner != p {
            return Err(ActionError::Illegal(Refusal::NotYourCard { card }));
        }
        let from_plan = self.zones[p.index()].plan() == Some(card);
        let meth = match m {
            Some(i) => {
                let meth = method_ref(db, self, card, i).ok_or(ActionError::Illegal(
                    Refusal::NotAPlayMethod { card, method: i },
                ))?;
                if !method_works_from(meth, self.ability_zone(card)) {
                    return Err(ActionError::Illegal(Refusal::MethodWrongZone { card }));
                }
                if meth.condition.as_ref().is_some_and(|c| !c(&view, card, p)) {
                    return Err(ActionError::Illegal(Refusal::MethodConditionUnmet { card }));
                }
                Some(meth)
            }
            None => {
                if cs.loc != Loc::Hand && !from_plan {
                    return Err(ActionError::Illegal(Refusal::NotFromHandOrPlan { card }));
                }
                None
            }
        };
        // R9.6: the plan card is always played at normal timing, by a ☆ method too; otherwise
        // ★ effects may change the timing (R16.1).
        let timing = if from_plan {
            Timing::Normal
        } else {
            let printed = match meth {
                Some(m) => m.timing.unwrap_or(def.timing),
                // A55: a ☆ may set the printed timing while its condition holds.
                None => view.printed_set(card).1.unwrap_or(def.timing),
            };
            view.play_timing(card, printed)
        };
        self.check_timing(p, timing)?;
        let base = self.method_cost(db, card, m);
        let cost = view.play_cost_by(card, base, meth.map(|m| m.name.as_str()));
        let extra = crate::card_costs::play_costs(def);
        if cost.freeze_self
            || cost.discard_self
            || extra
                .iter()
                .any(|c| c.pick == crate::model::cost::CardPick::This)
        {
            return Err(ActionError::Payment(Refusal::PaysWithItself { card }));
        }
        Ok(cost)
    }

    /// The square and targets of a play (R8.2, R8.6, R7.4), and ★ prohibitions on playing the
    /// card there by that method (R16.2). `listed`: the targets were enumerated as legal for
    /// the card's target spec on this very state ([`Query::for_each_targets`]), so they are not
    /// checked again.
    // The play's parts are checked separately from its source (`check_play_source`), so
    // listing can reuse a source check for every square; bundling them would only rename them.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_play_place(
        &self,
        db: &CardDb,
        p: Player,
        card: CardId,
        m: Option<u8>,
        square: Option<Square>,
        targets: &Targets,
        listed: bool,
    ) -> Result<(), ActionError> {
        self.check_card(card)?;
        let def = db.def(self.card(card).def);
        let view = Query::new(self, db);
        let meth = m.and_then(|i| method_ref(db, self, card, i));
        if def.kind.in_dimension_deck() {
            return Err(ActionError::Illegal(Refusal::StaysInCommandZone { card }));
        }
        match def.kind {
            CardKind::Unit => {
                let s = square.ok_or(ActionError::Square(Refusal::UnitNeedsSquare { card }))?;
                if !s.is_battle() {
                    return Err(ActionError::Square(Refusal::UnitOutsideBattleSpace {
                        card,
                        square: s,
                    }));
                }
                let allowed = match meth.and_then(|m| m.squares.as_ref()) {
                    Some(rule) => rule(&view, card).contains(s),
                    // R8.2: own area or centre area.
                    None => matches!(s.area(p), Some(Area::Own | Area::Centre)),
                };
                if !allowed {
                    return Err(ActionError::Square(Refusal::UnitOutsideOwnOrCentre {
                        card,
                        square: s,
                    }));
                }
                if self.units_of(p, s).next().is_some() {
                    return Err(ActionError::Square(Refusal::UnitSquareTaken { square: s }));
                }
                if !targets.is_empty() {
                    return Err(ActionError::Target(Refusal::UnitTakesNoTargets { card }));
                }
            }
            CardKind::Base => {
                let s = square.ok_or(ActionError::Square(Refusal::BaseNeedsSquare { card }))?;
                let allowed = match meth.and_then(|m| m.squares.as_ref()) {
                    Some(rule) => rule(&view, card).contains(s),
                    None => true,
                };
                if s.base_owner() != Some(p) || !allowed {
                    return Err(ActionError::Square(Refusal::BaseOutsideBaseSpace {
                        card,
                        square: s,
                    }));
                }
                if self
                    .field
                    .iter()
                    .any(|&c| self.card(c).owner == p && self.card(c).loc == Loc::Square(s))
                {
                    return Err(ActionError::Square(Refusal::BaseSquareTaken { square: s }));
                }
                if !targets.is_empty() {
                    return Err(ActionError::Target(Refusal::BaseTakesNoTargets { card }));
                }
            }
            CardKind::Strategy => {
                if square.is_some() {
                    return Err(ActionError::Square(Refusal::StrategyTakesNoSquare { card }));
                }
                let spec = def.spell.as_ref().and_then(|s| s.target.as_ref());
                if !listed && !view.targets_legal(spec, Some(card), p, targets) {
                    return Err(ActionError::Target(Refusal::IllegalTargets { card }));
                }
            }
            // Refused above (R19.8).
            CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {}
        }
        let what = Forbid::Play {
            card,
            player: p,
            square,
            method: m,
        };
        if view.forbidden(what) {
            return Err(ActionError::Illegal(Refusal::PlayForbidden { card }));
        }
        Ok(())
    }

    /// Declares a play: pays, moves the card onto the stack, stacks the item (R8.1).
    pub(crate) fn play(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        let d = self.check_play(db, p, action)?;
        self.pay(db, p, &d.cost, d.payment)?;
        // R5.9: the additional card costs are paid with the energy, before the item is stacked.
        let extra = crate::card_costs::play_costs(db.def(self.card(d.card).def));
        self.pay_card_costs(db, d.card, extra, &d.cost.cost_cards, d.x, None);
        let played = match d.kind {
            ItemKind::Play { method, from, .. } => Played { from, method },
            _ => Played {
                from: Zone::Hand,
                method: None,
            },
        };
        self.relocate_by(d.card, Loc::Stack, true, Cause::Played(played));
        self.declare(db, p, d, None);
        Ok(())
    }

    /// Resolves the play of a unit or base: puts it into its square (R8.3, R8.6).
    pub(crate) fn resolve_permanent(
        &mut self,
        db: &CardDb,
        card: CardId,
        square: Option<Square>,
        method: Option<AbilityRef>,
    ) {
        let Some(square) = square else { return };
        if self.card(card).loc != Loc::Stack {
            return;
        }
        let owner = self.card(card).owner;
        // The object on the stack keeps how it was played, for effects that ask it.
        let cause = Cause::Played(self.card(card).played.unwrap_or(Played {
            from: Zone::Hand,
            method,
        }));
        match db.def(self.card(card).def).kind {
            CardKind::Unit => {
                let haste = Query::new(self, db).keywords(card).has(Keywords::HASTE);
                // R8.3 / R17.7: frozen, or released with 速攻.
                self.place(card, square, !haste, cause);
                // The method is found by identity, even if a reload moved it (R7.3).
                let exempt = method
                    .and_then(|r| db.def(self.card(card).def).find_ability(r))
                    .is_some_and(|(_, a)| {
                        matches!(a, Ability::Play(PlayModifier::Method(m)) if m.centre_exempt)
                    });
                if square.area(owner) == Some(Area::Centre) && !exempt {
                    self.card_mut(card).centre_played = true;
                }
            }
            _ => self.place(card, square, false, cause),
        }
        self.emit(Event::Resolved {
            tag: ItemTag::Play,
            card: Some(card),
            fizzled: false,
        });
    }
}

/// Whether `m` may be used on a card in `zone`: the zones it names, and the plan zone too when
/// it names the hand, since the plan card is played as from the hand (R9.6) and ☆ works outside
/// squares (R17.4).
pub(crate) fn method_works_from(m: &PlayMethod, zone: crate::model::zone::Zone) -> bool {
    use crate::model::zone::Zone;
    m.from.contains(zone) || (zone == Zone::Plan && m.from.contains(Zone::Hand))
}

fn method_ref<'a>(db: &'a CardDb, game: &Game, card: CardId, index: u8) -> Option<&'a PlayMethod> {
    match db.def(game.card(card).def).abilities.get(index as usize) {
        Some(Ability::Play(PlayModifier::Method(m))) => Some(m),
        _ => None,
    }
}
