//! dzero-cardpool: card and set file formats, loading, validation and hot reload.
//!
//! A set is a folder: `set.toml`, `cards/*.toml` (`[[card]]` tables), Lua scripts, `decks/*.txt`,
//! and for 次元戦 `dimensions/*.txt` (dimension deck lists).
//! Loading collects every problem (file, line, column, card) instead of stopping at the first.
//! Scenario files (`tests/**/*.toml`) are found here ([`layout`]) and read and run by the
//! `dzero-scenario` crate.
//!
//! Modules use only modules of lower layers:
//! 1. problems and file text: [`diag`], [`files`]; where files are: [`layout`]; "did you
//!    mean": [`suggest`];
//! 2. the file formats: [`format`] (card files, `set.toml`);
//! 3. value checks: printed values, printed text lines, deck-building restrictions, DSL lines,
//!    [`rule_sets`]; building one card from its table and script;
//! 4. per-file loaders: [`deck`], [`dimension_deck`];
//! 5. a loaded set: [`card_set`], then the checks across its files and [`requires`];
//! 6. loading a set: [`load`];
//! 7. what uses loaded sets: [`smoke`], [`reload`], [`validate`], [`copies`],
//!    [`dimension_deck_choice`], and the editor files ([`schemas`], [`schema_lines`],
//!    [`scaffold`]); [`set_watcher`] stands alone.
#![warn(missing_docs)]

mod card_build;
mod card_deck_rules;
pub mod card_set;
pub mod copies;
pub mod deck;
pub mod deck_text;
pub mod diag;
pub mod dimension_deck;
pub mod dimension_deck_choice;
mod dsl;
pub mod files;
pub mod format;
pub mod layout;
pub mod load;
mod printed_lines;
mod printed_values;
pub mod reload;
pub mod requires;
pub mod rule_sets;
pub mod scaffold;
pub mod schema_lines;
pub mod schemas;
mod set_checks;
pub mod set_watcher;
pub mod smoke;
mod smoke_dimension;
pub mod suggest;
pub mod validate;

pub use card_set::{CardSet, CardSource, Loaded, Required};
pub use deck::{Deck, parse_deck, parse_deck_with};
pub use deck_text::DeckText;
pub use diag::Problem;
pub use dimension_deck::{DimensionDeck, parse_dimension_deck};
pub use dimension_deck_choice::{dimension_deck_for, dimension_deck_under};
pub use layout::set_dirs;
pub use load::load_set;
pub use reload::{Reload, Reloader};
pub use set_watcher::{SetWatcher, SetWatcherError};
pub use validate::{Report, Written, WrittenAs, validate};
