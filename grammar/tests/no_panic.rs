//! No input makes the parser or the compiler panic, and errors always point inside the input.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{CompileCtx, NoScripts, compile, parse_cost, parse_line};
use proptest::prelude::*;

/// Fragments of the DSL, so that random strings get deep into the grammar.
const PIECES: &[&str] = &[
    "赤",
    "黒",
    "青",
    "白",
    "緑",
    "無",
    "X",
    "x",
    "Ｘ",
    "R",
    "U",
    "C",
    "1",
    "2",
    "０",
    "９",
    "99",
    "100",
    "廃棄",
    "フリーズ",
    "discard",
    "freeze",
    "0",
    " ",
    "　",
    "\t",
    "[",
    "]",
    "［",
    "］",
    "加速",
    "速攻",
    "accel",
    "haste",
    "隊列召喚",
    "formation",
    "―",
    "-",
    "ー",
    "縦列",
    "横列",
    "中央",
    "斜列",
    "盟約",
    "<",
    ">",
    "「",
    "」",
    "\"",
    "+",
    "＋",
    "チルノ",
    "墓地",
    "プラン",
    "手札",
    "エネルギー",
    "スマッシュ",
    "リムーブ",
    "ゾーン",
    "効果",
    "『",
    "』",
    ":",
    "graveyard",
    "★",
    "◆",
    "●",
    "*",
    "static",
    "trigger",
    "パワー",
    "power",
    "smash",
    "-500",
    "+1000",
    "(",
    ")",
    "（",
    "）",
    "in ",
    "centre",
    "自軍エリア",
    "中央エリア",
    "敵軍エリア",
    "左ライン",
    "中央ライン",
    "右ライン",
    "《",
    "》",
    "<<",
    ">>",
    "クイック",
    "バトル",
    "ノーマル",
    "quick",
    "lua:",
    "lua：",
    "f",
    "_g1",
    "é",
    "🂡",
    "\u{0}",
    "\n",
    "〈",
    "〉",
    "○",
    "spell:",
    "対象の",
    "すべての",
    "あなたの",
    "相手の",
    "墓地にある",
    "パワー4000以下の",
    "使用コストが2以下の",
    "〈フェアリー〉の",
    "種族が",
    "赤の",
    "ユニット",
    "ベース",
    "ユニットカード",
    "1体",
    "2体まで",
    "1枚",
    "に",
    "を",
    "は",
    "の",
    "3000ダメージを与える",
    "破壊する",
    "持ち主の手札に戻す",
    "フリーズする",
    "リリースする",
    "カードを1枚引く",
    "手札を",
    "相手は",
    "ランダムに",
    "選んで",
    "1枚捨てる",
    "デッキから",
    "を隣接するスクエアに移動する",
    "をリリース状態でスクエアに置く",
    "選んで手札に加え、デッキをシャッフルする",
    "を持ち主のスマッシュゾーンに置く",
    "ターン終了時まで、",
    "バトル終了時まで、",
    "パワーを+1000する",
    "速攻を得る",
    "。",
    "target",
    "each",
    "unit",
    "deal 1 damage to ",
    "destroy ",
    "until end of turn, ",
    "opponent discards 1 at random",
    "あなたのユニットが破壊された時",
    "このカードがプレイされてスクエアに置かれた時",
    "このユニットが相手のカードや能力の対象になった時",
    "、",
    "すべて",
    "ゲームから除外する",
    "このカード",
    "+X000",
    "このカードを手札に戻す",
    "手札にあるこのカードを捨てる",
    "あなたの他のユニットを1枚フリーズする",
    "墓地のカードをX枚選び、除外する",
    "追加コストとして",
    "フリーズし、",
    "その",
    "の使用コストが2以下なら",
    "そうでなければ",
    "プランゾーンからプレイした場合は代わりに",
    "あなたの手札のカード1枚を選び、",
    "対象のプレイヤーは",
    "対象のバトルスクエアにいる",
    "引いてもよい",
    "してもよい",
    "そうしたなら、",
    "you may ",
    "if you do, ",
    "このカードが墓地に置かれる場合、",
    "かわりに",
    "手札に戻してもよい",
    "。そうしたなら、",
    "このターン、",
    "はストラテジーをプレイできない",
    "次のあなたのターンの開始時、",
    "ターン終了時、",
    "は『",
    "』と『",
    "』を得る",
    "のコントロールを得る",
    "対象の移動を無効にする",
    "の解決を失敗させる",
    "山札の上から1枚を墓地に置く",
    "if this card would be destroyed, ",
    "you may return it to hand instead",
    "this turn, ",
    "counter target strategy",
    "隊列召喚―<",
    "a1+",
    "→b2>",
    "☆",
    "play:",
    "このカードは",
    "このベースと同じラインにある",
    "同じラインの",
    "敵軍エリアのスクエアにある",
    "メイデンの",
    "の使用コストは無1少なくなる",
    "が受けるダメージを-2000する",
    "はこのカードに隣接するスクエアに移動できない",
    "ストラテジーから受けるダメージを受けない",
    "カードの対象にならない",
    "斜めに移動できる",
    "バトルタイミング",
    "でもプレイできる",
    "でプレイできる",
    "バトルスペースに",
    "がある",
    "が3体以上",
    "なら、",
    "このカードがスクエアにある限り、",
    "エネルギーゾーンにある",
    "リリースフェイズにリリースされない",
    "あなたはスマッシュゾーンのカードが10枚になるまで敗北しない",
    "this card ",
    "units ",
    "in this line",
    "cost C1 less",
];

