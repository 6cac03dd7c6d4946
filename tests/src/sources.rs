//! The card sources the rulebook's worked examples are played with. The examples exist once, as
//! the scenario files of `tests/scenarios/fixture-set/tests/rulebook/`; [`CardSources`] plays each
//! of them with every source, so a card that behaves differently in one source fails the
//! example, naming the source.
//!
//! - [`Source::Lua`]: the fixture set (`tests/scenarios/fixture-set`), its abilities in Lua;
//! - [`Source::Text`]: the same set with every card the DSL can write replaced by its DSL-text
//!   twin from `tests/scenarios/fixture-set-text` (the others keep their Lua);
//! - [`Source::Rust`]: the Rust fixture cards (`dzero_core::fixtures`) plus the three invented
//!   units R20.19 pays for, built here.

use dzero_cardpool::CardSet;
use dzero_core::{Activated, CardDb, CardDef, Colour, Cost, Resolve, RuleSet, Timing};
use dzero_scenario::{Scenario, ScenarioOutcome, run_scenario, run_scenario_db};
use dzero_script_api::{Limits, ScriptHost};
use std::path::{Path, PathBuf};

/// Where a card's behaviour comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Lua scripts.
    Lua,
    /// DSL lines in the card file, Lua where the DSL cannot write the card.
    Text,
    /// Rust code.
    Rust,
}

impl Source {
    /// Every source, in report order.
    pub const ALL: [Source; 3] = [Source::Lua, Source::Text, Source::Rust];

    /// How reports name the source.
    pub fn name(self) -> &'static str {
        match self {
            Source::Lua => "the fixture set's Lua cards",
            Source::Text => "the fixture cards written as DSL text",
            Source::Rust => "the Rust fixture cards",
        }
    }
}

/// The scenario folder.
pub fn scenarios_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// The rulebook worked examples: one scenario file per example.
pub fn rulebook_dir() -> PathBuf {
    scenarios_dir().join("fixture-set/tests/rulebook")
}

/// Loads a set folder that must load without problems.
fn load(dir: &Path) -> CardSet {
    let loaded = dzero_cardpool::load_set(dir);
    let problems: Vec<String> = loaded.problems.iter().map(|p| p.render()).collect();
    assert!(problems.is_empty(), "{}", problems.concat());
    loaded.set.expect("the set loads")
}

/// The three invented units R20.19 pays for, as the fixture set's card file prints them.
fn r20_19_cards(db: &mut CardDb) {
    let blue = |n| Cost::FREE.and(Colour::Blue, n);
    db.add(
        CardDef::unit("青2無3のユニット", 3000, 1)
            .colour(Colour::Blue)
            .cost(blue(2).and_colourless(3)),
    );
    db.add(
        CardDef::unit("青1無1で動くユニット", 3000, 1)
            .colour(Colour::Blue)
            .move_cost(blue(1).and_colourless(1)),
    );
    db.add(
        CardDef::unit("廃棄のユニット", 2000, 1)
            .colour(Colour::Black)
            .ability(Activated::new(
                Cost::FREE
                    .and(Colour::Black, 1)
                    .and_colourless(1)
                    .and_discard_self(),
                Timing::Quick,
                |r: &mut Resolve<'_>| {
                    let p = r.controller();
                    r.draw(p, 1);
                    Ok(())
                },
            )),
    );
}

/// The three card sources, loaded once.
pub struct CardSources {
    /// The fixture set (Lua).
    pub lua: CardSet,
    /// The DSL-text twins of the fixture set's cards.
    pub text: CardSet,
    /// The fixture set's cards with the text twins in place of their namesakes.
    text_db: CardDb,
    /// The Rust fixture cards.
    rust_db: CardDb,
    /// The Rust source has no scripts; its empty host reports none.
    rust_host: ScriptHost,
}

impl CardSources {
    /// Loads the fixture set and its text twin and builds the Rust cards.
    pub fn load() -> CardSources {
        let lua = load(&scenarios_dir().join("fixture-set"));
        let text = load(&scenarios_dir().join("fixture-set-text"));
        let mut text_db = lua.db.clone();
        for (text_id, def) in text.db.iter() {
            let id = lua.db.find(&def.name).unwrap_or_else(|| {
                panic!("{} of the text set is no card of the fixture set", def.name)
            });
            text_db.share_at(id, &text.db, text_id);
        }
        let mut rust_db = dzero_fixtures::card_db();
        r20_19_cards(&mut rust_db);
        CardSources {
            lua,
            text,
            text_db,
            rust_db,
            rust_host: ScriptHost::new(Limits::default()).expect("a Lua host"),
        }
    }

    /// The cards of `source`.
    pub fn db(&self, source: Source) -> &CardDb {
        match source {
            Source::Lua => &self.lua.db,
            Source::Text => &self.text_db,
            Source::Rust => &self.rust_db,
        }
    }

    /// The cards of `source`, to change one (a test that sources are told apart).
    pub fn db_mut(&mut self, source: Source) -> &mut CardDb {
        match source {
            Source::Lua => &mut self.lua.db,
            Source::Text => &mut self.text_db,
            Source::Rust => &mut self.rust_db,
        }
    }

    /// Plays `s` with the cards of `source`.
    pub fn run(&self, s: &Scenario, source: Source) -> ScenarioOutcome {
        match source {
            Source::Lua => run_scenario(s, &self.lua),
            Source::Text => run_scenario_db(s, &self.text_db, RuleSet::OFFICIAL, &[&self.lua.host]),
            Source::Rust => {
                run_scenario_db(s, &self.rust_db, RuleSet::OFFICIAL, &[&self.rust_host])
            }
        }
    }
}
