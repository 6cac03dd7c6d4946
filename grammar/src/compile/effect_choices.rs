//! Effect sentences that choose beyond the cards in squares, compiled: a card of your hand, a
//! target player and a target battle square choose and act through the same `TargetSpec` and
//! calls as the Lua `target.player()` / `target.square { … }` scripts.

use super::filters::Filters;
use super::verbs::put_into_area;
use crate::ast::{Action, FromZone, HandPut, PutFrom};
use dzero_core::{
    Ask, CardId, CardKind, ChoiceOption, Dest, EffectError, Loc, Player, Query, Resolve, Side,
    Target, TargetKind, TargetSpec, Zone, ZoneSet,
};

/// The targets a sentence choosing beyond the cards in squares chooses (R7.4), if any.
pub(crate) fn target(a: &Action) -> Option<TargetSpec> {
    match *a {
        Action::PlayerDiscards(_) => Some(TargetSpec::player()),
        Action::PutFrom(ref p) if p.target => Some(put_from_target(p)),
        Action::SquareDamage(d) => Some(TargetSpec::square().check(move |v, me, t| {
            matches!(t, Target::Square(s) if s.is_battle() && unit_at(v, me, s, d.side).is_some())
        })),
        _ => None,
    }
}

/// The unit of `side` (seen from `me`'s controller; either player's for `None`) in `square`.
fn unit_at(
    v: &Query<'_>,
    me: Option<CardId>,
    square: dzero_core::Square,
    side: Option<Side>,
) -> Option<CardId> {
    let mine = me.map_or(Player::One, |c| v.controller(c));
    let players = match side {
        Some(Side::Own) => [Some(mine), None],
        Some(Side::Opponent) => [Some(mine.opponent()), None],
        _ => [Some(mine), Some(mine.opponent())],
    };
    players
        .into_iter()
        .flatten()
        .find_map(|p| v.unit_at(p, square))
}

/// 自分の…にある対象の…ユニット: units of the controller's named zones (R7.4).
fn put_from_target(p: &PutFrom) -> TargetSpec {
    let mut zones = ZoneSet::NONE;
    for z in &p.zones {
        zones = zones.with(match z {
            FromZone::Hand => Zone::Hand,
            FromZone::Graveyard => Zone::Graveyard,
            FromZone::Plan => Zone::Plan,
        });
    }
    let mut spec = TargetSpec {
        kind: TargetKind::Card {
            zones,
            kind: Some(CardKind::Unit),
        },
        ..TargetSpec::unit()
    }
    .side(Side::Own)
    .count(p.count);
    if p.up_to {
        spec = spec.up_to();
    }
    let filters = Filters::new(&p.filters);
    spec.filter(move |view, me, cand| filters.accepts(view, Some(me), cand))
}

/// Runs a sentence choosing beyond the cards in squares; `false` for other actions.
pub(crate) fn run(a: &Action, r: &mut Resolve<'_>) -> Result<bool, EffectError> {
    match a {
        Action::PutFromHand(h) => put_from_hand(r, *h)?,
        Action::PutFrom(p) => put_from(r, p)?,
        Action::PlayerDiscards(n) => player_discards(r, *n)?,
        &Action::SquareDamage(d) => {
            let square = r.chosen().iter().find_map(|t| match t {
                Target::Square(s) => Some(*s),
                _ => None,
            });
            if let Some(s) = square {
                let view = r.view();
                if let Some(u) = unit_at(&view, r.source(), s, d.side) {
                    r.damage(u, i32::try_from(d.amount).unwrap_or(i32::MAX));
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The controller chooses the cards one by one, asked even with one card (「選び」, as Lua's
/// `g:choose_card(p, p:hand(), …)`); each goes to its owner's zone as chosen.
fn put_from_hand(r: &mut Resolve<'_>, h: HandPut) -> Result<(), EffectError> {
    let p = r.controller();
    let mut hand = r.zone(p, Loc::Hand);
    {
        let view = r.view();
        hand.retain(|&c| h.kind.is_none_or(|k| view.def(c).kind == k));
    }
    for _ in 0..h.count {
        let Some(c) = r.choose_card(p, Ask::CardOfHand, &hand)? else {
            break;
        };
        hand.retain(|&x| x != c);
        r.put(c, h.dest.core());
    }
    Ok(())
}

/// The target player chooses N cards of their own hand, one by one (asked even with one), and
/// discards each (Lua's `g:discard`).
fn player_discards(r: &mut Resolve<'_>, n: u8) -> Result<(), EffectError> {
    let Some(p) = r.chosen().iter().find_map(|t| match t {
        Target::Player(p) => Some(*p),
        _ => None,
    }) else {
        return Ok(());
    };
    let mut hand = r.zone(p, Loc::Hand);
    for _ in 0..n {
        let Some(c) = r.choose_card(p, Ask::Discard, &hand)? else {
            break;
        };
        hand.retain(|&x| x != c);
        r.put(c, Dest::Graveyard);
    }
    Ok(())
}

/// The controller chooses units of their zones one by one (`done` ends a choice of up to N),
/// each going at once into an empty battle square of the named areas (`put_into_area`); with
/// no square left, nothing more is chosen. The units are offered in card-id order so that the
/// question does not tell the order of the zones.
fn put_from(r: &mut Resolve<'_>, p: &PutFrom) -> Result<(), EffectError> {
    if p.target {
        return put_targets(r, p);
    }
    let me = r.controller();
    let filters = Filters::new(&p.filters);
    let mut pool: Vec<CardId> = Vec::new();
    for z in &p.zones {
        match z {
            FromZone::Hand => pool.extend(r.zone(me, Loc::Hand)),
            FromZone::Graveyard => pool.extend(r.zone(me, Loc::Graveyard)),
            FromZone::Plan => pool.extend(r.plan_card(me)),
        }
    }
    let cost_cap = p
        .cost_at_most_x_plus
        .map(|n| n.saturating_add(u32::from(r.x())));
    {
        let view = r.view();
        pool.retain(|&c| {
            let def = view.def(c);
            def.kind == dzero_core::CardKind::Unit
                && filters.accepts(&view, r.source(), c)
                && cost_cap.is_none_or(|cap| view.play_cost(c, def.cost).total() <= cap)
        });
    }
    pool.sort();
    for _ in 0..p.count {
        let mut options: Vec<ChoiceOption> = pool.iter().map(|&c| ChoiceOption::Card(c)).collect();
        if options.is_empty() {
            break;
        }
        if p.up_to {
            options.push(ChoiceOption::Label(DONE.into()));
        }
        let Some(i) = r.choose(me, Ask::CardToPut, options)? else {
            break;
        };
        let Some(&c) = pool.get(i) else {
            break;
        };
        pool.retain(|&x| x != c);
        if !put_into_area(r, c, p.frozen, p.centre)? {
            break;
        }
        if p.bind {
            r.bind_source(c);
        }
    }
    Ok(())
}

/// 対象の: the targets still legal (R7.5) go into empty squares in the order chosen; the first
/// put is the one a binding strategy binds to (A75).
fn put_targets(r: &mut Resolve<'_>, p: &PutFrom) -> Result<(), EffectError> {
    let targets = r.targets().to_vec();
    for c in targets {
        if !put_into_area(r, c, p.frozen, p.centre)? {
            break;
        }
        if p.bind {
            r.bind_source(c);
        }
    }
    Ok(())
}

/// The option that ends a choice of up to N.
const DONE: &str = "done";
