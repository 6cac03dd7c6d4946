//! Replacement effects (「…場合、かわりに…」): ★ hooks that change where a card about to change
//! zone goes, applied to every move into a graveyard — destruction by rule effects, lethal
//! damage and the end of a battle, effects' `put` / `destroy` / `destroy_all` / `put_all`,
//! costs that discard or pay cards, a strategy after resolving (R7.8) and the plan card an
//! update replaces (R9.3) — and to every move an effect makes with `put`.
//!
//! Rules interpretation (the rules only define 速攻's 「代わりに」): a replacement changes the
//! event before it happens (docs/design.md §5); the card goes straight to the new zone and never
//! passes through the old destination, so nothing sees it arrive there. 001 defines
//! destruction as 「破壊され、持ち主の墓地に置かれます」: a destroyed card replaced away from
//! the graveyard still leaves its square, but is not "destroyed into the graveyard", so no
//! [`Event::Destroyed`] is reported (only its [`Event::Moved`]). Each replacement applies at
//! most once to one move; when several apply, the moving card's owner chooses which applies
//! first (the rules are silent; as R1.7 lets the owner order simultaneous arrivals), and a
//! replacement that no longer applies to the changed move is skipped. An optional one
//! (「…してもよい」) is chosen by the owner of the card whose ★ it is.
//!
//! Choices follow the re-execution design (docs/design.md §3). Inside a resolution they are answers
//! of the resolving item. Elsewhere (rule effects, the end of a battle, costs) the action that
//! led to the move is held: the game is put back as it was before that action, the question
//! is asked, and the action runs again with the answers fed back in order
//! ([`crate::ChoiceKind::Replacement`]).

use crate::ability::{Ability, Static};
use crate::card::{CardDb, CardDef};
use crate::effect::{EffectError, Resolve};
use crate::model::action::Action;
use crate::model::events::Event;
use crate::model::failure::Failure;
use crate::model::ids::{CardId, Player};
use crate::model::question::{Ask, ChoiceOption, Question};
use crate::model::target::{Target, Targets};
use crate::model::zone::Loc;
use crate::model::zone_move::{MoveReplacement, ZoneMove};
use crate::query::Query;
use crate::state::{ChoiceKind, Game, Held, PendingChoice};

/// One applicable replacement: its card, its ★ (by identity, see [`static_id`]) and what it
/// does.
#[derive(Clone, Debug)]
struct Hit {
    src: CardId,
    id: usize,
    repl: MoveReplacement,
}

/// What to do next for a move.
enum Step {
    Done,
    Apply(Hit),
    Optional(Hit),
    Order(Vec<CardId>),
}

/// The payoff's `event`: the move as it was made.
fn moved(mv: &ZoneMove) -> Event {
    Event::Moved {
        card: mv.card,
        from: mv.from,
        to: mv.to,
        arrival: crate::model::provenance::Arrival {
            from: mv.from.zone(),
            cause: mv.cause,
        },
    }
}

/// The failure of a replacement question that no longer offers its recorded answer.
fn mismatch(question: Question) -> Failure {
    Failure::ReplacementAnswerNotOffered {
        question: Box::new(question),
    }
}

const YES: &str = "yes";
const NO: &str = "no";

/// The identity of a ★ during one move: its address in the card database, which holds every
/// ability (a card's own, or one an effect grants from another card's definition). Never stored
/// in the game state.
fn static_id(s: &Static) -> usize {
    std::ptr::from_ref(s) as usize
}

/// Every ★ a definition declares, its own and those its effects grant.
fn statics_of(def: &CardDef) -> impl Iterator<Item = &Static> {
    def.abilities.iter().filter_map(|a| match a {
        Ability::Static(s) => Some(s),
        Ability::Grantable(g) => match &*g.ability {
            Ability::Static(s) => Some(s),
            _ => None,
        },
        _ => None,
    })
}

/// The ★ whose identity is `id`.
fn find_static(db: &CardDb, id: usize) -> Option<&Static> {
    db.iter()
        .flat_map(|(_, d)| statics_of(d))
        .find(|s| static_id(s) == id)
}

