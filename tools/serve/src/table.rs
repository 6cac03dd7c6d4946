//! What one seat's page is sent: its own observation of the game, the definitions of the cards
//! it shows, its legal actions (the small decisions of docs/design.md §7) phrased in its language, its
//! announcement in progress, and its view of the log.

use crate::announcement_view::{AnnouncementView, announcement_view};
use crate::place::Place;
use dzero_core::{
    Action, BattleStep, CardDb, CardId, CardKind, DefId, Game, Observation, Pick, Player, SeenCard,
    SeenChoice, SeenEvent, SeenTarget, Square, Target,
};
use dzero_text::{Lang, Text};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One seat's table, built from `Game::observe` of that seat only.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TableView {
    /// Counts the game's changes; an action names the version it was chosen from.
    pub version: u64,
    /// The seat.
    pub seat: Player,
    /// The seat's observation.
    pub obs: Observation,
    /// The definitions of the face-up cards the observation shows.
    pub cards: Vec<CardInfo>,
    /// The board's squares.
    pub squares: Vec<SquareInfo>,
    /// The seat's legal actions (empty when another player decides).
    pub actions: Vec<ActionView>,
    /// The seat's announcement in progress, in words (the observation holds its pieces).
    pub announcement: Option<AnnouncementView>,
    /// Whose decision it is and what, in words.
    pub prompt: String,
    /// The seat's pending choice, in words.
    pub question: Option<String>,
    /// The phase, in words.
    pub phase: String,
    /// The levels of play, bottom first: their stack items and battle, in words.
    pub frames: Vec<FrameView>,
    /// How the game ended, in words.
    pub result: Option<String>,
    /// Index of the first log line sent in `log` (earlier lines were sent before).
    pub log_start: usize,
    /// The seat's view of the events since `log_start`, in words.
    pub log: Vec<String>,
    /// How many of the seat's decisions it can take back (against an AI player).
    pub undo: usize,
    /// Whether the game may be saved now (against an AI player, or once it is over).
    pub save: bool,
}

/// A card definition the page may show.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CardInfo {
    /// The definition.
    pub def: DefId,
    /// The printed name.
    pub name: String,
    /// Unit, base or strategy, in words.
    pub kind: String,
    /// The cost, as printed.
    pub cost: String,
    /// Printed power.
    pub power: i32,
    /// Printed smash.
    pub smash: i32,
    /// The card text.
    pub text: String,
}

/// A square of the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SquareInfo {
    /// Its index ([`Square::index`]).
    pub index: u8,
    /// Its name (`b2`, `P1-base1`).
    pub label: String,
    /// Row 0..3 (row 0 borders P1's bases); -1 for P1's bases, 3 for P2's.
    pub row: i8,
    /// Column 0..3.
    pub col: u8,
}

/// A legal action as the page offers it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ActionView {
    /// The action in words.
    pub text: String,
    /// The action itself, hidden cards named by place.
    pub action: Action,
    /// What kind of action: pass, announce, square, target, done, x, cost, payauto, paycard,
    /// cancel, energy, smash, mulligan, choose.
    pub what: String,
    /// The card it is done with or chooses, if any (clicking it takes the action).
    pub card: Option<CardId>,
    /// Where that card lies when it is named by place (a face-down smash card).
    pub place: Option<Place>,
    /// The square it chooses, if any (clicking it takes the action).
    pub square: Option<u8>,
}

/// One level of play.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FrameView {
    /// The stack items, bottom first, in words.
    pub items: Vec<String>,
    /// The battle, in words.
    pub battle: Option<String>,
}

