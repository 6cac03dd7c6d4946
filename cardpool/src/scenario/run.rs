//! Playing a scenario: checking it against the set, building the position, driving the steps
//! and checking expectations.

use super::board::{Namer, render_board};
use super::names::{
    CardRef, RefKind, closest, is_at, name_matches, parse_player, parse_ref, parse_square,
    phase_name, place_name, step_name,
};
use super::pool::Pool;
use super::spec::{
    ActionSpec, AnswerSpec, Check, Count, DecisionSpec, Expectation, ItemSpec, LegalSpec,
    LegalVerb, PassWho, Placed, StepSpec, Until,
};
use super::trace::{Moment, OnMoment, lines_of};
use super::{Failure, Finding, Scenario, ScenarioOutcome};
use crate::diag::{FileText, Problem};
use dzero_core::{
    Ability, Action, ActionError, Builder, CardDb, CardId, CardKind, ChoiceOption, Decision, DefId,
    Event, Game, GameResult, ItemKind, Keywords, Loc, Payment, PlayModifier, Player, StackItem,
    Target, Targets, Use, Zone,
};
use dzero_script_api::ScriptError;
use dzero_text::{DeckText, Lang, Text};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

/// Most actions one `pass_until` step may take.
const MAX_SHORTCUT_ACTIONS: usize = 1000;

/// Every problem of `s` that needs the sets to see: card names two sets both have, unknown
/// card names, cards in the wrong list, labels that are also card names.
pub(crate) fn check(s: &Scenario, pool: &Pool<'_>) -> Vec<Problem> {
    let db = pool.db;
    let ft = FileText::new(&s.path, &s.source);
    let mut problems = duplicates(s, pool);
    let index = Names::new(db);
    // "Did you mean" compares with every card name: only for the first few unknown names.
    let mut hints = 20usize;
    let mut unknown = |name: &str, span: std::ops::Range<usize>, problems: &mut Vec<Problem>| {
        if index.find(name).is_some() {
            return false;
        }
        let mut p = ft.problem(
            span,
            format!("no card named 「{name}」 in {}", pool.names()),
        );
        if hints > 0 {
            hints -= 1;
            if let Some(near) = closest(name, db.iter().map(|(_, d)| d.name.as_str())) {
                p = p.help(format!("did you mean 「{near}」?"));
            }
        }
        problems.push(p);
        true
    };
    for c in &s.setup.cards {
        if unknown(&c.card.name, c.card.span.clone(), &mut problems) {
            continue;
        }
        if let Some(d) = index.find(&c.card.name) {
            let kind = db.get(d).map(|d| d.kind);
            let wrong = match (c.list, kind) {
                ("units", Some(k)) if k != CardKind::Unit => Some("units"),
                ("bases", Some(k)) if k != CardKind::Base => Some("bases"),
                _ => None,
            };
            if let Some(list) = wrong {
                problems.push(
                    ft.problem(
                        c.card.span.clone(),
                        format!("「{}」 is not a {}", c.card.name, &list[..list.len() - 1]),
                    )
                    .help("units go in `units`, bases in `bases`; strategies are never in squares"),
                );
            }
        }
    }
    if let Some(f) = &s.setup.filler {
        unknown(&f.name, f.span.clone(), &mut problems);
    }
    for l in &s.labels {
        if index.find(l).is_some() {
            let at = s.source.find(&format!("\"{l}\"")).unwrap_or(0);
            problems.push(
                ft.problem(
                    at..at + l.len() + 2,
                    format!("label `{l}` is also a card name"),
                )
                .help("choose a label that no card is called"),
            );
        }
    }
    for st in &s.steps {
        for_each_ref(st, &mut |r: &CardRef| {
            // Non-card targets (`square:`, `player:`, `item:REF`) are checked when the step runs.
            if let RefKind::Name { name, .. } = &r.kind
                && !["square:", "player:", "item:"]
                    .iter()
                    .any(|p| r.text.trim().starts_with(p))
            {
                unknown(name, r.span.clone(), &mut problems);
            }
        });
    }
    problems.sort_by_key(|p| (p.line, p.col));
    problems
}

/// One problem per pair of listed sets that have cards of the same name, located at the second
/// set's entry in `sets`.
fn duplicates(s: &Scenario, pool: &Pool<'_>) -> Vec<Problem> {
    let mut pairs: BTreeMap<(usize, usize), Vec<&str>> = BTreeMap::new();
    for d in pool.duplicates {
        pairs.entry(d.sets).or_default().push(&d.name);
    }
    pairs
        .into_iter()
        .map(|((a, b), names)| {
            let set = |i: usize| {
                let id = pool.ids.get(i).copied().unwrap_or("?");
                match s.listed.get(i) {
                    Some((text, _)) => format!("set {id} (\"{text}\")"),
                    None => format!("set {id}"),
                }
            };
            let names: Vec<String> = names.iter().map(|n| format!("「{n}」")).collect();
            let msg = format!("{} and {} both have {}", set(a), set(b), names.join(", "));
            let p = match s.listed.get(b) {
                Some((_, span)) => Problem::at(&s.path, &s.source, span.clone(), msg),
                None => Problem::file(&s.path, msg),
            };
            p.help(
                "a scenario cannot tell which card such a name means: list only one of these \
                 sets, or rename the card in one of them",
            )
        })
        .collect()
}

/// The cards of a database by full name and by name in play, for lookups that do not scan
/// the database per name (a scenario may name thousands of cards of a large pool).
struct Names<'a> {
    full: HashMap<&'a str, DefId>,
    play: HashMap<&'a str, DefId>,
}

