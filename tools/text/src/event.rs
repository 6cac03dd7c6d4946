//! Events as one line of a log.

use crate::{Lang, Text};
use dzero_core::{BattleStep, CardId, Event, GameResult, ItemTag, Phase, Zone};

impl Text<'_> {
    /// One line telling `event`.
    pub fn event(&self, event: &Event) -> String {
        match self.lang {
            Lang::En => self.event_en(event),
            Lang::Ja => self.event_ja(event),
        }
    }

    /// A stack item's kind.
    pub fn tag(&self, tag: ItemTag) -> &'static str {
        match (self.lang, tag) {
            (Lang::En, ItemTag::Play) => "Play",
            (Lang::En, ItemTag::CreatePlan) => "CreatePlan",
            (Lang::En, ItemTag::UpdatePlan) => "UpdatePlan",
            (Lang::En, ItemTag::Move) => "Move",
            (Lang::En, ItemTag::Activated) => "Activated",
            (Lang::En, ItemTag::Triggered) => "Triggered",
            (Lang::En, ItemTag::Damage) => "Damage",
            (Lang::Ja, ItemTag::Play) => "プレイ",
            (Lang::Ja, ItemTag::CreatePlan) => "プランゾーンの作成",
            (Lang::Ja, ItemTag::UpdatePlan) => "プランゾーンの更新",
            (Lang::Ja, ItemTag::Move) => "移動",
            (Lang::Ja, ItemTag::Activated) => "起動能力",
            (Lang::Ja, ItemTag::Triggered) => "誘発能力",
            (Lang::Ja, ItemTag::Damage) => "バトルダメージ",
            (Lang::En, ItemTag::Roll) => "Roll",
            (Lang::Ja, ItemTag::Roll) => "次元ダイス",
        }
    }

    /// A face of the dimension die (R19.3).
    pub fn face(&self, face: dzero_core::DieFace) -> &'static str {
        use dzero_core::DieFace;
        match (self.lang, face) {
            (_, DieFace::P) => "P",
            (_, DieFace::C) => "C",
            (Lang::En, DieFace::Blank) => "blank",
            (Lang::Ja, DieFace::Blank) => "無地",
        }
    }

    /// A position of the 次元探索戦 cross, from the starting centre.
    pub fn position(&self, pos: dzero_core::Pos) -> String {
        let (row, col) = (pos.row, pos.col);
        match self.lang {
            Lang::En => format!("({row:+}, {col:+})"),
            Lang::Ja => format!("（{row:+}, {col:+}）"),
        }
    }

    /// A phase's name.
    pub fn phase(&self, phase: Phase) -> &'static str {
        match (self.lang, phase) {
            (Lang::En, Phase::Mulligan) => "Mulligan",
            (Lang::En, Phase::Release) => "Release",
            (Lang::En, Phase::Draw) => "Draw",
            (Lang::En, Phase::Energy) => "Energy",
            (Lang::En, Phase::Main) => "Main",
            (Lang::En, Phase::Smash) => "Smash",
            (Lang::En, Phase::Recovery) => "Recovery",
            (Lang::Ja, Phase::Mulligan) => "マリガン",
            (Lang::Ja, Phase::Release) => "リリースフェイズ",
            (Lang::Ja, Phase::Draw) => "ドローフェイズ",
            (Lang::Ja, Phase::Energy) => "エネルギーフェイズ",
            (Lang::Ja, Phase::Main) => "メインフェイズ",
            (Lang::Ja, Phase::Smash) => "スマッシュフェイズ",
            (Lang::Ja, Phase::Recovery) => "リカバリーフェイズ",
        }
    }

    /// How a duel ended.
    pub fn result(&self, result: GameResult) -> String {
        match (self.lang, result) {
            (Lang::En, GameResult::Win(p)) => format!("Win({p})"),
            (Lang::En, GameResult::Draw) => "Draw".into(),
            (Lang::Ja, GameResult::Win(p)) => format!("{p}の勝利"),
            (Lang::Ja, GameResult::Draw) => "引き分け".into(),
        }
    }

    /// A battle step's name.
    pub fn step(&self, step: BattleStep) -> &'static str {
        match (self.lang, step) {
            (Lang::En, BattleStep::First) => "First",
            (Lang::En, BattleStep::Second) => "Second",
            (Lang::En, BattleStep::End) => "End",
            (Lang::Ja, BattleStep::First) => "第1バトルステップ",
            (Lang::Ja, BattleStep::Second) => "第2バトルステップ",
            (Lang::Ja, BattleStep::End) => "バトル終了ステップ",
        }
    }

    /// The failed effect an [`Event::EffectFailed`] indexes.
    fn error(&self, error: u32) -> String {
        self.view
            .game
            .effect_errors()
            .get(error as usize)
            .map_or_else(|| "?".into(), |f| self.failed_effect(f))
    }

    fn of(&self, card: Option<CardId>) -> String {
        card.map(|c| format!(" of {}", self.card(c)))
            .unwrap_or_default()
    }

    fn no(&self, card: Option<CardId>) -> String {
        card.map(|c| format!("{}の", self.card(c)))
            .unwrap_or_default()
    }

    fn event_en(&self, event: &Event) -> String {
        let name = |c: CardId| self.card(c);
        match *event {
            Event::TurnBegan { player, turn } => format!("— turn {turn}: {player} —"),
            Event::TurnEnding { player, turn } => format!("turn {turn} of {player} is ending"),
            Event::PhaseBegan { phase } => format!("{} phase", self.phase(phase)),
            Event::PhaseEnded { phase } => format!("{} phase ends", self.phase(phase)),
            Event::Mulligan { player } => format!("{player} takes a mulligan"),
            Event::Drew { player, card } => format!("{player} draws {}", name(card)),
            Event::Moved {
                card,
                from,
                to,
                arrival,
            } => match arrival.from {
                Zone::Plan => format!("{} plan zone → {}", name(card), self.loc(to)),
                _ => format!("{} {} → {}", name(card), self.loc(from), self.loc(to)),
            },
            Event::Placed {
                card,
                square,
                played,
                ..
            } => {
                let how = if played {
                    "is played into"
                } else {
                    "is put into"
                };
                format!("{} {how} {square}", name(card))
            }
            Event::Destroyed { card, square } => format!("{} is destroyed in {square}", name(card)),
            Event::Damaged { card, amount, .. } => format!(
                "{} takes {amount} damage ({} total, power {})",
                name(card),
                self.view.damage(card),
                self.view.power(card)
            ),
            Event::Frozen { card } => format!("{} is frozen", name(card)),
            Event::Released { card } => format!("{} is released", name(card)),
            Event::Stacked { player, tag, card } => {
                format!(
                    "{player} puts {}{} on the stack",
                    self.tag(tag),
                    self.of(card)
                )
            }
            Event::Resolved { tag, card, fizzled } => {
                let what = if fizzled {
                    "fails: no legal target"
                } else {
                    "resolves"
                };
                format!("{}{} {what}", self.tag(tag), self.of(card))
            }
            Event::Targeted {
                target,
                tag,
                by,
                player,
            } => format!(
                "{} becomes a target of {player}'s {}{}",
                self.target(target),
                self.tag(tag),
                self.of(by)
            ),
            Event::Countered { tag, card, by } => format!(
                "{}{} is countered{}",
                self.tag(tag),
                self.of(card),
                by.map(|c| format!(" by {}", name(c))).unwrap_or_default()
            ),
            Event::Passed { player } => format!("{player} passes"),
            Event::BattleBegan {
                square,
                attacker,
                defender,
            } => format!(
                "battle in {square}: {} attacks {}",
                name(attacker),
                name(defender)
            ),
            Event::BattleStepBegan { step } => format!("battle step {}", self.step(step)),
            Event::BattleEnded { square, winner } => match winner {
                Some(w) => format!("battle in {square} ends: {} wins", name(w)),
                None => format!("battle in {square} ends in a draw"),
            },
            Event::Smashed {
                unit,
                victim,
                cards,
            } => format!("{} smashes {victim} for {cards}", name(unit)),
            Event::PlanOpened { player, card } => format!("{player}'s plan card is {}", name(card)),
            Event::PlanClosed { player, card } => {
                format!("{player}'s plan zone ends ({})", name(card))
            }
            Event::Shuffled { player } => format!("{player} shuffles"),
            Event::Triggered { card } => format!("{} triggers", name(card)),
            Event::TriggerVoided { card } => format!("{}'s trigger has no target", name(card)),
            Event::EffectFailed { card, error } => {
                format!("effect{} failed: {}", self.of(card), self.error(error))
            }
            Event::GameOver { result } => format!("game over: {}", self.result(result)),
            Event::Rolled { player, face } => {
                format!("{player} rolls the dimension die: {}", self.face(face))
            }
            Event::Revealed { card, at, setup } => format!(
                "{} is turned face up{}{}",
                name(card),
                at.map(|p| format!(" at {}", self.position(p)))
                    .unwrap_or_default(),
                if setup {
                    " (setup: nothing triggers)"
                } else {
                    ""
                }
            ),
            Event::Bottomed { card } => {
                format!("{} goes to the bottom of the dimension deck", name(card))
            }
            Event::TokenMoved { from, to } => format!(
                "the token moves from {} to {}",
                self.position(from),
                self.position(to)
            ),
            Event::HandShown { card, to } => format!("{} is shown to {to}", name(card)),
        }
    }

    fn event_ja(&self, event: &Event) -> String {
        let name = |c: CardId| self.card(c);
        match *event {
            Event::TurnBegan { player, turn } => format!("— 第{turn}ターン：{player} —"),
            Event::TurnEnding { player, turn } => format!("{player}の第{turn}ターンが終了する"),
            Event::PhaseBegan { phase } => format!("{}開始", self.phase(phase)),
            Event::PhaseEnded { phase } => format!("{}終了", self.phase(phase)),
            Event::Mulligan { player } => format!("{player}がマリガンした"),
            Event::Drew { player, card } => format!("{player}が{}を引いた", name(card)),
            Event::Moved {
                card,
                from,
                to,
                arrival,
            } => {
                let from = match arrival.from {
                    Zone::Plan => "プランゾーン".to_owned(),
                    _ => self.loc(from),
                };
                format!("{}：{from} → {}", name(card), self.loc(to))
            }
            Event::Placed {
                card,
                square,
                played,
                ..
            } => {
                let how = if played {
                    "にプレイされた"
                } else {
                    "に置かれた"
                };
                format!("{}が{square}{how}", name(card))
            }
            Event::Destroyed { card, square } => format!("{square}の{}が破壊された", name(card)),
            Event::Damaged { card, amount, .. } => format!(
                "{}が{amount}ダメージを受けた（合計{}、パワー{}）",
                name(card),
                self.view.damage(card),
                self.view.power(card)
            ),
            Event::Frozen { card } => format!("{}がフリーズした", name(card)),
            Event::Released { card } => format!("{}がリリースされた", name(card)),
            Event::Stacked { player, tag, card } => {
                format!(
                    "{player}が{}{}をスタックに置いた",
                    self.no(card),
                    self.tag(tag)
                )
            }
            Event::Resolved { tag, card, fizzled } => {
                let what = if fizzled {
                    "は適正な対象がなく失敗した"
                } else {
                    "が解決された"
                };
                format!("{}{}{what}", self.no(card), self.tag(tag))
            }
            Event::Targeted {
                target,
                tag,
                by,
                player,
            } => format!(
                "{}が{player}の{}{}の対象になった",
                self.target(target),
                self.no(by),
                self.tag(tag)
            ),
            Event::Countered { tag, card, by } => format!(
                "{}{}が{}打ち消された",
                self.no(card),
                self.tag(tag),
                by.map(|c| format!("{}によって", name(c)))
                    .unwrap_or_default()
            ),
            Event::Passed { player } => format!("{player}がパスした"),
            Event::BattleBegan {
                square,
                attacker,
                defender,
            } => format!(
                "{square}でバトル：{}が{}を攻撃する",
                name(attacker),
                name(defender)
            ),
            Event::BattleStepBegan { step } => self.step(step).to_owned(),
            Event::BattleEnded { square, winner } => match winner {
                Some(w) => format!("{square}のバトル終了：{}の勝ち", name(w)),
                None => format!("{square}のバトル終了：引き分け"),
            },
            Event::Smashed {
                unit,
                victim,
                cards,
            } => format!("{}が{victim}に{cards}点のスマッシュ", name(unit)),
            Event::PlanOpened { player, card } => {
                format!("{player}のプランカードは{}", name(card))
            }
            Event::PlanClosed { player, card } => {
                format!("{player}のプランゾーンがなくなった（{}）", name(card))
            }
            Event::Shuffled { player } => format!("{player}が山札をシャッフルした"),
            Event::Triggered { card } => format!("{}の能力が誘発した", name(card)),
            Event::TriggerVoided { card } => {
                format!("{}の誘発能力は対象がない", name(card))
            }
            Event::EffectFailed { card, error } => {
                format!("{}効果が失敗した：{}", self.no(card), self.error(error))
            }
            Event::GameOver { result } => format!("ゲーム終了：{}", self.result(result)),
            Event::Rolled { player, face } => {
                format!("{player}が次元ダイスを回した：{}", self.face(face))
            }
            Event::Revealed { card, at, setup } => format!(
                "{}{}が表向きになった{}",
                at.map(|p| format!("{}に", self.position(p)))
                    .unwrap_or_default(),
                name(card),
                if setup {
                    "（準備中：誘発しない）"
                } else {
                    ""
                }
            ),
            Event::Bottomed { card } => format!("{}を次元デッキの一番下に置いた", name(card)),
            Event::TokenMoved { from, to } => format!(
                "駒が{}から{}に移動した",
                self.position(from),
                self.position(to)
            ),
            Event::HandShown { card, to } => format!("{}が{to}に公開された", name(card)),
        }
    }
}
