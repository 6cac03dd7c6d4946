//! Granting abilities, replacements and cost brackets written as real cards print them
//! (docs/dsl.md "Granting abilities as printed"): each printed line parses, compiles, prints a
//! canonical text that parses back to the same line, and works with and without its mark.

use dzero_core::{CardKind, Instead, Timing};
use dzero_grammar::{
    AbilityLine, Clause, CompileCtx, Compiled, Line, NoScripts, ReplEvent, ReplWho, Replacement,
    compile, parse_line,
};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// `s` parses, compiles on a card of `kind`, and its canonical text parses and compiles to the
/// same canonical text.
fn understood(s: &str, kind: CardKind) -> (Line, Compiled) {
    let l = line(s);
    let ctx = CompileCtx::new(kind, Timing::Quick);
    let c = compile(&l, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let canonical = l.to_string();
    let again = line(&canonical);
    assert_eq!(again.to_string(), canonical, "{s:?} round trip");
    if let Err(e) = compile(&again, &ctx, &mut NoScripts) {
        panic!("{canonical:?} does not compile: {e}");
    }
    (l, c)
}

fn replacement(s: &str) -> Replacement {
    match line(s) {
        Line::Ability(AbilityLine::Replacement(r)) => r,
        other => panic!("{s:?}: {other:?}"),
    }
}

#[test]
fn replacements_as_printed() {
    // 閃光の魔炎ビーム, 暴かれた墓穴 (A58: スクエアから limits it to moves out of a square)
    let r = replacement("このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除く。");
    assert_eq!(
        (r.who, r.event, r.instead, r.optional),
        (ReplWho::This, ReplEvent::FromSquare, Instead::Remove, false)
    );
    let r = replacement("あなたのカードが墓地に置かれる時、かわりにゲームから取り除く。");
    assert_eq!(
        (r.who, r.event, r.instead),
        (ReplWho::Own, ReplEvent::ToGraveyard, Instead::Remove)
    );
    let r = replacement(
        "このカードがスクエアから墓地に置かれるに際し、代わりに持ち主のスマッシュゾーンにリリース状態で置く。",
    );
    assert_eq!(
        (r.event, r.instead),
        (ReplEvent::FromSquare, Instead::Smash)
    );
    for s in [
        "このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除く。",
        "★ このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除く。",
        "あなたのカードが墓地に置かれる時、かわりにゲームから取り除く。",
        "★あなたのカードが墓地に置かれるとき、かわりにゲームから取り除く。",
        "このカードがスクエアから墓地に置かれるに際し、代わりに持ち主のスマッシュゾーンにリリース状態で置く。",
    ] {
        understood(s, CardKind::Unit);
    }
}

#[test]
fn optional_replacement_with_a_targeted_follow_up() {
    // 真・全軍突撃's second ability (A50: the follow-up chooses its targets as it applies)
    let s = "このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除いてよい。そうした場合、あなたはバトルスペースのスクエアにある対象のユニットを1枚まで選び、5000のダメージを与える。";
    let r = replacement(s);
    assert!(r.optional);
    assert_eq!(r.instead, Instead::Remove);
    assert!(r.payoff.is_some());
    understood(s, CardKind::Unit);
    for if_done in ["そうしたならば", "そうしたなら", "そうした場合"] {
        let s = format!(
            "★ このカードが破壊される場合、かわりに手札に戻してもよい。{if_done}、対象のユニット1体に1000ダメージを与える。"
        );
        assert!(replacement(&s).payoff.is_some(), "{s}");
        understood(&s, CardKind::Unit);
    }
}

#[test]
fn a_follow_up_needs_an_optional_replacement() {
    let e = parse_line(
        "このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除く。そうした場合、カードを1枚引く。",
    )
    .unwrap_err();
    assert!(e.message.contains("てもよい"), "{e}");
}

/// The one-shot grant of a line: its subject's canonical text and the abilities' canonical texts.
fn grant(l: &Line) -> (String, Vec<String>) {
    let body = match l {
        Line::Spell(s) => &s.body,
        Line::Ability(AbilityLine::Activated(a)) => match &a.effect {
            dzero_grammar::EffectSource::Text(b) => b,
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    match &body.steps[0].action {
        dzero_grammar::Action::Clause(Clause::Grant(_, s, a)) => {
            (s.to_string(), a.iter().map(ToString::to_string).collect())
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn one_shot_grants_as_printed() {
    // 恨符「丑の刻参り」 (a strategy's ○ effect)
    let s = "○ あなたはバトルスペースにある対象のユニットを1枚選び、ターン終了時まで以下の能力を与える。『このカードがスクエアから墓地に置かれるに際し、代わりに持ち主のスマッシュゾーンにリリース状態で置く。』";
    let (l, c) = understood(s, CardKind::Strategy);
    assert!(matches!(c, Compiled::Granting(..)), "{c:?}");
    let (subject, abilities) = grant(&l);
    assert_eq!(subject, "対象のユニット1体");
    assert_eq!(
        abilities,
        ["★ このカードがスクエアから墓地に置かれる場合、かわりにスマッシュゾーンに置く。"]
    );
    // クリスタル・パラダイス (a base's ●, its cost bracket as printed)
    let s = "[このカードを持ち主の手札に加える] 《クイック》 あなたは、このカードと同じラインのスクエアにある対象のユニットを1枚選び、ターン終了時まで、以下の能力を与える。『このカードは対象にならない。』";
    for s in [s.to_owned(), format!("● {s}")] {
        let (l, c) = understood(&s, CardKind::Base);
        assert!(matches!(c, Compiled::Granting(..)), "{c:?}");
        let (subject, abilities) = grant(&l);
        assert_eq!(subject, "対象のこのカードと同じラインにあるユニット1体");
        assert_eq!(abilities, ["★ このカードはカードの対象にならない。"]);
    }
    // 真・全軍突撃's form: every unit named, two abilities
    let s = "○ バトルスペースのスクエアにあるすべてのあなたのユニットに、ターン終了時まで、以下の2つの能力を与える。『このユニットがスマッシュした時、カードを1枚引く。』『このカードがスクエアから墓地に置かれる時、かわりにゲームから取り除いてよい。そうした場合、あなたはバトルスペースのスクエアにある対象のユニットを1枚まで選び、5000のダメージを与える。』";
    let (l, _) = understood(s, CardKind::Strategy);
    let (subject, abilities) = grant(&l);
    assert_eq!(subject, "すべてのあなたのユニット");
    assert_eq!(abilities.len(), 2);
}

#[test]
fn the_count_of_granted_abilities_is_checked() {
    let e = parse_line(
        "○ すべてのあなたのユニットに、ターン終了時まで、以下の2つの能力を与える。『このカードは対象にならない。』",
    )
    .unwrap_err();
    assert!(e.message.contains("2つの"), "{e}");
}

#[test]
fn group_grants_as_printed() {
    // 転送ステーション (R17.1, A49: the units have it while the ★ applies)
    for s in [
        "このカードと同じラインのスクエアにあるすべてのあなたのユニットに以下の能力を与える。『[青2無1] 《バトル》 このカードを持ち主の手札に加える。』",
        "★ このカードと同じラインのスクエアにあるすべてのあなたのユニットに以下の能力を与える。『[青2無1] 《バトル》 このカードを持ち主の手札に加える。』",
    ] {
        let (l, c) = understood(s, CardKind::Base);
        let Line::Ability(AbilityLine::GroupGrant(g)) = &l else {
            panic!("{l:?}");
        };
        assert_eq!(g.group.to_string(), "同じラインにあるあなたのユニット");
        assert_eq!(g.abilities.len(), 1);
        assert!(matches!(c, Compiled::Granting(..)), "{c:?}");
    }
    // One ★ gives one ability; a zone holds no ★ that gives units abilities.
    let ctx = CompileCtx::new(CardKind::Base, Timing::Quick);
    let two = line(
        "すべてのあなたのユニットに以下の2つの能力を与える。『このカードは対象にならない。』『このカードは斜めに移動できる。』",
    );
    let e = compile(&two, &ctx, &mut NoScripts).unwrap_err();
    assert!(e.message.contains("one ★ line for each"), "{e}");
}

#[test]
fn cost_brackets_as_printed() {
    // 閃光の魔炎ビーム's kin: 「このカードを廃棄する」 is 廃棄, 「このカードを持ち主の手札に加える」
    // returns this card to its hand (R5.7, R5.8)
    for (printed, plain) in [
        (
            "[青2無1 このカードを廃棄する]《クイック》カードを1枚引く。",
            "● [青2無1 廃棄]《クイック》 カードを1枚引く。",
        ),
        (
            "[白2 このカードを廃棄する]《クイック》カードを1枚引く。",
            "● [白2 廃棄]《クイック》 カードを1枚引く。",
        ),
        (
            "[このカードを持ち主の手札に加える] 《クイック》 カードを1枚引く。",
            "● [このカードを手札に戻す]《クイック》 カードを1枚引く。",
        ),
    ] {
        let (p, _) = understood(printed, CardKind::Unit);
        assert_eq!(p.to_string(), line(plain).to_string(), "{printed}");
    }
}
