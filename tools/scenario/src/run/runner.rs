//! A scenario being played, and how its references find cards: labels, names, places, and
//! which of several matching cards a step means; the wording of cards, decisions and results
//! in findings.

use crate::board::Namer;
use crate::names::{CardRef, RefKind, is_at, name_matches, parse_player, parse_ref, parse_square};
use crate::outcome::Finding;
use crate::pool::Pool;
use crate::scenario::Scenario;
use dzero_core::{CardDb, CardId, Decision, Event, Game, GameResult, Loc, Payment, Target};
use dzero_script_api::ScriptError;
use std::collections::BTreeMap;

/// Where a reference is looked for first when it matches several cards.
#[derive(Clone, Copy)]
pub(super) enum Prefer {
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

/// A scenario being played: its game, the labels of its cards, and what the current step
/// has seen so far.
pub(super) struct Runner<'a> {
    pub(super) s: &'a Scenario,
    pub(super) pool: &'a Pool<'a>,
    pub(super) db: &'a CardDb,
    pub(super) game: Game,
    pub(super) labels: BTreeMap<String, CardId>,
    pub(super) label_of: BTreeMap<CardId, String>,
    /// Script errors seen so far (non-strict scenarios count them).
    pub(super) script_errors: Vec<ScriptError>,
    /// Events of the current step.
    pub(super) events: Vec<Event>,
    /// The match around the duel, with `[match]` (R2.3).
    pub(super) matchup: Option<super::match_state::MatchState>,
}

impl Runner<'_> {
    /// Names this game's cards, by label where they have one.
    pub(super) fn namer(&self) -> Namer<'_> {
        Namer {
            game: &self.game,
            db: self.db,
            label_of: &self.label_of,
        }
    }

    /// A card's printed name.
    fn name_of(&self, c: CardId) -> &str {
        self.game
            .card_state(c)
            .and_then(|cs| self.db.get(cs.def))
            .map_or("?", |d| d.name.as_str())
    }

    /// `P2 シングルモルト@b3` ([`Namer::plain`]).
    fn plain(&self, c: CardId) -> String {
        self.namer().plain(c)
    }

    /// A card's label, else `P2 シングルモルト@b3` ([`Namer::short`]).
    pub(super) fn short(&self, c: CardId) -> String {
        self.namer().short(c)
    }

    /// A card with its label and place ([`Namer::long`]).
    pub(super) fn long(&self, c: CardId) -> String {
        self.namer().long(c)
    }

    /// Whether reference `r` names card `c` now.
    pub(super) fn matches(&self, r: &CardRef, c: CardId) -> bool {
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

    /// Whether card `c` is where `prefer` looks first, and where it looks next.
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
    pub(super) fn resolve(
        &self,
        r: &CardRef,
        prefer: Prefer,
        exclude: &[CardId],
    ) -> Result<CardId, Finding> {
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

    /// The cards `refs` name, each a different card.
    pub(super) fn resolve_list(
        &self,
        refs: &[CardRef],
        prefer: Prefer,
    ) -> Result<Vec<CardId>, Finding> {
        let mut out = Vec::new();
        for r in refs {
            let c = self.resolve(r, prefer, &out)?;
            out.push(c);
        }
        Ok(out)
    }

    /// Resolves a step's targets: card references, or `square:b2`, `player:P2` and
    /// `item:REF` (the topmost item of the active stack that came from the card REF).
    pub(super) fn resolve_targets(&self, refs: &[CardRef]) -> Result<Vec<Target>, Finding> {
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
    pub(super) fn target_text(&self, t: Target) -> String {
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

    /// The payment a step's `pay` list names; without one the engine pays.
    pub(super) fn payment(&self, pay: &Option<Vec<CardRef>>) -> Result<Payment, Finding> {
        match pay {
            None => Ok(Payment::Auto),
            Some(refs) => Ok(Payment::Cards(self.resolve_list(refs, Prefer::Payment)?)),
        }
    }
}

/// A finding that lists script errors.
pub(super) fn script_finding(errors: &[ScriptError]) -> Finding {
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

/// A decision as a scenario writes it (`act P1`, `choose P2`).
pub(super) fn decision_text(d: Decision) -> String {
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

/// A game result as a scenario writes it.
pub(super) fn result_text(r: Option<GameResult>) -> String {
    match r {
        None => "none".to_owned(),
        Some(GameResult::Draw) => "draw".to_owned(),
        Some(GameResult::Win(p)) => format!("{p} wins"),
    }
}

/// A list of values, `[a, b]`.
pub(super) fn list_text(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}
