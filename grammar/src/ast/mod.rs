//! The typed syntax tree of one DSL line, and how it prints back as card text. Every node
//! carries the [`Span`](crate::Span) (bytes) of the text it came from, so later errors (unknown
//! Lua function, wrong card type) can point back at it. Inside the crate it uses only the span:
//! the parser builds it and the compiler reads it.
//!
//! From the bottom: the leaf nodes (costs, keywords, modifiers, subjects, sentence terms,
//! conditions, ★/☆ lines), then `ability` (the recursive core: abilities, effect bodies and
//! clauses hold each other), then `line`, then `print` (the canonical card text).

mod ability;
mod clause_terms;
mod condition;
mod cost;
mod cost_per;
mod covenant;
mod effect_choices;
mod effect_conditions;
mod effect_terms;
mod formation;
mod line;
mod modifier;
mod move_to;
mod print;
mod printed_cost;
mod printed_static;
mod script;
mod static_line;
mod subject;
mod trigger;
mod trigger_move;
mod zone_name;

pub use ability::{
    AbilityLine, Action, ActivatedLine, Clause, DeckTopDest, EffectBody, EffectSource, Gift,
    GroupGrantLine, Replacement, Step, TriggeredLine,
};
pub use clause_terms::{DelayWhen, Forbidden, ItemNoun, ReplEvent, ReplWho};
pub use condition::{BoardCondition, ConditionKind, Group, GroupPlace};
pub use cost::{Amount, CostExpr, CostTerm, CostTermKind};
pub use cost_per::CostPerLine;
pub use covenant::{Covenant, CovenantWrapper, Name};
pub use effect_choices::{HandPut, SquareDamage};
pub use effect_conditions::{Bare, IfTarget};
pub use effect_terms::{Discard, FromZone, GainedKeyword, PutDest, PutFrom, Search, Until};
pub use formation::{Formation, FormationKind, FormationSquares};
pub use line::{Line, SpellLine, ZoneEffect};
pub use modifier::{Condition, Modifier, Place, Stat};
pub use move_to::{MoveClear, MoveNear, MoveState, MoveTo};
pub use printed_cost::{
    CostCount, CostFrom, CostPick, PlayCostsLine, PrintedCost, PrintedCostKind,
};
pub use printed_static::{
    CardCondition, CardConditionKind, PlayForbidLine, PlaySetLine, SelfPart, SelfStatic,
    ZoneCompare, ZoneCount, ZoneHas,
};
pub use script::{ScriptKind, ScriptRef, ScriptedLine};
pub(crate) use static_line::timing_text;
pub use static_line::{CostChange, PlayKind, PlayLine, StaticKind, StaticLine};
pub use subject::{CardZone, Choice, EntryWay, Filter, Noun, Subject};
pub use trigger::{Arrival, ArrivalFrom, ArrivalHow, Arriving, GroupWins, When};
pub use trigger_move::{Move, MoveZone};
pub use zone_name::ZoneName;
