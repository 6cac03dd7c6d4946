//! ◆ trigger conditions compiled (R17.2): the core [`Trigger`] a [`When`] becomes, matching the
//! same events a Lua `card:trigger { on = … }` does.

use super::static_line::{Who, who};
use crate::ast::{ArrivalFrom, ArrivalHow, Arriving, When};
use crate::error::DslError;
use dzero_core::{CardId, CardKind, Event, Phase, Query, Target, Trigger, Zone};
use dzero_core::{Cause, DieFace, EventKinds, Loc, Side};

/// A ◆ condition as printed, matched against the event as it left the state (R17.2). The
/// card-leaving conditions see the card in the zone it left (the trigger's zones are checked
/// before the event); the arrival conditions read the card's provenance on `Event::Placed`.
/// A condition joined by か triggers on any of its parts (A53).
pub(crate) struct TextTrigger {
    parts: Vec<Part>,
    kinds: EventKinds,
}

/// One condition of a [`TextTrigger`].
enum Part {
    /// A card arriving in a square; `who` is `None` for the ability's own card.
    Arrives {
        who: Option<Who>,
        from: ArrivalFrom,
        how: ArrivalHow,
        /// Put there by an effect of a card of this side (A68).
        by: Option<Side>,
        /// Only into a square of this card's line (A68).
        same_line: bool,
    },
    /// A unit of the group won a battle (A61).
    Wins(Who),
    /// Any other condition.
    Fixed(When),
}

impl TextTrigger {
    /// Compiles `when`.
    pub(crate) fn new(when: &When) -> Result<TextTrigger, DslError> {
        let parts = when
            .parts()
            .iter()
            .map(|w| match w {
                When::Arrives(a) => Ok(Part::Arrives {
                    who: match &a.who {
                        Arriving::This => None,
                        Arriving::Group(g) => Some(who(g, None, false)?),
                    },
                    from: a.from,
                    how: a.how,
                    by: a.by,
                    same_line: a.same_line,
                }),
                When::GroupWins(w) => Ok(Part::Wins(who(&w.group, None, false)?)),
                other => Ok(Part::Fixed(other.clone())),
            })
            .collect::<Result<Vec<_>, DslError>>()?;
        let kinds = parts
            .iter()
            .fold(EventKinds::NONE, |k, p| k.with(p.events()));
        Ok(TextTrigger { parts, kinds })
    }
}

impl Part {
    /// The kinds of event the part listens to.
    fn events(&self) -> EventKinds {
        let w = match self {
            Part::Fixed(w) => w,
            Part::Wins(_) => return EventKinds::BATTLE_ENDED,
            Part::Arrives { .. } => return EventKinds::PLACED,
        };
        match w {
            When::Destroyed | When::OwnUnitDestroyed => EventKinds::DESTROYED,
            When::SquareToGraveyard => EventKinds::MOVED,
            When::Smashes => EventKinds::SMASHED,
            When::YourMainPhase => EventKinds::PHASE_BEGAN,
            When::WinsBattle => EventKinds::BATTLE_ENDED,
            When::Attacks | When::Attacked => EventKinds::BATTLE_BEGAN,
            When::YourTurnEnd | When::EveryTurnEnd => EventKinds::TURN_ENDING,
            When::EveryTurnStart => EventKinds::TURN_BEGAN,
            When::TargetedByOpponent | When::Targeted => EventKinds::TARGETED,
            When::Moved(_) | When::LeavesSquare | When::Binds => EventKinds::MOVED,
            When::RolledC | When::DSwitch => EventKinds::ROLLED,
            When::TurnedFaceUp => EventKinds::REVEALED,
            When::Arrives(_) | When::Either(_) => EventKinds::PLACED,
            When::GroupWins(_) => EventKinds::BATTLE_ENDED,
        }
    }

    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        match self {
            Part::Arrives {
                who,
                from,
                how,
                by,
                same_line,
            } => {
                arrives(view, me, event, who.as_ref(), *from, *how)
                    && by.is_none_or(|side| by_effect_of(view, me, event, side))
                    && (!same_line || into_my_line(view, me, event))
            }
            // A61: the winner, seen in the battle's square.
            Part::Wins(who) => match *event {
                Event::BattleEnded {
                    square,
                    winner: Some(w),
                } => who.holds_at(view, me, view.controller(me), w, Some(square)),
                _ => false,
            },
            Part::Fixed(w) => fixed(w, view, me, event),
        }
    }
}