/// The replacements applicable to `mv` that have not been considered yet; with `only`, those
/// of that card (its first one).
fn step(
    game: &Game,
    db: &CardDb,
    mv: &ZoneMove,
    done: &[(CardId, usize)],
    only: Option<CardId>,
) -> Step {
    let view = Query::new(game, db);
    let mut hits: Vec<Hit> = Vec::new();
    for (src, s) in view.statics() {
        if only.is_some_and(|o| o != src) || hits.iter().any(|h| h.src == src) {
            continue;
        }
        let Some(repl) = s.effect.replace_move(&view, src, mv) else {
            continue;
        };
        let id = static_id(s);
        if done.contains(&(src, id)) || repl.instead.loc().0 == mv.to {
            continue;
        }
        hits.push(Hit { src, id, repl });
    }
    match hits.len() {
        0 => Step::Done,
        1 => {
            let h = hits.remove(0);
            if h.repl.optional {
                Step::Optional(h)
            } else {
                Step::Apply(h)
            }
        }
        _ => Step::Order(hits.into_iter().map(|h| h.src).collect()),
    }
}

fn optional_question(game: &Game, mv: &ZoneMove, h: &Hit) -> (Player, Question) {
    let question = Question::ReplacementApplies {
        by: h.src,
        card: mv.card,
        instead: h.repl.instead.loc().0,
        to: mv.to,
        text: h.repl.prompt.clone(),
    };
    (game.card(h.src).owner, question)
}

fn order_question(game: &Game, mv: &ZoneMove) -> (Player, Question) {
    let question = Question::ReplacementOrder {
        card: mv.card,
        to: mv.to,
    };
    (game.card(mv.card).owner, question)
}

/// Decides where `mv` ends up: `ask(player, question, options)` answers each question with an
/// option index. Returns the final destination (and whether on top) and the replacements
/// applied, in order.
fn plan(
    game: &Game,
    db: &CardDb,
    mut mv: ZoneMove,
    top: bool,
    ask: &mut dyn FnMut(Player, Question, Vec<ChoiceOption>) -> usize,
) -> (ZoneMove, bool, Vec<(CardId, usize)>) {
    let mut done: Vec<(CardId, usize)> = Vec::new();
    let mut applied = Vec::new();
    let mut top = top;
    let mut only = None;
    loop {
        let hit = match step(game, db, &mv, &done, only.take()) {
            Step::Done => break,
            Step::Order(cards) => {
                let (p, question) = order_question(game, &mv);
                let options = cards.iter().map(|&c| ChoiceOption::Card(c)).collect();
                only = cards.get(ask(p, question, options)).copied();
                continue;
            }
            Step::Apply(h) => Some(h),
            Step::Optional(h) => {
                let (p, question) = optional_question(game, &mv, &h);
                let options = vec![
                    ChoiceOption::Label(YES.into()),
                    ChoiceOption::Label(NO.into()),
                ];
                done.push((h.src, h.id));
                (ask(p, question, options) == 0).then_some(h)
            }
        };
        if let Some(h) = hit {
            done.push((h.src, h.id));
            let (to, t) = h.repl.instead.loc();
            mv.to = to;
            top = t;
            applied.push((h.src, h.id));
        }
    }
    (mv, top, applied)
}

impl Game {
    /// Moves `card` to `to` after replacement effects, outside a resolution; `destroyed` for a
    /// destruction (reported as [`Event::Destroyed`] only if it reaches the graveyard).
    /// Returns where it went.
    pub(crate) fn move_card(
        &mut self,
        db: &CardDb,
        card: CardId,
        to: Loc,
        top: bool,
        destroyed: bool,
    ) -> Loc {
        self.move_card_by(
            db,
            card,
            to,
            top,
            destroyed,
            crate::model::provenance::Cause::Rule,
        )
    }

    /// [`Game::move_card`] for `cause` (recorded as the card's arrival).
    pub(crate) fn move_card_by(
        &mut self,
        db: &CardDb,
        card: CardId,
        to: Loc,
        top: bool,
        destroyed: bool,
        cause: crate::model::provenance::Cause,
    ) -> Loc {
        let mv = ZoneMove {
            card,
            from: self.card(card).loc,
            to,
            destroyed,
            cause,
        };
        if !self.held.replacers {
            self.carry_out(db, &mv, top);
            return to;
        }
        let mut held = std::mem::take(&mut self.held);
        let (mv, top, applied) = plan(self, db, mv, top, &mut |p, question, options| {
            held.answer(p, question, options)
        });
        if let Some(question) = held.mismatch.take() {
            self.report_failure(None, mismatch(question));
        }
        self.held = held;
        self.carry_out(db, &mv, top);
        for (src, id) in applied {
            self.payoff_outside(db, src, id, &mv);
        }
        mv.to
    }

    /// Destroys a card in a square (into its owner's graveyard, after replacements).
    pub(crate) fn destroy(&mut self, db: &CardDb, card: CardId) {
        if let Loc::Square(_) = self.card(card).loc {
            self.move_card(db, card, Loc::Graveyard, true, true);
        }
    }

