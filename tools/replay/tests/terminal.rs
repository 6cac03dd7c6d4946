//! The terminal player: options numbered and grouped per card, hints for bad input, an
//! announcement's pieces picked one by one or withdrawn, the energy paid automatically or by
//! hand.

use dzero_core::{Action, Decision, Game, Pick, Player, Step, Use};
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

/// One terminal fed `keys` deciding for `seat` from `game` while that seat decides and the
/// keys last: the game after, the actions taken and what was shown.
fn drive(
    game: &Game,
    set: &dzero_cardpool::CardSet,
    seat: Player,
    keys: &str,
) -> (Game, Vec<Action>, String) {
    let mut shown = Vec::new();
    let mut human = Terminal::new(Cursor::new(keys.to_string()), &mut shown, Lang::En);
    let mut game = game.clone();
    let mut taken = Vec::new();
    while game.decision().player() == Some(seat) {
        let Some(a) = human.choose(&SeatView::new(&game, &set.db, seat)) else {
            break;
        };
        game.apply(&set.db, a.clone()).unwrap();
        taken.push(a);
    }
    drop(human);
    (game, taken, String::from_utf8(shown).unwrap())
}

/// The first state of the seeded random game where its deciding seat may announce playing a
/// unit from hand into a square, paying energy: the set, the game, the seat, that option's
/// number and the use.
fn unit_to_play() -> (dzero_cardpool::CardSet, Game, Player, usize, Use) {
    for n in 0..300 {
        let (set, game) = game_after(n);
        let Decision::Act(seat) = game.decision() else {
            continue;
        };
        let (_, shown) = answer(&game, &set, seat, "");
        let found = numbered(&game, &set, seat, &shown)
            .into_iter()
            .find(|&(_, what)| {
                let mut next = game.clone();
                next.apply(&set.db, Action::Announce(what)).unwrap();
                if next.decision() != Decision::Pick(seat, Step::Square) {
                    return false;
                }
                let mut square = Vec::new();
                next.seat_actions(&set.db, seat, &mut square);
                next.apply(&set.db, square[0].clone()).unwrap();
                next.decision() == Decision::Pick(seat, Step::Payment)
            });
        if let Some((number, what)) = found {
            return (set, game, seat, number, what);
        }
    }
    panic!("no unit with an energy cost to play in the first 300 actions");
}

/// The announcements shown in `shown` with their numbers, read back from the listing.
fn numbered(
    game: &Game,
    set: &dzero_cardpool::CardSet,
    seat: Player,
    shown: &str,
) -> Vec<(usize, Use)> {
    let mut listed = Vec::new();
    game.seat_actions(&set.db, seat, &mut listed);
    let text = dzero_text::Text::new(game, &set.db, Lang::En);
    shown
        .lines()
        .filter_map(|l| {
            let (n, label) = l.trim().split_once(". ")?;
            let n: usize = n.parse().ok()?;
            listed.iter().find_map(|a| match a {
                Action::Announce(u) if text.announce(*u) == label => Some((n, *u)),
                _ => None,
            })
        })
        .collect()
}

#[test]
fn bad_input_gets_hints_and_the_end_of_input_quits() {
    let (set, game) = game_after(0);
    let Decision::Energy(seat) = game.decision() else {
        panic!("expected the energy decision, got {:?}", game.decision());
    };
    let (action, shown) = answer(&game, &set, seat, "abc\n42\n\nc\n1 p\n");
    assert_eq!(action, None);
    for hint in [
        "  1. put no card into the energy zone\n",
        "`abc` is not an action: type its number, `N p` to pay by hand, h for help, q to quit",
        "no action 42: type a number from 1 to 6 (h for help)",
        "type an action's number from 1 to 6 (h for help)",
        "there is no announcement to cancel",
        "`N p` pays an announcement by hand: this option announces nothing",
    ] {
        assert!(shown.contains(hint), "no `{hint}` in\n{shown}");
    }
    let (action, _) = answer(&game, &set, seat, "2\n");
    let mut listed = Vec::new();
    game.seat_actions(&set.db, seat, &mut listed);
    assert_eq!(action, Some(listed[1].clone()));
}

#[test]
fn at_priority_the_uses_are_grouped_per_card_hand_first_and_pass_last() {
    let (set, game, seat, ..) = unit_to_play();
    let (_, shown) = answer(&game, &set, seat, "");
    let mut listed = Vec::new();
    game.seat_actions(&set.db, seat, &mut listed);
    let options: Vec<&str> = shown
        .lines()
        .skip_while(|l| !l.ends_with("holds priority"))
        .skip(1)
        .collect();
    // Every option once, numbered 1 to N in order; pass the last.
    let numbers: Vec<usize> = options
        .iter()
        .filter_map(|l| l.trim().split_once(". ")?.0.parse().ok())
        .collect();
    assert_eq!(numbers, (1..=listed.len()).collect::<Vec<_>>(), "{shown}");
    assert_eq!(
        options
            .iter()
            .rev()
            .find(|l| l.contains(". "))
            .unwrap()
            .trim(),
        format!("{}. pass", listed.len())
    );
    // A hand card's heading comes before its uses, indented under it.
    let heading = options
        .iter()
        .position(|l| l.starts_with("  hand: "))
        .unwrap();
    assert!(options[heading + 1].starts_with("    "), "{shown}");
    // Each number takes the option shown with it.
    for (n, what) in numbered(&game, &set, seat, &shown) {
        let (action, _) = answer(&game, &set, seat, &format!("{n}\n"));
        assert_eq!(action, Some(Action::Announce(what)));
    }
}

