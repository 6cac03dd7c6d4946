//! The syntax tree of effect-level conditions written as printed: 「〜なら、…。そうでなければ…」
//! on the target's state (寒符「リンガリングコールド」) and the verbs they (and
//! 「プランゾーンからプレイした場合は代わりに…」, R9.6) apply to the subject already named
//! ([`Bare`]).

use super::effect_terms::{PutDest, Until};
use super::modifier::Stat;
use super::move_to::MoveTo;
use super::subject::{Filter, Subject};
use std::fmt;

/// 〜なら…。そうでなければ… on the state of the (one) target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IfTarget {
    /// The target the condition reads and the verbs act on.
    pub subject: Subject,
    /// The condition: 使用コストがN以下 (`cost<=N`) or パワーがN以下 (`power<=N`).
    pub test: Filter,
    /// What happens when it holds.
    pub then: Bare,
    /// そうでなければ… / `otherwise …`: what happens when it does not.
    pub otherwise: Option<Bare>,
}

/// A verb acting on a subject named before (破壊する, 8000ダメージを与える, ターン終了時までパワー-2000).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bare {
    /// 破壊する / `destroy it`.
    Destroy,
    /// フリーズする / `freeze it`.
    Freeze,
    /// リリースする / `release it`.
    Release,
    /// Nダメージを与える / `deal N damage`.
    Damage(u32),
    /// 持ち主の手札に戻す (手札に加える) / `return it to hand`.
    ReturnToHand,
    /// 持ち主の墓地に置く, ゲームから除外する (取り除く) / `put it into …`.
    Put(PutDest),
    /// UNTILパワーを±Nする / `until …, power ±N`.
    Boost(Until, Stat, i32),
    /// …スクエアに…置く: put into a square next to a card (A69).
    MoveTo(MoveTo),
}

impl fmt::Display for Bare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bare::Destroy => f.write_str("破壊する"),
            Bare::Freeze => f.write_str("フリーズする"),
            Bare::Release => f.write_str("リリースする"),
            Bare::Damage(n) => write!(f, "{n}ダメージを与える"),
            Bare::ReturnToHand => f.write_str("持ち主の手札に戻す"),
            Bare::Put(PutDest::Remove) => f.write_str("ゲームから除外する"),
            Bare::Put(d) => write!(f, "持ち主の{}に{}置く", d.text(), d.state()),
            Bare::Boost(u, stat, d) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                write!(f, "{u}{stat}を{sign}{}する", d.unsigned_abs())
            }
            Bare::MoveTo(m) => write!(f, "{m}"),
        }
    }
}
