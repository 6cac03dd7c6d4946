//! A card's printed `text` is what the game runs: one source for what players read and what the
//! game does. Editing a number in the printed line changes the behaviour (R17: the printed ○
//! line is the strategy's effect).

use dzero_scenario::{SetCache, run_file};
use std::path::{Path, PathBuf};

fn sets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cardpool/sets")
}

/// A scenario: P1 plays プラズマ・ライフル on P2's 狼王ロボ (power 5000) and expects `damage`.
fn scenario(damage: u32) -> String {
    format!(
        "title = \"the printed damage is dealt\"\n\n\
         [P1]\nhand = [{{ card = \"プラズマ・ライフル\", label = \"rifle\" }}]\n\
         energy = [{{ card = \"シングルモルト\", count = 5 }}]\n\n\
         [P2]\nunits = [{{ card = \"狼王ロボ\", at = \"b3\", label = \"robo\" }}]\n\n\
         [[step]]\nplay = \"rifle\"\ntarget = \"robo\"\n\n\
         [[step]]\npass = \"both\"\n\
         expect = {{ at = {{ robo = \"b3\" }}, damage = {{ robo = {damage} }} }}\n"
    )
}

fn passes(set: &Path, damage: u32) -> bool {
    let file = set.join("tests/printed_damage.toml");
    std::fs::write(&file, scenario(damage)).expect("scenario");
    let outcome = run_file(&file, &mut SetCache::new());
    assert!(outcome.problems().is_empty(), "{}", outcome.render());
    outcome.passed()
}

#[test]
fn editing_the_printed_number_changes_what_the_card_does() {
    let tmp = std::env::temp_dir().join(format!("dzero-printed-text-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let set = tmp.join("d0-sample");
    dzero_fixtures::copy_dir(&sets().join("d0-sample"), &set).expect("copy");
    assert!(passes(&set, 3000), "the text says 3000");
    assert!(!passes(&set, 4000));

    let cards = set.join("cards/rulebook.toml");
    let text = std::fs::read_to_string(&cards).expect("cards");
    let printed = "text = \"○ 対象のユニット1体に3000ダメージを与える。\"";
    assert!(text.contains(printed));
    let edited = text.replacen(printed, &printed.replace("3000", "4000"), 1);
    std::fs::write(&cards, edited).expect("edit");
    assert!(passes(&set, 4000), "the text now says 4000");
    assert!(!passes(&set, 3000));
    let _ = std::fs::remove_dir_all(&tmp);
}