impl<'a> Names<'a> {
    fn new(db: &'a CardDb) -> Names<'a> {
        let mut names = Names {
            full: HashMap::with_capacity(db.len()),
            play: HashMap::with_capacity(db.len()),
        };
        for (id, d) in db.iter() {
            names.full.entry(d.name.as_str()).or_insert(id);
            names
                .play
                .entry(dzero_core::play_name(&d.name))
                .or_insert(id);
        }
        names
    }

    /// The first card called `name`, else the first whose name in play is `name`.
    fn find(&self, name: &str) -> Option<DefId> {
        self.full.get(name).or_else(|| self.play.get(name)).copied()
    }
}

/// Calls `f` on every card reference of a step.
fn for_each_ref(st: &StepSpec, f: &mut dyn FnMut(&CardRef)) {
    let list = |v: &[CardRef], f: &mut dyn FnMut(&CardRef)| v.iter().for_each(&mut *f);
    match &st.action {
        Some(ActionSpec::Play {
            card,
            targets,
            cost_cards,
            pay,
            ..
        }) => {
            f(card);
            list(targets, f);
            list(cost_cards, f);
            list(pay.as_deref().unwrap_or(&[]), f);
        }
        Some(ActionSpec::Move { unit, pay, .. }) => {
            f(unit);
            list(pay.as_deref().unwrap_or(&[]), f);
        }
        Some(ActionSpec::Activate {
            card,
            targets,
            cost_cards,
            pay,
            ..
        }) => {
            f(card);
            list(targets, f);
            list(cost_cards, f);
            list(pay.as_deref().unwrap_or(&[]), f);
        }
        Some(
            ActionSpec::CreatePlan { pay }
            | ActionSpec::UpdatePlan { pay }
            | ActionSpec::Roll { pay },
        ) => {
            list(pay.as_deref().unwrap_or(&[]), f);
        }
        Some(ActionSpec::Energy(Some(r)) | ActionSpec::Smash(Some(r))) => f(r),
        _ => {}
    }
    for e in &st.expect {
        match &e.check {
            Check::At(r, ..)
            | Check::Power(r, _)
            | Check::Damage(r, _)
            | Check::Frozen(r, _)
            | Check::FaceUp(r, _)
            | Check::Keywords(r, _)
            | Check::Resolved(r, _)
            | Check::Winner(Some(r)) => f(r),
            Check::Stack(items) | Check::Pending(items) => items
                .iter()
                .filter_map(|i| i.card.as_ref())
                .for_each(&mut *f),
            Check::Attackers(rs) => list(rs, f),
            Check::BattleDamage(parts) => parts.iter().for_each(|(a, b, _)| {
                f(a);
                f(b);
            }),
            _ => {}
        }
    }
}

/// Builds the starting position. Fails with problems located in the scenario file.
fn build(s: &Scenario, pool: &Pool<'_>) -> Result<(Game, BTreeMap<String, CardId>), Vec<Problem>> {
    let db = pool.db;
    let setup = &s.setup;
    let rules = setup.rules.unwrap_or(pool.rules);
    let mut b = Builder::new(rules, setup.seed).active(setup.active, setup.turn);
    let mut labels = BTreeMap::new();
    let mut problems = Vec::new();
    let index = Names::new(db);
    let def_of = |c: &Placed| index.find(&c.card.name);
    let filler = match &setup.filler {
        Some(f) => index.find(&f.name),
        None => db
            .iter()
            .take(pool.primary)
            .find(|(_, d)| d.kind == CardKind::Unit)
            .or_else(|| db.iter().next())
            .map(|(id, _)| id),
    };
    // Decks first (listed cards, then the plan card on top, then filler below).
    for p in Player::BOTH {
        for c in setup
            .cards
            .iter()
            .filter(|c| c.owner == p && c.loc == Loc::Deck)
        {
            let Some(d) = def_of(c) else { continue };
            for _ in 0..c.count {
                let id = b.add(p, d, Loc::Deck);
                if let Some(l) = &c.label {
                    labels.insert(l.clone(), id);
                }
            }
        }
        let n = setup.fill[p.index()] as usize;
        if n > 0 {
            match filler {
                Some(f) => b.fill_deck(p, f, n),
                None => problems.push(Problem::file(
                    &s.path,
                    "the set has no cards to fill the decks with",
                )),
            }
        }
        if setup.plan[p.index()] {
            b.plan(p);
        }
    }
    for c in setup.cards.iter().filter(|c| c.loc != Loc::Deck) {
        let Some(d) = def_of(c) else { continue };
        for _ in 0..c.count {
            let id = b.add(c.owner, d, c.loc);
            b.frozen(id, c.frozen);
            if c.damage != 0 {
                b.damage(id, c.damage);
            }
            if let Some(l) = &c.label {
                labels.insert(l.clone(), id);
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    b.die(&setup.die);
    match b.build(db, setup.phase) {
        Ok(mut g) => {
            g.set_strict(setup.strict);
            Ok((g, labels))
        }
        Err(e) => Err(vec![Problem::file(
            &s.path,
            format!(
                "the position cannot be set up: {}",
                DeckText::new(db, Lang::En).setup_error(&e)
            ),
        )]),
    }
}

/// Where a reference is looked for first when it matches several cards.
#[derive(Clone, Copy)]
enum Prefer {
    /// Hand, then the plan card.
    Playable,
    /// Squares.
    Field,
    /// Hand.
    Hand,
    /// Released energy and smash cards.
    Payment,
    /// Squares, then the stack.
    Anywhere,
}

struct Runner<'a> {
    s: &'a Scenario,
    pool: &'a Pool<'a>,
    db: &'a CardDb,
    game: Game,
    labels: BTreeMap<String, CardId>,
    label_of: BTreeMap<CardId, String>,
    /// Script errors seen so far (non-strict scenarios count them).
    script_errors: Vec<ScriptError>,
    /// Events of the current step.
    events: Vec<Event>,
}

/// Plays `s` with the cards of `pool`, showing `watch` the game after the setup and after
/// each step played (also the failing one).
pub(crate) fn run(s: &Scenario, pool: &Pool<'_>, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
    let problems = check(s, pool);
    if !problems.is_empty() {
        return ScenarioOutcome::Invalid(problems);
    }
    let _ = pool.take_errors();
    let (game, labels) = match build(s, pool) {
        Ok(x) => x,
        Err(p) => return ScenarioOutcome::Invalid(p),
    };
    let label_of = labels.iter().map(|(l, &c)| (c, l.clone())).collect();
    let mut r = Runner {
        s,
        pool,
        db: pool.db,
        game,
        labels,
        label_of,
        script_errors: Vec::new(),
        events: Vec::new(),
    };
    watch(Moment::setup(s, &r.game, r.db));
    let setup_errors = pool.take_errors();
    if !setup_errors.is_empty() {
        let findings = vec![script_finding(&setup_errors)];
        return ScenarioOutcome::Failed(r.failure(None, findings));
    }
    for st in &s.steps {
        r.events.clear();
        let mut findings = r.step(st);
        if findings.is_empty() {
            findings = st
                .expect
                .iter()
                .filter_map(|e| {
                    let f = r.expectation(e)?;
                    Some(Finding {
                        lines: Some(lines_of(&s.source, &e.span)),
                        ..f
                    })
                })
                .collect();
        }
        watch(Moment::step(s, st, &r.game, &r.events, r.db));
        if !findings.is_empty() {
            return ScenarioOutcome::Failed(r.failure(Some(st), findings));
        }
    }
    ScenarioOutcome::Passed {
        steps: s.steps.len(),
    }
}

fn script_finding(errors: &[ScriptError]) -> Finding {
    let list: Vec<String> = errors
        .iter()
        .map(|e| {
            format!(
                "{}: {} in 「{}」: {}",
                e.location(),
                e.kind,
                e.card,
                e.message
            )
        })
        .collect();
    Finding::error("a card script failed", list.join("\n"))
}

fn decision_text(d: Decision) -> String {
    match d {
        Decision::Act(p) => format!("act {p}"),
        Decision::Energy(p) => format!("energy {p}"),
        Decision::Smash(p) => format!("smash {p}"),
        Decision::Mulligan(p) => format!("mulligan {p}"),
        Decision::Choose(p) => format!("choose {p}"),
        Decision::Pick(p, _) => format!("pick {p}"),
        Decision::Over(_) => "over".to_owned(),
    }
}

fn result_text(r: Option<GameResult>) -> String {
    match r {
        None => "none".to_owned(),
        Some(GameResult::Draw) => "draw".to_owned(),
        Some(GameResult::Win(p)) => format!("{p} wins"),
    }
}

fn rejection_kind(e: &ActionError) -> &'static str {
    match e {
        ActionError::GameOver => "game-over",
        ActionError::WrongDecision(_) => "wrong-decision",
        ActionError::NoSuchCard(_) => "no-such-card",
        ActionError::Timing(_) => "timing",
        ActionError::Payment(_) => "payment",
        ActionError::Target(_) => "target",
        ActionError::Square(_) => "square",
        ActionError::Illegal(_) => "illegal",
        ActionError::EffectFailed(_) => "effect-failed",
    }
}

fn rejection_text(r: &super::spec::Rejection) -> String {
    match &r.reason {
        Some(reason) => format!("refused ({}) with \"{reason}\"", r.kind),
        None => format!("refused ({})", r.kind),
    }
}

fn list_text(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

impl Runner<'_> {
    // ---------------------------------------------------------------------------------------
    // Cards and references
    // ---------------------------------------------------------------------------------------

    fn namer(&self) -> Namer<'_> {
        Namer {
            game: &self.game,
            db: self.db,
            label_of: &self.label_of,
        }
    }

    fn name_of(&self, c: CardId) -> &str {
        self.game
            .card_state(c)
            .and_then(|cs| self.db.get(cs.def))
            .map_or("?", |d| d.name.as_str())
    }

    fn plain(&self, c: CardId) -> String {
        self.namer().plain(c)
    }

    fn short(&self, c: CardId) -> String {
        self.namer().short(c)
    }

    fn long(&self, c: CardId) -> String {
        self.namer().long(c)
    }

    /// Whether reference `r` names card `c` now.
    fn matches(&self, r: &CardRef, c: CardId) -> bool {
        match &r.kind {
            RefKind::Label(l) => self.labels.get(l) == Some(&c),
            RefKind::Name { owner, name, place } => {
                let Some(cs) = self.game.card_state(c) else {
                    return false;
                };
                self.db
                    .get(cs.def)
                    .is_some_and(|d| name_matches(&d.name, name))
                    && owner.is_none_or(|o| o == cs.owner)
                    && place.is_none_or(|pl| is_at(&self.game, c, pl))
            }
        }
    }

    fn preferred(&self, c: CardId, prefer: Prefer) -> [bool; 2] {
        let Some(cs) = self.game.card_state(c) else {
            return [false; 2];
        };
        let field = matches!(cs.loc, Loc::Square(_));
        match prefer {
            Prefer::Playable => [
                cs.loc == Loc::Hand,
                self.game.plan_card(cs.owner) == Some(c),
            ],
            Prefer::Field => [field, false],
            Prefer::Hand => [cs.loc == Loc::Hand, false],
            Prefer::Payment => [
                matches!(cs.loc, Loc::Energy | Loc::Smash) && !cs.frozen,
                false,
            ],
            Prefer::Anywhere => [field, cs.loc == Loc::Stack],
        }
    }

    /// The one card `r` names; `exclude` holds cards already picked for the same list.
    fn resolve(&self, r: &CardRef, prefer: Prefer, exclude: &[CardId]) -> Result<CardId, Finding> {
        if let RefKind::Label(l) = &r.kind {
            return self
                .labels
                .get(l)
                .copied()
                .ok_or_else(|| Finding::error(format!("card `{}`", r.text), "no such label"));
        }
        let all: Vec<CardId> = (0..self.game.card_count())
            .map(|i| CardId(i as u16))
            .filter(|&c| self.matches(r, c) && !exclude.contains(&c))
            .collect();
        if all.is_empty() {
            let same_name: Vec<String> = match &r.kind {
                RefKind::Name { name, .. } => (0..self.game.card_count())
                    .map(|i| CardId(i as u16))
                    .filter(|&c| name_matches(self.name_of(c), name))
                    .map(|c| self.plain(c))
                    .collect(),
                RefKind::Label(_) => Vec::new(),
            };
            let detail = if same_name.is_empty() {
                "no card in the game has that name".to_owned()
            } else {
                let mut v = same_name;
                v.dedup();
                format!("no card matches; cards with that name: {}", v.join(", "))
            };
            return Err(Finding::error(format!("card `{}`", r.text), detail));
        }
        let mut pick = all.clone();
        for i in 0..2 {
            let sub: Vec<CardId> = all
                .iter()
                .copied()
                .filter(|&c| self.preferred(c, prefer)[i])
                .collect();
            if !sub.is_empty() {
                pick = sub;
                break;
            }
        }
        let first = pick[0];
        let same = |c: CardId| {
            let (a, b) = (self.game.card_state(first), self.game.card_state(c));
            match (a, b) {
                (Some(a), Some(b)) => {
                    a.def == b.def
                        && a.owner == b.owner
                        && a.loc == b.loc
                        && a.frozen == b.frozen
                        && !matches!(a.loc, Loc::Square(_))
                        && self.game.plan_card(a.owner) != Some(c)
                        && self.game.plan_card(a.owner) != Some(first)
                }
                _ => false,
            }
        };
        if pick.len() == 1 || pick.iter().all(|&c| same(c)) {
            return Ok(first);
        }
        let mut names: Vec<String> = pick.iter().map(|&c| self.long(c)).collect();
        names.dedup();
        Err(Finding::error(
            format!("card `{}`", r.text),
            format!(
                "ambiguous: it matches {}; add an owner (`P1 …`), a place (`…@b2`, `…@hand`) or give the card a label",
                names.join(", ")
            ),
        ))
    }

    fn resolve_list(&self, refs: &[CardRef], prefer: Prefer) -> Result<Vec<CardId>, Finding> {
        let mut out = Vec::new();
        for r in refs {
            let c = self.resolve(r, prefer, &out)?;
            out.push(c);
        }
        Ok(out)
    }

    /// Resolves a step's targets: card references, or `square:b2`, `player:P2` and
    /// `item:REF` (the topmost item of the active stack that came from the card REF).
    fn resolve_targets(&self, refs: &[CardRef]) -> Result<Vec<Target>, Finding> {
        let mut out = Vec::new();
        let mut cards = Vec::new();
        for r in refs {
            let text = r.text.trim();
            let bad = |msg: String| Finding::error(format!("target `{}`", r.text), msg);
            let t = if let Some(s) = text.strip_prefix("square:") {
                Target::Square(parse_square(s.trim()).ok_or_else(|| {
                    bad("not a square: write a1–c3 or P1-base1…P2-base3".to_owned())
                })?)
            } else if let Some(p) = text.strip_prefix("player:") {
                Target::Player(
                    parse_player(p.trim())
                        .ok_or_else(|| bad("write player:P1 or player:P2".to_owned()))?,
                )
            } else if let Some(rest) = text.strip_prefix("item:") {
                let labels: Vec<String> = self.labels.keys().cloned().collect();
                let card_ref = parse_ref(rest, r.span.clone(), &labels).map_err(bad)?;
                let c = self.resolve(&card_ref, Prefer::Anywhere, &[])?;
                let item = self
                    .game
                    .stack()
                    .iter()
                    .rev()
                    .find(|i| i.summary().1 == Some(c))
                    .map(|i| i.id);
                Target::Item(item.ok_or_else(|| {
                    bad(format!(
                        "no item of {} is on the active stack",
                        self.short(c)
                    ))
                })?)
            } else {
                let c = self.resolve(r, Prefer::Field, &cards)?;
                cards.push(c);
                Target::Card(c)
            };
            out.push(t);
        }
        Ok(out)
    }

    /// A target as steps and messages name it.
    fn target_text(&self, t: Target) -> String {
        match t {
            Target::Card(c) => self.short(c),
            Target::Square(s) => format!("square:{s}"),
            Target::Player(p) => format!("player:{p}"),
            Target::Item(id) => {
                let item = self.game.stack().iter().find(|i| i.id == id);
                match item.and_then(|i| i.summary().1) {
                    Some(c) => format!("item:{}", self.short(c)),
                    None => format!("item#{}", id.0),
                }
            }
        }
    }

    fn payment(&self, pay: &Option<Vec<CardRef>>) -> Result<Payment, Finding> {
        match pay {
            None => Ok(Payment::Auto),
            Some(refs) => Ok(Payment::Cards(self.resolve_list(refs, Prefer::Payment)?)),
        }
    }

    // ---------------------------------------------------------------------------------------
    // Steps
    // ---------------------------------------------------------------------------------------

    fn step(&mut self, st: &StepSpec) -> Vec<Finding> {
        let Some(action) = &st.action else {
            return Vec::new();
        };
        if let Some(by) = st.by {
            let d = self.game.decision();
            if d.player() != Some(by) {
                let actual = match d.player() {
                    Some(p) => format!("{p} ({})", decision_text(d)),
                    None => "nobody (the duel is over)".to_owned(),
                };
                return vec![Finding::new("who decides (`by`)", by.to_string(), actual)];
            }
        }
        match action {
            ActionSpec::PassUntil(until, text) => self.pass_until(*until, text),
            ActionSpec::Pass(PassWho::Both) => {
                let mut out = Vec::new();
                for _ in 0..2 {
                    let who = self
                        .game
                        .decision()
                        .player()
                        .map_or("pass".to_owned(), |p| format!("{p} passes"));
                    out = self.single(st, Action::Pass, &who);
                    if !out.is_empty() {
                        break;
                    }
                }
                out
            }
            ActionSpec::Pass(PassWho::Player(p)) => {
                let d = self.game.decision();
                if d != Decision::Act(*p) {
                    return vec![Finding::new(
                        format!("{p} to hold priority and pass"),
                        format!("act {p}"),
                        decision_text(d),
                    )];
                }
                self.single(st, Action::Pass, &format!("{p} passes"))
            }
            other => match self.action(other) {
                Ok((a, what)) => self.single(st, a, &what),
                // An answer the choice does not offer, expected to be refused: the engine is
                // given an option that does not exist and refuses it like any illegal answer.
                Err(_)
                    if st.rejected.is_some()
                        && matches!(other, ActionSpec::Choose(ans)
                        if self.game.choice().is_some_and(|c| {
                            self.matching_options(ans, &c.options).is_empty()
                        })) =>
                {
                    self.single(st, Action::Choose(u16::MAX), "an answer not offered")
                }
                Err(f) => vec![f],
            },
        }
    }

    /// Builds the engine action of a step, and a description of it.
    fn action(&self, a: &ActionSpec) -> Result<(Action, String), Finding> {
        Ok(match a {
            ActionSpec::Play {
                card,
                square,
                targets,
                cost_cards,
                x,
                method,
                pay,
            } => {
                let c = self.resolve(card, Prefer::Playable, &[])?;
                let ts = self.resolve_targets(targets)?;
                let cc = self.resolve_list(cost_cards, Prefer::Anywhere)?;
                let method = match method {
                    Some(m) => Some(self.method(c, &m.name)?),
                    None => None,
                };
                let mut what = format!("play {}", self.short(c));
                if let Some(s) = square {
                    let _ = write!(what, " into {s}");
                }
                if !ts.is_empty() {
                    let names: Vec<String> = ts.iter().map(|&t| self.target_text(t)).collect();
                    let _ = write!(what, " targeting {}", names.join(", "));
                }
                (
                    Action::Play {
                        card: c,
                        method,
                        square: *square,
                        targets: Targets::list(&ts),
                        x: *x,
                        cost_cards: dzero_core::CardList::of(&cc),
                        payment: self.payment(pay)?,
                    },
                    what,
                )
            }
            ActionSpec::Move { unit, to, pay } => {
                let u = self.resolve(unit, Prefer::Field, &[])?;
                (
                    Action::Move {
                        unit: u,
                        to: *to,
                        payment: self.payment(pay)?,
                    },
                    format!("move {} to {to}", self.short(u)),
                )
            }
            ActionSpec::Activate {
                card,
                ability,
                targets,
                cost_cards,
                x,
                pay,
            } => {
                let c = self.resolve(card, Prefer::Field, &[])?;
                let index = self.ability(c, ability.as_ref().map(|a| a.0))?;
                let ts = self.resolve_targets(targets)?;
                let cc = self.resolve_list(cost_cards, Prefer::Anywhere)?;
                (
                    Action::Activate {
                        card: c,
                        ability: index,
                        targets: Targets::list(&ts),
                        cost_cards: dzero_core::CardList::of(&cc),
                        x: *x,
                        payment: self.payment(pay)?,
                    },
                    format!("activate {}", self.short(c)),
                )
            }
            ActionSpec::CreatePlan { pay } => (
                Action::CreatePlan {
                    payment: self.payment(pay)?,
                },
                "create the plan zone".to_owned(),
            ),
            ActionSpec::Roll { pay } => (
                Action::Roll {
                    payment: self.payment(pay)?,
                },
                "roll the dimension die".to_owned(),
            ),
            ActionSpec::UpdatePlan { pay } => (
                Action::UpdatePlan {
                    payment: self.payment(pay)?,
                },
                "update the plan zone".to_owned(),
            ),
            ActionSpec::Choose(ans) => {
                let i = self.answer(ans)?;
                (Action::Choose(i), format!("choose option {}", i + 1))
            }
            ActionSpec::Energy(r) => {
                let c = match r {
                    Some(r) => Some(self.resolve(r, Prefer::Hand, &[])?),
                    None => None,
                };
                let what = c.map_or("put no energy".to_owned(), |c| {
                    format!("put {} into the energy zone", self.short(c))
                });
                (Action::Energy(c), what)
            }
            ActionSpec::Smash(r) => {
                let c = match r {
                    Some(r) => Some(self.resolve(r, Prefer::Field, &[])?),
                    None => None,
                };
                let what = c.map_or("end the smash phase".to_owned(), |c| {
                    format!("smash with {}", self.short(c))
                });
                (Action::Smash(c), what)
            }
            ActionSpec::Mulligan(b) => (Action::Mulligan(*b), format!("mulligan {b}")),
            ActionSpec::Pass(_) | ActionSpec::PassUntil(..) => (Action::Pass, "pass".to_owned()),
        })
    }

    fn method(&self, c: CardId, name: &str) -> Result<u8, Finding> {
        let def = self.game.card_state(c).and_then(|cs| self.db.get(cs.def));
        let methods: Vec<(usize, &str)> = def
            .map(|d| {
                d.abilities
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| match a {
                        Ability::Play(PlayModifier::Method(m)) => Some((i, m.name.as_str())),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        match methods.iter().find(|(_, n)| *n == name) {
            Some((i, _)) => Ok(*i as u8),
            None => Err(Finding::error(
                format!("play method `{name}` of {}", self.short(c)),
                if methods.is_empty() {
                    "the card has no ☆ play method".to_owned()
                } else {
                    let names: Vec<&str> = methods.iter().map(|(_, n)| *n).collect();
                    format!("no such method; it has: {}", names.join(", "))
                },
            )),
        }
    }

    fn ability(&self, c: CardId, n: Option<u32>) -> Result<u8, Finding> {
        let acts: Vec<u8> = self.game.activated_abilities(self.db, c);
        let what = format!("● ability of {}", self.short(c));
        match n {
            None if acts.len() == 1 => Ok(acts[0]),
            None if acts.is_empty() => Err(Finding::error(what, "the card has no ● ability")),
            None => Err(Finding::error(
                what,
                format!(
                    "the card has {} ● abilities: say which with `ability = 1` … `ability = {}`",
                    acts.len(),
                    acts.len()
                ),
            )),
            Some(n) => acts.get(n as usize - 1).copied().ok_or_else(|| {
                Finding::error(
                    what,
                    format!("the card has {} ● abilities, not {n}", acts.len()),
                )
            }),
        }
    }

    /// Whether the engine action `a`, legal in `g`, is one `spec` names: an announcement of
    /// the card (and, with a square, one whose square step offers it), a smash, an energy
    /// card, a pass.
    fn legal_matches(&self, g: &Game, spec: &LegalSpec, a: &Action) -> bool {
        let card_ok = |c: CardId| spec.card.as_ref().is_none_or(|r| self.matches(r, c));
        let square_ok = || {
            let Some(q) = spec.square else {
                return true;
            };
            let mut next = g.clone();
            let mut picks = Vec::new();
            if next.apply(self.db, a.clone()).is_ok() {
                next.legal_actions(self.db, &mut picks);
            }
            picks.contains(&Action::Pick(dzero_core::Pick::Square(q)))
        };
        match (spec.verb, a) {
            (LegalVerb::Play, Action::Announce(Use::Play { card, .. }))
            | (LegalVerb::Move, Action::Announce(Use::Move { unit: card })) => {
                card_ok(*card) && square_ok()
            }
            (LegalVerb::Activate, Action::Announce(Use::Activate { card, .. })) => card_ok(*card),
            (LegalVerb::Smash, Action::Smash(Some(u))) => card_ok(*u),
            (LegalVerb::Energy, Action::Energy(Some(c))) => card_ok(*c),
            (LegalVerb::CreatePlan, Action::Announce(Use::CreatePlan))
            | (LegalVerb::UpdatePlan, Action::Announce(Use::UpdatePlan))
            | (LegalVerb::Pass, Action::Pass) => true,
            _ => false,
        }
    }

    /// The options of a pending choice an answer names.
    fn matching_options(&self, ans: &AnswerSpec, opts: &[ChoiceOption]) -> Vec<usize> {
        match ans {
            AnswerSpec::Number(n) => (*n <= opts.len()).then_some(n - 1).into_iter().collect(),
            AnswerSpec::Square(sq) => opts
                .iter()
                .position(|o| *o == ChoiceOption::Square(*sq))
                .into_iter()
                .collect(),
            AnswerSpec::Text(t, r) => {
                let labels: Vec<usize> = opts
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| match o {
                        ChoiceOption::Label(l) => l == t,
                        // No target: chosen by its English wording.
                        ChoiceOption::Cards(c) if c.is_empty() => *t == self.option_text(o),
                        _ => false,
                    })
                    .map(|(i, _)| i)
                    .collect();
                if !labels.is_empty() {
                    labels
                } else if let Some(r) = r {
                    opts.iter()
                        .enumerate()
                        .filter(|(_, o)| match o {
                            ChoiceOption::Card(c) => self.matches(r, *c),
                            // A combination matches a reference to any of its cards.
                            ChoiceOption::Cards(t) => t.cards().any(|c| self.matches(r, c)),
                            _ => false,
                        })
                        .map(|(i, _)| i)
                        .collect()
                } else {
                    Vec::new()
                }
            }
        }
    }

    fn answer(&self, ans: &AnswerSpec) -> Result<u16, Finding> {
        let Some(choice) = self.game.choice() else {
            return Err(Finding::new(
                "a pending choice",
                "a choice",
                decision_text(self.game.decision()),
            ));
        };
        let opts = &choice.options;
        let options_text = || {
            let v: Vec<String> = opts
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}: {}", i + 1, self.option_text(o)))
                .collect();
            let question = Text::new(&self.game, self.db, Lang::En).question(&choice.question);
            format!("{question} — options: {}", v.join(", "))
        };
        let found = self.matching_options(ans, opts);
        match found.as_slice() {
            [i] => Ok(*i as u16),
            [] => Err(Finding::error(
                "the answer",
                format!("no option matches; {}", options_text()),
            )),
            _ => Err(Finding::error(
                "the answer",
                format!("several options match; {}", options_text()),
            )),
        }
    }

    fn option_text(&self, o: &ChoiceOption) -> String {
        match o {
            ChoiceOption::Card(c) => self.short(*c),
            ChoiceOption::Cards(t) if t.is_empty() => {
                Text::new(&self.game, self.db, Lang::En).option(o)
            }
            ChoiceOption::Cards(t) => t
                .as_slice()
                .iter()
                .map(|&t| self.target_text(t))
                .collect::<Vec<_>>()
                .join(" + "),
            ChoiceOption::Player(p) => p.to_string(),
            ChoiceOption::Item(i) => self.target_text(dzero_core::Target::Item(*i)),
            ChoiceOption::Square(s) => s.to_string(),
            ChoiceOption::Number(n) => n.to_string(),
            ChoiceOption::Position(p) => format!("({:+}, {:+})", p.row, p.col),
            ChoiceOption::Label(l) => l.clone(),
        }
    }

    /// Applies one action, handling an expected refusal.
    fn single(&mut self, st: &StepSpec, a: Action, what: &str) -> Vec<Finding> {
        let result = self.game.apply(self.db, a);
        if result.is_ok() {
            self.events.extend_from_slice(self.game.events());
        }
        let errors = self.pool.take_errors();
        let worded = result
            .as_ref()
            .err()
            .map(|e| Text::new(&self.game, self.db, Lang::En).action_error(e))
            .unwrap_or_default();
        let refused = |e: &ActionError| {
            let first = worded.lines().next().unwrap_or_default().to_owned();
            format!("refused ({}): {first}", rejection_kind(e))
        };
        match (result, &st.rejected) {
            (Ok(()), None) => self.script_errors_found(errors, false),
            (Ok(()), Some(rej)) => {
                let mut out = vec![Finding::new(what, rejection_text(rej), "accepted")];
                out.extend(self.script_errors_found(errors, false));
                out
            }
            (Err(e), None) => {
                let mut out = vec![Finding::new(what, "accepted", refused(&e))];
                out.extend(self.script_errors_found(errors, false));
                out
            }
            (Err(e), Some(rej)) => {
                let kind = rejection_kind(&e);
                let reason_ok = rej
                    .reason
                    .as_ref()
                    .is_none_or(|r| worded.contains(r.as_str()));
                let mut out = Vec::new();
                if kind != rej.kind || !reason_ok {
                    out.push(Finding::new(what, rejection_text(rej), refused(&e)));
                }
                out.extend(self.script_errors_found(errors, kind == "effect-failed"));
                out
            }
        }
    }

    /// Records script errors; in strict mode they fail the step unless `expected`.
    fn script_errors_found(&mut self, errors: Vec<ScriptError>, expected: bool) -> Vec<Finding> {
        if errors.is_empty() {
            return Vec::new();
        }
        let f = script_finding(&errors);
        self.script_errors.extend(errors);
        if self.s.setup.strict && !expected {
            vec![f]
        } else {
            Vec::new()
        }
    }

    fn until_holds(&self, until: Until) -> bool {
        let g = &self.game;
        match until {
            Until::StackEmpty => g.stack().is_empty() && g.choice().is_none(),
            Until::Battle => g.battle().is_some(),
            Until::NoBattle => g.battle().is_none(),
            Until::Step(s) => g.battle().is_some_and(|b| b.step == s),
            Until::Phase(p, ph) => g.phase() == ph && p.is_none_or(|p| g.active() == p),
            Until::NextTurn => false,
        }
    }

    /// Whether `events` (of one action, starting with `active` as the active player) began
    /// the phase or turn `until` waits for.
    fn until_began(until: Until, events: &[Event], mut active: Player) -> bool {
        for e in events {
            match *e {
                Event::TurnBegan { player, .. } => {
                    active = player;
                    if until == Until::NextTurn {
                        return true;
                    }
                }
                Event::PhaseBegan { phase } => {
                    if let Until::Phase(p, ph) = until
                        && ph == phase
                        && p.is_none_or(|p| p == active)
                    {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    fn pass_until(&mut self, until: Until, text: &str) -> Vec<Finding> {
        let what = format!("pass until {text}");
        for _ in 0..MAX_SHORTCUT_ACTIONS {
            if self.until_holds(until) {
                return Vec::new();
            }
            let action = match self.game.decision() {
                Decision::Act(_) => Action::Pass,
                Decision::Energy(_) => Action::Energy(None),
                Decision::Smash(_) => Action::Smash(None),
                Decision::Mulligan(_) => Action::Mulligan(false),
                Decision::Pick(..) => Action::Pick(dzero_core::Pick::Cancel),
                Decision::Choose(p) => {
                    let prompt = self.game.choice().map_or(String::new(), |c| {
                        Text::new(&self.game, self.db, Lang::En).question(&c.question)
                    });
                    return vec![Finding::error(
                        what,
                        format!(
                            "{p} must answer a choice first (\"{prompt}\"): add a step with `choose`"
                        ),
                    )];
                }
                Decision::Over(r) => {
                    return vec![Finding::error(
                        what,
                        format!("the duel ended ({}) first", result_text(Some(r))),
                    )];
                }
            };
            let active = self.game.active();
            let word = match action {
                Action::Energy(_) => "putting no energy",
                Action::Smash(_) => "ending the smash phase",
                Action::Mulligan(_) => "declining the mulligan",
                _ => "a pass",
            };
            if let Err(e) = self.game.apply(self.db, action) {
                let msg = Text::new(&self.game, self.db, Lang::En).action_error(&e);
                let first = msg.lines().next().unwrap_or_default();
                return vec![Finding::error(
                    what,
                    format!("{word} was refused ({}): {first}", rejection_kind(&e)),
                )];
            }
            self.events.extend_from_slice(self.game.events());
            let errors = self.pool.take_errors();
            let f = self.script_errors_found(errors, false);
            if !f.is_empty() {
                return f;
            }
            if Self::until_began(until, self.game.events(), active) {
                return Vec::new();
            }
        }
        vec![Finding::error(
            what,
            format!("not reached after {MAX_SHORTCUT_ACTIONS} actions"),
        )]
    }

    // ---------------------------------------------------------------------------------------
    // Expectations
    // ---------------------------------------------------------------------------------------

    fn item_matches(&self, spec: &ItemSpec, item: &StackItem) -> bool {
        let (tag, card) = item.summary();
        spec.tag.is_none_or(|t| t == tag)
            && match (&spec.card, card) {
                (None, _) => true,
                (Some(r), Some(c)) => self.matches(r, c),
                (Some(_), None) => false,
            }
    }

    fn compare_items(
        &self,
        what: &str,
        specs: &[ItemSpec],
        items: &[StackItem],
    ) -> Option<Finding> {
        let ok = specs.len() == items.len()
            && specs
                .iter()
                .zip(items)
                .all(|(s, i)| self.item_matches(s, i));
        (!ok).then(|| {
            let exp: Vec<String> = specs.iter().map(|s| s.text.clone()).collect();
            let act: Vec<String> = items.iter().map(|i| self.namer().item(i)).collect();
            Finding::new(what, list_text(&exp), list_text(&act))
        })
    }

    fn card_check<T: PartialEq + std::fmt::Display>(
        &self,
        r: &CardRef,
        what: &str,
        expected: T,
        actual: impl Fn(CardId) -> T,
    ) -> Option<Finding> {
        match self.resolve(r, Prefer::Anywhere, &[]) {
            Err(f) => Some(f),
            Ok(c) => {
                let a = actual(c);
                (a != expected).then(|| {
                    // Power and damage belong to a unit in a square: say where it went instead
                    // of a number it no longer has.
                    let gone = matches!(what, "power" | "damage")
                        && self
                            .game
                            .card_state(c)
                            .is_some_and(|cs| cs.loc.square().is_none());
                    let actual = if gone {
                        let place = place_name(&self.game, c);
                        if place == "graveyard" {
                            "destroyed: it is in the graveyard".to_owned()
                        } else {
                            format!("not in play: it is in the {place}")
                        }
                    } else {
                        a.to_string()
                    };
                    Finding::new(
                        format!("{what} of {}", self.long(c)),
                        expected.to_string(),
                        actual,
                    )
                })
            }
        }
    }

    fn expectation(&self, e: &Expectation) -> Option<Finding> {
        let g = &self.game;
        let view = g.view(self.db);
        match &e.check {
            Check::At(r, place, text) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => (!is_at(g, c, *place)).then(|| {
                    Finding::new(
                        format!("place of {}", self.long(c)),
                        text.clone(),
                        place_name(g, c),
                    )
                }),
            },
            Check::Power(r, n) => self.card_check(r, "power", *n, |c| view.power(c)),
            Check::Damage(r, n) => self.card_check(r, "damage", *n, |c| view.damage(c)),
            Check::Frozen(r, b) => self.card_check(r, "frozen", *b, |c| view.frozen(c)),
            Check::FaceUp(r, up) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => (super::zones::face_up(g, c) != *up).then(|| {
                    Finding::new(
                        format!("facing of {}", self.long(c)),
                        if *up { "face up" } else { "face down" },
                        super::zones::facing_text(g, c),
                    )
                }),
            },
            Check::Keywords(r, ks) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => {
                    let has = view.keywords(c);
                    let missing = ks.iter().any(|(k, _)| !has.has(*k));
                    missing.then(|| {
                        let exp: Vec<String> = ks.iter().map(|(_, n)| n.clone()).collect();
                        Finding::new(
                            format!("keywords of {}", self.long(c)),
                            format!("at least {}", list_text(&exp)),
                            list_text(&keyword_names(has)),
                        )
                    })
                }
            },
            Check::Resolved(r, fizzled) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => {
                    let got = self.events.iter().find_map(|ev| match ev {
                        Event::Resolved {
                            card: Some(x),
                            fizzled,
                            ..
                        } if *x == c => Some(*fizzled),
                        _ => None,
                    });
                    let word = |f: bool| if f { "fizzled" } else { "resolved" };
                    (got != Some(*fizzled)).then(|| {
                        Finding::new(
                            format!("resolution of {} in this step", self.long(c)),
                            word(*fizzled),
                            got.map_or("nothing of it resolved in this step", word),
                        )
                    })
                }
            },
            Check::Stack(specs) => self.compare_items("stack (bottom first)", specs, g.stack()),
            Check::Pending(specs) => {
                let frames = g.frames();
                let pending: &[StackItem] = if frames.len() >= 2 {
                    &frames[frames.len() - 2].stack
                } else {
                    &[]
                };
                self.compare_items("pending stack (bottom first)", specs, pending)
            }
            Check::Priority(p) => (g.priority() != *p).then(|| {
                let t = |p: Option<Player>| p.map_or("none".to_owned(), |p| p.to_string());
                Finding::new("priority", t(*p), t(g.priority()))
            }),
            Check::Decision(d, text) => {
                let actual = g.decision();
                let ok = match (*d, actual) {
                    (DecisionSpec::Act(p), Decision::Act(q))
                    | (DecisionSpec::Energy(p), Decision::Energy(q))
                    | (DecisionSpec::Smash(p), Decision::Smash(q))
                    | (DecisionSpec::Mulligan(p), Decision::Mulligan(q))
                    | (DecisionSpec::Choose(p), Decision::Choose(q)) => p == q,
                    (DecisionSpec::Over, Decision::Over(_)) => true,
                    _ => false,
                };
                (!ok).then(|| Finding::new("decision", text.clone(), decision_text(actual)))
            }
            Check::Phase(p) => (g.phase() != *p)
                .then(|| Finding::new("phase", phase_name(*p), phase_name(g.phase()))),
            Check::Active(p) => (g.active() != *p)
                .then(|| Finding::new("active player", p.to_string(), g.active().to_string())),
            Check::Turn(t) => {
                (g.turn() != *t).then(|| Finding::new("turn", t.to_string(), g.turn().to_string()))
            }
            Check::Dimension(want) => {
                let actual = g.active_dimension();
                let shown =
                    |c: Option<CardId>| c.map_or_else(|| "none".to_owned(), |c| self.long(c));
                match want {
                    None => actual.is_some().then(|| {
                        Finding::new("active dimension", "none".to_owned(), shown(actual))
                    }),
                    Some(r) => match self.resolve(r, Prefer::Anywhere, &[]) {
                        Err(f) => Some(f),
                        Ok(c) => (actual != Some(c))
                            .then(|| Finding::new("active dimension", self.long(c), shown(actual))),
                    },
                }
            }
            Check::DimensionDeck(n) => {
                let actual = g.planes().deck.len();
                (actual != *n)
                    .then(|| Finding::new("dimension deck", n.to_string(), actual.to_string()))
            }
            Check::Battle(sq) => {
                let actual = g.battle().map(|b| b.square);
                (actual != *sq).then(|| {
                    let t = |s: Option<dzero_core::Square>| {
                        s.map_or("none".to_owned(), |s| s.to_string())
                    };
                    Finding::new("battle", t(*sq), t(actual))
                })
            }
            Check::BattleStep(s) => {
                let actual = g.battle().map(|b| b.step);
                (actual != Some(*s)).then(|| {
                    Finding::new(
                        "battle step",
                        step_name(*s),
                        actual.map_or("no battle", step_name),
                    )
                })
            }
            Check::Legal(specs, want) => {
                let mut legal = Vec::new();
                g.legal_actions(self.db, &mut legal);
                let wrong: Vec<String> = specs
                    .iter()
                    .filter(|sp| legal.iter().any(|a| self.legal_matches(g, sp, a)) != *want)
                    .map(|sp| sp.text.clone())
                    .collect();
                (!wrong.is_empty()).then(|| {
                    Finding::new(
                        if *want {
                            "legal actions"
                        } else {
                            "actions that are not legal"
                        },
                        format!(
                            "[{}] {}",
                            wrong.join(", "),
                            if *want { "legal" } else { "not legal" }
                        ),
                        format!(
                            "{} {} legal now",
                            wrong.join(", "),
                            if *want { "is not" } else { "is" }
                        ),
                    )
                })
            }
            Check::Offers(answers) => {
                let opts: &[ChoiceOption] = g.choice().map_or(&[], |c| c.options.as_slice());
                let mut hit = vec![0usize; opts.len()];
                let mut unmatched = false;
                for a in answers {
                    let found = self.matching_options(a, opts);
                    unmatched |= found.is_empty();
                    for i in found {
                        hit[i] += 1;
                    }
                }
                let ok = !unmatched && hit.iter().all(|&n| n == 1);
                (!ok).then(|| {
                    let exp: Vec<String> = answers
                        .iter()
                        .map(|a| match a {
                            AnswerSpec::Number(n) => n.to_string(),
                            AnswerSpec::Square(s) => s.to_string(),
                            AnswerSpec::Text(t, _) => t.clone(),
                        })
                        .collect();
                    let act: Vec<String> = opts.iter().map(|o| self.option_text(o)).collect();
                    Finding::new(
                        "the options of the pending choice",
                        format!("[{}]", exp.join(", ")),
                        format!("[{}]", act.join(", ")),
                    )
                })
            }
            Check::Attackers(refs) => {
                let attackers: Vec<CardId> = g
                    .battle()
                    .map(|b| {
                        b.fighters
                            .iter()
                            .filter(|f| f.attacker)
                            .map(|f| f.unit.card)
                            .collect()
                    })
                    .unwrap_or_default();
                let ok = refs.len() == attackers.len()
                    && refs
                        .iter()
                        .all(|r| attackers.iter().filter(|&&a| self.matches(r, a)).count() == 1);
                (!ok).then(|| {
                    let exp: Vec<String> = refs.iter().map(|r| r.text.clone()).collect();
                    let act: Vec<String> = attackers.iter().map(|&a| self.short(a)).collect();
                    Finding::new(
                        "attackers",
                        list_text(&exp),
                        if g.battle().is_none() {
                            "no battle".to_owned()
                        } else {
                            list_text(&act)
                        },
                    )
                })
            }
            Check::Winner(r) => {
                let actual = g.battle().map(|b| b.winner);
                let ok = match (r, actual) {
                    (_, None) => false,
                    (None, Some(w)) => w.is_none(),
                    (Some(r), Some(Some(w))) => self.matches(r, w),
                    (Some(_), Some(None)) => false,
                };
                (!ok).then(|| {
                    Finding::new(
                        "battle winner",
                        r.as_ref().map_or("none".to_owned(), |r| r.text.clone()),
                        match actual {
                            None => "no battle".to_owned(),
                            Some(None) => "none".to_owned(),
                            Some(Some(w)) => self.short(w),
                        },
                    )
                })
            }
            Check::BattleDamage(parts) => self.battle_damage(parts),
            Check::Count(p, kind, n) => {
                let actual = match kind {
                    Count::Hand => g.zone_len(*p, Zone::Hand),
                    Count::Deck => g.zone_len(*p, Zone::Deck),
                    Count::Energy => g.zone_len(*p, Zone::Energy),
                    Count::FrozenEnergy => g
                        .zone(*p, Zone::Energy)
                        .iter()
                        .filter(|&&c| view.frozen(c))
                        .count(),
                    Count::Smash => g.zone_len(*p, Zone::Smash),
                    Count::Graveyard => g.zone_len(*p, Zone::Graveyard),
                    Count::Remove => g.zone_len(*p, Zone::Remove),
                    Count::Field => g.zone_len(*p, Zone::Field),
                };
                (actual != *n as usize).then(|| {
                    Finding::new(
                        format!("{p} {}", kind.name()),
                        n.to_string(),
                        actual.to_string(),
                    )
                })
            }
            Check::Empty(zones) => {
                let full: Vec<String> = zones
                    .iter()
                    .filter_map(|(z, text)| {
                        let inside = super::zones::contents(g, &self.namer(), *z);
                        (!inside.is_empty()).then(|| format!("{text}: {}", list_text(&inside)))
                    })
                    .collect();
                (!full.is_empty()).then(|| {
                    let names: Vec<&str> = zones.iter().map(|(_, t)| t.as_str()).collect();
                    Finding::new(
                        format!("empty {}", names.join(", ")),
                        "nothing in them",
                        full.join("; "),
                    )
                })
            }
            Check::Result(r, text) => (g.result() != *r)
                .then(|| Finding::new("result", text.clone(), result_text(g.result()))),
            Check::ScriptErrors(n) => (self.script_errors.len() != *n as usize).then(|| {
                let mut actual = self.script_errors.len().to_string();
                if !self.script_errors.is_empty() {
                    actual.push('\n');
                    actual.push_str(&script_finding(&self.script_errors).actual);
                }
                Finding::new("script errors so far", n.to_string(), actual)
            }),
        }
    }

    fn battle_damage(&self, parts: &[(CardRef, CardRef, i32)]) -> Option<Finding> {
        let item = self.game.stack().iter().rev().find_map(|i| match &i.kind {
            ItemKind::Damage { parts } => Some(parts),
            _ => None,
        });
        let exp: Vec<String> = parts
            .iter()
            .map(|(a, b, n)| format!("{} → {} {n}", a.text, b.text))
            .collect();
        let Some(actual) = item else {
            return Some(Finding::new(
                "battle damage on the stack",
                list_text(&exp),
                "no damage item on the stack",
            ));
        };
        let actual: Vec<_> = actual.iter().flatten().collect();
        let mut used = vec![false; actual.len()];
        let mut ok = parts.len() == actual.len();
        for (a, b, n) in parts {
            let hit = actual.iter().enumerate().position(|(i, p)| {
                !used[i] && p.amount == *n && self.matches(a, p.from) && self.matches(b, p.to.card)
            });
            match hit {
                Some(i) => used[i] = true,
                None => ok = false,
            }
        }
        (!ok).then(|| {
            let namer = self.namer();
            let act: Vec<String> = actual.iter().map(|p| namer.damage_part(p)).collect();
            Finding::new(
                "battle damage on the stack",
                list_text(&exp),
                list_text(&act),
            )
        })
    }

    // ---------------------------------------------------------------------------------------
    // Reports
    // ---------------------------------------------------------------------------------------

    fn failure(&self, st: Option<&StepSpec>, findings: Vec<Finding>) -> Failure {
        let mut out = String::new();
        let (step, line) = match st {
            Some(st) => {
                let (line, _) = crate::diag::line_col(&self.s.source, st.span.start);
                let _ = writeln!(out, "step {} (line {line}) failed:", st.index);
                for l in step_lines(&self.s.source, st) {
                    let _ = writeln!(out, "  | {l}");
                }
                (st.index, line)
            }
            None => {
                let _ = writeln!(out, "setup failed:");
                (0, 0)
            }
        };
        for f in &findings {
            let _ = writeln!(out, "- {}", f.what);
            match &f.expected {
                Some(e) => {
                    let _ = writeln!(out, "    expected: {}", indent(e, 14));
                    let _ = writeln!(out, "    actual:   {}", indent(&f.actual, 14));
                }
                None => {
                    let _ = writeln!(out, "    {}", indent(&f.actual, 4));
                }
            }
        }
        if step > 0 && !self.events.is_empty() {
            // What happened in the failing step, most recent last (at most the last 40).
            let _ = writeln!(out, "events of step {step}:");
            let text = Text::new(&self.game, self.db, Lang::En);
            let skip = self.events.len().saturating_sub(40);
            if skip > 0 {
                let _ = writeln!(out, "  … {skip} earlier events");
            }
            for e in &self.events[skip..] {
                let _ = writeln!(out, "  {}", text.event(e));
            }
        }
        let _ = writeln!(
            out,
            "board {}:",
            if step == 0 {
                "at the start".to_owned()
            } else {
                format!("after step {step}")
            }
        );
        out.push_str(&render_board(&self.game, self.db, &self.label_of));
        Failure {
            step,
            line,
            findings,
            report: out,
        }
    }
}

fn indent(s: &str, n: usize) -> String {
    s.replace('\n', &format!("\n{}", " ".repeat(n)))
}

/// The lines of a step as written, without trailing blank or comment-only lines.
pub(crate) fn step_lines<'a>(source: &'a str, st: &StepSpec) -> Vec<&'a str> {
    let start = source[..st.span.start.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = st.span.end.min(source.len());
    let mut lines: Vec<&str> = source[start..end].lines().collect();
    while lines
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        lines.pop();
    }
    lines
}

fn keyword_names(k: Keywords) -> Vec<String> {
    [
        (Keywords::ACCEL, "accel"),
        (Keywords::HASTE, "haste"),
        (Keywords::HEXPROOF, "hexproof"),
        (Keywords::SHROUD, "shroud"),
    ]
    .into_iter()
    .filter(|(kw, _)| k.has(*kw))
    .map(|(_, n)| n.to_owned())
    .collect()
}
