//! Clauses: replacements, turn-long rules, granted abilities, delayed triggers,
//! control and counters — parsing, aliases and canonical spelling.

use dzero_core::{CardKind, Instead, Timing};
use dzero_grammar::{
    AbilityLine, Action, Clause, CompileCtx, Compiled, DeckTopDest, DelayWhen, DslError, Forbidden,
    GainedKeyword, Gift, ItemNoun, Line, NoScripts, ReplEvent, ReplWho, Replacement, Until,
    compile, parse_line,
};

fn line(s: &str) -> Line {
    match parse_line(s) {
        Ok(l) => l,
        Err(e) => panic!("{s}: {e} at {}", e.span),
    }
}

fn err(s: &str) -> DslError {
    match parse_line(s) {
        Ok(l) => panic!("{s} parsed as {l}"),
        Err(e) => e,
    }
}

fn replacement(s: &str) -> Replacement {
    match line(s) {
        Line::Ability(AbilityLine::Replacement(r)) => r,
        other => panic!("{s}: {other:?}"),
    }
}

/// The clause of a one-sentence ○ line.
fn clause(s: &str) -> Clause {
    let Line::Spell(sp) = line(s) else {
        panic!("{s} is not a ○ line")
    };
    assert_eq!(sp.body.steps.len(), 1, "{s}");
    match &sp.body.steps[0].action {
        Action::Clause(c) => c.clone(),
        other => panic!("{s}: {other:?}"),
    }
}

/// Both spellings give the same canonical line, which parses back to itself.
fn same(jp: &str, en: &str) {
    let a = line(jp).to_string();
    assert_eq!(a, line(en).to_string(), "{jp} / {en}");
    assert_eq!(line(&a).to_string(), a);
}

// R7.8-adjacent replacement wording: 「…場合、かわりに…」 (the rules define only 速攻's 代わりに).
#[test]
fn replacements() {
    let r = replacement("★ このカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。");
    assert_eq!(
        (r.who, r.event, r.instead, r.optional, r.payoff.is_none()),
        (
            ReplWho::This,
            ReplEvent::ToGraveyard,
            Instead::Remove,
            false,
            true
        )
    );
    let r = replacement("★ このカードが破壊される場合、かわりに持ち主のスマッシュゾーンに置く。");
    assert_eq!((r.event, r.instead), (ReplEvent::Destroyed, Instead::Smash));
    let r = replacement(
        "★ このカードが破壊される場合、かわりに手札に戻してもよい。そうしたなら、あなたの山札の上から1枚を墓地に置く。",
    );
    assert_eq!((r.instead, r.optional), (Instead::Hand, true));
    let payoff = r.payoff.expect("a payoff");
    assert_eq!(
        payoff.steps[0].action,
        Action::Clause(Clause::Mill(1, DeckTopDest::Graveyard))
    );
    let r = replacement("★ 相手のカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。");
    assert_eq!(r.who, ReplWho::Opponent);
    assert_eq!(
        replacement("このユニットが墓地に置かれる場合、代わりにデッキの一番下に置く").instead,
        Instead::DeckBottom
    );
    same(
        "★ このカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。",
        "static if this card would go to the graveyard, put it into remove zone instead",
    );
    same(
        "★ このカードが破壊される場合、かわりに持ち主のスマッシュゾーンに置く。",
        "if this unit would be destroyed, put it into smash zone instead.",
    );
    same(
        "★ このカードが破壊される場合、かわりに手札に戻してもよい。そうしたなら、あなたの山札の上から1枚を墓地に置く。",
        "* if this card would be destroyed, you may return it to hand instead. if you do, mill 1",
    );
    same(
        "★ 相手のカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。",
        "if an opponent's card would go to the graveyard, put it into remove zone instead",
    );
    assert_eq!(
        line("if this card would be destroyed, put it into smash zone instead").to_string(),
        "★ このカードが破壊される場合、かわりにスマッシュゾーンに置く。"
    );
}

#[test]
fn turn_rules() {
    let Clause::RuleReplace(r) =
        clause("○ このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く。")
    else {
        panic!("not a rule")
    };
    assert_eq!((r.who, r.instead), (ReplWho::Any, Instead::Remove));
    assert_eq!(
        clause("○ このターン、相手はストラテジーをプレイできない。"),
        Clause::RuleForbid(Forbidden {
            opponent: true,
            kind: Some(CardKind::Strategy)
        })
    );
    same(
        "○ このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く。",
        "spell: this turn, if a card would go to the graveyard, put it into remove zone instead",
    );
    same(
        "○ このターン、相手はストラテジーをプレイできない。",
        "spell: this turn, opponent cannot play strategies",
    );
    same(
        "○ このターン、相手の破壊されるカードはかわりにスマッシュゾーンに置く。",
        "spell: this turn, if an opponent's card would be destroyed, put it into smash zone instead",
    );
}

