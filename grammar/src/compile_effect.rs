//! Compiling effect bodies written as printed onto core [`Effect`]s and [`TargetSpec`]s: the
//! same values a Lua `resolve` and `target.unit { … }` register.

use crate::ast::Stat;
use crate::ast_effect::Search;
use crate::ast_effect::{Action, CardZone, Choice, Discard, EffectBody, Noun, Subject, Until};
use crate::compile_clause::{CompiledClause, clause_target, compile_clause, duration};
use crate::error::DslError;
use crate::filters::Filters;
use dzero_core::{
    Area, Ask, CardId, CardKind, Change, Dest, Effect, EffectError, Grantable, Loc, MAX_TARGETS,
    Player, Resolve, Side, Square, TargetKind, TargetSpec, Zone, ZoneSet,
};

/// An effect body compiled: the targets chosen when it is played or put on the stack, and the
/// effect run on resolution.
pub struct CompiledEffect {
    /// Targets (R7.4), from the sentence that says 対象の; none without one.
    pub target: Option<TargetSpec>,
    /// The effect.
    pub effect: Box<dyn Effect>,
    /// Abilities the effect grants (『』, turn-long rules, delayed triggers): the card's
    /// [`Grantable`]s, which the effect names.
    pub grants: Vec<Grantable>,
}

/// Compiles a body. At most one sentence may choose targets: the item has one target list
/// (R7.4); every targeted sentence then acts on the targets still legal (R7.5).
pub fn compile_effect(body: &EffectBody) -> Result<CompiledEffect, DslError> {
    let mut target: Option<TargetSpec> = None;
    let mut grants = Vec::new();
    let mut steps = Vec::with_capacity(body.steps.len());
    // The subject その refers to: the last one named.
    let mut last: Option<&Subject> = None;
    for step in &body.steps {
        let mut chosen = match &step.action {
            Action::Clause(c) => clause_target(c),
            a => crate::effect_choices::target(a),
        }
        .map(|t| (t, step.span));
        if let Some(mut s) = step.action.subject() {
            let same = s.mode == Choice::Same;
            if same {
                s = last.ok_or_else(|| {
                    DslError::new(
                        s.span,
                        "その (its) refers to the subject of the sentence before",
                    )
                })?;
            }
            last = Some(s);
            check_noun(&step.action, s)?;
            if let (Choice::Target { count, up_to }, false) = (s.mode, same) {
                chosen = Some((target_spec(s, count, up_to), s.span));
            }
        }
        if let Some((spec, span)) = chosen {
            if target.is_some() {
                return Err(second_target(span));
            }
            target = Some(spec);
        }
        steps.push(CompiledStep::new(&step.action, last, &mut grants)?);
    }
    Ok(CompiledEffect {
        target,
        effect: Box::new(TextEffect { steps }),
        grants,
    })
}

fn second_target(span: crate::ast::Span) -> DslError {
    DslError::new(
        span,
        "only one sentence of an effect can choose targets (R7.4); write this effect in Lua",
    )
}

/// Which nouns an action accepts.
fn check_noun(action: &Action, s: &Subject) -> Result<(), DslError> {
    let ok = s.mode == Choice::This
        || match action {
            // The verbs of a condition act on its subject.
            Action::IfTarget(c) => {
                return [Some(c.then), c.otherwise]
                    .into_iter()
                    .flatten()
                    .try_for_each(|b| check_noun(&b.on(s), s));
            }
            Action::FromPlan(a, b) => {
                check_noun(a, s)?;
                return check_noun(&b.on(s), s);
            }
            Action::May(a) | Action::IfDone(a) => return check_noun(a, s),
            Action::Draw(_)
            | Action::ShuffleDimensionDeck
            | Action::Discard(_)
            | Action::Search(_)
            | Action::PutFromHand(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_) => true,
            Action::Damage(..)
            | Action::Boost(..)
            | Action::BoostX(..)
            | Action::Gain(..)
            | Action::Move(_) => s.noun == Noun::Unit,
            Action::Destroy(_) | Action::Freeze(_) | Action::Release(_) => {
                matches!(s.noun, Noun::Unit | Noun::Base)
            }
            Action::ReturnToHand(_) | Action::Put(..) => true,
            Action::PutIntoSquare(..) => {
                matches!(s.noun, Noun::Card(Some(CardKind::Unit | CardKind::Base)))
            }
            Action::Clause(_) => s.noun == Noun::Unit,
        };
    if ok {
        Ok(())
    } else {
        Err(DslError::new(
            s.span,
            match action {
                Action::Damage(..) => "damage is dealt to units (ユニット)",
                Action::Boost(..) | Action::BoostX(..) | Action::Gain(..) | Action::Clause(_) => {
                    "only units (ユニット) change this way"
                }
                Action::Move(_) => "only units (ユニット) move",
                Action::PutIntoSquare(..) => {
                    "a unit card or base card in a zone is put into a square: e.g. あなたの墓地にあるユニットカード"
                }
                _ => "this acts on cards in squares: ユニット or ベース",
            },
        ))
    }
}

