//! Building a scenario's starting position with the core's [`Builder`]: decks with their
//! filler cards, then every other zone and square, labels noted.

use super::check::Names;
use crate::pool::Pool;
use crate::scenario::Scenario;
use crate::spec::Placed;
use dzero_cardpool::DeckText;
use dzero_cardpool::diag::Problem;
use dzero_core::{Builder, CardId, CardKind, Game, Loc, Player};
use dzero_text::Lang;
use std::collections::BTreeMap;

/// Builds the starting position. Fails with problems located in the scenario file.
pub(super) fn build(
    s: &Scenario,
    pool: &Pool<'_>,
) -> Result<(Game, BTreeMap<String, CardId>), Vec<Problem>> {
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
    if let Some(span) = &setup.layout {
        if !rules.modules.exploration_layout {
            problems.push(
                Problem::at(
                    &s.path,
                    &s.source,
                    span.clone(),
                    format!(
                        "rule set {} has no 次元探索戦 cross to lay out (R19.16)",
                        rules.name
                    ),
                )
                .help("play it with `rules = \"dimension-exploration\"`"),
            );
        }
        for c in setup
            .cards
            .iter()
            .filter(|c| c.span.start >= span.start && c.span.end <= span.end)
        {
            let kind = def_of(c).and_then(|d| db.get(d)).map(|d| d.kind);
            if kind.is_some_and(|k| k != CardKind::Dimension) {
                problems.push(Problem::at(
                    &s.path,
                    &s.source,
                    c.card.span.clone(),
                    format!(
                        "「{}」 is no dimension: only dimensions are dealt into the cross (R19.16)",
                        c.card.name
                    ),
                ));
            }
        }
    }
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