    /// Makes the (possibly replaced) move and reports it.
    pub(crate) fn carry_out(&mut self, db: &CardDb, mv: &ZoneMove, top: bool) {
        if mv.to.square().is_none() {
            self.note_last_known(db, mv.card);
        }
        self.relocate_by(mv.card, mv.to, top, mv.cause);
        if let (true, Loc::Square(square), Loc::Graveyard) = (mv.destroyed, mv.from, mv.to) {
            self.emit(Event::Destroyed {
                card: mv.card,
                square,
            });
        }
    }

    /// Runs the payoff (「そうしたなら、…」) of a replacement outside a resolution; a failing
    /// payoff is undone and reported.
    fn payoff_outside(&mut self, db: &CardDb, src: CardId, id: usize, mv: &ZoneMove) {
        let Some(s) = find_static(db, id) else {
            return;
        };
        let before = self.clone();
        let mut held = std::mem::take(&mut self.held);
        let answers = held.answers.get(held.asked..).unwrap_or(&[]).to_vec();
        let controller = before.card(src).owner;
        let (res, asked, pending) = run_payoff(self, db, s, src, controller, mv, &answers);
        held.asked += asked;
        if let Some(mut q) = pending {
            q.kind = ChoiceKind::Replacement;
            held.question.get_or_insert_with(|| Box::new(q));
        }
        self.held = held;
        if let Err(EffectError::Failed(failure)) = res {
            let held = std::mem::take(&mut self.held);
            *self = before;
            self.held = held;
            self.report_failure(Some(src), failure);
        }
    }

    /// Whether any card of the game has a ★ that may replace moves.
    pub(crate) fn refresh_replacers(&mut self, db: &CardDb) {
        self.held.replacers = self.cards.iter().any(|cs| {
            db.get(cs.def)
                .is_some_and(|d| statics_of(d).any(|s| s.effect.replaces_moves()))
        });
    }

    /// A snapshot to restore if the coming action asks a replacement question.
    pub(crate) fn hold_snapshot(&mut self) -> Option<Box<Game>> {
        self.held.asked = 0;
        self.held.question = None;
        self.held.replacers.then(|| Box::new(self.clone()))
    }

    /// After an action: if it asked a replacement question it could not answer, puts the game
    /// back as it was before it (keeping the answers), holds the action and asks; otherwise
    /// forgets the answers. Returns whether a question is now pending.
    pub(crate) fn ask_held(&mut self, before: Option<Box<Game>>, action: Option<Action>) -> bool {
        let Some(q) = self.held.question.take() else {
            self.held.answers.clear();
            self.held.action = None;
            self.held.prior = None;
            return false;
        };
        let (Some(before), Some(action)) = (before, action) else {
            return false;
        };
        let answers = std::mem::take(&mut self.held.answers);
        *self = *before;
        self.events.clear();
        self.scanned = 0;
        self.held.answers = answers;
        self.held.action = Some(action);
        self.held.prior = self.choice.take().map(Box::new);
        self.choice = Some(*q);
        true
    }

    /// Answers a pending [`ChoiceKind::Replacement`] choice: returns the held action to run
    /// again with the answer.
    pub(crate) fn answer_held(&mut self, i: u16) -> Option<Action> {
        if self.choice.as_ref()?.kind != ChoiceKind::Replacement {
            return None;
        }
        let choice = self.choice.take()?;
        let value = choice.options.get(usize::from(i))?.clone();
        self.held.answers.push(value);
        self.choice = self.held.prior.take().map(|p| *p);
        self.held.action.take()
    }
}

impl Held {
    /// The recorded answer to the next question, or option 0 provisionally with the question
    /// recorded (the action is then run again after it is answered).
    fn answer(&mut self, player: Player, question: Question, options: Vec<ChoiceOption>) -> usize {
        if let Some(a) = self.answers.get(self.asked) {
            self.asked += 1;
            return options.iter().position(|o| o == a).unwrap_or_else(|| {
                self.mismatch.get_or_insert(question);
                0
            });
        }
        if self.question.is_none() {
            self.question = Some(Box::new(PendingChoice {
                player,
                kind: ChoiceKind::Replacement,
                question,
                options,
                combos: Vec::new(),
                trigger: None,
            }));
        }
        0
    }
}

