//! Refused actions and failed effects: why, naming the cards and squares involved and the
//! rules applied.

use crate::{Lang, Text};
use dzero_core::{ActionError, CardId, FailedEffect, Failure, Pick, Refusal, Step};

impl Text<'_> {
    /// Why an action was refused, after its kind (`cannot pay: …`).
    pub fn action_error(&self, error: &ActionError) -> String {
        let ja = self.lang == Lang::Ja;
        let (kind, why) = match error {
            ActionError::GameOver if ja => return "対戦は終了している".into(),
            ActionError::GameOver => return "the duel is over".into(),
            ActionError::WrongDecision(d) if ja => {
                return format!("この行動は今の決定（{}）に答えていない", self.decision(*d));
            }
            ActionError::WrongDecision(d) => {
                return format!(
                    "this action does not answer the current decision ({})",
                    self.decision(*d)
                );
            }
            ActionError::NoSuchCard(c) if ja => {
                return format!("このゲームに{}はない", self.card(*c));
            }
            ActionError::NoSuchCard(c) => {
                return format!("there is no {} in this game", self.card(*c));
            }
            ActionError::EffectFailed(f) if ja => ("カードの効果が失敗した", self.failed_effect(f)),
            ActionError::EffectFailed(f) => ("a card effect failed", self.failed_effect(f)),
            ActionError::Timing(r) if ja => ("このタイミングではできない", self.refusal(r)),
            ActionError::Timing(r) => ("not allowed at this timing", self.refusal(r)),
            ActionError::Payment(r) if ja => ("コストを支払えない", self.refusal(r)),
            ActionError::Payment(r) => ("cannot pay", self.refusal(r)),
            ActionError::Target(r) if ja => ("対象が不正", self.refusal(r)),
            ActionError::Target(r) => ("illegal targets", self.refusal(r)),
            ActionError::Square(r) if ja => ("スクエアが不正", self.refusal(r)),
            ActionError::Square(r) => ("illegal square", self.refusal(r)),
            ActionError::Illegal(r) if ja => ("できない", self.refusal(r)),
            ActionError::Illegal(r) => ("illegal", self.refusal(r)),
        };
        if ja {
            format!("{kind}：{why}")
        } else {
            format!("{kind}: {why}")
        }
    }

    /// Why the rules refuse an action, ending with the IDs of the rules applied.
    pub fn refusal(&self, refusal: &Refusal) -> String {
        let sentence = match self.lang {
            Lang::En => self.refusal_en(refusal),
            Lang::Ja => self.refusal_ja(refusal),
        };
        sentence + &self.lang.cite(refusal.rules())
    }

    /// A failed effect: the card's name, if known, then why.
    pub fn failed_effect(&self, failed: &FailedEffect) -> String {
        let why = self.failure(&failed.failure);
        match (failed.card, self.lang) {
            (None, _) => why,
            (Some(c), Lang::En) => format!("{}: {why}", self.name(c)),
            (Some(c), Lang::Ja) => format!("{}：{why}", self.name(c)),
        }
    }

    /// Why an effect failed.
    pub fn failure(&self, failure: &Failure) -> String {
        match self.lang {
            Lang::En => self.failure_en(failure),
            Lang::Ja => self.failure_ja(failure),
        }
    }

    /// The piece a pick names: its square, target, X or card.
    fn picked(&self, pick: Pick) -> String {
        match pick {
            Pick::Square(s) => s.to_string(),
            Pick::Target(t) => self.target(t),
            Pick::X(x) => format!("X = {x}"),
            Pick::CostCard(c) | Pick::PayCard(c) => self.card(c),
            Pick::Done | Pick::PayAuto | Pick::Cancel => self.pick(pick),
        }
    }

    fn refusal_en(&self, refusal: &Refusal) -> String {
        let c = |c: &CardId| self.card(*c);
        match refusal {
            Refusal::QuickInBattle => {
                "only battle-timing actions are allowed during a battle".into()
            }
            Refusal::NormalOutsideMain => {
                "normal-timing actions exist only in the main phase".into()
            }
            Refusal::NormalNotActive => {
                "only the active player may take normal-timing actions".into()
            }
            Refusal::NormalInBattle => {
                "normal-timing actions are not allowed during a battle".into()
            }
            Refusal::NormalStackNotEmpty => "normal-timing actions need an empty stack".into(),
            Refusal::NoSuchOption { index } => {
                format!("no such option: {}", u32::from(*index) + 1)
            }
            Refusal::NothingAnnounced => "nothing is being announced".into(),
            Refusal::NotADeclaration => "not a declaration".into(),
            Refusal::PieceMissing { step } => format!(
                "the action lacks a piece its announcement asks for: {}",
                self.piece(*step)
            ),
            Refusal::NoSquare => "no square can be chosen".into(),
            Refusal::TooFewTargets => "not enough targets can be chosen".into(),
            Refusal::PickNotOffered { step, pick } => {
                let what = match step {
                    Step::Square => "that square cannot be chosen",
                    Step::Target => "that target cannot be chosen",
                    Step::X => "that X cannot be paid",
                    Step::CostCard => "that card cannot pay this card cost",
                    Step::Payment => "that card cannot pay a point of this cost",
                };
                format!("{what} ({})", self.picked(*pick))
            }
            Refusal::SquareMissing => "a square must be chosen".into(),
            Refusal::NotAPlay => "not a play".into(),
            Refusal::NotYourCard { card } => {
                format!("{}: you can only play your own cards", c(card))
            }
            Refusal::NotAPlayMethod { card, method } => format!(
                "{}: that ability is not a play method (ability {})",
                c(card),
                u16::from(*method) + 1
            ),
            Refusal::MethodWrongZone { card } => format!(
                "{}: this play method does not work from the card's zone",
                c(card)
            ),
            Refusal::MethodConditionUnmet { card } => format!(
                "{}: the condition of this play method does not hold",
                c(card)
            ),
            Refusal::NotFromHandOrPlan { card } => format!(
                "{}: cards are played from the hand or the plan zone",
                c(card)
            ),
            Refusal::PaysWithItself { card } => {
                format!("{}: a card being played cannot pay with itself", c(card))
            }
            Refusal::StaysInCommandZone { card } => format!(
                "{}: dimensions and phenomena stay in the command zone",
                c(card)
            ),
            Refusal::UnitNeedsSquare { card } => format!("{}: a unit needs a square", c(card)),
            Refusal::UnitOutsideBattleSpace { card, square } => format!(
                "{}: units are played into the battle space, not {square}",
                c(card)
            ),
            Refusal::UnitOutsideOwnOrCentre { card, square } => format!(
                "{}: units are played into your own area or the centre area, not {square}",
                c(card)
            ),
            Refusal::UnitSquareTaken { square } => {
                format!("that square ({square}) already holds your unit")
            }
            Refusal::UnitTakesNoTargets { card } => {
                format!("{}: playing a unit takes no targets", c(card))
            }
            Refusal::BaseNeedsSquare { card } => format!("{}: a base needs a square", c(card)),
            Refusal::BaseOutsideBaseSpace { card, square } => format!(
                "{}: bases go into your own base space, not {square}",
                c(card)
            ),
            Refusal::BaseSquareTaken { square } => {
                format!("that base square ({square}) already holds your base")
            }
            Refusal::BaseTakesNoTargets { card } => {
                format!("{}: playing a base takes no targets", c(card))
            }
            Refusal::StrategyTakesNoSquare { card } => {
                format!("{}: strategies take no square", c(card))
            }
            Refusal::IllegalTargets { card } => format!(
                "{}: wrong number of targets, or a target that cannot be chosen",
                c(card)
            ),
            Refusal::PlayForbidden { card } => {
                format!("{}: a card effect forbids playing it", c(card))
            }
            Refusal::NotAnActivation => "not an activation".into(),
            Refusal::NotController { card } => format!(
                "{}: only the card's controller may activate its abilities",
                c(card)
            ),
            Refusal::NoSuchAbility { card, ability } => format!(
                "{}: that card has no such ● ability (ability {})",
                c(card),
                u16::from(*ability) + 1
            ),
            Refusal::AbilityWrongZone { card } => {
                format!("{}: this ability does not work in the card's zone", c(card))
            }
            Refusal::AbilityConditionUnmet { card } => format!(
                "{}: the ability's own condition for activating is not met",
                c(card)
            ),
            Refusal::MoverOutsideBattleSpace { unit } => {
                format!("{}: only units in the battle space move", c(unit))
            }
            Refusal::MoveNotAdjacent { unit, to } => format!(
                "{}: units move to an orthogonally adjacent battle square, not {to}",
                c(unit)
            ),
            Refusal::MoveSquareTaken { unit, to } => {
                format!("{}: that square ({to}) already holds your unit", c(unit))
            }
            Refusal::MoveForbidden { unit } => {
                format!("{}: a card effect forbids this unit to move", c(unit))
            }
            Refusal::MoverNotYours { unit } => {
                format!("{}: you can only move units you control", c(unit))
            }
            Refusal::MoverFrozen { unit } => format!("{}: a frozen unit cannot move", c(unit)),
            Refusal::NoMoveCost { unit } => format!("{}: this card has no move cost", c(unit)),
            Refusal::SmasherOutsideBattleSpace { unit } => {
                format!("{}: only units in the battle space smash", c(unit))
            }
            Refusal::SmasherNotYours { unit } => {
                format!("{}: you smash with units you control", c(unit))
            }
            Refusal::SmasherInOwnArea { unit } => {
                format!("{}: only units in the centre or enemy area smash", c(unit))
            }
            Refusal::SmasherFrozen { unit } => format!("{}: a frozen unit cannot smash", c(unit)),
            Refusal::SmashForbidden { unit } => {
                format!("{}: a card effect forbids this unit to smash", c(unit))
            }
            Refusal::EnergyNotFromHand { card } => {
                format!("{}: the energy card must come from your hand", c(card))
            }
            Refusal::PlanExists => "a plan zone already exists".into(),
            Refusal::DeckEmpty => "the deck is empty".into(),
            Refusal::NoPlan => "there is no plan zone to update".into(),
            Refusal::NoDimensionDie => "there is no dimension die in this game".into(),
            Refusal::CannotPay => "the cost cannot be paid with the cards you have".into(),
            Refusal::NotEnoughEnergy => "not enough released energy of the right colours".into(),
            Refusal::PaymentCount { need, given } => format!(
                "the number of cards does not match the energy to pay: {given} cards for {need}"
            ),
            Refusal::PayerTwice { card } => format!(
                "{}: a card is listed twice, or also pays another part of the cost",
                c(card)
            ),
            Refusal::NotAPayer { card } => format!(
                "{}: each paying card must be your released energy-zone or smash-zone card",
                c(card)
            ),
            Refusal::WrongColours => "these cards cannot pay that cost: coloured energy only \
                                      from energy-zone cards of that colour"
                .into(),
            Refusal::XWithoutX { x } => format!("X given for a cost without X (X = {x})"),
            Refusal::NothingToFreeze => "nothing to freeze".into(),
            Refusal::FreezeCostUnpayable { card } => format!(
                "{}: the freeze cost needs this card released in play",
                c(card)
            ),
            Refusal::NothingToDiscard => "nothing to discard".into(),
            Refusal::DiscardCostUnpayable { card } => {
                format!("{}: the 廃棄 cost needs this card in a square", c(card))
            }
            Refusal::CostCardCount { need, given } => {
                format!("wrong number of cards paid for the card costs: {given} for {need}")
            }
            Refusal::OwnCostUnpayable { card } => format!(
                "{}: this card cannot pay its own card cost from where it is",
                c(card)
            ),
            Refusal::CostCardUnqualified { card } => {
                format!("{}: a card paid for a card cost does not qualify", c(card))
            }
            Refusal::PaysTwoCosts { card } => format!("{}: a card cannot pay two costs", c(card)),
        }
    }

    fn refusal_ja(&self, refusal: &Refusal) -> String {
        let c = |c: &CardId| self.card(*c);
        match refusal {
            Refusal::QuickInBattle => "バトル中はバトルタイミングの行動しかできない".into(),
            Refusal::NormalOutsideMain => {
                "通常タイミングの行動はメインフェイズにしかできない".into()
            }
            Refusal::NormalNotActive => {
                "通常タイミングの行動はアクティブプレイヤーしかできない".into()
            }
            Refusal::NormalInBattle => "バトル中は通常タイミングの行動はできない".into(),
            Refusal::NormalStackNotEmpty => {
                "通常タイミングの行動はスタックが空のときしかできない".into()
            }
            Refusal::NoSuchOption { index } => {
                format!("選択肢{}はない", u32::from(*index) + 1)
            }
            Refusal::NothingAnnounced => "宣言しているものがない".into(),
            Refusal::NotADeclaration => "宣言する行動ではない".into(),
            Refusal::PieceMissing { step } => {
                format!("宣言が求める{}が行動にない", self.piece(*step))
            }
            Refusal::NoSquare => "選べるスクエアがない".into(),
            Refusal::TooFewTargets => "選べる対象が足りない".into(),
            Refusal::PickNotOffered { step, pick } => {
                let what = match step {
                    Step::Square => "そのスクエアは選べない",
                    Step::Target => "その対象は選べない",
                    Step::X => "そのXは支払えない",
                    Step::CostCard => "そのカードではこのカードコストを支払えない",
                    Step::Payment => "そのカードではこのコストの1点を支払えない",
                };
                format!("{what}（{}）", self.picked(*pick))
            }
            Refusal::SquareMissing => "スクエアを選ぶ必要がある".into(),
            Refusal::NotAPlay => "プレイではない".into(),
            Refusal::NotYourCard { card } => {
                format!("{}：自分のカードしかプレイできない", c(card))
            }
            Refusal::NotAPlayMethod { card, method } => format!(
                "{}：能力{}はプレイ方法ではない",
                c(card),
                u16::from(*method) + 1
            ),
            Refusal::MethodWrongZone { card } => format!(
                "{}：このプレイ方法はカードのあるゾーンからは使えない",
                c(card)
            ),
            Refusal::MethodConditionUnmet { card } => {
                format!("{}：このプレイ方法の条件を満たしていない", c(card))
            }
            Refusal::NotFromHandOrPlan { card } => {
                format!("{}：カードは手札かプランゾーンからプレイする", c(card))
            }
            Refusal::PaysWithItself { card } => format!(
                "{}：プレイ中のカードはそれ自身でコストを支払えない",
                c(card)
            ),
            Refusal::StaysInCommandZone { card } => {
                format!("{}：次元と現象は統率領域にとどまる", c(card))
            }
            Refusal::UnitNeedsSquare { card } => {
                format!("{}：ユニットにはスクエアが必要", c(card))
            }
            Refusal::UnitOutsideBattleSpace { card, square } => format!(
                "{}：ユニットはバトルスペースにプレイする（{square}ではない）",
                c(card)
            ),
            Refusal::UnitOutsideOwnOrCentre { card, square } => format!(
                "{}：ユニットは自分のエリアかセンターエリアにプレイする（{square}ではない）",
                c(card)
            ),
            Refusal::UnitSquareTaken { square } => {
                format!("スクエア{square}にはすでに自分のユニットがいる")
            }
            Refusal::UnitTakesNoTargets { card } => {
                format!("{}：ユニットのプレイは対象を取らない", c(card))
            }
            Refusal::BaseNeedsSquare { card } => format!("{}：ベースにはスクエアが必要", c(card)),
            Refusal::BaseOutsideBaseSpace { card, square } => format!(
                "{}：ベースは自分のベーススペースに置く（{square}ではない）",
                c(card)
            ),
            Refusal::BaseSquareTaken { square } => {
                format!("ベーススクエア{square}にはすでに自分のベースがある")
            }
            Refusal::BaseTakesNoTargets { card } => {
                format!("{}：ベースのプレイは対象を取らない", c(card))
            }
            Refusal::StrategyTakesNoSquare { card } => {
                format!("{}：ストラテジーはスクエアを取らない", c(card))
            }
            Refusal::IllegalTargets { card } => {
                format!("{}：対象の数が違うか、選べない対象がある", c(card))
            }
            Refusal::PlayForbidden { card } => {
                format!("{}：カードの効果によりプレイできない", c(card))
            }
            Refusal::NotAnActivation => "起動ではない".into(),
            Refusal::NotController { card } => format!(
                "{}：カードの能力はそのコントローラーしか起動できない",
                c(card)
            ),
            Refusal::NoSuchAbility { card, ability } => format!(
                "{}：そのカードに●能力{}はない",
                c(card),
                u16::from(*ability) + 1
            ),
            Refusal::AbilityWrongZone { card } => {
                format!("{}：この能力はカードのあるゾーンでは働かない", c(card))
            }
            Refusal::AbilityConditionUnmet { card } => {
                format!("{}：能力の起動条件を満たしていない", c(card))
            }
            Refusal::MoverOutsideBattleSpace { unit } => {
                format!("{}：バトルスペースのユニットしか移動できない", c(unit))
            }
            Refusal::MoveNotAdjacent { unit, to } => format!(
                "{}：ユニットは縦か横に隣接するバトルスクエアに移動する（{to}ではない）",
                c(unit)
            ),
            Refusal::MoveSquareTaken { unit, to } => {
                format!("{}：スクエア{to}にはすでに自分のユニットがいる", c(unit))
            }
            Refusal::MoveForbidden { unit } => {
                format!("{}：カードの効果によりこのユニットは移動できない", c(unit))
            }
            Refusal::MoverNotYours { unit } => {
                format!("{}：コントロールしているユニットしか移動できない", c(unit))
            }
            Refusal::MoverFrozen { unit } => {
                format!("{}：フリーズ状態のユニットは移動できない", c(unit))
            }
            Refusal::NoMoveCost { unit } => format!("{}：このカードには移動コストがない", c(unit)),
            Refusal::SmasherOutsideBattleSpace { unit } => format!(
                "{}：バトルスペースのユニットしかスマッシュできない",
                c(unit)
            ),
            Refusal::SmasherNotYours { unit } => format!(
                "{}：コントロールしているユニットでしかスマッシュできない",
                c(unit)
            ),
            Refusal::SmasherInOwnArea { unit } => format!(
                "{}：センターエリアか相手のエリアのユニットしかスマッシュできない",
                c(unit)
            ),
            Refusal::SmasherFrozen { unit } => {
                format!("{}：フリーズ状態のユニットはスマッシュできない", c(unit))
            }
            Refusal::SmashForbidden { unit } => format!(
                "{}：カードの効果によりこのユニットはスマッシュできない",
                c(unit)
            ),
            Refusal::EnergyNotFromHand { card } => format!(
                "{}：エネルギーゾーンに置くカードは自分の手札から選ぶ",
                c(card)
            ),
            Refusal::PlanExists => "プランゾーンはすでにある".into(),
            Refusal::DeckEmpty => "山札が空".into(),
            Refusal::NoPlan => "更新するプランゾーンがない".into(),
            Refusal::NoDimensionDie => "このゲームには次元ダイスがない".into(),
            Refusal::CannotPay => "持っているカードではコストを支払えない".into(),
            Refusal::NotEnoughEnergy => "正しい色のリリース状態のエネルギーが足りない".into(),
            Refusal::PaymentCount { need, given } => {
                format!("カードの枚数が支払うエネルギーと合わない：{need}点に{given}枚")
            }
            Refusal::PayerTwice { card } => format!(
                "{}：同じカードが2回、またはコストの別の部分にも使われている",
                c(card)
            ),
            Refusal::NotAPayer { card } => format!(
                "{}：支払うカードは自分のエネルギーゾーンかスマッシュゾーンのリリース状態のカード",
                c(card)
            ),
            Refusal::WrongColours => "これらのカードではそのコストを支払えない：色のエネルギーは\
                                      その色のエネルギーゾーンのカードからしか支払えない"
                .into(),
            Refusal::XWithoutX { x } => format!("Xのないコストに X = {x} が与えられた"),
            Refusal::NothingToFreeze => "フリーズするカードがない".into(),
            Refusal::FreezeCostUnpayable { card } => format!(
                "{}：フリーズコストにはこのカードが場でリリース状態である必要がある",
                c(card)
            ),
            Refusal::NothingToDiscard => "廃棄するカードがない".into(),
            Refusal::DiscardCostUnpayable { card } => format!(
                "{}：廃棄コストにはこのカードがスクエアにある必要がある",
                c(card)
            ),
            Refusal::CostCardCount { need, given } => {
                format!("カードコストとして支払うカードの枚数が違う：{need}枚に{given}枚")
            }
            Refusal::OwnCostUnpayable { card } => format!(
                "{}：このカードは今ある場所から自身のカードコストを支払えない",
                c(card)
            ),
            Refusal::CostCardUnqualified { card } => format!(
                "{}：カードコストとして支払うカードが条件を満たしていない",
                c(card)
            ),
            Refusal::PaysTwoCosts { card } => {
                format!("{}：1枚のカードで2つのコストは支払えない", c(card))
            }
        }
    }

    fn failure_en(&self, failure: &Failure) -> String {
        match failure {
            Failure::Message(m) => m.clone(),
            Failure::AnswerNotOffered { ask, answer } => format!(
                "the choice “{}” no longer offers the recorded answer {} (the effect asked a \
                 different question when it ran again)",
                self.ask(ask),
                self.option(answer)
            ),
            Failure::ReplacementAnswerNotOffered { question } => format!(
                "the choice “{}” no longer offers its recorded answer (a replacement asked a \
                 different question when the action ran again); the first option was taken",
                self.question(question)
            ),
            Failure::NotDeckTop { player } => {
                format!("the cards to reorder are not the top of that deck ({player}'s deck)")
            }
            Failure::ActivatedReloaded => "the ● ability this item was created from was changed \
                                           or removed by a reload; it does nothing"
                .into(),
            Failure::TriggeredReloaded => "the ◆ ability this item was created from was changed \
                                           or removed by a reload; it does nothing"
                .into(),
            Failure::TriggerReloaded => {
                "the ◆ ability that triggered was changed or removed by a reload; it does nothing"
                    .into()
            }
            Failure::SpellReloaded => "the card definition no longer has a strategy effect".into(),
            Failure::NoEffectBody => "this item has no effect body".into(),
            Failure::SuspendedWithoutQuestion => {
                "the effect reported a pending choice but asked none".into()
            }
            Failure::EndlessLoop { rounds } => format!(
                "more than {rounds} rule effects and triggers without a player acting; waiting \
                 triggers were dropped"
            ),
        }
    }

    fn failure_ja(&self, failure: &Failure) -> String {
        match failure {
            Failure::Message(m) => m.clone(),
            Failure::AnswerNotOffered { ask, answer } => format!(
                "選択「{}」に記録された答え{}がもうない（効果を再実行したとき別の質問をした）",
                self.ask(ask),
                self.option(answer)
            ),
            Failure::ReplacementAnswerNotOffered { question } => format!(
                "選択「{}」に記録された答えがもうない（行動を再実行したとき置換効果が別の質問を\
                 した）：最初の選択肢を選んだ",
                self.question(question)
            ),
            Failure::NotDeckTop { player } => {
                format!("並べ替えるカードが{player}の山札の上のカードではない")
            }
            Failure::ActivatedReloaded => {
                "この項目の元の●能力は再読み込みで変更または削除された：何もしない".into()
            }
            Failure::TriggeredReloaded => {
                "この項目の元の◆能力は再読み込みで変更または削除された：何もしない".into()
            }
            Failure::TriggerReloaded => {
                "誘発した◆能力は再読み込みで変更または削除された：何もしない".into()
            }
            Failure::SpellReloaded => "カードの定義にストラテジーの効果がもうない".into(),
            Failure::NoEffectBody => "この項目には効果がない".into(),
            Failure::SuspendedWithoutQuestion => {
                "効果は選択待ちを報告したが、何も質問しなかった".into()
            }
            Failure::EndlessLoop { rounds } => format!(
                "プレイヤーが行動しないままルール効果と誘発が{rounds}回を超えた：待機中の誘発を\
                 取り除いた"
            ),
        }
    }
}
