//! Paying costs (R5): immediate, not on the stack (R5.9).

use crate::card::CardDb;
use crate::model::action::ActionError;
use crate::model::announcement::CardList;
use crate::model::cost::{Cost, EnergyNeed, Payment, Pool, Source};
use crate::model::ids::{CardId, Colours, Player};
use crate::model::refusal::Refusal;
use crate::model::target::Targets;
use crate::model::zone::Loc;
use crate::state::{Game, ItemKind, StackItem};

/// Automatic payment found no way to pay.
pub(crate) const NOT_ENOUGH: ActionError = ActionError::Payment(Refusal::NotEnoughEnergy);

/// A cost checked against the state, ready to pay.
#[derive(Clone, Debug)]
pub(crate) struct CheckedCost {
    pub need: EnergyNeed,
    /// The card to freeze as a フリーズ cost.
    pub freeze: Option<CardId>,
    /// The card to discard as a 廃棄 cost.
    pub discard: Option<CardId>,
    /// Cards paying card costs, which cannot also pay energy (R5.8).
    pub cost_cards: CardList,
    /// The card whose ● ability it is, when its text does not let it pay (A51).
    pub unpaying: Option<CardId>,
}

impl CheckedCost {
    /// The cards that cannot pay energy: the card-cost cards, the フリーズ card and the card
    /// whose ability it is (A51).
    fn excluded(&self) -> smallvec::SmallVec<[CardId; 8]> {
        self.cost_cards
            .cards()
            .chain(self.freeze)
            .chain(self.unpaying)
            .collect()
    }
}

/// A checked play or activation, ready to pay and put on the stack.
pub(crate) struct Declared<'a> {
    pub cost: CheckedCost,
    pub card: CardId,
    pub kind: ItemKind,
    pub targets: Targets,
    /// The ability index (activations only).
    pub ability: u8,
    pub x: u8,
    pub payment: &'a Payment,
}

impl Game {
    /// Puts a paid declaration on the stack; AP then receives priority (R6.9).
    pub(crate) fn declare(
        &mut self,
        db: &CardDb,
        p: Player,
        d: Declared<'_>,
        cost_square: Option<crate::model::board::Square>,
    ) {
        let item = StackItem {
            targets: d.targets.as_slice().iter().map(|&t| self.hold(t)).collect(),
            x: d.x,
            cost_square,
            ..StackItem::new(p, d.kind)
        };
        self.push_item(db, item);
    }

    /// `c` as a source of `player`'s energy: a released energy-zone card of theirs (its
    /// colours) or smash-zone card (colourless only, R5.2).
    pub(crate) fn energy_source(&self, db: &CardDb, player: Player, c: CardId) -> Option<Source> {
        let cs = self.cards.get(c.index())?;
        if cs.frozen || cs.owner != player {
            return None;
        }
        match cs.loc {
            Loc::Energy => Some(Source {
                card: c,
                colours: db.def(cs.def).colours,
            }),
            // R5.2: smash-zone cards pay colourless only.
            Loc::Smash => Some(Source {
                card: c,
                colours: Colours::NONE,
            }),
            _ => None,
        }
    }

    /// Whether `player` can pay `need` as `payment` says without `freeze`'s card; while legal
    /// actions are listed, automatic payments are answered once per need.
    fn payable(
        &self,
        db: &CardDb,
        player: Player,
        need: &EnergyNeed,
        payment: &Payment,
        freeze: Option<CardId>,
    ) -> Result<(), ActionError> {
        let memo = matches!(payment, Payment::Auto);
        if memo && let Some(m) = &*self.derived.payable.borrow() {
            let asked = m
                .answers
                .iter()
                .find(|&&(p, n, f, _)| p == player && n == *need && f == freeze);
            if let Some(&(.., ok)) = asked {
                return if ok { Ok(()) } else { Err(NOT_ENOUGH) };
            }
        }
        let mut pool = Pool::new();
        let solved = self.solve_into(db, player, need, payment, freeze.as_slice(), &mut pool);
        if memo && let Some(m) = &mut *self.derived.payable.borrow_mut() {
            m.answers.push((player, *need, freeze, solved.is_ok()));
        }
        solved
    }

    /// Finds the cards that pay `need`: the explicit list, or a deterministic automatic choice.
    pub(crate) fn solve_payment(
        &self,
        db: &CardDb,
        player: Player,
        need: &EnergyNeed,
        payment: &Payment,
        exclude: &[CardId],
    ) -> Result<Pool, ActionError> {
        let mut pool = Pool::new();
        self.solve_into(db, player, need, payment, exclude, &mut pool)?;
        Ok(pool)
    }

