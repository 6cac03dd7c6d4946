//! Compiling effect bodies written as printed onto core [`Effect`]s and [`TargetSpec`]s: the
//! same values a Lua `resolve` and `target.unit { … }` register.

use crate::ast::Stat;
use crate::ast_effect::Search;
use crate::ast_effect::{
    Action, CardZone, Choice, Discard, EffectBody, Filter, GainedKeyword, Noun, PutDest, Subject,
    Until, When,
};
use crate::error::DslError;
use dzero_core::{
    Area, CardId, CardKind, Change, Colour, Dest, Duration, Effect, EffectError, Event, Keywords,
    Loc, MAX_TARGETS, Phase, Player, Resolve, Side, Square, TargetKind, TargetSpec, Trigger, View,
    Zone, ZoneSet,
};

/// An effect body compiled: the targets chosen when it is played or put on the stack, and the
/// effect run on resolution.
pub struct CompiledEffect {
    /// Targets (R7.4), from the sentence that says 対象の; none without one.
    pub target: Option<TargetSpec>,
    /// The effect.
    pub effect: Box<dyn Effect>,
}

/// Compiles a body. At most one sentence may choose targets: the item has one target list
/// (R7.4); every targeted sentence then acts on the targets still legal (R7.5).
pub fn compile_effect(body: &EffectBody) -> Result<CompiledEffect, DslError> {
    let mut target: Option<TargetSpec> = None;
    let mut steps = Vec::with_capacity(body.steps.len());
    for step in &body.steps {
        if let Some(s) = step.action.subject() {
            check_noun(&step.action, s)?;
            if let Choice::Target { count, up_to } = s.mode {
                if target.is_some() {
                    return Err(DslError::new(
                        s.span,
                        "only one sentence of an effect can choose targets (R7.4); write this effect in Lua",
                    ));
                }
                target = Some(target_spec(s, count, up_to));
            }
        }
        steps.push(CompiledStep::new(&step.action));
    }
    Ok(CompiledEffect {
        target,
        effect: Box::new(TextEffect { steps }),
    })
}

