//! Effect-level conditions: 「〜なら…。そうでなければ…」 on the target's state and
//! 「プランゾーンからプレイした場合は代わりに…」 on how the strategy was played (R9.6), played in
//! real games.

mod support;

use dzero_core::{Action as Act, CardDef, CardKind, Game, Loc, Player, Timing};
use dzero_grammar::{
    Action, Bare, CompileCtx, Compiled, Filter, Line, NoScripts, Until, compile_text, parse_line,
};
use support::{Table, act, cast, sq};

const COLD: &str =
    "○ 対象のユニットの使用コストが2以下なら破壊する。そうでなければターン終了時までパワー−2000。";
const SHOOT: &str = "○ 対象のユニット1体に6000ダメージを与える。プランゾーンからプレイした場合は代わりに8000ダメージを与える。";

fn strategy(line: &str) -> CardDef {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    match compile_text(line, &ctx, &mut NoScripts) {
        Ok(Compiled::Spell(s)) => CardDef::strategy("text", s),
        other => panic!("{line}: {other:?}"),
    }
}

/// Plays `line` from One's hand at a unit of Two with use cost `cost` and power 9000; returns
/// the game after it resolved and the unit.
fn cast_at(line: &str, cost: u8) -> (Game, dzero_core::CardDb, dzero_core::CardId) {
    let mut t = Table::new();
    let spell = t.def(strategy(line));
    let unit = t.def(CardDef::unit("的", 9000, 1).cost(dzero_core::Cost::colourless(cost)));
    let card = t.add(Player::One, spell, Loc::Hand);
    let foe = t.add(Player::Two, unit, Loc::Square(sq(2, 1)));
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(card, &[foe]));
    act(&mut g, &db, Act::Pass);
    act(&mut g, &db, Act::Pass);
    (g, db, foe)
}

// R7.5, R16: the condition reads the target's current use cost on resolution.
#[test]
fn r16_condition_on_the_target() {
    let (g, _, foe) = cast_at(COLD, 2);
    assert_eq!(g.location(foe), Some(Loc::Graveyard));
    let (g, db, foe) = cast_at(COLD, 3);
    assert_eq!(g.location(foe), Some(Loc::Square(sq(2, 1))));
    assert_eq!(dzero_core::Query::new(&g, &db).power(foe), 7000);
    let Ok(Line::Spell(s)) = parse_line(COLD) else {
        panic!("{COLD}")
    };
    let Action::IfTarget(c) = &s.body.steps[0].action else {
        panic!("{:?}", s.body.steps[0].action)
    };
    assert_eq!(c.test, Filter::CostAtMost(2));
    assert_eq!(
        (c.then, c.otherwise),
        (
            Bare::Destroy,
            Some(Bare::Boost(
                Until::EndOfTurn,
                dzero_grammar::Stat::Power,
                -2000
            ))
        )
    );
}

// R9.6: played from the hand, the first sentence; the plan-zone case is the scenario
// touhou-sample/tests/scarlet_shoot.toml.
#[test]
fn r9_6_from_the_hand_the_first_sentence() {
    let (g, _, foe) = cast_at(SHOOT, 1);
    assert_eq!(g.card_state(foe).map(|s| s.damage), Some(6000));
}

#[test]
fn conditions_round_trip() {
    for (written, canonical) in [
        (
            COLD,
            "○ 対象のユニット1体の使用コストが2以下なら破壊する。そうでなければターン終了時までパワーを-2000する。",
        ),
        (
            "spell: if target unit cost<=2, destroy it. otherwise, until end of turn, power -2000",
            "○ 対象のユニット1体の使用コストが2以下なら破壊する。そうでなければターン終了時までパワーを-2000する。",
        ),
        (SHOOT, SHOOT),
        (
            "spell: deal 6000 damage to target unit. if played from the plan zone, instead deal 8000 damage",
            SHOOT,
        ),
        (
            "○ 対象のユニット1体のパワーが3000以下ならフリーズする。",
            "○ 対象のユニット1体のパワーが3000以下ならフリーズする。",
        ),
    ] {
        let l = parse_line(written).map(|l| l.to_string());
        assert_eq!(l.as_deref(), Ok(canonical), "{written}");
        let again = parse_line(canonical).map(|l| l.to_string());
        assert_eq!(again.as_deref(), Ok(canonical));
    }
}

#[test]
fn condition_errors() {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    for (s, message) in [
        (
            "○ プランゾーンからプレイした場合は代わりに8000ダメージを与える。",
            "代わりに (instead) replaces the sentence before, which names what it acts on",
        ),
        (
            "○ 対象のユニット2体の使用コストが2以下なら破壊する。",
            "〜なら reads one target: 対象の…1体",
        ),
        (
            "○ 対象のベース1枚のパワーが2000以下なら2000ダメージを与える。",
            "damage is dealt to units (ユニット)",
        ),
    ] {
        let e = compile_text(s, &ctx, &mut NoScripts)
            .err()
            .map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some(message), "{s}");
    }
}
