//! Answers to choices asked while an effect resolves (R7.6) are recorded as the chosen option,
//! not as its position: when the effect runs again with the answers (re-execution), the
//! recorded option must still be offered; otherwise the effect fails visibly instead of
//! silently taking whatever option now sits at that position.

use dzero_core::{
    CardDb, CardDef, ChoiceOption, EffectError, Event, Failure, Player::*, Resolve, RuleSet, Spell,
    Timing,
};
use dzero_tests::{Setup, Table};
use std::cell::Cell;
use std::rc::Rc;

fn label(s: &str) -> ChoiceOption {
    ChoiceOption::Label(s.into())
}

/// A strategy "揺れる選択" asking One to pick a label. `runs` counts its runs; the options it
/// offers on run n are `menus[min(n, last)]`. Picking "draw1" draws one card, "draw2" two.
fn shifting_db(menus: Vec<Vec<&'static str>>, runs: Rc<Cell<usize>>) -> CardDb {
    let mut db = dzero_fixtures::card_db();
    let spell = Spell::new(move |r: &mut Resolve<'_>| {
        let n = runs.get();
        runs.set(n + 1);
        let menu = &menus[n.min(menus.len() - 1)];
        let options = menu.iter().map(|s| label(s)).collect();
        let Some(i) = r.choose(One, "how many cards", options)? else {
            return Ok(());
        };
        let draws = if menu[i] == "draw1" { 1 } else { 2 };
        r.draw(One, draws);
        Ok(())
    });
    db.add(CardDef::strategy("揺れる選択", spell).timing(Timing::Quick));
    db
}

fn table(menus: Vec<Vec<&'static str>>, runs: Rc<Cell<usize>>) -> (Table, dzero_core::CardId) {
    let mut s = Setup::with_db(shifting_db(menus, runs), RuleSet::OFFICIAL);
    let card = s.hand(One, "揺れる選択");
    s.rich(One);
    let mut t = s.build();
    t.play(card, None, &[]);
    t.pass_both();
    (t, card)
}

// R7.6: the answer is the chosen option; a re-run that lists the same options in another
// order still resolves with the option the player chose.
#[test]
fn r7_6_recorded_answer_follows_its_value() {
    let runs = Rc::new(Cell::new(0));
    let (mut t, _) = table(
        vec![vec!["draw1", "draw2"], vec!["draw2", "draw1"]],
        runs.clone(),
    );
    let hand = t.zone(One, dzero_core::Zone::Hand).len();
    t.choose(label("draw1"));
    assert_eq!(runs.get(), 2, "asked once, then re-run with the answer");
    assert!(t.game.choice().is_none());
    assert_eq!(t.zone(One, dzero_core::Zone::Hand).len(), hand + 1);
    assert!(t.game.effect_errors().is_empty());
}

// R7.6: a re-run that no longer offers the recorded option fails visibly (the effect does
// nothing, EffectFailed names the choice) rather than taking another option.
#[test]
fn r7_6_answer_no_longer_offered_fails_visibly() {
    let runs = Rc::new(Cell::new(0));
    let (mut t, card) = table(
        vec![vec!["draw1", "draw2"], vec!["draw2", "draw3"]],
        runs.clone(),
    );
    let hand = t.zone(One, dzero_core::Zone::Hand).len();
    // Index 0 was "draw1"; on the re-run index 0 would be "draw2".
    t.choose(label("draw1"));
    assert!(t.game.choice().is_none(), "no question is asked again");
    assert_eq!(
        t.zone(One, dzero_core::Zone::Hand).len(),
        hand,
        "the failed effect drew nothing"
    );
    let failed = t
        .game
        .events()
        .iter()
        .find_map(|e| match e {
            Event::EffectFailed { card: c, error } => Some((*c, *error)),
            _ => None,
        })
        .expect("an EffectFailed event");
    assert_eq!(failed.0, Some(card));
    let msg = &t.effect_error_texts()[failed.1 as usize];
    assert!(msg.contains("how many cards"), "{msg}");
    assert!(msg.contains("draw1"), "{msg}");
    assert!(msg.contains("揺れる選択"), "{msg}");
    // R7.8: the strategy still goes to the graveyard and play goes on.
    assert_eq!(t.loc(card), dzero_core::Loc::Graveyard);
    assert_eq!(t.priority(), Some(One));
}

// R7.6: the recorded answers are plain data in the stack item: a clone of the suspended game
// resolves the same way, and the stored answer is the option itself.
#[test]
fn r7_6_answers_are_stored_as_options() {
    let runs = Rc::new(Cell::new(0));
    let mut db = dzero_fixtures::card_db();
    let r2 = runs.clone();
    let spell = Spell::new(move |r: &mut Resolve<'_>| {
        r2.set(r2.get() + 1);
        let first = r.choose(One, "first", vec![label("x"), label("y")])?;
        let second = r.choose(One, "second", vec![label("p"), label("q")])?;
        if first.is_none() || second.is_none() {
            return Err(EffectError::Failed(Failure::Message("no options".into())));
        }
        Ok(())
    });
    db.add(CardDef::strategy("二択", spell).timing(Timing::Quick));
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let card = s.hand(One, "二択");
    s.rich(One);
    let mut t = s.build();
    t.play(card, None, &[]);
    t.pass_both();
    t.choose(label("y"));
    let item = t
        .game
        .stack()
        .last()
        .expect("the strategy waits on the stack");
    assert_eq!(item.answers, vec![label("y")]);
    let json = serde_json::to_string(&t.game).unwrap();
    let back: dzero_core::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t.game);
    t.choose(label("q"));
    assert!(t.game.choice().is_none());
    assert!(t.game.effect_errors().is_empty());
    assert_eq!(t.loc(card), dzero_core::Loc::Graveyard);
}
