//! Hot reload with a real watcher on a temporary set folder: good edits are picked up, bad
//! edits are reported and the last good version keeps working, a fix recovers, deletions are
//! reported, and editors that save by rename are handled.

use dzero_cardpool::{Reload, Reloader, SetWatcher};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn temp_set(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dzero-reload-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "id = \"t\"\nname = \"T\"\nversion = \"1\"\nrules = \"official\"\n",
    )
    .unwrap();
    write_unit(&dir, 3000);
    std::fs::write(
        dir.join("cards/spark.toml"),
        "[[card]]\nname = \"火花\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\ntext = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/spark.lua\"\n",
    )
    .unwrap();
    write_spark(&dir, "g:damage(e.target, 1000)");
    dir
}

fn write_unit(dir: &Path, power: i32) {
    std::fs::write(
        dir.join("cards/soldier.toml"),
        format!("[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = {power}\nsmash = 1\n"),
    )
    .unwrap();
}

fn write_spark(dir: &Path, body: &str) {
    std::fs::write(
        dir.join("scripts/spark.lua"),
        format!("-- 火花\ncard:on_play {{\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e)\n    {body}\n  end,\n}}\n"),
    )
    .unwrap();
}

fn power(r: &Reloader, name: &str) -> i32 {
    let set = r.set().expect("a loaded set");
    set.db.get(set.db.find(name).unwrap()).unwrap().power
}

/// Applies the watcher's batches until one contains `file` (batches left over from earlier saves
/// are applied on the way, as the watcher would); returns that batch's outcome.
fn next(r: &mut Reloader, w: &SetWatcher, file: &Path) -> Reload {
    until(r, w, |_, _, paths| paths.iter().any(|p| p.ends_with(file)))
}

/// Applies the watcher's batches until `done` holds.
fn until(
    r: &mut Reloader,
    w: &SetWatcher,
    mut done: impl FnMut(&Reloader, &Reload, &[PathBuf]) -> bool,
) -> Reload {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        assert!(
            std::time::Instant::now() < deadline,
            "the change was never seen"
        );
        if let Ok(paths) = w.next(Some(Duration::from_millis(500))) {
            let outcome = r.apply(&paths);
            if done(r, &outcome, &paths) {
                return outcome;
            }
        }
    }
}

