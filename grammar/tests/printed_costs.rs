//! Costs paid with cards written as printed: inside the brackets of a ● line and as
//! 「追加コストとして、…」; they compile to the core `CardCost` values Lua's `card_costs` and
//! `card:play_costs` register (R5.8).

use dzero_core::{Ability, CardKind, CardPick, CostDest, PlayModifier, Timing, ZoneSet};
use dzero_grammar::{
    AbilityLine, Action, Choice, CompileCtx, Compiled, CostCount, CostFrom, Line, NoScripts,
    PrintedCostKind, compile_text, parse_line,
};

fn activated(line: &str) -> dzero_core::Activated {
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Quick);
    match compile_text(line, &ctx, &mut NoScripts) {
        Ok(Compiled::Ability(Ability::Activated(a))) => a,
        Ok(_) => panic!("{line}: not a ●"),
        Err(e) => panic!("{line}: {e}"),
    }
}

/// (zones, destination, pick) of each card cost.
fn costs(a: &[dzero_core::CardCost]) -> Vec<(ZoneSet, CostDest, CardPick)> {
    a.iter().map(|c| (c.zones, c.to, c.pick)).collect()
}

fn graveyard() -> ZoneSet {
    ZoneSet::of(dzero_core::Zone::Graveyard)
}

// R5.8: 渡り鳥の斥候. 「このカードを手札に戻す」 is paid by the card itself from its square;
// 「手札にあるこのカードを捨てる」 from the hand, so that ability works in the hand.
#[test]
fn r5_8_this_card_pays() {
    let a = activated("● [このカードを手札に戻す]《クイック》 あなたはカードを1枚引く。");
    assert_eq!(a.zones, ZoneSet::FIELD);
    assert_eq!(a.cost, dzero_core::Cost::FREE);
    assert_eq!(
        costs(&a.card_costs),
        vec![(ZoneSet::FIELD, CostDest::Hand, CardPick::This)]
    );
    let d = activated("● [手札にあるこのカードを捨てる]《クイック》 あなたはカードを1枚引く。");
    assert_eq!(d.zones, ZoneSet::HAND);
    assert_eq!(
        costs(&d.card_costs),
        vec![(ZoneSet::HAND, CostDest::Graveyard, CardPick::This)]
    );
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Quick);
    let e = compile_text(
        "墓地効果『● [手札にあるこのカードを捨てる]《クイック》 カードを1枚引く。』",
        &ctx,
        &mut NoScripts,
    )
    .err()
    .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("this cost is paid from the hand, but the ability works in the graveyard")
    );
}

// R5.5, R5.8: 墓所の呪術師. X graveyard cards removed (the effect reads X); another unit of
// yours frozen; energy and cards together.
#[test]
fn r5_8_other_cards_pay() {
    let a = activated(
        "● [あなたの墓地のカードをX枚選び、除外する]《クイック》 このカードのパワーをターン終了時まで+X000する。",
    );
    assert_eq!(
        costs(&a.card_costs),
        vec![(graveyard(), CostDest::Remove, CardPick::X)]
    );
    let f = activated("● [あなたの他のユニットを1枚フリーズする]《クイック》 カードを1枚引く。");
    assert_eq!(
        costs(&f.card_costs),
        vec![(ZoneSet::FIELD, CostDest::Freeze, CardPick::One)]
    );
    let two = activated("● [無1 手札を2枚捨てる]《ノーマル》 カードを3枚引く。");
    assert_eq!(two.cost, dzero_core::Cost::colourless(1));
    assert_eq!(
        costs(&two.card_costs),
        vec![
            (ZoneSet::HAND, CostDest::Graveyard, CardPick::One),
            (ZoneSet::HAND, CostDest::Graveyard, CardPick::One)
        ]
    );
    // The energy-only bracket is unchanged.
    assert!(
        activated("● [赤1 無2]《クイック》 カードを1枚引く。")
            .card_costs
            .is_empty()
    );
}

// R5.8, R8.1: 生贄の契約 and 献身の騎士: a ☆ additional play cost of every play.
#[test]
fn r8_1_additional_play_costs() {
    for (line, want) in [
        (
            "追加コストとして、手札を1枚捨てる。",
            (ZoneSet::HAND, CostDest::Graveyard, CardPick::One),
        ),
        (
            "追加コストとして、あなたのスクエアにあるユニットを1枚墓地に置く。",
            (ZoneSet::FIELD, CostDest::Graveyard, CardPick::One),
        ),
        (
            "additional cost, sacrifice 1 unit",
            (ZoneSet::FIELD, CostDest::Graveyard, CardPick::One),
        ),
    ] {
        let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
        let Ok(Compiled::Ability(Ability::Play(PlayModifier::Costs(c)))) =
            compile_text(line, &ctx, &mut NoScripts)
        else {
            panic!("{line}")
        };
        assert_eq!(costs(&c), vec![want], "{line}");
    }
}

