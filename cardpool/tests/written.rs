//! `dzero validate` tells per set how its cards are written: text only, with Lua, or vanilla.

use dzero_cardpool::{Written, WrittenAs, load_set};
use std::path::Path;

fn count(dir: &Path, pat: &str) -> usize {
    std::fs::read_dir(dir.join("cards"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .map(|t| t.lines().filter(|l| l.starts_with(pat)).count())
        .sum()
}

#[test]
fn bundled_sets_count_text_lua_and_vanilla_cards() {
    for id in ["d0-sample", "touhou-sample"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets").join(id);
        let set = load_set(&dir).set.expect("bundled set loads");
        let w = Written::of(&set);
        assert_eq!(w.cards, count(&dir, "[[card]]"), "{id}");
        assert_eq!(
            w.lua,
            count(&dir, "script = "),
            "{id}: one Lua card per script"
        );
        assert_eq!(w.text_only + w.lua + w.vanilla, w.cards, "{id}");
        assert!(w.text_only > 0 && w.vanilla > 0, "{id}: {w}");
        assert_eq!(
            w.to_string(),
            format!(
                "{id}: {} cards: {} text-only, {} Lua, {} vanilla",
                w.cards, w.text_only, w.lua, w.vanilla
            )
        );
    }
}

/// A card whose only line is a keyword is text; one with neither lines nor a script is vanilla;
/// one with a script is Lua, whatever else it has.
#[test]
fn each_card_is_text_lua_or_vanilla() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets/d0-sample");
    let set = load_set(&dir).set.expect("bundled set loads");
    let as_written = |name: &str| {
        let src = set
            .cards
            .iter()
            .find(|c| set.db.get(c.def).is_some_and(|d| d.name == name))
            .unwrap_or_else(|| panic!("{name}"));
        WrittenAs::of(&set, src)
    };
    assert_eq!(as_written("紅蓮の騎兵"), WrittenAs::Text, "加速 only");
    assert_eq!(as_written("墓守のグール"), WrittenAs::Text, "a ★ DSL line");
    assert_eq!(
        as_written("バトルフィールド・エンジェル"),
        WrittenAs::Vanilla
    );
    assert_eq!(
        as_written("スパイク・ガールズ"),
        WrittenAs::Text,
        "a ◆ discard"
    );
    assert_eq!(as_written("細波の入江の魔女"), WrittenAs::Lua);
}
