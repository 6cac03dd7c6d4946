//! ★ lines about this card and ☆ lines setting its use cost or timing, written as D0 prints them
//! (without marks) and with their marks: parsed, printed back, compiled and consulted in real
//! games built with `dzero_core::Builder`.

use dzero_core::{CardDb, CardKind, Colour, Cost, Game, Loc, Player, Query, Timing};
use dzero_grammar::{CompileCtx, NoScripts, compile_text, parse_line};

mod support;

use Player::{One, Two};
use support::*;

fn view<'a>(g: &'a Game, db: &'a CardDb) -> Query<'a> {
    Query::new(g, db)
}

const MAKIRI: &str = "このカードが中央エリアのスクエアにある場合、このカードのパワーを+1000する。このカードが敵軍エリアのスクエアにある場合、このカードのパワーを+2000する。";
const MEIRIN: &str = "このカードがフリーズ状態の場合、このカードのパワーを+2000する。";
const SHENLONG: &str =
    "このカードのパワーを、あなたのリムーブゾーンのカードの枚数1枚につき+500する。";
const USHI: &str = "相手のスマッシュゾーンにカードが6枚以上ある場合、このカードの使用コストを[無0]にし、使用タイミングを《バトル》にする。";
const BIRDMAN: &str = "プランゾーン効果(このカードがプランゾーンにある場合、以下のテキストが有効になる。) このカードがプランゾーンに置かれている場合、このカードの使用コストは[無0]である。";

// The printed lines, unmarked and marked, parse and print back to one canonical form.
#[test]
fn printed_lines_round_trip_with_and_without_marks() {
    for text in [MAKIRI, MEIRIN, SHENLONG] {
        let canonical = round_trip(text);
        assert!(canonical.starts_with("★ "), "{canonical}");
        assert_eq!(round_trip(&format!("★ {text}")), canonical);
    }
    let canonical = round_trip(USHI);
    assert_eq!(
        canonical,
        "☆ 相手のスマッシュゾーンにカードが6枚以上ある場合、このカードの使用コストを[0]にし、使用タイミングを《バトル》にする。"
    );
    assert_eq!(round_trip(&format!("☆{USHI}")), canonical);
    assert_eq!(
        round_trip(
            "☆ あなたの墓地にカードが３枚以上ある場合、このカードの使用コストを[無1]にする。"
        ),
        "☆ あなたの墓地にカードが3枚以上ある場合、このカードの使用コストを[無1]にする。"
    );
    assert_eq!(
        round_trip(BIRDMAN),
        "プランゾーン効果『☆ このカードがプランゾーンに置かれている場合、このカードの使用コストを[0]にする。』"
    );
    assert_eq!(
        round_trip("●プランゾーン効果『[無0]《ノーマル》このカードを持ち主の手札に加える。』"),
        round_trip("プランゾーン効果『● [無0]《ノーマル》このカードを持ち主の手札に加える。』"),
    );
}

// R17.9: a ● printed before the zone word marks the activated ability in 『』, nothing else.
#[test]
fn r17_9_act_mark_before_a_zone_effect_needs_an_activated_ability() {
    let e = parse_line("●墓地効果『★ パワー+1000』").expect_err("● over a ★");
    assert!(e.message.contains("activated"), "{e}");
}

// A56: conditions a card being played or a power change can never meet are refused.
#[test]
fn a56_impossible_conditions_are_refused() {
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Normal);
    let e = compile_text(
        "このカードがフリーズ状態の場合、このカードの使用コストを[無0]にする。",
        &ctx,
        &mut NoScripts,
    )
    .expect_err("a card being played is in no square");
    assert!(e.message.contains("no square"), "{e}");
    let e = compile_text(
        "このカードがプランゾーンにある場合、このカードのパワーを+1000する。",
        &ctx,
        &mut NoScripts,
    )
    .expect_err("power in the plan zone");
    assert!(e.message.contains("square"), "{e}");
}

// A56, R1.11: one printed line of two sentences is two changes, each with its own area, seen
// from the card's controller; no change in the own area.
#[test]
fn a56_two_sentences_two_conditional_changes() {
    let mut t = Table::new();
    let makiri = t.def(unit("小さな刃マキリ", 1000, &[MAKIRI]));
    let own = t.add(One, makiri, Loc::Square(sq(0, 0)));
    let centre = t.add(One, makiri, Loc::Square(sq(1, 1)));
    let enemy = t.add(One, makiri, Loc::Square(sq(2, 2)));
    let theirs = t.add(Two, makiri, Loc::Square(sq(2, 0)));
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.power(own), 1000);
    assert_eq!(v.power(centre), 2000);
    assert_eq!(v.power(enemy), 3000);
    assert_eq!(v.power(theirs), 1000, "row 2 is P2's own area");
}

