//! The model layer: plain data types of the game (ids, squares, zones, card kinds and keywords,
//! costs, phases, durations, targets, provenance, events, actions …) with no behaviour that needs
//! a `Game`, a `CardDb` or a `Query`. It depends on nothing else in the crate; the rules modules
//! build on it (`core/tests/layers.rs` keeps it a leaf).

pub mod ability_ref;
pub mod action;
pub mod announcement;
pub mod board;
pub mod card_kind;
pub mod characteristics;
pub mod cost;
pub mod deck_rules;
pub mod dimension;
pub mod duration;
pub mod entry;
pub mod event_kinds;
pub mod events;
pub mod failure;
pub mod grant;
pub mod hooks;
pub mod ids;
pub mod lang;
pub mod last_known;
pub mod memory;
pub mod phase;
pub mod prohibition;
pub mod provenance;
pub mod question;
pub mod refusal;
pub mod rules;
pub mod setup_error;
pub mod target;
pub mod zone;
pub mod zone_move;
