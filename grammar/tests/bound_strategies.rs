//! 結合 as printed (docs/dsl.md "Strategies bound to a unit"; A75–A77): 「…のスクエアにこのカードを
//! 結合しフリーズ状態で置く」 puts the chosen unit and binds the strategy to it;
//! 「このカードが結合した時」 triggers as it binds; the strategy leaves with its unit.

use dzero_core::{
    Action, CardDef, CardId, CardKind, Colour, Game, Loc, Player, Spell, Timing, Zone,
};
use dzero_grammar::{CompileCtx, NoScripts, compile, parse_line};

mod support;

use Player::One;
use support::*;

/// 魔女の粛清's first line, as printed.
const PURGE: &str = "あなたは自分の手札にある使用コスト4以下の青のユニットを1枚まで選び、自分のユニットのない自軍エリアのスクエアにこのカードを結合しフリーズ状態で置く。";
/// 魔女の粛清's second line, as printed.
const PURGE_BOUND: &str = "このカードが結合した時、あなたはバトルスペースのスクエアにある対象の使用コスト4以下の相手のユニットを1枚まで選び、持ち主の手札に加える。";
/// An invented ◆ of a bound strategy that is easy to observe.
const DRAW_BOUND: &str = "このカードが結合した時、カードを1枚引く。";

fn strategy(lines: &[&str]) -> CardDef {
    let def = CardDef::strategy(
        "結合の儀",
        Spell {
            target: None,
            effect: Box::new(draw_one),
        },
    );
    with_lines(def, lines, &mut TestScripts).unwrap_or_else(|e| panic!("{e} at {}", e.span))
}

/// `s` compiles on a strategy, and its canonical text parses back to itself.
fn understood(s: &str) -> String {
    let l = parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Normal);
    compile(&l, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let canonical = l.to_string();
    let again = parse_line(&canonical).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    assert_eq!(again.to_string(), canonical);
    canonical
}

// A75: both printed lines of 魔女の粛清 are understood and print back.
#[test]
fn a75_witch_purge_as_printed() {
    let text = understood(PURGE);
    assert!(
        text.contains("このカードを結合しフリーズ状態で置く"),
        "{text}"
    );
    let text = understood(PURGE_BOUND);
    assert!(text.starts_with("◆ このカードが結合した時"), "{text}");
    understood("◆ when this card becomes bound, draw 1 card");
}

// A75: a bond is with one unit.
#[test]
fn a75_binding_needs_one_unit() {
    let e = parse_line(
        "あなたは自分の手札にあるユニットを2枚まで選び、自分のユニットのない自軍エリアのスクエアにこのカードを結合しフリーズ状態で置く。",
    )
    .expect_err("two units");
    assert!(e.to_string().contains("A75"), "{e}");
}

/// One's hand holds the strategy and a blue unit of cost 1; two of One's three own squares are
/// taken, so the unit goes to the third (row 0, column 2).
fn table(lines: &[&str]) -> (dzero_core::CardDb, Game, CardId, CardId) {
    let mut t = Table::new();
    let s = t.def(strategy(lines));
    let blue = t.def(CardDef::unit("青の魔女", 2000, 1).colour(Colour::Blue));
    let spell = t.add(One, s, Loc::Hand);
    let unit = t.add(One, blue, Loc::Hand);
    t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(0, 1));
    let (db, g) = t.build();
    (db, g, spell, unit)
}

fn cast_and_choose(g: &mut Game, db: &dzero_core::CardDb, spell: CardId, answer: u16) {
    act(g, db, cast(spell, &[]));
    pass_both(g, db);
    assert!(g.choice().is_some(), "the unit to put is asked");
    act(g, db, Action::Choose(answer));
}

// A75, A76: the strategy stays bound to the unit it put, not in the graveyard and in no zone's
// list; the unit arrived frozen in the one empty own square.
#[test]
fn a75_a76_the_strategy_stays_bound() {
    let (db, mut g, spell, unit) = table(&[PURGE]);
    cast_and_choose(&mut g, &db, spell, 0);
    assert_eq!(loc(&g, unit), Some(Loc::Square(sq(0, 2))));
    assert!(frozen(&g, unit));
    assert_eq!(loc(&g, spell), Some(Loc::Bound(unit)));
    assert_eq!(dzero_core::Query::new(&g, &db).bound_to(spell), Some(unit));
    assert!(!g.zone(One, Zone::Graveyard).contains(&spell));
    assert!(!g.zone(One, Zone::Field).contains(&spell));
    assert!(!g.field().contains(&spell));
    assert_eq!(g.zone(One, Zone::Bound), vec![spell]);
}

