//! ★ lines about other cards and rules, ☆ lines and their board conditions: every
//! phrase parses to the expected syntax tree, its ASCII alias to the same one, and its canonical
//! spelling back to itself.

use dzero_core::{Area, CardKind, Colour, DamageKind, Side, Timing};
use dzero_grammar::{
    AbilityLine, BoardCondition, CompileCtx, Compiled, ConditionKind, CostChange, DslError, Filter,
    Group, GroupPlace, Line, NoScripts, Noun, PlayKind, PlayLine, Stat, StaticKind, StaticLine,
    ZoneName, compile_text, parse_line,
};

fn line(s: &str) -> Line {
    match parse_line(s) {
        Ok(l) => l,
        Err(e) => panic!("{s:?}: {e} at {}", e.span),
    }
}

fn err(s: &str) -> DslError {
    match parse_line(s) {
        Ok(l) => panic!("{s:?} parsed as {l:?}"),
        Err(e) => e,
    }
}

fn st(s: &str) -> StaticLine {
    match line(s) {
        Line::Ability(AbilityLine::Static(x)) => x,
        other => panic!("{s:?}: {other:?}"),
    }
}

fn play(s: &str) -> PlayLine {
    match line(s) {
        Line::Ability(AbilityLine::Play(x)) => x,
        other => panic!("{s:?}: {other:?}"),
    }
}

/// The kind of a ★ line with spans cleared from its group.
fn kind(s: &str) -> StaticKind {
    let mut k = st(s).kind;
    match &mut k {
        StaticKind::Stat(g, ..)
        | StaticKind::UseCost(g, _)
        | StaticKind::Damage(g, _)
        | StaticKind::NoMoveNextToThis(g) => g.span = Default::default(),
        _ => {}
    }
    k
}

fn units(place: Option<GroupPlace>, side: Option<Side>, filters: Vec<Filter>) -> Group {
    Group {
        span: Default::default(),
        place,
        side,
        filters,
        noun: Noun::Unit,
    }
}

/// `a` and `b` spell the same line: the same canonical spelling, which is `canonical` and
/// parses back to itself.
fn same(a: &str, b: &str, canonical: &str) {
    assert_eq!(line(a).to_string(), canonical, "{a:?}");
    assert_eq!(line(b).to_string(), canonical, "{b:?}");
    assert_eq!(line(canonical).to_string(), canonical);
}

// R16, R1.11, R1.12: characteristics of other cards, with side, race, colour and place.
#[test]
fn characteristics_of_other_cards() {
    assert_eq!(
        kind("★ このベースと同じラインにある相手のユニットのパワー-1000。"),
        StaticKind::Stat(
            units(Some(GroupPlace::SameLine), Some(Side::Opponent), vec![]),
            Stat::Power,
            -1000
        )
    );
    assert_eq!(
        kind("★ 同じラインのあなたのユニットのパワー+1000"),
        StaticKind::Stat(
            units(Some(GroupPlace::SameLine), Some(Side::Own), vec![]),
            Stat::Power,
            1000
        )
    );
    assert_eq!(
        kind("★ あなたのメイデンのユニットのパワー+1000。"),
        StaticKind::Stat(
            units(None, Some(Side::Own), vec![Filter::Race("メイデン".into())]),
            Stat::Power,
            1000
        )
    );
    assert_eq!(
        kind("★ 敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1。"),
        StaticKind::Stat(
            units(
                Some(GroupPlace::Area(Area::Enemy)),
                Some(Side::Own),
                vec![Filter::Colour(Colour::Red)]
            ),
            Stat::Smash,
            1
        )
    );
    assert_eq!(
        kind("★ あなたのユニットのパワー+500。"),
        StaticKind::Stat(units(None, Some(Side::Own), vec![]), Stat::Power, 500)
    );
    let Line::Zone(z) = line("墓地効果『★ あなたのユニットのパワー+500。』")
    else {
        panic!("zone effect")
    };
    assert_eq!(z.zone, ZoneName::Graveyard);
    assert!(matches!(z.ability, AbilityLine::Static(_)));
    same(
        "★ このベースと同じラインにある相手のユニットのパワー-1000。",
        "static opponent units in this line power -1000",
        "★ 同じラインにある相手のユニットのパワー-1000。",
    );
    same(
        "★あなたの〈メイデン〉のユニットのパワー＋１０００",
        "* own 〈メイデン〉 units power +1000",
        "★ あなたの〈メイデン〉のユニットのパワー+1000。",
    );
    same(
        "★ 敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1。",
        "* own red units in enemy area smash +1",
        "★ 敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1。",
    );
    same(
        "墓地効果『★ あなたのユニットのパワー+500。』",
        "graveyard: * own units power +500",
        "墓地効果『★ あなたのユニットのパワー+500。』",
    );
    // The existing modifier of the card itself is unchanged.
    assert!(matches!(
        line("★ パワー+1000 (中央エリア)"),
        Line::Ability(AbilityLine::Modifier(_))
    ));
}

