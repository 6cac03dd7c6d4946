//! The board as one seat sees it, in English and Japanese, during a battle on the bundled decks.

use dzero_core::Player;
use dzero_replay::board;
use dzero_text::{Lang, Text};

mod common;
use common::game_after;

/// The board of `seat` after `actions` random actions of a seeded game on the d0-sample decks.
fn board_after(actions: u32, seat: Player, lang: Lang) -> String {
    let (set, game) = game_after(actions);
    let text = Text::new(&game, &set.db, lang);
    board(&game.observe(&set.db, seat), &text)
}

#[test]
fn board_in_a_battle_in_english() {
    insta::assert_snapshot!(board_after(90, Player::One, Lang::En));
}

#[test]
fn board_in_a_battle_in_japanese_for_the_second_seat() {
    insta::assert_snapshot!(board_after(90, Player::Two, Lang::Ja));
}
