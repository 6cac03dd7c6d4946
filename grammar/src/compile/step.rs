//! One effect sentence compiled, and what it does on resolution; a text effect runs its
//! sentences in order. Compiling a sentence from the syntax tree is in `ability.rs`.

use super::card_condition::Check;
use super::clause::CompiledClause;
use super::filters::Filters;
use super::move_to::move_to;
use super::subject::Who;
use super::verbs::{
    change_for, discard, energy_through_deck, move_unit, put_into_square, reveal_random, search,
};
use super::{effect_choices, optional};
use crate::ast::{Action, Discard, MoveTo, Stat, Until};
use dzero_core::{CardKind, Change, Dest, Effect, EffectError, Loc, Resolve, Zone};

/// One sentence, compiled.
#[derive(Clone, Debug)]
pub(crate) enum CompiledStep {
    /// The controller draws this many cards.
    Draw(u32),
    /// The dimension deck is shuffled.
    ShuffleDimensionDeck,
    /// The energy zone goes into the deck, which is shuffled; as many deck-top cards go to the
    /// energy zone released (A74).
    EnergyThroughDeck,
    /// This many cards of the controller's hand, picked at random, are shown to the opponent.
    RevealRandom(u8),
    /// A player discards.
    Discard(Discard),
    /// Damage to each card.
    Damage(Who, i32),
    /// The cards are destroyed at the same time.
    Destroy(Who),
    /// The cards go to their owners' hands.
    ReturnToHand(Who),
    /// The cards go to their owners' zone.
    Put(Who, Dest, bool),
    /// Each unit moves to an adjacent square.
    Move(Who),
    /// Each unit is put into a square next to a card (A69).
    MoveTo(Who, MoveTo),
    /// Each card goes into a square, frozen (`true`) or released.
    PutIntoSquare(Who, bool),
    /// A deck search for this many cards of the type matching the filters.
    Search(u8, Option<CardKind>, Filters),
    /// Each card is frozen.
    Freeze(Who),
    /// Each card is released.
    Release(Who),
    /// A change of each card for a duration.
    Change(Until, Who, Change),
    /// A power or smash change of this much per X.
    ChangeX(Until, Who, Stat, i32),
    /// A sentence choosing beyond the cards in squares.
    Choice(Action),
    /// 〜なら…。そうでなければ…: the first target's state decides.
    IfTarget(Filters, Box<CompiledStep>, Option<Box<CompiledStep>>),
    /// The second step instead of the first when the card was played from the plan zone.
    FromPlan(Box<CompiledStep>, Box<CompiledStep>),
    /// A clause.
    Clause(CompiledClause),
    /// 〜てもよい: asked, then done if the controller says yes.
    May(Box<CompiledStep>),
    /// そうしたなら: done if the optional step before was done.
    IfDone(Box<CompiledStep>),
    /// 「…ならば、」: done if the condition holds on resolution (A62).
    If(Check, Box<CompiledStep>),
}

impl CompiledStep {
    /// Does the sentence on resolution.
    fn run(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        match self {
            CompiledStep::Draw(n) => {
                let p = r.controller();
                r.draw(p, *n);
            }
            CompiledStep::RevealRandom(n) => reveal_random(r, *n),
            CompiledStep::ShuffleDimensionDeck => r.shuffle_dimension_deck(),
            CompiledStep::EnergyThroughDeck => energy_through_deck(r),
            CompiledStep::Discard(d) => discard(r, *d)?,
            CompiledStep::Damage(who, n) => {
                for &c in who.cards(r).as_slice() {
                    r.damage(c, *n);
                }
            }
            // Several cards are destroyed at the same time (R1.7).
            CompiledStep::Destroy(who) => {
                let cards = who.cards(r);
                r.destroy_all(cards.as_slice());
            }
            CompiledStep::ReturnToHand(who) => {
                let cards = who.cards(r);
                r.put_all(cards.as_slice(), Dest::Hand);
            }
            // At the same time (R1.7), like Lua's `g:put_all(cards, dest)`.
            CompiledStep::Put(who, dest, frozen) => {
                let cards = who.cards(r);
                r.put_all(cards.as_slice(), *dest);
                if *frozen {
                    // A68: a card put frozen into its owner's energy zone.
                    for &c in cards.as_slice() {
                        if r.view().loc(c) == Loc::Energy {
                            r.freeze(c);
                        }
                    }
                }
            }
            CompiledStep::Search(n, kind, filters) => search(r, *n, *kind, filters)?,
            CompiledStep::PutIntoSquare(who, frozen) => {
                for &c in who.cards(r).as_slice() {
                    put_into_square(r, c, *frozen)?;
                }
            }
            CompiledStep::Move(who) => {
                for &c in who.cards(r).as_slice() {
                    move_unit(r, c)?;
                }
            }
            CompiledStep::MoveTo(who, to) => {
                for &c in who.cards(r).as_slice() {
                    move_to(r, c, to)?;
                }
            }
            CompiledStep::Freeze(who) => {
                for &c in who.cards(r).as_slice() {
                    r.freeze(c);
                }
            }
            CompiledStep::Release(who) => {
                for &c in who.cards(r).as_slice() {
                    r.release(c);
                }
            }
            CompiledStep::Change(until, who, change) => change_for(r, *until, who, *change),
            CompiledStep::Choice(a) => {
                effect_choices::run(a, r)?;
            }
            CompiledStep::IfTarget(test, then, otherwise) => {
                let Some(&card) = r.targets().first() else {
                    return Ok(());
                };
                if test.accepts(&r.view(), r.source(), card) {
                    then.run(r)?;
                } else if let Some(o) = otherwise {
                    o.run(r)?;
                }
            }
            CompiledStep::FromPlan(first, plan) => {
                if r.played_from() == Some(Zone::Plan) {
                    plan.run(r)?;
                } else {
                    first.run(r)?;
                }
            }
            CompiledStep::ChangeX(until, who, stat, per) => {
                let n = per.saturating_mul(i32::from(r.x()));
                let change = match stat {
                    Stat::Power => Change::Power(n),
                    Stat::Smash => Change::Smash(n),
                };
                change_for(r, *until, who, change);
            }
            CompiledStep::Clause(c) => c.run(r)?,
            CompiledStep::May(s) => {
                optional::may(r, |r| s.run(r))?;
            }
            CompiledStep::IfDone(s) => s.run(r)?,
            CompiledStep::If(c, s) => {
                let you = r.controller();
                if r.source().is_some_and(|me| c.holds(&r.view(), me, you)) {
                    s.run(r)?;
                }
            }
        }
        Ok(())
    }
}

/// A text effect: its sentences in order. R7.6: each does as much as it can.
pub(crate) struct TextEffect {
    /// The sentences, in written order.
    pub(crate) steps: Vec<CompiledStep>,
}

impl Effect for TextEffect {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        // Whether the last optional step was done (そうしたなら).
        let mut done = true;
        for s in &self.steps {
            match s {
                CompiledStep::May(inner) => done = optional::may(r, |r| inner.run(r))?,
                // Not done: what depends on it is skipped, and so is what depends on that.
                CompiledStep::IfDone(_) if !done => {}
                CompiledStep::IfDone(inner) => match &**inner {
                    CompiledStep::May(x) => done = optional::may(r, |r| x.run(r))?,
                    x => x.run(r)?,
                },
                s => s.run(r)?,
            }
        }
        Ok(())
    }
}