// R5, R17.4: use costs of other cards (★) and of this card (☆, with a condition).
#[test]
fn cost_changes() {
    let less = |n: i32| CostChange {
        colour: None,
        delta: -n,
    };
    assert_eq!(
        kind("★ 相手のユニットの使用コストは無1少なくなる。"),
        StaticKind::UseCost(units(None, Some(Side::Opponent), vec![]), less(1))
    );
    same(
        "★ 相手のユニットの使用コストは無1少なくなる。",
        "* opponent units cost C1 less",
        "★ 相手のユニットの使用コストは無1少なくなる。",
    );
    same(
        "★ あなたのユニットの使用コストは赤2多くなる",
        "* own units cost R2 more",
        "★ あなたのユニットの使用コストは赤2多くなる。",
    );
    let p = play(
        "☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。",
    );
    assert_eq!(p.kind, PlayKind::OwnCost(less(1)));
    let Some(BoardCondition {
        kind: ConditionKind::Exists(g),
        ..
    }) = p.condition
    else {
        panic!("condition")
    };
    assert_eq!(g.side, Some(Side::Own));
    assert_eq!(g.filters, vec![Filter::Colour(Colour::White)]);
    same(
        "☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。",
        "play: if there is an own white unit, this card costs C1 less",
        "☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。",
    );
    same(
        "☆ このカードの使用コストは無2少なくなる",
        "play: this card costs C2 less",
        "☆ このカードの使用コストは無2少なくなる。",
    );
}

// R11.9 (damage), R7.4 (targets): damage changes and protection.
#[test]
fn damage_and_protection() {
    assert_eq!(
        kind("★ このベースと同じラインにあるあなたのユニットが受けるダメージを-2000する。"),
        StaticKind::Damage(
            units(Some(GroupPlace::SameLine), Some(Side::Own), vec![]),
            -2000
        )
    );
    same(
        "★ このベースと同じラインにあるあなたのユニットが受けるダメージを-2000する。",
        "* own units in this line take 2000 less damage",
        "★ 同じラインにあるあなたのユニットが受けるダメージを-2000する。",
    );
    assert_eq!(
        kind("★ このカードはストラテジーから受けるダメージを受けない。"),
        StaticKind::NoDamageFrom(DamageKind::Strategy)
    );
    same(
        "★ このカードはストラテジーから受けるダメージを受けない。",
        "* this card takes no damage from strategies",
        "★ このカードはストラテジーから受けるダメージを受けない。",
    );
    assert_eq!(
        kind("★ このカードは相手のカードの対象にならない。"),
        StaticKind::Untargetable(Side::Opponent)
    );
    assert_eq!(
        kind("★このカードはカードの対象にならない"),
        StaticKind::Untargetable(Side::Any)
    );
    same(
        "★このカードは相手のカードの対象にならない。",
        "* this card can't be targeted by opponent cards",
        "★ このカードは相手のカードの対象にならない。",
    );
}

