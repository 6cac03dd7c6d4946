//! Effect sentences that choose beyond the cards in squares, compiled: a card of your hand, a
//! target player and a target battle square choose and act through the same `TargetSpec` and
//! calls as the Lua `target.player()` / `target.square { … }` scripts.

use crate::ast::{Action, HandPut};
use dzero_core::{
    Ask, CardId, Dest, EffectError, Loc, Player, Query, Resolve, Side, Target, TargetSpec,
};

/// The targets a sentence choosing beyond the cards in squares chooses (R7.4), if any.
pub(crate) fn target(a: &Action) -> Option<TargetSpec> {
    match *a {
        Action::PlayerDiscards(_) => Some(TargetSpec::player()),
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

/// Runs a sentence choosing beyond the cards in squares; `false` for other actions.
pub(crate) fn run(a: &Action, r: &mut Resolve<'_>) -> Result<bool, EffectError> {
    match *a {
        Action::PutFromHand(h) => put_from_hand(r, h)?,
        Action::PlayerDiscards(n) => player_discards(r, n)?,
        Action::SquareDamage(d) => {
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
