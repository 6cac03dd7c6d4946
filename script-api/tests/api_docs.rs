//! The generated docs and LuaLS stub are up to date, every documented item exists in the
//! running API (and every `g`, `game`, `target` function is documented), and every example
//! is valid Lua. Regenerate the files with `DZERO_BLESS=1 cargo test -p dzero-script-api`.

use dzero_core::{
    Action, Builder, CardDb, CardDef, Loc, Payment, Phase, Player, RuleSet, Square, Targets,
};
use dzero_script_api::docs::{self, Kind};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use std::path::PathBuf;

fn docs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs")
}

fn check_file(name: &str, want: &str) {
    let path = docs_dir().join(name);
    if std::env::var_os("DZERO_BLESS").is_some() {
        std::fs::create_dir_all(docs_dir()).unwrap();
        std::fs::write(&path, want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is out of date: run `DZERO_BLESS=1 cargo test -p dzero-script-api --test api_docs`",
        path.display()
    );
}

#[test]
fn markdown_reference_is_up_to_date() {
    check_file("lua-api.md", &docs::markdown());
}

#[test]
fn lua_stub_is_up_to_date() {
    let stub = docs::lua_stub();
    assert!(
        stub.contains("---@class Card\n")
            && stub.contains("function Resolve:damage(unit, amount) end")
    );
    check_file("dzero.d.lua", &stub);
}

#[test]
fn every_example_and_the_stub_are_valid_lua() {
    let lua = mlua::Lua::new();
    for e in docs::API {
        let ok = lua.load(e.example).into_function().is_ok()
            || lua
                .load(format!("return {}", e.example))
                .into_function()
                .is_ok();
        assert!(
            ok,
            "{}.{}: example does not parse: {}",
            e.class, e.name, e.example
        );
    }
    lua.load(docs::lua_stub())
        .into_function()
        .expect("the stub parses");
}

/// Runs a strategy whose effect checks the documented names against the live objects.
#[test]
fn documented_items_exist_and_tables_are_documented() {
    let mut checks = String::new();
    for class in [
        "Card",
        "Player",
        "Square",
        "Resolve",
        "game",
        "target",
        "TargetSpec",
        "Cost",
    ] {
        for e in docs::entries_of(class) {
            let want_fn = e.kind != Kind::Field;
            checks.push_str(&format!("check({class:?}, {:?}, {want_fn})\n", e.name));
        }
    }
    let documented = |class: &str| {
        docs::entries_of(class)
            .map(|e| format!("[{:?}] = true", e.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let src = format!(
        r#"card:on_play {{ target = target.unit(), resolve = function(g, e)
  local objs = {{ Card = e.target, Player = e.controller, Square = game.square("b2"), Resolve = g,
    game = game, target = target, TargetSpec = target.unit(), Cost = e.target.cost }}
  local function check(class, name, want_fn)
    local v = objs[class][name]
    if want_fn then assert(type(v) == "function", class .. "." .. name .. " is not a function") end
    if class == "Cost" and name ~= "x" then assert(v ~= nil, "Cost." .. name) end
  end
{checks}
  local docs = {{ Resolve = {{ {g} }}, game = {{ {game} }}, target = {{ {target} }} }}
  for class, t in pairs({{ Resolve = g, game = game, target = target }}) do
    for k in pairs(t) do assert(docs[class][k], class .. "." .. k .. " is not documented") end
  end
end }}"#,
        g = documented("Resolve"),
        game = documented("game"),
        target = documented("target"),
    );
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = CardDb::new();
    let unit = db.add(
        host.load_card(CardDef::unit("的", 1000, 1), "t/unit.lua", "")
            .unwrap(),
    );
    let checker = db.add(
        host.load_card(blank_strategy("検査"), "t/checker.lua", &src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut b = Builder::new(RuleSet::OFFICIAL, 1).active(Player::One, 3);
    let target = b.add(Player::Two, unit, Loc::Square(Square::battle(1, 1)));
    let spell = b.add(Player::One, checker, Loc::Hand);
    for p in Player::BOTH {
        b.fill_deck(p, unit, 10);
    }
    let mut g = b.build(&db, Phase::Main).unwrap();
    g.set_strict(true);
    g.apply(
        &db,
        Action::Play {
            card: spell,
            method: None,
            square: None,
            targets: Targets::one(target),
            x: 0,
            cost_cards: dzero_core::CardList::NONE,
            payment: Payment::Auto,
        },
    )
    .unwrap();
    g.apply(&db, Action::Pass).unwrap();
    let r = g.apply(&db, Action::Pass);
    assert!(r.is_ok(), "{r:?}");
    host.check().unwrap();
}

/// The spec-table fields documented are exactly the ones the declarations accept.
#[test]
fn documented_spec_fields_match_the_declarations() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    for (class, call) in [
        ("StaticSpec", "card:static"),
        ("TriggerSpec", "card:trigger"),
        ("ActivatedSpec", "card:activated"),
        ("PlayMethodSpec", "card:play_method"),
        ("ReplaceSpec", "card:replace"),
        ("TargetOptions", "target.unit"),
    ] {
        let e = host
            .load_card(
                CardDef::unit("検査", 1000, 1),
                "t/spec.lua",
                &format!("{call} {{ bogus = 1 }}"),
            )
            .err()
            .expect("unknown field refused");
        let listed = e
            .message
            .split("known: ")
            .nth(1)
            .or_else(|| e.message.split('(').nth(1))
            .unwrap_or_default()
            .trim_end_matches(')');
        let mut listed: Vec<&str> = listed.split(", ").collect();
        let mut documented: Vec<&str> = docs::entries_of(class).map(|e| e.name).collect();
        listed.sort();
        documented.sort();
        assert_eq!(listed, documented, "{class}: {}", e.message);
    }
    let e = host
        .load_card(
            blank_strategy("検査"),
            "t/spec.lua",
            "card:on_play { bogus = 1 }",
        )
        .err()
        .expect("unknown field refused");
    assert!(e.message.contains("known: target, resolve"), "{e}");
}
