//! DSL errors: a span in the parsed text, a message, and what was expected there.

use crate::span::Span;
use thiserror::Error;

/// An error in a DSL line or cost, pointing at the bytes of the input that caused it.
///
/// `Display` shows the message, e.g. `expected a number or X after '赤'`. The cardpool knows
/// where the text sits in its TOML file and turns the span into a line and column with
/// [`DslError::line_col`] or [`DslError::locate`].
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{message}")]
pub struct DslError {
    /// The offending bytes of the input (empty at the end of the input).
    pub span: Span,
    /// A one-line explanation.
    pub message: String,
    /// What would have been accepted at `span.start`, as readable labels (may be empty).
    pub expected: Vec<String>,
    /// A known word close to the offending one, for a "did you mean" help line.
    pub suggestion: Option<String>,
}

/// Words of the DSL a misspelling is compared with (keywords, marks' words, zones, timings,
/// formation kinds, verbs), besides the labels a syntax error expects.
const KNOWN_WORDS: &[&str] = &[
    "加速",
    "速攻",
    "隊列召喚",
    "盟約",
    "縦列",
    "横列",
    "中央",
    "墓地効果",
    "手札効果",
    "プランゾーン効果",
    "エネルギーゾーン効果",
    "スマッシュゾーン効果",
    "リムーブゾーン効果",
    "ノーマル",
    "クイック",
    "バトル",
    "ターン終了時まで",
    "バトル終了時まで",
    "対象の",
    "すべての",
    "全ての",
    "破壊する",
    "フリーズする",
    "リリースする",
    "ダメージを与える",
    "手札に戻す",
    "墓地に置く",
    "ゲームから除外する",
    "リムーブゾーン",
    "スマッシュゾーン",
    "エネルギーゾーン",
    "プランゾーン",
    "墓地",
    "手札",
    "デッキ",
    "ユニット",
    "ベース",
    "ストラテジー",
    "パワー",
    "スマッシュ",
    "使用コスト",
    "accel",
    "haste",
    "formation",
    "covenant",
    "graveyard",
    "hand",
    "plan",
    "energy",
    "smash",
    "remove",
    "normal",
    "quick",
    "battle",
    "static",
    "trigger",
    "activated",
    "spell",
    "play",
    "lua:",
    "destroy",
    "freeze",
    "release",
    "return",
    "damage",
    "draw",
    "discard",
    "target",
    "until end of turn",
];

/// The known word closest to `word` (among `extra` and the DSL's own words), if it is a
/// likely misspelling: at most one edit in four characters, never `word` itself.
pub fn did_you_mean<'a>(word: &str, extra: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let words = extra.into_iter().chain(KNOWN_WORDS.iter().copied());
    dzero_core::spelling::nearest_word(word, words, |n| n.div_ceil(4)).map(str::to_owned)
}

/// The word of `input` starting at byte `pos`: a run of ASCII word characters or of
/// Japanese word characters.
fn word_at(input: &str, pos: usize) -> &str {
    let rest = &input[pos..];
    let first = match rest.chars().next() {
        Some(c) => c,
        None => return "",
    };
    let class: fn(char) -> bool = if is_word(first) {
        is_word
    } else if is_japanese_word(first) {
        is_japanese_word
    } else {
        return "";
    };
    let end = rest
        .char_indices()
        .find(|&(_, c)| !class(c))
        .map_or(rest.len(), |(i, _)| i);
    &rest[..end]
}

impl DslError {
    /// An error with a message and nothing listed as expected.
    pub fn new(span: Span, message: impl Into<String>) -> DslError {
        DslError {
            span,
            message: message.into(),
            expected: Vec::new(),
            suggestion: None,
        }
    }

    /// A syntax error at byte `pos` of `input`: `expected A, B or C after 'prev'`.
    pub(crate) fn expected_at(input: &str, pos: usize, expected: Vec<String>) -> DslError {
        let pos = floor_boundary(input, pos);
        let next = input[pos..].chars().next().map_or(0, char::len_utf8);
        let context = match prev_token(input, pos) {
            Some(t) => format!("after '{t}'"),
            None => "at the start".to_owned(),
        };
        let message = if expected.is_empty() {
            match input[pos..].chars().next() {
                Some(c) => format!("unexpected '{c}' {context}"),
                None => format!("unexpected end of text {context}"),
            }
        } else {
            format!("expected {} {context}", join_or(&expected))
        };
        // Each label may list several words: 加速|速攻|隊列召喚.
        let labels = expected
            .iter()
            .flat_map(|l| l.split(['|', ' ', ',']))
            .map(|w| w.trim_end_matches('…'));
        let suggestion = did_you_mean(word_at(input, pos), labels);
        DslError {
            span: Span::new(pos, pos + next),
            message,
            expected,
            suggestion,
        }
    }

    /// The 1-based line and column (in characters) of the error's start, given `text` (the
    /// parsed input) and the 1-based line and column where `text` starts in its file. Only
    /// exact when the file spells `text` literally (no escape sequences before the error).
    pub fn line_col(&self, text: &str, start_line: usize, start_col: usize) -> (usize, usize) {
        let before = &text[..floor_boundary(text, self.span.start)];
        match before.rfind('\n') {
            Some(nl) => (
                start_line + before.matches('\n').count(),
                1 + before[nl + 1..].chars().count(),
            ),
            None => (start_line, start_col + before.chars().count()),
        }
    }

