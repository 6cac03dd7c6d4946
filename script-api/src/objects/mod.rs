//! Game objects as Lua sees them: the userdata values of cards, players, squares and stack
//! items, the readers of Lua arguments, the `game` and `target` tables, event tables, and the
//! other values the API hands to scripts.

pub(crate) mod args;
pub(crate) mod card;
pub(crate) mod cost;
pub(crate) mod entered;
pub(crate) mod events;
pub(crate) mod game;
pub(crate) mod hook_values;
pub(crate) mod identity;
pub(crate) mod memory;
pub(crate) mod player;
pub(crate) mod provenance;
pub(crate) mod relation;
pub(crate) mod square;
pub(crate) mod stack_item;
pub(crate) mod target_spec;
pub(crate) mod values;
