//! The syntax tree of ◆ trigger conditions written as printed (R17.2): the [`When`] a ◆ line
//! names, in either spelling.

/// A ◆ trigger condition.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum When {
    /// このカードがスクエアに置かれた時 / `when this card is put into a square`.
    PutIntoSquare,
    /// このユニットが破壊された時 (or このカードが…) / `when this unit is destroyed`.
    Destroyed,
    /// このカードがスクエアから墓地に置かれた時 /
    /// `when this card goes from a square to the graveyard`.
    SquareToGraveyard,
    /// このユニットがスマッシュした時 / `when this unit smashes`.
    Smashes,
    /// あなたのメインフェイズの開始時 / `at the start of your main phase`.
    YourMainPhase,
    /// あなたのユニットが破壊された時 / `when a unit of yours is destroyed`: any unit its
    /// controller controlled, this one included.
    OwnUnitDestroyed,
    /// 相手のユニットがスクエアに置かれた時 / `when an opponent's unit is put into a square`:
    /// played, put or moved.
    OpponentUnitPut,
    /// このユニットがバトルに勝利した時 / `when this unit wins a battle`.
    WinsBattle,
    /// あなたのターンの終了時 / `at the end of your turn`: the `TurnEnding` event of a turn of
    /// this card's controller.
    YourTurnEnd,
    /// このカードがプランゾーンからプレイされてスクエアに置かれた時 /
    /// `when this card is played from the plan zone into a square` (R9.6).
    PlayedFromPlan,
    /// このカードがプレイされてスクエアに置かれた時 / `when this card is played into a square`:
    /// a resolving play, not an effect or a move.
    Played,
    /// このカードがスクエア以外からスクエアに置かれた時 /
    /// `when this card is put into a square from outside the squares`: played or put from a
    /// zone, not moved between squares.
    FromOutsideSquares,
    /// このユニットが相手のカードや能力の対象になった時 /
    /// `when this unit becomes a target of the opponent`: an item of the opponent of this
    /// card's controller targeted it (R7.4).
    TargetedByOpponent,
    /// このカードがプランゾーンから(プレイ以外で)スクエアに置かれた時 /
    /// `when this card is put into a square from the plan zone other than by playing it`: put
    /// there from the plan zone by an effect, not played (R9.6).
    FromPlanNotPlayed,
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
}

impl When {
    /// Every condition, in documentation order.
    pub const ALL: [When; 17] = [
        When::PutIntoSquare,
        When::Destroyed,
        When::SquareToGraveyard,
        When::Smashes,
        When::YourMainPhase,
        When::OwnUnitDestroyed,
        When::OpponentUnitPut,
        When::WinsBattle,
        When::YourTurnEnd,
        When::PlayedFromPlan,
        When::Played,
        When::FromOutsideSquares,
        When::TargetedByOpponent,
        When::FromPlanNotPlayed,
        When::RolledC,
        When::TurnedFaceUp,
        When::DSwitch,
    ];

    /// The printed Japanese.
    pub fn text(self) -> &'static str {
        match self {
            When::PutIntoSquare => "このカードがスクエアに置かれた時",
            When::Destroyed => "このユニットが破壊された時",
            When::SquareToGraveyard => "このカードがスクエアから墓地に置かれた時",
            When::Smashes => "このユニットがスマッシュした時",
            When::YourMainPhase => "あなたのメインフェイズの開始時",
            When::OwnUnitDestroyed => "あなたのユニットが破壊された時",
            When::OpponentUnitPut => "相手のユニットがスクエアに置かれた時",
            When::WinsBattle => "このユニットがバトルに勝利した時",
            When::YourTurnEnd => "あなたのターンの終了時",
            When::PlayedFromPlan => "このカードがプランゾーンからプレイされてスクエアに置かれた時",
            When::Played => "このカードがプレイされてスクエアに置かれた時",
            When::FromOutsideSquares => "このカードがスクエア以外からスクエアに置かれた時",
            When::TargetedByOpponent => "このユニットが相手のカードや能力の対象になった時",
            When::FromPlanNotPlayed => {
                "このカードがプランゾーンから(プレイ以外で)スクエアに置かれた時"
            }
            When::RolledC => "あなたが{C}を出したとき",
            When::TurnedFaceUp => "この現象が表向きになったとき",
            When::DSwitch => D_SWITCH,
        }
    }

    /// The ASCII spelling.
    pub fn ascii(self) -> &'static str {
        match self {
            When::PutIntoSquare => "when this card is put into a square",
            When::Destroyed => "when this unit is destroyed",
            When::SquareToGraveyard => "when this card goes from a square to the graveyard",
            When::Smashes => "when this unit smashes",
            When::YourMainPhase => "at the start of your main phase",
            When::OwnUnitDestroyed => "when a unit of yours is destroyed",
            When::OpponentUnitPut => "when an opponent's unit is put into a square",
            When::WinsBattle => "when this unit wins a battle",
            When::YourTurnEnd => "at the end of your turn",
            When::PlayedFromPlan => "when this card is played from the plan zone into a square",
            When::Played => "when this card is played into a square",
            When::FromOutsideSquares => {
                "when this card is put into a square from outside the squares"
            }
            When::TargetedByOpponent => "when this unit becomes a target of the opponent",
            When::FromPlanNotPlayed => {
                "when this card is put into a square from the plan zone other than by playing it"
            }
            When::RolledC => "when you roll {C}",
            When::TurnedFaceUp => "when this phenomenon is turned face up",
            When::DSwitch => {
                "d-switch: you may turn this d2 field upside down once this game. if you do,"
            }
        }
    }

    /// The condition spelled `s` (either spelling, ASCII case-insensitive; このカードが破壊された時
    /// is このユニットが破壊された時: only a card in a square is destroyed; このユニットがスクエアに
    /// 置かれた時 is このカードがスクエアに置かれた時).
    pub fn from_text(s: &str) -> Option<When> {
        match s {
            "このカードが破壊された時" => return Some(When::Destroyed),
            "このユニットがスクエアに置かれた時" => {
                return Some(When::PutIntoSquare);
            }
            "あなたが{C}を出した時" => return Some(When::RolledC),
            "この現象が表向きになった時" => return Some(When::TurnedFaceUp),
            _ if s.starts_with("このカードがプランゾーンから") && s.contains("プレイ以外で") =>
            {
                return Some(When::FromPlanNotPlayed);
            }
            _ => {}
        }
        When::ALL
            .into_iter()
            .find(|w| w.text() == s || w.ascii().eq_ignore_ascii_case(s))
    }
}

/// The printed D-switch wording of a D2 field, up to its effect (R19.13).
pub(crate) const D_SWITCH: &str =
    "Dスイッチ：このD2フィールドをゲーム中で一度上下逆さまにしてもよい。そうしたら、";
