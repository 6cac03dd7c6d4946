//! Shared by the `lua_*` tests: the fixture cards with every behaviour scripted in Lua
//! (`tests/lua/*.lua`), their printed values copied from the fixture data.

#![allow(dead_code)]

use dzero_core::{CardDb, RuleSet, fixtures};
use dzero_script_api::{Limits, ScriptError, ScriptHost, printed};
use dzero_tests::Setup;
use std::path::PathBuf;

/// Card name → script file under `tests/lua/`.
pub const CARDS: &[(&str, &str)] = &[
    ("シングルモルト", "single_malt.lua"),
    ("プラズマ・ライフル", "plasma_rifle.lua"),
    ("ダイヤモンド・ソウル", "diamond_soul.lua"),
    ("バトルフィールド・エンジェル", "battlefield_angel.lua"),
    ("狼王ロボ", "wolf_king_robo.lua"),
    ("自走戦鬼大砲蜘蛛", "spider.lua"),
    ("ルビーソウル", "ruby_soul.lua"),
    ("ヒュドラランチャー", "hydra_launcher.lua"),
    ("聖騎士ホーリー・フレイル", "holy_flail.lua"),
    ("ロマネ・コンティ", "romanee_conti.lua"),
    ("小さなカマキリ", "little_mantis.lua"),
    ("レイディ・ラスト", "lady_last.lua"),
    ("魂魄 妖夢", "youmu.lua"),
    ("紅符「スカーレット・シュート」", "scarlet_shoot.lua"),
    ("白玉楼", "hakugyokurou.lua"),
    ("チルノ", "cirno.lua"),
    ("橙", "chen.lua"),
    ("寒符「リンガリングコールド」", "lingering_cold.lua"),
    ("奇術「ミスディレクション」", "misdirection.lua"),
    ("迷い家", "mayohiga.lua"),
    ("破壊光線", "destruction_beam.lua"),
    ("加速の騎兵", "accel_cavalry.lua"),
    ("速攻の斥候", "haste_scout.lua"),
    ("見張り番", "lookout.lua"),
    ("守りの祠", "shrine.lua"),
    ("熟練の弓兵", "archer.lua"),
    ("火球", "fireball.lua"),
    ("補給", "supply.lua"),
];

/// The folder holding the Lua cards.
pub fn lua_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lua")
}

/// The source of a Lua file under `tests/lua/`.
pub fn source(file: &str) -> String {
    std::fs::read_to_string(lua_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Loads the sample set into `host`: the `common` module, then every fixture card's printed
/// values with its Lua behaviour, in fixture order (so the fixture decks work unchanged).
pub fn load_set(host: &ScriptHost) -> Result<CardDb, ScriptError> {
    host.load_module("common", "tests/lua/common.lua", &source("common.lua"))?;
    let natives = fixtures::card_db();
    let mut db = CardDb::new();
    for (_, def) in natives.iter() {
        let file = CARDS
            .iter()
            .find(|(n, _)| *n == def.name)
            .map(|(_, f)| *f)
            .unwrap_or_else(|| panic!("no Lua script listed for {}", def.name));
        let path = format!("tests/lua/{file}");
        db.add(host.load_card(printed(def), &path, &source(file))?);
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
