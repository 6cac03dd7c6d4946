//! Printed effects that show hand cards (A47, R1.6): 「相手はあなたの手札にあるカードをランダムに
//! 1枚選び、公開する」 shows one card of the controller's hand to the opponent only, and 「あなたは
//! 相手の手札を見て、カードを1枚選んで捨てる」 shows the opponent's hand to the controller, who picks
//! the card.

use dzero_core::{CardKind, ChoiceOption, Player::*, RuleSet, Timing};
use dzero_grammar::{CompileCtx, Compiled, NoScripts, compile_text};
use dzero_tests::{Setup, Table};

/// A table of the fixture cards and a strategy whose ○ is `text`, both decks filled.
fn with_strategy(name: &str, text: &str) -> Setup {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Normal);
    let Ok(Compiled::Spell(spell)) = compile_text(text, &ctx, &mut NoScripts) else {
        panic!("{text} is not a strategy's effect")
    };
    let mut db = dzero_fixtures::card_db();
    db.add(dzero_core::CardDef::strategy(name, spell));
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    s.deck(One, "シングルモルト", 5);
    s.deck(Two, "シングルモルト", 5);
    s
}

#[test]
fn a47_a_random_card_of_your_hand_is_shown_to_the_opponent_only() {
    let mut s = with_strategy(
        "見せ札",
        "相手はあなたの手札にあるカードをランダムに1枚選び、公開する。",
    );
    let a = s.hand(One, "チルノ");
    let b = s.hand(One, "チルノ");
    let card = s.hand(One, "見せ札");
    s.rich(One);
    let mut t: Table = s.build_strict();
    assert!(!t.game.visible_to(Two, a) && !t.game.visible_to(Two, b));
    t.play(card, None, &[]);
    t.pass_both();
    let seen = [a, b]
        .iter()
        .filter(|&&c| t.game.visible_to(Two, c))
        .count();
    assert_eq!(seen, 1, "exactly one of the two cards is shown");
}

#[test]
fn a47_looking_at_the_opponents_hand_shows_it_and_you_choose() {
    let mut s = with_strategy(
        "覗き見",
        "あなたは相手の手札を見て、カードを1枚選んで捨てる。",
    );
    let x = s.hand(Two, "チルノ");
    let y = s.hand(Two, "シングルモルト");
    let card = s.hand(One, "覗き見");
    s.rich(One);
    let mut t: Table = s.build_strict();
    assert!(!t.game.visible_to(One, x));
    t.play(card, None, &[]);
    t.pass_both();
    let pending = t.game.choice().expect("P1 chooses");
    assert_eq!(pending.player, One);
    // The choice shows P1 the cards it offers (A29: an effect's choice among hand cards).
    let Some(dzero_core::SeenChoice::Yours { options, .. }) = t.game.observe(&t.db, One).choice
    else {
        panic!("P1 does not see its choice")
    };
    assert!(options.contains(&ChoiceOption::Card(x)) && options.contains(&ChoiceOption::Card(y)));
    t.choose(ChoiceOption::Card(y));
    assert!(
        t.game.visible_to(One, x),
        "the rest of the hand stays shown"
    );
    assert_eq!(t.game.location(y), Some(dzero_core::Loc::Graveyard));
    assert_eq!(t.game.location(x), Some(dzero_core::Loc::Hand));
}
