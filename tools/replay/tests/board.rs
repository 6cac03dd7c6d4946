//! The board as one seat sees it, in English and Japanese, during a battle on the bundled decks.

use dzero_core::{Decision, Game, Player, RuleSet, Step};
use dzero_replay::board;
use dzero_text::{Lang, Text};

mod common;
use common::set_game_when;

/// The board of `seat` at the first position of a seeded random game on the d0-sample decks
/// where `wanted` holds.
fn board_when(wanted: fn(&Game) -> bool, seat: Player, lang: Lang) -> String {
    let (set, game) = set_game_when("d0-sample", None, |_, g| wanted(g));
    let text = Text::new(&game, &set.db, lang);
    board(&game.observe(&set.db, seat), &text)
}

/// A battle in its second step with battle damage on the stack (R11.9).
fn in_a_battle(g: &Game) -> bool {
    g.battle()
        .is_some_and(|b| b.step == dzero_core::BattleStep::Second && b.damage_stacked)
}

/// P1 choosing how to pay for a card announced with its square chosen (docs/design.md §7).
fn paying(g: &Game) -> bool {
    g.decision() == Decision::Pick(Player::One, Step::Payment)
        && g.announcement().is_some_and(|a| a.square.is_some())
}

#[test]
fn board_in_a_battle_in_english() {
    insta::assert_snapshot!(board_when(in_a_battle, Player::One, Lang::En));
}

#[test]
fn board_in_a_battle_in_japanese_for_the_second_seat() {
    insta::assert_snapshot!(board_when(in_a_battle, Player::Two, Lang::Ja));
}

// docs/design.md §7: the seat making an announcement sees it with the pieces chosen so far and the
// piece chosen next; the other seat does not.
#[test]
fn the_board_shows_the_seats_announcement_in_progress() {
    insta::assert_snapshot!(board_when(paying, Player::One, Lang::En));
    let ja = board_when(paying, Player::One, Lang::Ja);
    assert!(
        ja.lines()
            .any(|l| l.starts_with("宣言中：") && l.ends_with("（次はエネルギーの支払い方）")),
        "{ja}"
    );
    let other = board_when(paying, Player::Two, Lang::En);
    assert!(!other.contains("announcing"), "{other}");
}

/// The command zone line of `seat`'s board under `rules` once the die was rolled in a turn.
fn command_line(rules: RuleSet, seat: Player, lang: Lang) -> String {
    let (set, game) = set_game_when("dimensions-sample", Some(rules), |set, g| {
        g.observe(&set.db, Player::One)
            .command
            .is_some_and(|c| c.rolls > 0)
    });
    let text = Text::new(&game, &set.db, lang);
    let shown = board(&game.observe(&set.db, seat), &text);
    shown
        .lines()
        .find(|l| l.starts_with("dimensions: ") || l.starts_with("次元："))
        .unwrap_or_else(|| panic!("no command zone in\n{shown}"))
        .to_string()
}

// R19.8, R19.9: 次元戦 shows the face-up dimension (active, marked), the dimension deck's size
// and the rolls this turn; an official game shows no command zone.
#[test]
fn r19_8_the_board_shows_the_face_up_dimension() {
    insta::assert_snapshot!(command_line(RuleSet::DIMENSION_WAR, Player::One, Lang::En));
    insta::assert_snapshot!(command_line(RuleSet::DIMENSION_WAR, Player::Two, Lang::Ja));
    assert!(!board_when(in_a_battle, Player::One, Lang::En).contains("dimensions: "));
}

// R19.16, R19.17: 次元探索戦 shows the cross around the token, each place by its direction from
// it, the active dimension (under the token) marked.
#[test]
fn r19_16_the_board_shows_the_cross_around_the_token() {
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_EXPLORATION,
        Player::One,
        Lang::En
    ));
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_EXPLORATION,
        Player::One,
        Lang::Ja
    ));
}
