//! Actions a player takes.

use crate::{Lang, Text};
use dzero_core::{
    Ability, Action, Announcement, CardId, CardList, Decision, Pick, PlayModifier, Step, Target,
    Targets, Use,
};

impl Text<'_> {
    /// What the action does, as its player would say it.
    pub fn action(&self, action: &Action) -> String {
        let ja = self.lang == Lang::Ja;
        match action {
            Action::Pass if ja => "パス".into(),
            Action::Pass => "pass".into(),
            Action::Announce(what) => self.announce(*what),
            Action::Pick(pick) => self.pick(*pick),
            Action::Play {
                card,
                square,
                targets,
                ..
            } => {
                let into = match (square, ja) {
                    (Some(s), false) => format!(" into {s}"),
                    (Some(s), true) => format!("を{s}に"),
                    (None, true) => "を".into(),
                    (None, false) => String::new(),
                };
                let on = self.targets(targets);
                if ja {
                    format!("{}{into}プレイ{on}", self.card(*card))
                } else {
                    format!("play {}{into}{on}", self.card(*card))
                }
            }
            Action::Roll { .. } if ja => "次元ダイスを回す".into(),
            Action::Roll { .. } => "roll the dimension die".into(),
            Action::CreatePlan { .. } if ja => "プランゾーンを作る".into(),
            Action::CreatePlan { .. } => "create the plan zone".into(),
            Action::UpdatePlan { .. } if ja => "プランゾーンを更新する".into(),
            Action::UpdatePlan { .. } => "update the plan zone".into(),
            Action::Move { unit, to, .. } if ja => format!("{}を{to}に移動", self.card(*unit)),
            Action::Move { unit, to, .. } => format!("move {} to {to}", self.card(*unit)),
            Action::Activate {
                card,
                ability,
                targets,
                ..
            } => {
                let on = self.targets(targets);
                if ja {
                    format!("{}の能力{}を起動{on}", self.card(*card), ability + 1)
                } else {
                    format!(
                        "activate ability {} of {}{on}",
                        ability + 1,
                        self.card(*card)
                    )
                }
            }
            Action::Energy(Some(c)) if ja => format!("{}をエネルギーゾーンに置く", self.card(*c)),
            Action::Energy(Some(c)) => format!("put {} into the energy zone", self.card(*c)),
            Action::Energy(None) if ja => "エネルギーを置かない".into(),
            Action::Energy(None) => "put no card into the energy zone".into(),
            Action::Smash(Some(u)) if ja => format!("{}でスマッシュ", self.card(*u)),
            Action::Smash(Some(u)) => format!("smash with {}", self.card(*u)),
            Action::Smash(None) if ja => "スマッシュフェイズを終える".into(),
            Action::Smash(None) => "end the smash phase".into(),
            Action::Mulligan(true) if ja => "マリガンする".into(),
            Action::Mulligan(true) => "take a mulligan".into(),
            Action::Mulligan(false) if ja => "マリガンしない".into(),
            Action::Mulligan(false) => "keep the hand".into(),
            Action::Choose(i) if ja => format!("選択肢{}を選ぶ", i + 1),
            Action::Choose(i) => format!("choose option {}", i + 1),
        }
    }

    /// What the game waits for.
    pub fn decision(&self, decision: Decision) -> String {
        let ja = self.lang == Lang::Ja;
        match decision {
            Decision::Act(p) if ja => format!("{p}が優先権を持っている"),
            Decision::Act(p) => format!("{p} holds priority"),
            Decision::Energy(p) if ja => format!("{p}がエネルギーを置く"),
            Decision::Energy(p) => format!("{p} may put a card into the energy zone"),
            Decision::Smash(p) if ja => format!("{p}がスマッシュするユニットを選ぶ"),
            Decision::Smash(p) => format!("{p} may smash"),
            Decision::Mulligan(p) if ja => format!("{p}がマリガンするか選ぶ"),
            Decision::Mulligan(p) => format!("{p} may take a mulligan"),
            Decision::Choose(p) if ja => format!("{p}が選択する"),
            Decision::Choose(p) => format!("{p} must answer a choice"),
            Decision::Pick(p, step) if ja => format!("{p}が{}を選ぶ", self.piece(step)),
            Decision::Pick(p, step) => format!("{p} chooses {}", self.piece(step)),
            Decision::Over(r) if ja => format!("ゲーム終了：{}", self.result(r)),
            Decision::Over(r) => format!("game over: {}", self.result(r)),
        }
    }

    /// Announcing a use: the card and the method or ability, as its player would say it.
    pub fn announce(&self, what: Use) -> String {
        let ja = self.lang == Lang::Ja;
        match what {
            Use::Play { card, method } => {
                let by = method.map(|m| self.method(card, m));
                match (by, ja) {
                    (None, true) => format!("{}をプレイする", self.card(card)),
                    (None, false) => format!("play {}", self.card(card)),
                    (Some(m), true) => format!("{}を{m}でプレイする", self.card(card)),
                    (Some(m), false) => format!("play {} by {m}", self.card(card)),
                }
            }
            Use::Activate { card, ability } if ja => {
                format!("{}の能力{}を起動する", self.card(card), ability + 1)
            }
            Use::Activate { card, ability } => {
                format!("activate ability {} of {}", ability + 1, self.card(card))
            }
            Use::Move { unit } if ja => format!("{}を移動する", self.card(unit)),
            Use::Move { unit } => format!("move {}", self.card(unit)),
            Use::CreatePlan if ja => "プランゾーンを作る".into(),
            Use::CreatePlan => "create the plan zone".into(),
            Use::UpdatePlan if ja => "プランゾーンを更新する".into(),
            Use::UpdatePlan => "update the plan zone".into(),
            Use::Roll if ja => "次元ダイスを回す".into(),
            Use::Roll => "roll the dimension die".into(),
        }
    }

    /// The name of a card's ☆ play method (加速, 隊列召喚 …).
    fn method(&self, card: CardId, index: u8) -> String {
        if !self.view.exists(card) {
            return format!("#{index}");
        }
        match self.view.def(card).abilities.get(usize::from(index)) {
            Some(Ability::Play(PlayModifier::Method(m))) => m.name.clone(),
            _ => format!("#{index}"),
        }
    }

    /// One piece of an announcement.
    pub fn pick(&self, pick: Pick) -> String {
        let ja = self.lang == Lang::Ja;
        match pick {
            Pick::Square(s) if ja => format!("{s}を選ぶ"),
            Pick::Square(s) => format!("choose {s}"),
            Pick::Target(t) if ja => format!("{}を対象に選ぶ", self.target(t)),
            Pick::Target(t) => format!("target {}", self.target(t)),
            Pick::Done if ja => "対象の選択を終える".into(),
            Pick::Done => "no more targets".into(),
            Pick::X(x) if ja => format!("X={x}"),
            Pick::X(x) => format!("X = {x}"),
            Pick::CostCard(c) if ja => format!("{}でコストを支払う", self.card(c)),
            Pick::CostCard(c) => format!("pay the cost with {}", self.card(c)),
            Pick::PayAuto if ja => "エネルギーを自動で支払う".into(),
            Pick::PayAuto => "pay the energy automatically".into(),
            Pick::PayCard(c) if ja => format!("{}をフリーズして支払う", self.card(c)),
            Pick::PayCard(c) => format!("freeze {} to pay", self.card(c)),
            Pick::Cancel if ja => "宣言を取り消す".into(),
            Pick::Cancel => "cancel".into(),
        }
    }

    /// The pieces an announcement has chosen so far, each in words: its square, targets, X,
    /// cost cards and paying cards.
    pub fn announcement_pieces(&self, a: &Announcement) -> Vec<String> {
        let ja = self.lang == Lang::Ja;
        let sep = if ja { "、" } else { ", " };
        let cards = |list: &CardList| {
            list.cards()
                .map(|c| self.card(c))
                .collect::<Vec<_>>()
                .join(sep)
        };
        let mut pieces = Vec::new();
        if let Some(s) = a.square {
            pieces.push(if ja {
                format!("スクエア{s}")
            } else {
                format!("square {s}")
            });
        }
        if !a.targets.is_empty() {
            let list: Vec<String> = a
                .targets
                .as_slice()
                .iter()
                .map(|&t| self.target(t))
                .collect();
            pieces.push(if ja {
                format!("対象：{}", list.join(sep))
            } else {
                format!("targets {}", list.join(sep))
            });
        }
        if let Some(x) = a.x {
            pieces.push(format!("X = {x}"));
        }
        if !a.cost_cards.is_empty() {
            let list = cards(&a.cost_cards);
            pieces.push(if ja {
                format!("コスト：{list}")
            } else {
                format!("cost paid with {list}")
            });
        }
        if !a.paid.is_empty() {
            let list = cards(&a.paid);
            pieces.push(if ja {
                format!("支払い：{list}")
            } else {
                format!("paying with {list}")
            });
        }
        pieces
    }

    /// What a step of an announcement chooses.
    pub fn piece(&self, step: Step) -> &'static str {
        match (step, self.lang) {
            (Step::Square, Lang::En) => "a square",
            (Step::Square, Lang::Ja) => "スクエア",
            (Step::Target, Lang::En) => "a target",
            (Step::Target, Lang::Ja) => "対象",
            (Step::X, Lang::En) => "X",
            (Step::X, Lang::Ja) => "X",
            (Step::CostCard, Lang::En) => "a card to pay the cost",
            (Step::CostCard, Lang::Ja) => "コストとして支払うカード",
            (Step::Payment, Lang::En) => "how to pay the energy",
            (Step::Payment, Lang::Ja) => "エネルギーの支払い方",
        }
    }

    fn targets(&self, targets: &Targets) -> String {
        let list: Vec<String> = targets
            .as_slice()
            .iter()
            .map(|&t: &Target| self.target(t))
            .collect();
        match (list.is_empty(), self.lang) {
            (true, _) => String::new(),
            (false, Lang::En) => format!(" targeting {}", list.join(" + ")),
            (false, Lang::Ja) => format!("（対象：{}）", list.join("、")),
        }
    }
}
