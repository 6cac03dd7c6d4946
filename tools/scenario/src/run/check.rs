//! Checking a scenario against the sets it is played with: card names the sets do not have
//! (with a "did you mean"), names two sets share, cards in the wrong list, labels that are
//! card names.

use crate::names::{CardRef, RefKind, closest};
use crate::pool::Pool;
use crate::scenario::Scenario;
use crate::spec::{ActionSpec, Check, StepSpec};
use dzero_cardpool::CardSet;
use dzero_cardpool::diag::{FileText, Problem};
use dzero_core::{CardDb, CardKind, DefId};
use std::collections::{BTreeMap, HashMap};

/// Every problem of `s` that needs the sets to see: card names two sets both have, unknown
/// card names, cards in the wrong list, labels that are also card names.
pub(super) fn check(s: &Scenario, pool: &Pool<'_>) -> Vec<Problem> {
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
    for m in s.setup.match_decks.iter().flatten() {
        for (n, _) in m.deck.iter().chain(&m.sideboard) {
            unknown(&n.name, n.span.clone(), &mut problems);
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
        if let Some(ActionSpec::NextDuel { swaps, .. }) = &st.action {
            for n in swaps.iter().flat_map(|(a, b)| a.iter().chain(b)) {
                unknown(&n.name, n.span.clone(), &mut problems);
            }
        }
        for e in &st.expect {
            match &e.check {
                Check::Deck(d) => {
                    for (n, _) in d.cards.iter().chain(&d.dimensions) {
                        unknown(&n.name, n.span.clone(), &mut problems);
                    }
                }
                Check::Sideboard(_, names) => {
                    for n in names {
                        unknown(&n.name, n.span.clone(), &mut problems);
                    }
                }
                _ => {}
            }
        }
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
pub(super) struct Names<'a> {
    full: HashMap<&'a str, DefId>,
    play: HashMap<&'a str, DefId>,
}

impl<'a> Names<'a> {
    /// Indexes the card names of `db`.
    pub(super) fn new(db: &'a CardDb) -> Names<'a> {
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
    pub(super) fn find(&self, name: &str) -> Option<DefId> {
        self.full.get(name).or_else(|| self.play.get(name)).copied()
    }
}

/// Calls `f` on every card reference of a step.
fn for_each_ref(st: &StepSpec, f: &mut dyn FnMut(&CardRef)) {
    let list = |v: &[CardRef], f: &mut dyn FnMut(&CardRef)| v.iter().for_each(&mut *f);
    match &st.action {
        Some(
            ActionSpec::Play {
                card,
                targets,
                cost_cards,
                pay,
                ..
            }
            | ActionSpec::Activate {
                card,
                targets,
                cost_cards,
                pay,
                ..
            },
        ) => {
            f(card);
            list(targets, f);
            list(cost_cards, f);
            list(pay.as_deref().unwrap_or(&[]), f);
        }
        Some(ActionSpec::Move { unit, pay, .. }) => {
            f(unit);
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
            | Check::Keywords(r, _, _)
            | Check::Layout(r, ..)
            | Check::Resolved(r, _)
            | Check::Winner(Some(r)) => f(r),
            Check::Stack(items) | Check::Pending(items) => items
                .iter()
                .filter_map(|i| i.card.as_ref())
                .for_each(&mut *f),
            Check::Attackers(rs) => list(rs, f),
            Check::Distance(a, b, _) => {
                for p in [a, b] {
                    if let crate::spec::CrossPlace::Card(r) = p {
                        f(r);
                    }
                }
            }
            Check::BattleDamage(parts) => parts.iter().for_each(|(a, b, _)| {
                f(a);
                f(b);
            }),
            _ => {}
        }
    }
}

/// The problems of `s` that need its set to see: unknown card names (with a "did you mean"),
/// cards in the wrong list, labels that are card names.
pub fn check_scenario(s: &Scenario, set: &CardSet) -> Vec<Problem> {
    check(s, &Pool::single(set))
}
