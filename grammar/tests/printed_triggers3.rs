//! ◆ conditions and their effects as real cards print them, third round: every card of a zone
//! (A66), a ◆ of the plan zone at the start of each turn (A67). Each is parsed, compiled and
//! matched against its events or played in a real game.

use dzero_core::{CardDef, Event, EventKinds, Loc, Player, Query, Spell, Zone};

mod support;

use Player::{One, Two};
use support::*;

/// 八雲 紫's second line as printed.
const YUKARI: &str = "このカードがスクエアを離れたとき、あなたはリムーブゾーンにある全てのカードを持ち主の墓地に置く。";

// A66: 「リムーブゾーンにある全てのカード」 with no owner named is every card of both players'
// remove zones; 「持ち主の墓地」 puts each into its own owner's graveyard.
#[test]
fn a66_every_card_of_both_remove_zones_goes_to_its_owners_graveyard() {
    let mut t = Table::new();
    let s = t.def(strategy(
        "境界の掃除",
        &["○ あなたはリムーブゾーンにある全てのカードを持ち主の墓地に置く。"],
    ));
    let cast_me = t.add(One, s, Loc::Hand);
    let filler = t.filler;
    let mine = [
        t.add(One, filler, Loc::Remove),
        t.add(One, filler, Loc::Remove),
    ];
    let theirs = t.add(Two, filler, Loc::Remove);
    let kept = t.add(Two, filler, Loc::Energy);
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(cast_me, &[]));
    pass_both(&mut g, &db);
    assert!(g.zone(One, Zone::Remove).is_empty());
    assert!(g.zone(Two, Zone::Remove).is_empty());
    for c in mine {
        assert!(
            g.zone(One, Zone::Graveyard).contains(&c),
            "own card to own graveyard"
        );
    }
    assert!(
        g.zone(Two, Zone::Graveyard).contains(&theirs),
        "to its owner's graveyard"
    );
    assert_eq!(loc(&g, kept), Some(Loc::Energy), "other zones untouched");
}

// A66: 「あなたのリムーブゾーンにある全てのカード」 names the controller's zone only.
#[test]
fn a66_a_named_owner_limits_the_zone() {
    let mut t = Table::new();
    let s = t.def(strategy(
        "自分の掃除",
        &["○ あなたはあなたのリムーブゾーンにある全てのカードを持ち主の墓地に置く。"],
    ));
    let cast_me = t.add(One, s, Loc::Hand);
    let filler = t.filler;
    let mine = t.add(One, filler, Loc::Remove);
    let theirs = t.add(Two, filler, Loc::Remove);
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(cast_me, &[]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, mine), Some(Loc::Graveyard));
    assert_eq!(loc(&g, theirs), Some(Loc::Remove));
}

// A66: 八雲 紫's line as printed compiles; every card of a zone cannot be destroyed.
#[test]
fn a66_yukari_compiles_and_zone_cards_are_only_put() {
    let mut t = Table::new();
    t.def(unit("八雲 紫", 5000, &[YUKARI]));
    let bad = with_lines(
        CardDef::strategy(
            "誤り",
            Spell {
                target: None,
                effect: Box::new(draw_one),
            },
        ),
        &["○ あなたは墓地にある全てのカードを破壊する。"],
        &mut TestScripts,
    );
    assert!(bad.is_err());
}

/// 幻世「ザ・ワールド」's third line as printed.
const THE_WORLD: &str = "◆プランゾーン効果『ターン開始時、あなたはバトルスペースにある対象のユニットを1枚まで選び、フリーズする。』";

// A67: 「◆プランゾーン効果『ターン開始時、…』」 is a ◆ that works only in the plan zone and
// triggers at the start of every turn, either player's, never at its end.
#[test]
fn a67_plan_zone_trigger_at_the_start_of_each_turn() {
    let mut t = Table::new();
    let def = t.def(unit("幻世「ザ・ワールド」", 1000, &[THE_WORLD]));
    let me = t.add(One, def, Loc::Hand);
    let (db, game) = t.build();
    let view = Query::new(&game, &db);
    let tr = first_triggered(&view, me);
    assert!(tr.zones.contains(Zone::Plan));
    assert!(!tr.zones.contains(Zone::Field));
    let target = tr.target.as_ref().expect("対象のユニット");
    assert_eq!(target.count, 1);
    assert_eq!(target.min, 0, "1枚まで");
    for player in [One, Two] {
        let began = Event::TurnBegan { player, turn: 2 };
        assert!(tr.when.matches(&view, me, &began), "{player:?}'s turn");
        assert!(tr.when.events().intersects(EventKinds::of(&began)));
        let ending = Event::TurnEnding { player, turn: 2 };
        assert!(!tr.when.matches(&view, me, &ending));
    }
    let wrong =
        dzero_grammar::parse_line("◆プランゾーン効果『[無1]《クイック》カードを1枚引く。』");
    assert!(wrong.is_err(), "◆ marks a triggered ability");
}
