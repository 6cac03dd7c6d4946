//! 盟約 compiled (R17.11, A24): a ● removing a card named A and one named B, which puts the card
//! frozen into an own-area square.

use super::context::{CompileCtx, unit_only};
use crate::ast::Covenant;
use crate::error::DslError;
use dzero_core::{
    Ability, AbilityKey, Activated, Area, Ask, CardCost, CardId, CostDest, Dest, Effect,
    EffectError, Query, Resolve, Square, TargetFilter, Zone, ZoneSet, play_name,
};

/// R17.11, A24: a ● from the hand at the card's printed timing (or from the zone and at the
/// timing of the printed wrapper ●プランゾーン効果『盟約―…』《クイック》); remove a card of yours
/// named A and one named B (hand, squares, energy zone, graveyard) with the energy cost; on
/// resolution put this card frozen into an own-area square without a unit of yours, chosen then.
pub(crate) fn covenant(c: &Covenant, ctx: &CompileCtx) -> Result<Ability, DslError> {
    unit_only(ctx, c.span, "盟約")?;
    let zones = ZoneSet::HAND
        .with(Zone::Field)
        .with(Zone::Energy)
        .with(Zone::Graveyard);
    let named = |name: &str| -> TargetFilter {
        let name = name.to_owned();
        Box::new(move |view: &Query<'_>, _me: CardId, cand: CardId| {
            play_name(&view.def(cand).name) == name
        })
    };
    let (from, timing) = c
        .wrapper
        .map_or((Zone::Hand, ctx.timing), |w| (w.zone.zone(), w.timing));
    Ok(Ability::Activated(Activated {
        key: AbilityKey::NONE,
        zones: ZoneSet::of(from),
        cost: c.cost.cost,
        timing,
        target: None,
        card_costs: vec![
            CardCost {
                zones,
                filter: named(&c.a.text),
                to: CostDest::Remove,
                pick: dzero_core::CardPick::One,
            },
            CardCost {
                zones,
                filter: named(&c.b.text),
                to: CostDest::Remove,
                pick: dzero_core::CardPick::One,
            },
        ],
        condition: None,
        effect: Box::new(CovenantPut { from }),
    }))
}

/// 盟約's effect: put the source frozen into a chosen own-area square without a unit of yours.
/// Nothing happens if the card has left the zone it was activated from (the hand, or the zone
/// of the printed wrapper) or no such square exists.
struct CovenantPut {
    from: Zone,
}

impl Effect for CovenantPut {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        let Some(me) = r.source() else {
            return Ok(());
        };
        let p = r.controller();
        let view = r.view();
        let still_there = view.exists(me)
            && match self.from {
                // The plan card is the top card of the deck while the plan zone exists (R9.1).
                Zone::Plan => view.game.plan_card(view.owner(me)) == Some(me),
                zone => view.in_zone(me, zone),
            };
        if !still_there {
            return Ok(());
        }
        let free: Vec<Square> = Square::battle_squares()
            .filter(|s| s.area(p) == Some(Area::Own) && view.unit_at(p, *s).is_none())
            .collect();
        if let Some(s) = r.choose_square(p, Ask::SquareToPut, &free)? {
            r.put(me, Dest::Square(s, true));
        }
        Ok(())
    }
}
