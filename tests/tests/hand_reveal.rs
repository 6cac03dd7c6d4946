//! Showing a hand card (「公開する」, A47): the player it is shown to sees it, in the seat's view
//! and its events, until it leaves the hand; the other seats do not.

use dzero_core::{CardId, Event, Loc, Player::*, RuleSet, SeenEvent};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table};

/// 見せ札: ○ shows the first card of your hand to your opponent.
const SHOW: &str = r#"
card:on_play {
  resolve = function(g, e)
    local hand = e.controller:hand()
    if #hand > 0 then g:show(hand[1], e.controller.opponent) end
  end,
}
"#;

/// 戻し札: ○ returns the target unit to its owner's hand.
const RETURN: &str = r#"
card:on_play {
  target = target.unit {},
  resolve = function(g, e) g:put(e.target, "hand") end,
}
"#;

/// P1 holds チルノ (added first, so first in hand), 見せ札 and 戻し札.
struct Hands {
    _host: ScriptHost,
    t: Table,
    kept: CardId,
    show: CardId,
    back: CardId,
}

fn hands() -> Hands {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = dzero_fixtures::card_db();
    for (name, src) in [("見せ札", SHOW), ("戻し札", RETURN)] {
        let def = host
            .load_card(blank_strategy(name), &format!("tests/{name}.lua"), src)
            .unwrap_or_else(|e| panic!("{e}"));
        db.add(def);
    }
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    s.deck(One, "シングルモルト", 5);
    s.deck(Two, "シングルモルト", 5);
    let kept = s.hand(One, "チルノ");
    let show = s.hand(One, "見せ札");
    let back = s.hand(One, "戻し札");
    s.rich(One);
    Hands {
        _host: host,
        t: s.build_strict(),
        kept,
        show,
        back,
    }
}

// A47 (and A29): before the effect the opponent sees only a count; after it, the opponent's
// view lists the shown card and the event names it; the owner still sees the whole hand.
#[test]
fn the_shown_card_is_seen_by_the_player_it_is_shown_to() {
    let Hands {
        mut t, kept, show, ..
    } = hands();
    assert!(!t.game.visible_to(Two, kept));
    assert!(t.game.observe(&t.db, Two).players[0].shown.is_empty());
    t.play(show, None, &[]);
    t.pass_both();
    assert!(t.game.visible_to(Two, kept));
    let theirs = t.game.observe(&t.db, Two);
    assert_eq!(theirs.players[0].hand, None);
    assert_eq!(
        theirs.players[0]
            .shown
            .iter()
            .map(|c| c.id)
            .collect::<Vec<_>>(),
        vec![kept]
    );
    let shown = Event::HandShown {
        card: kept,
        to: Two,
    };
    assert!(t.game.events().contains(&shown));
    assert!(
        t.game
            .observe_events(Two)
            .contains(&SeenEvent::Shown(shown))
    );
    let mine = t.game.observe(&t.db, One);
    assert!(mine.players[0].shown.is_empty());
    assert!(
        mine.players[0]
            .hand
            .as_ref()
            .is_some_and(|h| h.iter().any(|c| c.id == kept))
    );
}

// A47: a card shown to no one but its owner is not seen by the other seat (in a duel, the
// only seat it was not shown to).
#[test]
fn a_card_not_shown_to_a_seat_stays_hidden_from_it() {
    let Hands { t, kept, .. } = hands();
    let to_owner = Event::HandShown {
        card: kept,
        to: One,
    };
    assert_eq!(
        t.game.observe_event(Two, &to_owner),
        SeenEvent::Unseen { owner: One }
    );
    assert_eq!(
        t.game.observe_event(One, &to_owner),
        SeenEvent::Shown(to_owner)
    );
}

// A47, A46: once the shown card leaves the hand it is a new object; back in the hand it is
// hidden again.
#[test]
fn a_shown_card_is_hidden_again_once_it_leaves_the_hand() {
    let Hands {
        mut t,
        kept,
        show,
        back,
        ..
    } = hands();
    t.play(show, None, &[]);
    t.pass_both();
    assert!(t.game.visible_to(Two, kept));
    t.play(kept, Some("a1"), &[]);
    t.pass_both();
    t.play(back, None, &[kept]);
    t.pass_both();
    assert_eq!(t.loc(kept), Loc::Hand);
    assert!(!t.game.visible_to(Two, kept));
    assert!(t.game.observe(&t.db, Two).players[0].shown.is_empty());
}
