//! The recursive core of the syntax tree: an ability line, the effect bodies it holds, their
//! sentences, and the clauses that hold abilities again (『…』を得る) or effect bodies (a
//! replacement's そうしたなら). These types refer to each other, so they share this file; how
//! they print as card text is in `print.rs`.

use super::clause_terms::{DelayWhen, Forbidden, ItemNoun, ReplEvent, ReplWho};
use super::condition::Group;
use super::cost::CostExpr;
use super::cost_per::CostPerLine;
use super::effect_choices::{HandPut, SquareDamage};
use super::effect_conditions::{Bare, IfTarget};
use super::effect_terms::{Discard, GainedKeyword, PutDest, PutFrom, Search, Until};
use super::modifier::{Modifier, Stat};
use super::move_to::MoveTo;
use super::printed_cost::PrintedCost;
use super::printed_static::{CardCondition, PlayForbidLine, PlaySetLine, SelfStatic};
use super::script::{ScriptRef, ScriptedLine};
use super::static_line::{PlayLine, StaticLine};
use super::subject::Subject;
use super::trigger::When;
use crate::span::Span;
use dzero_core::{Instead, Timing};

/// An ability: a ★ modifier, a ● activated ability or a ★/◆ pointing to Lua.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AbilityLine {
    /// ★ パワー+1000 (中央エリア).
    Modifier(Modifier),
    /// ● \[cost\]《timing》 lua:name.
    Activated(ActivatedLine),
    /// ★ lua:name or ◆ lua:name.
    Scripted(ScriptedLine),
    /// ◆ condition、effect written as printed.
    Triggered(TriggeredLine),
    /// ★ …場合、かわりに… (a replacement effect).
    Replacement(Replacement),
    /// ★ about other cards or rules, written as printed.
    Static(StaticLine),
    /// ☆ a play or cost modifier, written as printed.
    Play(PlayLine),
    /// ★ changes of this card's power or smash, each with its condition, as D0 prints them.
    SelfStatic(SelfStatic),
    /// ☆ this card's use cost or timing set while a condition holds (A55).
    PlaySet(PlaySetLine),
    /// 「…なければ、あなたはこのカードをプレイできない。」: a restriction on playing the card (A63).
    PlayForbid(PlayForbidLine),
    /// ★ GROUPに以下の能力を与える。『…』: abilities a group has while the ★ applies.
    GroupGrant(GroupGrantLine),
    /// ☆ this card's use cost changed once per N cards of a zone (A73).
    CostPer(CostPerLine),
}

impl AbilityLine {
    /// The span of the ability.
    pub fn span(&self) -> Span {
        match self {
            AbilityLine::Modifier(m) => m.span,
            AbilityLine::Activated(a) => a.span,
            AbilityLine::Scripted(s) => s.span,
            AbilityLine::Triggered(t) => t.span,
            AbilityLine::Replacement(r) => r.span,
            AbilityLine::Static(s) => s.span,
            AbilityLine::Play(p) => p.span,
            AbilityLine::SelfStatic(s) => s.span,
            AbilityLine::PlaySet(p) => p.span,
            AbilityLine::PlayForbid(p) => p.span,
            AbilityLine::GroupGrant(g) => g.span,
            AbilityLine::CostPer(c) => c.span,
        }
    }
}

/// ● \[cost\]《timing》 followed by `lua:name` or an effect written as printed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActivatedLine {
    /// The whole ability.
    pub span: Span,
    /// Activation cost (energy, フリーズ, 廃棄; free when only cards pay).
    pub cost: CostExpr,
    /// Costs paid with cards, as printed inside the brackets (R5.8).
    pub card_costs: Vec<PrintedCost>,
    /// Activation timing.
    pub timing: Timing,
    /// Span of 《timing》.
    pub timing_span: Span,
    /// The effect.
    pub effect: EffectSource,
}

/// Where an ability's effect is written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EffectSource {
    /// A function of the card's Lua script.
    Lua(ScriptRef),
    /// Sentences written as printed.
    Text(EffectBody),
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
    /// あなたは自分のエネルギーゾーンのすべてのカードを持ち主の山札に戻し、シャッフルする。あなたの山札の
    /// 上からX枚のカードを…エネルギーゾーンにリリースして置く。Xは…戻したカードの枚数と等しい (A74).
    EnergyThroughDeck,
    /// 相手はあなたの手札にあるカードをランダムにN枚選び、公開する: N cards of the controller's
    /// hand, picked at random, are shown to the opponent.
    RevealRandom(u8),
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
    /// …を…と隣接する…スクエアに…置く: put into a square next to a card (A69).
    MoveTo(Subject, MoveTo),
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
    PutFromHand(HandPut),
    /// 対象のプレイヤーは自分の手札をN枚選び、捨てる / `target player discards N`.
    PlayerDiscards(u8),
    /// あなたは自分の手札か墓地にある…ユニットをN枚選び、…スクエアに…状態で置く.
    PutFrom(PutFrom),
    /// 対象のバトルスクエアにいる相手のユニットにNダメージを与える /
    /// `deal N damage to opponent unit in target battle square`.
    SquareDamage(SquareDamage),
    /// 対象の…の使用コストがN以下なら…。そうでなければ… / `if target … cost<=N, …. otherwise, …`.
    IfTarget(Box<IfTarget>),
    /// A sentence, then プランゾーンからプレイした場合は代わりに… / `if played from the plan zone,
    /// instead …`: the second replaces the first when the card was played from the plan zone
    /// (R9.6), acting on the same subject.
    FromPlan(Box<Action>, Bare),
    /// A replacement rule, grant, delayed trigger, control change, counter or mill.
    Clause(Clause),
    /// …てもよい / `you may …`: the controller chooses on resolution whether to do it.
    May(Box<Action>),
    /// そうしたなら、… / `if you do, …`: done only if the optional sentence before was done.
    IfDone(Box<Action>),
    /// 「COND ならば、…」: done only if the condition holds on resolution.
    If(CardCondition, Box<Action>),
}