    /// The 1-based line and column (in characters) of the error's start in `file`, where the
    /// parsed text starts at byte `text_offset` (e.g. one past the opening quote of a TOML
    /// string, from `toml::Spanned`).
    pub fn locate(&self, file: &str, text_offset: usize) -> (usize, usize) {
        let at = floor_boundary(file, text_offset.saturating_add(self.span.start));
        let before = &file[..at];
        let line = 1 + before.matches('\n').count();
        let col = 1 + match before.rfind('\n') {
            Some(nl) => before[nl + 1..].chars().count(),
            None => before.chars().count(),
        };
        (line, col)
    }

    /// The "did you mean" help line, if there is a suggestion.
    pub fn help(&self) -> Option<String> {
        self.suggestion
            .as_ref()
            .map(|s| format!("did you mean '{s}'?"))
    }

    /// The same error with its span moved `by` bytes (e.g. to file offsets).
    pub fn shifted(mut self, by: usize) -> DslError {
        self.span = self.span.shifted(by);
        self
    }
}

/// `pos` clamped to `s` and moved back to a character boundary.
fn floor_boundary(s: &str, pos: usize) -> usize {
    let mut p = pos.min(s.len());
    while !s.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

fn is_japanese_word(c: char) -> bool {
    matches!(c,
        '\u{3041}'..='\u{309F}' // hiragana
        | '\u{30A1}'..='\u{30FF}' // katakana, including ー
        | '\u{4E00}'..='\u{9FFF}' // CJK ideographs
    )
}

/// The token just before `pos` (skipping spaces): a run of digits, of ASCII word characters or
/// of Japanese word characters, or else the single character.
fn prev_token(input: &str, pos: usize) -> Option<&str> {
    let before = input[..pos].trim_end_matches(is_space);
    let last = before.chars().next_back()?;
    if matches!(last, ':' | '：') {
        // `lua:` and `graveyard:` read better whole.
        let word = before[..before.len() - last.len_utf8()].trim_end_matches(is_word);
        return Some(&before[word.len()..]);
    }
    let class: fn(char) -> bool = if is_digit(last) {
        is_digit
    } else if is_word(last) {
        is_word
    } else if is_japanese_word(last) {
        is_japanese_word
    } else {
        return Some(&before[before.len() - last.len_utf8()..]);
    };
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| class(c))
        .last()
        .map_or(before.len(), |(i, _)| i);
    Some(&before[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prev_token_classes() {
        assert_eq!(prev_token("赤2 3", 5), Some("2"));
        assert_eq!(prev_token("赤", 3), Some("赤"));
        assert_eq!(prev_token("(中央エリア", 16), Some("中央エリア"));
        assert_eq!(prev_token("power +1000 in centre", 21), Some("centre"));
        assert_eq!(prev_token("★ ", 4), Some("★"));
        assert_eq!(prev_token("◆ lua:", 8), Some("lua:"));
        assert_eq!(prev_token(":", 1), Some(":"));
        assert_eq!(prev_token("  ", 2), None);
    }

    #[test]
    fn misspellings_get_a_suggestion() {
        let none: [&str; 0] = [];
        assert_eq!(did_you_mean("竜巻き", ["竜巻"]).as_deref(), Some("竜巻"));
        assert_eq!(did_you_mean("縦列き", none).as_deref(), Some("縦列"));
        assert_eq!(did_you_mean("速効", none).as_deref(), Some("速攻"));
        assert_eq!(did_you_mean("加側", none).as_deref(), Some("加速"));
        assert_eq!(
            did_you_mean("robbo", ["ロボ", "robo"]).as_deref(),
            Some("robo")
        );
        assert_eq!(did_you_mean("速攻", none), None);
        assert_eq!(did_you_mean("まったく別の言葉", none), None);
        assert_eq!(word_at("速効 です", 0), "速効");
        assert_eq!(word_at("[x", 0), "");
    }

    #[test]
    fn join_lists() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(join_or(&s(&["a"])), "a");
        assert_eq!(join_or(&s(&["a", "b"])), "a or b");
        assert_eq!(join_or(&s(&["a", "b", "c"])), "a, b or c");
    }

    #[test]
    fn positions_count_characters() {
        let e = DslError::new(Span::new(10, 11), "x");
        // "青2 無3 ?": the error is the 7th character, byte 10.
        assert_eq!(e.line_col("青2 無3 ?", 4, 10), (4, 16));
        let file = "a = 1\nkeywords = [\"青2 無3 ?\"]\n";
        let offset = file.find('青').unwrap();
        assert_eq!(e.locate(file, offset), (2, 20));
        let multi = DslError::new(Span::new(4, 5), "x");
        assert_eq!(multi.line_col("ab\ncdx", 7, 3), (8, 2));
        // Out of range spans are clamped, never panic.
        let far = DslError::new(Span::new(99, 100), "x");
        assert_eq!(far.line_col("青", 1, 1), (1, 2));
        assert_eq!(far.locate("青", 1), (1, 2));
    }
}