/// Which nouns an action accepts.
fn check_noun(action: &Action, s: &Subject) -> Result<(), DslError> {
    let ok = match action {
        Action::Draw(_) | Action::Discard(_) | Action::Search(_) => true,
        Action::Damage(..) | Action::Boost(..) | Action::Gain(..) | Action::Move(_) => {
            s.noun == Noun::Unit
        }
        Action::Destroy(_) | Action::Freeze(_) | Action::Release(_) => {
            matches!(s.noun, Noun::Unit | Noun::Base)
        }
        Action::ReturnToHand(_) | Action::Put(..) => true,
        Action::PutIntoSquare(..) => {
            matches!(s.noun, Noun::Card(Some(CardKind::Unit | CardKind::Base)))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(DslError::new(
            s.span,
            match action {
                Action::Damage(..) => "damage is dealt to units (ユニット)",
                Action::Boost(..) | Action::Gain(..) => "only units (ユニット) change this way",
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
        spec = spec.filter(move |view, _me, cand| filters.accepts(view, cand));
    }
    spec
}

/// The filters of a subject as plain data, checked against a card's current state.
#[derive(Clone, Debug)]
pub(crate) struct Filters {
    power_at_most: Option<i32>,
    cost_at_most: Option<u32>,
    races: Vec<String>,
    colours: Vec<Colour>,
}

impl Filters {
    pub(crate) fn new(filters: &[Filter]) -> Filters {
        let mut out = Filters {
            power_at_most: None,
            cost_at_most: None,
            races: Vec::new(),
            colours: Vec::new(),
        };
        for f in filters {
            match f {
                Filter::PowerAtMost(n) => {
                    let n = i32::try_from(*n).unwrap_or(i32::MAX);
                    out.power_at_most = Some(out.power_at_most.map_or(n, |o| o.min(n)));
                }
                Filter::CostAtMost(n) => {
                    out.cost_at_most = Some(out.cost_at_most.map_or(*n, |o| o.min(*n)));
                }
                Filter::Race(r) => out.races.push(r.clone()),
                Filter::Colour(c) => out.colours.push(*c),
            }
        }
        out
    }

    /// Power is the current one (R16); the use cost is the current one after ☆ and ★ cost
    /// changes (Lua's `use_cost`), its total energy with X counted 0; a race matches the printed
    /// race or one of its names separated by ・ or /.
    pub(crate) fn accepts(&self, view: &View<'_>, card: CardId) -> bool {
        let def = view.def(card);
        self.power_at_most.is_none_or(|n| view.power(card) <= n)
            && self
                .cost_at_most
                .is_none_or(|n| view.play_cost(card, def.cost).total() <= n)
            && self
                .races
                .iter()
                .all(|r| def.race.split(['・', '/']).any(|x| x == r))
            && self.colours.iter().all(|&c| def.colours.contains(c))
    }
}

/// Who a compiled sentence acts on.
#[derive(Clone, Debug)]
enum Who {
    /// The targets still legal.
    Targets,
    /// Every card in a square matching, on resolution.
    Each {
        side: Option<Side>,
        base: bool,
        filters: Filters,
    },
}

impl Who {
    fn new(s: &Subject) -> Who {
        match s.mode {
            Choice::Target { .. } => Who::Targets,
            Choice::Each => Who::Each {
                side: s.side,
                base: s.noun == Noun::Base,
                filters: Filters::new(&s.filters),
            },
        }
    }

    /// The cards acted on, in target order or in field order.
    fn cards(&self, r: &Resolve<'_>) -> Cards {
        match self {
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
                            && filters.accepts(&view, c)
                    })
                    .collect::<Vec<_>>()
                    .into()
            }
        }
    }
}

/// The cards a sentence acts on, copied out of the resolution: the targets without allocating,
/// or the cards すべての matched.
enum Cards {
    Targets([CardId; MAX_TARGETS], usize),
    List(Vec<CardId>),
}

impl From<Vec<CardId>> for Cards {
    fn from(v: Vec<CardId>) -> Cards {
        Cards::List(v)
    }
}

impl Cards {
    fn as_slice(&self) -> &[CardId] {
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
}

impl CompiledStep {
    fn new(a: &Action) -> CompiledStep {
        let who = |s: &Subject| Who::new(s);
        match a {
            Action::Draw(n) => CompiledStep::Draw(u32::from(*n)),
            Action::Discard(d) => CompiledStep::Discard(*d),
            Action::Damage(s, n) => {
                CompiledStep::Damage(who(s), i32::try_from(*n).unwrap_or(i32::MAX))
            }
            Action::Destroy(s) => CompiledStep::Destroy(who(s)),
            Action::ReturnToHand(s) => CompiledStep::ReturnToHand(who(s)),
            Action::Put(s, d) => CompiledStep::Put(
                who(s),
                match d {
                    PutDest::Graveyard => Dest::Graveyard,
                    PutDest::Remove => Dest::Remove,
                    PutDest::Smash => Dest::Smash,
                    PutDest::Energy => Dest::Energy,
                    PutDest::DeckTop => Dest::DeckTop,
                    PutDest::DeckBottom => Dest::DeckBottom,
                },
            ),
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
            Action::Gain(u, s, k) => CompiledStep::Change(
                *u,
                who(s),
                Change::Grant(match k {
                    GainedKeyword::Accel => Keywords::ACCEL,
                    GainedKeyword::Haste => Keywords::HASTE,
                }),
            ),
        }
    }

    fn run(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        match self {
            CompiledStep::Draw(n) => {
                let p = r.controller();
                r.draw(p, *n);
            }
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
            CompiledStep::Change(until, who, change) => {
                let duration = match until {
                    Until::EndOfTurn => Some(Duration::EndOfTurn),
                    // Outside a battle, "until end of battle" gives the change no time.
                    Until::EndOfBattle => r.until_end_of_battle(),
                    Until::EndOfYourNextTurn => Some(r.until_end_of_next_turn(r.controller())),
                };
                if let Some(d) = duration {
                    for &c in who.cards(r).as_slice() {
                        r.change(c, *change, d);
                    }
                }
            }
        }
        Ok(())
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
                match r.choose_card(p, "discard a card", &hand)? {
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
        CardKind::Strategy => return Ok(()),
    };
    let to = match squares.as_slice() {
        [] => return Ok(()),
        [only] => *only,
        _ => match r.choose_square(r.controller(), "the square to put the card into", &squares)? {
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
        _ => match r.choose_square(r.controller(), "the square to move to", &squares)? {
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
        pool.retain(|&c| kind.is_none_or(|k| view.def(c).kind == k) && filters.accepts(&view, c));
    }
    pool.sort();
    let n = usize::from(n);
    let picked = if pool.len() <= n {
        pool
    } else {
        let mut picked = Vec::with_capacity(n);
        while picked.len() < n {
            match r.choose_card(p, "search the deck", &pool)? {
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
        for s in &self.steps {
            s.run(r)?;
        }
        Ok(())
    }
}

/// A ◆ condition as printed, matched against the event (R17.2). The card-leaving conditions
/// see the card in the zone it left (the trigger's zones are checked before the event).
pub(crate) struct TextTrigger(pub(crate) When);

impl Trigger for TextTrigger {
    fn matches(&self, view: &View<'_>, me: CardId, event: &Event) -> bool {
        match (self.0, *event) {
            (When::PutIntoSquare, Event::Placed { card, .. }) => card == me,
            (When::Destroyed, Event::Destroyed { card, .. }) => card == me,
            (
                When::SquareToGraveyard,
                Event::Moved {
                    card,
                    from: Loc::Square(_),
                    to: Loc::Graveyard,
                    ..
                },
            ) => card == me,
            (When::Smashes, Event::Smashed { unit, .. }) => unit == me,
            (When::YourMainPhase, Event::PhaseBegan { phase: Phase::Main }) => {
                view.active() == view.controller(me)
            }
            _ => false,
        }
    }
}