#[test]
fn delayed_triggers() {
    let Clause::Delayed(w, step) = clause("○ 次のあなたのターンの開始時、カードを2枚引く。")
    else {
        panic!("not delayed")
    };
    assert_eq!(
        (w, &step.action),
        (DelayWhen::YourNextTurn, &Action::Draw(2))
    );
    same(
        "○ 次のあなたのターンの開始時、カードを2枚引く。",
        "spell: at the start of your next turn, draw 2",
    );
    let Line::Ability(AbilityLine::Triggered(t)) =
        line("◆ このユニットがスクエアに置かれた時、ターン終了時、このユニットを破壊する。")
    else {
        panic!("not a trigger")
    };
    let Action::Clause(Clause::Delayed(DelayWhen::EndOfTurn, step)) = &t.body.steps[0].action
    else {
        panic!("not delayed: {t}")
    };
    assert_eq!(step.action.to_string(), "このユニットを破壊する");
    same(
        "◆ このユニットがスクエアに置かれた時、ターン終了時、このユニットを破壊する。",
        "trigger when this card is put into a square, at end of turn, destroy this unit",
    );
}

#[test]
fn granted_abilities() {
    let Clause::Grant(u, s, abilities) = clause(
        "○ ターン終了時まで、対象のあなたのユニット1体は『◆ このユニットがスマッシュした時、カードを1枚引く。』と『● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。』を得る。",
    ) else {
        panic!("not a grant")
    };
    assert_eq!(u, Until::EndOfTurn);
    assert_eq!(s.to_string(), "対象のあなたのユニット1体");
    assert!(matches!(
        abilities.as_slice(),
        [AbilityLine::Triggered(_), AbilityLine::Activated(_)]
    ));
    let Clause::Grant(_, _, abilities) = clause(
        "○ ターン終了時まで、対象のあなたのユニット1体は『このユニットが墓地に置かれる場合、かわりに持ち主の手札に戻す。』を得る。",
    ) else {
        panic!("not a grant")
    };
    assert!(matches!(
        abilities.as_slice(),
        [AbilityLine::Replacement(Replacement {
            who: ReplWho::This,
            instead: Instead::Hand,
            ..
        })]
    ));
    same(
        "○ ターン終了時まで、対象のあなたのユニット1体は『◆ このユニットがスマッシュした時、カードを1枚引く。』と『● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。』を得る。",
        "spell: until end of turn, target own unit gains 『trigger when this unit smashes, draw 1』 and 『● [C1] <quick> until end of turn, this unit power +1000』",
    );
}

#[test]
fn control_and_counters() {
    let Clause::Control(u, s) =
        clause("○ ターン終了時まで、対象の相手のユニット1体のコントロールを得る。")
    else {
        panic!("not control")
    };
    assert_eq!(
        (u, s.to_string().as_str()),
        (Until::EndOfTurn, "対象の相手のユニット1体")
    );
    same(
        "○ ターン終了時まで、対象の相手のユニット1体のコントロールを得る。",
        "spell: until end of turn, gain control of target opponent unit",
    );
    assert_eq!(
        clause("○ 対象のストラテジー1枚の解決を失敗させる。"),
        Clause::Counter(ItemNoun::Strategy, false)
    );
    assert_eq!(
        clause("○ 対象の移動を無効にする。"),
        Clause::Counter(ItemNoun::Move, false)
    );
    same(
        "○ 対象のストラテジー1枚の解決を失敗させる。",
        "spell: counter target strategy",
    );
    same("○ 対象の移動を無効にする。", "spell: counter target move");
    same(
        "○ 対象の能力を無効にする。",
        "spell: counter target ability",
    );
    assert_eq!(
        clause("○ 山札の上から3枚を墓地に置く。"),
        Clause::Mill(3, DeckTopDest::Graveyard)
    );
}

fn compiled(s: &str, kind: CardKind) -> Result<Compiled, DslError> {
    compile(
        &line(s),
        &CompileCtx::new(kind, Timing::Quick),
        &mut NoScripts,
    )
}

/// The names of the grantables a line adds to its card.
fn grant_names(s: &str, kind: CardKind) -> Vec<String> {
    match compiled(s, kind) {
        Ok(Compiled::Granting(_, g)) => g.into_iter().map(|g| g.name).collect(),
        Ok(other) => panic!("{s}: no grants in {other:?}"),
        Err(e) => panic!("{s}: {e}"),
    }
}

