//! dzero-text: what a front end shows of a duel, in English or Japanese. The core hands out
//! data (events, [`dzero_core::Question`]s, options, actions, refusals, failed effects, deck
//! problems); this crate phrases them with card names (a card's `name`, as printed, in both
//! languages) and the IDs of the rules they apply.
//!
//! ```
//! use dzero_core::{Event, Game, Player, RuleSet};
//! use dzero_text::{Lang, Text};
//! let db = dzero_fixtures::card_db();
//! let (red, blue) = (dzero_fixtures::deck_red(&db), dzero_fixtures::deck_blue(&db));
//! let game = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], 1).unwrap();
//! let e = Event::Shuffled { player: Player::One };
//! assert_eq!(Text::new(&game, &db, Lang::En).event(&e), "P1 shuffles");
//! assert_eq!(Text::new(&game, &db, Lang::Ja).event(&e), "P1が山札をシャッフルした");
//! ```

mod action;
mod choice;
mod event;
mod refusal;

pub use dzero_core::Lang;

use dzero_core::{CardDb, CardId, Game, Loc, Query};

/// Phrases a duel's data in one language.
#[derive(Clone, Copy)]
pub struct Text<'a> {
    view: Query<'a>,
    lang: Lang,
}

impl<'a> Text<'a> {
    /// Text about `game` played with `db`, in `lang`.
    pub fn new(game: &'a Game, db: &'a CardDb, lang: Lang) -> Text<'a> {
        Text {
            view: Query::new(game, db),
            lang,
        }
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// A card: its name and id (`名前#7`); a card named without identity (hidden from the seat
    /// it was given to) or unknown to the game only as such.
    pub fn card(&self, c: CardId) -> String {
        if let Some((owner, zone, i)) = c.place() {
            return match self.lang {
                Lang::En => format!("face-down card {} of {owner}'s {}", i + 1, loc_en(zone)),
                Lang::Ja => format!("{owner}の{}の{}枚目の裏向きのカード", loc_ja(zone), i + 1),
            };
        }
        if !self.view.exists(c) {
            return match self.lang {
                Lang::En => format!("card #{}", c.0),
                Lang::Ja => format!("カード#{}", c.0),
            };
        }
        format!("{}#{}", self.view.def(c).name, c.0)
    }

    /// A card's printed name alone.
    fn name(&self, c: CardId) -> String {
        if self.view.exists(c) {
            self.view.def(c).name.clone()
        } else {
            self.card(c)
        }
    }

    /// A place: a zone or a square.
    pub fn loc(&self, loc: Loc) -> String {
        match self.lang {
            Lang::En => loc_en(loc).into_owned(),
            Lang::Ja => loc_ja(loc).into_owned(),
        }
    }
}

/// A zone's English name; a square as written.
fn loc_en(loc: Loc) -> std::borrow::Cow<'static, str> {
    std::borrow::Cow::Borrowed(match loc {
        Loc::Deck => "deck",
        Loc::Hand => "hand",
        Loc::Graveyard => "graveyard",
        Loc::Energy => "energy zone",
        Loc::Smash => "smash zone",
        Loc::Remove => "remove zone",
        Loc::Stack => "stack",
        Loc::Command => "command zone",
        Loc::Bound(_) => "bound to a unit",
        Loc::Square(s) => return std::borrow::Cow::Owned(s.to_string()),
    })
}

/// A zone's Japanese name; a square as written in both languages.
fn loc_ja(loc: Loc) -> std::borrow::Cow<'static, str> {
    std::borrow::Cow::Borrowed(match loc {
        Loc::Deck => "山札",
        Loc::Hand => "手札",
        Loc::Graveyard => "墓地",
        Loc::Energy => "エネルギーゾーン",
        Loc::Smash => "スマッシュゾーン",
        Loc::Remove => "リムーブゾーン",
        Loc::Stack => "スタック",
        Loc::Command => "統率領域",
        Loc::Bound(_) => "結合",
        Loc::Square(s) => return std::borrow::Cow::Owned(s.to_string()),
    })
}
