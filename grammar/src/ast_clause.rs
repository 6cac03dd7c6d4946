//! The typed syntax tree of card-text clauses (issue 11): replacement effects
//! (「…場合、かわりに…」), turn-long rules (「このターン、…」), abilities an effect grants
//! (『…』を得る), delayed triggers (「次のあなたのターンの開始時、…」), control changes, counters
//! and milling.

use crate::ast::{AbilityLine, Span, Stat};
use crate::ast_effect::{EffectBody, GainedKeyword, Step, Subject, Until};
use dzero_core::{CardKind, Instead};
use std::fmt;

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

/// Whose moves a replacement replaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplWho {
    /// このカード / このユニット / `this card`: the replacing card itself.
    This,
    /// あなたのカード / `your card`: cards its controller controls (owns, outside the squares).
    Own,
    /// 相手のカード / `an opponent's card`: the other player's cards.
    Opponent,
    /// カード / `a card`: every card.
    Any,
}

/// Which moves a replacement replaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplEvent {
    /// 墓地に置かれる / `would go to the graveyard`: every move into the graveyard.
    ToGraveyard,
    /// 破壊される / `would be destroyed`: from a square into the graveyard (001 破壊).
    Destroyed,
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
    /// 対象のストラテジー1枚の解決を失敗させる / 対象の移動を無効にする: counters an item.
    Counter(ItemNoun),
    /// あなたの山札の上からN枚を墓地に置く: the controller's top N deck cards go to the graveyard.
    Mill(u8),
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

/// What a unit gains: a keyword, or abilities in 『』.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Gift {
    /// 加速, 速攻, 『★ このカードは相手のカードの対象にならない。』.
    Keyword(GainedKeyword),
    /// 『…』と『…』.
    Abilities(Vec<AbilityLine>),
}

impl fmt::Display for Gift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gift::Keyword(k) => f.write_str(k.text()),
            Gift::Abilities(abilities) => write_abilities(f, abilities),
        }
    }
}

/// 『…』と『…』.
fn write_abilities(f: &mut fmt::Formatter<'_>, abilities: &[AbilityLine]) -> fmt::Result {
    for (i, a) in abilities.iter().enumerate() {
        if i > 0 {
            f.write_str("と")?;
        }
        write!(f, "『{a}』")?;
    }
    Ok(())
}

/// A play prohibition for the turn: who may not play what.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Forbidden {
    /// 相手は (the controller's opponent) or あなたは (the controller).
    pub opponent: bool,
    /// The card type (`None`: any card).
    pub kind: Option<CardKind>,
}

/// When a delayed trigger triggers (once).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DelayWhen {
    /// 次のあなたのターンの開始時 / `at the start of your next turn`.
    YourNextTurn,
    /// ターン終了時 / `at end of turn`: the next 「ターン終了時」 (the recovery phase begins).
    EndOfTurn,
}

/// The stack item a counter names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ItemNoun {
    /// ストラテジー: a strategy being played.
    Strategy,
    /// 移動: a move.
    Move,
    /// 能力: a ● or ◆ ability.
    Ability,
}

impl fmt::Display for ReplEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReplEvent::ToGraveyard => "墓地に置かれる",
            ReplEvent::Destroyed => "破壊される",
        })
    }
}

/// 「かわりに…に置く」 in canonical Japanese (with 「てもよい」 when optional).
fn write_instead(f: &mut fmt::Formatter<'_>, instead: Instead, optional: bool) -> fmt::Result {
    let zone = match instead {
        Instead::Remove => "リムーブゾーン",
        Instead::Smash => "スマッシュゾーン",
        Instead::Hand => "手札",
        Instead::DeckTop => "デッキの上",
        Instead::DeckBottom => "デッキの下",
        Instead::Graveyard => "墓地",
    };
    let verb = match (instead == Instead::Hand, optional) {
        (true, false) => "に戻す",
        (true, true) => "に戻してもよい",
        (false, false) => "に置く",
        (false, true) => "に置いてもよい",
    };
    write!(f, "かわりに{zone}{verb}")
}

/// Canonical Japanese: `★ このカードが破壊される場合、かわりに手札に戻してもよい。そうしたなら、…。`
impl fmt::Display for Replacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.who {
            ReplWho::This => "このカード",
            ReplWho::Own => "あなたのカード",
            ReplWho::Opponent => "相手のカード",
            ReplWho::Any => "カード",
        };
        write!(f, "★ {who}が{}場合、", self.event)?;
        write_instead(f, self.instead, self.optional)?;
        f.write_str("。")?;
        match &self.payoff {
            Some(p) => write!(f, "そうしたなら、{p}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::RuleReplace(r) => {
                let side = match r.who {
                    ReplWho::Own => "あなたの",
                    ReplWho::Opponent => "相手の",
                    ReplWho::This | ReplWho::Any => "",
                };
                write!(f, "このターン、{side}{}カードは", r.event)?;
                write_instead(f, r.instead, false)
            }
            Clause::RuleForbid(x) => {
                let who = if x.opponent { "相手" } else { "あなた" };
                let what = match x.kind {
                    Some(CardKind::Strategy) => "ストラテジー",
                    Some(CardKind::Unit) => "ユニット",
                    Some(CardKind::Base) => "ベース",
                    Some(CardKind::Dimension) => "次元",
                    Some(CardKind::Phenomenon) => "現象",
                    Some(CardKind::ShuffleCard) => "シャッフルカード",
                    None => "カード",
                };
                write!(f, "このターン、{who}は{what}をプレイできない")
            }
            Clause::Delayed(w, step) => {
                let when = match w {
                    DelayWhen::YourNextTurn => "次のあなたのターンの開始時",
                    DelayWhen::EndOfTurn => "ターン終了時",
                };
                write!(f, "{when}、{}", step.action)
            }
            Clause::Grant(u, s, abilities) => {
                write!(f, "{u}、{s}は")?;
                write_abilities(f, abilities)?;
                f.write_str("を得る")
            }
            Clause::BoostGain(u, s, stat, d, gift) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                write!(
                    f,
                    "{u}、{s}の{stat}を{sign}{}し、{gift}を得る",
                    d.unsigned_abs()
                )
            }
            Clause::Control(u, s) => write!(f, "{u}、{s}のコントロールを得る"),
            Clause::Counter(ItemNoun::Strategy) => {
                f.write_str("対象のストラテジー1枚の解決を失敗させる")
            }
            Clause::Counter(ItemNoun::Move) => f.write_str("対象の移動を無効にする"),
            Clause::Counter(ItemNoun::Ability) => f.write_str("対象の能力を無効にする"),
            Clause::Mill(n) => write!(f, "あなたの山札の上から{n}枚を墓地に置く"),
        }
    }
}
