//! The syntax tree of ★ lines about this card and ☆ lines that set its use cost or timing, as D0
//! prints them (「このカードが中央エリアのスクエアにある場合、このカードのパワーを+1000する。」,
//! 「相手のスマッシュゾーンにカードが6枚以上ある場合、このカードの使用コストを[無0]にし、使用タイミングを
//! 《バトル》にする。」), and the conditions they share.

use super::condition::{BoardCondition, area_text};
use super::cost::CostExpr;
use super::modifier::Stat;
use super::zone_name::ZoneName;
use crate::span::Span;
use dzero_core::{Area, Colour, Side, Timing};
use std::fmt;

/// A condition of a printed ★ or ☆ line (「…場合」).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardCondition {
    /// The condition's text (without 場合).
    pub span: Span,
    /// What it asks.
    pub kind: CardConditionKind,
}

/// What a [`CardCondition`] asks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardConditionKind {
    /// このカードが中央エリアのスクエアにある: the card's square is in that area (R1.11).
    ThisInArea(Area),
    /// このカードがフリーズ状態 (`true`) / リリース状態 (`false`).
    ThisFrozen(bool),
    /// このカードがプランゾーンに置かれている: the card is in that zone.
    ThisInZone(ZoneName),
    /// 相手のスマッシュゾーンにカードが6枚以上ある: that player's zone holds at least N cards.
    ZoneCount(ZoneCount),
    /// バトルスペースにあなたの白のユニットがある, あなたのユニットが3体以上.
    Board(BoardCondition),
    /// あなたのスマッシュゾーンのカードの枚数が相手より少なければ: one zone's count against
    /// another's.
    Compare(ZoneCompare),
}

/// Two zones' card counts compared: あなたのエネルギーゾーンにあるカードが相手のエネルギーゾーンにある
/// カードより少ない.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ZoneCompare {
    /// Whose zone is counted first.
    pub side: Side,
    /// The zone counted first.
    pub zone: ZoneName,
    /// Whose zone it is compared with (相手より: the same zone of that player).
    pub other_side: Side,
    /// The zone it is compared with.
    pub other_zone: ZoneName,
    /// 少ない (`true`: strictly fewer) or 多い (`false`: strictly more).
    pub fewer: bool,
}

/// The cards of one player's zone, counted: 相手のスマッシュゾーンにカードが6枚以上.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ZoneCount {
    /// Whose zone.
    pub side: Side,
    /// Which zone.
    pub zone: ZoneName,
    /// At least this many cards.
    pub at_least: u8,
}

/// A player's zone holding a card (of a colour), or holding none: あなたのエネルギーゾーンに青の
/// カードがなければ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ZoneHas {
    /// Whose zone.
    pub side: Side,
    /// Which zone.
    pub zone: ZoneName,
    /// Only cards of this colour count (`None`: any card).
    pub colour: Option<Colour>,
    /// なければ (`false`: it holds while the zone has no such card) or あれば (`true`).
    pub present: bool,
}

/// 「ZONE_HAS、あなたはこのカードをプレイできない。」: the card cannot be played while the
/// condition holds (A63).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayForbidLine {
    /// The whole line.
    pub span: Span,
    /// While this holds, the card cannot be played.
    pub when: ZoneHas,
}

impl fmt::Display for PlayForbidLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = &self.when;
        let colour = w
            .colour
            .map_or(String::new(), |c| format!("{}の", c.symbol()));
        write!(
            f,
            "☆ {}の{}に{colour}カードが{}、あなたはこのカードをプレイできない。",
            side_text(w.side),
            zone_text(w.zone),
            if w.present {
                "あれば"
            } else {
                "なければ"
            }
        )
    }
}

/// ★ changes of this card's own power or smash, one per printed sentence of the line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SelfStatic {
    /// The whole line.
    pub span: Span,
    /// The sentences, in written order.
    pub parts: Vec<SelfPart>,
}

