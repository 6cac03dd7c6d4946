//! Deck lists named by file play in the set that builds on all of theirs.

use dzero_sim::DeckFiles;
use std::path::PathBuf;

fn sets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets")
}

#[test]
fn two_decks_of_one_set_load_in_it() {
    let files = [
        sets().join("d0-sample/decks/赤緑.txt"),
        sets().join("d0-sample/decks/黒白.txt"),
    ];
    let found = DeckFiles::resolve(&files, None).unwrap();
    assert!(found.host.ends_with("d0-sample"));
    let (set, decks) = found.load().unwrap();
    assert_eq!(set.id, "d0-sample");
    assert_eq!(decks.len(), 2);
    assert_eq!(decks[0].name, "赤緑");
    assert_eq!(decks[0].cards.len(), 40);
}

#[test]
fn decks_of_unrelated_sets_are_refused_with_a_reason() {
    let files = [
        sets().join("d0-sample/decks/赤緑.txt"),
        sets().join("touhou-sample/decks/紅白.txt"),
    ];
    let e = DeckFiles::resolve(&files, None).unwrap_err();
    assert!(e.contains("none of which builds on all the others"), "{e}");
}

#[test]
fn a_file_outside_a_decks_folder_is_refused() {
    let e = DeckFiles::resolve(&[sets().join("d0-sample/set.toml")], None).unwrap_err();
    assert!(e.contains("decks/ folder"), "{e}");
    let e = DeckFiles::resolve(&[sets().join("nope.txt")], None).unwrap_err();
    assert!(e.contains("no such deck file"), "{e}");
}
