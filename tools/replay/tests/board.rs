//! The board as one seat sees it, in English and Japanese, during a battle on the bundled decks.

use dzero_core::{Player, RuleSet};
use dzero_replay::board;
use dzero_text::{Lang, Text};

mod common;
use common::{game_after, set_game_after};

/// The board of `seat` after `actions` random actions of a seeded game on the d0-sample decks.
fn board_after(actions: u32, seat: Player, lang: Lang) -> String {
    let (set, game) = game_after(actions);
    let text = Text::new(&game, &set.db, lang);
    board(&game.observe(&set.db, seat), &text)
}

#[test]
fn board_in_a_battle_in_english() {
    insta::assert_snapshot!(board_after(552, Player::One, Lang::En));
}

#[test]
fn board_in_a_battle_in_japanese_for_the_second_seat() {
    insta::assert_snapshot!(board_after(552, Player::Two, Lang::Ja));
}

// DESIGN §7: the seat making an announcement sees it with the pieces chosen so far and the
// piece chosen next; the other seat does not.
#[test]
fn the_board_shows_the_seats_announcement_in_progress() {
    insta::assert_snapshot!(board_after(112, Player::One, Lang::En));
    let ja = board_after(112, Player::One, Lang::Ja);
    assert!(
        ja.lines()
            .any(|l| l.starts_with("宣言中：") && l.ends_with("（次はエネルギーの支払い方）")),
        "{ja}"
    );
    let other = board_after(112, Player::Two, Lang::En);
    assert!(!other.contains("announcing"), "{other}");
}

/// The command zone line of `seat`'s board under `rules` after `actions` random actions.
fn command_line(rules: RuleSet, actions: u32, seat: Player, lang: Lang) -> String {
    let (set, game) = set_game_after("dimensions-sample", Some(rules), actions);
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
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_WAR,
        30,
        Player::One,
        Lang::En
    ));
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_WAR,
        30,
        Player::Two,
        Lang::Ja
    ));
    assert!(!board_after(552, Player::One, Lang::En).contains("dimensions: "));
}

// R19.16, R19.17: 次元探索戦 shows the cross around the token, each place by its direction from
// it, the active dimension (under the token) marked.
#[test]
fn r19_16_the_board_shows_the_cross_around_the_token() {
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_EXPLORATION,
        30,
        Player::One,
        Lang::En
    ));
    insta::assert_snapshot!(command_line(
        RuleSet::DIMENSION_EXPLORATION,
        30,
        Player::One,
        Lang::Ja
    ));
}
