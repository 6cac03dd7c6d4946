//! "Did you mean": the known word nearest to a misspelt one. One measure for every place a
//! word is checked against a fixed list — DSL words, card-file fields and names, Lua API
//! names — each with its own tolerance.

/// The candidate nearest to `word` in edits (counted by characters, ASCII case ignored, so
/// that 竜巻き and 竜巻 are one edit apart), if it is within `limit(n)` edits, `n` being the
/// longer word's length in characters (at least one edit is always allowed); never `word`
/// itself. Ties go to the fewest edits, then the nearest length, then text order.
pub fn nearest_word<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: fn(usize) -> usize,
) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let len = word.chars().count();
    if len == 0 {
        return None;
    }
    let mut best: Option<((usize, usize, &str), &str)> = None;
    for c in candidates {
        let c_lower = c.to_lowercase();
        if c.is_empty() || c_lower == lower {
            continue;
        }
        let c_len = c.chars().count();
        let d = strsim::levenshtein(&lower, &c_lower);
        if d > limit(len.max(c_len)).max(1) {
            continue;
        }
        let key = (d, c_len.abs_diff(len), c);
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, c));
        }
    }
    best.map(|(_, c)| c)
}

/// A third of the word's length: the tolerance for names and fields.
pub fn a_third(n: usize) -> usize {
    n / 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_words_are_found_and_far_ones_are_not() {
        assert_eq!(
            nearest_word("竜巻き", ["竜巻", "速攻"], a_third),
            Some("竜巻")
        );
        assert_eq!(
            nearest_word("速効", ["加速", "速攻"], a_third),
            Some("速攻")
        );
        assert_eq!(nearest_word("robbo", ["rarity", "number"], a_third), None);
        assert_eq!(
            nearest_word("DAMAG", ["damage", "draw"], a_third),
            Some("damage")
        );
        assert_eq!(
            nearest_word("draw", ["draw", "drew"], a_third),
            Some("drew")
        );
        assert_eq!(nearest_word("", ["a"], a_third), None);
        // Ties: the nearest length, then text order.
        assert_eq!(nearest_word("ab", ["b", "abc", "aa"], a_third), Some("aa"));
    }
}
