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
    prop::collection::vec(sentence, 1..4).prop_map(|v| format!("○ {}。", v.join("。")))
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
}