fn target_spec(s: &Subject, count: u8, up_to: bool) -> TargetSpec {
    let mut spec = match (s.noun, s.zone) {
        (Noun::Unit, _) => TargetSpec::unit(),
        (Noun::Base, _) => TargetSpec::base(),
        (Noun::Card(kind), zone) => TargetSpec {
            kind: TargetKind::Card {
                zones: ZoneSet::of(match zone {
                    Some(CardZone::Remove) => Zone::Remove,
                    _ => Zone::Graveyard,
                }),
                kind,
            },
            ..TargetSpec::unit()
        },
    }
    .side(s.side.unwrap_or(Side::Any))
    .count(count);
    if up_to {
        spec = spec.up_to();
    }
    if !s.filters.is_empty() {
        let filters = Filters::new(&s.filters);
        spec = spec.filter(move |view, me, cand| filters.accepts(view, Some(me), cand));
    }
    spec
}

/// Who a compiled sentence acts on.
#[derive(Clone, Debug)]
pub(crate) enum Who {
    /// The targets still legal.
    Targets,
    /// The ability's own card.
    This,
    /// Every card in a square matching, on resolution.
    Each {
        side: Option<Side>,
        base: bool,
        filters: Filters,
    },
}

impl Who {
    pub(crate) fn new(s: &Subject) -> Who {
        match s.mode {
            Choice::This => Who::This,
            Choice::Target { .. } => Who::Targets,
            Choice::Each => Who::Each {
                side: s.side,
                base: s.noun == Noun::Base,
                filters: Filters::new(&s.filters),
            },
            // Resolved by the caller; nothing is left to name.
            Choice::Same => Who::Targets,
        }
    }

    /// The cards acted on, in target order or in field order.
    pub(crate) fn cards(&self, r: &Resolve<'_>) -> Cards {
        match self {
            Who::This => {
                let mut buf = [CardId::default(); MAX_TARGETS];
                let me = r.source().filter(|&c| r.view().exists(c));
                let n = usize::from(me.is_some());
                if let Some(c) = me {
                    buf[0] = c;
                }
                Cards::Targets(buf, n)
            }
            Who::Targets => {
                let mut buf = [CardId::default(); MAX_TARGETS];
                let n = r.targets().len().min(MAX_TARGETS);
                buf[..n].copy_from_slice(&r.targets()[..n]);
                Cards::Targets(buf, n)
            }
            Who::Each {
                side,
                base,
                filters,
            } => {
                let view = r.view();
                let me = r.controller();
                view.field()
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let Loc::Square(sq) = view.loc(c) else {
                            return false;
                        };
                        let kind = if *base {
                            CardKind::Base
                        } else {
                            CardKind::Unit
                        };
                        view.def(c).kind == kind
                            && sq.is_battle() != *base
                            && match side {
                                Some(Side::Own) => view.controller(c) == me,
                                Some(Side::Opponent) => view.controller(c) != me,
                                _ => true,
                            }
                            && filters.accepts(&view, r.source(), c)
                    })
                    .collect::<Vec<_>>()
                    .into()
            }
        }
    }
}

