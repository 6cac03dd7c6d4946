//! ◆ trigger conditions compiled (R17.2): the core [`Trigger`] a [`When`] becomes, matching the
//! same events a Lua `card:trigger { on = … }` does.

use crate::ast::When;
use dzero_core::{CardId, CardKind, Cause, Event, Phase, Query, Target, Trigger, Zone};
use dzero_core::{DieFace, EventKinds, Loc, Square};

/// A ◆ condition as printed, matched against the event as it left the state (R17.2). The
/// card-leaving conditions see the card in the zone it left (the trigger's zones are checked
/// before the event); the arrival conditions read the card's provenance on `Event::Placed`.
pub(crate) struct TextTrigger(pub(crate) When);

impl Trigger for TextTrigger {
    fn events(&self) -> EventKinds {
        match self.0 {
            When::PutIntoSquare
            | When::OpponentUnitPut
            | When::PlayedFromPlan
            | When::Played
            | When::FromOutsideSquares
            | When::FromPlanNotPlayed => EventKinds::PLACED,
            When::Destroyed | When::OwnUnitDestroyed => EventKinds::DESTROYED,
            When::SquareToGraveyard => EventKinds::MOVED,
            When::Smashes => EventKinds::SMASHED,
            When::YourMainPhase => EventKinds::PHASE_BEGAN,
            When::WinsBattle => EventKinds::BATTLE_ENDED,
            When::YourTurnEnd => EventKinds::TURN_ENDING,
            When::TargetedByOpponent => EventKinds::TARGETED,
            When::RolledC | When::DSwitch => EventKinds::ROLLED,
            When::TurnedFaceUp => EventKinds::REVEALED,
        }
    }

    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        let mine = |c: CardId| view.controller(c) == view.controller(me);
        let unit = |c: CardId| view.def(c).kind == CardKind::Unit;
        match (self.0, *event) {
            (When::PutIntoSquare, Event::Placed { card, .. }) => card == me,
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
            (When::OpponentUnitPut, Event::Placed { card, square, .. }) => {
                unit(card) && Square::is_battle(square) && !mine(card)
            }
            (When::WinsBattle, Event::BattleEnded { winner, .. }) => winner == Some(me),
            (When::YourTurnEnd, Event::TurnEnding { player, .. }) => player == view.controller(me),
            (When::PlayedFromPlan, Event::Placed { card, arrival, .. }) => {
                card == me && matches!(arrival.cause, Cause::Played(p) if p.from == Zone::Plan)
            }
            (When::Played, Event::Placed { card, played, .. }) => card == me && played,
            (When::FromOutsideSquares, Event::Placed { card, arrival, .. }) => {
                card == me && arrival.from != Zone::Field
            }
            (
                When::FromPlanNotPlayed,
                Event::Placed {
                    card,
                    played,
                    arrival,
                    ..
                },
            ) => card == me && !played && arrival.from == Zone::Plan,
            (
                When::TargetedByOpponent,
                Event::Targeted {
                    target: Target::Card(c),
                    player,
                    ..
                },
            ) => c == me && player != view.controller(me),
            (
                When::RolledC | When::DSwitch,
                Event::Rolled {
                    player,
                    face: DieFace::C,
                },
            ) => player == view.controller(me),
            (When::TurnedFaceUp, Event::Revealed { card, setup, .. }) => card == me && !setup,
            _ => false,
        }
    }
}