// R16.1, R16.2: prohibitions and permissions, timing, release and loss conditions.
#[test]
fn permissions_and_prohibitions() {
    assert_eq!(
        kind("★ 相手のユニットはこのカードに隣接するスクエアに移動できない。"),
        StaticKind::NoMoveNextToThis(units(None, Some(Side::Opponent), vec![]))
    );
    same(
        "★ 相手のユニットはこのカードに隣接するスクエアに移動できない。",
        "* opponent units can't move next to this card",
        "★ 相手のユニットはこのカードに隣接するスクエアに移動できない。",
    );
    assert_eq!(
        kind("★ 相手は中央エリアにユニットをプレイできない。"),
        StaticKind::NoPlay(Side::Opponent, Area::Centre)
    );
    same(
        "★ 相手は中央エリアにユニットをプレイできない。",
        "* opponent can't play units in centre area",
        "★ 相手は中央エリアにユニットをプレイできない。",
    );
    assert_eq!(
        kind("★ このカードは斜めに移動できる。"),
        StaticKind::MoveDiagonally
    );
    same(
        "★ このカードは斜めに移動できる",
        "* this card can move diagonally",
        "★ このカードは斜めに移動できる。",
    );
    assert_eq!(
        kind("★ このカードは自軍エリアからスマッシュできる。"),
        StaticKind::SmashFromOwnArea
    );
    same(
        "★ このカードは自軍エリアからスマッシュできる",
        "* this card can smash from own area",
        "★ このカードは自軍エリアからスマッシュできる。",
    );
    assert_eq!(
        kind("★ このカードはバトルタイミングでプレイできる。"),
        StaticKind::PlayTiming(Timing::Battle)
    );
    same(
        "★ このカードはバトルタイミングでプレイできる。",
        "* this card can be played at battle timing",
        "★ このカードはバトルタイミングでプレイできる。",
    );
    let youma = "★ このカードがスクエアにある限り、相手のエネルギーゾーンにあるユニットのカードは、相手のリリースフェイズにリリースされない。";
    let s = st(youma);
    assert!(s.while_in_square);
    assert_eq!(
        s.kind,
        StaticKind::NoRelease(Side::Opponent, Some(CardKind::Unit))
    );
    same(
        youma,
        "* while this card is in a square, opponent unit cards in energy zone aren't released in their release phase",
        youma,
    );
    assert_eq!(
        kind("★ あなたはスマッシュゾーンのカードが10枚になるまで敗北しない。"),
        StaticKind::SmashLoss(10)
    );
    same(
        "★ あなたはスマッシュゾーンのカードが10枚になるまで敗北しない。",
        "* you don't lose until 10 cards in smash zone",
        "★ あなたはスマッシュゾーンのカードが10枚になるまで敗北しない。",
    );
}

// R17.4: ☆ play methods at another timing, with a board condition.
#[test]
fn play_timing_methods() {
    let p = play("☆ このカードはバトルタイミングでもプレイできる。");
    assert_eq!(
        p.kind,
        PlayKind::Timing {
            timing: Timing::Battle,
            also: true
        }
    );
    assert_eq!(p.condition, None);
    same(
        "☆ このカードはバトルタイミングでもプレイできる。",
        "play: this card can also be played at battle timing",
        "☆ このカードはバトルタイミングでもプレイできる。",
    );
    let p = play("☆ あなたのユニットが3体以上なら、このカードはバトルタイミングでプレイできる。");
    assert_eq!(
        p.kind,
        PlayKind::Timing {
            timing: Timing::Battle,
            also: false
        }
    );
    let Some(BoardCondition {
        kind: ConditionKind::AtLeast(g, 3),
        ..
    }) = p.condition
    else {
        panic!("condition")
    };
    assert_eq!(g.side, Some(Side::Own));
    same(
        "☆ あなたのユニットが3体以上なら、このカードはバトルタイミングでプレイできる。",
        "play: if there are 3 or more own units, this card can be played at battle timing",
        "☆ あなたのユニットが3体以上なら、このカードはバトルタイミングでプレイできる。",
    );
}

