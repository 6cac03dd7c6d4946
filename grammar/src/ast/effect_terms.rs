//! The syntax tree of what effect sentences take besides their subject: a discard, a deck
//! search, the zone a card is put into, how long a change lasts and the keyword it grants.

use super::subject::Filter;
use std::fmt;

/// A discard: whose hand, how many, and how the cards are picked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Discard {
    /// 相手は / `opponent discards`: the controller's opponent discards (else the controller).
    pub opponent: bool,
    /// How many cards (1..=60); [`Discard::ALL`] for the whole hand (全てのカードを捨てる).
    pub count: u8,
    /// ランダムに / `at random`: picked with the game's seeded generator; otherwise the
    /// discarding player chooses.
    pub random: bool,
    /// 相手の手札を見て / `look at the opponent's hand`: the controller sees the opponent's hand
    /// and chooses the cards (with `opponent`).
    pub look: bool,
}

impl Discard {
    /// The count of a discard of the whole hand.
    pub const ALL: u8 = u8::MAX;
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
    /// エネルギーゾーンにフリーズ状態で (フリーズして): the energy zone, frozen (A68).
    EnergyFrozen,
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
            PutDest::Energy | PutDest::EnergyFrozen => Dest::Energy,
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
            PutDest::Energy | PutDest::EnergyFrozen => "エネルギーゾーン",
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
            PutDest::EnergyFrozen => "energy zone frozen",
            PutDest::DeckTop => "deck top",
            PutDest::DeckBottom => "deck bottom",
        }
    }

    /// The state words printed after the zone's に: フリーズ状態で for a frozen energy card.
    pub fn state(self) -> &'static str {
        match self {
            PutDest::EnergyFrozen => "フリーズ状態で",
            _ => "",
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

impl fmt::Display for Until {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Until::EndOfTurn => "ターン終了時まで",
            Until::EndOfBattle => "バトル終了時まで",
            Until::EndOfYourNextTurn => "次のあなたのターンの終了時まで",
        })
    }
}

/// あなたは自分の手札か墓地にある…ユニットをN枚(まで)選び、ユニットのない自軍エリアのスクエアに
/// フリーズ状態で置く: the controller chooses units of their own zones on resolution (no target)
/// and puts each into an empty battle square of the named areas.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PutFrom {
    /// The zones the units are chosen from, in printed order.
    pub zones: Vec<FromZone>,
    /// Conditions on the units.
    pub filters: Vec<Filter>,
    /// 使用コストX+N以下の: the use cost is at most the X paid for this card plus N (A72).
    pub cost_at_most_x_plus: Option<u32>,
    /// How many units.
    pub count: u8,
    /// 〜枚まで: fewer (or none) may be chosen.
    pub up_to: bool,
    /// 自軍エリアか中央エリア: the centre area too (else the own area only).
    pub centre: bool,
    /// フリーズ状態で (else リリース状態で).
    pub frozen: bool,
    /// このカードを結合し: the strategy binds to the unit it puts (A75).
    pub bind: bool,
    /// 対象の: the units are targets chosen as the ability is used (R7.4), not on resolution.
    pub target: bool,
}

/// A zone of the controller's that [`PutFrom`] chooses from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FromZone {
    /// 手札.
    Hand,
    /// 墓地.
    Graveyard,
    /// プランゾーン: the plan card (R9.1).
    Plan,
}

impl FromZone {
    /// The printed word.
    pub fn text(self) -> &'static str {
        match self {
            FromZone::Hand => "手札",
            FromZone::Graveyard => "墓地",
            FromZone::Plan => "プランゾーン",
        }
    }
}
