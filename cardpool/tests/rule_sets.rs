//! Rule-set files (docs/rules.md): the bundled three are exactly the engine's constants; a fan
//! variant is a file a set names; bad files give located errors naming what is wrong.

use dzero_cardpool::rule_sets::{bundled, bundled_names, parse_rule_set, rules_arg};
use dzero_cardpool::{load_set, parse_deck};
use dzero_core::{BracketNames, MatchFormat, MulliganRule, RuleSet};
use std::path::Path;

/// A valid rule-set file with `key = value` lines replaced or added.
fn official_with(edits: &[(&str, &str)]) -> String {
    let mut text = bundled_text("official");
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

fn bundled_text(name: &str) -> String {
    dzero_cardpool::rule_sets::bundled_text(name)
        .unwrap()
        .to_owned()
}

/// The one-line headlines of the problems of `text` as `bad.toml`.
fn problems(text: &str) -> Vec<String> {
    parse_rule_set(Path::new("bad.toml"), text)
        .expect_err("a bad file")
        .iter()
        .map(|p| p.headline())
        .collect()
}

#[test]
fn the_bundled_files_are_the_engines_rule_sets() {
    assert_eq!(
        bundled_names().collect::<Vec<_>>(),
        [
            "official",
            "touhou",
            "touhou-instant",
            "dimension-war",
            "dimension-exploration"
        ]
    );
    assert_eq!(bundled("official"), Some(RuleSet::OFFICIAL));
    assert_eq!(bundled("touhou"), Some(RuleSet::TOUHOU));
    assert_eq!(bundled("touhou-instant"), Some(RuleSet::TOUHOU_INSTANT));
    // R19.1, R19.16: the two dimension-deck variants.
    assert_eq!(bundled("dimension-war"), Some(RuleSet::DIMENSION_WAR));
    assert_eq!(
        bundled("dimension-exploration"),
        Some(RuleSet::DIMENSION_EXPLORATION)
    );
    assert_eq!(bundled("sixty"), None);
    let on_disk = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.toml"));
        rules_arg(path.to_str().unwrap()).unwrap()
    };
    assert_eq!(on_disk("touhou-instant"), RuleSet::TOUHOU_INSTANT);
    assert_eq!(
        on_disk("dimension-exploration"),
        RuleSet::DIMENSION_EXPLORATION
    );
}

#[test]
fn a_fan_variant_is_a_file_a_set_names() {
    let loaded = load_set(Path::new("tests/sixty"));
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    let set = loaded.set.unwrap();
    let r = set.rules;
    assert_eq!(r.name.as_str(), "sixty");
    assert_eq!(
        (r.deck_size, r.max_copies, r.smash_loss, r.opening_hand),
        (60, 4, 8, 6)
    );
    assert!(r.skip_first_draw);
    assert_eq!(r.bracket_names, BracketNames::Separate);
    assert_eq!(r.mulligan, MulliganRule::SecondPlayerOnce);
    assert_eq!((r.match_format, r.sideboard), (MatchFormat::Single, 0));
    assert_eq!(set.decks.len(), 2);
    assert!(set.decks.iter().all(|d| d.cards.len() == 60));
    // R2.1: d0-sample's 40-card list is refused, naming the variant's deck size.
    let forty = Path::new("sets/d0-sample/decks/赤緑.txt");
    let text = std::fs::read_to_string(forty).unwrap();
    let e = parse_deck(forty, &text, &set.db, &r).unwrap_err();
    let lines: Vec<String> = e.iter().map(|p| p.headline()).collect();
    assert_eq!(
        lines,
        [
            "sets/d0-sample/decks/赤緑.txt:16:1: the deck has 40 cards; the rule set `sixty` needs \
          exactly 60 (R2.1)"
        ]
    );
}

#[test]
fn unknown_keys_and_wrong_types_are_located() {
    let text = official_with(&[("copies = 3 ", "copies = 3\nmost = 3 ")]);
    let e = problems(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("bad.toml:9:1: unknown field `most`, expected one of `size`, `copies`"),
        "{e:?}"
    );
    let e = problems(&official_with(&[("size = 40", "size = \"forty\"")]));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("bad.toml:7:8: invalid type: string \"forty\", expected i64"),
        "{e:?}"
    );
    let e = problems(&official_with(&[("smash_loss = 7", "")]));
    assert_eq!(e, ["bad.toml:11:1: missing field `smash_loss`"]);
}