/// Sentences assembled from phrases in printed order, so that most of them parse and the
/// canonical spelling is checked on real effect bodies.
fn effect_like() -> impl Strategy<Value = String> {
    let subject = (
        prop::sample::select(&["対象の", "すべての"][..]),
        prop::sample::select(&["", "あなたの", "相手の"][..]),
        prop::sample::select(
            &[
                "",
                "パワー4000以下の",
                "使用コストが2以下の",
                "〈フェアリー〉の",
                "種族がヒューマンの",
                "青の",
            ][..],
        ),
        prop::sample::select(&["ユニット", "ベース"][..]),
        prop::sample::select(&["", "1体", "2体まで", "3枚"][..]),
    )
        .prop_map(|(a, b, c, d, e)| format!("{a}{b}{c}{d}{e}"));
    let sentence = (
        subject,
        prop::sample::select(
            &[
                "に3000ダメージを与える",
                "を破壊する",
                "を持ち主の手札に戻す",
                "をフリーズする",
                "をリリースする",
                "のパワーを-500する",
                "は加速を得る",
                "を持ち主のリムーブゾーンに置く",
                "をデッキの一番下に置く",
                "を隣接するスクエアに移動する",
                "をフリーズ状態でスクエアに置く",
            ][..],
        ),
        prop::sample::select(&["", "ターン終了時まで、", "次のあなたのターンの終了時まで、"][..]),
        prop::sample::select(
            &[
                "",
                "",
                "",
                "カードを2枚引く",
                "手札を1枚捨てる",
                "あなたは手札を2枚選んで捨てる",
                "相手は手札を1枚捨てる",
                "相手は手札をランダムに1枚捨てる",
                "デッキから赤の使用コストが2以下のカードを1枚選んで手札に加え、デッキをシャッフルする",
            ][..],
        ),
    )
        .prop_map(|(s, verb, until, plain)| {
            if !plain.is_empty() {
                plain.to_owned()
            } else if verb.starts_with("のパワー") || verb.starts_with('は') {
                format!("{until}{s}{verb}")
            } else {
                format!("{s}{verb}")
            }
        });
    let body = prop::collection::vec(sentence, 1..4).prop_map(|v| format!("{}。", v.join("。")));
    // ○, ◆ with a printed condition, or ● with a cost paid with cards.
    let each_after = prop::sample::select(
        &[
            "",
            "使用コスト3以下の相手のユニットすべてに2000ダメージを与える。",
            "このカードのパワーをターン終了時まで+X000する。",
            "対象の相手のユニット1体をゲームから除外する。",
            "対象のユニット1体をフリーズし、ターン終了時までそのパワーを-1000する。",
            "対象のユニットの使用コストが2以下なら破壊する。そうでなければターン終了時までパワー−2000。",
            "対象のユニット1体に6000ダメージを与える。プランゾーンからプレイした場合は代わりに8000ダメージを与える。",
            "あなたの手札のカード1枚を選び、エネルギーゾーンに置く。",
            "対象のプレイヤーは自分の手札を1枚選び、捨てる。",
            "対象のバトルスクエアにいる相手のユニットに2000ダメージを与える。",
        ][..],
    );
    let head = prop::sample::select(
        &[
            "○ ",
            "◆ あなたのユニットが破壊された時、",
            "◆ 相手のユニットがスクエアに置かれた時、",
            "◆ このユニットがバトルに勝利した時、",
            "◆ あなたのターンの終了時、",
            "◆ このカードがプランゾーンからプレイされてスクエアに置かれた時、",
            "◆ このカードがスクエア以外からスクエアに置かれた時、",
            "◆ このユニットが相手のカードや能力の対象になった時、",
            "● [このカードを手札に戻す]《クイック》 ",
            "● [無1 手札を2枚捨てる]《ノーマル》 ",
            "● [あなたの墓地のカードをX枚選び、除外する]《クイック》 ",
            "● [あなたの他のユニットを1枚フリーズする]《クイック》 ",
        ][..],
    );
    (head, body, each_after).prop_map(|(h, b, e)| format!("{h}{e}{b}"))
}

