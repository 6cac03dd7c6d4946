//! Comparisons of two zones' card counts as D0 prints them (「あなたのスマッシュゾーンのカードの枚数が
//! 相手より少なければ」, 「…にあるカードが相手の…にあるカードより少ないならば、…」): on a ★ about the
//! card and before an effect sentence, parsed, printed back and played.

use dzero_core::{CardKind, Game, Loc, Player, Query, Timing};
use dzero_grammar::{CompileCtx, NoScripts, compile_text, parse_line};

mod support;

use Player::{One, Two};
use support::*;

const FAIRY: &str =
    "あなたのスマッシュゾーンのカードの枚数が相手より少なければ、このカードのパワーを+3000する。";
const GOLDFISH_SENTENCE: &str = "あなたのエネルギーゾーンにあるカードが相手のエネルギーゾーンにあるカードより少ないならば、カードを1枚引く。";

// A62: both printed comparisons parse and print back to one canonical form.
#[test]
fn a62_comparisons_round_trip() {
    assert_eq!(
        round_trip(FAIRY),
        "★ あなたのスマッシュゾーンのカードの枚数が相手のスマッシュゾーンのカードの枚数より少ない場合、このカードのパワーを+3000する。"
    );
    let spell = format!("○ {GOLDFISH_SENTENCE}");
    assert_eq!(
        round_trip(&spell),
        "○ あなたのエネルギーゾーンのカードの枚数が相手のエネルギーゾーンのカードの枚数より少ないならば、カードを1枚引く。"
    );
    round_trip("相手の墓地にあるカードがあなたより多いならば、このカードのパワーを+1000する。");
}

// A62: a zone compared with itself is refused with a located message.
#[test]
fn a62_a_zone_compared_with_itself_is_refused() {
    let e = parse_line(
        "あなたの墓地のカードの枚数があなたより少なければ、このカードのパワーを+1000する。",
    )
    .expect_err("the same zone twice");
    assert!(e.message.contains("itself"), "{e}");
}

// A62: 嘘をつくフェアリー is +3000 only while its controller has strictly fewer smash-zone cards
// than the opponent; equal counts do not hold.
#[test]
fn a62_fewer_cards_than_the_opponent_changes_power() {
    for (mine, theirs, power) in [(1, 2, 4000), (2, 2, 1000), (3, 1, 1000)] {
        let mut t = Table::new();
        let fairy = t.def(unit("嘘をつくフェアリー", 1000, &[FAIRY]));
        let f = t.add(One, fairy, Loc::Square(sq(0, 0)));
        for _ in 0..mine {
            t.add(One, t.filler, Loc::Smash);
        }
        for _ in 0..theirs {
            t.add(Two, t.filler, Loc::Smash);
        }
        let (db, g) = t.build();
        assert_eq!(Query::new(&g, &db).power(f), power, "{mine} vs {theirs}");
    }
}

fn hand(g: &Game) -> usize {
    g.zone(One, dzero_core::Zone::Hand).len()
}

// A62: 「…より少ないならば、SENTENCE」 is read on resolution: the sentence happens only while the
// controller's energy zone holds fewer cards than the opponent's.
#[test]
fn a62_a_sentence_happens_only_while_the_comparison_holds() {
    for (mine, theirs, drawn) in [(1, 3, 1), (3, 3, 0)] {
        let mut t = Table::new();
        let s = t.def(strategy("金魚の教え", &[&format!("○ {GOLDFISH_SENTENCE}")]));
        let card = t.add(One, s, Loc::Hand);
        t.energy(One, mine);
        t.energy(Two, theirs);
        let (db, mut g) = t.build();
        let before = hand(&g);
        act(&mut g, &db, cast(card, &[]));
        pass_both(&mut g, &db);
        assert_eq!(hand(&g), before - 1 + drawn, "{mine} vs {theirs}");
    }
}

// A62: a zone's count before a sentence (「…にカードがN枚以上あるならば、」) works the same way.
#[test]
fn a62_a_zone_count_before_a_sentence() {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Normal);
    compile_text(
        "○ 相手の墓地にカードが3枚以上あるならば、カードを1枚引く。",
        &ctx,
        &mut NoScripts,
    )
    .unwrap_or_else(|e| panic!("{e} at {}", e.span));
}
