//! What a card script declares: `card:static{...}` and the other declarations, each read from
//! its Lua table into a plain description (holding compiled function handles) before it is built
//! into a core ability.

pub(crate) mod activated;
pub(crate) mod card_costs;
pub(crate) mod card_decl;
pub(crate) mod declaration;
pub(crate) mod fields;
pub(crate) mod grantable;
pub(crate) mod on_play;
pub(crate) mod play_method;
pub(crate) mod replace;
pub(crate) mod statics;
pub(crate) mod trigger;
