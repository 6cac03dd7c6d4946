//! Compiling ★ lines about other cards and ☆ lines onto core [`Static`] effects and
//! [`PlayModifier`]s: the same values a Lua `card:static`, `card:play_cost` or
//! `card:play_method` registers.

use super::filters::Filters;
use crate::ast::{
    BoardCondition, ConditionKind, CostChange, Filter, Group, GroupPlace, PlayKind, PlayLine, Stat,
    StaticKind, StaticLine, ZoneName, timing_text,
};
use crate::error::DslError;
use dzero_core::{
    Ability, Area, CardId, CardKind, Characteristics, Cost, DamageKind, DamageSource, Forbid,
    Hooks, Permit, PlayMethod, PlayModifier, Player, Query, Side, Square, Static, StaticEffect,
    Timing, Zone, ZoneSet,
};

/// The name of the ☆ play method 「このカードはバトルタイミングでもプレイできる」 compiles to
/// (scenarios and players choose it by this name).
pub fn timing_method_name(t: Timing) -> String {
    format!("{}でプレイ", timing_text(t))
}

/// Compiles a ★ line; `zone` is the zone of a zone effect, `None` for the field.
pub(crate) fn compile_static(s: &StaticLine, zone: Option<ZoneName>) -> Result<Ability, DslError> {
    if let (Some(_), true) = (zone, s.while_in_square) {
        return Err(DslError::new(
            s.span,
            "このカードがスクエアにある限り contradicts the zone effect: a card in that zone is in no square",
        ));
    }
    let kind = match &s.kind {
        StaticKind::Stat(g, stat, d) => Kind::Stat(who(g, zone, false)?, *stat, *d),
        StaticKind::UseCost(g, c) => Kind::UseCost(who(g, zone, true)?, *c),
        StaticKind::Damage(g, d) => Kind::Damage(who(g, zone, false)?, *d),
        StaticKind::NoMoveNextToThis(g) => {
            if zone.is_some() {
                return Err(DslError::new(
                    s.span,
                    "a card in a zone is in no square, so no square is next to it",
                ));
            }
            Kind::NoMoveNextToThis(who(g, zone, false)?)
        }
        StaticKind::NoDamageFrom(k) => Kind::NoDamageFrom(*k),
        StaticKind::Untargetable(side) => Kind::Untargetable(*side),
        StaticKind::MoveDiagonally => Kind::MoveDiagonally,
        StaticKind::SmashFromOwnArea => Kind::SmashFromOwnArea,
        StaticKind::PlayTiming(t) => Kind::PlayTiming(*t),
        StaticKind::NoPlay(side, area) => Kind::NoPlay(*side, *area),
        StaticKind::NoRelease(side, kind) => Kind::NoRelease(*side, *kind),
        StaticKind::SmashLoss(n) => Kind::SmashLoss(*n),
    };
    // A ★ about how this card is played works where the card is played from: the hand.
    let zones = match (zone, &kind) {
        (Some(z), _) => ZoneSet::of(z.zone()),
        (None, Kind::PlayTiming(_)) => ZoneSet::HAND,
        (None, _) => ZoneSet::FIELD,
    };
    Ok(Ability::Static(Static {
        zones,
        effect: Box::new(TextStatic { kind }),
    }))
}

/// Compiles a ☆ line (R17.4: it works from every zone, so a zone effect cannot hold one).
pub(crate) fn compile_play(p: &PlayLine, zone: Option<ZoneName>) -> Result<Ability, DslError> {
    if zone.is_some() {
        return Err(DslError::new(
            p.span,
            "☆ works from every zone (R17.4): write it without a zone effect",
        ));
    }
    let condition = match &p.condition {
        Some(c) => Some(Condition::new(c)?),
        None => None,
    };
    Ok(Ability::Play(match p.kind {
        PlayKind::OwnCost(change) => PlayModifier::Cost(Box::new(
            move |view: &Query<'_>, me: CardId, _method: Option<&str>, cost: &mut Cost| {
                let you = view.controller(me);
                if condition.as_ref().is_none_or(|c| c.holds(view, me, you)) {
                    apply(change, cost);
                }
            },
        )),
        PlayKind::Timing { timing, .. } => PlayModifier::Method(PlayMethod {
            name: timing_method_name(timing),
            from: ZoneSet::HAND,
            cost: None,
            timing: Some(timing),
            squares: None,
            centre_exempt: false,
            condition: condition.map(|c| {
                Box::new(move |view: &Query<'_>, card: CardId, player: Player| {
                    c.holds(view, card, player)
                }) as dzero_core::MethodCondition
            }),
        }),
    }))
}

