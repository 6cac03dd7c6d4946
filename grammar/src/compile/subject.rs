//! What an effect sentence acts on, compiled: the targets it chooses (R7.4), the nouns its verb
//! accepts, and the cards it names on resolution.

use super::filters::Filters;
use crate::ast::{Action, CardZone, Choice, Noun, Subject};
use crate::error::DslError;
use dzero_core::{
    CardId, CardKind, Event, Loc, MAX_TARGETS, Resolve, Side, TargetKind, TargetSpec, Zone, ZoneSet,
};

/// Which nouns an action accepts.
pub(crate) fn check_noun(action: &Action, s: &Subject) -> Result<(), DslError> {
    if s.mode == Choice::Each
        && s.zone.is_some()
        && !matches!(action, Action::ReturnToHand(_) | Action::Put(..))
    {
        return Err(DslError::new(
            s.span,
            "every card in a zone (全ての…にあるカード) is put into a zone: e.g. 持ち主の墓地に置く",
        ));
    }
    let ok = s.mode == Choice::This
        || match action {
            // The verbs of a condition act on its subject.
            Action::IfTarget(c) => {
                return [Some(c.then), c.otherwise]
                    .into_iter()
                    .flatten()
                    .try_for_each(|b| check_noun(&b.on(s), s));
            }
            Action::FromPlan(a, b) => {
                check_noun(a, s)?;
                return check_noun(&b.on(s), s);
            }
            Action::May(a) | Action::IfDone(a) | Action::If(_, a) => return check_noun(a, s),
            Action::Draw(_)
            | Action::RevealRandom(_)
            | Action::ShuffleDimensionDeck
            | Action::EnergyThroughDeck
            | Action::Discard(_)
            | Action::Search(_)
            | Action::PutFromHand(_)
            | Action::PutFrom(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_) => true,
            Action::Damage(..)
            | Action::Boost(..)
            | Action::BoostX(..)
            | Action::Gain(..)
            | Action::Move(_)
            | Action::MoveTo(..) => s.noun == Noun::Unit,
            Action::Destroy(_) | Action::Freeze(_) | Action::Release(_) => {
                matches!(s.noun, Noun::Unit | Noun::Base)
            }
            Action::ReturnToHand(_) | Action::Put(..) => true,
            Action::PutIntoSquare(..) => {
                matches!(s.noun, Noun::Card(Some(CardKind::Unit | CardKind::Base)))
            }
            Action::Clause(_) => s.noun == Noun::Unit,
        };
    if ok {
        Ok(())
    } else {
        Err(DslError::new(
            s.span,
            match action {
                Action::Damage(..) => "damage is dealt to units (ユニット)",
                Action::Boost(..) | Action::BoostX(..) | Action::Gain(..) | Action::Clause(_) => {
                    "only units (ユニット) change this way"
                }
                Action::Move(_) | Action::MoveTo(..) => "only units (ユニット) move",
                Action::PutIntoSquare(..) => {
                    "a unit card or base card in a zone is put into a square: e.g. あなたの墓地にあるユニットカード"
                }
                _ => "this acts on cards in squares: ユニット or ベース",
            },
        ))
    }
}

/// The targets a subject chooses: `count` of them, or up to that many.
pub(crate) fn target_spec(s: &Subject, count: u8, up_to: bool) -> TargetSpec {
    let mut spec = match (s.noun, s.zone) {
        (Noun::Unit, _) => TargetSpec::unit(),
        (Noun::Base, _) => TargetSpec::base(),
        (Noun::Card(kind), zone) => TargetSpec {
            kind: TargetKind::Card {
                zones: ZoneSet::of(match zone {
                    Some(CardZone::Remove) => Zone::Remove,
                    Some(CardZone::Energy) => Zone::Energy,
                    _ => Zone::Graveyard,
                }),
                kind,
            },
            ..TargetSpec::unit()
        },
    }
    .side(s.side.unwrap_or(Side::Any))
    .count(count);
    if up_to {
        spec = spec.up_to();
    }
    if !s.filters.is_empty() {
        let filters = Filters::new(&s.filters);
        spec = spec.filter(move |view, me, cand| filters.accepts(view, Some(me), cand));
    }
    spec
}

/// Who a compiled sentence acts on.
#[derive(Clone, Debug)]
pub(crate) enum Who {
    /// The targets still legal.
    Targets,
    /// The ability's own card.
    This,
    /// Every card in a square matching, on resolution.
    Each {
        /// Whose cards (None: either player's).
        side: Option<Side>,
        /// Bases in base squares (else units in battle squares).
        base: bool,
        /// Further conditions.
        filters: Filters,
    },
    /// The card of the triggering event, while it is still where that event put it: その… in a
    /// ◆ with no subject before it (A68).
    EventCard,
    /// Every card in a zone matching, on resolution: both players' zones when no side is named
    /// (A66).
    EachInZone {
        /// Whose zone (None: both players').
        side: Option<Side>,
        /// The zone.
        zone: Loc,
        /// The card type, if named.
        kind: Option<CardKind>,
        /// Further conditions.
        filters: Filters,
    },
}