/// The cards a sentence acts on, copied out of the resolution: the targets without allocating,
/// or the cards すべての matched.
pub(crate) enum Cards {
    Targets([CardId; MAX_TARGETS], usize),
    List(Vec<CardId>),
}

impl From<Vec<CardId>> for Cards {
    fn from(v: Vec<CardId>) -> Cards {
        Cards::List(v)
    }
}

impl Cards {
    pub(crate) fn as_slice(&self) -> &[CardId] {
        match self {
            Cards::Targets(buf, n) => &buf[..*n],
            Cards::List(v) => v,
        }
    }
}

/// One sentence, compiled.
#[derive(Clone, Debug)]
enum CompiledStep {
    Draw(u32),
    ShuffleDimensionDeck,
    Discard(Discard),
    Damage(Who, i32),
    Destroy(Who),
    ReturnToHand(Who),
    Put(Who, Dest),
    Move(Who),
    PutIntoSquare(Who, bool),
    Search(u8, Option<CardKind>, Filters),
    Freeze(Who),
    Release(Who),
    Change(Until, Who, Change),
    /// A power or smash change of this much per X.
    ChangeX(Until, Who, Stat, i32),
    /// A sentence of `effect_choices.rs`.
    Choice(Action),
    /// 〜なら…。そうでなければ…: the first target's state decides.
    IfTarget(Filters, Box<CompiledStep>, Option<Box<CompiledStep>>),
    /// The second step instead of the first when the card was played from the plan zone.
    FromPlan(Box<CompiledStep>, Box<CompiledStep>),
    /// A sentence of `ast_clause.rs`.
    Clause(CompiledClause),
    /// 〜てもよい: asked, then done if the controller says yes.
    May(Box<CompiledStep>),
    /// そうしたなら: done if the optional step before was done.
    IfDone(Box<CompiledStep>),
}

impl CompiledStep {
    /// `same`: what その (`its`) names; `grants`: the abilities the effect grants, collected.
    fn new(
        a: &Action,
        same: Option<&Subject>,
        grants: &mut Vec<Grantable>,
    ) -> Result<CompiledStep, DslError> {
        let who = |s: &Subject| match (s.mode, same) {
            (Choice::Same, Some(x)) => Who::new(x),
            _ => Who::new(s),
        };
        Ok(match a {
            Action::Draw(n) => CompiledStep::Draw(u32::from(*n)),
            Action::ShuffleDimensionDeck => CompiledStep::ShuffleDimensionDeck,
            Action::Discard(d) => CompiledStep::Discard(*d),
            Action::Damage(s, n) => {
                CompiledStep::Damage(who(s), i32::try_from(*n).unwrap_or(i32::MAX))
            }
            Action::Destroy(s) => CompiledStep::Destroy(who(s)),
            Action::ReturnToHand(s) => CompiledStep::ReturnToHand(who(s)),
            Action::Put(s, d) => CompiledStep::Put(who(s), d.core()),
            Action::Search(Search {
                filters,
                kind,
                count,
            }) => CompiledStep::Search(*count, *kind, Filters::new(filters)),
            Action::Move(s) => CompiledStep::Move(who(s)),
            Action::PutIntoSquare(s, frozen) => CompiledStep::PutIntoSquare(who(s), *frozen),
            Action::Freeze(s) => CompiledStep::Freeze(who(s)),
            Action::Release(s) => CompiledStep::Release(who(s)),
            Action::Boost(u, s, stat, d) => CompiledStep::Change(
                *u,
                who(s),
                match stat {
                    Stat::Power => Change::Power(*d),
                    Stat::Smash => Change::Smash(*d),
                },
            ),
            Action::BoostX(u, s, stat, per) => CompiledStep::ChangeX(*u, who(s), *stat, *per),
            Action::PutFromHand(_) | Action::PlayerDiscards(_) | Action::SquareDamage(_) => {
                CompiledStep::Choice(a.clone())
            }
            Action::IfTarget(c) => {
                let then = CompiledStep::new(&c.then.on(&c.subject), same, grants)?;
                let otherwise = match c.otherwise {
                    Some(b) => Some(Box::new(CompiledStep::new(
                        &b.on(&c.subject),
                        same,
                        grants,
                    )?)),
                    None => None,
                };
                CompiledStep::IfTarget(
                    Filters::new(std::slice::from_ref(&c.test)),
                    Box::new(then),
                    otherwise,
                )
            }
            Action::FromPlan(first, b) => {
                let plan = match first.subject() {
                    Some(s) => CompiledStep::new(&b.on(s), same, grants)?,
                    None => CompiledStep::new(first, same, grants)?,
                };
                let first = CompiledStep::new(first, same, grants)?;
                CompiledStep::FromPlan(Box::new(first), Box::new(plan))
            }
            Action::Gain(u, s, k) => CompiledStep::Change(*u, who(s), Change::Grant(k.keywords())),
            Action::Clause(c) => CompiledStep::Clause(compile_clause(c, grants)?),
            Action::May(a) => CompiledStep::May(Box::new(CompiledStep::new(a, same, grants)?)),
            Action::IfDone(a) => {
                CompiledStep::IfDone(Box::new(CompiledStep::new(a, same, grants)?))
            }
        })
    }

