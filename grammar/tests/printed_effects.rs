//! Effects as D0 prints them: a strategy's effect with no ○, the opponent's hand looked at or
//! discarded whole, a counter chosen from the stack, and subjects with conditions on damage and
//! on how a card entered its square this turn (A48). Each printed spelling parses, compiles,
//! and its canonical text parses back to the same line.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{
    Action, Clause, CompileCtx, EntryWay, Filter, ItemNoun, Line, NoScripts, compile, parse_line,
};

mod support;
use support::{compiled_line, first_action};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// `s` parses, compiles on a strategy, and prints a canonical text that parses to the same.
fn strategy_line(s: &str) -> Line {
    compiled_line(s, CardKind::Strategy)
}

// R7.4: D0 prints a strategy's effect without ○; it is the same effect.
#[test]
fn r7_4_an_effect_without_its_mark_is_a_strategys() {
    let bare = strategy_line("あなたはカードを2枚引く。");
    let marked = line("○ カードを2枚引く。");
    assert_eq!(first_action(&bare), first_action(&marked));
    let Line::Spell(s) = &bare else {
        unreachable!()
    };
    assert!(!s.marked);
    strategy_line(
        "あなたは自分の山札の一番上のカードを、持ち主のエネルギーゾーンにリリース状態で置く。",
    );
    // On a unit the same words are no ability: a unit's ability needs its condition.
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    let e = compile(&bare, &unit, &mut NoScripts).unwrap_err();
    assert!(e.message.contains("strategy"), "{}", e.message);
}

#[test]
fn discards_from_the_opponents_hand_as_printed() {
    for (text, look, count, random) in [
        (
            "あなたは相手の手札を見て、カードを1枚選んで捨てる。",
            true,
            1,
            false,
        ),
        (
            "あなたは相手の手札にある全てのカードを捨てる。",
            false,
            u8::MAX,
            false,
        ),
        (
            "あなたは相手の手札にあるカードをランダムに1枚選んで捨てる。",
            false,
            1,
            true,
        ),
    ] {
        let Action::Discard(d) = first_action(&strategy_line(text)) else {
            panic!("{text}: not a discard")
        };
        assert!(d.opponent, "{text}");
        assert_eq!((d.look, d.count, d.random), (look, count, random), "{text}");
    }
}

// R7.4: a counter as printed chooses its item on the stack; 1つまで may choose none.
#[test]
fn r7_4_counter_chosen_from_the_stack() {
    let l = strategy_line("○あなたはスタックにある対象の移動を1つまで選び、無効にする。");
    assert_eq!(
        first_action(&l),
        Action::Clause(Clause::Counter(ItemNoun::Move, true))
    );
    let l = strategy_line("あなたはスタックにある対象のストラテジーを1つ選び、解決を失敗させる。");
    assert_eq!(
        first_action(&l),
        Action::Clause(Clause::Counter(ItemNoun::Strategy, false))
    );
}

// A48: subjects by how a card entered its square this turn; R16: damage on a unit.
#[test]
fn a48_subjects_by_entry_and_damage() {
    let filters = |text: &str| match first_action(&strategy_line(text)) {
        Action::Destroy(s) | Action::Freeze(s) => s.filters,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        filters(
            "○あなたはバトルスペースにあるこのターンの間に移動とプレイ以外でスクエアに置かれた全ての相手のユニットを破壊する。"
        ),
        vec![Filter::EnteredThisTurn(EntryWay::NotMovedNorPlayed)]
    );
    assert_eq!(
        filters(
            "○あなたはバトルスペースにあるダメージを受けている全ての相手のユニットをフリーズする。"
        ),
        vec![Filter::Damaged]
    );
    strategy_line(
        "あなたはバトルスペースの対象の、このターンの間、カードの効果でスクエアに置かれたユニットを1枚選び、破壊する。",
    );
}

// R8.2: units put into squares by an effect, chosen on resolution from the controller's zones.
#[test]
fn r8_2_units_from_zones_into_squares_as_printed() {
    use dzero_grammar::{FromZone, PutFrom};
    let l = strategy_line(
        "○あなたは自分の手札か墓地にあるユニットを2枚まで選び、ユニットのいない自軍エリアのスクエアにフリーズ状態で置く。",
    );
    assert_eq!(
        first_action(&l),
        Action::PutFrom(PutFrom {
            zones: vec![FromZone::Hand, FromZone::Graveyard],
            filters: vec![],
            cost_at_most_x_plus: None,
            count: 2,
            up_to: true,
            centre: false,
            frozen: true,
            bind: false,
            target: false,
        })
    );
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    let l = line(
        "このカードがスクエアから墓地に置かれた時、あなたは自分の手札かプランゾーンにある使用コスト5以下の種族「セイレーン」か種族「ライオン」のユニットを1枚まで選び、自分のユニットのない自軍エリアか中央エリアのスクエアにフリーズ状態で置く。",
    );
    compile(&l, &unit, &mut NoScripts).unwrap();
    let text = l.to_string();
    assert!(
        text.contains("種族「セイレーン」か種族「ライオン」の"),
        "{text}"
    );
    assert_eq!(line(&text).to_string(), text);
    let e = parse_line(
        "○あなたは相手の手札にあるユニットを1枚選び、ユニットのない自軍エリアのスクエアにフリーズ状態で置く。",
    );
    assert!(e.is_err());
}

// 〜てよい, as printed, is 〜てもよい: the controller chooses on resolution whether to do it.
#[test]
fn you_may_printed_without_mo() {
    let l = line(
        "このカードがスクエア以外からスクエアに置かれた時、あなたはこのカードと同じラインのスクエアにある対象の使用コスト1以下のベースを1枚選び、持ち主の墓地に置いてよい。",
    );
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    compile(&l, &unit, &mut NoScripts).unwrap();
    let Line::Ability(dzero_grammar::AbilityLine::Triggered(t)) = &l else {
        panic!("not a ◆ line: {l:?}")
    };
    assert!(matches!(t.body.steps[0].action, Action::May(_)));
    let canonical = l.to_string();
    assert_eq!(line(&canonical).to_string(), canonical);
    let Action::May(a) = first_action(&strategy_line(
        "あなたはバトルスペースにある対象のユニットを1枚選び、破壊してよい。",
    )) else {
        panic!("not optional")
    };
    assert!(matches!(*a, Action::Destroy(_)));
}

// A47: 公開する as printed — cards of your hand picked at random by the opponent are shown.
#[test]
fn a47_reveal_random_as_printed() {
    let l = strategy_line("○相手はあなたの手札にあるカードをランダムに1枚選び、公開する。");
    assert_eq!(first_action(&l), Action::RevealRandom(1));
}