/// Builds seat `seat`'s table in `lang` at `version`, with its log (`events`, the events
/// of the game so far as the seat saw them) from line `log_start`.
pub fn table_view(
    game: &Game,
    db: &CardDb,
    seat: Player,
    lang: Lang,
    version: u64,
    events: &[SeenEvent],
    log_start: usize,
) -> TableView {
    let text = Text::new(game, db, lang);
    let obs = game.observe(db, seat);
    let mut listed = Vec::new();
    game.seat_actions(db, seat, &mut listed);
    let actions = listed.iter().map(|a| action_view(&text, a)).collect();
    let announcement = obs
        .announcement
        .as_ref()
        .map(|a| announcement_view(&text, a));
    let log = events
        .iter()
        .skip(log_start)
        .map(|e| event_text(&text, e))
        .collect();
    let question = match &obs.choice {
        Some(SeenChoice::Yours { question, .. }) => Some(text.question(question)),
        _ => None,
    };
    let frames = obs
        .frames
        .iter()
        .map(|f| FrameView {
            items: f
                .stack
                .iter()
                .map(|i| {
                    let card = i.card.map(|c| text.card(c)).unwrap_or_default();
                    let targets: Vec<String> = i
                        .targets
                        .iter()
                        .map(|t| match t {
                            SeenTarget::Shown(t) => text.target(*t),
                            SeenTarget::Hidden => hidden_word(lang).into(),
                        })
                        .collect();
                    let mut s = format!("{} {} {card}", i.controller, text.tag(i.tag));
                    if !targets.is_empty() {
                        s.push_str(" → ");
                        s.push_str(&targets.join(", "));
                    }
                    s
                })
                .collect(),
            battle: f.battle.as_ref().map(|b| {
                let [a, d] = b.fighters.map(|f| text.card(f.unit.card));
                format!("{}: {a} × {d} ({})", b.square, step_text(b.step, lang))
            }),
        })
        .collect();
    TableView {
        version,
        seat,
        cards: shown_defs(&obs, game, db, lang),
        squares: squares(),
        actions,
        announcement,
        prompt: text.decision(game.decision()),
        question,
        phase: text.phase(obs.phase).into(),
        frames,
        result: obs.result.map(|r| text.result(r)),
        log_start: log_start.min(events.len()),
        log,
        undo: 0,
        save: false,
        obs,
    }
}

/// The face-up cards of an observation.
pub fn seen_cards(obs: &Observation) -> Vec<SeenCard> {
    let mut out = obs.field.clone();
    for z in &obs.players {
        out.extend(z.hand.iter().flatten().copied());
        out.extend(z.graveyard.iter().copied());
        out.extend(z.energy.iter().copied());
        out.extend(z.remove.iter().copied());
        out.extend(z.plan);
    }
    if let Some(cmd) = &obs.command {
        out.extend(cmd.up);
        out.extend(cmd.cross.iter().map(|&(_, c)| c));
    }
    out
}

/// The definitions of the cards the observation shows, face up or on a stack.
fn shown_defs(obs: &Observation, game: &Game, db: &CardDb, lang: Lang) -> Vec<CardInfo> {
    let mut defs: BTreeSet<DefId> = seen_cards(obs).iter().map(|c| c.def).collect();
    let on_stacks = obs.frames.iter().flat_map(|f| &f.stack).filter_map(|i| {
        i.card
            .filter(|&c| game.visible_to(obs.seat, c))
            .and_then(|c| game.card_state(c))
            .map(|s| s.def)
    });
    defs.extend(on_stacks);
    defs.into_iter()
        .filter_map(|def| db.get(def).map(|d| (def, d)))
        .map(|(def, d)| CardInfo {
            def,
            name: d.name.clone(),
            kind: kind_text(d.kind, lang).into(),
            cost: d.cost.to_string(),
            power: d.power,
            smash: d.smash,
            text: d.text.clone(),
        })
        .collect()
}

/// Every square of the board.
fn squares() -> Vec<SquareInfo> {
    (0..Square::COUNT as u8)
        .filter_map(Square::from_index)
        .map(|s| SquareInfo {
            index: s.index() as u8,
            label: s.to_string(),
            row: match s.base_owner() {
                Some(Player::One) => -1,
                Some(Player::Two) => 3,
                None => s.row(),
            },
            col: s.col(),
        })
        .collect()
}

