//! "Did you mean": the known word nearest to a misspelt one, for card names, fields and the
//! other words a set file names from a fixed list.

/// The candidate nearest to `word`, if one is near enough to be what was meant: within a third
/// of the longer word's length in edits (at least one edit).
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    dzero_core::spelling::nearest_word(word, candidates, dzero_core::spelling::a_third)
}

/// `did you mean `x`?` for the nearest candidate, quoted with `open` and `close`.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    (open, close): (&str, &str),
) -> Option<String> {
    nearest(word, candidates).map(|c| format!("did you mean {open}{c}{close}?"))
}

/// The help for a card name no card has: the nearest name in `names`, if one is near.
pub fn card_name_help<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(name, names, ("「", "」"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_words_are_suggested() {
        assert_eq!(nearest("竜巻き", ["竜巻", "速攻"]), Some("竜巻"));
        assert_eq!(nearest("速効", ["加速", "速攻"]), Some("速攻"));
        assert_eq!(nearest("robbo", ["rarity", "number", "race"]), None);
        assert_eq!(
            nearest("rarty", ["rarity", "number", "race"]),
            Some("rarity")
        );
        assert_eq!(
            nearest("疾風の剣土", ["疾風の剣士", "毛玉"]),
            Some("疾風の剣士")
        );
        assert_eq!(nearest("全然ちがう", ["疾風の剣士"]), None);
    }
}
