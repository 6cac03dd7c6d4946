//! Sentences choosing beyond the cards in squares: a card of your hand, a target
//! player, a target battle square (R7.4: players and squares are targets too), a target chosen
//! with 「選び」 among the units adjacent to this card.

mod support;

use dzero_core::{CardKind, TargetKind, Timing};
use dzero_grammar::{
    Action, CompileCtx, Compiled, HandPut, Line, NoScripts, PutDest, compile_text, parse_line,
};

fn spell(line: &str) -> dzero_core::Spell {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    match compile_text(line, &ctx, &mut NoScripts) {
        Ok(Compiled::Spell(s)) => s,
        Ok(_) => panic!("{line}: not ○"),
        Err(e) => panic!("{line}: {e}"),
    }
}

fn round_trip(written: &str, canonical: &str) {
    let l = parse_line(written).map(|l| l.to_string());
    assert_eq!(l.as_deref(), Ok(canonical), "{written}");
    let again = parse_line(canonical).map(|l| l.to_string());
    assert_eq!(again.as_deref(), Ok(canonical));
}

// 野生の呼び声: no target; the controller chooses on resolution (R7.6).
#[test]
fn r7_6_a_card_of_your_hand_into_a_zone() {
    let line = "○ あなたの手札のカード1枚を選び、エネルギーゾーンに置く。";
    let Ok(Line::Spell(s)) = parse_line(line) else {
        panic!("{line}")
    };
    assert_eq!(
        s.body.steps[0].action,
        Action::PutFromHand(HandPut {
            kind: None,
            count: 1,
            dest: PutDest::Energy
        })
    );
    assert!(spell(line).target.is_none());
    round_trip(line, line);
    round_trip("spell: put 1 card from hand into energy zone", line);
}

// R7.4: 強制廃棄 targets a player; 地割れ a battle square.
#[test]
fn r7_4_player_and_square_targets() {
    let discard = "○ 対象のプレイヤーは自分の手札を1枚選び、捨てる。";
    let t = spell(discard).target.map(|t| t.kind);
    assert!(matches!(t, Some(TargetKind::Player)));
    round_trip(discard, discard);
    round_trip("spell: target player discards 1", discard);
    let fissure = "○ 対象のバトルスクエアにいる相手のユニットに2000ダメージを与える。";
    let t = spell(fissure).target.map(|t| t.kind);
    assert!(matches!(t, Some(TargetKind::Square)));
    round_trip(fissure, fissure);
    round_trip(
        "spell: deal 2000 damage to opponent unit in target battle square",
        fissure,
    );
    // One target list per effect (R7.4).
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    let e = compile_text(
        "○ 対象のプレイヤーは自分の手札を1枚選び、捨てる。対象のユニット1体を破壊する。",
        &ctx,
        &mut NoScripts,
    )
    .err()
    .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("only one sentence of an effect can choose targets (R7.4); write this effect in Lua")
    );
}

// R1.13, R7.4: 西行寺 幽々子. 「…対象の…ユニットを1枚まで選び、破壊する」: up to one target, in a
// square adjacent to this card's square.
#[test]
fn r1_13_adjacent_targets_chosen_up_to_one() {
    use dzero_core::{Ability, Loc, Player, Query};
    let line = "◆このカードがスクエア以外からスクエアに置かれた時、あなたはこのカードと隣接するスクエアにある対象の使用コスト7以下のユニットを1枚まで選び、破壊する。";
    let canonical = "◆ このカードがスクエア以外からスクエアに置かれた時、対象のこのカードと隣接するスクエアにある使用コストが7以下のユニット1体までを破壊する。";
    round_trip(line, canonical);
    round_trip(
        "trigger when this card is put into a square from outside the squares, destroy up to 1 target adjacent cost<=7 unit",
        canonical,
    );
    let mut t = support::Table::new();
    let def = t.def(support::unit("幽々子", 6500, &[line]));
    let me = t.add(Player::One, def, Loc::Square(support::sq(1, 1)));
    let near = t.filler_at(Player::Two, support::sq(2, 1));
    let far = t.filler_at(Player::Two, support::sq(2, 2));
    let (db, g) = t.build();
    let Some(Ability::Triggered(tr)) = db.get(def).and_then(|d| d.abilities.first()) else {
        panic!("no ◆")
    };
    let spec = tr.target.as_ref().unwrap_or_else(|| panic!("no target"));
    assert_eq!((spec.count, spec.min), (1, 0));
    let filter = spec.filter.as_ref().unwrap_or_else(|| panic!("no filter"));
    let v = Query::new(&g, &db);
    assert!(filter(&v, me, near));
    assert!(!filter(&v, me, far));
}
