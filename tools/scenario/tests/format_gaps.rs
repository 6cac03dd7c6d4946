//! Scenario format: the command zone as a place (R19.8), rolls among the legal actions (R19.11),
//! exact keyword sets (R17.7, R17.8), target combinations in `offers` and `choose` (R7.4), the
//! 次元探索戦 cross and its distances (R19.16–R19.19, A40), deck legality (R2.1, R2.2) and the
//! match step (R2.4–R2.6). Each passing file is also run by the sets' scenario runs; here each
//! is paired with a failing case that names what differs.

use dzero_scenario::{SetCache, run_file, run_paths};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn passes(rel: &str) {
    let mut sets = SetCache::new();
    let outcome = run_file(&repo().join(rel), &mut sets);
    assert!(outcome.passed(), "{rel}: {}", outcome.render());
}

fn fails(rel: &str) -> String {
    let mut sets = SetCache::new();
    let outcome = run_file(
        &repo().join("tests/scenarios/failing/runs").join(rel),
        &mut sets,
    );
    assert!(!outcome.passed(), "{rel} was expected to fail");
    outcome.render()
}

const FORMAT: &str = "tests/scenarios/fixture-set/tests/format/";
const DIMENSIONS: &str = "cardpool/sets/dimensions-sample/tests/";

// R19.8: a dimension's place is the command zone, as `at` and `@command` write it; R19.11: the
// second roll of a turn costs energy, so without any it is not a legal action.
#[test]
fn r19_8_command_is_a_place_and_r19_11_rolls_are_legal_or_not() {
    passes(&format!("{DIMENSIONS}command_and_rolls.toml"));
}

// R17.7, R17.8: `keywords_exactly` holds only for the whole keyword set.
#[test]
fn r17_7_keywords_exactly_fails_on_an_extra_keyword() {
    passes(&format!("{FORMAT}keywords_exactly.toml"));
    let text = fails("keywords_not_exact.toml");
    assert!(text.contains("expected: exactly [haste]"), "{text}");
    assert!(text.contains("actual:   [haste, hexproof]"), "{text}");
}

// R7.4: a choice of several targets offers combinations; `offers` and `choose` name them as
// reports print them, in any order.
#[test]
fn r7_4_offers_name_target_combinations_as_printed() {
    passes(&format!("{FORMAT}target_combinations.toml"));
    let text = fails("wrong_combinations.toml");
    assert!(
        text.contains("expected: [malt + cirno, malt + chen]"),
        "{text}"
    );
    assert!(
        text.contains("actual:   [malt + cirno, malt + chen, cirno + chen]"),
        "{text}"
    );
}

// R19.16–R19.19, A40: the cross laid out by place, the token's place and distances.
#[test]
fn r19_16_the_exploration_cross_and_its_distances() {
    passes(&format!("{DIMENSIONS}exploration_layout.toml"));
}

// R19.16: only 次元探索戦 has a cross to lay out.
#[test]
fn r19_16_a_layout_needs_the_exploration_rules() {
    let mut sets = SetCache::new();
    let path = repo().join("tests/scenarios/failing/runs/layout_without_exploration.toml");
    let outcome = run_file(&path, &mut sets);
    let text = outcome.render();
    assert!(!outcome.passed(), "{text}");
    assert!(
        text.contains("has no 次元探索戦 cross to lay out (R19.16)"),
        "{text}"
    );
}

// R2.1, R2.2: a deck list expected legal or illegal, with the rules it breaks.
#[test]
fn r2_2_deck_legality_is_an_expectation() {
    passes(&format!("{FORMAT}deck_legality.toml"));
    let text = fails("deck_wrongly_legal.toml");
    assert!(text.contains("legality of the deck under"), "{text}");
    assert!(text.contains("expected: legal"), "{text}");
    assert!(text.contains("illegal:"), "{text}");
    assert!(text.contains("R2.2"), "{text}");
}

// R2.4–R2.6: after duel 1 the loser swaps and chooses the first player of duel 2; the winner
// cannot choose, and a swap of a card the deck does not hold is refused.
#[test]
fn r2_6_the_loser_chooses_the_first_player_of_the_next_duel() {
    passes(&format!("{FORMAT}match_next_duel.toml"));
    let text = fails("match_winner_chooses.toml");
    assert!(text.contains("who decides (`by`)"), "{text}");
    assert!(text.contains("P2, the loser of duel 1 (R2.6)"), "{text}");
    let text = fails("match_bad_swap.toml");
    assert!(text.contains("P2's swap (R2.5)"), "{text}");
    assert!(text.contains("no 「補給」 left in the deck"), "{text}");
}

// The summary counts one scenario in the singular.
#[test]
fn one_scenario_is_counted_in_the_singular() {
    let one = run_paths(&[repo().join(format!("{FORMAT}deck_legality.toml"))]);
    assert!(
        one.render()
            .trim_end()
            .ends_with("1 scenario: 1 passed, 0 failed"),
        "{}",
        one.render()
    );
}