// A75: nothing chosen, nothing bound: the strategy goes to the graveyard (R7.8).
#[test]
fn a75_no_unit_no_bond() {
    let (db, mut g, spell, unit) = table(&[PURGE]);
    cast_and_choose(&mut g, &db, spell, 1);
    assert_eq!(loc(&g, unit), Some(Loc::Hand));
    assert_eq!(loc(&g, spell), Some(Loc::Graveyard));
}

// A75: 「このカードが結合した時」 triggers as the strategy binds and resolves from the bond.
#[test]
fn a75_binding_triggers() {
    let (db, mut g, spell, _) = table(&[PURGE, DRAW_BOUND]);
    let hand = g.zone(One, Zone::Hand).len();
    cast_and_choose(&mut g, &db, spell, 0);
    pass_both(&mut g, &db);
    // The strategy and the unit left the hand; the ◆ drew one card.
    assert_eq!(g.zone(One, Zone::Hand).len(), hand - 2 + 1);
    assert!(matches!(loc(&g, spell), Some(Loc::Bound(_))));
}

// A77: when the unit leaves the squares the strategy goes to its owner's graveyard after it.
#[test]
fn a77_the_strategy_leaves_with_its_unit() {
    let mut t = Table::new();
    let s = t.def(strategy(&[PURGE]));
    let blue = t.def(CardDef::unit("青の魔女", 2000, 1).colour(Colour::Blue));
    let kill = t.def(strategy(&[
        "あなたはバトルスペースにある対象のユニットを1枚選び、破壊する。",
    ]));
    let spell = t.add(One, s, Loc::Hand);
    let unit = t.add(One, blue, Loc::Hand);
    let killer = t.add(One, kill, Loc::Hand);
    t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(0, 1));
    let (db, mut g) = t.build();
    cast_and_choose(&mut g, &db, spell, 0);
    assert_eq!(loc(&g, spell), Some(Loc::Bound(unit)));
    act(&mut g, &db, cast(killer, &[unit]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, unit), Some(Loc::Graveyard));
    assert_eq!(loc(&g, spell), Some(Loc::Graveyard));
    let grave = g.zone(One, Zone::Graveyard);
    let at = |c| grave.iter().position(|&x| x == c);
    assert!(at(unit) < at(spell), "the unit first: {grave:?}");
}

/// 人形遣いの休息's first line, as printed: the unit is a target in the graveyard.
const REST: &str = "あなたは自分の墓地にある対象の使用コスト3以下の黒のユニットを1枚選び、自分のユニットのない自軍エリアのスクエアにこのカードを結合しフリーズ状態で置く。";

// A75, R7.4: 「自分の墓地にある対象の…ユニット」 is a target chosen on play; the strategy binds to
// it once it is put.
#[test]
fn a75_puppeteer_rest_binds_to_a_target() {
    let text = understood(REST);
    assert!(text.contains("墓地にある対象の"), "{text}");
    let mut t = Table::new();
    let s = t.def(strategy(&[REST]));
    let black = t.def(CardDef::unit("黒の人形", 2000, 1).colour(Colour::Black));
    let blue = t.def(CardDef::unit("青の魔女", 2000, 1).colour(Colour::Blue));
    let spell = t.add(One, s, Loc::Hand);
    let doll = t.add(One, black, Loc::Graveyard);
    let witch = t.add(One, blue, Loc::Graveyard);
    t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(0, 1));
    let (db, mut g) = t.build();
    // Only a black unit of the controller's graveyard is a legal target.
    assert!(g.check(&db, &cast(spell, &[witch])).is_err());
    act(&mut g, &db, cast(spell, &[doll]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, doll), Some(Loc::Square(sq(0, 2))));
    assert!(frozen(&g, doll));
    assert_eq!(loc(&g, spell), Some(Loc::Bound(doll)));
}
