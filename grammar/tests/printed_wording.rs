//! Lines written exactly as real cards print them (docs/dsl.md "Printed wording"): each
//! printed spelling reads as the DSL's own spelling of the same ability (the canonical text of
//! both is the same), and compiles.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{
    Arrival, ArrivalFrom, ArrivalHow, CompileCtx, Line, NoScripts, When, compile, parse_line,
};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// `printed` parses, compiles on a card of `kind`, and means what `plain` means.
fn same(printed: &str, plain: &str, kind: CardKind) {
    let (p, q) = (line(printed), line(plain));
    assert_eq!(p.to_string(), q.to_string(), "{printed:?} vs {plain:?}");
    let ctx = CompileCtx::new(kind, Timing::Quick);
    if let Err(e) = compile(&p, &ctx, &mut NoScripts) {
        panic!("{printed:?} does not compile: {e}");
    }
}

#[test]
fn choose_then_verb_as_printed() {
    // 博麗 霊夢 (R7.4: a target is chosen on use)
    same(
        "●[白1 このカードをフリーズする]《クイック》あなたはバトルスペースにある対象のユニットを1枚選び、フリーズする。",
        "● [白1 フリーズ]《クイック》 あなたは対象のユニットを1枚選び、フリーズする。",
        CardKind::Unit,
    );
    for (printed, plain) in [
        (
            "○ あなたはスクエアにある対象のユニットを1枚選び、破壊する。",
            "○ 対象のユニット1体を破壊する。",
        ),
        (
            "○ あなたは対象のユニットを1枚選び、持ち主の手札に加える。",
            "○ 対象のユニット1体を持ち主の手札に戻す。",
        ),
        (
            "○ あなたは対象のユニットを1枚選び、持ち主の墓地に置く。",
            "○ 対象のユニット1体を持ち主の墓地に置く。",
        ),
        (
            "○ あなたは対象のユニットを1枚選び、ゲームから取り除く。",
            "○ 対象のユニット1体をゲームから除外する。",
        ),
    ] {
        let (p, q) = (line(printed), line(plain));
        let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
        assert!(compile(&p, &ctx, &mut NoScripts).is_ok(), "{printed:?}");
        assert!(compile(&q, &ctx, &mut NoScripts).is_ok(), "{plain:?}");
    }
}

#[test]
fn damage_as_printed() {
    same(
        "○ 対象のユニット1体に3000のダメージを与える。",
        "○ 対象のユニット1体に3000ダメージを与える。",
        CardKind::Strategy,
    );
    same(
        "○ 対象のユニット1枚に6000ダメージ。",
        "○ 対象のユニット1体に6000ダメージを与える。",
        CardKind::Strategy,
    );
    // 紅符「スカーレットシュート」 (R9.6: played from the plan zone)
    same(
        "○ 対象のユニット1枚に6000ダメージ。プランゾーンからプレイした場合は代わりに8000ダメージ。",
        "○ 対象のユニット1体に6000ダメージを与える。プランゾーンからプレイした場合は代わりに8000ダメージを与える。",
        CardKind::Strategy,
    );
}

#[test]
fn zones_and_groups_as_printed() {
    same(
        "○ 対象のユニット1体をゲームから取り除く。",
        "○ 対象のユニット1体をゲームから除外する。",
        CardKind::Strategy,
    );
    same(
        "○ 対象のユニット1体を持ち主の手札に加える。",
        "○ 対象のユニット1体を持ち主の手札に戻す。",
        CardKind::Strategy,
    );
    same(
        "○ 全ての相手のユニットに1000ダメージを与える。",
        "○ すべての相手のユニットに1000ダメージを与える。",
        CardKind::Strategy,
    );
    same(
        "○ 相手のユニット全てに1000ダメージを与える。",
        "○ 相手のユニットすべてに1000ダメージを与える。",
        CardKind::Strategy,
    );
    same(
        "○ バトルスペースにある対象のユニット1体を破壊する。",
        "○ 対象のユニット1体を破壊する。",
        CardKind::Strategy,
    );
}

#[test]
fn replacement_printed_with_ni_saishi() {
    // R18.5: the remove zone; 「…に際し、かわりに除外する」
    same(
        "★ このカードが墓地に置かれるに際し、かわりに除外する。",
        "★ このカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。",
        CardKind::Unit,
    );
    same(
        "★ このカードが破壊されるに際し、かわりにゲームから取り除く。",
        "★ このカードが破壊される場合、かわりにリムーブゾーンに置く。",
        CardKind::Unit,
    );
}

#[test]
fn untargetable_by_any_card() {
    // R7.4: a card that is no legal target
    same(
        "★このカードは対象にならない。",
        "★ このカードはカードの対象にならない。",
        CardKind::Unit,
    );
    same(
        "★このカードは相手のカードの対象にならない。",
        "★ このカードは相手のカードの対象にならない。",
        CardKind::Unit,
    );
}

