//! Clauses compiled onto the core values Lua registers: a replacement is the ★ `Static` a
//! `card:replace{...}` makes; turn-long rules, 『』 abilities and delayed triggers are
//! [`Grantable`]s of the card (`card:grantable`) that the effect grants with
//! `Resolve::grant_ability` (as `g:add_rule`, `g:grant_ability`, `g:delay`); control and
//! counters call `Resolve::take_control` and `Resolve::counter` (as `g:take_control`,
//! `g:counter`). Compiling a clause's abilities and effects is in `ability.rs`; this file holds
//! what the compiled clause does.

use super::subject::Who;
use super::verbs::duration;
use crate::ast::{Clause, DelayWhen, Forbidden, ItemNoun, ReplEvent, ReplWho, Until};
use dzero_core::{
    Ability, AbilityKey, CardId, Change, Dest, Duration, Effect, EffectError, Event, Forbid,
    Grantable, Hooks, Instead, ItemFilter, Keywords, Loc, MoveReplacement, Query, Resolve, Side,
    StaticEffect, Target, TargetKind, TargetSpec, ZoneMove,
};

/// A replacement on moves into the graveyard, as Lua's `card:replace{...}` (R1.7 ordering and
/// the optional question are the core's, `replacement.rs`).
pub(crate) struct TextReplacement {
    /// Whose moves it replaces.
    pub(crate) who: ReplWho,
    /// Which moves.
    pub(crate) event: ReplEvent,
    /// Where the card goes instead.
    pub(crate) instead: Instead,
    /// The owner of the replacing card chooses whether it applies.
    pub(crate) optional: bool,
    /// What happens after an optional replacement applied.
    pub(crate) payoff: Option<Box<dyn Effect>>,
    /// The targets the payoff chooses as the replacement applies (A50).
    pub(crate) payoff_target: Option<TargetSpec>,
}

impl StaticEffect for TextReplacement {
    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }

    fn replace_move(&self, view: &Query<'_>, me: CardId, mv: &ZoneMove) -> Option<MoveReplacement> {
        let listens = mv.to == Loc::Graveyard
            && match self.event {
                ReplEvent::ToGraveyard => true,
                ReplEvent::Destroyed => mv.destroyed,
                // A58: out of a battle or base square, for any reason.
                ReplEvent::FromSquare => matches!(mv.from, Loc::Square(_)),
            };
        if !listens || !view.exists(mv.card) || !view.exists(me) {
            return None;
        }
        let applies = match self.who {
            ReplWho::This => mv.card == me,
            ReplWho::Own => view.controller(mv.card) == view.controller(me),
            ReplWho::Opponent => view.controller(mv.card) != view.controller(me),
            ReplWho::Any => true,
        };
        applies.then(|| MoveReplacement {
            instead: self.instead,
            optional: self.optional,
            prompt: String::new(),
        })
    }

    fn replaced(
        &self,
        r: &mut Resolve<'_>,
        _me: CardId,
        _mv: &ZoneMove,
    ) -> Result<(), EffectError> {
        match &self.payoff {
            Some(p) => p.resolve(r),
            None => Ok(()),
        }
    }

    fn payoff_target(&self) -> Option<&TargetSpec> {
        self.payoff_target.as_ref()
    }

    fn replaces_moves(&self) -> bool {
        true
    }
}

/// A prohibition for the turn: `forbid_play` of a Lua ★ (R16.2: it beats permissions).
pub(crate) struct TextForbid(pub(crate) Forbidden);

impl StaticEffect for TextForbid {
    fn hooks(&self) -> Hooks {
        Hooks::FORBID
    }

    fn forbids(&self, view: &Query<'_>, me: CardId, what: Forbid) -> bool {
        let Forbid::Play { card, player, .. } = what else {
            return false;
        };
        (player != view.controller(me)) == self.0.opponent
            && self.0.kind.is_none_or(|k| view.def(card).kind == k)
    }
}

/// The condition of a delayed trigger (Lua `on = "turn_began", player = "me"` /
/// `on = "turn_ending"`).
pub(crate) struct DelayTrigger(pub(crate) DelayWhen);

impl dzero_core::Trigger for DelayTrigger {
    fn events(&self) -> dzero_core::EventKinds {
        match self.0 {
            DelayWhen::YourNextTurn => dzero_core::EventKinds::TURN_BEGAN,
            DelayWhen::EndOfTurn => dzero_core::EventKinds::TURN_ENDING,
        }
    }

    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        view.exists(me)
            && match (self.0, *event) {
                (DelayWhen::YourNextTurn, Event::TurnBegan { player, .. }) => {
                    player == view.controller(me)
                }
                (DelayWhen::EndOfTurn, Event::TurnEnding { .. }) => true,
                _ => false,
            }
    }
}

