//! The typed syntax tree of effect bodies written as printed (issue 11): sentences such as
//! 「対象のユニット1体に3000ダメージを与える。」 and the subjects they act on.

use crate::ast::{Span, Stat};
use dzero_core::{Colour, Side};
use std::fmt;

pub use crate::triggers::When;

/// ○ a strategy's effect written as printed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpellLine {
    /// The whole line.
    pub span: Span,
    /// The effect.
    pub body: EffectBody,
}

/// ◆ a trigger condition as printed, then an effect body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TriggeredLine {
    /// The whole ability.
    pub span: Span,
    /// The condition.
    pub when: When,
    /// Span of the condition.
    pub when_span: Span,
    /// The effect.
    pub body: EffectBody,
}

impl fmt::Display for TriggeredLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.when {
            When::DSwitch => write!(f, "{}{}", self.when.text(), self.body),
            _ => write!(f, "◆ {}、{}", self.when.text(), self.body),
        }
    }
}

/// An effect body: sentences applied in order on resolution.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EffectBody {
    /// The body's text.
    pub span: Span,
    /// The sentences in written order (at least one).
    pub steps: Vec<Step>,
}

/// One sentence of an effect body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The sentence's text (without its 。).
    pub span: Span,
    /// What it does.
    pub action: Action,
}

/// What one sentence does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// カードをN枚引く / `draw N`: the controller draws.
    Draw(u8),
    /// 次元デッキを切り直す / `shuffle the dimension deck` (R19.7, A38).
    ShuffleDimensionDeck,
    /// 手札をN枚捨てる / `discard N`: a player discards N cards of their hand.
    Discard(Discard),
    /// …にNダメージを与える / `deal N damage to …`.
    Damage(Subject, u32),
    /// …を破壊する / `destroy …`.
    Destroy(Subject),
    /// …を持ち主の手札に戻す / `return … to hand`.
    ReturnToHand(Subject),
    /// …を持ち主のリムーブゾーンに置く / `put … into remove zone` (or another zone).
    Put(Subject, PutDest),
    /// デッキから…をN枚選んで手札に加え、デッキをシャッフルする / `search deck for N …`.
    Search(Search),
    /// …をフリーズ状態で/リリース状態でスクエアに置く / `put … into a square frozen|released`
    /// (`true`: frozen).
    PutIntoSquare(Subject, bool),
    /// …を隣接するスクエアに移動する / `move … to an adjacent square`.
    Move(Subject),
    /// …をフリーズする / `freeze …`.
    Freeze(Subject),
    /// …をリリースする / `release …`.
    Release(Subject),
    /// Until…、…のパワーを±Nする / `until …, … power ±N`.
    Boost(Until, Subject, Stat, i32),
    /// Until…、…は加速を得る / `until …, … gains accel`.
    Gain(Until, Subject, GainedKeyword),
    /// …のパワーをUntil+X000する / `… power until … +X000`: a change of the given amount per
    /// X, the X chosen when the cost was paid (R5.5).
    BoostX(Until, Subject, Stat, i32),
    /// あなたの手札のカードN枚を選び、ZONEに置く / `put N card from hand into ZONE`.
    PutFromHand(crate::effect_choices::HandPut),
    /// 対象のプレイヤーは自分の手札をN枚選び、捨てる / `target player discards N`.
    PlayerDiscards(u8),
    /// 対象のバトルスクエアにいる相手のユニットにNダメージを与える /
    /// `deal N damage to opponent unit in target battle square`.
    SquareDamage(crate::effect_choices::SquareDamage),
    /// 対象の…の使用コストがN以下なら…。そうでなければ… / `if target … cost<=N, …. otherwise, …`.
    IfTarget(Box<crate::effect_conditions::IfTarget>),
    /// A sentence, then プランゾーンからプレイした場合は代わりに… / `if played from the plan zone,
    /// instead …`: the second replaces the first when the card was played from the plan zone
    /// (R9.6), acting on the same subject.
    FromPlan(Box<Action>, crate::effect_conditions::Bare),
    /// A replacement rule, grant, delayed trigger, control change, counter or mill
    /// (`ast_clause.rs`).
    Clause(crate::ast_clause::Clause),
    /// …てもよい / `you may …`: the controller chooses on resolution whether to do it.
    May(Box<Action>),
    /// そうしたなら、… / `if you do, …`: done only if the optional sentence before was done.
    IfDone(Box<Action>),
}