/// An action as the page offers it.
fn action_view(text: &Text<'_>, a: &Action) -> ActionView {
    let (what, card, square) = match *a {
        Action::Pass => ("pass", None, None),
        Action::Announce(u) => ("announce", u.card(), None),
        Action::Pick(p) => match p {
            Pick::Square(s) => ("square", None, Some(s)),
            Pick::Target(Target::Card(c)) => ("target", Some(c), None),
            Pick::Target(Target::Square(s)) => ("target", None, Some(s)),
            Pick::Target(_) => ("target", None, None),
            Pick::Done => ("done", None, None),
            Pick::X(_) => ("x", None, None),
            Pick::CostCard(c) => ("cost", Some(c), None),
            Pick::PayAuto => ("payauto", None, None),
            Pick::PayCard(c) => ("paycard", Some(c), None),
            Pick::Cancel => ("cancel", None, None),
        },
        Action::Energy(c) => ("energy", c, None),
        Action::Smash(c) => ("smash", c, None),
        Action::Mulligan(_) => ("mulligan", None, None),
        Action::Choose(_) => ("choose", None, None),
        // Compound plays are accepted by `Game::apply` but never listed.
        Action::Play { .. }
        | Action::Activate { .. }
        | Action::Move { .. }
        | Action::CreatePlan { .. }
        | Action::UpdatePlan { .. }
        | Action::Roll { .. } => ("compound", None, None),
    };
    ActionView {
        text: text.action(a),
        action: a.clone(),
        what: what.into(),
        card,
        place: card.and_then(Place::of),
        square: square.map(|s| s.index() as u8),
    }
}

/// An event as the seat sees it, in words.
fn event_text(text: &Text<'_>, e: &SeenEvent) -> String {
    let ja = text.lang() == Lang::Ja;
    match e {
        SeenEvent::Shown(e) => text.event(e),
        SeenEvent::Drew { player } if ja => format!("{player}がカードを1枚引いた"),
        SeenEvent::Drew { player } => format!("{player} draws a card"),
        SeenEvent::Moved { owner, from, to } if ja => format!(
            "{owner}のカードが{}から{}へ移動した",
            text.loc(*from),
            text.loc(*to)
        ),
        SeenEvent::Moved { owner, from, to } => format!(
            "a card of {owner} moves from {} to {}",
            text.loc(*from),
            text.loc(*to)
        ),
        SeenEvent::Unseen { owner } if ja => format!("{owner}の見えないカードに何かが起きた"),
        SeenEvent::Unseen { owner } => format!("something happens to a hidden card of {owner}"),
    }
}

fn step_text(step: BattleStep, lang: Lang) -> &'static str {
    match (step, lang) {
        (BattleStep::First, Lang::En) => "first battle step",
        (BattleStep::Second, Lang::En) => "second battle step",
        (BattleStep::End, Lang::En) => "battle end step",
        (BattleStep::First, Lang::Ja) => "第1バトルステップ",
        (BattleStep::Second, Lang::Ja) => "第2バトルステップ",
        (BattleStep::End, Lang::Ja) => "バトル終了ステップ",
    }
}

fn kind_text(kind: CardKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (CardKind::Unit, Lang::En) => "unit",
        (CardKind::Base, Lang::En) => "base",
        (CardKind::Strategy, Lang::En) => "strategy",
        (CardKind::Unit, Lang::Ja) => "ユニット",
        (CardKind::Base, Lang::Ja) => "ベース",
        (CardKind::Strategy, Lang::Ja) => "ストラテジー",
        (CardKind::Dimension, Lang::En) => "dimension",
        (CardKind::Phenomenon, Lang::En) => "phenomenon",
        (CardKind::ShuffleCard, Lang::En) => "shuffle card",
        (CardKind::Dimension, Lang::Ja) => "次元",
        (CardKind::Phenomenon, Lang::Ja) => "現象",
        (CardKind::ShuffleCard, Lang::Ja) => "シャッフルカード",
    }
}

fn hidden_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "a hidden card",
        Lang::Ja => "見えないカード",
    }
}