/// The units of a ★ group grant, as the core's [`dzero_core::GroupGrant`] asks them: units
/// of the battle space in the group, seen from the ★'s card and its controller.
pub(crate) fn group_filter(g: &Group) -> Result<dzero_core::TargetFilter, DslError> {
    let who = who(g, None, false)?;
    Ok(Box::new(
        move |view: &Query<'_>, me: CardId, card: CardId| {
            who.holds(view, me, view.controller(me), card)
        },
    ))
}

/// A use-cost filter inside a condition would ask the cost it is computing.
fn no_cost_filter(g: &Group) -> Result<(), DslError> {
    if g.filters.iter().any(|f| matches!(f, Filter::CostAtMost(_))) {
        return Err(DslError::new(
            g.span,
            "a use cost cannot depend on use costs: remove 使用コストがN以下の here",
        ));
    }
    Ok(())
}

/// The cards a group describes, as plain data.
#[derive(Clone, Debug)]
pub(crate) struct Who {
    place: Option<GroupPlace>,
    side: Option<Side>,
    filters: Filters,
    /// Units in the battle space only (else unit cards anywhere, for use costs).
    in_play: bool,
}

/// A group compiled; `any_zone` is for use costs (the cards are played from the hand).
pub(crate) fn who(g: &Group, zone: Option<ZoneName>, any_zone: bool) -> Result<Who, DslError> {
    if let (Some(z), Some(GroupPlace::SameLine)) = (zone, g.place) {
        return Err(DslError::new(
            g.span,
            format!(
                "a card in the {} is in no line, so 同じライン never holds",
                z.noun()
            ),
        ));
    }
    Ok(Who {
        place: g.place,
        side: g.side,
        filters: Filters::new(&g.filters),
        in_play: !any_zone,
    })
}

impl Who {
    /// Whether `card` is one of the group, for the ability of `me` controlled by `you`: a unit
    /// (in the battle space), of that side (controlled by; owned, outside the squares), in that
    /// place (a line: the line of `me`'s square, R1.12; an area: seen from the unit's
    /// controller, R1.11), matching the filters.
    fn holds(&self, view: &Query<'_>, me: CardId, you: Player, card: CardId) -> bool {
        self.holds_at(view, me, you, card, view.square(card))
    }

    /// [`Who::holds`] for `card` seen in `square` (where an event put it), not where it is now.
    pub(crate) fn holds_at(
        &self,
        view: &Query<'_>,
        me: CardId,
        you: Player,
        card: CardId,
        square: Option<Square>,
    ) -> bool {
        if !view.exists(card) || view.def(card).kind != CardKind::Unit {
            return false;
        }
        let in_battle = square.is_some_and(Square::is_battle);
        if (self.in_play || self.place.is_some()) && !in_battle {
            return false;
        }
        let side_ok = match self.side {
            Some(Side::Own) => view.controller(card) == you,
            Some(Side::Opponent) => view.controller(card) != you,
            Some(Side::Any) | None => true,
        };
        let place_ok = match (self.place, square) {
            (None, _) => true,
            (Some(GroupPlace::SameLine), Some(s)) => {
                view.square(me).is_some_and(|m| m.same_line(s))
            }
            (Some(GroupPlace::Area(a)), Some(s)) => s.area(view.controller(card)) == Some(a),
            (Some(_), None) => false,
        };
        side_ok && place_ok && self.filters.accepts(view, Some(me), card)
    }

    /// How many units of the battle space belong to the group.
    fn count(&self, view: &Query<'_>, me: CardId, you: Player) -> usize {
        view.field()
            .iter()
            .filter(|&&c| self.holds(view, me, you, c))
            .count()
    }
}

/// A board condition compiled.
#[derive(Clone, Debug)]
pub(crate) struct Condition {
    who: Who,
    at_least: usize,
}

impl Condition {
    /// Compiles a condition; it is judged in the battle space.
    pub(crate) fn new(c: &BoardCondition) -> Result<Condition, DslError> {
        let (g, n) = match &c.kind {
            ConditionKind::Exists(g) => (g, 1),
            ConditionKind::AtLeast(g, n) => (g, usize::from(*n)),
        };
        no_cost_filter(g)?;
        Ok(Condition {
            who: who(g, None, false)?,
            at_least: n,
        })
    }

    /// Whether it holds for the card `me` and its player `you`.
    pub(crate) fn holds(&self, view: &Query<'_>, me: CardId, you: Player) -> bool {
        self.who.count(view, me, you) >= self.at_least
    }
}

/// Applies an energy change to a cost; a reduction stops at 0 (an X part is untouched).
pub(crate) fn apply(change: CostChange, cost: &mut Cost) {
    let slot = match change.colour {
        Some(c) => &mut cost.coloured[c.index()],
        None => &mut cost.colourless,
    };
    let n = u8::try_from(change.delta.unsigned_abs()).unwrap_or(u8::MAX);
    *slot = if change.delta < 0 {
        slot.saturating_sub(n)
    } else {
        slot.saturating_add(n)
    };
}

