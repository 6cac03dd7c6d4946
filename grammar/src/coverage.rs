//! How much printed card text the DSL understands: the share of lines that parse and compile
//! without Lua, and the unknown phrases ranked by how many lines each one blocks (the phrase
//! at the point where a line first fails, with numbers and names normalised).

use crate::compile::{CompileCtx, NoScripts, compile};
use crate::parse::parse_line;
use dzero_core::{CardKind, Timing};
use std::collections::BTreeMap;

/// The bundled corpus of real printed card texts (`grammar/corpus/printed.toml`): a TOML file
/// of `[[card]]` tables with `name`, `game`, `source` and `lines`.
pub const PRINTED_CORPUS: &str = include_str!("../corpus/printed.toml");

/// One card of the corpus: its name, game (`D0` or `touhou`), source and printed lines.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct CorpusCard {
    /// The card's printed name.
    pub name: String,
    /// `D0` (Dimension Zero) or `touhou` (東方零次元).
    pub game: String,
    /// Where the text was read: a public page's address or a rulebook file.
    pub source: String,
    /// The card's type as the source gives it (`unit`, `strategy`, `base`), if it does.
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// The printed ability lines, exactly as the source prints them.
    pub lines: Vec<String>,
}

impl CorpusCard {
    /// The card's lines, ready to [`measure`].
    pub fn printed_lines(&self) -> impl Iterator<Item = PrintedLine> + '_ {
        let kind = match self.kind.as_deref() {
            Some("unit") => Some(CardKind::Unit),
            Some("strategy") => Some(CardKind::Strategy),
            Some("base") => Some(CardKind::Base),
            _ => None,
        };
        self.lines.iter().map(move |l| match kind {
            Some(k) => PrintedLine {
                card: self.name.clone(),
                text: l.clone(),
                ctx: CompileCtx::new(k, Timing::Quick),
            },
            None => PrintedLine::guessed(&self.name, l),
        })
    }
}

/// The cards of a corpus file (the shape of [`PRINTED_CORPUS`]), or the TOML error.
pub fn read_corpus(toml_text: &str) -> Result<Vec<CorpusCard>, String> {
    #[derive(serde::Deserialize)]
    struct Corpus {
        card: Vec<CorpusCard>,
    }
    let cards = toml::from_str::<Corpus>(toml_text)
        .map(|c| c.card)
        .map_err(|e| e.to_string())?;
    match cards.iter().find(|c| {
        c.kind
            .as_deref()
            .is_some_and(|k| !matches!(k, "unit" | "strategy" | "base"))
    }) {
        Some(c) => Err(format!(
            "{}: type `{}` is none of unit, strategy, base",
            c.name,
            c.kind.as_deref().unwrap_or_default()
        )),
        None => Ok(cards),
    }
}

/// The most characters a ranked phrase keeps.
const PHRASE_CHARS: usize = 12;

/// One printed line to measure and the card it belongs to.
#[derive(Clone, Debug)]
pub struct PrintedLine {
    /// The card's name (for the report).
    pub card: String,
    /// The line exactly as printed.
    pub text: String,
    /// The card's type and printed timing.
    pub ctx: CompileCtx,
}

impl PrintedLine {
    /// A line of a card whose type is guessed from the line: an effect (with ○ or, as D0
    /// prints it, alone) is a strategy's, any other line a quick unit's (for corpora that
    /// record no card type).
    pub fn guessed(card: &str, text: &str) -> PrintedLine {
        let kind = if matches!(parse_line(text), Ok(crate::ast::Line::Spell(_))) {
            CardKind::Strategy
        } else {
            CardKind::Unit
        };
        PrintedLine {
            card: card.to_owned(),
            text: text.to_owned(),
            ctx: CompileCtx::new(kind, Timing::Quick),
        }
    }
}

/// A line the DSL does not understand, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unknown {
    /// The card's name.
    pub card: String,
    /// The printed line.
    pub text: String,
    /// The normalised phrase where it first fails.
    pub phrase: String,
    /// The parser's or compiler's message.
    pub message: String,
}