/// 「(COND場合、)このカードのパワーを(、PER)+Nする」.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SelfPart {
    /// The sentence.
    pub span: Span,
    /// Only while this holds.
    pub condition: Option<CardCondition>,
    /// Power or smash.
    pub stat: Stat,
    /// The signed change (per counted card, with `per`).
    pub delta: i32,
    /// あなたのリムーブゾーンのカードの枚数1枚につき: the change applies once per card of that
    /// player's zone.
    pub per: Option<(Side, ZoneName)>,
}

/// ☆ the card's use cost or timing set while a condition holds (A55).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlaySetLine {
    /// The whole line.
    pub span: Span,
    /// Only while this holds.
    pub condition: Option<CardCondition>,
    /// このカードの使用コストを[無0]にする / は[無0]である.
    pub cost: Option<CostExpr>,
    /// 使用タイミングを《バトル》にする.
    pub timing: Option<Timing>,
}

impl fmt::Display for CardCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CardConditionKind::ThisInArea(a) => {
                write!(f, "このカードが{}のスクエアにある", area_text(*a))
            }
            CardConditionKind::ThisFrozen(true) => f.write_str("このカードがフリーズ状態"),
            CardConditionKind::ThisFrozen(false) => f.write_str("このカードがリリース状態"),
            CardConditionKind::ThisInZone(z) => {
                write!(f, "このカードが{}に置かれている", zone_text(*z))
            }
            CardConditionKind::ZoneCount(c) => write!(
                f,
                "{}の{}にカードが{}枚以上ある",
                side_text(c.side),
                zone_text(c.zone),
                c.at_least
            ),
            CardConditionKind::Board(b) => write!(f, "{b}"),
            CardConditionKind::Compare(c) => write!(
                f,
                "{}の{}のカードの枚数が{}の{}のカードの枚数より{}",
                side_text(c.side),
                zone_text(c.zone),
                side_text(c.other_side),
                zone_text(c.other_zone),
                if c.fewer { "少ない" } else { "多い" }
            ),
        }
    }
}

/// The condition and its 場合 (の場合 after a state).
fn write_condition(f: &mut fmt::Formatter<'_>, c: &Option<CardCondition>) -> fmt::Result {
    match c {
        Some(c) if matches!(c.kind, CardConditionKind::ThisFrozen(_)) => write!(f, "{c}の場合、"),
        Some(c) => write!(f, "{c}場合、"),
        None => Ok(()),
    }
}

impl fmt::Display for SelfStatic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("★ ")?;
        for p in &self.parts {
            write_condition(f, &p.condition)?;
            let stat = match p.stat {
                Stat::Power => "パワー",
                Stat::Smash => "スマッシュ",
            };
            write!(f, "このカードの{stat}を")?;
            if let Some((side, zone)) = p.per {
                write!(
                    f,
                    "、{}の{}のカードの枚数1枚につき",
                    side_text(side),
                    zone_text(zone)
                )?;
            }
            let sign = if p.delta < 0 { '-' } else { '+' };
            write!(f, "{sign}{}する。", p.delta.unsigned_abs())?;
        }
        Ok(())
    }
}

impl fmt::Display for PlaySetLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("☆ ")?;
        write_condition(f, &self.condition)?;
        let timing = self.timing.map(timing_word);
        match (&self.cost, timing) {
            (Some(c), Some(t)) => write!(
                f,
                "このカードの使用コストを[{c}]にし、使用タイミングを《{t}》にする。"
            ),
            (Some(c), None) => write!(f, "このカードの使用コストを[{c}]にする。"),
            (None, Some(t)) => write!(f, "このカードの使用タイミングを《{t}》にする。"),
            (None, None) => f.write_str("。"),
        }
    }
}

/// The word inside 《》.
fn timing_word(t: Timing) -> &'static str {
    match t {
        Timing::Normal => "ノーマル",
        Timing::Quick => "クイック",
        Timing::Battle => "バトル",
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

/// The printed name of a zone in a condition: スマッシュゾーン, 墓地.
pub(crate) fn zone_text(z: ZoneName) -> &'static str {
    match z {
        ZoneName::Graveyard => "墓地",
        ZoneName::Hand => "手札",
        ZoneName::Plan => "プランゾーン",
        ZoneName::Energy => "エネルギーゾーン",
        ZoneName::Smash => "スマッシュゾーン",
        ZoneName::Remove => "リムーブゾーン",
    }
}
