//! Effect bodies written as printed: what each phrase parses to, its canonical
//! spelling, and the errors.

use dzero_core::{CardKind, Colour, Side};
use dzero_grammar::{
    Action, CardZone, Choice, Discard, DslError, EffectBody, Filter, GainedKeyword, Line, Noun,
    PutDest, Search, Stat, Subject, Until, parse_line,
};

fn body(s: &str) -> EffectBody {
    match parse_line(s) {
        Ok(Line::Spell(sp)) => sp.body,
        other => panic!("{s}: {other:?}"),
    }
}

fn actions(s: &str) -> Vec<Action> {
    body(s).steps.into_iter().map(|st| st.action).collect()
}

fn err(s: &str) -> DslError {
    match parse_line(s) {
        Err(e) => e,
        Ok(l) => panic!("{s} parsed: {l:?}"),
    }
}

fn subject(a: &Action) -> Subject {
    a.subject().cloned().unwrap_or_else(|| panic!("{a:?}"))
}

fn target(count: u8) -> Choice {
    Choice::Target {
        count,
        up_to: false,
    }
}

#[test]
fn draw() {
    assert_eq!(actions("○ カードを2枚引く。"), [Action::Draw(2)]);
    assert_eq!(actions("○ あなたはカードを１枚引く"), [Action::Draw(1)]);
    assert_eq!(actions("spell: draw 3 cards"), [Action::Draw(3)]);
}

#[test]
fn damage_and_targets() {
    let [a] = <[Action; 1]>::try_from(actions("○ 対象の相手のユニット1体に3000ダメージを与える。"))
        .unwrap_or_else(|v| panic!("{v:?}"));
    let Action::Damage(s, 3000) = &a else {
        panic!("{a:?}")
    };
    assert_eq!(s.mode, target(1));
    assert_eq!(s.side, Some(Side::Opponent));
    assert_eq!(s.noun, Noun::Unit);
    assert!(s.filters.is_empty());
    let en = actions("spell: deal 3000 damage to target opponent unit");
    assert_eq!(en.len(), 1);
    assert_eq!(en[0].to_string(), a.to_string());
}

#[test]
fn filters() {
    let s = subject(
        &actions(
            "○ 対象のあなたのパワー4000以下の使用コストが2以下の〈フェアリー〉の赤のユニット2体までを破壊する。",
        )[0],
    );
    assert_eq!(
        s.mode,
        Choice::Target {
            count: 2,
            up_to: true
        }
    );
    assert_eq!(s.side, Some(Side::Own));
    assert_eq!(
        s.filters,
        [
            Filter::PowerAtMost(4000),
            Filter::CostAtMost(2),
            Filter::Race("フェアリー".into()),
            Filter::Colour(Colour::Red)
        ]
    );
    let en = subject(
        &actions("spell: destroy up to 2 target own power<=4000 cost<=2 〈フェアリー〉 red units")
            [0],
    );
    assert_eq!(en.filters, s.filters);
    assert_eq!(en.mode, s.mode);
    assert_eq!(
        subject(&actions("○ 対象の種族がフェアリーのユニット1体を破壊する")[0]).filters,
        [Filter::Race("フェアリー".into())]
    );
}

#[test]
fn cards_in_zones_bases_and_each() {
    let s =
        subject(&actions("○ 対象のあなたの墓地にあるユニットカード1枚を持ち主の手札に戻す。")[0]);
    assert_eq!(s.zone, Some(CardZone::Graveyard));
    assert_eq!(s.noun, Noun::Card(Some(CardKind::Unit)));
    assert_eq!(s.side, Some(Side::Own));
    let en = subject(&actions("spell: return target own unit card in graveyard to hand")[0]);
    assert_eq!(en.zone, s.zone);
    assert_eq!(en.noun, s.noun);
    let b = subject(&actions("○ 対象のベース1枚を破壊する")[0]);
    assert_eq!(b.noun, Noun::Base);
    let e = subject(&actions("○ すべての相手のユニットに1000ダメージを与える。")[0]);
    assert_eq!(e.mode, Choice::Each);
    assert_eq!(e.side, Some(Side::Opponent));
    assert_eq!(
        subject(&actions("spell: deal 1000 damage to each opponent unit")[0]).mode,
        Choice::Each
    );
}

