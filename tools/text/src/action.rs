//! Actions a player takes.

use crate::{Lang, Text};
use dzero_core::{Action, Decision, Target, Targets};

impl Text<'_> {
    /// What the action does, as its player would say it.
    pub fn action(&self, action: &Action) -> String {
        let ja = self.lang == Lang::Ja;
        match action {
            Action::Pass if ja => "パス".into(),
            Action::Pass => "pass".into(),
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
            Decision::Over(r) if ja => format!("ゲーム終了：{}", self.result(r)),
            Decision::Over(r) => format!("game over: {}", self.result(r)),
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
