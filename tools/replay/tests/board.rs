//! The board as one seat sees it, in English and Japanese, during a battle on the bundled decks.

use dzero_core::{Game, Player};
use dzero_replay::board;
use dzero_sim::{DeckFiles, PlayOptions, RandomPlayer, play_with};
use dzero_text::{Lang, Text};
use std::path::Path;

/// The board of `seat` after `actions` random actions of a seeded game on the d0-sample decks.
fn board_after(actions: u32, seat: Player, lang: Lang) -> String {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks");
    let found =
        DeckFiles::resolve(&[decks.join("赤緑.txt"), decks.join("黒白.txt")], None).unwrap();
    let (set, lists) = found.load().unwrap();
    let game = Game::new(&set.db, found.rules, [&lists[0].cards, &lists[1].cards], 2).unwrap();
    let opts = PlayOptions {
        stop_after: Some(actions),
        ..PlayOptions::default()
    };
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    let out = play_with(&set.db, game, &mut players, opts, &mut ()).unwrap();
    let text = Text::new(&out.game, &set.db, lang);
    board(&out.game.observe(&set.db, seat), &text)
}

#[test]
fn board_in_a_battle_in_english() {
    insta::assert_snapshot!(board_after(90, Player::One, Lang::En));
}

#[test]
fn board_in_a_battle_in_japanese_for_the_second_seat() {
    insta::assert_snapshot!(board_after(90, Player::Two, Lang::Ja));
}