#[test]
fn errors_say_what_was_expected() {
    let e = err("★ 相手のユニットのパワー1000");
    assert_eq!(
        e.to_string(),
        "expected a sign +|- after '相手のユニットのパワー'"
    );
    let e = err("★ 相手のユニットの使用コストは無X少なくなる");
    assert_eq!(
        e.to_string(),
        "a cost changes by a number of energy, not X: e.g. 無1"
    );
    let e = err("★ 相手のベースのパワー+1000");
    assert_eq!(
        e.to_string(),
        "a ★ or condition about other cards names units: write ユニット (units)"
    );
    let e = err(
        "★ このカードがスクエアにある限り、相手のエネルギーゾーンにあるユニットのカードは、あなたのリリースフェイズにリリースされない",
    );
    assert_eq!(
        e.to_string(),
        "cards are released in their owner's release phase (R4.2): name the same player twice"
    );
    let e = err("☆ あなたのユニットが0体以上なら、このカードはバトルタイミングでプレイできる");
    assert_eq!(e.to_string(), "0 or more always holds: write at least 1");
    let e = err("★ このカードは斜めに移動");
    assert_eq!(
        e.to_string(),
        "expected ストラテジー, カードの対象にならない, 斜めに移動できる, 自軍エリアからスマッシュできる, a timing バトルタイミング|クイックタイミング|ノーマルタイミング or 中央エリアのスクエアにある限り after 'このカードは'"
    );
}

fn compile_err(s: &str, kind: CardKind) -> String {
    let ctx = CompileCtx::new(kind, Timing::Quick);
    match compile_text(s, &ctx, &mut NoScripts) {
        Ok(c) => panic!("{s:?} compiled: {c:?}"),
        Err(e) => {
            assert!(
                e.span.end <= s.len() && e.span.start < e.span.end,
                "{s:?}: {e:?}"
            );
            e.to_string()
        }
    }
}

// R17.4, R17.9: what compiles to nothing sensible is refused, with the line's span.
#[test]
fn compile_errors() {
    assert_eq!(
        compile_err(
            "墓地効果『★ 同じラインのあなたのユニットのパワー+1000』",
            CardKind::Unit
        ),
        "a card in the graveyard is in no line, so 同じライン never holds"
    );
    assert_eq!(
        compile_err(
            "墓地効果『★ このカードがスクエアにある限り、あなたのユニットのパワー+1000』",
            CardKind::Unit
        ),
        "このカードがスクエアにある限り contradicts the zone effect: a card in that zone is in no square"
    );
    assert_eq!(
        compile_err(
            "手札効果『☆ このカードはバトルタイミングでもプレイできる』",
            CardKind::Unit
        ),
        "☆ works from every zone (R17.4): write it without a zone effect"
    );
    assert_eq!(
        compile_err(
            "墓地効果『★ 相手のユニットはこのカードに隣接するスクエアに移動できない』",
            CardKind::Unit
        ),
        "a card in a zone is in no square, so no square is next to it"
    );
    let ctx = CompileCtx::new(CardKind::Base, Timing::Quick);
    assert!(matches!(
        compile_text(
            "★ このベースと同じラインにある相手のユニットのパワー-1000。",
            &ctx,
            &mut NoScripts
        ),
        Ok(Compiled::Ability(_))
    ));
}

// R5.6: 「このカードをフリーズする」 inside a ● cost bracket, as printed on 博麗 霊夢, is the term
// フリーズ.
#[test]
fn r5_6_freeze_this_card_as_printed() {
    assert_eq!(
        dzero_grammar::parse_cost("白1 このカードをフリーズする"),
        dzero_grammar::parse_cost("白1 フリーズ")
    );
    assert_eq!(
        line("●[白1 このカードをフリーズする]《クイック》対象のユニット1体をフリーズする。")
            .to_string(),
        "● [白1 フリーズ]《クイック》 対象のユニット1体をフリーズする。"
    );
    assert_eq!(
        dzero_grammar::parse_cost("フリーズ このカードをフリーズする")
            .unwrap_err()
            .to_string(),
        "フリーズ appears twice in this cost"
    );
}