/// A ★ line compiled.
#[derive(Clone, Debug)]
enum Kind {
    Stat(Who, Stat, i32),
    UseCost(Who, CostChange),
    Damage(Who, i32),
    NoMoveNextToThis(Who),
    NoDamageFrom(DamageKind),
    Untargetable(Side),
    MoveDiagonally,
    SmashFromOwnArea,
    PlayTiming(Timing),
    NoPlay(Side, Area),
    NoRelease(Side, Option<CardKind>),
    SmashLoss(u32),
}

/// The continuous effect of a ★ line written as printed.
struct TextStatic {
    kind: Kind,
}

/// Whether `player` is on `side` relative to `you`.
fn on_side(side: Side, you: Player, player: Player) -> bool {
    match side {
        Side::Own => player == you,
        Side::Opponent => player != you,
        Side::Any => true,
    }
}

impl StaticEffect for TextStatic {
    fn hooks(&self) -> Hooks {
        match self.kind {
            Kind::Stat(..) => Hooks::CHARACTERISTICS,
            Kind::UseCost(..) => Hooks::PLAY_COST,
            Kind::Damage(..) | Kind::NoDamageFrom(_) => Hooks::DAMAGE,
            Kind::NoMoveNextToThis(_)
            | Kind::Untargetable(_)
            | Kind::NoPlay(..)
            | Kind::NoRelease(..) => Hooks::FORBID,
            Kind::MoveDiagonally | Kind::SmashFromOwnArea => Hooks::PERMIT,
            Kind::PlayTiming(_) => Hooks::PLAY_TIMING,
            Kind::SmashLoss(_) => Hooks::SMASH_LOSS,
        }
    }

    fn characteristics(
        &self,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        if let Kind::Stat(w, stat, d) = &self.kind
            && w.holds(view, me, view.controller(me), subject)
        {
            match stat {
                Stat::Power => ch.power = ch.power.saturating_add(*d),
                Stat::Smash => ch.smash = ch.smash.saturating_add(*d),
            }
        }
    }

    fn damage_from(
        &self,
        view: &Query<'_>,
        me: CardId,
        recipient: CardId,
        amount: i32,
        source: DamageSource,
    ) -> i32 {
        match &self.kind {
            Kind::Damage(w, d) if w.holds(view, me, view.controller(me), recipient) => {
                amount.saturating_add(*d)
            }
            Kind::NoDamageFrom(k) if recipient == me && source.kind == *k => 0,
            _ => amount,
        }
    }

    fn smash_loss(&self, view: &Query<'_>, me: CardId, player: Player, limit: u32) -> u32 {
        match self.kind {
            Kind::SmashLoss(n) if view.controller(me) == player => n,
            _ => limit,
        }
    }

    fn forbids(&self, view: &Query<'_>, me: CardId, what: Forbid) -> bool {
        let you = view.controller(me);
        match (&self.kind, what) {
            (Kind::Untargetable(side), Forbid::Target { subject, by }) => {
                subject == me && view.exists(me) && on_side(*side, you, by)
            }
            (Kind::NoMoveNextToThis(w), Forbid::Move { unit, to }) => {
                w.holds(view, me, you, unit) && view.square(me).is_some_and(|s| to.adjacent(s))
            }
            (
                Kind::NoPlay(side, area),
                Forbid::Play {
                    card,
                    player,
                    square: Some(s),
                    ..
                },
            ) => {
                on_side(*side, you, player)
                    && view.def(card).kind == CardKind::Unit
                    && s.area(player) == Some(*area)
            }
            (Kind::NoRelease(side, kind), Forbid::Release { card }) => {
                on_side(*side, you, view.owner(card))
                    && view.in_zone(card, Zone::Energy)
                    && kind.is_none_or(|k| view.def(card).kind == k)
            }
            _ => false,
        }
    }

    fn permits(&self, _view: &Query<'_>, me: CardId, what: Permit) -> bool {
        match (&self.kind, what) {
            (Kind::MoveDiagonally, Permit::MoveDiagonally { unit, .. }) => unit == me,
            (Kind::SmashFromOwnArea, Permit::SmashFromOwnArea { unit }) => unit == me,
            _ => false,
        }
    }

    fn play_cost(&self, view: &Query<'_>, me: CardId, card: CardId, cost: &mut Cost) {
        if let Kind::UseCost(w, change) = &self.kind
            && w.holds(view, me, view.controller(me), card)
        {
            apply(*change, cost);
        }
    }

    fn play_timing(&self, _view: &Query<'_>, me: CardId, card: CardId, timing: &mut Timing) {
        if let Kind::PlayTiming(t) = self.kind
            && card == me
        {
            *timing = t;
        }
    }
}
