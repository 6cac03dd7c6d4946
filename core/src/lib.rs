//! dzero-core: the Dimension Zero rules engine.
//!
//! The game state ([`Game`]) is pure data; card behaviour lives in a [`CardDb`] handed to each
//! call. Callers loop: read [`Game::decision`], list [`Game::legal_actions`], [`Game::apply`] one.
//! No Lua, no file I/O, no terminal here.

mod ability;
mod actions;
mod activate;
mod battle;
mod board;
mod card;
mod card_costs;
mod control;
mod cost;
mod counter;
mod deck_rules;
mod effect;
mod event_kinds;
mod events;
mod grant;
mod hidden;
mod hooks;
mod ids;
mod last_known;
mod memory;
mod movement;
pub mod observe;
mod order;
mod payment;
mod plan;
mod play;
mod priority;
mod provenance;
mod query;
mod question;
pub mod replacement;
mod rule_effects;
mod setup;
mod simultaneous;
mod smash;
mod stack;
mod state;
mod targets;
mod triggers;
mod turn;
mod view;
mod zone;

pub use ability::{
    Ability, AbilityKey, Activated, CardCost, CardPick, Characteristics, Condition, CostDest,
    CostRule, Effect, Forbid, Grantable, ItemFilter, MethodCondition, Permit, PlayMethod,
    PlayModifier, Side, Spell, SquareRule, SquareSet, Static, StaticEffect, TargetCheck,
    TargetFilter, TargetKind, TargetSpec, Trigger, Triggered,
};
pub use actions::{Action, ActionError, Decision};
pub use board::{Area, Line, Square};
pub use card::{AbilityRef, CardDb, CardDef, CardKind, Keywords, Timing, play_name};
pub use cost::{Cost, EnergyNeed, Payment, XEnergy};
pub use deck_rules::{DeckRuleBreak, DeckRules, check_deck_rules};
pub use effect::{Dest, EffectError, Resolve};
pub use event_kinds::EventKinds;
pub use events::{BattleStep, Event, ItemTag};
pub use grant::{Grant, Holder};
pub use hooks::Hooks;
pub use ids::{CardId, Colour, Colours, DefId, Player};
pub use last_known::LastKnown;
pub use memory::{MemKey, MemScope, MemValue};
pub use observe::{
    HiddenCard, Observation, SeenCard, SeenChoice, SeenEvent, SeenFrame, SeenItem, SeenTarget,
    SeenTrigger, SeenZones, Stats,
};
pub use provenance::{Arrival, Cause, Played, method_matches};
pub use question::{Ask, Question};
pub use replacement::{DamageKind, DamageSource, Instead, LossCause, MoveReplacement, ZoneMove};
pub use setup::{Builder, RuleSet, RuleSetKind, SetupError, check_deck};
pub use state::{
    Battle, CardState, Change, ChoiceKind, ChoiceOption, Control, DamagePart, Duration, Fighter,
    Frame, Game, GameResult, ItemKind, PendingChoice, Phase, StackItem, TempEffect, WaitingTrigger,
};
pub use targets::{HeldTarget, ItemId, MAX_TARGETS, Target, TargetRef, Targets};
pub use view::View;
pub use zone::{Loc, Zone, ZoneSet};
