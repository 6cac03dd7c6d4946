//! The refusal of an X that cannot be paid (R5.5, A27) names what is short — energy — and never
//! the graveyard, in both languages.

use dzero_core::{Action, ActionError, CardList, Colour, Payment, Player::*, Refusal, Targets};
use dzero_tests::Setup;
use dzero_text::{Lang, Text};

// R5.5: 火球 (赤1 + 無X) with three red energy: X = 3 needs four points; the refusal is about
// energy.
#[test]
fn an_unpayable_x_names_the_energy() {
    let mut s = Setup::new();
    let malt = s.unit(Two, "シングルモルト", "b2");
    let ball = s.hand(One, "火球");
    s.energy(One, Colour::Red, 3);
    let t = s.build();
    let play = |x| Action::Play {
        card: ball,
        method: None,
        square: None,
        targets: Targets::of(&[malt]),
        x,
        cost_cards: CardList::NONE,
        payment: Payment::Auto,
    };
    assert!(t.game.clone().apply(&t.db, play(2)).is_ok());
    let e = t.game.clone().apply(&t.db, play(3)).unwrap_err();
    assert_eq!(e, ActionError::Payment(Refusal::NotEnoughEnergy));
    for lang in [Lang::En, Lang::Ja] {
        let words = Text::new(&t.game, &t.db, lang).action_error(&e);
        assert!(
            words.contains("energy") || words.contains("エネルギー"),
            "{words}"
        );
        assert!(
            !words.contains("graveyard") && !words.contains("墓地"),
            "{words}"
        );
    }
}
