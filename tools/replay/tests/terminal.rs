//! The terminal player: numbered actions, hints for bad input, and choosing how to pay.

use dzero_core::{Action, Decision, Game, Payment, Player};
use dzero_replay::Terminal;
use dzero_sim::{Chooser, SeatView};
use dzero_text::Lang;
use std::io::Cursor;

mod common;
use common::game_after;

/// What the terminal player answers, and shows, given `keys` at `seat`'s decision.
fn answer(
    game: &Game,
    set: &dzero_cardpool::CardSet,
    seat: Player,
    keys: &str,
) -> (Option<Action>, String) {
    let mut shown = Vec::new();
    let mut human = Terminal::new(Cursor::new(keys.to_string()), &mut shown, Lang::En);
    let action = human.choose(&SeatView::new(game, &set.db, seat));
    drop(human);
    (action, String::from_utf8(shown).unwrap())
}

#[test]
fn bad_input_gets_hints_and_the_end_of_input_quits() {
    let (set, game) = game_after(0);
    let Decision::Energy(seat) = game.decision() else {
        panic!("expected the energy decision, got {:?}", game.decision());
    };
    let (action, shown) = answer(&game, &set, seat, "abc\n42\n\n");
    assert_eq!(action, None);
    assert!(
        shown.contains("  1. put no card into the energy zone\n"),
        "{shown}"
    );
    assert!(
        shown.contains("`abc` is not an action: type its number"),
        "{shown}"
    );
    assert!(
        shown.contains("no action 42: type a number from 1 to 6 (h for help)"),
        "{shown}"
    );
    assert!(
        shown.contains("type an action's number from 1 to 6 (h for help)"),
        "{shown}"
    );
    let (action, _) = answer(&game, &set, seat, "2\n");
    let mut listed = Vec::new();
    game.seat_actions(&set.db, seat, &mut listed);
    assert_eq!(action, Some(listed[1].clone()));
}

#[test]
fn a_human_can_choose_how_to_pay() {
    for n in 0..200 {
        let (set, game) = game_after(n);
        let Decision::Act(seat) = game.decision() else {
            continue;
        };
        let mut listed = Vec::new();
        game.seat_actions(&set.db, seat, &mut listed);
        for (k, a) in listed.iter().enumerate() {
            if !matches!(a, Action::Play { .. }) {
                continue;
            }
            let (action, shown) = answer(&game, &set, seat, &format!("{} p\n1\n", k + 1));
            if !shown.contains("  1. freeze ") {
                continue;
            }
            let Some(Action::Play {
                payment: Payment::Cards(cards),
                ..
            }) = &action
            else {
                panic!("no payment chosen: {action:?}\n{shown}");
            };
            assert!(!cards.is_empty());
            let frozen = |g: &Game| {
                let z = &g.observe(&set.db, seat).players[seat.index()];
                z.energy.iter().filter(|c| c.frozen).count()
                    + z.smash.iter().filter(|c| c.frozen).count()
            };
            let mut paid = game.clone();
            paid.apply(&set.db, action.clone().unwrap()).unwrap();
            assert_eq!(frozen(&paid), frozen(&game) + cards.len(), "{shown}");
            return;
        }
    }
    panic!("no play with an energy cost in the first 200 actions");
}
