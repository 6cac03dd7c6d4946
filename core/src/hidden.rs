//! Hidden cards named without identity (R1.6, A29). Card ids follow deck-list order, so an id
//! tells which card it is: what a seat is given — its legal actions, its pending choice —
//! names each card it may not see by its place instead (owner, zone, position in the zone as
//! [`crate::Observation`] lists it). [`Game::apply`] reads such a place back as the card there.

use crate::card::CardDb;
use crate::model::action::{Action, ActionError};
use crate::model::announcement::{Announcement, Pick, Use};
use crate::model::cost::Payment;
use crate::model::ids::{CardId, Player};
use crate::model::question::ChoiceOption;
use crate::model::question::Question;
use crate::model::target::{Target, Targets};
use crate::model::zone::Loc;
use crate::state::{ChoiceKind, Game};

/// Card ids at and above this name a place, not a card.
const PLACE: u16 = 0x8000;
const OWNER_TWO: u16 = 0x4000;
const ZONE_SHIFT: u16 = 12;
const INDEX_MASK: u16 = 0x0fff;

impl CardId {
    /// The card at `index` (zone order, the deck's bottom first) of `owner`'s deck, hand or
    /// smash zone, named by that place; `None` for another zone or an index past 4095.
    pub fn at_place(owner: Player, zone: Loc, index: usize) -> Option<CardId> {
        let z = match zone {
            Loc::Deck => 0,
            Loc::Hand => 1,
            Loc::Smash => 2,
            _ => return None,
        };
        let index = u16::try_from(index).ok().filter(|&i| i <= INDEX_MASK)?;
        let owner = if owner == Player::Two { OWNER_TWO } else { 0 };
        Some(CardId(PLACE | owner | (z << ZONE_SHIFT) | index))
    }

    /// For a card named by place ([`CardId::at_place`]): its owner, zone and index.
    pub fn place(self) -> Option<(Player, Loc, usize)> {
        if self.0 & PLACE == 0 {
            return None;
        }
        let owner = if self.0 & OWNER_TWO != 0 {
            Player::Two
        } else {
            Player::One
        };
        let zone = match (self.0 >> ZONE_SHIFT) & 3 {
            0 => Loc::Deck,
            1 => Loc::Hand,
            _ => Loc::Smash,
        };
        Some((owner, zone, usize::from(self.0 & INDEX_MASK)))
    }
}

/// Calls `f` on every card an action names.
pub(crate) fn each_card(action: &mut Action, f: &mut impl FnMut(&mut CardId)) {
    let mut in_targets = |t: &mut Targets| {
        *t = t.map_cards(|mut c| {
            f(&mut c);
            c
        });
    };
    let payment = |p: &mut Payment, f: &mut dyn FnMut(&mut CardId)| {
        if let Payment::Cards(cards) = p {
            cards.iter_mut().for_each(f);
        }
    };
    match action {
        Action::Play {
            card,
            targets,
            cost_cards,
            payment: pay,
            ..
        }
        | Action::Activate {
            card,
            targets,
            cost_cards,
            payment: pay,
            ..
        } => {
            in_targets(targets);
            cost_cards.as_mut_slice().iter_mut().for_each(&mut *f);
            payment(pay, &mut *f);
            f(card);
        }
        Action::Announce(what) => match what {
            Use::Play { card, .. } | Use::Activate { card, .. } => f(card),
            Use::Move { unit } => f(unit),
            Use::CreatePlan | Use::UpdatePlan | Use::Roll => {}
        },
        Action::Pick(pick) => match pick {
            Pick::Target(Target::Card(c)) | Pick::CostCard(c) | Pick::PayCard(c) => f(c),
            Pick::Square(_)
            | Pick::Target(_)
            | Pick::Done
            | Pick::X(_)
            | Pick::PayAuto
            | Pick::Cancel => {}
        },
        Action::CreatePlan { payment: pay }
        | Action::UpdatePlan { payment: pay }
        | Action::Roll { payment: pay } => {
            payment(pay, &mut *f);
        }
        Action::Move {
            unit, payment: pay, ..
        } => {
            payment(pay, &mut *f);
            f(unit);
        }
        Action::Energy(Some(c)) | Action::Smash(Some(c)) => f(c),
        Action::Pass
        | Action::Energy(None)
        | Action::Smash(None)
        | Action::Mulligan(_)
        | Action::Choose(_) => {}
    }
}

/// Whether an action names a card by place (without allocating: this runs on every action).
fn names_a_place(action: &Action) -> bool {
    let placed = |c: &CardId| c.place().is_some();
    let in_targets = |t: &Targets| {
        t.as_slice()
            .iter()
            .any(|t| matches!(t, Target::Card(c) if placed(c)))
    };
    let in_payment = |p: &Payment| matches!(p, Payment::Cards(cards) if cards.iter().any(placed));
    match action {
        Action::Play {
            card,
            targets,
            cost_cards,
            payment,
            ..
        }
        | Action::Activate {
            card,
            targets,
            cost_cards,
            payment,
            ..
        } => {
            placed(card)
                || in_targets(targets)
                || cost_cards.as_slice().iter().any(placed)
                || in_payment(payment)
        }
        Action::Announce(what) => what.card().is_some_and(|c| placed(&c)),
        Action::Pick(Pick::Target(Target::Card(c)) | Pick::CostCard(c) | Pick::PayCard(c)) => {
            placed(c)
        }
        Action::Pick(_) => false,
        Action::CreatePlan { payment }
        | Action::UpdatePlan { payment }
        | Action::Roll { payment } => in_payment(payment),
        Action::Move { unit, payment, .. } => placed(unit) || in_payment(payment),
        Action::Energy(Some(c)) | Action::Smash(Some(c)) => placed(c),
        Action::Pass
        | Action::Energy(None)
        | Action::Smash(None)
        | Action::Mulligan(_)
        | Action::Choose(_) => false,
    }
}