/// An unknown phrase and the lines it stands in the way of.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PhraseRank {
    /// The phrase, numbers written `N` and 「names」 written `「…」`.
    pub phrase: String,
    /// Lines where it is the first failure: understanding it unlocks at most these.
    pub blocks: usize,
    /// Failing lines that contain it anywhere.
    pub appears_in: usize,
    /// One line it blocks.
    pub example: String,
}

/// The coverage of a list of printed lines.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Coverage {
    /// Lines measured.
    pub lines: usize,
    /// Lines that parse and compile without Lua.
    pub understood: usize,
    /// The lines not understood, in input order.
    pub unknown: Vec<Unknown>,
    /// Unknown phrases, the most blocking first (ties: most lines, then the phrase).
    pub ranking: Vec<PhraseRank>,
}

impl Coverage {
    /// The understood share in per mille (0 when there are no lines), so that it compares
    /// exactly.
    pub fn per_mille(&self) -> usize {
        (self.understood * 1000)
            .checked_div(self.lines)
            .unwrap_or(0)
    }
}

/// Measures `lines`: each is parsed and compiled with no Lua script available.
pub fn measure(lines: &[PrintedLine]) -> Coverage {
    let mut cov = Coverage {
        lines: lines.len(),
        ..Coverage::default()
    };
    for line in lines {
        if is_deck_keyword(&line.text) {
            cov.understood += 1;
            continue;
        }
        let result = parse_line(&line.text).and_then(|l| compile(&l, &line.ctx, &mut NoScripts));
        match result {
            Ok(_) => cov.understood += 1,
            Err(e) => cov.unknown.push(Unknown {
                card: line.card.clone(),
                text: line.text.clone(),
                phrase: phrase_at(&line.text, e.span.start),
                message: e.message,
            }),
        }
    }
    cov.ranking = rank(&cov.unknown);
    cov
}

/// The deck-building keywords printed as a line of their own (A57).
const DECK_KEYWORDS: &[&str] = &["禁呪"];

/// Whether `text` is a deck-building keyword line (「禁呪3」, with or without its reminder):
/// the loader implements it as the card's deck rules, not as an ability (A57).
fn is_deck_keyword(text: &str) -> bool {
    let word = text.split(['（', '(']).next().unwrap_or_default();
    dzero_core::DeckRules::parse_keyword(word)
        .is_some_and(|(name, _)| DECK_KEYWORDS.contains(&name.as_str()))
}

/// The phrases of `unknown` ranked by the lines they block.
fn rank(unknown: &[Unknown]) -> Vec<PhraseRank> {
    let mut by_phrase: BTreeMap<&str, PhraseRank> = BTreeMap::new();
    for u in unknown {
        let entry = by_phrase.entry(&u.phrase).or_insert_with(|| PhraseRank {
            phrase: u.phrase.clone(),
            blocks: 0,
            appears_in: 0,
            example: u.text.clone(),
        });
        entry.blocks += 1;
    }
    let normalised: Vec<String> = unknown.iter().map(|u| normalise(&u.text)).collect();
    let mut ranking: Vec<PhraseRank> = by_phrase
        .into_values()
        .map(|mut r| {
            r.appears_in = normalised.iter().filter(|t| t.contains(&r.phrase)).count();
            r
        })
        .collect();
    ranking.sort_by(|a, b| {
        (b.blocks, b.appears_in)
            .cmp(&(a.blocks, a.appears_in))
            .then_with(|| a.phrase.cmp(&b.phrase))
    });
    ranking
}

