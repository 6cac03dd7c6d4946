//! dzero-cardpool: card and set file formats, loading, validation and hot reload.
//!
//! A set is a folder: `set.toml`, `cards/*.toml` (`[[card]]` tables), Lua scripts, `decks/*.txt`,
//! and for 次元戦 `dimensions/*.txt` (dimension deck lists).
//! Loading collects every problem (file, line, column, card) instead of stopping at the first.

pub mod copies;
pub mod deck;
mod deck_rules;
pub mod diag;
pub mod dimension_deck;
mod dsl;
pub mod files;
pub mod format;
pub mod layout;
pub mod load;
pub mod reload;
pub mod requires;
pub mod rule_sets;
pub mod scaffold;
pub mod schema_lines;
mod set_checks;
pub mod set_watcher;
pub mod smoke;
mod smoke_dimension;
pub mod validate;
mod values;

pub use deck::{Deck, parse_deck, parse_deck_with};
pub use diag::Problem;
pub use dimension_deck::{
    DimensionDeck, dimension_deck_for, dimension_deck_under, parse_dimension_deck,
};
pub use layout::set_dirs;
pub use load::{CardSet, CardSource, Loaded, load_set};
pub use reload::{Reload, Reloader};
pub use requires::Required;
pub use set_watcher::{SetWatcher, SetWatcherError};
pub use validate::{Report, Written, WrittenAs, validate};