#[test]
fn keywords_as_printed() {
    // R17.10: 隊列召喚 with the printed dash and its ☆
    same("隊列召喚−縦列[無2]", "隊列召喚―縦列[無2]", CardKind::Unit);
    same("☆隊列召喚−縦列[無2]", "隊列召喚―縦列[無2]", CardKind::Unit);
    // R17.8, R17.7: the keywords spelled out as the rulebook does
    same(
        "★このカードは第一バトルステップでダメージを与える。",
        "加速",
        CardKind::Unit,
    );
    same(
        "★このカードがプレイされてスクエアにフリーズ状態で置かれるに際し、代わりにリリース状態で置く。",
        "速攻",
        CardKind::Unit,
    );
    // R17.11: 盟約 names printed without quotes
    same(
        "●プランゾーン効果『盟約-<西行寺 幽々子+魂魄 妖夢>[黒1青1無1]』《クイック》",
        "●プランゾーン効果『盟約―<「西行寺 幽々子」+「魂魄 妖夢」>[黒1 青1 無1]』《クイック》",
        CardKind::Unit,
    );
}

#[test]
fn reminder_parentheses_are_ignored() {
    same(
        "速攻（このカードはリリース状態でスクエアに置かれる。）",
        "速攻",
        CardKind::Unit,
    );
    same(
        "★ パワー+1000 (中央エリア)（創作）",
        "★ パワー+1000 (中央エリア)",
        CardKind::Unit,
    );
}

#[test]
fn triggers_as_printed() {
    // スパイク・ガールズ, printed without ◆ (R17.2)
    same(
        "このカードがスクエアから墓地に置かれた時、あなたは相手の手札にあるカードをランダムに1枚選び、持ち主の墓地に置く。",
        "◆ このカードがスクエアから墓地に置かれた時、相手は手札をランダムに1枚捨てる。",
        CardKind::Unit,
    );
    // R9.6: put from the plan zone other than by playing it
    let l =
        line("◆ このカードがプランゾーンから(プレイ以外で)スクエアに置かれた時、カードを1枚引く。");
    let Line::Ability(dzero_grammar::AbilityLine::Triggered(t)) = &l else {
        panic!("{l:?}")
    };
    assert_eq!(
        t.when,
        When::Arrives(Arrival::this(ArrivalFrom::Plan, ArrivalHow::NotPlayed))
    );
    same(
        "◆このカードがプランゾーンから（プレイ以外で）置かれた時、カードを1枚引く。",
        "◆ このカードがプランゾーンから(プレイ以外で)スクエアに置かれた時、カードを1枚引く。",
        CardKind::Unit,
    );
}

#[test]
fn misspelt_words_get_a_suggestion() {
    let e = parse_line("速効").unwrap_err();
    assert_eq!(e.suggestion.as_deref(), Some("速攻"), "{e:?}");
    assert_eq!(e.help().as_deref(), Some("did you mean '速攻'?"));
    let e = parse_line("隊列召喚―縦列き[無2]").unwrap_err();
    assert_eq!(e.suggestion.as_deref(), Some("縦列"), "{e:?}");
    assert_eq!(
        parse_line("◆ まったく知らない言葉").unwrap_err().suggestion,
        None
    );
}

// R1.12: a line is a column of squares; 「このカードと同じラインにある」 keeps the targets in the
// ability's card's line, written before the subject or inside it.
#[test]
fn same_line_targets() {
    same(
        "●[赤1]《クイック》あなたはこのカードと同じラインのスクエアにある対象のユニットを1枚選び、フリーズする。",
        "● [赤1]《クイック》 対象のこのカードと同じラインにあるユニット1体をフリーズする。",
        CardKind::Unit,
    );
    assert_eq!(
        line("◆ このカードがスクエアに置かれた時、対象のこのカードと同じラインにある相手のユニット1体に1000ダメージを与える。").to_string(),
        "◆ このカードがスクエアに置かれた時、対象の相手のこのカードと同じラインにあるユニット1体に1000ダメージを与える。"
    );
}

// 他の in a ★ group or a subject: every card but the ability's own.
#[test]
fn other_excludes_this_card() {
    same(
        "★他のあなたのユニットのパワー+1000",
        "★ 他のあなたのユニットのパワー+1000",
        CardKind::Unit,
    );
    assert!(
        line("★他のあなたのユニットのパワー+1000")
            .to_string()
            .contains("他の")
    );
    same(
        "★ あなたの他のユニットのパワー+1000",
        "★ あなたの他のユニットのパワー+1000",
        CardKind::Unit,
    );
    same(
        "○ すべての他のユニットに1000ダメージを与える。",
        "○ すべての他のユニットに1000ダメージを与える。",
        CardKind::Strategy,
    );
}

#[test]
fn deck_top_to_a_zone_as_printed() {
    // R1.7: the deck's top card is the one a draw takes; energy and smash cards arrive released
    // (R5.2). 誕生の宴 prints the first line.
    for (printed, plain) in [
        (
            "○ あなたは自分の山札の一番上のカードを、持ち主のエネルギーゾーンにリリース状態で置く。",
            "○ あなたの山札の上から1枚をエネルギーゾーンに置く。",
        ),
        (
            "○ あなたの山札の上から2枚のカードをスマッシュゾーンに置く。",
            "○ あなたの山札の上から2枚をスマッシュゾーンに置く。",
        ),
        (
            "○ デッキの上から1枚をゲームから取り除く。",
            "○ あなたの山札の上から1枚をリムーブゾーンに置く。",
        ),
        ("○ あなたの山札の上から3枚を墓地に置く。", "○ mill 3"),
    ] {
        same(printed, plain, CardKind::Strategy);
    }
}
