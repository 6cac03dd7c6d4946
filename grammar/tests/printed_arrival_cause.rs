//! Arrivals as printed with their cause and their line (A68): 「相手のカードの効果で」,
//! 「このカードと同じラインに」, a ◆'s 「そのユニット」 and 「フリーズして置く」; a unit of a group
//! winning a battle (A61). The game behaviour is played in the d0-sample scenarios
//! `tests/wording/arrival_*.toml` and `battle_won_in_line.toml`.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{CompileCtx, NoScripts, compile, parse_line};

/// 嘘をつくフェアリー's second line as printed.
const LIAR: &str = "相手のユニットが相手のカードの効果でスクエアに置かれた時、そのユニットを持ち主のエネルギーゾーンにフリーズして置く。";
/// 冥界の通廊's line as printed.
const CORRIDOR: &str = "このカードと同じラインのスクエアにあるユニットがバトルに勝った時、そのバトル終了時に、そのユニットを持ち主の墓地に置く。";
/// 黄金ヶ原's line as printed.
const GOLDEN: &str = "あなたのユニットがプランゾーンからこのカードと同じラインに置かれた時、あなたはこのカードをフリーズしてよい。そうしたならば、あなたの山札の1番上のカードを持ち主のエネルギーゾーンにリリースして置く。";

// A68: both lines parse, compile, and print back to text that parses to the same line.
#[test]
fn a68_printed_lines_compile_and_print_back() {
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    for text in [LIAR, GOLDEN, CORRIDOR] {
        let l = parse_line(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        compile(&l, &unit, &mut NoScripts).unwrap_or_else(|e| panic!("{text}: {e}"));
        let canonical = l.to_string();
        let again = parse_line(&canonical).unwrap_or_else(|e| panic!("{canonical}: {e}"));
        assert_eq!(again.to_string(), canonical);
    }
    assert!(
        LIAR.contains("相手のカードの効果で")
            && parse_line(LIAR)
                .unwrap()
                .to_string()
                .contains("相手のカードの効果で")
    );
    assert!(
        parse_line(GOLDEN)
            .unwrap()
            .to_string()
            .contains("このカードと同じラインに置かれた時")
    );
}

// A68: 「フリーズして置く」 is for the energy zone only; 「その…」 outside a ◆ with nothing before
// it names nothing and is refused.
#[test]
fn a68_frozen_is_for_the_energy_zone_and_sono_needs_a_card() {
    let grave = parse_line(
        "相手のユニットが相手のカードの効果でスクエアに置かれた時、そのユニットを持ち主の墓地にフリーズして置く。",
    );
    assert!(grave.is_err(), "{grave:?}");
    let spell = parse_line("○ そのユニットを破壊する。").expect("parses");
    let strategy = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    let Err(e) = compile(&spell, &strategy, &mut NoScripts) else {
        panic!("その with nothing before it is refused outside a ◆")
    };
    assert!(e.message.contains("その"), "{}", e.message);
}

// A61: 「…ユニットがバトルに勝った時、そのバトル終了時に」 is one condition, a group's unit winning;
// its ◆ listens to battle ends only.
#[test]
fn a61_a_group_unit_winning_a_battle() {
    use dzero_grammar::{AbilityLine, Line, When};
    let l = parse_line(CORRIDOR).expect("parses");
    let Line::Ability(AbilityLine::Triggered(t)) = &l else {
        panic!("not a ◆: {l:?}")
    };
    let When::GroupWins(w) = &t.when else {
        panic!("not a battle won: {:?}", t.when)
    };
    assert!(w.at_end);
    assert!(l.to_string().contains("そのバトル終了時"));
    let plain = parse_line(
        "このカードと同じラインのスクエアにあるユニットがバトルに勝った時、そのユニットを持ち主の墓地に置く。",
    )
    .expect("parses without そのバトル終了時");
    assert!(!plain.to_string().contains("そのバトル終了時"));
}