    /// [`Self::solve_payment`] into `pool` (a new one), which then holds the paying cards.
    fn solve_into(
        &self,
        db: &CardDb,
        player: Player,
        need: &EnergyNeed,
        payment: &Payment,
        exclude: &[CardId],
        pool: &mut Pool,
    ) -> Result<(), ActionError> {
        match payment {
            Payment::Auto => {
                let z = &self.zones[player.index()];
                for &c in z.energy().iter().chain(z.smash()) {
                    if !exclude.contains(&c)
                        && let Some(s) = self.energy_source(db, player, c)
                    {
                        pool.push(s);
                    }
                }
                if !pool.solve(need) {
                    return Err(NOT_ENOUGH);
                }
            }
            Payment::Cards(cards) => {
                if cards.len() != need.total() {
                    return Err(ActionError::Payment(Refusal::PaymentCount {
                        need: need.total(),
                        given: cards.len(),
                    }));
                }
                for (i, &c) in cards.iter().enumerate() {
                    if cards[..i].contains(&c) || exclude.contains(&c) {
                        return Err(ActionError::Payment(Refusal::PayerTwice { card: c }));
                    }
                    match self.energy_source(db, player, c) {
                        Some(s) => pool.push(s),
                        None => {
                            return Err(ActionError::Payment(Refusal::NotAPayer { card: c }));
                        }
                    }
                }
                if !pool.solve(need) {
                    return Err(ActionError::Payment(Refusal::WrongColours));
                }
            }
        }
        Ok(())
    }

    /// Checks that `player` can pay `cost` with `x` for an ability of `card`.
    pub(crate) fn check_cost(
        &self,
        db: &CardDb,
        player: Player,
        card: Option<CardId>,
        cost: &Cost,
        x: u8,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        if cost.x.is_none() && x != 0 {
            return Err(ActionError::Payment(Refusal::XWithoutX { x }));
        }
        let mut checked = CheckedCost {
            need: cost.energy(x),
            freeze: None,
            discard: None,
            cost_cards: CardList::NONE,
            unpaying: None,
        };
        (checked.freeze, checked.discard) = self.self_costs(card, cost)?;
        self.payable(db, player, &checked.need, payment, checked.freeze)?;
        Ok(checked)
    }

    /// The card `cost` freezes (フリーズ, R5.6) and the card it discards (廃棄, R5.7): `card`
    /// itself, when it is where such a cost can be paid.
    pub(crate) fn self_costs(
        &self,
        card: Option<CardId>,
        cost: &Cost,
    ) -> Result<(Option<CardId>, Option<CardId>), ActionError> {
        let mut freeze = None;
        let mut discard = None;
        if cost.freeze_self {
            let c = card.ok_or(ActionError::Payment(Refusal::NothingToFreeze))?;
            let cs = self.card(c);
            if cs.frozen || !matches!(cs.loc, Loc::Square(_) | Loc::Energy | Loc::Smash) {
                return Err(ActionError::Payment(Refusal::FreezeCostUnpayable {
                    card: c,
                }));
            }
            freeze = Some(c);
        }
        if cost.discard_self {
            let c = card.ok_or(ActionError::Payment(Refusal::NothingToDiscard))?;
            if !matches!(self.card(c).loc, Loc::Square(_)) {
                return Err(ActionError::Payment(Refusal::DiscardCostUnpayable {
                    card: c,
                }));
            }
            discard = Some(c);
        }
        Ok((freeze, discard))
    }

    /// `cost` of `card`'s ● ability: the card pays none of its energy unless the cost says it
    /// may (「このカードもこのコストの支払いに使える」, A51); fails when the energy cannot be paid
    /// without it.
    pub(crate) fn without_self(
        &self,
        db: &CardDb,
        player: Player,
        card: CardId,
        mut cost: CheckedCost,
        self_pays: bool,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        if self_pays || self.energy_source(db, player, card).is_none() {
            return Ok(cost);
        }
        cost.unpaying = Some(card);
        self.solve_payment(db, player, &cost.need, payment, &cost.excluded())?;
        Ok(cost)
    }

    /// `cost` also paid with the card-cost cards `cards`: they cannot pay its energy too
    /// (R5.8); fails when the energy cannot be paid without them.
    pub(crate) fn with_cost_cards(
        &self,
        db: &CardDb,
        player: Player,
        mut cost: CheckedCost,
        cards: &CardList,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        if cards.is_empty() {
            return Ok(cost);
        }
        cost.cost_cards = cards.clone();
        self.solve_payment(db, player, &cost.need, payment, &cost.excluded())?;
        Ok(cost)
    }

    /// Pays a checked cost (R5.9: at once, nobody can respond). Returns the discarded card's
    /// last square.
    pub(crate) fn pay(
        &mut self,
        db: &CardDb,
        player: Player,
        cost: &CheckedCost,
        payment: &Payment,
    ) -> Result<Option<crate::model::board::Square>, ActionError> {
        let pool = self.solve_payment(db, player, &cost.need, payment, &cost.excluded())?;
        for c in pool.chosen() {
            self.freeze(c);
        }
        if let Some(c) = cost.freeze {
            self.freeze(c);
        }
        let mut square = None;
        if let Some(c) = cost.discard {
            square = self.card(c).loc.square();
            self.move_card_by(
                db,
                c,
                Loc::Graveyard,
                true,
                false,
                crate::model::provenance::Cause::Cost,
            );
        }
        Ok(square)
    }
}
