//! Large pools (`dzero_cardpool::copies`): a set's cards copied under new names validate like
//! the set itself, smoke plays included, each copy costing the same work.

use std::path::Path;

#[test]
fn copies_of_d0_sample_validate_and_smoke_play_alike() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets/d0-sample");
    let base = std::env::temp_dir().join(format!("dzero-copies-test-{}", std::process::id()));
    let one = dzero_cardpool::copies::write_copies(&src, 1, &base.join("one")).unwrap();
    let two = dzero_cardpool::copies::write_copies(&src, 2, &base.join("two")).unwrap();
    assert_eq!(two, 2 * one);
    let a = dzero_cardpool::validate(&[base.join("one")]);
    let b = dzero_cardpool::validate(&[base.join("two")]);
    let _ = std::fs::remove_dir_all(&base);
    let headlines = |r: &dzero_cardpool::Report| -> Vec<String> {
        r.problems.iter().map(|p| p.headline()).collect()
    };
    assert_eq!(headlines(&b), Vec::<String>::new());
    assert_eq!(a.cards, one);
    assert_eq!(b.cards, two);
    assert!(
        a.smoked > one / 2,
        "most cards are smoke played: {}",
        a.smoked
    );
    assert_eq!(b.smoked, 2 * a.smoked, "each copy is smoke played alike");
}