/// Clause lines (replacements, turn rules, grants, delayed triggers, control, counters) from
/// their printed phrases, nested abilities included.
fn clause_like() -> impl Strategy<Value = String> {
    let who = prop::sample::select(
        &[
            "このカードが",
            "このユニットが",
            "相手のカードが",
            "あなたのカードが",
            "カードが",
        ][..],
    );
    let event = prop::sample::select(&["墓地に置かれる場合", "破壊される場合"][..]);
    let instead = prop::sample::select(
        &[
            "リムーブゾーンに置く",
            "持ち主のスマッシュゾーンに置く",
            "手札に戻す",
            "デッキの一番下に置く",
            "手札に戻してもよい。そうしたなら、あなたの山札の上から2枚を墓地に置く",
            "リムーブゾーンに置いてもよい。そうしたなら、カードを1枚引く",
        ][..],
    );
    let replacement = (who, event, instead).prop_map(|(w, e, i)| format!("{w}{e}、かわりに{i}。"));
    let granted = prop_oneof![
        replacement.clone(),
        Just("◆ このユニットがスマッシュした時、カードを1枚引く。".to_owned()),
        Just("● [無1]《クイック》 ターン終了時まで、このユニットのパワーを+1000する。".to_owned()),
        Just("★ パワー+1000".to_owned()),
    ];
    let sentence = prop_oneof![
        Just("このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く".to_owned()),
        Just("このターン、相手の破壊されるカードはかわりにスマッシュゾーンに置く".to_owned()),
        Just("このターン、相手はストラテジーをプレイできない".to_owned()),
        Just("このターン、あなたはカードをプレイできない".to_owned()),
        Just("次のあなたのターンの開始時、カードを2枚引く".to_owned()),
        Just("ターン終了時、対象のユニット1体を破壊する".to_owned()),
        Just("ターン終了時まで、対象の相手のユニット1体のコントロールを得る".to_owned()),
        Just("対象のストラテジー1枚の解決を失敗させる".to_owned()),
        Just("対象の移動を無効にする".to_owned()),
        Just("山札の上から3枚を墓地に置く".to_owned()),
        Just("ターン終了時まで、対象のユニット1体のパワーを+2000し、『★ このカードは相手のカードの対象にならない。』を得る".to_owned()),
        Just("バトル終了時まで、対象のユニット1体のスマッシュを-1し、速攻を得る".to_owned()),
        prop::collection::vec(granted, 1..3).prop_map(|v| format!(
            "ターン終了時まで、対象のあなたのユニット1体は{}を得る",
            v.iter()
                .map(|a| format!("『{a}』"))
                .collect::<Vec<_>>()
                .join("と")
        )),
    ];
    let formation = (
        prop::sample::select(&["", "鶴翼", "魚鱗"][..]),
        prop::sample::subsequence(&["a1", "b1", "c1", "a2", "c2"][..], 1..4),
        prop::sample::select(&["b2", "b3", "a3"][..]),
    )
        .prop_map(|(n, req, d)| format!("隊列召喚―{n}<{}→{d}>[無2]", req.join("+")));
    prop_oneof![
        formation,
        replacement.prop_map(|r| format!("★ {r}")),
        prop::collection::vec(sentence, 1..3).prop_map(|v| format!("○ {}。", v.join("。"))),
    ]
}

