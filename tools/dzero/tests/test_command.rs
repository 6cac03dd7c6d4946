//! `dzero test --filter` runs only matching scenarios; `--coverage` names the cards no scenario
//! names; `dzero validate` says how the cards are written. Driven through the real binary on a
//! set made by `dzero new`.

#[allow(dead_code)] // the watch helpers serve the other CLI tests
mod support;

use support::run;

/// A fresh temporary folder `NAME-PID` holding a new set `fan` made by `dzero new set`.
fn fan_set(name: &str) -> std::path::PathBuf {
    let tmp = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let made = run(&tmp, "dzero new set fan");
    // What to do next: the card, the deck list, validation and play.
    for step in [
        "dzero new card",
        "fan/decks/",
        "dzero validate fan",
        "dzero play --deck",
    ] {
        assert!(made.contains(step), "{made}");
    }
    tmp
}

#[test]
fn filter_coverage_and_written_summary() {
    let tmp = fan_set("dzero-test-cmd");
    run(&tmp, "dzero new card 炎の兵士 --set fan");
    run(&tmp, "dzero new card 氷の兵士 --set fan");
    let set = tmp.join("fan");
    let tests = set.join("tests");
    let scenario = |title: &str, card: &str| {
        format!(
            "title = \"{title}\"\n[P1]\nhand = [{{ card = \"{card}\", label = \"c\" }}]\n\
             [[step]]\nexpect = {{ at = {{ c = \"hand\" }} }}\n"
        )
    };
    let validate = run(&tmp, "dzero validate fan");
    let card = "炎の兵士".to_owned();
    std::fs::write(tests.join("alpha.toml"), scenario("first check", &card)).unwrap();
    std::fs::write(tests.join("beta.toml"), scenario("second check", &card)).unwrap();
    let all = run(&tmp, "dzero test fan");
    assert!(all.contains("2 passed"), "{all}");
    let one = run(&tmp, "dzero test fan --filter second");
    assert!(one.contains("1 scenario: 1 passed"), "{one}");
    assert!(
        one.contains("beta.toml") && !one.contains("alpha.toml"),
        "{one}"
    );
    let by_path = run(&tmp, "dzero test fan --filter alpha");
    assert!(by_path.contains("alpha.toml") && !by_path.contains("beta.toml"));
    let cov = run(&tmp, "dzero test fan --coverage");
    let line = cov
        .lines()
        .find(|l| l.starts_with("coverage "))
        .unwrap_or_else(|| panic!("{cov}"));
    assert!(line.contains("1 of 2 cards named by a scenario"), "{line}");
    assert!(line.ends_with("not named: 氷の兵士"), "{line}");
    assert!(
        validate
            .lines()
            .any(|l| l.contains("text-only") && l.contains("vanilla")),
        "{validate}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `dzero validate SET/decks/NAME.txt` checks that deck list on its own: its problems only.
#[test]
fn validate_one_deck_list() {
    let tmp = fan_set("dzero-deck-cmd");
    let names: Vec<String> = (1..=14).map(|i| format!("兵士{i}")).collect();
    for n in &names {
        run(&tmp, &format!("dzero new card {n} --set fan"));
    }
    let decks = tmp.join("fan/decks");
    std::fs::create_dir_all(&decks).unwrap();
    let list = |total: usize| {
        let mut text = String::new();
        let mut left = total;
        for n in &names {
            let k = left.min(3);
            if k > 0 {
                text.push_str(&format!("{k} {n}\n"));
            }
            left -= k;
        }
        text
    };
    std::fs::write(decks.join("good.txt"), list(40)).unwrap();
    std::fs::write(decks.join("short.txt"), list(36)).unwrap();
    let dzero = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dzero"))
            .args(args)
            .current_dir(&tmp)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (ok, text) = dzero(&["validate", "fan/decks/good.txt"]);
    assert!(ok, "{text}");
    assert!(
        text.contains("1 deck list(s)") && text.contains("0 problem(s)"),
        "{text}"
    );
    let (ok, text) = dzero(&["validate", "fan/decks/short.txt"]);
    assert!(!ok, "{text}");
    assert!(
        text.contains("short.txt") && text.contains("R2.1"),
        "{text}"
    );
    assert!(!text.contains("good.txt"), "only the given deck: {text}");
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `dzero schema SET` refreshes the set's own editor files, not `./docs`.
#[test]
fn schema_refreshes_the_sets_editor_files() {
    let tmp = fan_set("dzero-schema-cmd");
    let stub = tmp.join("fan/.dzero/dzero.d.lua");
    std::fs::write(&stub, "stale").unwrap();
    let out = run(&tmp.join("fan"), "dzero schema");
    assert!(
        out.contains("card.schema.json") && out.contains("dzero.d.lua"),
        "{out}"
    );
    assert_ne!(std::fs::read_to_string(&stub).unwrap(), "stale");
    assert!(!tmp.join("fan/docs").exists() && !tmp.join("docs").exists());
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `dzero schema SET` gives every card, scenario and set file of the set that has no `#:schema`
/// line the right one, changing nothing else, leaves files that have one byte for byte as they
/// were, says what it changed, and changes nothing on a second run.
#[test]
fn schema_adds_the_missing_schema_lines() {
    let tmp = fan_set("dzero-schema-lines");
    let set = tmp.join("fan");
    run(&tmp, "dzero new card 炎の兵士 --set fan");
    let scaffolded = std::fs::read(set.join("cards/炎の兵士.toml")).unwrap();
    // A hand-written set.toml, a multi-card file, a scenario two folders down with a BOM and
    // CRLF line ends, and a scenario whose leading comments already name a schema.
    let set_toml = "id = \"fan\"\nname = \"fan\"\nversion = \"0.1.0\"\nrules = \"official\"\n";
    std::fs::write(set.join("set.toml"), set_toml).unwrap();
    let multi = "# two cards\n[[card]]\nname = \"a\"\ntype = \"unit\"\n\n[[card]]\nname = \"b\"\ntype = \"unit\"\n";
    std::fs::write(set.join("cards/multi.toml"), multi).unwrap();
    std::fs::create_dir_all(set.join("tests/rules/deep")).unwrap();
    let scenario = b"\xEF\xBB\xBFtitle = \"t\"\r\n\r\n[[step]]\r\n";
    std::fs::write(set.join("tests/rules/deep/s.toml"), scenario).unwrap();
    let kept = "# mine\n#:schema https://example.org/s.json\ntitle = \"k\"\n";
    std::fs::write(set.join("tests/k.toml"), kept).unwrap();

    let out = run(&set, "dzero schema");
    assert!(
        out.contains("added `#:schema ./.dzero/set.schema.json` to ./set.toml"),
        "{out}"
    );
    assert!(
        out.contains("added `#:schema ../.dzero/card.schema.json` to ./cards/multi.toml"),
        "{out}"
    );
    assert!(
        out.contains(
            "added `#:schema ../../../.dzero/scenario.schema.json` to ./tests/rules/deep/s.toml"
        ),
        "{out}"
    );
    assert!(
        out.contains("3 file(s) given a #:schema line, 2 already had one"),
        "{out}"
    );
    let read = |f: &str| std::fs::read(set.join(f)).unwrap();
    assert_eq!(
        read("set.toml"),
        format!("#:schema ./.dzero/set.schema.json\n{set_toml}").into_bytes()
    );
    assert_eq!(
        read("cards/multi.toml"),
        format!("#:schema ../.dzero/card.schema.json\n{multi}").into_bytes()
    );
    let mut expected = b"\xEF\xBB\xBF#:schema ../../../.dzero/scenario.schema.json\r\n".to_vec();
    expected.extend_from_slice(&scenario[3..]);
    assert_eq!(read("tests/rules/deep/s.toml"), expected);
    assert_eq!(read("tests/k.toml"), kept.as_bytes());
    assert_eq!(read("cards/炎の兵士.toml"), scaffolded);
    // No temporary file is left behind, and a second run changes nothing.
    let leftovers: Vec<_> = std::fs::read_dir(set.join("cards"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let again = run(&set, "dzero schema");
    assert!(
        again.contains("0 file(s) given a #:schema line, 5 already had one"),
        "{again}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `dzero new card` scaffolds every card type and every Lua ability kind, and each scaffold
/// validates clean (smoke play included).
#[test]
fn new_card_scaffolds_every_type_and_ability() {
    let tmp = fan_set("dzero-new-card");
    let commands = [
        "dzero new card u0 --set fan",
        "dzero new card u1 --set fan --lua trigger",
        "dzero new card u2 --set fan --lua static",
        "dzero new card u3 --set fan --lua activated",
        "dzero new card b0 --set fan --type base",
        "dzero new card b1 --set fan --type base --lua static",
        "dzero new card b2 --set fan --type base --lua trigger",
        "dzero new card s0 --set fan --type strategy",
        "dzero new card s1 --set fan --lua",
    ];
    for c in commands {
        run(&tmp, c);
    }
    let text = |f: &str| std::fs::read_to_string(tmp.join("fan").join(f)).unwrap();
    assert!(text("cards/b0.toml").contains("type = \"base\""));
    assert!(text("scripts/u2.lua").contains("card:static"));
    assert!(text("scripts/u3.lua").contains("card:activated"));
    // A strategy without --lua is card text only: its ○ line, no script.
    assert!(text("cards/s0.toml").contains("text = \"\"\"\n○ "));
    assert!(!tmp.join("fan/scripts/s0.lua").exists());
    assert!(text("scripts/s1.lua").contains("card:on_play {\n  line = 1,"));
    assert!(text("cards/s1.toml").contains("type = \"strategy\""));
    assert!(!text("cards/u0.toml").contains("keywords"));
    let out = run(&tmp, "dzero validate fan");
    assert!(out.contains("0 problem(s)"), "{out}");
    assert!(
        out.contains(": 9 cards: 3 text-only, 6 Lua, 0 vanilla"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A bad deck list does not stop the set's scenarios; a card that fails to load is reported
/// once, at its cause, not again by every deck line naming it.
#[test]
fn problems_are_reported_once_at_their_cause() {
    let tmp = fan_set("dzero-once");
    run(&tmp, "dzero new card 兵士 --set fan");
    let set = tmp.join("fan");
    std::fs::write(set.join("decks/short.txt"), "3 兵士\n").unwrap();
    std::fs::write(
        set.join("tests/ok.toml"),
        "title = \"t\"\n[P1]\nhand = [{ card = \"兵士\", label = \"c\" }]\n[[step]]\nexpect = { at = { c = \"hand\" } }\n",
    )
    .unwrap();
    let out = run(&tmp, "dzero test fan");
    assert!(
        out.contains("1 passed"),
        "a bad deck list stops no scenario: {out}"
    );
    // Break the card: the deck naming it reports nothing more.
    let card = set.join("cards/兵士.toml");
    let text = std::fs::read_to_string(&card).unwrap();
    std::fs::write(&card, text.replace("power = 3000", "power = -5")).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(["validate", "fan"])
        .current_dir(&tmp)
        .output()
        .unwrap();
    let v = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success());
    assert!(v.contains("兵士.toml"), "{v}");
    assert!(!v.contains("no card named"), "no follow-on deck error: {v}");
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A plain folder of cross-set scenarios (no set.toml) is found when given.
#[test]
fn a_folder_of_cross_set_scenarios_is_found() {
    let tmp = fan_set("dzero-crossover");
    std::fs::create_dir_all(tmp.join("crossover")).unwrap();
    run(&tmp, "dzero new card 兵士 --set fan");
    std::fs::write(
        tmp.join("crossover/x.toml"),
        "title = \"x\"\nsets = [\"../fan\"]\n[P1]\nhand = [{ card = \"兵士\", label = \"c\" }]\n[[step]]\nexpect = { at = { c = \"hand\" } }\n",
    )
    .unwrap();
    let out = run(&tmp, "dzero test crossover");
    assert!(
        out.contains("crossover/x.toml") && out.contains("1 passed"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