    fn run(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        match self {
            CompiledStep::Draw(n) => {
                let p = r.controller();
                r.draw(p, *n);
            }
            CompiledStep::ShuffleDimensionDeck => r.shuffle_dimension_deck(),
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
            CompiledStep::Put(who, dest) => {
                let cards = who.cards(r);
                r.put_all(cards.as_slice(), *dest);
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
                crate::effect_choices::run(a, r)?;
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
                crate::optional::may(r, |r| s.run(r))?;
            }
            CompiledStep::IfDone(s) => s.run(r)?,
        }
        Ok(())
    }
}

/// A temporary change of each card for a duration.
fn change_for(r: &mut Resolve<'_>, until: Until, who: &Who, change: Change) {
    // Outside a battle, "until end of battle" gives the change no time.
    if let Some(d) = duration(r, until) {
        for &c in who.cards(r).as_slice() {
            r.change(c, change, d);
        }
    }
}

/// Discards: the cards are picked one by one (chosen by the discarding player, as Lua's
/// `g:choose_card(p, p:hand(), "discard a card")`, or with the game's seeded generator), then
/// put into the graveyard at the same time (R1.7). R7.6: a hand with fewer cards discards them
/// all; a hand with no more cards than remain to choose is taken without asking (at random,
/// each card is still drawn from the generator, as Lua's `hand[g:random(#hand)]`).
fn discard(r: &mut Resolve<'_>, d: Discard) -> Result<(), EffectError> {
    let p = if d.opponent {
        r.controller().opponent()
    } else {
        r.controller()
    };
    let mut hand = r.zone(p, Loc::Hand);
    let n = usize::from(d.count);
    let picked = if hand.len() <= n && !d.random {
        hand
    } else {
        let mut picked = Vec::with_capacity(n);
        while picked.len() < n && !hand.is_empty() {
            let i = if d.random {
                r.random(hand.len() as u32) as usize - 1
            } else {
                match r.choose_card(p, Ask::Discard, &hand)? {
                    Some(c) => hand.iter().position(|&x| x == c).unwrap_or(0),
                    None => break,
                }
            };
            picked.push(hand.remove(i));
        }
        picked
    };
    r.put_all(&picked, Dest::Graveyard);
    Ok(())
}