/// An arrival: the card (this one, or one of the group seen in the square it was put into),
/// the zone it left and whether it was played (R9.6).
fn arrives(
    view: &Query<'_>,
    me: CardId,
    event: &Event,
    who: Option<&Who>,
    from: ArrivalFrom,
    how: ArrivalHow,
) -> bool {
    let Event::Placed {
        card,
        square,
        played,
        arrival,
    } = *event
    else {
        return false;
    };
    let who_ok = match who {
        None => card == me,
        Some(w) => w.holds_at(view, me, view.controller(me), card, Some(square)),
    };
    let from_ok = match from {
        ArrivalFrom::Any => true,
        ArrivalFrom::Hand => arrival.from == Zone::Hand,
        ArrivalFrom::Plan => arrival.from == Zone::Plan,
        ArrivalFrom::HandOrPlan => matches!(arrival.from, Zone::Hand | Zone::Plan),
        ArrivalFrom::Graveyard => arrival.from == Zone::Graveyard,
        ArrivalFrom::OutsideSquares => arrival.from != Zone::Field,
    };
    let how_ok = match how {
        ArrivalHow::Any => true,
        ArrivalHow::Played => played,
        ArrivalHow::NotPlayed => !played,
    };
    who_ok && from_ok && how_ok
}

/// A68: 相手のカードの効果で — the arrival was an effect controlled by that side's player.
fn by_effect_of(view: &Query<'_>, me: CardId, event: &Event, side: Side) -> bool {
    let Event::Placed { arrival, .. } = *event else {
        return false;
    };
    let Cause::Effect { player, .. } = arrival.cause else {
        return false;
    };
    match side {
        Side::Own => player == view.controller(me),
        Side::Opponent => player != view.controller(me),
        Side::Any => true,
    }
}

/// A68: このカードと同じラインに — the square the card was put into is in this card's line.
fn into_my_line(view: &Query<'_>, me: CardId, event: &Event) -> bool {
    let Event::Placed { square, .. } = *event else {
        return false;
    };
    matches!(view.loc(me), Loc::Square(mine) if mine.same_line(square))
}

/// A condition printed as a fixed phrase.
fn fixed(w: &When, view: &Query<'_>, me: CardId, event: &Event) -> bool {
    let mine = |c: CardId| view.controller(c) == view.controller(me);
    let unit = |c: CardId| view.def(c).kind == CardKind::Unit;
    match (w, *event) {
        (When::Destroyed, Event::Destroyed { card, .. }) => card == me,
        (
            When::SquareToGraveyard,
            Event::Moved {
                card,
                from: Loc::Square(_),
                to: Loc::Graveyard,
                ..
            },
        ) => card == me,
        (When::Smashes, Event::Smashed { unit, .. }) => unit == me,
        (When::YourMainPhase, Event::PhaseBegan { phase: Phase::Main }) => {
            view.active() == view.controller(me)
        }
        // The destroyed card is in its owner's graveyard now: its controller is its owner.
        (When::OwnUnitDestroyed, Event::Destroyed { card, .. }) => unit(card) && mine(card),
        (When::WinsBattle, Event::BattleEnded { winner, .. }) => winner == Some(me),
        // R11.3: the event names the attacker and the defender; A21, A52: when both arrived
        // together, each attacks and each is attacked.
        (
            When::Attacks | When::Attacked,
            Event::BattleBegan {
                attacker, defender, ..
            },
        ) => {
            let both = || view.attacks(defender, attacker);
            match w {
                When::Attacks => me == attacker || (me == defender && both()),
                _ => me == defender || (me == attacker && both()),
            }
        }
        (When::YourTurnEnd, Event::TurnEnding { player, .. }) => player == view.controller(me),
        (When::EveryTurnEnd, Event::TurnEnding { .. }) => true,
        (When::EveryTurnStart, Event::TurnBegan { .. }) => true,
        (
            When::TargetedByOpponent,
            Event::Targeted {
                target: Target::Card(c),
                player,
                ..
            },
        ) => c == me && player != view.controller(me),
        // R7.4: by any item, either player's (A60).
        (
            When::Targeted,
            Event::Targeted {
                target: Target::Card(c),
                ..
            },
        ) => c == me,
        // A60: the zones are the owner's, where a card always goes.
        (When::Moved(m), Event::Moved { card, from, to, .. }) => {
            let side_ok = match m.side {
                Some(Side::Own) => view.owner(card) == view.controller(me),
                Some(Side::Opponent) => view.owner(card) != view.controller(me),
                Some(Side::Any) | None => true,
            };
            side_ok && m.from.holds(from) && m.to.holds(to)
        }
        // R17.2, A60: leaving the squares for any zone; a move between squares stays.
        (
            When::LeavesSquare,
            Event::Moved {
                card,
                from: Loc::Square(_),
                to,
                ..
            },
        ) => card == me && !matches!(to, Loc::Square(_)),
        (
            When::RolledC | When::DSwitch,
            Event::Rolled {
                player,
                face: DieFace::C,
            },
        ) => player == view.controller(me),
        // A75: this card went from the stack to a unit it is bound to.
        (
            When::Binds,
            Event::Moved {
                card,
                to: Loc::Bound(_),
                ..
            },
        ) => card == me,
        (When::TurnedFaceUp, Event::Revealed { card, setup, .. }) => card == me && !setup,
        _ => false,
    }
}

impl Trigger for TextTrigger {
    fn events(&self) -> EventKinds {
        self.kinds
    }

    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        self.parts.iter().any(|p| p.matches(view, me, event))
    }
}
