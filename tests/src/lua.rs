//! For the `lua_*` tests: the fixture cards with every behaviour scripted in Lua
//! (`tests/scenarios/fixture-set/scripts/*.lua`, the scripts the fixture set's scenarios play
//! too), their printed values copied from the fixture data.

use crate::Setup;
use dzero_core::{CardDb, RuleSet};
use dzero_script_api::{Limits, ScriptError, ScriptHost, printed};
use std::path::PathBuf;

/// The folder holding the Lua cards.
pub fn lua_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/fixture-set/scripts")
}

/// The source of a file in [`lua_dir`].
pub fn source(file: &str) -> String {
    std::fs::read_to_string(lua_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The script file of a card, from `cards.tsv` in [`lua_dir`].
pub fn script_of(name: &str) -> Option<String> {
    source("cards.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .find(|(n, _)| *n == name)
        .map(|(_, f)| f.to_owned())
}

/// Loads the sample set into `host`: the `common` module, then every fixture card's printed
/// values with its Lua behaviour, in fixture order (so the fixture decks work unchanged).
pub fn load_set(host: &ScriptHost) -> Result<CardDb, ScriptError> {
    host.load_module(
        "common",
        "fixture-set/scripts/common.lua",
        &source("common.lua"),
    )?;
    let natives = dzero_fixtures::card_db();
    let mut db = CardDb::new();
    for (_, def) in natives.iter() {
        let file = script_of(&def.name)
            .unwrap_or_else(|| panic!("no Lua script listed for {} in cards.tsv", def.name));
        let path = format!("fixture-set/scripts/{file}");
        db.add(host.load_card(printed(def), &path, &source(&file))?);
    }
    Ok(db)
}

/// A host and the Lua card set.
pub fn lua_db() -> (ScriptHost, CardDb) {
    let host = ScriptHost::new(Limits::default()).expect("host");
    let db = load_set(&host).unwrap_or_else(|e| panic!("{e}"));
    (host, db)
}

/// A judge's setup over the Lua card set; the host is returned for its error log.
pub fn setup() -> (ScriptHost, Setup) {
    let (host, db) = lua_db();
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}