impl Action {
    /// The subject the sentence acts on, if any.
    pub fn subject(&self) -> Option<&Subject> {
        match self {
            Action::Draw(_)
            | Action::RevealRandom(_)
            | Action::ShuffleDimensionDeck
            | Action::EnergyThroughDeck
            | Action::Discard(_)
            | Action::Search(_)
            | Action::PutFromHand(_)
            | Action::PutFrom(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_) => None,
            Action::IfTarget(c) => Some(&c.subject),
            Action::FromPlan(a, _) => a.subject(),
            Action::Clause(c) => c.subject(),
            Action::May(a) | Action::IfDone(a) | Action::If(_, a) => a.subject(),
            Action::Damage(s, _)
            | Action::Destroy(s)
            | Action::ReturnToHand(s)
            | Action::Put(s, _)
            | Action::Move(s)
            | Action::MoveTo(s, _)
            | Action::PutIntoSquare(s, _)
            | Action::Freeze(s)
            | Action::Release(s)
            | Action::Boost(_, s, _, _)
            | Action::Gain(_, s, _)
            | Action::BoostX(_, s, _, _) => Some(s),
        }
    }
}

impl Bare {
    /// The sentence this verb makes on `s`.
    pub fn on(self, s: &Subject) -> Action {
        let s = s.clone();
        match self {
            Bare::Destroy => Action::Destroy(s),
            Bare::Freeze => Action::Freeze(s),
            Bare::Release => Action::Release(s),
            Bare::Damage(n) => Action::Damage(s, n),
            Bare::ReturnToHand => Action::ReturnToHand(s),
            Bare::Put(d) => Action::Put(s, d),
            Bare::Boost(u, stat, d) => Action::Boost(u, s, stat, d),
            Bare::MoveTo(m) => Action::MoveTo(s, m),
        }
    }
}

/// A clause used as an effect sentence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Clause {
    /// このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く: a replacement held by
    /// the game until the end of the turn (`who` is never [`ReplWho::This`]).
    RuleReplace(Replacement),
    /// このターン、相手はストラテジーをプレイできない: a prohibition held by the game until
    /// the end of the turn.
    RuleForbid(Forbidden),
    /// 次のあなたのターンの開始時、… / ターン終了時、…: a delayed trigger doing one sentence.
    Delayed(DelayWhen, Box<Step>),
    /// Until…、…は『…』と『…』を得る: abilities granted to the subject.
    Grant(Until, Subject, Vec<AbilityLine>),
    /// Until…、…のパワーを±Nし、『…』を得る: a boost and a gain for the same units in one
    /// sentence.
    BoostGain(Until, Subject, Stat, i32, Gift),
    /// Until…、…のコントロールを得る: the controller takes control of units.
    Control(Until, Subject),
    /// 対象のストラテジー1枚の解決を失敗させる / 対象の移動を無効にする: counters an item; `true`
    /// for …を1つまで選び (the choice may be empty).
    Counter(ItemNoun, bool),
    /// あなたの山札の上からN枚を墓地に置く (or エネルギーゾーン, スマッシュゾーン, リムーブゾーン): the
    /// controller's top N deck cards go to that zone.
    Mill(u8, DeckTopDest),
}

impl Clause {
    /// The subject the clause acts on, if any.
    pub fn subject(&self) -> Option<&Subject> {
        match self {
            Clause::Grant(_, s, _) | Clause::Control(_, s) | Clause::BoostGain(_, s, ..) => Some(s),
            _ => None,
        }
    }
}

/// ★ a replacement effect on a card's move into the graveyard: 「このカードが墓地に置かれる
/// 場合、かわりにリムーブゾーンに置く。」.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replacement {
    /// The whole replacement.
    pub span: Span,
    /// Whose moves it replaces.
    pub who: ReplWho,
    /// Which moves.
    pub event: ReplEvent,
    /// Where the card goes instead (its owner's zone).
    pub instead: Instead,
    /// 「…てもよい」: the owner of the replacing card chooses whether it applies.
    pub optional: bool,
    /// 「そうしたなら、…」: what happens after an optional replacement applied.
    pub payoff: Option<EffectBody>,
}

/// What a unit gains: a keyword, or abilities in 『』.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Gift {
    /// 加速, 速攻, 『★ このカードは相手のカードの対象にならない。』.
    Keyword(GainedKeyword),
    /// 『…』と『…』.
    Abilities(Vec<AbilityLine>),
}

/// Where the top cards of a deck go (R1.7: the deck's top card is the one a draw takes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckTopDest {
    /// 墓地に置く.
    Graveyard,
    /// エネルギーゾーンに(リリース状態で)置く: released (R5.2).
    Energy,
    /// スマッシュゾーンに(リリース状態で)置く: released.
    Smash,
    /// リムーブゾーンに置く / ゲームから取り除く.
    Remove,
}

/// ★ 「このカードと同じラインのスクエアにあるすべてのあなたのユニットに以下の能力を与える。
/// 『…』」: every unit of the group has the abilities while the ★ applies (R17.1, A49).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GroupGrantLine {
    /// The whole ability.
    pub span: Span,
    /// Which units have them.
    pub group: Group,
    /// The abilities in 『』.
    pub abilities: Vec<AbilityLine>,
}