#[test]
fn boosts_freeze_release_gain_and_sequences() {
    let a = actions(
        "○ 対象のユニット1体をフリーズする。ターン終了時まで、すべての相手のユニットのパワーを-1000する。カードを1枚引く。",
    );
    assert!(matches!(a[0], Action::Freeze(_)));
    assert!(matches!(
        a[1],
        Action::Boost(Until::EndOfTurn, _, Stat::Power, -1000)
    ));
    assert_eq!(a[2], Action::Draw(1));
    assert!(matches!(
        actions("○ バトル終了時まで、対象のあなたのユニット1体のパワーを+3000する。")[0],
        Action::Boost(Until::EndOfBattle, _, Stat::Power, 3000)
    ));
    assert!(matches!(
        actions("○ 次のあなたのターンの終了時まで、対象のユニット1体のスマッシュを+1する。")[0],
        Action::Boost(Until::EndOfYourNextTurn, _, Stat::Smash, 1)
    ));
    assert!(matches!(
        actions("spell: until end of your next turn, target unit smash +1")[0],
        Action::Boost(Until::EndOfYourNextTurn, _, Stat::Smash, 1)
    ));
    assert!(matches!(
        actions("○ ターン終了時まで、対象のユニット1体は速攻を得る。")[0],
        Action::Gain(Until::EndOfTurn, _, GainedKeyword::Haste)
    ));
    assert!(matches!(
        actions("spell: until end of battle, target unit gains accel. release target unit")[..],
        [
            Action::Gain(Until::EndOfBattle, _, GainedKeyword::Accel),
            Action::Release(_)
        ]
    ));
}

fn discard(opponent: bool, count: u8, random: bool) -> Action {
    Action::Discard(Discard {
        opponent,
        count,
        random,
        look: false,
    })
}

// Discards: the discarding player chooses unless ランダムに; 相手は names the opponent.
#[test]
fn discards() {
    assert_eq!(actions("○ 手札を1枚捨てる。"), [discard(false, 1, false)]);
    assert_eq!(
        actions("○ あなたは手札を2枚選んで捨てる"),
        [discard(false, 2, false)]
    );
    assert_eq!(
        actions("○ 相手は手札を1枚選んで捨てる。"),
        [discard(true, 1, false)]
    );
    assert_eq!(
        actions("○ 相手は手札をランダムに1枚捨てる。"),
        [discard(true, 1, true)]
    );
    assert_eq!(
        actions("○ 手札をランダムに3枚捨てる。カードを1枚引く。"),
        [discard(false, 3, true), Action::Draw(1)]
    );
    assert_eq!(actions("spell: discard 1 card"), [discard(false, 1, false)]);
    assert_eq!(
        actions("spell: opponent discards 2 cards at random"),
        [discard(true, 2, true)]
    );
    assert_eq!(
        actions("spell: draw 2. discard 1"),
        [Action::Draw(2), discard(false, 1, false)]
    );
}