/// ★ and ☆ lines assembled from phrases in printed order (groups, predicates, conditions).
fn static_like() -> impl Strategy<Value = String> {
    let group = (
        prop::sample::select(
            &[
                "",
                "このベースと同じラインにある",
                "同じラインの",
                "敵軍エリアのスクエアにある",
            ][..],
        ),
        prop::sample::select(&["", "あなたの", "相手の"][..]),
        prop::sample::select(
            &[
                "",
                "赤の",
                "〈メイデン〉の",
                "メイデンの",
                "使用コストが2以下の",
            ][..],
        ),
        prop::sample::select(&["ユニット", "ベース"][..]),
    )
        .prop_map(|(a, b, c, d)| format!("{a}{b}{c}{d}"));
    let star = (
        group.clone(),
        prop::sample::select(
            &[
                "のパワー+1000",
                "のスマッシュ-1",
                "の使用コストは無1少なくなる",
                "の使用コストは赤2多くなる",
                "が受けるダメージを-2000する",
                "はこのカードに隣接するスクエアに移動できない",
            ][..],
        ),
        prop::sample::select(
            &[
                "",
                "",
                "このカードは相手のカードの対象にならない",
                "このカードは斜めに移動できる",
                "このカードはバトルタイミングでプレイできる",
                "相手は中央エリアにユニットをプレイできない",
                "あなたのエネルギーゾーンにあるカードは、あなたのリリースフェイズにリリースされない",
                "あなたはスマッシュゾーンのカードが9枚になるまで敗北しない",
            ][..],
        ),
        prop::sample::select(&["", "このカードがスクエアにある限り、"][..]),
        prop::sample::select(&["", "墓地効果"][..]),
    )
        .prop_map(|(g, verb, plain, whilst, zone)| {
            let body = if plain.is_empty() {
                format!("{g}{verb}")
            } else {
                plain.to_owned()
            };
            let line = format!("★ {whilst}{body}。");
            if zone.is_empty() {
                line
            } else {
                format!("{zone}『{line}』")
            }
        });
    let play = (
        prop::sample::select(
            &[
                "",
                "バトルスペースにあなたの白のユニットがあるなら、",
                "相手のユニットが2体以上なら、",
            ][..],
        ),
        prop::sample::select(
            &[
                "このカードの使用コストは無1少なくなる",
                "このカードはバトルタイミングでもプレイできる",
                "このカードはクイックタイミングでプレイできる",
            ][..],
        ),
    )
        .prop_map(|(c, b)| format!("☆ {c}{b}。"));
    prop_oneof![star, play]
}

fn dsl_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(PIECES).prop_map(str::to_owned),
            1 => any::<char>().prop_map(|c| c.to_string()),
        ],
        0..24,
    )
    .prop_map(|v| v.concat())
}

fn check(s: &str) {
    for result in [parse_cost(s).map(|_| ()), parse_line(s).map(|_| ())] {
        if let Err(e) = result {
            assert!(
                e.span.start <= e.span.end && e.span.end <= s.len(),
                "{s:?}: {e:?}"
            );
            assert!(s.is_char_boundary(e.span.start) && s.is_char_boundary(e.span.end));
            assert!(!e.message.is_empty());
            let (line, col) = e.line_col(s, 1, 1);
            assert!(line >= 1 && col >= 1);
            let _ = e.locate(s, 0);
        }
    }
    if let Ok(line) = parse_line(s) {
        // Spans lie inside the input, and the canonical spelling parses to the same line.
        assert!(line.span().end <= s.len());
        let canonical = line.to_string();
        match parse_line(&canonical) {
            Ok(again) => assert_eq!(again.to_string(), canonical, "{s:?}"),
            Err(e) => panic!("{s:?} → {canonical:?} does not parse: {e}"),
        }
        for kind in [CardKind::Unit, CardKind::Base, CardKind::Strategy] {
            let _ = compile(&line, &CompileCtx::new(kind, Timing::Quick), &mut NoScripts);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn dsl_fragments_never_panic(s in dsl_like()) {
        check(&s);
    }

    #[test]
    fn effect_bodies_round_trip(s in effect_like()) {
        check(&s);
    }

    #[test]
    fn clauses_round_trip(s in clause_like()) {
        check(&s);
        prop_assert!(parse_line(&s).is_ok(), "{s:?} does not parse");
    }

    #[test]
    fn static_lines_round_trip(s in static_like()) {
        check(&s);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        check(&s);
    }

    #[test]
    fn japanese_text_never_panics(s in "[ぁ-んァ-ヶ一-龥０-９「」『』《》［］（）　ー―＋－]{0,30}") {
        check(&s);
    }
}

#[test]
fn long_inputs_are_fine() {
    check(&"赤1".repeat(5000));
    check(&"(".repeat(5000));
    check(&format!("墓地効果『{}』", "『".repeat(1000)));
    check(&format!(
        "○ {}カードを1枚引く{}。",
        "ターン終了時まで、対象のユニット1体は『● [無1]《クイック》 ".repeat(40),
        "』を得る".repeat(40)
    ));
}
