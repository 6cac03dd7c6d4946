//! The typed syntax tree of ★ lines about other cards or rules (「★ このベースと同じラインにある
//! 相手のユニットのパワー-1000。」, 「★ このカードは斜めに移動できる。」) and of ☆ lines (「☆ この
//! カードはバトルタイミングでもプレイできる。」).

use super::condition::{BoardCondition, Group, area_text};
use super::modifier::Stat;
use crate::span::Span;
use dzero_core::{Area, Colour, DamageKind, Side, Timing};
use std::fmt;

/// ★ a static ability written as printed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StaticLine {
    /// The whole ability.
    pub span: Span,
    /// このカードがスクエアにある限り、 (`while this card is in a square,`): says what a ★ on the
    /// field means anyway; kept for the canonical spelling.
    pub while_in_square: bool,
    /// What it does.
    pub kind: StaticKind,
}

/// What a ★ line does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StaticKind {
    /// GROUPのパワー±N / スマッシュ±N (R16).
    Stat(Group, Stat, i32),
    /// GROUPの使用コストは無N少なくなる / 多くなる: the use cost of those cards.
    UseCost(Group, CostChange),
    /// GROUPが受けるダメージを±Nする: damage about to be dealt to those units.
    Damage(Group, i32),
    /// GROUPはこのカードに隣接するスクエアに移動できない.
    NoMoveNextToThis(Group),
    /// このカードはストラテジーから受けるダメージを受けない.
    NoDamageFrom(DamageKind),
    /// このカードは(相手の)カードの対象にならない: by cards of that side (`Side::Any`: anyone's).
    Untargetable(Side),
    /// このカードは斜めに移動できる.
    MoveDiagonally,
    /// このカードは自軍エリアからスマッシュできる.
    SmashFromOwnArea,
    /// このカードはバトルタイミングでプレイできる: the card's timing becomes this one.
    PlayTiming(Timing),
    /// 相手は中央エリアにユニットをプレイできない (`Side::Own`: あなたは).
    NoPlay(Side, Area),
    /// 相手のエネルギーゾーンにあるユニットのカードは、相手のリリースフェイズにリリースされない.
    NoRelease(Side, Option<dzero_core::CardKind>),
    /// あなたはスマッシュゾーンのカードがN枚になるまで敗北しない.
    SmashLoss(u32),
}

/// An energy change of a use cost: 無1少なくなる (`delta` -1), 赤1多くなる (+1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CostChange {
    /// The colour, `None` for colourless 無.
    pub colour: Option<Colour>,
    /// Negative: 少なくなる; positive: 多くなる.
    pub delta: i32,
}

/// ☆ a play or cost modifier written as printed (R17.4).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayLine {
    /// The whole ability.
    pub span: Span,
    /// 〜なら、: only while this holds.
    pub condition: Option<BoardCondition>,
    /// What it does.
    pub kind: PlayKind,
}

/// What a ☆ line does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlayKind {
    /// このカードの使用コストは無N少なくなる.
    OwnCost(CostChange),
    /// このカードはバトルタイミングでもプレイできる (`also`) / でプレイできる: a play method at
    /// that timing.
    Timing {
        /// The timing.
        timing: Timing,
        /// でも: written "also".
        also: bool,
    },
}

impl fmt::Display for StaticLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("★ ")?;
        if self.while_in_square {
            f.write_str("このカードがスクエアにある限り、")?;
        }
        match &self.kind {
            StaticKind::Stat(g, stat, d) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                write!(f, "{g}の{stat}{}", Signed(*d))?;
            }
            StaticKind::UseCost(g, c) => write!(f, "{g}の使用コストは{c}")?,
            StaticKind::Damage(g, d) => write!(f, "{g}が受けるダメージを{}する", Signed(*d))?,
            StaticKind::NoMoveNextToThis(g) => {
                write!(f, "{g}はこのカードに隣接するスクエアに移動できない")?
            }
            StaticKind::NoDamageFrom(_) => {
                f.write_str("このカードはストラテジーから受けるダメージを受けない")?
            }
            StaticKind::Untargetable(side) => {
                let by = match side {
                    Side::Opponent => "相手の",
                    Side::Own => "あなたの",
                    Side::Any => "",
                };
                write!(f, "このカードは{by}カードの対象にならない")?
            }
            StaticKind::MoveDiagonally => f.write_str("このカードは斜めに移動できる")?,
            StaticKind::SmashFromOwnArea => {
                f.write_str("このカードは自軍エリアからスマッシュできる")?
            }
            StaticKind::PlayTiming(t) => {
                write!(f, "このカードは{}でプレイできる", timing_text(*t))?
            }
            StaticKind::NoPlay(side, area) => write!(
                f,
                "{}は{}にユニットをプレイできない",
                side_text(*side),
                area_text(*area)
            )?,
            StaticKind::NoRelease(side, kind) => {
                let who = side_text(*side);
                let noun = match kind {
                    Some(dzero_core::CardKind::Unit) => "ユニットのカード",
                    Some(dzero_core::CardKind::Base) => "ベースのカード",
                    Some(dzero_core::CardKind::Strategy) => "ストラテジーのカード",
                    Some(dzero_core::CardKind::Dimension) => "次元のカード",
                    Some(dzero_core::CardKind::Phenomenon) => "現象のカード",
                    Some(dzero_core::CardKind::ShuffleCard) => "シャッフルカード",
                    None => "カード",
                };
                write!(
                    f,
                    "{who}のエネルギーゾーンにある{noun}は、{who}のリリースフェイズにリリースされない"
                )?
            }
            StaticKind::SmashLoss(n) => write!(
                f,
                "あなたはスマッシュゾーンのカードが{n}枚になるまで敗北しない"
            )?,
        }
        f.write_str("。")
    }
}

impl fmt::Display for PlayLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("☆ ")?;
        if let Some(c) = &self.condition {
            write!(f, "{c}なら、")?;
        }
        match self.kind {
            PlayKind::OwnCost(c) => write!(f, "このカードの使用コストは{c}")?,
            PlayKind::Timing { timing, also } => write!(
                f,
                "このカードは{}{}プレイできる",
                timing_text(timing),
                if also { "でも" } else { "で" }
            )?,
        }
        f.write_str("。")
    }
}

impl fmt::Display for CostChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = self.colour.map_or("無", Colour::symbol);
        let how = if self.delta < 0 {
            "少なくなる"
        } else {
            "多くなる"
        };
        write!(f, "{colour}{}{how}", self.delta.unsigned_abs())
    }
}

/// A number with its sign: `+1000`, `-2000`.
struct Signed(i32);

impl fmt::Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { '-' } else { '+' };
        write!(f, "{sign}{}", self.0.unsigned_abs())
    }
}

/// あなた / 相手.
fn side_text(side: Side) -> &'static str {
    if side == Side::Opponent {
        "相手"
    } else {
        "あなた"
    }
}

/// The printed name of a timing: バトルタイミング.
pub(crate) fn timing_text(t: Timing) -> &'static str {
    match t {
        Timing::Normal => "ノーマルタイミング",
        Timing::Quick => "クイックタイミング",
        Timing::Battle => "バトルタイミング",
    }
}