impl Action {
    /// The subject the sentence acts on, if any.
    pub fn subject(&self) -> Option<&Subject> {
        match self {
            Action::Draw(_)
            | Action::ShuffleDimensionDeck
            | Action::Discard(_)
            | Action::Search(_)
            | Action::PutFromHand(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_) => None,
            Action::IfTarget(c) => Some(&c.subject),
            Action::FromPlan(a, _) => a.subject(),
            Action::Clause(c) => c.subject(),
            Action::May(a) | Action::IfDone(a) => a.subject(),
            Action::Damage(s, _)
            | Action::Destroy(s)
            | Action::ReturnToHand(s)
            | Action::Put(s, _)
            | Action::Move(s)
            | Action::PutIntoSquare(s, _)
            | Action::Freeze(s)
            | Action::Release(s)
            | Action::Boost(_, s, _, _)
            | Action::Gain(_, s, _)
            | Action::BoostX(_, s, _, _) => Some(s),
        }
    }
}

/// A discard: whose hand, how many, and how the cards are picked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Discard {
    /// 相手は / `opponent discards`: the controller's opponent discards (else the controller).
    pub opponent: bool,
    /// How many cards (1..=60).
    pub count: u8,
    /// ランダムに / `at random`: picked with the game's seeded generator; otherwise the
    /// discarding player chooses.
    pub random: bool,
}

/// A deck search: the controller chooses cards of their deck matching the filters, puts them
/// into their hand, then shuffles the deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Search {
    /// Conditions on the cards, in written order.
    pub filters: Vec<Filter>,
    /// The card type (`None`: any card).
    pub kind: Option<dzero_core::CardKind>,
    /// How many cards (1..=60).
    pub count: u8,
}

/// The zone a card is put into, its owner's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PutDest {
    /// 墓地 / `graveyard` (from a square: destroyed, 001 破壊).
    Graveyard,
    /// リムーブゾーン / `remove zone`.
    Remove,
    /// スマッシュゾーン / `smash zone` (released).
    Smash,
    /// エネルギーゾーン / `energy zone` (released).
    Energy,
    /// デッキの上 (デッキの一番上) / `deck top`.
    DeckTop,
    /// デッキの下 (デッキの一番下) / `deck bottom`.
    DeckBottom,
}

impl PutDest {
    /// The core destination.
    pub(crate) fn core(self) -> dzero_core::Dest {
        use dzero_core::Dest;
        match self {
            PutDest::Graveyard => Dest::Graveyard,
            PutDest::Remove => Dest::Remove,
            PutDest::Smash => Dest::Smash,
            PutDest::Energy => Dest::Energy,
            PutDest::DeckTop => Dest::DeckTop,
            PutDest::DeckBottom => Dest::DeckBottom,
        }
    }

    /// Every zone, in documentation order.
    pub const ALL: [PutDest; 6] = [
        PutDest::Graveyard,
        PutDest::Remove,
        PutDest::Smash,
        PutDest::Energy,
        PutDest::DeckTop,
        PutDest::DeckBottom,
    ];

    /// The canonical Japanese.
    pub fn text(self) -> &'static str {
        match self {
            PutDest::Graveyard => "墓地",
            PutDest::Remove => "リムーブゾーン",
            PutDest::Smash => "スマッシュゾーン",
            PutDest::Energy => "エネルギーゾーン",
            PutDest::DeckTop => "デッキの上",
            PutDest::DeckBottom => "デッキの下",
        }
    }

    /// The ASCII spelling.
    pub fn ascii(self) -> &'static str {
        match self {
            PutDest::Graveyard => "graveyard",
            PutDest::Remove => "remove zone",
            PutDest::Smash => "smash zone",
            PutDest::Energy => "energy zone",
            PutDest::DeckTop => "deck top",
            PutDest::DeckBottom => "deck bottom",
        }
    }

    /// The zone spelled `s` (either spelling, ASCII case-insensitive; デッキの一番上/下 too).
    pub fn from_text(s: &str) -> Option<PutDest> {
        let s = s.replace("一番", "");
        PutDest::ALL
            .into_iter()
            .find(|d| d.text() == s || d.ascii().eq_ignore_ascii_case(&s))
    }
}

/// How long a change lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Until {
    /// ターン終了時まで / `until end of turn`.
    EndOfTurn,
    /// バトル終了時まで / `until end of battle` (no effect outside a battle).
    EndOfBattle,
    /// 次のあなたのターンの終了時まで / `until end of your next turn`.
    EndOfYourNextTurn,
}