#[test]
fn a_unit_is_played_by_choosing_it_then_its_square_and_paid_automatically() {
    let (set, game, seat, n, what) = unit_to_play();
    let (after, taken, shown) = drive(&game, &set, seat, &format!("{n}\n1\n"));
    let [announce, square, pay] = taken.as_slice() else {
        panic!("{taken:?}\n{shown}");
    };
    assert_eq!(*announce, Action::Announce(what));
    assert!(matches!(square, Action::Pick(Pick::Square(_))), "{shown}");
    assert_eq!(*pay, Action::Pick(Pick::PayAuto));
    assert!(shown.contains("P1 chooses a square") || shown.contains("P2 chooses a square"));
    assert!(shown.contains("announcing: play "), "{shown}");
    assert!(
        shown.contains(" pays the energy automatically\n"),
        "{shown}"
    );
    // The unit is played: on the stack, its square chosen.
    let card = what.card().unwrap();
    let obs = after.observe(&set.db, seat);
    let stack = &obs.frames.last().unwrap().stack;
    assert_eq!(stack.last().and_then(|i| i.card), Some(card), "{shown}");
    assert_eq!(after.announcement(), None);
}

#[test]
fn an_announcement_withdrawn_leaves_the_position_as_it_was() {
    let (set, game, seat, n, what) = unit_to_play();
    let (after, taken, shown) = drive(&game, &set, seat, &format!("{n}\nc\n"));
    assert_eq!(
        taken,
        [Action::Announce(what), Action::Pick(Pick::Cancel)],
        "{shown}"
    );
    assert!(shown.contains("  c. cancel\n"), "{shown}");
    assert!(shown.contains("(1-"), "{shown}");
    // Both seats see what they saw, and the same options are offered.
    for p in [Player::One, Player::Two] {
        assert_eq!(after.observe(&set.db, p), game.observe(&set.db, p));
    }
    assert_eq!(after.decision(), game.decision());
    let mut offered = [Vec::new(), Vec::new()];
    after.seat_actions(&set.db, seat, &mut offered[0]);
    game.seat_actions(&set.db, seat, &mut offered[1]);
    assert_eq!(offered[0], offered[1]);
}

#[test]
fn n_p_pays_the_energy_card_by_card() {
    let (set, game, seat, n, what) = unit_to_play();
    // The keys: announce by hand, the first square, then the first energy card offered until
    // the announcement commits.
    let mut keys = format!("{n} p\n1\n");
    let mut next = game.clone();
    next.apply(&set.db, Action::Announce(what)).unwrap();
    let mut listed = Vec::new();
    next.seat_actions(&set.db, seat, &mut listed);
    next.apply(&set.db, listed[0].clone()).unwrap();
    let mut cards = Vec::new();
    while next.decision() == Decision::Pick(seat, Step::Payment) {
        next.seat_actions(&set.db, seat, &mut listed);
        let k = listed
            .iter()
            .position(|a| matches!(a, Action::Pick(Pick::PayCard(_))))
            .unwrap();
        let Action::Pick(Pick::PayCard(c)) = listed[k] else {
            unreachable!()
        };
        cards.push(c);
        keys.push_str(&format!("{}\n", k + 1));
        next.apply(&set.db, listed[k].clone()).unwrap();
    }
    let (after, taken, shown) = drive(&game, &set, seat, &keys);
    let paid: Vec<Action> = cards
        .iter()
        .map(|&c| Action::Pick(Pick::PayCard(c)))
        .collect();
    assert_eq!(taken[2..], paid, "{shown}");
    assert!(!taken.contains(&Action::Pick(Pick::PayAuto)));
    assert!(
        shown.contains("P1 chooses how to pay the energy")
            || shown.contains("P2 chooses how to pay the energy")
    );
    assert!(shown.contains(". freeze "), "{shown}");
    let frozen = |g: &Game| {
        let z = &g.observe(&set.db, seat).players[seat.index()];
        z.energy.iter().filter(|c| c.frozen).count() + z.smash.iter().filter(|c| c.frozen).count()
    };
    assert_eq!(frozen(&after), frozen(&game) + cards.len(), "{shown}");
}

#[test]
fn help_is_in_the_players_language() {
    let (set, game) = game_after(0);
    let seat = game.decision().player().unwrap();
    let (_, en) = answer(&game, &set, seat, "h\n");
    assert!(
        en.contains("N p    the same, paying the energy by hand"),
        "{en}"
    );
    let mut shown = Vec::new();
    let mut human = Terminal::new(Cursor::new("h\n".to_string()), &mut shown, Lang::Ja);
    human.choose(&SeatView::new(&game, &set.db, seat));
    drop(human);
    let ja = String::from_utf8(shown).unwrap();
    assert!(
        ja.contains("c      宣言を取り消す（何も変わらない）"),
        "{ja}"
    );
}
