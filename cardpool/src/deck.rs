//! Deck lists: a plain text format, one `COUNT NAME` per line (`3 チルノ`); `#` starts a comment.

use crate::diag::Problem;
use dzero_core::{CardDb, DefId, Player, RuleSet, SetupError, check_deck};
use std::path::Path;

/// A deck list resolved against a card database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (the file stem).
    pub name: String,
    /// The cards, in list order.
    pub cards: Vec<DefId>,
}

/// Parses and checks a deck list against `db` and `rules`; every problem is reported.
pub fn parse_deck(
    file: &Path,
    text: &str,
    db: &CardDb,
    rules: &RuleSet,
) -> Result<Deck, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut cards = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.split('#').next().unwrap_or("").trim_end();
        let body = content.trim_start();
        if body.is_empty() {
            continue;
        }
        let lead = content.len() - body.len();
        let at = |msg: String| Problem::at(file, text, start + lead..start + content.len(), msg);
        let Some((count, name)) = body.split_once(char::is_whitespace) else {
            problems.push(at(format!(
                "expected `COUNT NAME`, e.g. `3 チルノ`, found `{body}`"
            )));
            continue;
        };
        let Ok(count) = count.parse::<usize>() else {
            problems.push(at(format!("`{count}` is not a card count")));
            continue;
        };
        let name = name.trim();
        match db.find(name) {
            Some(d) => cards.extend(std::iter::repeat_n(d, count)),
            None => problems.push(at(format!("no card named 「{name}」 in this set"))),
        }
    }
    if problems.is_empty()
        && let Err(e) = check_deck(db, rules, Player::One, &cards)
    {
        let message = match e {
            SetupError::DeckSize {
                found, expected, ..
            } => {
                format!("the deck has {found} cards; the rule set needs exactly {expected} (R2.1)")
            }
            SetupError::TooManyCopies {
                name, count, max, ..
            } => {
                format!(
                    "the deck has {count} copies of 「{name}」; at most {max} are allowed (R2.2)"
                )
            }
            other => other.to_string(),
        };
        problems.push(Problem::file(file, message));
    }
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if problems.is_empty() {
        Ok(Deck { name, cards })
    } else {
        Err(problems)
    }
}