/// A keyword an effect grants.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GainedKeyword {
    /// 加速 (R17.8).
    Accel,
    /// 速攻 (R17.7).
    Haste,
    /// 『★ このカードは相手のカードの対象にならない。』 / `hexproof`: the opponent's cards and
    /// abilities cannot target it (`Keywords::HEXPROOF`).
    Hexproof,
}

impl GainedKeyword {
    /// The canonical Japanese.
    pub fn text(self) -> &'static str {
        match self {
            GainedKeyword::Accel => "加速",
            GainedKeyword::Haste => "速攻",
            GainedKeyword::Hexproof => "『★ このカードは相手のカードの対象にならない。』",
        }
    }

    /// The keyword the rules read.
    pub fn keywords(self) -> dzero_core::Keywords {
        match self {
            GainedKeyword::Accel => dzero_core::Keywords::ACCEL,
            GainedKeyword::Haste => dzero_core::Keywords::HASTE,
            GainedKeyword::Hexproof => dzero_core::Keywords::HEXPROOF,
        }
    }
}

/// What a sentence acts on: chosen targets (対象の…N体) or every match (すべての…).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Subject {
    /// The subject's text.
    pub span: Span,
    /// Targets or each.
    pub mode: Choice,
    /// Whose cards (None: either player's).
    pub side: Option<Side>,
    /// The zone of cards outside the squares (墓地にある), None for the squares.
    pub zone: Option<CardZone>,
    /// Further conditions, in written order.
    pub filters: Vec<Filter>,
    /// What kind of card.
    pub noun: Noun,
}

/// Targets or each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    /// 対象の…N体 (`min` = N) or 対象の…N体まで (`up_to`): chosen on play (R7.4).
    Target {
        /// Number of targets.
        count: u8,
        /// Fewer (or none) may be chosen.
        up_to: bool,
    },
    /// すべての…: every matching card on resolution, no target.
    Each,
    /// このカード / このユニット / `this card`: the ability's own card.
    This,
    /// その / `its`: the subject of the sentence before.
    Same,
}

/// A zone named in a subject.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CardZone {
    /// 墓地 / `graveyard`.
    Graveyard,
    /// リムーブゾーン / `remove zone`.
    Remove,
}

/// A condition on the cards of a subject.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Filter {
    /// パワーN以下の / `power<=N`: current power (R16).
    PowerAtMost(u32),
    /// 使用コストがN以下の / `cost<=N`: the current use cost (after ☆/★ changes), total energy
    /// (X counts 0).
    CostAtMost(u32),
    /// 〈種族〉の / 種族が…の / `〈race〉`: the printed race.
    Race(String),
    /// 赤の / `red`: the card has that colour.
    Colour(Colour),
    /// このカードと隣接するスクエアにある / `adjacent`: in a square adjacent to the ability's
    /// card (R1.13).
    AdjacentToThis,
}

/// The card type a subject names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Noun {
    /// ユニット: a unit in a battle square.
    Unit,
    /// ベース: a base in a base square.
    Base,
    /// ユニットカード / ストラテジーカード / ベースカード / カード: a card in a zone, of a type
    /// if given.
    Card(Option<dzero_core::CardKind>),
}

impl fmt::Display for SpellLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "○ {}", self.body)
    }
}