/// Puts a unit or base card from a zone into a square chosen by the effect's controller (asked
/// only with two or more), frozen or released, not played (no 速攻, no RE7; `Resolve::put` to
/// `Dest::Square`). Interpretation (the rules are silent on squares for effects): a unit goes
/// to a battle square of its owner's own or centre area (R8.2) holding no unit at all (an
/// effect starts no battle); a base to an empty base square of its owner.
fn put_into_square(r: &mut Resolve<'_>, c: CardId, frozen: bool) -> Result<(), EffectError> {
    let view = r.view();
    let owner = view.owner(c);
    let empty = |s: Square| !view.field().iter().any(|&x| view.loc(x) == Loc::Square(s));
    let squares: Vec<Square> = match view.def(c).kind {
        CardKind::Unit => Square::battle_squares()
            .filter(|&s| matches!(s.area(owner), Some(Area::Own | Area::Centre)) && empty(s))
            .collect(),
        CardKind::Base => Square::base_squares(owner).filter(|&s| empty(s)).collect(),
        CardKind::Strategy | CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {
            return Ok(());
        }
    };
    let to = match squares.as_slice() {
        [] => return Ok(()),
        [only] => *only,
        _ => match r.choose_square(r.controller(), Ask::SquareToPut, &squares)? {
            Some(s) => s,
            None => return Ok(()),
        },
    };
    r.put(c, Dest::Square(to, frozen));
    Ok(())
}

/// Moves a unit by an effect to an adjacent battle square (R1.13) holding no unit, chosen by
/// the effect's controller (asked only with two or more squares); it keeps its frozen or
/// released state (`Resolve::put` to a square, as Lua's `g:put(unit, square)`). Interpretation
/// (the rules are silent on moves by effects): a square with an opponent's unit is not offered,
/// a move by effect starts no battle, and no move cost is paid (R10.1 is the move action).
fn move_unit(r: &mut Resolve<'_>, c: CardId) -> Result<(), EffectError> {
    let view = r.view();
    let Loc::Square(from) = view.loc(c) else {
        return Ok(());
    };
    let frozen = view.frozen(c);
    let squares: Vec<_> = from
        .neighbours()
        .filter(|&s| {
            [Player::One, Player::Two]
                .iter()
                .all(|&p| view.unit_at(p, s).is_none())
        })
        .collect();
    let to = match squares.as_slice() {
        [] => return Ok(()),
        [only] => *only,
        _ => match r.choose_square(r.controller(), Ask::SquareToMove, &squares)? {
            Some(s) => s,
            None => return Ok(()),
        },
    };
    r.put(c, Dest::Square(to, frozen));
    Ok(())
}

/// A deck search: the controller chooses the cards one by one among the matching cards of their
/// deck, offered in card-id order so that the question does not tell the deck's order (R1.6);
/// they go to the hand together, then the deck is shuffled. The rules are silent on failing
/// to find: chosen, a matching card must be taken; with no more matches than asked for they
/// are all taken without asking, and none leaves the deck unchanged but shuffled.
fn search(
    r: &mut Resolve<'_>,
    n: u8,
    kind: Option<CardKind>,
    filters: &Filters,
) -> Result<(), EffectError> {
    let p = r.controller();
    let mut pool = r.zone(p, Loc::Deck);
    {
        let view = r.view();
        pool.retain(|&c| {
            kind.is_none_or(|k| view.def(c).kind == k) && filters.accepts(&view, None, c)
        });
    }
    pool.sort();
    let n = usize::from(n);
    let picked = if pool.len() <= n {
        pool
    } else {
        let mut picked = Vec::with_capacity(n);
        while picked.len() < n {
            match r.choose_card(p, Ask::SearchDeck, &pool)? {
                Some(c) => {
                    pool.retain(|&x| x != c);
                    picked.push(c);
                }
                None => break,
            }
        }
        picked
    };
    r.put_all(&picked, Dest::Hand);
    r.shuffle(p);
    Ok(())
}

/// A text effect: its sentences in order. R7.6: each does as much as it can.
struct TextEffect {
    steps: Vec<CompiledStep>,
}

impl Effect for TextEffect {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        // Whether the last optional step was done (そうしたなら).
        let mut done = true;
        for s in &self.steps {
            match s {
                CompiledStep::May(inner) => done = crate::optional::may(r, |r| inner.run(r))?,
                // Not done: what depends on it is skipped, and so is what depends on that.
                CompiledStep::IfDone(_) if !done => {}
                CompiledStep::IfDone(inner) => match &**inner {
                    CompiledStep::May(x) => done = crate::optional::may(r, |r| x.run(r))?,
                    x => x.run(r)?,
                },
                s => s.run(r)?,
            }
        }
        Ok(())
    }
}
