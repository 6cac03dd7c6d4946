//! Units put by an effect into a square next to a card, as D0 prints it (A69): next to the
//! chosen unit, only forward (前方の), free of one side's units, next to this card as a chosen
//! battle square, keeping or changing the frozen state. Each printed line parses, compiles,
//! prints a canonical text that parses back, and moves the unit.

mod support;

use dzero_core::{Action, CardId, CardKind, Loc, Payment, Player, Spell, Targets, Timing};
use dzero_grammar::{CompileCtx, Line, NoScripts, compile, parse_line};
use support::{Table, act, cast, frozen, loc, pass_both, sq, unit, with_lines};

use Player::{One, Two};

/// `s` parses, compiles on a card of `kind`, and its canonical text parses to the same.
fn compiles(s: &str, kind: CardKind, timing: Timing) -> Line {
    let l = parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let ctx = CompileCtx::new(kind, timing);
    if let Err(e) = compile(&l, &ctx, &mut NoScripts) {
        panic!("{s:?} does not compile: {e}");
    }
    let canonical = l.to_string();
    let again = parse_line(&canonical).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    assert_eq!(again.to_string(), canonical, "{s:?}");
    l
}

fn activate_on(card: CardId, targets: &[CardId]) -> Action {
    Action::Activate {
        card,
        ability: 0,
        targets: Targets::of(targets),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    }
}

// A69: the printed lines of トロール発祥の地 (a base), 霧の湖 and フランドール・スカーレット.
#[test]
fn a69_printed_move_lines_parse_and_compile() {
    compiles(
        "あなたのメインフェイズ開始時に、あなたはこのカードと同じラインのスクエアにある対象の自分のユニットを1枚選び、そのユニットと隣接する自分のユニットのない前方のバトルスペースのスクエアにリリース/フリーズ状態を変更せずに置く。",
        CardKind::Base,
        Timing::Normal,
    );
    compiles(
        "[白2 このカードを廃棄する]《クイック》あなたはこのカードと同じラインにある対象の相手のユニットを1枚選び、そのユニットと隣接する相手のユニットのないバトルスクエアに向きを変えずに置く。",
        CardKind::Base,
        Timing::Normal,
    );
    compiles(
        "[バトルスペースにあるあなたのユニットか、ベーススペースにあるあなたのベースを1枚選び、廃棄する]《クイック》あなたはこのカードをこのカードと隣接する対象のバトルスクエアにリリース状態で置く。",
        CardKind::Unit,
        Timing::Normal,
    );
    // そのユニット names a unit chosen before: alone it is an error, not a guess.
    let l = parse_line(
        "あなたはこのカードをそのユニットと隣接するバトルスクエアにリリース状態で置く。",
    );
    assert!(l.is_err(), "{l:?}");
}

// A69: 前方の is the adjacent square toward the controller's opponent; 自分のユニットのない
// squares may hold an opponent's unit, and the frozen state is kept.
#[test]
fn a69_forward_square_free_of_own_units() {
    let mut t = Table::new();
    let order = t.def(
        with_lines(
            dzero_core::CardDef::strategy(
                "前進命令",
                Spell {
                    target: None,
                    effect: Box::new(support::draw_one),
                },
            ),
            &["あなたはバトルスペースにある対象の自分のユニットを1枚選び、そのユニットと隣接する自分のユニットのない前方のバトルスペースのスクエアにリリース/フリーズ状態を変更せずに置く。"],
            &mut NoScripts,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let walker = t.filler_at(One, sq(0, 1));
    t.b.frozen(walker, true);
    let blocked = t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(1, 0));
    let first = t.add(One, order, Loc::Hand);
    let second = t.add(One, order, Loc::Hand);
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(first, &[walker]));
    pass_both(&mut g, &db);
    assert_eq!(
        loc(&g, walker),
        Some(Loc::Square(sq(1, 1))),
        "forward, not sideways"
    );
    assert!(frozen(&g, walker), "state kept");
    // (0,0)'s square in front holds an own unit: it stays.
    act(&mut g, &db, cast(second, &[blocked]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, blocked), Some(Loc::Square(sq(0, 0))));
}

// A69 and RE8: an opponent's unit put into a square free of the opponent's units but holding
// one of yours battles there.
#[test]
fn a69_opponents_unit_put_next_to_itself_battles() {
    let mut t = Table::new();
    let lake = t.def(unit(
        "霧の番人",
        1000,
        &["[無0]《クイック》あなたはこのカードと同じラインにある対象の相手のユニットを1枚選び、そのユニットと隣接する相手のユニットのないバトルスクエアに向きを変えずに置く。"],
    ));
    let me = t.add(One, lake, Loc::Square(sq(0, 0)));
    let foe = t.filler_at(Two, sq(1, 0));
    t.filler_at(Two, sq(2, 0));
    t.filler_at(Two, sq(1, 1));
    let (db, mut g) = t.build();
    act(&mut g, &db, activate_on(me, &[foe]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, foe), Some(Loc::Square(sq(0, 0))));
    assert!(
        g.battle().is_some(),
        "RE8: two players' units in one square battle"
    );
}

// A69: このカードと隣接する対象のバトルスクエア: this card into an adjacent battle square
// without its controller's unit, released as printed.
#[test]
fn a69_this_card_into_an_adjacent_square_released() {
    let mut t = Table::new();
    let jumper = t.def(unit(
        "跳ねる吸血鬼",
        3000,
        &["[フリーズ]《クイック》あなたはこのカードをこのカードと隣接する対象のバトルスクエアにリリース状態で置く。"],
    ));
    let me = t.add(One, jumper, Loc::Square(sq(0, 0)));
    t.filler_at(One, sq(0, 1));
    let (db, mut g) = t.build();
    act(&mut g, &db, activate_on(me, &[]));
    assert!(frozen(&g, me), "the cost froze it");
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, me), Some(Loc::Square(sq(1, 0))));
    assert!(!frozen(&g, me), "リリース状態で");
}
