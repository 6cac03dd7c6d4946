//! The syntax tree of ◆ trigger conditions written as printed (R17.2): the [`When`] a ◆ line
//! names, in either spelling — a fixed phrase, an arrival with its subject and provenance
//! ([`Arrival`]), or conditions joined by か.

use super::condition::Group;
use super::trigger_move::Move;
use dzero_core::Side;
use std::fmt;

/// A ◆ trigger condition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum When {
    /// …がスクエアに置かれた時 / `when this card is put into a square`: a card arriving in a
    /// square, described by who arrived, from where and how.
    Arrives(Arrival),
    /// このユニットが破壊された時 (or このカードが…) / `when this unit is destroyed`.
    Destroyed,
    /// このカードがスクエアから墓地に置かれた時 /
    /// `when this card goes from a square to the graveyard`.
    SquareToGraveyard,
    /// このユニットがスマッシュした時 / `when this unit smashes`.
    Smashes,
    /// あなたのメインフェイズの開始時 (あなたのメインフェイズ開始時) /
    /// `at the start of your main phase`.
    YourMainPhase,
    /// あなたのユニットが破壊された時 / `when a unit of yours is destroyed`: any unit its
    /// controller controlled, this one included.
    OwnUnitDestroyed,
    /// このユニットがバトルに勝利した時 / `when this unit wins a battle`.
    WinsBattle,
    /// あなたのターンの終了時 (あなたのターン終了時) / `at the end of your turn`: the
    /// `TurnEnding` event of a turn of this card's controller.
    YourTurnEnd,
    /// ターン終了時 / `at end of each turn`: the end of every turn, either player's. On a
    /// strategy the same words start a delayed clause of its effect instead.
    EveryTurnEnd,
    /// ターン開始時 / `at start of each turn`: the start of every turn, either player's (A67).
    EveryTurnStart,
    /// このカードが攻撃した時 / `when this unit attacks`: a battle began in which this unit is
    /// an attacker (R11.3; both units are when they arrived together, A21).
    Attacks,
    /// このカードが攻撃された時 / `when this unit is attacked`: a battle began in which this
    /// unit's opponent is an attacker (R11.3, A52).
    Attacked,
    /// このユニットが相手のカードや能力の対象になった時 /
    /// `when this unit becomes a target of the opponent`: an item of the opponent of this
    /// card's controller targeted it (R7.4).
    TargetedByOpponent,
    /// あなたが{C}を出したとき / `when you roll {C}`: a roll of this card's controller (each
    /// player, for a shared dimension, A42) showed C (R19.13).
    RolledC,
    /// この現象が表向きになったとき / `when this phenomenon is turned face up`: turned over
    /// during play, never during setup (R19.9, R19.15, R19.20, A37).
    TurnedFaceUp,
    /// Dスイッチ：このD2フィールドをゲーム中で一度上下逆さまにしてもよい。そうしたら、 /
    /// `d-switch: you may turn this d2 field upside down once this game. if you do,`: a D2
    /// field standing in for a dimension (R19.6): on {C} the effect after this wording
    /// triggers at once, with no turning and no once-a-game limit (R19.13, 003 L30).
    DSwitch,
    /// このカードが対象になった時 / `when this card becomes a target`: any item targeted it,
    /// either player's (R7.4, A60).
    Targeted,
    /// カードがあなたのエネルギーゾーンから墓地に置かれた時: a card moving between zones (A60).
    Moved(Move),
    /// このカードがスクエアを離れた時 / `when this card leaves a square`: for any zone, the
    /// graveyard, a hand or another player's control included, but not a move between
    /// squares (R17.2, A60).
    LeavesSquare,
    /// このカードが結合した時 / `when this card becomes bound`: this strategy became bound to
    /// a unit (A75), seen where it went.
    Binds,
    /// このカードと同じラインのスクエアにあるユニットがバトルに勝った時[、そのバトル終了時]: a
    /// unit of the group won a battle; the battle ends as it is won (A61).
    GroupWins(GroupWins),
    /// A時かB時 / `A or B`: one ability that triggers on any of its conditions (A53).
    Either(Vec<When>),
}

/// A unit of a group winning a battle, as a ◆ condition names it (A61).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GroupWins {
    /// Which units.
    pub group: Group,
    /// 、そのバトル終了時 printed after it: the same moment (A61).
    pub at_end: bool,
}

/// A card arriving in a square, as a ◆ condition names it (R17.2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrival {
    /// Who arrives.
    pub who: Arriving,
    /// Where it came from.
    pub from: ArrivalFrom,
    /// Whether it was played.
    pub how: ArrivalHow,
    /// 相手のカードの効果で: put there by an effect of a card of that side (A68); `None`: any
    /// way.
    pub by: Option<Side>,
    /// このカードと同じラインに: only into a square of this card's line (A68).
    pub same_line: bool,
}

/// Who arrives in an [`Arrival`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Arriving {
    /// このカード / このユニット: the ability's own card.
    This,
    /// 種族「X」のあなたのユニット, 相手のユニット: any unit of a group, in a battle square.
    Group(Group),
}