// A56, R1.11: 「このカードは…にある限りパワー+N、…にある限りパワー+M」 (小さなカマキリ) is the same
// pair of conditional changes, written as one sentence of 限り clauses; its canonical form is the
// two-sentence one.
#[test]
fn a56_while_clauses_are_conditional_changes() {
    const KAMAKIRI: &str = "このカードは中央エリアのスクエアにある限りパワー+1000、敵軍エリアのスクエアにある限りパワー+2000。";
    assert_eq!(round_trip(KAMAKIRI), round_trip(MAKIRI));
    assert_eq!(round_trip(&format!("★ {KAMAKIRI}")), round_trip(MAKIRI));
    let mut t = Table::new();
    let kamakiri = t.def(unit("小さなカマキリ", 1000, &[KAMAKIRI]));
    let own = t.add(One, kamakiri, Loc::Square(sq(0, 0)));
    let centre = t.add(One, kamakiri, Loc::Square(sq(1, 1)));
    let enemy = t.add(One, kamakiri, Loc::Square(sq(2, 2)));
    let frozen = t.def(unit(
        "氷の番人",
        2000,
        &["このカードはフリーズ状態である限りパワー−1000。"],
    ));
    let cold = t.add(One, frozen, Loc::Square(sq(0, 1)));
    t.b.frozen(cold, true);
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.power(own), 1000);
    assert_eq!(v.power(centre), 2000);
    assert_eq!(v.power(enemy), 3000);
    assert_eq!(v.power(cold), 1000, "the printed minus sign lowers it");
}

// A56: 「このカードがフリーズ状態の場合」 holds while the card is frozen in its square.
#[test]
fn a56_frozen_condition() {
    let mut t = Table::new();
    let meirin = t.def(unit("紅 美鈴", 3000, &[MEIRIN]));
    let frozen = t.add(One, meirin, Loc::Square(sq(0, 0)));
    let released = t.add(One, meirin, Loc::Square(sq(0, 1)));
    t.b.frozen(frozen, true);
    t.b.frozen(released, false);
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.power(frozen), 5000);
    assert_eq!(v.power(released), 3000);
}

// A56: 「あなたのリムーブゾーンのカードの枚数1枚につき+500」 counts the controller's remove zone
// when asked.
#[test]
fn a56_power_per_card_of_a_zone() {
    let mut t = Table::new();
    let shenlong = t.def(unit("神龍", 5000, &[SHENLONG]));
    let s = t.add(One, shenlong, Loc::Square(sq(0, 0)));
    for _ in 0..3 {
        t.add(One, t.filler, Loc::Remove);
    }
    t.add(Two, t.filler, Loc::Remove);
    let (db, g) = t.build();
    assert_eq!(view(&g, &db).power(s), 6500);
}

// A55, R5: while the opponent's smash zone holds 6 cards the use cost is set to 0 and the
// printed timing to battle; with 5 the printed ones stand.
#[test]
fn a55_smash_zone_condition_sets_cost_and_timing() {
    for smashed in [5, 6] {
        let mut t = Table::new();
        let ushi = t.def(
            unit("丑の刻", 4000, &[USHI])
                .cost(Cost::colourless(3).and(Colour::Black, 1))
                .timing(Timing::Normal),
        );
        let card = t.add(One, ushi, Loc::Hand);
        for _ in 0..smashed {
            t.add(Two, t.filler, Loc::Smash);
        }
        let (db, g) = t.build();
        let v = view(&g, &db);
        let printed = Cost::colourless(3).and(Colour::Black, 1);
        let (cost, timing) = v.printed_set(card);
        if smashed == 6 {
            assert_eq!(v.play_cost(card, printed), Cost::colourless(0));
            assert_eq!(
                (cost, timing),
                (Some(Cost::colourless(0)), Some(Timing::Battle))
            );
        } else {
            assert_eq!(v.play_cost(card, printed), printed);
            assert_eq!((cost, timing), (None, None));
        }
    }
}

// A55, R5: with the condition met, the card is played for nothing: no energy at all pays it.
#[test]
fn a55_set_cost_is_what_the_play_pays() {
    let mut t = Table::new();
    let ushi = t.def(unit("丑の刻", 4000, &[USHI]).cost(Cost::colourless(3)));
    let card = t.add(One, ushi, Loc::Hand);
    for _ in 0..6 {
        t.add(Two, t.filler, Loc::Smash);
    }
    let (db, mut g) = t.build();
    act(&mut g, &db, play(card, None, sq(0, 0)));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, card), Some(Loc::Square(sq(0, 0))));
}

// A55, R17.9, R9.6: バードマン・ソウル's cost is 0 in the plan zone only, not in the hand.
#[test]
fn a55_plan_zone_effect_sets_the_cost_there() {
    let mut t = Table::new();
    let bird = t.def(unit("バードマン・ソウル", 2000, &[BIRDMAN]).cost(Cost::colourless(4)));
    let in_hand = t.add(One, bird, Loc::Hand);
    let on_top = t.add(One, bird, Loc::Deck);
    t.b.plan(One);
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(
        v.play_cost(in_hand, Cost::colourless(4)),
        Cost::colourless(4)
    );
    assert_eq!(
        v.play_cost(on_top, Cost::colourless(4)),
        Cost::colourless(0)
    );
}