// Canonical spellings re-parse to the same line; ASCII spellings give the same costs.
#[test]
fn printed_costs_round_trip() {
    for (written, canonical) in [
        (
            "● [このカードを手札に戻す]《クイック》 あなたはカードを1枚引く。",
            "● [このカードを手札に戻す]《クイック》 カードを1枚引く。",
        ),
        (
            "activated [return this card to hand] <quick> draw 1",
            "● [このカードを手札に戻す]《クイック》 カードを1枚引く。",
        ),
        (
            "activated [discard this card from hand] <quick> draw 1",
            "● [手札にあるこのカードを捨てる]《クイック》 カードを1枚引く。",
        ),
        (
            "● [あなたの墓地のカードをX枚選び、除外する]《クイック》 このカードのパワーをターン終了時まで+X000する。",
            "● [あなたの墓地のカードをX枚除外する]《クイック》 このカードのパワーをターン終了時まで+X000する。",
        ),
        (
            "activated [C1 remove X cards from graveyard] <quick> until end of turn, this card power +X000",
            "● [無1 あなたの墓地のカードをX枚除外する]《クイック》 このカードのパワーをターン終了時まで+X000する。",
        ),
        (
            "● [あなたの他のユニットを1枚フリーズする]《クイック》 カードを1枚引く。",
            "● [あなたの他のユニットを1枚フリーズする]《クイック》 カードを1枚引く。",
        ),
        (
            "activated [freeze 1 other unit] <quick> draw 1",
            "● [あなたの他のユニットを1枚フリーズする]《クイック》 カードを1枚引く。",
        ),
        (
            "追加コストとして、手札を1枚捨てる。",
            "追加コストとして、あなたの手札のカードを1枚捨てる。",
        ),
        (
            "additional cost, discard 1 card",
            "追加コストとして、あなたの手札のカードを1枚捨てる。",
        ),
    ] {
        let l = parse_line(written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(l.to_string(), canonical, "{written}");
        let again = parse_line(canonical).unwrap_or_else(|e| panic!("{canonical}: {e}"));
        assert_eq!(again.to_string(), canonical);
    }
    let Ok(Line::Ability(AbilityLine::Activated(a))) = parse_line(
        "● [あなたの墓地のユニットカードをX枚選び、除外する]《クイック》 カードを1枚引く。",
    ) else {
        panic!("not a ●")
    };
    let PrintedCostKind::Pick(p) = a.card_costs[0].kind else {
        panic!("{:?}", a.card_costs)
    };
    assert_eq!(
        (p.from, p.unit, p.count),
        (CostFrom::Graveyard, true, CostCount::X)
    );
}

// R5.5: +X000 is a change of 1000 per X, acting on the ability's own card.
#[test]
fn r5_5_x_in_a_power_change() {
    let Ok(Line::Ability(AbilityLine::Activated(a))) = parse_line(
        "● [あなたの墓地のカードをX枚選び、除外する]《クイック》 このカードのパワーをターン終了時まで+X000する。",
    ) else {
        panic!("not a ●")
    };
    let dzero_grammar::EffectSource::Text(body) = &a.effect else {
        panic!("not text")
    };
    let Action::BoostX(_, s, _, per) = &body.steps[0].action else {
        panic!("{:?}", body.steps[0].action)
    };
    assert_eq!((s.mode, *per), (Choice::This, 1000));
}

// Costs that cannot be paid as written are errors at the cost.
#[test]
fn printed_cost_errors() {
    for (s, message) in [
        (
            "● [あなたの墓地のカードを1枚フリーズする]《クイック》 カードを1枚引く。",
            "only cards in squares are frozen (R5.6): write スクエアにある or ユニット",
        ),
        (
            "● [あなたの墓地のカードを1枚捨てる]《クイック》 カードを1枚引く。",
            "捨てる (discard) is from the hand: write 墓地に置く for other cards",
        ),
        (
            "● [相手のユニットを1枚フリーズする]《クイック》 カードを1枚引く。",
            "a cost is paid with your own cards: あなたの",
        ),
        (
            "● [カードを1枚除外する]《クイック》 カードを1枚引く。",
            "say where the cards are: 手札の (hand), 墓地の (graveyard) or スクエアにある (square)",
        ),
        (
            "● [手札を0枚捨てる]《クイック》 カードを1枚引く。",
            "a cost takes at least one card",
        ),
        (
            "● [手札を5枚捨てる]《クイック》 カードを1枚引く。",
            "the number is too large (at most 4)",
        ),
        (
            "追加コストとして、このカードを手札に戻す。",
            "a card being played cannot pay its additional cost with itself",
        ),
    ] {
        let e = parse_line(s).err().map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some(message), "{s}");
    }
}