#[test]
fn out_of_range_values_are_located_and_all_reported() {
    let e = problems(&official_with(&[
        ("size = 40", "size = 0"),
        ("smash_loss = 7", "smash_loss = 300"),
        ("mulligan = \"none\"", "mulligan = \"first\""),
    ]));
    assert_eq!(
        e,
        [
            "bad.toml:7:8: `deck.size` is 0; it must be from 1 to 1000 (R2.1: cards in a deck)",
            "bad.toml:14:14: `duel.smash_loss` is 300; it must be from 1 to 255 (RE1: \
             smash-zone cards that lose)",
            "bad.toml:15:12: `duel.mulligan` is `first`; expected `none` or `second-player-once`",
        ]
    );
    let e = problems(&official_with(&[
        ("size = 40", "size = 4"),
        ("name = \"official\"", "name = \"\""),
    ]));
    assert_eq!(
        e,
        [
            "bad.toml:3:8: `name` is empty",
            "bad.toml:12:16: `duel.opening_hand` is 5, more than the 4 cards of a deck",
        ]
    );
}

#[test]
fn matches_need_sideboards_and_modules_are_checked() {
    let e = problems(&official_with(&[("sideboard = 10", "sideboard = 0")]));
    assert_eq!(
        e,
        [
            "bad.toml:19:13: a best-of-three match needs a sideboard (A26: without sideboards a \
          single duel is played)"
        ]
    );
    let e = problems(&official_with(&[
        ("exploration_layout = false", "exploration_layout = true"),
        ("remove_zone = true", "remove_zone = false"),
    ]));
    assert_eq!(
        e,
        [
            "bad.toml:22:15: `modules.remove_zone = false` is not implemented yet: the engine \
             always keeps a remove zone (R18.5)",
            "bad.toml:24:22: `modules.exploration_layout = true` needs `modules.dimension_deck \
             = true`: 次元探索戦 is a kind of 次元戦 (R19.1)",
        ]
    );
    // R19.1: the dimension-deck modules are accepted.
    let text = official_with(&[
        ("dimension_deck = false", "dimension_deck = true"),
        ("exploration_layout = false", "exploration_layout = true"),
    ]);
    let r = parse_rule_set(Path::new("ok.toml"), &text).expect("a valid file");
    assert_eq!(r.modules, RuleSet::DIMENSION_EXPLORATION.modules);
}

#[test]
fn rules_arguments_name_a_bundled_set_or_a_file() {
    assert_eq!(rules_arg("touhou"), Ok(RuleSet::TOUHOU));
    let e = rules_arg("chess").unwrap_err();
    assert_eq!(
        e,
        "unknown rule set `chess`: use official, touhou, touhou-instant, dimension-war, \
         dimension-exploration, or the path of a rule-set file (NAME.toml, see docs/rules.md)"
    );
    let e = rules_arg("tests/nowhere.toml").unwrap_err();
    assert!(e.starts_with("tests/nowhere.toml: cannot read"), "{e}");
}

#[test]
fn a_set_naming_an_unknown_rule_set_is_located() {
    let dir = std::env::temp_dir().join(format!("dzero-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "id = \"x\"\nname = \"X\"\nversion = \"0.1.0\"\nrules = \"sixty\"\n",
    )
    .unwrap();
    let loaded = load_set(&dir);
    let e: Vec<String> = loaded.problems.iter().map(|p| p.headline()).collect();
    let at = dir.join("set.toml").display().to_string();
    assert_eq!(e, [format!("{at}:4:9: unknown rule set `sixty`")]);
    // A path outside the set folder is refused; one inside is read and checked.
    std::fs::write(
        dir.join("set.toml"),
        "id = \"x\"\nname = \"X\"\nversion = \"0.1.0\"\nrules = \"../sixty.toml\"\n",
    )
    .unwrap();
    let loaded = load_set(&dir);
    let e: Vec<String> = loaded.problems.iter().map(|p| p.headline()).collect();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with(&format!(
            "{at}:4:9: cannot read rule-set file `../sixty.toml`: "
        )),
        "{e:?}"
    );
    std::fs::write(
        dir.join("set.toml"),
        "id = \"x\"\nname = \"X\"\nversion = \"0.1.0\"\nrules = \"mine.toml\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("mine.toml"),
        official_with(&[("size = 40", "size = 0")]),
    )
    .unwrap();
    let loaded = load_set(&dir);
    let e: Vec<String> = loaded.problems.iter().map(|p| p.headline()).collect();
    let mine = dir.join("mine.toml").display().to_string();
    assert_eq!(
        e,
        [format!(
            "{mine}:7:8: `deck.size` is 0; it must be from 1 to 1000 (R2.1: cards in a deck)"
        )]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
