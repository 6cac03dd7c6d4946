//! Hot reload with pending items: a stack item or waiting trigger keeps running the ability it
//! was created from (R7.3: an item on the stack is independent of its card), found by the
//! ability's identity when a reload reorders the card's abilities; an ability a reload removed
//! or changed fails visibly (EffectFailed) and the game goes on.

use dzero_core::{AbilityKey, Action, CardDef, CardId, Event, Player::*, RuleSet, Zone};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, Table};

const T1: &str = "card:trigger { line = 1, on = \"placed\", card = \"self\",\n  resolve = function(g, e) g:draw(e.controller, 1) end }\n";
const T2: &str = "card:trigger { line = 1, on = \"placed\", card = \"self\",\n  resolve = function(g, e) g:boost(e.me, 1000) end }\n";
const A1: &str = "card:activated { line = 1, resolve = function(g, e) g:boost(e.me, 2000) end }\n";
const A2: &str = "card:activated { line = 1, resolve = function(g, e) g:boost(e.me, 4000) end }\n";

fn unit() -> CardDef {
    CardDef::unit("記憶の兵", 3000, 1)
}

fn load(host: &ScriptHost, parts: &[&str]) -> CardDef {
    host.load_card(unit(), "tests/lua/inline/reload.lua", &parts.concat())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// X1 in a1 has activated its first ● (on the stack, below); X2 was played and arrived, so
/// both of its ◆ triggered and wait for One to order them.
fn pending(host: &ScriptHost) -> (Table, CardId, CardId) {
    let mut db = dzero_fixtures::card_db();
    db.add(load(host, &[T1, T2, A1, A2]));
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let x1 = s.unit(One, "記憶の兵", "a1");
    let x2 = s.hand(One, "記憶の兵");
    s.rich(One);
    let mut t = s.build_strict();
    t.act(activate(x1, 2));
    t.play(x2, Some("b1"), &[]);
    t.pass_both();
    let choice = t.game.choice().expect("two triggers to order");
    assert_eq!(choice.options.len(), 2);
    assert_eq!(t.game.stack().len(), 1, "the ● item waits below");
    (t, x1, x2)
}

fn activate(card: CardId, ability: u8) -> Action {
    Table::activate_action(card, ability)
}

fn reload(t: &mut Table, host: &ScriptHost, parts: &[&str]) {
    let id = t.db.find("記憶の兵").unwrap();
    t.db.replace(id, load(host, parts));
    t.game.refresh_abilities(&t.db);
}

/// Orders the triggers (first listed first) and resolves everything; returns the failures.
fn resolve_all(t: &mut Table) -> Vec<String> {
    let mut failed = Vec::new();
    t.game.set_strict(false);
    for _ in 0..20 {
        if t.game.stack().is_empty() && t.game.choice().is_none() {
            break;
        }
        if t.game.choice().is_some() {
            t.act(Action::Choose(0));
        } else {
            t.pass();
        }
        for e in t.game.events() {
            if let Event::EffectFailed { error, .. } = e {
                failed.push(t.effect_error_texts()[*error as usize].clone());
            }
        }
    }
    assert!(t.game.stack().is_empty());
    assert_eq!(t.priority(), Some(One), "play goes on");
    failed
}

// R7.3: reordered abilities — the waiting ◆ and the pending ● run the abilities they were
// created from.
#[test]
fn r7_3_hot_reload_with_pending_items_reordered() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let (mut t, x1, x2) = pending(&host);
    let hand = t.zone(One, Zone::Hand).len();
    // Reordered and re-indented; a comment added.
    let t1_moved = format!("-- moved\n  {}", T1.replace('\n', "\n    "));
    reload(&mut t, &host, &[A2, T2, A1, &t1_moved]);
    let failed = resolve_all(&mut t);
    assert!(failed.is_empty(), "{failed:?}");
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1, "T1 drew one card");
    assert_eq!(t.power(x2), 4000, "T2 boosted X2 by 1000");
    assert_eq!(t.power(x1), 5000, "A1 boosted X1 by 2000, not A2's 4000");
}