/// Canonical Japanese: every sentence ends with 。.
impl fmt::Display for EffectBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.steps {
            write!(f, "{}。", s.action)?;
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = crate::effect_choices::write(self, f)
            .or_else(|| crate::effect_conditions::write(self, f))
        {
            return r;
        }
        match self {
            Action::May(a) => f.write_str(&crate::optional::may_form(&a.to_string())),
            Action::IfDone(a) => write!(f, "そうしたなら、{a}"),
            Action::Draw(n) => write!(f, "カードを{n}枚引く"),
            Action::ShuffleDimensionDeck => f.write_str("次元デッキを切り直す"),
            Action::Discard(d) => {
                let who = if d.opponent { "相手は" } else { "" };
                let n = d.count;
                match (d.random, d.opponent) {
                    (true, _) => write!(f, "{who}手札をランダムに{n}枚捨てる"),
                    (false, true) => write!(f, "{who}手札を{n}枚選んで捨てる"),
                    (false, false) => write!(f, "手札を{n}枚捨てる"),
                }
            }
            Action::Damage(s, n) => write!(f, "{s}に{n}ダメージを与える"),
            Action::Destroy(s) => write!(f, "{s}を破壊する"),
            Action::ReturnToHand(s) => write!(f, "{s}を持ち主の手札に戻す"),
            Action::Put(s, d) => write!(f, "{s}を持ち主の{}に置く", d.text()),
            Action::Search(x) => {
                f.write_str("デッキから")?;
                write_filters(f, &x.filters)?;
                f.write_str(noun_text(Noun::Card(x.kind)))?;
                write!(f, "を{}枚選んで手札に加え、デッキをシャッフルする", x.count)
            }
            Action::Move(s) => write!(f, "{s}を隣接するスクエアに移動する"),
            Action::PutIntoSquare(s, frozen) => {
                let state = if *frozen {
                    "フリーズ"
                } else {
                    "リリース"
                };
                write!(f, "{s}を{state}状態でスクエアに置く")
            }
            Action::Freeze(s) => write!(f, "{s}をフリーズする"),
            Action::Release(s) => write!(f, "{s}をリリースする"),
            Action::Boost(u, s, stat, d) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                let no = if s.mode == Choice::Same { "" } else { "の" };
                write!(f, "{u}、{s}{no}{stat}を{sign}{}する", d.unsigned_abs())
            }
            Action::BoostX(u, s, stat, per) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *per < 0 { '-' } else { '+' };
                let zeros = if per.unsigned_abs() == 1000 {
                    "000"
                } else {
                    ""
                };
                write!(f, "{s}の{stat}を{u}{sign}X{zeros}する")
            }
            Action::PutFromHand(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_)
            | Action::IfTarget(_)
            | Action::FromPlan(..) => Ok(()),
            Action::Gain(u, s, k) => write!(f, "{u}、{s}は{}を得る", k.text()),
            Action::Clause(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for Until {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Until::EndOfTurn => "ターン終了時まで",
            Until::EndOfBattle => "バトル終了時まで",
            Until::EndOfYourNextTurn => "次のあなたのターンの終了時まで",
        })
    }
}

/// Canonical order: 対象の/すべての, side, zone, filters, noun, count.
impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.mode {
            Choice::Target { .. } => "対象の",
            Choice::Each => "すべての",
            Choice::This if self.noun == Noun::Unit => return f.write_str("このユニット"),
            Choice::This => return f.write_str("このカード"),
            Choice::Same => return f.write_str("その"),
        })?;
        match self.side {
            Some(Side::Own) => f.write_str("あなたの")?,
            Some(Side::Opponent) => f.write_str("相手の")?,
            Some(Side::Any) | None => {}
        }
        match self.zone {
            Some(CardZone::Graveyard) => f.write_str("墓地にある")?,
            Some(CardZone::Remove) => f.write_str("リムーブゾーンにある")?,
            None => {}
        }
        write_filters(f, &self.filters)?;
        f.write_str(noun_text(self.noun))?;
        if let Choice::Target { count, up_to } = self.mode {
            let counter = if self.noun == Noun::Unit {
                "体"
            } else {
                "枚"
            };
            write!(f, "{count}{counter}{}", if up_to { "まで" } else { "" })?;
        }
        Ok(())
    }
}

/// Filters in canonical Japanese, in written order.
pub(crate) fn write_filters(f: &mut fmt::Formatter<'_>, filters: &[Filter]) -> fmt::Result {
    for x in filters {
        match x {
            Filter::PowerAtMost(n) => write!(f, "パワー{n}以下の")?,
            Filter::CostAtMost(n) => write!(f, "使用コストが{n}以下の")?,
            Filter::Race(r) => write!(f, "〈{r}〉の")?,
            Filter::Colour(c) => write!(f, "{}の", c.symbol())?,
            Filter::AdjacentToThis => f.write_str("このカードと隣接するスクエアにある")?,
        }
    }
    Ok(())
}

/// A noun in canonical Japanese.
pub(crate) fn noun_text(noun: Noun) -> &'static str {
    match noun {
        Noun::Unit => "ユニット",
        Noun::Base => "ベース",
        Noun::Card(Some(dzero_core::CardKind::Unit)) => "ユニットカード",
        Noun::Card(Some(dzero_core::CardKind::Strategy)) => "ストラテジーカード",
        Noun::Card(Some(dzero_core::CardKind::Base)) => "ベースカード",
        Noun::Card(Some(dzero_core::CardKind::Dimension)) => "次元カード",
        Noun::Card(Some(dzero_core::CardKind::Phenomenon)) => "現象カード",
        Noun::Card(Some(dzero_core::CardKind::ShuffleCard)) => "シャッフルカード",
        Noun::Card(None) => "カード",
    }
}
