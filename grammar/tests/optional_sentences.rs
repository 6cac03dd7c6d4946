//! 「〜てもよい」 (you may) and 「そうしたなら、…」 (if you do) in effect bodies: the
//! controller answers yes or no on resolution; what follows そうしたなら happens only on yes.

mod support;

use dzero_core::{
    Action as Act, CardDef, CardKind, ChoiceKind, ChoiceOption, Loc, Player, Timing, Zone,
};
use dzero_grammar::{Action, CompileCtx, Compiled, Line, NoScripts, compile_text, parse_line};
use support::{Table, act, cast};

const LINE: &str = "○ カードを1枚引いてもよい。そうしたなら、相手は手札をランダムに1枚捨てる。";

/// Plays LINE from One's hand with two cards in Two's hand, answers the question with `yes`,
/// and returns (One's hand size, Two's graveyard size) after it resolved.
fn play_and_answer(yes: bool) -> (usize, usize) {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    let spell = match compile_text(LINE, &ctx, &mut NoScripts) {
        Ok(Compiled::Spell(s)) => CardDef::strategy("選択", s),
        other => panic!("{other:?}"),
    };
    let mut t = Table::new();
    let spell = t.def(spell);
    let card = t.add(Player::One, spell, Loc::Hand);
    let filler = t.filler;
    t.add(Player::Two, filler, Loc::Hand);
    t.add(Player::Two, filler, Loc::Hand);
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(card, &[]));
    act(&mut g, &db, Act::Pass);
    act(&mut g, &db, Act::Pass);
    let c = g.choice().expect("the controller is asked");
    assert_eq!((c.player, c.kind), (Player::One, ChoiceKind::Effect));
    assert_eq!(
        c.options,
        vec![
            ChoiceOption::Label("yes".into()),
            ChoiceOption::Label("no".into())
        ]
    );
    act(&mut g, &db, Act::Choose(if yes { 0 } else { 1 }));
    assert!(g.choice().is_none());
    assert_eq!(g.location(card), Some(Loc::Graveyard));
    (
        g.zone(Player::One, Zone::Hand).len(),
        g.zone(Player::Two, Zone::Graveyard).len(),
    )
}

// R7.6: an optional instruction is the controller's choice; そうしたなら follows it.
#[test]
fn r7_6_yes_does_both_no_does_neither() {
    assert_eq!(play_and_answer(true), (1, 1));
    assert_eq!(play_and_answer(false), (0, 0));
}

#[test]
fn optional_sentences_parse_and_round_trip() {
    let Ok(Line::Spell(s)) = parse_line(LINE) else {
        panic!("{LINE}");
    };
    assert!(matches!(s.body.steps[0].action, Action::May(_)));
    assert!(matches!(s.body.steps[1].action, Action::IfDone(_)));
    assert_eq!(s.to_string(), LINE);
    for line in [
        "○ 対象のユニット1体を破壊してもよい。",
        "○ 対象のユニット1体に2000ダメージを与えてもよい。",
        "○ 対象のユニット1体を持ち主の手札に戻してもよい。",
        "○ 対象のユニット1体をフリーズしてもよい。そうしたなら、カードを1枚引く。",
        "○ 対象のユニット1体を隣接するスクエアに移動してもよい。",
        "○ 手札を1枚捨ててもよい。そうしたなら、カードを2枚引く。",
        "○ ターン終了時まで、対象のユニット1体のパワーを+1000してもよい。",
    ] {
        let Ok(Line::Spell(s)) = parse_line(line) else {
            panic!("{line} does not parse");
        };
        assert_eq!(s.to_string(), line);
        assert_eq!(parse_line(&s.to_string()).ok(), Some(Line::Spell(s)));
    }
    let Ok(Line::Spell(en)) = parse_line("spell: you may draw 1. if you do, discard 1") else {
        panic!("English spelling");
    };
    assert!(matches!(en.body.steps[0].action, Action::May(_)));
    assert!(matches!(en.body.steps[1].action, Action::IfDone(_)));
}

#[test]
fn if_you_do_needs_an_optional_sentence_before() {
    let Err(e) = parse_line("○ カードを1枚引く。そうしたなら、手札を1枚捨てる。")
    else {
        panic!("accepted");
    };
    assert!(
        e.message
            .contains("そうしたなら (if you do) follows a sentence ending in 〜てもよい"),
        "{e}"
    );
}