#[test]
fn edits_reload_bad_edits_keep_the_last_good_version() {
    let dir = temp_set("edits");
    let (mut r, problems) = Reloader::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    let w = SetWatcher::new(&dir, Duration::from_millis(50)).unwrap();

    // A good edit is picked up, in place.
    write_unit(&dir, 4500);
    match next(&mut r, &w, Path::new("cards/soldier.toml")) {
        Reload::Cards(names) => assert_eq!(names, vec!["兵士".to_owned()]),
        other => panic!("expected a card reload, got {other:?}"),
    }
    assert_eq!(power(&r, "兵士"), 4500);

    // A Lua syntax error is reported with file and line; the old version stays.
    write_spark(&dir, "g:damage(e.target,, 1000)");
    match next(&mut r, &w, Path::new("scripts/spark.lua")) {
        Reload::Rejected(p) => {
            let text = p[0].headline();
            assert!(
                text.contains("spark.lua:6:") && text.contains("火花"),
                "{text}"
            );
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
    let set = r.set().unwrap();
    assert!(
        set.db
            .get(set.db.find("火花").unwrap())
            .unwrap()
            .spell
            .is_some()
    );

    // A runtime error found by smoke play is rejected too.
    write_spark(&dir, "g:damage(e.targt.id, 1000)");
    assert!(matches!(
        next(&mut r, &w, Path::new("scripts/spark.lua")),
        Reload::Rejected(_)
    ));

    // An unknown field in TOML is rejected, located.
    std::fs::write(
        dir.join("cards/soldier.toml"),
        "[[card]]\nname = \"兵士\"\npowr = 1\n",
    )
    .unwrap();
    match next(&mut r, &w, Path::new("cards/soldier.toml")) {
        Reload::Rejected(p) => assert!(
            p.iter().any(|p| p.headline().contains("soldier.toml:3:1")),
            "{p:?}"
        ),
        other => panic!("expected a rejection, got {other:?}"),
    }
    assert_eq!(
        power(&r, "兵士"),
        4500,
        "the last good version keeps working"
    );

    // Fixing both files recovers.
    write_unit(&dir, 5000);
    write_spark(&dir, "g:damage(e.target, 2000)");
    let mut spark_fixed = false;
    until(&mut r, &w, |r, outcome, paths| {
        if paths.iter().any(|p| p.ends_with("scripts/spark.lua")) {
            spark_fixed = !matches!(outcome, Reload::Rejected(_));
        }
        power(r, "兵士") == 5000 && spark_fixed
    });
    assert_eq!(power(&r, "兵士"), 5000);

    // An editor saving by writing a temporary file and renaming it over the original.
    let tmp = dir.join("cards/.soldier.toml.tmp");
    std::fs::write(&tmp, "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 6000\nsmash = 1\n").unwrap();
    std::fs::rename(&tmp, dir.join("cards/soldier.toml")).unwrap();
    let outcome = until(&mut r, &w, |r, _, _| power(r, "兵士") == 6000);
    assert!(matches!(outcome, Reload::Cards(_)), "{outcome:?}");

    // A deleted script is reported; the set keeps its last good version.
    std::fs::remove_file(dir.join("scripts/spark.lua")).unwrap();
    match next(&mut r, &w, Path::new("scripts/spark.lua")) {
        Reload::Rejected(p) => assert!(
            p.iter().any(|p| p.headline().contains("spark.lua")),
            "{p:?}"
        ),
        other => panic!("expected a rejection, got {other:?}"),
    }
    assert!(r.set().unwrap().db.find("火花").is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

// A running game picks up the new definition for future effects (ids are stable).
#[test]
fn running_game_swaps_in_new_definitions() {
    use dzero_core::{Builder, Loc, Phase, Player};
    let dir = temp_set("game");
    let (mut r, _) = Reloader::open(&dir);
    let set = r.set().unwrap();
    let soldier = set.db.find("兵士").unwrap();
    let mut b = Builder::new(set.rules, 1).active(Player::One, 3);
    for p in Player::BOTH {
        for _ in 0..10 {
            b.add(p, soldier, Loc::Deck);
        }
    }
    let unit = b.add(
        Player::One,
        soldier,
        Loc::Square(dzero_core::Square::battle(0, 0)),
    );
    let mut game = b.build(&set.db, Phase::Main).unwrap();
    assert_eq!(game.view(&set.db).power(unit), 3000);
    write_unit(&dir, 7000);
    assert!(matches!(
        r.apply(&[dir.join("cards/soldier.toml")]),
        Reload::Cards(_)
    ));
    let set = r.set().unwrap();
    game.refresh_abilities(&set.db);
    assert_eq!(game.view(&set.db).power(unit), 7000);
    let _ = std::fs::remove_dir_all(&dir);
}

// 盟約 partners named by an edited card file are checked on a single-card reload too: an
// unknown name is a located problem and the last good version stays.
#[test]
fn reloaded_partner_names_are_checked() {
    let dir = temp_set("partner");
    let (mut r, problems) = Reloader::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    let file = dir.join("cards/soldier.toml");
    let with_partners = |a: &str, b: &str| {
        format!(
            "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 2000\nsmash = 1\ntext = \"盟約―<「{a}」+「{b}」>[無1]\"\n"
        )
    };
    std::fs::write(&file, with_partners("兵士", "幽霊")).unwrap();
    match r.apply(std::slice::from_ref(&file)) {
        Reload::Rejected(p) => {
            let shown: Vec<String> = p.iter().map(|p| p.render()).collect();
            assert!(
                shown
                    .iter()
                    .any(|s| s.contains("no card named 「幽霊」") && s.contains("soldier.toml:")),
                "{shown:?}"
            );
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
    assert_eq!(power(&r, "兵士"), 3000, "the last good version stays");
    std::fs::write(&file, with_partners("兵士", "火花")).unwrap();
    assert!(matches!(
        r.apply(std::slice::from_ref(&file)),
        Reload::Cards(_)
    ));
    assert_eq!(power(&r, "兵士"), 2000);
    let _ = std::fs::remove_dir_all(&dir);
}
