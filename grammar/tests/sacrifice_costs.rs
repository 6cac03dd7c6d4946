//! Sacrifice costs as real cards print them (docs/dsl.md "Sacrifice costs as printed"; A65):
//! 「プレイの追加コスト:[バトルスペースのあなたのユニットを1枚選び、廃棄する]」 and a ● cost
//! 「[バトルスペースにあるあなたのユニットか、ベーススペースにあるあなたのベースを1枚選び、廃棄する]」.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{
    CompileCtx, CostFrom, CostPick, Line, NoScripts, PrintedCostKind, compile, parse_line,
};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// `s` parses and compiles on a card of `kind`, and its canonical text parses back to itself.
fn understood(s: &str, kind: CardKind) -> Line {
    let l = line(s);
    let ctx = CompileCtx::new(kind, Timing::Quick);
    compile(&l, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let canonical = l.to_string();
    let again = line(&canonical);
    assert_eq!(again.to_string(), canonical, "{s:?} round trip");
    compile(&again, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    l
}

fn the_pick(kind: &PrintedCostKind) -> CostPick {
    match kind {
        PrintedCostKind::Pick(p) => *p,
        other => panic!("not a pick: {other:?}"),
    }
}

#[test]
fn play_cost_sacrifices_a_unit() {
    // トロール流砲撃術 (A65: 廃棄する puts your own unit from its square into the graveyard)
    let l = understood(
        "プレイの追加コスト:[バトルスペースのあなたのユニットを1枚選び、廃棄する]",
        CardKind::Strategy,
    );
    let Line::PlayCosts(p) = &l else {
        panic!("not play costs: {l:?}")
    };
    let [c] = p.costs.as_slice() else {
        panic!("{p:?}")
    };
    let pick = the_pick(&c.kind);
    assert_eq!(pick.from, CostFrom::Squares);
    assert!(pick.unit);
    assert_eq!(
        l.to_string(),
        understood(&l.to_string(), CardKind::Strategy).to_string()
    );
}

#[test]
fn a_unit_or_a_base_pays_an_activated_cost() {
    // フランドール・スカーレット's cost, on a ● of an invented unit
    let l = understood(
        "[バトルスペースにあるあなたのユニットか、ベーススペースにあるあなたのベースを1枚選び、廃棄する]《クイック》カードを1枚引く。",
        CardKind::Unit,
    );
    let text = l.to_string();
    assert!(
        !text.contains("ユニットを"),
        "any card of yours in a square: {text}"
    );
}

#[test]
fn a_sacrifice_is_of_your_own_cards() {
    let e = parse_line("プレイの追加コスト:[バトルスペースの相手のユニットを1枚選び、廃棄する]")
        .expect_err("an opponent's unit pays no cost");
    assert!(e.to_string().contains("あなたの"), "{e}");
}