impl Who {
    /// Who the subject `s` names.
    pub(crate) fn new(s: &Subject) -> Who {
        match s.mode {
            Choice::This => Who::This,
            Choice::Target { .. } => Who::Targets,
            Choice::Each if s.zone.is_some() => Who::EachInZone {
                side: s.side,
                zone: match s.zone {
                    Some(CardZone::Remove) => Loc::Remove,
                    Some(CardZone::Energy) => Loc::Energy,
                    _ => Loc::Graveyard,
                },
                kind: match s.noun {
                    Noun::Card(kind) => kind,
                    Noun::Unit => Some(CardKind::Unit),
                    Noun::Base => Some(CardKind::Base),
                },
                filters: Filters::new(&s.filters),
            },
            Choice::Each => Who::Each {
                side: s.side,
                base: s.noun == Noun::Base,
                filters: Filters::new(&s.filters),
            },
            // Resolved by the caller; nothing is left to name.
            Choice::Same => Who::Targets,
        }
    }

    /// The cards acted on, in target order or in field order.
    pub(crate) fn cards(&self, r: &Resolve<'_>) -> Cards {
        match self {
            Who::This => {
                let mut buf = [CardId::default(); MAX_TARGETS];
                let me = r.source().filter(|&c| r.view().exists(c));
                let n = usize::from(me.is_some());
                if let Some(c) = me {
                    buf[0] = c;
                }
                Cards::Targets(buf, n)
            }
            Who::EventCard => {
                let mut buf = [CardId::default(); MAX_TARGETS];
                let view = r.view();
                let card = match r.event() {
                    Some(Event::Placed { card, square, .. })
                        if view.exists(card) && view.loc(card) == Loc::Square(square) =>
                    {
                        Some(card)
                    }
                    Some(Event::Moved { card, to, .. })
                        if view.exists(card) && view.loc(card) == to =>
                    {
                        Some(card)
                    }
                    // A61: the winner of the battle, still in its square.
                    Some(Event::BattleEnded {
                        square,
                        winner: Some(card),
                    }) if view.exists(card) && view.loc(card) == Loc::Square(square) => Some(card),
                    _ => None,
                };
                if let Some(c) = card {
                    buf[0] = c;
                }
                Cards::Targets(buf, usize::from(card.is_some()))
            }
            Who::Targets => {
                let mut buf = [CardId::default(); MAX_TARGETS];
                let n = r.targets().len().min(MAX_TARGETS);
                buf[..n].copy_from_slice(&r.targets()[..n]);
                Cards::Targets(buf, n)
            }
            Who::Each {
                side,
                base,
                filters,
            } => {
                let view = r.view();
                let me = r.controller();
                view.field()
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let Loc::Square(sq) = view.loc(c) else {
                            return false;
                        };
                        let kind = if *base {
                            CardKind::Base
                        } else {
                            CardKind::Unit
                        };
                        view.def(c).kind == kind
                            && sq.is_battle() != *base
                            && match side {
                                Some(Side::Own) => view.controller(c) == me,
                                Some(Side::Opponent) => view.controller(c) != me,
                                _ => true,
                            }
                            && filters.accepts(&view, r.source(), c)
                    })
                    .collect::<Vec<_>>()
                    .into()
            }
            Who::EachInZone {
                side,
                zone,
                kind,
                filters,
            } => each_in_zone(r, *side, *zone, *kind, filters).into(),
        }
    }
}

/// Every card of the zone `zone` of the players `side` names (both when None), matching `kind`
/// and `filters`: the controller's zone first, each in zone order.
fn each_in_zone(
    r: &Resolve<'_>,
    side: Option<Side>,
    zone: Loc,
    kind: Option<CardKind>,
    filters: &Filters,
) -> Vec<CardId> {
    let me = r.controller();
    let players: &[_] = match side {
        Some(Side::Own) => &[me],
        Some(Side::Opponent) => &[me.opponent()],
        Some(Side::Any) | None => &[me, me.opponent()],
    };
    let view = r.view();
    players
        .iter()
        .flat_map(|&p| r.zone(p, zone))
        .filter(|&c| {
            kind.is_none_or(|k| view.def(c).kind == k) && filters.accepts(&view, r.source(), c)
        })
        .collect()
}

/// The cards a sentence acts on, copied out of the resolution: the targets without allocating,
/// or the cards すべての matched.
pub(crate) enum Cards {
    /// The first `n` cards of the buffer.
    Targets([CardId; MAX_TARGETS], usize),
    /// The cards matched.
    List(Vec<CardId>),
}

impl From<Vec<CardId>> for Cards {
    fn from(v: Vec<CardId>) -> Cards {
        Cards::List(v)
    }
}

impl Cards {
    /// The cards, in order.
    pub(crate) fn as_slice(&self) -> &[CardId] {
        match self {
            Cards::Targets(buf, n) => &buf[..*n],
            Cards::List(v) => v,
        }
    }
}
