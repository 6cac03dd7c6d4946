//! The languages front ends word the game in. Core itself keeps no words; this only names the
//! language a wording crate is asked for.

/// A language of the text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    /// English.
    En,
    /// Japanese.
    Ja,
}

impl Lang {
    /// The IDs of `rules` as a sentence in this language ends with them: ` (R5.2, R5.3)` or
    /// `（R5.2, R5.3）`; nothing for none.
    pub fn cite(self, rules: &[&str]) -> String {
        match (rules.is_empty(), self) {
            (true, _) => String::new(),
            (false, Lang::En) => format!(" ({})", rules.join(", ")),
            (false, Lang::Ja) => format!("（{}）", rules.join(", ")),
        }
    }
}
