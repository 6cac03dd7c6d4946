//! Decisions: questions, their options and targets.

use crate::{Lang, Text};
use dzero_core::{Ask, ChoiceKind, ChoiceOption, Loc, PendingChoice, Question, Target};

impl Text<'_> {
    /// A target: a card with its zone when outside the squares, a square, a player, or a stack
    /// item with its kind and card.
    pub fn target(&self, target: Target) -> String {
        let ja = self.lang == Lang::Ja;
        match target {
            Target::Card(c) if c.place().is_some() || !self.view.exists(c) => self.card(c),
            Target::Card(c) => {
                let plan = self
                    .view
                    .game
                    .zone(self.view.owner(c), dzero_core::Zone::Plan)
                    .contains(&c);
                match self.view.loc(c) {
                    Loc::Square(_) => self.card(c),
                    _ if plan && ja => format!("{}（プランゾーン）", self.card(c)),
                    _ if plan => format!("{} (plan zone)", self.card(c)),
                    loc if ja => format!("{}（{}）", self.card(c), self.loc(loc)),
                    loc => format!("{} ({})", self.card(c), self.loc(loc)),
                }
            }
            Target::Square(s) if ja => format!("スクエア{s}"),
            Target::Square(s) => format!("square {s}"),
            Target::Player(p) => p.to_string(),
            Target::Item(id) => match (self.view.item(id).map(|i| i.summary()), ja) {
                (Some((tag, Some(c))), false) => {
                    format!("{} of {} on the stack", self.tag(tag), self.card(c))
                }
                (Some((tag, None)), false) => format!("{} on the stack", self.tag(tag)),
                (None, false) => format!("stack item #{}", id.0),
                (Some((tag, Some(c))), true) => {
                    format!("スタック上の{}の{}", self.card(c), self.tag(tag))
                }
                (Some((tag, None)), true) => format!("スタック上の{}", self.tag(tag)),
                (None, true) => format!("スタックの項目#{}", id.0),
            },
        }
    }

    /// An option of a choice; a combination of targets names every target in it.
    pub fn option(&self, option: &ChoiceOption) -> String {
        match option {
            ChoiceOption::Card(c) => self.target(Target::Card(*c)),
            ChoiceOption::Cards(t) if t.is_empty() => match self.lang {
                Lang::En => "no target".into(),
                Lang::Ja => "対象なし".into(),
            },
            ChoiceOption::Cards(t) => t
                .as_slice()
                .iter()
                .map(|&t| self.target(t))
                .collect::<Vec<_>>()
                .join(" + "),
            ChoiceOption::Player(p) => p.to_string(),
            ChoiceOption::Item(i) => self.target(Target::Item(*i)),
            ChoiceOption::Square(s) => s.to_string(),
            ChoiceOption::Number(n) => n.to_string(),
            ChoiceOption::Position(p) => self.position(*p),
            ChoiceOption::Label(l) => match (self.lang, l.as_str()) {
                (Lang::Ja, "yes") => "はい".into(),
                (Lang::Ja, "no") => "いいえ".into(),
                (Lang::Ja, "done") => "これで終わる".into(),
                _ => l.clone(),
            },
        }
    }

    /// How a choice's answer is used.
    pub fn kind(&self, kind: ChoiceKind) -> &'static str {
        match (self.lang, kind) {
            (Lang::En, ChoiceKind::Effect) => "an effect's choice",
            (Lang::En, ChoiceKind::TriggerOrder) => "the order of triggers",
            (Lang::En, ChoiceKind::TriggerTarget) => "a trigger's targets",
            (Lang::En, ChoiceKind::BattleOrder) => "the order of battles",
            (Lang::En, ChoiceKind::ZoneOrder) => "the order of cards",
            (Lang::En, ChoiceKind::Replacement) => "a replacement's choice",
            (Lang::Ja, ChoiceKind::Effect) => "効果の選択",
            (Lang::Ja, ChoiceKind::TriggerOrder) => "誘発能力の順番",
            (Lang::Ja, ChoiceKind::TriggerTarget) => "誘発能力の対象",
            (Lang::Ja, ChoiceKind::BattleOrder) => "バトルの順番",
            (Lang::Ja, ChoiceKind::ZoneOrder) => "カードの順番",
            (Lang::Ja, ChoiceKind::Replacement) => "置換効果の選択",
        }
    }

    /// The question of a choice as one sentence.
    pub fn question(&self, question: &Question) -> String {
        match self.lang {
            Lang::En => self.question_en(question),
            Lang::Ja => self.question_ja(question),
        }
    }

    /// A pending choice: its question and numbered options (from 1).
    pub fn choice(&self, choice: &PendingChoice) -> String {
        let options: Vec<String> = choice
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{}: {}", i + 1, self.option(o)))
            .collect();
        let sep = match self.lang {
            Lang::En => " — options: ",
            Lang::Ja => " — 選択肢：",
        };
        format!(
            "{}{sep}{}",
            self.question(&choice.question),
            options.join(", ")
        )
    }

    /// What an effect asks.
    pub fn ask(&self, ask: &Ask) -> String {
        let s = match (self.lang, ask) {
            (_, Ask::Text(t)) => return t.clone(),
            (Lang::En, Ask::MayDo) => "you may: do it?",
            (Lang::En, Ask::CardOfHand) => "choose a card of your hand",
            (Lang::En, Ask::Discard) => "discard a card",
            (Lang::En, Ask::SearchDeck) => "search the deck",
            (Lang::En, Ask::SquareToPut) => "the square to put the card into",
            (Lang::En, Ask::CardToPut) => "a card to put into a square",
            (Lang::Ja, Ask::CardToPut) => "スクエアに置くカードを選んでください",
            (Lang::En, Ask::SquareToMove) => "the square to move to",
            (Lang::Ja, Ask::MayDo) => "実行しますか？",
            (Lang::Ja, Ask::CardOfHand) => "手札のカードを1枚選んでください",
            (Lang::Ja, Ask::Discard) => "捨てるカードを1枚選んでください",
            (Lang::Ja, Ask::SearchDeck) => "山札から探すカードを選んでください",
            (Lang::Ja, Ask::SquareToPut) => "カードを置くスクエアを選んでください",
            (Lang::Ja, Ask::SquareToMove) => "移動先のスクエアを選んでください",
            (Lang::En, Ask::TokenDestination) => "the dimension the token moves to",
            (Lang::En, Ask::BottomFirst) => "the dimension to put on the bottom next",
            (Lang::En, Ask::FillFirst) => "the empty position to fill next",
            (Lang::Ja, Ask::TokenDestination) => "駒を移動させる次元を選んでください",
            (Lang::Ja, Ask::BottomFirst) => "次に次元デッキの一番下に置く次元を選んでください",
            (Lang::Ja, Ask::FillFirst) => "次にカードを並べる場所を選んでください",
            (Lang::En, Ask::Targets) => "choose the targets",
            (Lang::Ja, Ask::Targets) => "対象を選んでください",
        };
        s.to_owned()
    }

    /// An effect's question: the author's words alone (they name what they need), an
    /// engine-phrased one after the asking card's name.
    fn effect_question(&self, card: Option<dzero_core::CardId>, ask: &Ask, sep: &str) -> String {
        match (card, ask) {
            (Some(c), ask) if !matches!(ask, Ask::Text(_)) => {
                format!("{}{sep}{}", self.name(c), self.ask(ask))
            }
            _ => self.ask(ask),
        }
    }

    fn question_en(&self, question: &Question) -> String {
        match question {
            Question::Effect { card, ask, .. } => self.effect_question(*card, ask, ": "),
            Question::TriggerOrder => {
                "Choose the triggered ability to put on the stack next".into()
            }
            Question::TriggerTarget { .. } => "Choose targets for the triggered ability".into(),
            Question::BattleOrder => {
                "Several squares are contested: choose where the battle begins first (A19)".into()
            }
            Question::ZoneOrder { zone } => {
                let place = if *zone == Loc::Deck {
                    "the bottom of your deck"
                } else {
                    "your graveyard"
                };
                format!(
                    "These cards went to {place} at the same time: choose the one to put in \
                     first, below the others (R1.7)"
                )
            }
            Question::ReplacementApplies {
                by,
                card,
                instead,
                to,
                text,
            } if text.is_empty() => format!(
                "{}: put {} into the {} instead of the {}?",
                self.name(*by),
                self.name(*card),
                self.loc(*instead),
                self.loc(*to)
            ),
            Question::ReplacementApplies { by, text, .. } => {
                format!("{}: {text}", self.name(*by))
            }
            Question::ReplacementOrder { card, to } => format!(
                "Several replacement effects apply to {} going to the {}: choose the one that \
                 applies first",
                self.name(*card),
                self.loc(*to)
            ),
        }
    }

    fn question_ja(&self, question: &Question) -> String {
        match question {
            Question::Effect { card, ask, .. } => self.effect_question(*card, ask, "："),
            Question::TriggerOrder => "次にスタックに置く誘発能力を選んでください".into(),
            Question::TriggerTarget { card, .. } => {
                format!("{}の誘発能力の対象を選んでください", self.card(*card))
            }
            Question::BattleOrder => {
                "複数のスクエアでバトルが起こります：最初にバトルするスクエアを選んでください（A19）"
                    .into()
            }
            Question::ZoneOrder { zone } => {
                let place = if *zone == Loc::Deck {
                    "山札の下"
                } else {
                    "墓地"
                };
                format!(
                    "これらのカードは同時に{place}に置かれました：最初に（他のカードの下に）置く\
                     カードを選んでください（R1.7）"
                )
            }
            Question::ReplacementApplies {
                by,
                card,
                instead,
                to,
                text,
            } if text.is_empty() => format!(
                "{}：{}を{}のかわりに{}に置きますか？",
                self.name(*by),
                self.name(*card),
                self.loc(*to),
                self.loc(*instead)
            ),
            Question::ReplacementApplies { by, text, .. } => {
                format!("{}：{text}", self.name(*by))
            }
            Question::ReplacementOrder { card, to } => format!(
                "{}が{}に置かれる際に複数の置換効果が適用されます：最初に適用するものを選んでください",
                self.name(*card),
                self.loc(*to)
            ),
        }
    }
}
