//! What a step names, as the engine takes it: the action to apply (a play, a move, an
//! activation, an answer), play methods and ● abilities by number, options of a pending
//! choice, and whether a legal action is one a `legal` list names.

use super::runner::{Prefer, Runner, decision_text};
use crate::names::CardRef;
use crate::outcome::Finding;
use crate::spec::{ActionSpec, AnswerSpec, LegalSpec, LegalVerb};
use dzero_core::{Ability, Action, CardId, ChoiceOption, Game, PlayModifier, Target, Targets, Use};
use dzero_text::{Lang, Text};
use std::fmt::Write as _;

impl Runner<'_> {
    /// Builds the engine action of a step, and a description of it.
    pub(super) fn action(&self, a: &ActionSpec) -> Result<(Action, String), Finding> {
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
            ActionSpec::Pass(_) | ActionSpec::PassUntil(..) | ActionSpec::NextDuel { .. } => {
                (Action::Pass, "pass".to_owned())
            }
        })
    }

    /// The ability index of card `c`'s ☆ play method called `name`.
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

    /// The ability index of card `c`'s `n`th ● ability (the only one when `n` is not given).
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
    pub(super) fn legal_matches(&self, g: &Game, spec: &LegalSpec, a: &Action) -> bool {
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
            | (LegalVerb::Roll, Action::Announce(Use::Roll))
            | (LegalVerb::Pass, Action::Pass) => true,
            _ => false,
        }
    }

    /// Whether the targets `t` are exactly those `parts` name, in any order: each part names a
    /// different one of them.
    fn same_targets(&self, parts: &[CardRef], t: &[Target]) -> bool {
        fn assign(r: &Runner<'_>, parts: &[CardRef], t: &[Target], used: &mut [bool]) -> bool {
            let Some((first, rest)) = parts.split_first() else {
                return true;
            };
            (0..t.len()).any(|i| {
                if used[i] || !r.names_target(first, t[i]) {
                    return false;
                }
                used[i] = true;
                let ok = assign(r, rest, t, used);
                used[i] = false;
                ok
            })
        }
        parts.len() == t.len() && assign(self, parts, t, &mut vec![false; t.len()])
    }

    /// Whether the part `r` of a combination names target `t`: `square:b2`, `player:P2`, or a
    /// card reference (also written as reports print the target).
    fn names_target(&self, r: &CardRef, t: Target) -> bool {
        let text = r.text.trim();
        match t {
            Target::Card(c) => self.matches(r, c) || self.short(c) == text,
            _ => self.target_text(t) == text,
        }
    }

    /// The options of a pending choice an answer names.
    pub(super) fn matching_options(&self, ans: &AnswerSpec, opts: &[ChoiceOption]) -> Vec<usize> {
        match ans {
            AnswerSpec::Number(n) => (*n <= opts.len()).then_some(n - 1).into_iter().collect(),
            AnswerSpec::Square(sq) => opts
                .iter()
                .position(|o| *o == ChoiceOption::Square(*sq))
                .into_iter()
                .collect(),
            AnswerSpec::Combo(text, parts) => opts
                .iter()
                .enumerate()
                .filter(|(_, o)| match o {
                    ChoiceOption::Cards(t) => {
                        self.option_text(o) == *text || self.same_targets(parts, t.as_slice())
                    }
                    _ => false,
                })
                .map(|(i, _)| i)
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

    /// The one option of the pending choice that `ans` names.
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

    /// An option of a choice, as findings show it.
    pub(super) fn option_text(&self, o: &ChoiceOption) -> String {
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
}