// Putting cards into their owner's zones.
#[test]
fn put_into_zones() {
    for (line, dest) in [
        (
            "○ 対象のユニット1体を持ち主のリムーブゾーンに置く。",
            PutDest::Remove,
        ),
        (
            "○ 対象のユニット1体をスマッシュゾーンに置く",
            PutDest::Smash,
        ),
        (
            "○ 対象のユニット1体を持ち主のデッキの一番上に置く",
            PutDest::DeckTop,
        ),
        ("○ 対象のユニット1体をデッキの下に置く", PutDest::DeckBottom),
        (
            "○ 対象のユニット1体を持ち主のエネルギーゾーンに置く",
            PutDest::Energy,
        ),
        ("○ 対象のユニット1体を墓地に置く", PutDest::Graveyard),
        ("spell: put target unit into remove zone", PutDest::Remove),
        ("spell: put target unit on deck top", PutDest::DeckTop),
        ("spell: put target unit on deck bottom", PutDest::DeckBottom),
    ] {
        match actions(line).as_slice() {
            [Action::Put(s, d)] => {
                assert_eq!(*d, dest, "{line}");
                assert_eq!((s.noun, s.mode), (Noun::Unit, target(1)), "{line}");
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    match actions("spell: put target card in graveyard into smash zone").as_slice() {
        [Action::Put(s, PutDest::Smash)] => {
            assert_eq!(
                (s.noun, s.zone),
                (Noun::Card(None), Some(CardZone::Graveyard))
            )
        }
        other => panic!("{other:?}"),
    }
}

// Deck searches: filters and a card noun, then the shuffle.
#[test]
fn deck_search() {
    assert_eq!(
        actions(
            "○ デッキから〈フェアリー〉のユニットカードを1枚選んで手札に加え、デッキをシャッフルする。"
        ),
        [Action::Search(Search {
            filters: vec![Filter::Race("フェアリー".into())],
            kind: Some(CardKind::Unit),
            count: 1,
        })]
    );
    assert_eq!(
        actions("spell: search deck for 2 red cost<=3 cards. draw 1"),
        [
            Action::Search(Search {
                filters: vec![Filter::Colour(Colour::Red), Filter::CostAtMost(3)],
                kind: None,
                count: 2,
            }),
            Action::Draw(1)
        ]
    );
}

// Moves to an adjacent square.
#[test]
fn moves() {
    for line in [
        "○ 対象のあなたのユニット1体を隣接するスクエアに移動する。",
        "○ 対象のあなたのユニット1体を隣接するスクエアに移動させる",
        "spell: move target own unit to an adjacent square",
    ] {
        match actions(line).as_slice() {
            [Action::Move(s)] => assert_eq!(
                (s.side, s.noun, s.mode),
                (Some(Side::Own), Noun::Unit, target(1)),
                "{line}"
            ),
            other => panic!("{line}: {other:?}"),
        }
    }
}

// Putting a card from a zone into a square, frozen or released.
#[test]
fn put_into_a_square() {
    for (line, frozen) in [
        (
            "○ 対象のあなたの墓地にあるユニットカード1枚をフリーズ状態でスクエアに置く。",
            true,
        ),
        (
            "○ 対象のあなたの墓地にあるユニットカード1枚をリリース状態でスクエアに置く",
            false,
        ),
        (
            "spell: put target own unit card in graveyard into a square released",
            false,
        ),
        (
            "spell: put target own unit card in graveyard into square frozen",
            true,
        ),
    ] {
        match actions(line).as_slice() {
            [Action::PutIntoSquare(s, f)] => {
                assert_eq!(*f, frozen, "{line}");
                assert_eq!(s.zone, Some(CardZone::Graveyard), "{line}");
            }
            other => panic!("{line}: {other:?}"),
        }
    }
}

// Display gives the canonical Japanese spelling, which parses to the same line.
#[test]
fn canonical_spelling() {
    for (s, canonical) in [
        ("spell: draw 2", "○ カードを2枚引く。"),
        (
            "spell: deal 3000 damage to target opponent unit",
            "○ 対象の相手のユニット1体に3000ダメージを与える。",
        ),
        (
            "○ 対象のパワー4000以下の相手のユニット2体までを破壊する",
            "○ 対象の相手のパワー4000以下のユニット2体までを破壊する。",
        ),
        (
            "○ 対象の種族がフェアリーのユニット1体を手札に戻す",
            "○ 対象の〈フェアリー〉のユニット1体を持ち主の手札に戻す。",
        ),
        (
            "spell: return target own unit card in graveyard to hand",
            "○ 対象のあなたの墓地にあるユニットカード1枚を持ち主の手札に戻す。",
        ),
        (
            "spell: until end of turn, each own red unit power +1000. freeze target base",
            "○ ターン終了時まで、すべてのあなたの赤のユニットのパワーを+1000する。対象のベース1枚をフリーズする。",
        ),
        ("spell: discard 1", "○ 手札を1枚捨てる。"),
        ("○ あなたは手札を1枚選んで捨てる", "○ 手札を1枚捨てる。"),
        (
            "spell: opponent discards 2",
            "○ 相手は手札を2枚選んで捨てる。",
        ),
        ("○ 相手は手札を1枚捨てる", "○ 相手は手札を1枚選んで捨てる。"),
        (
            "spell: opponent discards 1 at random",
            "○ 相手は手札をランダムに1枚捨てる。",
        ),
        (
            "spell: discard 2 at random",
            "○ 手札をランダムに2枚捨てる。",
        ),
    ] {
        let l = parse_line(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(l.to_string(), canonical, "{s}");
        assert_eq!(
            parse_line(canonical).map(|c| c.to_string()).as_deref(),
            Ok(canonical)
        );
    }
}

#[test]
fn errors() {
    for (s, message) in [
        (
            "○ 対象のユニットを破壊する",
            "say how many targets: e.g. 1体 (one), 2体まで (up to two)",
        ),
        (
            "○ すべてのユニット2体を破壊する",
            "すべての (each) takes every match: remove the number",
        ),
        (
            "○ 対象の墓地にあるユニット1体を破壊する",
            "a card in a zone is a card: write ユニットカード (unit card) or カード",
        ),
        (
            "○ 対象のユニットカード1枚を手札に戻す",
            "say where the card is: e.g. あなたの墓地にあるユニットカード (own unit card in graveyard)",
        ),
        (
            "○ 対象のあなたの相手のユニット1体を破壊する",
            "a subject names whose cards only once",
        ),
        ("○ カードを99枚引く", "the number is too large (at most 60)"),
        ("○ 手札を61枚捨てる", "the number is too large (at most 60)"),
        ("○ 手札を0枚捨てる", "discard at least one card"),
        (
            "○ デッキからユニットを1枚選んで手札に加え、デッキをシャッフルする",
            "a card in the deck is a card: write ユニットカード (unit card) or カード",
        ),
        (
            "spell: search deck for 0 cards",
            "search for at least one card",
        ),
        (
            "○ 対象のユニットカード1枚をリムーブゾーンに置く",
            "say where the card is: e.g. あなたの墓地にあるユニットカード (own unit card in graveyard)",
        ),
        (
            "○ 相手は手札をランダムに1枚選んで捨てる",
            "ランダムに (at random) and 選んで (chosen) contradict: write one",
        ),
        (
            "○ 対象のユニット5体を破壊する",
            "the number is too large (at most 4)",
        ),
    ] {
        assert_eq!(err(s).to_string(), message, "{s}");
    }
    let e = err("○ 対象のユニット1体に3000ダメ");
    assert_eq!(
        e.to_string(),
        "expected ダメージを与える or の after '3000'"
    );
}

// R17.2: ◆ conditions as printed, each followed by 、 and an effect body; ● with a text body.
#[test]
fn trigger_conditions_and_activated_bodies() {
    use dzero_grammar::{AbilityLine, Arrival, ArrivalFrom, ArrivalHow, EffectSource, When};
    for (s, when) in [
        (
            "◆ このカードがスクエアに置かれた時、カードを1枚引く。",
            When::Arrives(Arrival::this(ArrivalFrom::Any, ArrivalHow::Any)),
        ),
        (
            "◆ このユニットが破壊された時、カードを1枚引く。",
            When::Destroyed,
        ),
        (
            "◆ このカードがスクエアから墓地に置かれた時、カードを1枚引く。",
            When::SquareToGraveyard,
        ),
        (
            "◆ このユニットがスマッシュした時、カードを1枚引く。",
            When::Smashes,
        ),
        (
            "◆ あなたのメインフェイズの開始時、カードを1枚引く。",
            When::YourMainPhase,
        ),
        (
            "trigger at the start of your main phase, draw 1",
            When::YourMainPhase,
        ),
        ("trigger when this unit smashes, draw 1", When::Smashes),
    ] {
        let Ok(Line::Ability(AbilityLine::Triggered(t))) = parse_line(s) else {
            panic!("{s}: {:?}", parse_line(s))
        };
        assert_eq!(t.when, when, "{s}");
        assert_eq!(t.body.steps[0].action, Action::Draw(1));
    }
    let s = "● [青1]《クイック》 対象のユニット1体を持ち主の手札に戻す。";
    let Ok(Line::Ability(AbilityLine::Activated(a))) = parse_line(s) else {
        panic!("{s}")
    };
    assert!(
        matches!(&a.effect, EffectSource::Text(b) if matches!(b.steps[0].action, Action::ReturnToHand(_)))
    );
    for (s, canonical) in [
        (
            "trigger when this card is put into a square, draw 1",
            "◆ このカードがスクエアに置かれた時、カードを1枚引く。",
        ),
        (
            "activated [U1] <quick> return target unit to hand",
            "● [青1]《クイック》 対象のユニット1体を持ち主の手札に戻す。",
        ),
        (
            "graveyard: trigger at the start of your main phase, draw 1",
            "墓地効果『◆ あなたのメインフェイズの開始時、カードを1枚引く。』",
        ),
    ] {
        let l = parse_line(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(l.to_string(), canonical);
        assert_eq!(
            parse_line(canonical).map(|c| c.to_string()).as_deref(),
            Ok(canonical)
        );
    }
    // The old form still points at Lua.
    assert!(matches!(
        parse_line("◆ lua:x"),
        Ok(Line::Ability(AbilityLine::Scripted(_)))
    ));
}

#[test]
fn trigger_errors() {
    for (s, message) in [
        (
            "◆ このカードが手札に置かれた時、カードを1枚引く。",
            "expected 相手のカードの効果で, このカードと同じラインに, 手札から|プランゾーンから|手札かプランゾーンから|墓地から|スクエア以外から, プレイされて, (プレイ以外で) or スクエアに after 'このカードが'",
        ),
        (
            "◆ このユニットが破壊された時 カードを1枚引く。",
            "expected 、 or か after 'このユニットが破壊された時'",
        ),
    ] {
        assert_eq!(err(s).to_string(), message, "{s}");
    }
}

// R17.11, A24: the printed 盟約 wording; its wrapper gives the zone and the timing.
#[test]
fn covenant_in_its_printed_wrapper() {
    use dzero_core::{Ability, Timing, ZoneSet};
    use dzero_grammar::{CompileCtx, Compiled, NoScripts, ZoneName, compile};
    let s = "●プランゾーン効果『盟約―<「西行寺 幽々子」+「魂魄 妖夢」>[黒1 青1 無1]』《クイック》";
    let l = parse_line(s).unwrap_or_else(|e| panic!("{e}"));
    let Line::Covenant(c) = &l else {
        panic!("{l:?}")
    };
    let w = c.wrapper.unwrap_or_else(|| panic!("no wrapper"));
    assert_eq!(w.zone, ZoneName::Plan);
    assert_eq!(w.timing, Timing::Quick);
    assert_eq!(
        (c.a.text.as_str(), c.b.text.as_str()),
        ("西行寺 幽々子", "魂魄 妖夢")
    );
    assert_eq!(l.to_string(), s);
    assert_eq!(
        parse_line("● graveyard 『covenant-<\"A\"+\"B\">[C1]』 <normal>")
            .map(|l| l.to_string())
            .as_deref(),
        Ok("●墓地効果『盟約―<「A」+「B」>[無1]』《ノーマル》")
    );
    // Printed timing normal, wrapper quick: the wrapper wins; zones = the plan zone.
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Normal);
    let Ok(Compiled::Ability(Ability::Activated(a))) = compile(&l, &ctx, &mut NoScripts) else {
        panic!("not a ●")
    };
    assert_eq!(a.zones, ZoneSet::of(dzero_core::Zone::Plan));
    assert_eq!(a.timing, Timing::Quick);
    assert_eq!(a.card_costs.len(), 2);
    let strategy = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    assert!(compile(&l, &strategy, &mut NoScripts).is_err());
}