/// Where an arriving card came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArrivalFrom {
    /// Anywhere, another square included (a move).
    Any,
    /// 手札から: the hand.
    Hand,
    /// プランゾーンから: the plan zone (R9.6).
    Plan,
    /// 手札かプランゾーンから: the hand or the plan zone.
    HandOrPlan,
    /// 墓地から: the graveyard.
    Graveyard,
    /// スクエア以外から: any zone but the squares (not a move).
    OutsideSquares,
}

/// Whether an arriving card was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArrivalHow {
    /// Played, put by an effect or moved.
    Any,
    /// プレイされて: a resolving play (R8).
    Played,
    /// (プレイ以外で): put there by an effect or moved, not played.
    NotPlayed,
}

impl Arrival {
    /// このカード arriving from `from`, `how`.
    pub const fn this(from: ArrivalFrom, how: ArrivalHow) -> Arrival {
        Arrival {
            who: Arriving::This,
            from,
            how,
            by: None,
            same_line: false,
        }
    }
}

impl ArrivalFrom {
    /// The printed words, with their から.
    pub fn text(self) -> &'static str {
        match self {
            ArrivalFrom::Any => "",
            ArrivalFrom::Hand => "手札から",
            ArrivalFrom::Plan => "プランゾーンから",
            ArrivalFrom::HandOrPlan => "手札かプランゾーンから",
            ArrivalFrom::Graveyard => "墓地から",
            ArrivalFrom::OutsideSquares => "スクエア以外から",
        }
    }

    /// The words `s` (with their から).
    pub fn from_text(s: &str) -> Option<ArrivalFrom> {
        [
            ArrivalFrom::Hand,
            ArrivalFrom::Plan,
            ArrivalFrom::HandOrPlan,
            ArrivalFrom::Graveyard,
            ArrivalFrom::OutsideSquares,
        ]
        .into_iter()
        .find(|f| f.text() == s)
    }
}

/// The ASCII spellings of このカード's arrivals.
const ARRIVALS_ASCII: [(ArrivalFrom, ArrivalHow, &str); 5] = [
    (
        ArrivalFrom::Plan,
        ArrivalHow::Played,
        "when this card is played from the plan zone into a square",
    ),
    (
        ArrivalFrom::Any,
        ArrivalHow::Played,
        "when this card is played into a square",
    ),
    (
        ArrivalFrom::OutsideSquares,
        ArrivalHow::Any,
        "when this card is put into a square from outside the squares",
    ),
    (
        ArrivalFrom::Plan,
        ArrivalHow::NotPlayed,
        "when this card is put into a square from the plan zone other than by playing it",
    ),
    (
        ArrivalFrom::Any,
        ArrivalHow::Any,
        "when this card is put into a square",
    ),
];

impl When {
    /// The conditions printed as a fixed phrase, in documentation order.
    pub const FIXED: [When; 17] = [
        When::Destroyed,
        When::SquareToGraveyard,
        When::Smashes,
        When::YourMainPhase,
        When::OwnUnitDestroyed,
        When::WinsBattle,
        When::YourTurnEnd,
        When::EveryTurnEnd,
        When::EveryTurnStart,
        When::Attacks,
        When::Attacked,
        When::TargetedByOpponent,
        When::RolledC,
        When::TurnedFaceUp,
        When::Targeted,
        When::LeavesSquare,
        When::Binds,
    ];

