//! A card's printed `text` is its abilities: each ability line is card-text DSL or is claimed by
//! a declaration of its script (`line = N`); reminder lines are not abilities; nothing else
//! implements a line (R17: the printed symbols ○ ★ ◆ ● ☆ start abilities).

use dzero_cardpool::load_set;
use std::path::PathBuf;

/// Loads a set of one card file and one script; the problems as `file:line: message`.
fn load(test: &str, cards: &str, script: &str) -> (usize, Vec<String>) {
    let dir =
        std::env::temp_dir().join(format!("dzero-printed-lines-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "id = \"p\"\nname = \"P\"\nversion = \"0.1.0\"\nrules = \"official\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("cards/c.toml"), cards).unwrap();
    std::fs::write(dir.join("scripts/s.lua"), script).unwrap();
    let loaded = load_set(&dir);
    let problems = loaded
        .problems
        .iter()
        .map(|p| {
            let file = p
                .file
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            format!("{file}:{}: {}", p.line, p.message)
        })
        .collect();
    let cards = loaded.set.map_or(0, |s| s.cards.len());
    let _ = std::fs::remove_dir_all(PathBuf::from(&dir));
    (cards, problems)
}

const STRATEGY: &str = "[[card]]\nname = \"火花\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\n";
const ON_PLAY: &str = "card:on_play {\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e) g:damage(e.target, 1000) end,\n}\n";

#[test]
fn a_claimed_line_is_lua_and_reminder_lines_are_not_abilities() {
    let cards = format!(
        "{STRATEGY}text = \"\"\"\n○ 対象のユニットの魂を1000だけ焦がす。\n（この効果は Lua で書かれている）\n\"\"\"\nscript = \"scripts/s.lua\"\n"
    );
    let (n, p) = load("claimed", &cards, ON_PLAY);
    assert_eq!((n, p), (1, Vec::<String>::new()));
}

#[test]
fn a_printed_line_nothing_implements_is_refused() {
    // The script implements the ○ line, but the second printed line is claimed by nothing and
    // is not card-text DSL.
    let cards = format!(
        "{STRATEGY}text = \"\"\"\n○ 対象のユニットの魂を1000だけ焦がす。\n★ このカードは手札で光る。\n\"\"\"\nscript = \"scripts/s.lua\"\n"
    );
    let (n, p) = load("unclaimed", &cards, ON_PLAY);
    assert_eq!(n, 0);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("c.toml:9: "), "{p:?}");
}

#[test]
fn a_declaration_claiming_no_line_is_refused() {
    let cards = format!(
        "{STRATEGY}text = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/s.lua\"\n"
    );
    let script = ON_PLAY.replace("  line = 1,\n", "");
    let (n, p) = load("no-line", &cards, &script);
    assert_eq!(n, 0);
    assert!(
        p.iter()
            .any(|m| m == "s.lua:1: card:on_play claims no printed line"),
        "{p:?}"
    );
}

#[test]
fn keywords_are_refused_with_the_way_to_text() {
    let cards = format!("{STRATEGY}keywords = [\"○ カードを1枚引く。\"]\n");
    let (n, p) = load("keywords", &cards, "");
    assert_eq!(n, 0);
    assert!(
        p.iter()
            .any(|m| m.starts_with("c.toml:7: `keywords` is no longer read")),
        "{p:?}"
    );
}

#[test]
fn a_strategy_may_have_its_effect_in_text_and_only_a_cost_change_in_lua() {
    // The ○ line is DSL; the ☆ line is the script's card:play_cost.
    let cards = format!(
        "{STRATEGY}text = \"\"\"\n○ 対象のユニット1体に1000ダメージを与える。\n☆ このカードの使用コストは、あなたのターンには無1少なくなる。\n\"\"\"\nscript = \"scripts/s.lua\"\n"
    );
    let script = "card:play_cost { line = 2, change = function(self, cost) return cost end }\n";
    let (n, p) = load("play-cost", &cards, script);
    assert_eq!((n, p), (1, Vec::<String>::new()));
}

#[test]
fn a_strategy_with_neither_a_printed_nor_a_scripted_effect_is_refused() {
    // R8.7, R17.5: a strategy does its effect (its ○) when it resolves; here the ☆ line is its
    // only ability.
    let cards = format!(
        "{STRATEGY}text = \"☆ このカードの使用コストは、あなたのターンには無1少なくなる。\"\nscript = \"scripts/s.lua\"\n"
    );
    let script = "card:play_cost { line = 1, change = function(self, cost) return cost end }\n";
    let (n, p) = load("no-effect", &cards, script);
    assert_eq!(n, 0);
    assert_eq!(p, vec!["c.toml:2: a strategy needs an effect".to_owned()]);
}
