//! Compiling ★ lines about this card (「このカードが中央エリアのスクエアにある場合、このカードのパワーを
//! +1000する。」) and ☆ set lines (「…場合、このカードの使用コストを[無0]にし、使用タイミングを《バトル》
//! にする。」) onto a core [`Static`] and a [`PlaySet`] (A55).

use super::card_condition::{Check, zone_cards};
use super::static_line::apply;
use crate::ast::{
    CardConditionKind, CostPerLine, PlayForbidLine, PlaySetLine, SelfStatic, Stat, ZoneHas,
    ZoneName,
};
use crate::error::DslError;
use dzero_core::{
    Ability, CardId, Characteristics, Cost, Forbid, Hooks, MethodCondition, PlayModifier, PlaySet,
    Player, Query, Side, Static, StaticEffect, ZoneSet,
};

/// One sentence of a ★ line about this card.
#[derive(Clone, Debug)]
struct Part {
    check: Option<Check>,
    stat: Stat,
    delta: i32,
    per: Option<(Side, ZoneName)>,
}

/// The continuous effect of a ★ line about this card: each sentence changes the card's own
/// power or smash while its condition holds.
struct SelfEffect {
    parts: Vec<Part>,
}

impl StaticEffect for SelfEffect {
    fn hooks(&self) -> Hooks {
        Hooks::CHARACTERISTICS
    }

    fn characteristics(
        &self,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        if subject != me {
            return;
        }
        let you = view.controller(me);
        for p in &self.parts {
            if p.check.as_ref().is_some_and(|c| !c.holds(view, me, you)) {
                continue;
            }
            let times = p
                .per
                .map_or(1, |(side, zone)| zone_cards(view, you, side, zone));
            let d = p
                .delta
                .saturating_mul(i32::try_from(times).unwrap_or(i32::MAX));
            match p.stat {
                Stat::Power => ch.power = ch.power.saturating_add(d),
                Stat::Smash => ch.smash = ch.smash.saturating_add(d),
            }
        }
    }
}

/// Compiles a ★ line about this card; it works in the squares (R17.1).
pub(crate) fn compile_self_static(
    s: &SelfStatic,
    zone: Option<ZoneName>,
) -> Result<Ability, DslError> {
    if zone.is_some() {
        return Err(DslError::new(
            s.span,
            "a card's power counts only in a square: write this ★ without a zone effect",
        ));
    }
    let parts = s
        .parts
        .iter()
        .map(|p| {
            let check = match &p.condition {
                Some(c) if matches!(c.kind, CardConditionKind::ThisInZone(_)) => {
                    return Err(DslError::new(
                        c.span,
                        "this ★ works while the card is in a square, never in that zone",
                    ));
                }
                Some(c) => Some(Check::new(c)?),
                None => None,
            };
            Ok(Part {
                check,
                stat: p.stat,
                delta: p.delta,
                per: p.per,
            })
        })
        .collect::<Result<Vec<_>, DslError>>()?;
    Ok(Ability::Static(Static {
        zones: ZoneSet::FIELD,
        effect: Box::new(SelfEffect { parts }),
    }))
}

/// Compiles a ☆ set line (A55); in a zone effect it holds only while the card is in that zone.
pub(crate) fn compile_play_set(
    p: &PlaySetLine,
    zone: Option<ZoneName>,
) -> Result<Ability, DslError> {
    let mut checks = Vec::new();
    if let Some(c) = &p.condition {
        if matches!(
            c.kind,
            CardConditionKind::ThisInArea(_) | CardConditionKind::ThisFrozen(_)
        ) {
            return Err(DslError::new(
                c.span,
                "a card being played is in no square: this condition never holds for ☆",
            ));
        }
        checks.push(Check::new(c)?);
    }
    if let Some(z) = zone {
        checks.push(Check::InZone(z.zone()));
    }
    let condition = (!checks.is_empty()).then(|| {
        Box::new(move |view: &Query<'_>, card: CardId, player: Player| {
            checks.iter().all(|c| c.holds(view, card, player))
        }) as MethodCondition
    });
    Ok(Ability::Play(PlayModifier::Set(PlaySet {
        cost: p.cost.as_ref().map(|c| c.cost),
        timing: p.timing,
        condition,
    })))
}

/// The ★ of a play restriction: playing the card is forbidden (R16.2) while its zone condition
/// holds for the player who would play it (A63).
struct PlayForbidEffect(ZoneHas);

impl StaticEffect for PlayForbidEffect {
    fn hooks(&self) -> Hooks {
        Hooks::FORBID
    }

    fn forbids(&self, view: &Query<'_>, me: CardId, what: Forbid) -> bool {
        let Forbid::Play { card, player, .. } = what else {
            return false;
        };
        let w = &self.0;
        let owner = if w.side == Side::Opponent {
            player.opponent()
        } else {
            player
        };
        card == me && view.zone_has(owner, w.zone.zone(), w.colour) == w.present
    }
}

/// Compiles 「…なければ、あなたはこのカードをプレイできない。」: it works wherever the card may be
/// played from (A63).
pub(crate) fn compile_play_forbid(
    p: &PlayForbidLine,
    zone: Option<ZoneName>,
) -> Result<Ability, DslError> {
    if zone.is_some() {
        return Err(DslError::new(
            p.span,
            "a play restriction holds wherever the card is: write it without a zone effect",
        ));
    }
    Ok(Ability::Static(Static {
        zones: ZoneSet::ALL,
        effect: Box::new(PlayForbidEffect(p.when)),
    }))
}

/// Compiles a ☆ change of this card's use cost once per N cards of a zone, counted from the
/// card's controller whenever the cost is read; it is always taken (A73). ☆ works from every
/// zone (R17.4), so a zone effect cannot hold one.
pub(crate) fn compile_cost_per(
    c: CostPerLine,
    zone: Option<ZoneName>,
) -> Result<Ability, DslError> {
    if zone.is_some() {
        return Err(DslError::new(
            c.span,
            "☆ works from every zone (R17.4): write it without a zone effect",
        ));
    }
    Ok(Ability::Play(PlayModifier::Cost(Box::new(
        move |view: &Query<'_>, me: CardId, _method: Option<&str>, cost: &mut Cost| {
            let you = view.controller(me);
            let times = zone_cards(view, you, c.side, c.zone) / c.per as usize;
            for _ in 0..times.min(usize::from(u8::MAX)) {
                apply(c.change, cost);
            }
        },
    ))))
}