    /// The fixed phrase's printed Japanese (`None` for an arrival, a joined condition or the
    /// D-switch, which print from their parts).
    fn fixed_text(&self) -> Option<&'static str> {
        Some(match self {
            When::Destroyed => "このユニットが破壊された時",
            When::SquareToGraveyard => "このカードがスクエアから墓地に置かれた時",
            When::Smashes => "このユニットがスマッシュした時",
            When::YourMainPhase => "あなたのメインフェイズの開始時",
            When::OwnUnitDestroyed => "あなたのユニットが破壊された時",
            When::WinsBattle => "このユニットがバトルに勝利した時",
            When::YourTurnEnd => "あなたのターンの終了時",
            When::EveryTurnEnd => "ターン終了時",
            When::EveryTurnStart => "ターン開始時",
            When::Attacks => "このカードが攻撃した時",
            When::Attacked => "このカードが攻撃された時",
            When::TargetedByOpponent => "このユニットが相手のカードや能力の対象になった時",
            When::RolledC => "あなたが{C}を出したとき",
            When::TurnedFaceUp => "この現象が表向きになったとき",
            When::Targeted => "このカードが対象になった時",
            When::LeavesSquare => "このカードがスクエアを離れた時",
            When::Binds => "このカードが結合した時",
            When::Arrives(_)
            | When::Moved(_)
            | When::GroupWins(_)
            | When::DSwitch
            | When::Either(_) => return None,
        })
    }

    /// The ASCII spelling, where there is one: every fixed phrase and このカード's arrivals
    /// listed in docs/dsl.md.
    pub fn ascii(&self) -> Option<&'static str> {
        Some(match self {
            When::Arrives(a) if a.who == Arriving::This => {
                return ARRIVALS_ASCII
                    .iter()
                    .find(|(from, how, _)| *from == a.from && *how == a.how)
                    .map(|(_, _, t)| *t);
            }
            When::Destroyed => "when this unit is destroyed",
            When::SquareToGraveyard => "when this card goes from a square to the graveyard",
            When::Smashes => "when this unit smashes",
            When::YourMainPhase => "at the start of your main phase",
            When::OwnUnitDestroyed => "when a unit of yours is destroyed",
            When::WinsBattle => "when this unit wins a battle",
            When::YourTurnEnd => "at the end of your turn",
            When::EveryTurnEnd => "at end of each turn",
            When::EveryTurnStart => "at start of each turn",
            When::Attacks => "when this unit attacks",
            When::Attacked => "when this unit is attacked",
            When::TargetedByOpponent => "when this unit becomes a target of the opponent",
            When::RolledC => "when you roll {C}",
            When::TurnedFaceUp => "when this phenomenon is turned face up",
            When::Targeted => "when this card becomes a target",
            When::LeavesSquare => "when this card leaves a square",
            When::Binds => "when this card becomes bound",
            When::Arrives(_)
            | When::Moved(_)
            | When::GroupWins(_)
            | When::DSwitch
            | When::Either(_) => return None,
        })
    }

    /// The fixed phrase spelled `s` (either spelling, ASCII case-insensitive; other printed
    /// spellings: このカードが破壊された時 is このユニットが破壊された時, only a card in a square
    /// being destroyed; とき is 時; あなたのターン終了時 and あなたのメインフェイズ開始時 drop の;
    /// このユニット is このカード). Arrivals written in ASCII are read here too.
    pub fn from_text(s: &str) -> Option<When> {
        let s = s
            .trim_start_matches("バトルスペースのスクエアにある")
            .replace("とき", "時")
            .replace("このユニットが攻撃", "このカードが攻撃")
            .replace("このユニットが対象", "このカードが対象")
            .replace("このユニットがスクエアを離れ", "このカードがスクエアを離れ");
        match s.to_ascii_lowercase().as_str() {
            "このカードが破壊された時" => return Some(When::Destroyed),
            "あなたが{c}を出した時" | "when you roll {c}" => return Some(When::RolledC),
            "この現象が表向きになった時" => return Some(When::TurnedFaceUp),
            "あなたのターン終了時" => return Some(When::YourTurnEnd),
            "あなたのメインフェイズ開始時" => return Some(When::YourMainPhase),
            _ => {}
        }
        if let Some((from, how, _)) = ARRIVALS_ASCII
            .iter()
            .find(|(_, _, t)| t.eq_ignore_ascii_case(&s))
        {
            return Some(When::Arrives(Arrival::this(*from, *how)));
        }
        When::FIXED.into_iter().find(|w| {
            w.fixed_text().is_some_and(|t| t == s)
                || w.ascii().is_some_and(|t| t.eq_ignore_ascii_case(&s))
        })
    }

    /// Every event condition this one is made of: itself, or each of a joined condition's.
    pub fn parts(&self) -> &[When] {
        match self {
            When::Either(parts) => parts,
            other => std::slice::from_ref(other),
        }
    }
}

/// Canonical Japanese: このカード for the ability's own card; conditions joined by か.
impl fmt::Display for When {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            When::Arrives(a) => write!(f, "{a}"),
            When::Moved(m) => write!(f, "{m}"),
            When::GroupWins(w) => {
                write!(f, "{}がバトルに勝った時", w.group)?;
                if w.at_end {
                    f.write_str("、そのバトル終了時")?;
                }
                Ok(())
            }
            When::DSwitch => f.write_str(D_SWITCH),
            When::Either(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("か")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            fixed => f.write_str(fixed.fixed_text().unwrap_or_default()),
        }
    }
}

impl fmt::Display for Arrival {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.who {
            Arriving::This => f.write_str("このカード")?,
            Arriving::Group(g) => write!(f, "{g}")?,
        }
        f.write_str("が")?;
        f.write_str(self.from.text())?;
        match self.by {
            Some(Side::Own) => f.write_str("あなたのカードの効果で")?,
            Some(Side::Opponent) => f.write_str("相手のカードの効果で")?,
            Some(Side::Any) => f.write_str("カードの効果で")?,
            None => {}
        }
        f.write_str(match self.how {
            ArrivalHow::Any => "",
            ArrivalHow::Played => "プレイされて",
            ArrivalHow::NotPlayed => "(プレイ以外で)",
        })?;
        f.write_str(if self.same_line {
            "このカードと同じラインに置かれた時"
        } else {
            "スクエアに置かれた時"
        })
    }
}

/// The printed D-switch wording of a D2 field, up to its effect (R19.13).
pub(crate) const D_SWITCH: &str =
    "Dスイッチ：このD2フィールドをゲーム中で一度上下逆さまにしてもよい。そうしたら、";