impl Game {
    /// `card` as `seat` is given it: its id when the seat may see it, else its place.
    pub fn card_for(&self, seat: Player, card: CardId) -> CardId {
        if card.place().is_some() || card.index() >= self.cards.len() || self.visible_to(seat, card)
        {
            return card;
        }
        let c = self.card(card);
        let z = &self.zones[c.owner.index()];
        let zone = match c.loc {
            Loc::Deck => z.deck(),
            Loc::Hand => z.hand(),
            _ => z.smash(),
        };
        zone.iter()
            .position(|&x| x == card)
            .and_then(|i| CardId::at_place(c.owner, c.loc, i))
            .unwrap_or(card)
    }

    /// The card at a place ([`CardId::at_place`]) now; any other id unchanged.
    pub fn card_at(&self, card: CardId) -> Option<CardId> {
        let Some((owner, zone, i)) = card.place() else {
            return Some(card);
        };
        let z = &self.zones[owner.index()];
        match zone {
            Loc::Deck => z.deck().get(i),
            Loc::Hand => z.hand().get(i),
            _ => z.smash().get(i),
        }
        .copied()
    }

    /// The legal actions of the deciding player as `seat` is given them: none when another
    /// player decides; cards the seat may not see named by place. Each one succeeds.
    pub fn seat_actions(&self, db: &CardDb, seat: Player, out: &mut Vec<Action>) {
        if self.decision().player() != Some(seat) {
            out.clear();
            return;
        }
        self.legal_actions(db, out);
        for a in out.iter_mut() {
            each_card(a, &mut |c| *c = self.card_for(seat, *c));
        }
    }

    /// An option of the seat's choice of `kind` as it is given it. An effect's choice among
    /// cards of a deck or a hand (a search) and the order of the seat's own cards going to its
    /// deck (R1.7) show those cards to the chooser; a face-down smash card is never shown
    /// (R1.6), nor a card hidden from the seat in any other choice.
    pub(crate) fn option_for(
        &self,
        seat: Player,
        kind: ChoiceKind,
        option: &ChoiceOption,
    ) -> ChoiceOption {
        let shows = matches!(kind, ChoiceKind::Effect | ChoiceKind::ZoneOrder);
        let at = |c: CardId| {
            if shows && self.card(c).loc != Loc::Smash {
                c
            } else {
                self.card_for(seat, c)
            }
        };
        match option {
            ChoiceOption::Card(c) => ChoiceOption::Card(at(*c)),
            ChoiceOption::Cards(t) => ChoiceOption::Cards(t.map_cards(at)),
            o => o.clone(),
        }
    }

    /// An announcement as `seat` is given it: the cards it names that the seat may not see
    /// (a face-down smash card paying energy, even to its owner) named by place.
    pub(crate) fn announcement_for(&self, seat: Player, a: &Announcement) -> Announcement {
        let at = |c: CardId| self.card_for(seat, c);
        let mut a = a.clone();
        a.what = match a.what {
            Use::Play { card, method } => Use::Play {
                card: at(card),
                method,
            },
            Use::Activate { card, ability } => Use::Activate {
                card: at(card),
                ability,
            },
            Use::Move { unit } => Use::Move { unit: at(unit) },
            other => other,
        };
        a.cost_cards
            .as_mut_slice()
            .iter_mut()
            .for_each(|c| *c = at(*c));
        a.paid.as_mut_slice().iter_mut().for_each(|c| *c = at(*c));
        a.targets = a.targets.map_cards(at);
        a
    }

    /// A question as `seat` is given it.
    pub(crate) fn question_for(&self, seat: Player, question: &Question) -> Question {
        let at = |c: CardId| self.card_for(seat, c);
        let mut q = question.clone();
        match &mut q {
            Question::Effect { card: Some(c), .. }
            | Question::TriggerTarget { card: c, .. }
            | Question::ReplacementOrder { card: c, .. } => *c = at(*c),
            Question::ReplacementApplies { by, card, .. } => {
                *by = at(*by);
                *card = at(*card);
            }
            Question::Effect { card: None, .. }
            | Question::TriggerOrder
            | Question::BattleOrder
            | Question::ZoneOrder { .. } => {}
        }
        q
    }

    /// `action` with every card named by place replaced by the card there; `None` when it
    /// names none.
    pub(crate) fn placed(&self, action: &Action) -> Result<Option<Action>, ActionError> {
        if !names_a_place(action) {
            return Ok(None);
        }
        let mut a = action.clone();
        let mut missing = None;
        each_card(&mut a, &mut |c| match self.card_at(*c) {
            Some(card) => *c = card,
            None => missing = Some(*c),
        });
        match missing {
            Some(c) => Err(ActionError::NoSuchCard(c)),
            None => Ok(Some(a)),
        }
    }
}