#[test]
fn grants_become_the_cards_grantables() {
    assert_eq!(
        grant_names(
            "○ このターン、相手はストラテジーをプレイできない。",
            CardKind::Strategy
        ),
        ["このターン、相手はストラテジーをプレイできない"]
    );
    assert_eq!(
        grant_names(
            "○ ターン終了時まで、対象のあなたのユニット1体は『◆ このユニットがスマッシュした時、カードを1枚引く。』と『● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。』を得る。",
            CardKind::Strategy
        ),
        [
            "『◆ このユニットがスマッシュした時、カードを1枚引く。』",
            "『● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。』"
        ]
    );
    assert_eq!(
        grant_names(
            "◆ このユニットがスクエアに置かれた時、ターン終了時、このユニットを破壊する。",
            CardKind::Unit
        ),
        ["ターン終了時、このユニットを破壊する"]
    );
    assert!(matches!(
        compiled(
            "★ このカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。",
            CardKind::Unit
        ),
        Ok(Compiled::Ability(dzero_core::Ability::Static(_)))
    ));
    assert!(matches!(
        compiled("○ 対象の移動を無効にする。", CardKind::Strategy),
        Ok(Compiled::Spell(dzero_core::Spell {
            target: Some(_),
            ..
        }))
    ));
}

#[test]
fn clause_errors() {
    let cases = [
        (
            "★ このカードが破壊される場合、かわりに手札に戻す。そうしたなら、カードを1枚引く。",
            "そうしたなら (if you do) follows an optional replacement: write 〜てもよい (you may)",
        ),
        (
            "if this card would be destroyed, put it into graveyard instead",
            "a card going to the graveyard goes somewhere else instead: リムーブゾーン, スマッシュゾーン, 手札, デッキの上 or デッキの下",
        ),
        (
            "○ 対象のストラテジー2枚の解決を失敗させる。",
            "the number is too large (at most 1)",
        ),
        ("○ 山札の上から0枚を墓地に置く。", "put at least one card"),
        (
            "spell: this turn, if this card would go to the graveyard, put it into remove zone instead",
            "a rule for the turn replaces every card's move, always: write a card, your card or an opponent's card, without you may",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(err(input).message, message, "{input}");
    }
    assert_eq!(
        err("★ このカードが墓地に置かれる場合、リムーブゾーンに置く。").to_string(),
        "expected かわりに after '、'"
    );
    let Err(e) = compiled(
        "○ ターン終了時まで、対象のあなたのベース1枚のコントロールを得る。",
        CardKind::Strategy,
    ) else {
        panic!("a base changed control")
    };
    assert_eq!(e.message, "only units (ユニット) change this way");
    let Err(e) = compiled(
        "○ 対象の移動を無効にする。対象のユニット1体を破壊する。",
        CardKind::Strategy,
    ) else {
        panic!("two target lists")
    };
    assert_eq!(
        e.message,
        "only one sentence of an effect can choose targets (R7.4); write this effect in Lua"
    );
    let Err(e) = compiled(
        "○ ターン終了時まで、対象のユニット1体は『◆ lua:x』を得る。",
        CardKind::Strategy,
    ) else {
        panic!("a granted lua: reference")
    };
    assert_eq!(
        e.message,
        "lua:x needs a Lua script, but this card has none"
    );
}

// R7.4, R16.3: a boost and a gain for the same target in one sentence; the hexproof ability is
// the keyword the rules read (Lua's `g:grant(unit, "hexproof")`).
#[test]
fn boost_and_gain_in_one_sentence() {
    let Clause::BoostGain(u, s, _, d, gift) = clause(
        "○ ターン終了時まで、対象のユニット1体のパワーを+2000し、『★ このカードは相手のカードの対象にならない。』を得る。",
    ) else {
        panic!("not a boost and gain")
    };
    assert_eq!((u, d), (Until::EndOfTurn, 2000));
    assert_eq!(s.to_string(), "対象のユニット1体");
    assert_eq!(gift, Gift::Keyword(GainedKeyword::Hexproof));
    same(
        "○ ターン終了時まで、対象のユニット1体のパワーを+2000し、『★ このカードは相手のカードの対象にならない。』を得る。",
        "spell: until end of turn, target unit power +2000 and gains hexproof",
    );
    same(
        "○ ターン終了時まで、対象のユニット1体のパワーを+2000し、「★相手のカードの対象にならない。」を得る。",
        "spell: until end of turn, target unit power +2000 and gains 『★ このカードは相手のカードの対象にならない。』",
    );
    let Clause::BoostGain(.., Gift::Abilities(a)) = clause(
        "○ ターン終了時まで、対象のユニット1体のパワーを-1000し、『◆ このユニットがスマッシュした時、カードを1枚引く。』を得る。",
    ) else {
        panic!("not a boost and grant")
    };
    assert!(matches!(a.as_slice(), [AbilityLine::Triggered(_)]));
    same(
        "○ ターン終了時まで、対象のあなたのユニット1体は『★ このカードは相手のカードの対象にならない。』を得る。",
        "spell: until end of turn, target own unit gains hexproof",
    );
}