/// The normalised phrase of `text` starting at byte `at` (moved back to the start of its
/// word), up to the next punctuation, at most [`PHRASE_CHARS`] characters.
fn phrase_at(text: &str, at: usize) -> String {
    let mut start = at.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    // Back to the start of the word: a failure inside 「ゲームから取り除く」 names the phrase.
    let before = &text[..start];
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_phrase_char(c))
        .last()
        .map_or(start, |(i, _)| i);
    let rest = normalise(&text[word_start..]);
    let phrase: String = rest
        .chars()
        .skip_while(|c| c.is_whitespace() || matches!(c, '、' | ','))
        .take_while(|c| !matches!(c, '、' | '。' | ',' | '.' | '(' | '（'))
        .take(PHRASE_CHARS)
        .collect();
    // Verb endings differ (飛ばす, 飛ばし): the phrase ends before its trailing kana.
    let stem = phrase.trim_end_matches(|c| matches!(c, '\u{3041}'..='\u{309F}'));
    match (stem.is_empty(), phrase.is_empty()) {
        (_, true) => "(end of line)".to_owned(),
        (true, false) => phrase,
        (false, false) => stem.to_owned(),
    }
}

/// Characters that continue a phrase backwards: kana, ideographs and letters, but not the
/// particles that end the phrase before it.
fn is_phrase_char(c: char) -> bool {
    let kana_or_kanji =
        matches!(c, '\u{3041}'..='\u{309F}' | '\u{30A1}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}');
    (kana_or_kanji
        && !matches!(
            c,
            'を' | 'に' | 'は' | 'が' | 'の' | 'と' | 'で' | 'へ' | 'も'
        ))
        || c.is_ascii_alphabetic()
}

/// `text` with digit runs written `N` and 「…」 contents elided, so that phrases differing
/// only in numbers or names count as one.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_name = 0usize;
    let mut last_digit = false;
    for c in text.chars() {
        match c {
            '「' => {
                if in_name == 0 {
                    out.push_str("「…");
                }
                in_name += 1;
            }
            '」' if in_name > 0 => {
                in_name -= 1;
                if in_name == 0 {
                    out.push('」');
                }
            }
            _ if in_name > 0 => {}
            _ if c.is_ascii_digit() || ('０'..='９').contains(&c) => {
                if !last_digit {
                    out.push('N');
                }
                last_digit = true;
                continue;
            }
            _ => out.push(c),
        }
        last_digit = false;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_are_normalised() {
        assert_eq!(
            normalise("対象のユニット1体に3000ダメージ"),
            "対象のユニットN体にNダメージ"
        );
        assert_eq!(normalise("「A「B」」と「C」"), "「…」と「…」");
    }

    #[test]
    fn the_phrase_starts_at_its_word() {
        let text = "対象のユニットをゲームから取り除く。";
        let at = text.find("取り").unwrap();
        assert_eq!(phrase_at(text, at), "ゲームから取り除");
        assert_eq!(phrase_at("破壊する。", "破壊する。".len()), "(end of line)");
    }

    // A57: a 禁呪N line is implemented by the deck rules, so it counts as understood; another
    // name with a number is no deck keyword.
    #[test]
    fn deck_keyword_lines_are_understood() {
        let lines: Vec<PrintedLine> = ["禁呪3", "禁呪２（デッキに禁呪カードは合計で…）", "呪文3"]
            .iter()
            .map(|t| PrintedLine::guessed("神龍", t))
            .collect();
        let cov = measure(&lines);
        assert_eq!((cov.lines, cov.understood), (3, 2), "{:?}", cov.unknown);
        assert_eq!(cov.unknown[0].text, "呪文3");
    }

    #[test]
    fn ranking_counts_blocked_lines_first() {
        let lines: Vec<PrintedLine> = [
            "○ 対象のユニット1体に3000ダメージを与える。",
            "○ 対象のユニット1体を宇宙に飛ばす。",
            "○ 対象のユニット2体を宇宙に飛ばす。",
            "○ 対象のユニット1体を宇宙に飛ばし、カードを1枚引く。",
            "○ 謎の呪文を唱える。",
        ]
        .iter()
        .map(|t| PrintedLine::guessed("test", t))
        .collect();
        let cov = measure(&lines);
        assert_eq!((cov.lines, cov.understood), (5, 1));
        assert_eq!(cov.per_mille(), 200);
        let top = &cov.ranking[0];
        assert_eq!(top.blocks, 3, "{:?}", cov.ranking);
        assert!(top.phrase.starts_with("宇宙"), "{:?}", cov.ranking);
        assert_eq!(cov.ranking.len(), 2);
    }
}
