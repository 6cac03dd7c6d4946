//! Checking a step's expectations against the game: places, power, damage, stacks, decisions,
//! legal actions, zones, results and script errors, each failure a finding with the value
//! expected and the value found.

use super::check::Names;
use super::runner::{Prefer, Runner, decision_text, list_text, result_text, script_finding};
use crate::names::{CardRef, is_at, phase_name, place_name, pos_name, step_name};
use crate::outcome::Finding;
use crate::spec::{
    AnswerSpec, Check, Count, CrossPlace, DecisionSpec, DeckSpec, Expectation, ItemSpec,
};
use dzero_cardpool::DeckText;
use dzero_core::{
    CardId, ChoiceOption, Decision, DefId, Event, ItemKind, Keywords, Player, Pos, StackItem, Zone,
    check_deck, check_dimension_deck,
};
use dzero_text::Lang;

impl Runner<'_> {
    /// Whether stack item `item` is the one `spec` names.
    fn item_matches(&self, spec: &ItemSpec, item: &StackItem) -> bool {
        let (tag, card) = item.summary();
        spec.tag.is_none_or(|t| t == tag)
            && match (&spec.card, card) {
                (None, _) => true,
                (Some(r), Some(c)) => self.matches(r, c),
                (Some(_), None) => false,
            }
    }

    /// A finding when `items` are not, in order, the items `specs` name.
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

    /// A finding when `actual` of the card `r` names is not `expected`.
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

    /// A finding when expectation `e` does not hold now.
    pub(super) fn expectation(&self, e: &Expectation) -> Option<Finding> {
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
                Ok(c) => (crate::zones::face_up(g, c) != *up).then(|| {
                    Finding::new(
                        format!("facing of {}", self.long(c)),
                        if *up { "face up" } else { "face down" },
                        crate::zones::facing_text(g, c),
                    )
                }),
            },
            Check::Keywords(r, ks, exact) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => {
                    let has = view.keywords(c);
                    let missing = ks.iter().any(|(k, _)| !has.has(*k));
                    let want = ks.iter().fold(Keywords::NONE, |a, (k, _)| a.with(*k));
                    let extra = *exact && has != want;
                    (missing || extra).then(|| {
                        let exp: Vec<String> = ks.iter().map(|(_, n)| n.clone()).collect();
                        Finding::new(
                            format!("keywords of {}", self.long(c)),
                            if *exact {
                                format!("exactly {}", list_text(&exp))
                            } else {
                                format!("at least {}", list_text(&exp))
                            },
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
            Check::Layout(r, want, text) => match self.resolve(r, Prefer::Anywhere, &[]) {
                Err(f) => Some(f),
                Ok(c) => {
                    let actual = g.planes().pos_of(c);
                    (actual != *want).then(|| {
                        Finding::new(
                            format!("place in the cross of {}", self.long(c)),
                            text.clone(),
                            actual.map_or_else(|| "none: not in the cross".to_owned(), pos_name),
                        )
                    })
                }
            },
            Check::Token(want, text) => {
                let actual = g.planes().token;
                (g.planes().cross.is_empty() || actual != *want).then(|| {
                    Finding::new(
                        "the token's place",
                        text.clone(),
                        if g.planes().cross.is_empty() {
                            "no cross: not 次元探索戦, or not yet dealt".to_owned()
                        } else {
                            pos_name(actual)
                        },
                    )
                })
            }
            Check::Distance(a, b, n) => {
                let at = |p: &CrossPlace| -> Result<Pos, Finding> {
                    match p {
                        CrossPlace::Token => Ok(g.planes().token),
                        CrossPlace::Pos(p) => Ok(*p),
                        CrossPlace::Card(r) => {
                            let c = self.resolve(r, Prefer::Anywhere, &[])?;
                            g.planes().pos_of(c).ok_or_else(|| {
                                Finding::new(
                                    format!("place in the cross of {}", self.long(c)),
                                    "a place of the cross",
                                    "none: not in the cross",
                                )
                            })
                        }
                    }
                };
                match (at(a), at(b)) {
                    (Err(f), _) | (_, Err(f)) => Some(f),
                    (Ok(x), Ok(y)) => {
                        let d = x.distance(y);
                        (d != *n).then(|| {
                            Finding::new(
                                format!("steps from {} to {}", cross_text(a, x), cross_text(b, y)),
                                n.to_string(),
                                d.to_string(),
                            )
                        })
                    }
                }
            }
            Check::Deck(spec) => self.deck_check(spec),
            Check::Duel(n) => self.duel_check(*n),
            Check::Match(r, text) => self.match_check(*r, text),
            Check::Sideboard(p, names) => self.sideboard_check(*p, names),
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
                    let exp: Vec<String> = answers.iter().map(AnswerSpec::text).collect();
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
                        let inside = crate::zones::contents(g, &self.namer(), *z);
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

    /// A finding when the damage item on the stack does not deal the amounts `parts` name.
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
}

/// A place of the cross as a report names it: as written, and where it lies.
fn cross_text(p: &CrossPlace, at: Pos) -> String {
    match p {
        CrossPlace::Token => format!("the token ({})", pos_name(at)),
        CrossPlace::Pos(_) => pos_name(at),
        CrossPlace::Card(r) => format!("{} ({})", r.text, pos_name(at)),
    }
}

impl Runner<'_> {
    /// A finding when the deck list of `spec` is not legal, or not illegal for the rules given,
    /// under the game's rule set (R2.1, R2.2, R19.4–R19.7).
    fn deck_check(&self, spec: &DeckSpec) -> Option<Finding> {
        let index = Names::new(self.db);
        let list = |l: &[(crate::spec::Named, u32)]| -> Vec<DefId> {
            l.iter()
                .filter_map(|(n, k)| index.find(&n.name).map(|d| (d, *k)))
                .flat_map(|(d, k)| std::iter::repeat_n(d, k as usize))
                .collect()
        };
        let rules = self.game.rules();
        let cards = list(&spec.cards);
        let mut verdict = check_deck(self.db, rules, Player::One, &cards);
        if verdict.is_ok() && !spec.dimensions.is_empty() {
            verdict = check_dimension_deck(self.db, rules, &list(&spec.dimensions));
        }
        let text = DeckText::new(self.db, Lang::En);
        let actual = match &verdict {
            Ok(()) => "legal".to_owned(),
            Err(e) => format!("illegal: {}", text.setup_error(e)),
        };
        let ok = match &verdict {
            Ok(()) => spec.legal,
            Err(e) => {
                let mut broken: Vec<&str> = e.rules().to_vec();
                let mut want: Vec<&str> = spec.breaks.iter().map(String::as_str).collect();
                broken.sort_unstable();
                want.sort_unstable();
                !spec.legal
                    && (want.is_empty() || want == broken)
                    && spec
                        .reason
                        .as_ref()
                        .is_none_or(|r| text.setup_error(e).contains(r.as_str()))
            }
        };
        (!ok).then(|| {
            let mut expected = if spec.legal {
                "legal".to_owned()
            } else {
                "illegal".to_owned()
            };
            if !spec.breaks.is_empty() {
                expected.push_str(&format!(", breaking {}", spec.breaks.join(", ")));
            }
            if let Some(r) = &spec.reason {
                expected.push_str(&format!(", the reason containing \"{r}\""));
            }
            Finding::new(
                format!("legality of the deck under {}", rules.name),
                expected,
                actual,
            )
        })
    }
}

/// The keyword names of `k`, as scenarios write them.
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
