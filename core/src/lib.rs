//! dzero-core: the Dimension Zero rules engine.
//!
//! The game state ([`Game`]) is pure data; card behaviour lives in a [`CardDb`] handed to each
//! call. Callers loop: read [`Game::decision`], list [`Game::legal_actions`], [`Game::apply`] one.
//! Using a card or ability is announced, then chosen piece by piece ([`Announcement`]).
//! No Lua, no file I/O, no terminal here, and no sentences: refusals, failed effects and deck
//! problems are data ([`Refusal`], [`Failure`], [`SetupError`]) that front ends word (dzero-text).

#![warn(missing_docs)]

mod ability;
mod accessors;
mod actions;
mod activate;
mod announce;
mod attackers;
mod battle;
mod bind;
mod caches;
mod card;
mod card_costs;
mod compound;
mod control;
mod cost_matching;
mod counter;
mod deck_legality;
mod determinize;
mod dimension;
mod effect;
mod entries;
mod grant;
mod hidden;
mod last_known;
mod memory;
mod model;
mod movement;
pub mod observe;
mod order;
mod payment;
mod plan;
mod play;
mod priority;
mod provenance;
mod query;
pub mod replacement;
mod reveal;
mod rule_effects;
mod setup;
mod simultaneous;
mod smash;
pub mod spelling;
mod stack;
mod state;
mod targets;
mod triggers;
mod turn;
mod zone_colour;

pub use ability::{
    Ability, Activated, CardCost, Condition, CostRule, Effect, Grantable, MethodCondition,
    PlayMethod, PlayModifier, PlaySet, Spell, SquareRule, Static, StaticEffect, TargetCheck,
    TargetFilter, TargetSpec, Trigger, Triggered,
};
pub use card::{CardDb, CardDef, play_name};
pub use deck_legality::{check_deck, check_deck_rules, check_dimension_deck};
pub use effect::{Dest, EffectError, Resolve};
pub use grant::GroupGrant;
pub use model::ability_ref::{AbilityKey, AbilityRef};
pub use model::action::{Action, ActionError, Decision};
pub use model::announcement::{Announcement, CardList, Pick, Step, Use};
pub use model::board::{Area, Line, Square, SquareSet};
pub use model::card_kind::{CardKind, Keywords, Timing};
pub use model::characteristics::Characteristics;
pub use model::cost::{CardPick, Cost, CostDest, EnergyNeed, Payment, XEnergy};
pub use model::deck_rules::{DeckRuleBreak, DeckRules};
pub use model::dimension::{DieFace, Planes, Pos};
pub use model::duration::{Change, Control, Duration, TempEffect};
pub use model::entry::Entry;
pub use model::event_kinds::EventKinds;
pub use model::events::{BattleStep, Event, ItemTag};
pub use model::failure::{FailedEffect, Failure};
pub use model::grant::{Grant, Holder};
pub use model::hooks::Hooks;
pub use model::ids::{CardId, Colour, Colours, DefId, Player};
pub use model::lang::Lang;
pub use model::last_known::LastKnown;
pub use model::memory::{MemKey, MemScope, MemValue};
pub use model::phase::{GameResult, Phase};
pub use model::prohibition::{Forbid, Permit};
pub use model::provenance::{Arrival, Cause, Played, method_matches};
pub use model::question::{Ask, ChoiceOption, Question};
pub use model::refusal::Refusal;
pub use model::rules::{BracketNames, MatchFormat, Modules, MulliganRule, RuleName, RuleSet};
pub use model::setup_error::{DimensionDeckProblem, SetupError};
pub use model::target::{
    HeldTarget, ItemFilter, ItemId, MAX_TARGETS, Side, Target, TargetKind, TargetRef, Targets,
};
pub use model::zone::{Loc, Zone, ZoneSet};
pub use model::zone_move::{
    DamageKind, DamageSource, Instead, LossCause, MoveReplacement, ZoneMove,
};
pub use observe::{
    HiddenCard, Observation, SeenCard, SeenChoice, SeenEvent, SeenFrame, SeenItem, SeenPlanes,
    SeenTarget, SeenTrigger, SeenZones, Stats,
};
pub use query::Query;
pub use setup::Builder;
pub use state::{
    Battle, CardState, ChoiceKind, DamagePart, Fighter, Frame, Game, ItemKind, PendingChoice,
    StackItem, WaitingTrigger,
};
