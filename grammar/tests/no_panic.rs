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
];

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