/// The targets a clause chooses (R7.4): a counter's stack item.
pub(crate) fn clause_target(c: &Clause) -> Option<TargetSpec> {
    let Clause::Counter(noun, up_to) = c else {
        return None;
    };
    Some(TargetSpec {
        kind: TargetKind::Item(match noun {
            ItemNoun::Strategy => ItemFilter::Strategy,
            ItemNoun::Move => ItemFilter::Move,
            ItemNoun::Ability => ItemFilter::Ability,
        }),
        side: Side::Any,
        min: u8::from(!*up_to),
        ..TargetSpec::unit()
    })
}

/// A clause compiled: what it does on resolution.
#[derive(Clone, Debug)]
pub(crate) enum CompiledClause {
    /// Grants the named grantable to the game until the end of the turn.
    Rule(String),
    /// Grants the named ◆ to the game until it has triggered once.
    Delay(String),
    /// Grants the named grantables to the cards.
    Grant(Until, Who, Vec<String>),
    /// Changes the cards, then gives them a keyword or the named grantables.
    BoostGain(Until, Who, Change, GiftNames),
    /// The controller takes control of the cards.
    Control(Until, Who),
    /// Counters the item targets still legal.
    Counter,
    /// The top N cards of the controller's deck go to a zone.
    Mill(usize, Dest),
}

/// What a compiled gift gives.
#[derive(Clone, Debug)]
pub(crate) enum GiftNames {
    /// A keyword (a `Change::Grant`, as Lua's `g:grant`).
    Keyword(Keywords),
    /// Grantables of the card, by name.
    Abilities(Vec<String>),
}

/// A grantable named after its canonical text, unique within the card (the same text is the
/// same ability).
pub(crate) fn grantable(name: String, ability: Ability, grants: &mut Vec<Grantable>) -> String {
    let ability = match ability {
        Ability::Triggered(t) => Ability::Triggered(t.keyed(AbilityKey::of(&name))),
        Ability::Activated(a) => Ability::Activated(a.keyed(AbilityKey::of(&name))),
        other => other,
    };
    grants.push(Grantable {
        name: name.clone(),
        ability: Box::new(ability),
    });
    name
}

impl CompiledClause {
    /// Does the clause on resolution.
    pub(crate) fn run(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        match self {
            // 「このターン、…」: until the end of this turn (A31), as `g:add_rule(name)`.
            CompiledClause::Rule(name) => {
                r.grant_ability(None, name, Duration::EndOfTurn, false);
            }
            // Interpretation (the rules are silent): a delayed trigger made by a card in a
            // square lasts while that card stays there (coming back, it is a new object, R7.3);
            // one made elsewhere (a strategy) lasts until it triggers.
            CompiledClause::Delay(name) => {
                let in_square = r
                    .source()
                    .is_some_and(|s| matches!(r.view().loc(s), Loc::Square(_)));
                let until = if in_square {
                    r.while_source_in_play()
                } else {
                    Duration::Indefinite
                };
                r.grant_ability(None, name, until, true);
            }
            CompiledClause::Grant(until, who, names) => {
                if let Some(d) = duration(r, *until) {
                    for &c in who.cards(r).as_slice() {
                        for n in names {
                            r.grant_ability(Some(c), n, d, false);
                        }
                    }
                }
            }
            // As Lua's `g:boost(unit, n)` then `g:grant(unit, keyword)`: two changes with the
            // same duration, in this order (R16.3 timestamps).
            CompiledClause::BoostGain(until, who, change, gift) => {
                if let Some(d) = duration(r, *until) {
                    for &c in who.cards(r).as_slice() {
                        r.change(c, *change, d);
                        match gift {
                            GiftNames::Keyword(k) => {
                                r.change(c, Change::Grant(*k), d);
                            }
                            GiftNames::Abilities(names) => {
                                for n in names {
                                    r.grant_ability(Some(c), n, d, false);
                                }
                            }
                        }
                    }
                }
            }
            CompiledClause::Control(until, who) => {
                if let Some(d) = duration(r, *until) {
                    for &c in who.cards(r).as_slice() {
                        r.take_control(c, d);
                    }
                }
            }
            CompiledClause::Counter => {
                let items: Vec<_> = r
                    .chosen()
                    .iter()
                    .filter_map(|t| match t {
                        Target::Item(i) => Some(*i),
                        _ => None,
                    })
                    .collect();
                for i in items {
                    r.counter(i);
                }
            }
            // The top of the deck is its last card (as a draw takes it).
            CompiledClause::Mill(n, dest) => {
                let p = r.controller();
                let deck = r.zone(p, Loc::Deck);
                let top: Vec<CardId> = deck.iter().rev().take(*n).copied().collect();
                r.put_all(&top, *dest);
            }
        }
        Ok(())
    }
}