impl Resolve<'_> {
    /// Moves `card` to `to` after replacement effects, inside this resolution: questions are
    /// answers of the resolving item; an unanswered one suspends the resolution once the body
    /// returns. Returns where it went.
    pub(crate) fn move_card(&mut self, card: CardId, to: Loc, top: bool, destroyed: bool) -> Loc {
        let mv = ZoneMove {
            card,
            from: self.game.card(card).loc,
            to,
            destroyed,
            cause: self.cause(),
        };
        if !self.game.held.replacers {
            self.game.carry_out(self.db, &mv, top);
            return to;
        }
        let (answers, asked, pending) = (self.answers, &mut self.asked, &mut self.pending);
        let mut unoffered = None;
        let (mv, top, applied) = plan(self.game, self.db, mv, top, &mut |p, question, options| {
            if let Some(a) = answers.get(*asked) {
                *asked += 1;
                return options.iter().position(|o| o == a).unwrap_or_else(|| {
                    unoffered = Some(question);
                    0
                });
            }
            if pending.is_none() {
                *pending = Some(PendingChoice {
                    player: p,
                    kind: ChoiceKind::Effect,
                    question,
                    options,
                    combos: Vec::new(),
                    trigger: None,
                });
            }
            0
        });
        if let Some(question) = unoffered {
            self.game.report_failure(self.source, mismatch(question));
        }
        self.game.carry_out(self.db, &mv, top);
        for (src, id) in applied {
            self.payoff(src, id, &mv);
        }
        mv.to
    }

    /// Runs a replacement's payoff as part of this resolution: its choices are answers of the
    /// resolving item; a failing payoff is undone and reported.
    fn payoff(&mut self, src: CardId, id: usize, mv: &ZoneMove) {
        if self.pending.is_some() {
            return;
        }
        let db = self.db;
        let Some(s) = find_static(db, id) else {
            return;
        };
        let before = self.game.clone();
        let answers = self.answers.get(self.asked..).unwrap_or(&[]);
        let controller = before.card(src).owner;
        let (res, asked, pending) = run_payoff(self.game, db, s, src, controller, mv, answers);
        self.asked += asked;
        if pending.is_some() {
            self.pending = pending;
        } else if let Err(EffectError::Failed(failure)) = res {
            *self.game = before;
            self.game.report_failure(Some(src), failure);
        }
    }
}

/// Runs the payoff of replacement `s` of `src` for the move `mv` in a resolution context of its
/// own, fed `answers`: its result, how many answers it used, and the question it asked.
fn run_payoff(
    game: &mut Game,
    db: &CardDb,
    s: &Static,
    src: CardId,
    controller: Player,
    mv: &ZoneMove,
    answers: &[ChoiceOption],
) -> (Result<(), EffectError>, usize, Option<PendingChoice>) {
    let mut asked = 0;
    let mut chosen = Targets::NONE;
    if let Some(spec) = s.effect.payoff_target() {
        let mut combos = Vec::new();
        Query::new(game, db)
            .with_event(Some(moved(mv)))
            .for_each_targets(spec, Some(src), controller, |t| combos.push(t));
        match combos.len() {
            // No legal target: the follow-up does nothing (R7.4).
            0 => return (Ok(()), 0, None),
            1 => chosen = combos[0],
            _ => {
                let options = combos.iter().map(|&t| ChoiceOption::Cards(t)).collect();
                let mut r = resolve_context(game, db, src, controller, mv, answers, &[], &[]);
                let picked = r.choose(controller, Ask::Targets, options);
                let (n, pending) = (r.asked, r.pending.take());
                match picked {
                    Ok(Some(i)) => chosen = combos[i],
                    Ok(None) => return (Ok(()), n, None),
                    Err(e) => return (Err(e), n, pending),
                }
                asked = n;
            }
        }
    }
    let chosen = chosen.as_slice();
    let cards: smallvec::SmallVec<[CardId; 4]> = chosen
        .iter()
        .filter_map(|t| match t {
            Target::Card(c) => Some(*c),
            _ => None,
        })
        .collect();
    let rest = answers.get(asked..).unwrap_or(&[]);
    let mut r = resolve_context(game, db, src, controller, mv, rest, &cards, chosen);
    let res = s.effect.replaced(&mut r, src, mv);
    (res, asked + r.asked, r.pending.take())
}

/// A resolution context for a replacement's payoff.
#[allow(clippy::too_many_arguments)]
fn resolve_context<'a>(
    game: &'a mut Game,
    db: &'a CardDb,
    src: CardId,
    controller: Player,
    mv: &ZoneMove,
    answers: &'a [ChoiceOption],
    targets: &'a [CardId],
    chosen: &'a [Target],
) -> Resolve<'a> {
    Resolve {
        game,
        db,
        source: Some(src),
        me: None,
        ability: None,
        controller,
        targets,
        chosen,
        x: 0,
        event: Some(moved(mv)),
        cost_square: None,
        played_from: None,
        answers,
        asked: 0,
        pending: None,
    }
}
