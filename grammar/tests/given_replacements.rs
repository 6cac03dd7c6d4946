//! Replacements given to the unit an effect chose, until a time, as real cards print them
//! (docs/dsl.md "Replacements given until a time"; A64): 「ターン終了時まで、そのユニットが
//! スクエアから墓地に置かれる時、かわりにゲームから取り除く。」.

use dzero_core::{CardKind, Instead, Timing};
use dzero_grammar::{
    AbilityLine, Action, Choice, Clause, CompileCtx, Line, NoScripts, ReplEvent, ReplWho, Until,
    compile, parse_line,
};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// `s` parses and compiles on a strategy, and its canonical text parses back to itself.
fn understood(s: &str) -> Line {
    let l = line(s);
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    compile(&l, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let canonical = l.to_string();
    let again = line(&canonical);
    assert_eq!(again.to_string(), canonical, "{s:?} round trip");
    compile(&again, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    l
}

/// The last sentence of a spell line: the given replacement.
fn given(l: &Line) -> (Until, Choice, ReplEvent, Instead) {
    let Line::Spell(s) = l else {
        panic!("not a spell: {l:?}")
    };
    let last = s.body.steps.last().expect("a sentence");
    let Action::Clause(Clause::Grant(until, subject, abilities)) = &last.action else {
        panic!("not a grant: {:?}", last.action)
    };
    let [AbilityLine::Replacement(r)] = abilities.as_slice() else {
        panic!("not one replacement: {abilities:?}")
    };
    assert_eq!(r.who, ReplWho::This);
    assert!(!r.optional);
    (until.to_owned(), subject.mode, r.event, r.instead)
}

#[test]
fn courage_blade_removes_the_damaged_unit_instead() {
    // 勇気の刃 (A64: the chosen unit has the replacement until the end of the turn)
    let l = understood(
        "あなたはバトルスペースのスクエアにある対象のユニットを1枚選び、4000のダメージを与える。ターン終了時まで、そのユニットがスクエアから墓地に置かれる時、かわりにゲームから取り除く。",
    );
    assert_eq!(
        given(&l),
        (
            Until::EndOfTurn,
            Choice::Same,
            ReplEvent::FromSquare,
            Instead::Remove
        )
    );
}

#[test]
fn dragon_cave_as_printed() {
    // ドラゴンの洞窟: a ● of a base, あなたは、 with its comma
    let l = understood(
        "[このカードを持ち主の手札に加える] 《ノーマル》 あなたは、このカードと同じラインにある対象のユニットを1枚選び、3000のダメージを与える。ターン終了時まで、そのユニットがスクエアから墓地に置かれる時、かわりにゲームから取り除く。",
    );
    assert!(
        matches!(l, Line::Ability(AbilityLine::Activated(_))),
        "{l:?}"
    );
    // 墓地に置かれるに際し、かわりに除外する: the same replacement, of every move to the graveyard
    let l = understood(
        "あなたはバトルスペースの対象のユニットを1枚選び、2000のダメージを与える。ターン終了時まで、そのユニットが墓地に置かれるに際し、かわりに除外する。",
    );
    assert_eq!(given(&l).2, ReplEvent::ToGraveyard);
}

#[test]
fn its_needs_a_unit_chosen_before() {
    // その names the subject of the sentence before: alone it is an error, never a panic.
    let l = line(
        "ターン終了時まで、そのユニットがスクエアから墓地に置かれる時、かわりにゲームから取り除く。",
    );
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    let e = compile(&l, &ctx, &mut NoScripts).expect_err("その without a subject");
    assert!(e.to_string().contains("その"), "{e}");
}