// R7.3: two ● abilities swapped by a reload — the pending item runs the one it was made from,
// not the one now at its old position.
#[test]
fn r7_3_swapped_activated_abilities() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = dzero_fixtures::card_db();
    db.add(load(&host, &[A1, A2]));
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let x = s.unit(One, "記憶の兵", "a1");
    let mut t = s.build_strict();
    t.act(activate(x, 0));
    reload(&mut t, &host, &[A2, A1]);
    t.pass_both();
    assert!(t.game.stack().is_empty());
    assert_eq!(t.power(x), 5000, "+2000 from A1");
    // A new activation names the ability by its current position.
    t.act(activate(x, 0));
    t.pass_both();
    assert_eq!(t.power(x), 9000, "+4000 from A2, now first");
}

// R7.3: abilities removed or changed by a reload fail visibly, naming the card; the others
// still run and the game goes on.
#[test]
fn r7_3_hot_reload_with_pending_items_removed_or_changed() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let (mut t, x1, x2) = pending(&host);
    let hand = t.zone(One, Zone::Hand).len();
    let t1_changed = T1.replace("g:draw(e.controller, 1)", "g:draw(e.controller, 2)");
    reload(&mut t, &host, &[T2, A2, &t1_changed]);
    let failed = resolve_all(&mut t);
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(
        failed
            .iter()
            .all(|m| m.contains("記憶の兵") && m.contains("reload")),
        "{failed:?}"
    );
    assert!(failed.iter().any(|m| m.contains('◆')), "{failed:?}");
    assert!(failed.iter().any(|m| m.contains('●')), "{failed:?}");
    assert_eq!(
        t.zone(One, Zone::Hand).len(),
        hand,
        "the changed ◆ drew nothing"
    );
    assert_eq!(t.power(x2), 4000, "T2 still ran");
    assert_eq!(t.power(x1), 3000, "the removed ● did nothing");
}

// Keys come from the declaration text: stable across moves and re-indentation, different
// for different declarations; DSL lines are keyed by their canonical spelling.
#[test]
fn ability_keys_follow_the_declaration() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let keys =
        |def: &CardDef| -> Vec<AbilityKey> { def.abilities.iter().map(|a| a.key()).collect() };
    let a = keys(&load(&host, &[T1, A1]));
    let b = keys(&load(
        &host,
        &["\n\n", A1, "-- note\n", &T1.replace("  ", "      ")],
    ));
    assert_eq!(a, vec![b[1], b[0]]);
    assert!(a.iter().all(|k| *k != AbilityKey::NONE));
    assert_ne!(a[0], a[1]);
    let c = keys(&load(&host, &[&T1.replace("1) end", "2) end")]));
    assert_ne!(c[0], a[0]);
}

// R7.3 through the cardpool Reloader: a script edit that reorders a card's abilities while its
// ● waits on the stack; the item runs the ability it was activated from.
#[test]
fn r7_3_reloader_script_edit_with_a_pending_item() {
    use dzero_cardpool::{Reload, Reloader};
    use dzero_core::{Builder, Loc, Phase, Square};
    let dir = std::env::temp_dir().join(format!("dzero-reload-pending-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "id = \"t\"\nname = \"T\"\nversion = \"1\"\nrules = \"official\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("cards/keeper.toml"),
        "[[card]]\nname = \"記憶の兵\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\ntext = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/keeper.lua\"\n",
    )
    .unwrap();
    let script = dir.join("scripts/keeper.lua");
    std::fs::write(&script, [T1, A1, A2].concat()).unwrap();
    let (mut r, problems) = Reloader::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    let set = r.set().unwrap();
    let keeper = set.db.find("記憶の兵").unwrap();
    let mut b = Builder::new(set.rules, 1).active(One, 3);
    for p in [One, Two] {
        for _ in 0..10 {
            b.add(p, keeper, Loc::Deck);
        }
    }
    let unit = b.add(One, keeper, Loc::Square(Square::battle(0, 0)));
    let mut game = b.build(&set.db, Phase::Main).unwrap();
    game.apply(&set.db, activate(unit, 1)).unwrap();
    std::fs::write(&script, [A2, T1, A1].concat()).unwrap();
    assert!(matches!(
        r.apply(std::slice::from_ref(&script)),
        Reload::Cards(_)
    ));
    let set = r.set().unwrap();
    game.refresh_abilities(&set.db);
    game.apply(&set.db, Action::Pass).unwrap();
    game.apply(&set.db, Action::Pass).unwrap();
    assert!(game.stack().is_empty());
    assert!(
        game.effect_errors().is_empty(),
        "{:?}",
        game.effect_errors()
    );
    assert_eq!(
        game.view(&set.db).power(unit),
        5000,
        "A1's +2000, not A2's +4000"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
