//! 「AしB」: a verb ending in し joins the next sentence with 、, and その (`its`) is the subject
//! of the sentence before (凍符「パーフェクトフリーズ」): one target, two sentences (R7.4, R7.5).

use dzero_core::{CardKind, Timing};
use dzero_grammar::{
    Action, Choice, CompileCtx, Compiled, Line, NoScripts, Until, compile_text, parse_line,
};

fn steps(line: &str) -> Vec<Action> {
    match parse_line(line) {
        Ok(Line::Spell(s)) => s.body.steps.into_iter().map(|s| s.action).collect(),
        other => panic!("{line}: {other:?}"),
    }
}

// R7.4: the second sentence acts on the first one's target; the item has one target.
#[test]
fn r7_4_freeze_then_its_power() {
    let line = "○ 対象のユニット1体をフリーズし、ターン終了時までそのパワーを-1000する。";
    let a = steps(line);
    assert!(
        matches!(&a[0], Action::Freeze(s) if matches!(s.mode, Choice::Target { count: 1, up_to: false }))
    );
    assert!(
        matches!(&a[1], Action::Boost(Until::EndOfTurn, s, _, -1000) if s.mode == Choice::Same)
    );
    let canonical = "○ 対象のユニット1体をフリーズする。ターン終了時まで、そのパワーを-1000する。";
    let l = parse_line(line).map(|l| l.to_string());
    assert_eq!(l.as_deref(), Ok(canonical));
    assert_eq!(
        parse_line(canonical).map(|l| l.to_string()).as_deref(),
        Ok(canonical)
    );
    assert_eq!(
        parse_line("spell: freeze target unit. until end of turn, its power -1000")
            .map(|l| l.to_string())
            .as_deref(),
        Ok(canonical)
    );
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    let Ok(Compiled::Spell(s)) = compile_text(line, &ctx, &mut NoScripts) else {
        panic!("{line}")
    };
    assert_eq!(s.target.map(|t| t.count), Some(1));
    // 破壊し and リリースし join the same way.
    assert_eq!(
        steps("○ 対象のユニット1体をリリースし、ターン終了時までそのパワーを+1000する。").len(),
        2
    );
}

#[test]
fn joined_sentence_errors() {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    for (s, message) in [
        (
            "○ カードを1枚引く、カードを1枚引く。",
            "sentences end with 。; 、 follows only a verb ending in し (フリーズし、)",
        ),
        (
            "○ 対象のユニット1体をフリーズし。",
            "a verb ending in し continues with 、 and the next sentence",
        ),
        (
            "○ 対象のユニット1体をフリーズし",
            "a verb ending in し continues with 、 and the next sentence",
        ),
        (
            "○ ターン終了時までそのパワーを-1000する。",
            "その (its) refers to the subject of the sentence before, or in a ◆ to the card of the triggering event",
        ),
    ] {
        let e = compile_text(s, &ctx, &mut NoScripts)
            .err()
            .map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some(message), "{s}");
    }
}
