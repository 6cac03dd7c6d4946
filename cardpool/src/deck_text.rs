//! Deck problems, worded before any duel exists: why a deck or a dimension deck cannot be
//! played, naming the cards by their printed names and the rules broken.

use dzero_core::Lang;
use dzero_core::{CardDb, DeckRuleBreak, DefId, DimensionDeckProblem, SetupError};

/// Phrases deck problems in one language, with the card names of a card database.
#[derive(Clone, Copy)]
pub struct DeckText<'a> {
    db: &'a CardDb,
    lang: Lang,
}

impl<'a> DeckText<'a> {
    /// Deck text naming the cards of `db`, in `lang`.
    pub fn new(db: &'a CardDb, lang: Lang) -> DeckText<'a> {
        DeckText { db, lang }
    }

    /// A card definition's printed name; `#n` for one the database does not know.
    fn name(&self, def: DefId) -> String {
        self.db
            .get(def)
            .map_or_else(|| format!("#{}", def.0), |d| d.name.clone())
    }

    /// Why a duel cannot start, ending with the IDs of the rules broken.
    pub fn setup_error(&self, error: &SetupError) -> String {
        let ja = self.lang == Lang::Ja;
        let rules = self.lang.cite(error.rules());
        match error {
            SetupError::DeckSize {
                player,
                found,
                expected,
            } if ja => format!(
                "{player}のデッキは{found}枚：ルールセットはちょうど{expected}枚を求める{rules}"
            ),
            SetupError::DeckSize {
                player,
                found,
                expected,
            } => format!(
                "{player}'s deck has {found} cards; the rule set needs exactly {expected}{rules}"
            ),
            SetupError::TooManyCopies {
                player,
                name,
                count,
                max,
            } if ja => format!(
                "{player}のデッキに「{name}」が{count}枚ある：入れられるのは{max}枚まで{rules}"
            ),
            SetupError::TooManyCopies {
                player,
                name,
                count,
                max,
            } => format!(
                "{player}'s deck has {count} copies of 「{name}」; at most {max} are allowed{rules}"
            ),
            SetupError::DeckRule { player, broken } if ja => {
                format!("{player}のデッキ：{}", self.deck_rule(broken))
            }
            SetupError::DeckRule { player, broken } => {
                format!("{player}'s deck: {}", self.deck_rule(broken))
            }
            SetupError::DimensionDeck { problem } if ja => {
                format!("次元デッキ：{}", self.dimension_deck(problem))
            }
            SetupError::DimensionDeck { problem } => {
                format!("the dimension deck: {}", self.dimension_deck(problem))
            }
            SetupError::UnknownCard { player, def } if ja => format!(
                "{player}のデッキのカード定義#{}はカードデータベースにない",
                def.0
            ),
            SetupError::UnknownCard { player, def } => format!(
                "{player}'s deck names card definition #{}, which is not in the card database",
                def.0
            ),
        }
    }

    /// A broken deck-building restriction printed on a card.
    pub fn deck_rule(&self, broken: &DeckRuleBreak) -> String {
        let ja = self.lang == Lang::Ja;
        let name = self.name(broken.card());
        match broken {
            DeckRuleBreak::Copies { count, max, .. } if ja => {
                format!("デッキに「{name}」が{count}枚ある：カードのテキストでは{max}枚まで")
            }
            DeckRuleBreak::Copies { count, max, .. } => format!(
                "the deck has {count} copies of 「{name}」; its card text allows at most {max}"
            ),
            DeckRuleBreak::Keyword {
                keyword,
                max,
                count,
                ..
            } if ja => format!(
                "「{name}」は{keyword}{max}を持つ：デッキに{keyword}を持つカードは{max}枚までだが、\
                 このデッキには{count}枚ある"
            ),
            DeckRuleBreak::Keyword {
                keyword,
                max,
                count,
                ..
            } => format!(
                "「{name}」 has {keyword}{max}: a deck holds at most {max} cards with {keyword}, \
                 this one holds {count}"
            ),
            DeckRuleBreak::Colours { colours, other, .. } => {
                let colours: String = colours.iter().map(|c| c.symbol()).collect();
                let other = self.name(*other);
                if ja {
                    format!(
                        "「{name}」は{colours}のカードだけのデッキにしか入れられないが、\
                         「{other}」は他の色を持つ"
                    )
                } else {
                    format!(
                        "「{name}」 may only be in a deck of {colours} cards, but 「{other}」 has \
                         another colour"
                    )
                }
            }
        }
    }

    /// What is wrong with a dimension deck, ending with the IDs of the rules broken.
    pub fn dimension_deck(&self, problem: &DimensionDeckProblem) -> String {
        let ja = self.lang == Lang::Ja;
        let rules = self.lang.cite(problem.rules());
        match *problem {
            DimensionDeckProblem::NoDimensionDeck { rules: name } if ja => {
                format!("ルールセット`{name}`には次元デッキがない{rules}")
            }
            DimensionDeckProblem::NoDimensionDeck { rules: name } => {
                format!("the rule set `{name}` has no dimension deck{rules}")
            }
            DimensionDeckProblem::UnknownCard { def } if ja => {
                format!("カード#{}はカードデータベースにない", def.0)
            }
            DimensionDeckProblem::UnknownCard { def } => {
                format!("card #{} is not in the card database", def.0)
            }
            DimensionDeckProblem::NotDimensionOrPhenomenon { def } if ja => {
                format!("「{}」は次元でも現象でもない{rules}", self.name(def))
            }
            DimensionDeckProblem::NotDimensionOrPhenomenon { def } => format!(
                "「{}」 is not a dimension or a phenomenon{rules}",
                self.name(def)
            ),
            DimensionDeckProblem::ShuffleCards { count } if ja => {
                format!("シャッフルカードが{count}枚：加えられるのは1枚まで{rules}")
            }
            DimensionDeckProblem::ShuffleCards { count } => {
                format!("{count} shuffle cards; at most one may be added{rules}")
            }
            DimensionDeckProblem::Size { count } if ja => {
                format!("{count}枚（シャッフルカードを除く）：10〜40枚が必要{rules}")
            }
            DimensionDeckProblem::Size { count } => {
                format!("{count} cards (not counting a shuffle card); it needs 10 to 40{rules}")
            }
            DimensionDeckProblem::ExplorationPhenomena { phenomena, count } if ja => format!(
                "{count}枚のデッキに現象が{phenomena}枚：次元探索戦では現象は20枚以上のデッキに\
                 しか入れられない{rules}"
            ),
            DimensionDeckProblem::ExplorationPhenomena { phenomena, count } => format!(
                "{phenomena} phenomena in a deck of {count} cards; 次元探索戦 allows phenomena \
                 only from 20 cards{rules}"
            ),
            DimensionDeckProblem::PhenomenaPerDimensions {
                phenomena,
                dimensions,
            } if ja => format!(
                "次元{dimensions}枚に現象が{phenomena}枚：現象は次元4枚につき1枚まで、{}枚{rules}",
                dimensions / 4
            ),
            DimensionDeckProblem::PhenomenaPerDimensions {
                phenomena,
                dimensions,
            } => format!(
                "{phenomena} phenomena for {dimensions} dimensions; at most one per four \
                 dimensions, {}{rules}",
                dimensions / 4
            ),
        }
    }
}
