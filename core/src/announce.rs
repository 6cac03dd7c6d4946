//! Announcing a use and choosing its pieces one small decision at a time (docs/design.md §7; R5, R7.4,
//! R8, R10, R17.3): the square, each target, X, each cost card, then the payment. Each option is
//! offered only when the rest can still be chosen and paid — counts for targets, a bipartite
//! matching ([`crate::cost_matching`]) for X, cost cards and energy — so no decision lists
//! combinations. The last piece commits the announcement through the same declaration code the
//! compound actions use; until then nothing but the announcement itself has changed.

use crate::ability::{CardCost, TargetSpec};
use crate::card::CardDb;
use crate::card_costs::chosen_len;
use crate::cost_matching::{Matching, Payer, Payers, Slot, cards_fit, energy_slots};
use crate::model::action::{Action, ActionError};
use crate::model::announcement::{Announcement, Pick, Step, Use};
use crate::model::board::Square;
use crate::model::card_kind::CardKind;
use crate::model::cost::{CardPick, Cost, Payment, XEnergy};
use crate::model::ids::{CardId, Player};
use crate::model::refusal::Refusal;
use crate::model::target::{Target, Targets};
use crate::query::Query;
use crate::state::Game;
use smallvec::SmallVec;
use std::ops::ControlFlow;

/// What a use must still be given: its square, targets, card costs and energy.
struct Dues<'d> {
    /// The card whose cost it is (card-cost filters see it as `me`).
    me: Option<CardId>,
    /// The energy cost, its X part included.
    cost: Cost,
    card_costs: &'d [CardCost],
    /// The card a フリーズ cost freezes and the card a 廃棄 cost discards (R5.6, R5.7).
    freeze: Option<CardId>,
    discard: Option<CardId>,
    target: Option<&'d TargetSpec>,
    /// A square is chosen: a unit or base played, a unit moved.
    square: bool,
}

impl Dues<'_> {
    fn asks_x(&self) -> bool {
        self.cost.x.is_some() || crate::card_costs::uses_x(self.card_costs)
    }

    /// The cost index paying each chosen card-cost card for X = `x`, in order.
    fn card_slots(&self, x: u8) -> impl Iterator<Item = u8> + '_ {
        self.card_costs.iter().enumerate().flat_map(move |(i, c)| {
            let n = match c.pick {
                CardPick::One => 1,
                CardPick::X => usize::from(x),
                CardPick::This => 0,
            };
            std::iter::repeat_n(i as u8, n)
        })
    }

    /// The slots one more X adds: one card per X card cost, one energy point for an X energy.
    fn x_slots(&self) -> impl Iterator<Item = Slot> + '_ {
        let cards = self
            .card_costs
            .iter()
            .enumerate()
            .filter(|(_, c)| c.pick == CardPick::X)
            .map(|(i, _)| Slot::Card(i as u8));
        let energy = self.cost.x.map(|x| match x {
            XEnergy::Colour(c) => Slot::Colour(c),
            XEnergy::Colourless => Slot::Colourless,
        });
        cards.chain(energy)
    }
}

/// Refused: nothing can complete the announcement.
const CANNOT_PAY: ActionError = ActionError::Payment(Refusal::CannotPay);

impl Game {
    /// The announcement whose pieces are being chosen, if any (docs/design.md §7).
    pub fn announcement(&self) -> Option<&Announcement> {
        self.announcement.as_ref()
    }

    /// What `what` must be given, once `p` may use it at all (card, zone, timing, condition).
    fn dues<'d>(&self, db: &'d CardDb, p: Player, what: Use) -> Result<Dues<'d>, ActionError> {
        let plain = |cost: Cost| Dues {
            me: None,
            cost,
            card_costs: &[],
            freeze: None,
            discard: None,
            target: None,
            square: false,
        };
        Ok(match what {
            Use::Play { card, method } => {
                let cost = self.play_source(db, p, card, method)?;
                let def = db.def(self.card(card).def);
                Dues {
                    me: Some(card),
                    cost,
                    card_costs: crate::card_costs::play_costs(def),
                    freeze: None,
                    discard: None,
                    target: match def.kind {
                        CardKind::Strategy => def.spell.as_ref().and_then(|s| s.target.as_ref()),
                        _ => None,
                    },
                    square: matches!(def.kind, CardKind::Unit | CardKind::Base),
                }
            }
            Use::Activate { card, ability } => {
                let (_, act) = self.activation_source(db, p, card, ability)?;
                let (freeze, discard) = self.self_costs(Some(card), &act.cost)?;
                Dues {
                    me: Some(card),
                    cost: act.cost,
                    card_costs: &act.card_costs,
                    freeze,
                    discard,
                    target: act.target.as_ref(),
                    square: false,
                }
            }
            Use::Move { unit } => {
                let cost = self.move_source(db, p, unit)?;
                let (freeze, discard) = self.self_costs(Some(unit), &cost)?;
                Dues {
                    me: Some(unit),
                    freeze,
                    discard,
                    square: true,
                    ..plain(cost)
                }
            }
            Use::CreatePlan => {
                self.check_create_plan(db, p, &Payment::Auto)?;
                plain(crate::plan::PLAN_COST)
            }
            Use::UpdatePlan => {
                self.check_update_plan(db, p, &Payment::Auto)?;
                plain(crate::plan::PLAN_COST)
            }
            Use::Roll => {
                self.check_roll(db, p, &Payment::Auto)?;
                plain(self.roll_cost())
            }
        })
    }

    /// Calls `f` with each square `ann` may choose until it says stop; whether it stopped.
    fn each_square(
        &self,
        db: &CardDb,
        ann: &Announcement,
        mut f: impl FnMut(Square) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let p = ann.player;
        match ann.what {
            Use::Play { card, method } => {
                let kind = db.def(self.card(card).def).kind;
                let squares: &mut dyn Iterator<Item = Square> = match kind {
                    CardKind::Unit => &mut Square::battle_squares(),
                    CardKind::Base => &mut Square::base_squares(p),
                    _ => &mut std::iter::empty(),
                };
                for s in squares {
                    if self
                        .check_play_place(db, p, card, method, Some(s), &Targets::NONE, false)
                        .is_ok()
                    {
                        f(s)?;
                    }
                }
            }
            Use::Move { unit } => {
                if let Some(from) = self.card(unit).loc.square() {
                    for to in from.neighbours().chain(from.diagonal_neighbours()) {
                        if self.check_move(db, p, unit, to, &Payment::Auto).is_ok() {
                            f(to)?;
                        }
                    }
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    /// Whether `ann` may choose some square.
    fn any_square(&self, db: &CardDb, ann: &Announcement) -> bool {
        self.each_square(db, ann, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether at least `need` targets `ann` has not chosen yet are legal.
    fn enough_targets(
        &self,
        db: &CardDb,
        ann: &Announcement,
        spec: &TargetSpec,
        me: Option<CardId>,
        need: usize,
    ) -> bool {
        let mut n = 0;
        Query::new(self, db).each_legal_target(spec, me, ann.player, |t| {
            n += usize::from(!ann.targets.as_slice().contains(&t));
        });
        n >= need
    }

    /// The targets `ann` may choose next: legal and not chosen yet.
    fn each_target(
        &self,
        db: &CardDb,
        ann: &Announcement,
        spec: &TargetSpec,
        me: Option<CardId>,
    ) -> Vec<Target> {
        let mut out = Vec::new();
        Query::new(self, db).each_legal_target(spec, me, ann.player, |t| {
            if !ann.targets.as_slice().contains(&t) {
                out.push(t);
            }
        });
        out
    }

    /// The cards that can pay `dues` for `ann`'s player: their energy sources and the cards
    /// qualifying for a card cost, less the cards chosen already or paying another part.
    fn payers(&self, db: &CardDb, ann: &Announcement, dues: &Dues<'_>) -> Payers {
        let p = ann.player;
        let view = Query::new(self, db);
        let taken = |c: CardId| {
            ann.cost_cards.contains_card(c)
                || dues.freeze == Some(c)
                || dues.discard == Some(c)
                || (dues.me == Some(c) && !dues.cost.self_pays)
        };
        let mut out = Payers::new();
        let z = &self.zones[p.index()];
        for &c in z.energy().iter().chain(z.smash()) {
            if let Some(s) = self.energy_source(db, p, c)
                && !taken(c)
            {
                out.push(Payer {
                    card: c,
                    energy: Some(s.colours),
                    costs: 0,
                });
            }
        }
        let (Some(me), false) = (dues.me, dues.card_costs.is_empty()) else {
            return out;
        };
        view.settled(|view| {
            for i in 0..self.cards.len() {
                let c = CardId(i as u16);
                if taken(c) {
                    continue;
                }
                let mut costs = 0u64;
                for (k, cc) in dues.card_costs.iter().enumerate().take(64) {
                    if cc.pick != CardPick::This && self.card_cost_ok(view, p, me, cc, c) {
                        costs |= 1 << k;
                    }
                }
                if costs == 0 {
                    continue;
                }
                match out.iter_mut().find(|x| x.card == c) {
                    Some(x) => x.costs = costs,
                    None => out.push(Payer {
                        card: c,
                        energy: None,
                        costs,
                    }),
                }
            }
        });
        out
    }

    /// The matching of `payers` to the card-cost cards still to choose after the first `skip`
    /// of them and the energy for X = `x`, and whether it fills every slot.
    fn cost_matching(
        &self,
        payers: Payers,
        dues: &Dues<'_>,
        x: u8,
        skip: usize,
    ) -> (Matching, bool) {
        let mut m = Matching::new(payers);
        let cards = dues.card_slots(x).skip(skip).map(Slot::Card);
        let ok = m.add_all(cards) && m.add_all(energy_slots(&dues.cost.energy(x)));
        (m, ok)
    }

    /// Whether the pieces `ann` has not chosen yet can be chosen and paid.
    fn completable(
        &self,
        db: &CardDb,
        ann: &Announcement,
        dues: &Dues<'_>,
    ) -> Result<(), ActionError> {
        self.choosable(db, ann, dues)?;
        self.costs_payable(db, ann, dues)
    }

    /// Whether `p` may announce `what` now, as [`Game::check_announce`] answers it, asking
    /// first whether it can be paid: most uses a player cannot announce fail there, and it
    /// costs less than trying each square.
    pub(crate) fn can_announce(&self, db: &CardDb, p: Player, what: Use) -> bool {
        let Ok(dues) = self.dues(db, p, what) else {
            return false;
        };
        let ann = Announcement::new(p, what);
        self.costs_payable(db, &ann, &dues).is_ok() && self.choosable(db, &ann, &dues).is_ok()
    }

    /// Whether the square and targets `ann` has not chosen yet can be chosen (the play's own
    /// place rules included).
    fn choosable(
        &self,
        db: &CardDb,
        ann: &Announcement,
        dues: &Dues<'_>,
    ) -> Result<(), ActionError> {
        let p = ann.player;
        if let Use::Play { card, method } = ann.what
            && !dues.square
        {
            self.check_play_place(db, p, card, method, None, &Targets::NONE, true)?;
        }
        if dues.square && ann.square.is_none() && !self.any_square(db, ann) {
            return Err(ActionError::Square(Refusal::NoSquare));
        }
        if let Some(spec) = dues.target
            && !ann.targets_done
        {
            let need = usize::from(spec.min.min(spec.count)).saturating_sub(ann.targets.len());
            if need > 0 && !self.enough_targets(db, ann, spec, dues.me, need) {
                return Err(ActionError::Target(Refusal::TooFewTargets));
            }
        }
        Ok(())
    }

    /// Whether the card costs and energy `ann` has not chosen yet can be paid.
    fn costs_payable(
        &self,
        db: &CardDb,
        ann: &Announcement,
        dues: &Dues<'_>,
    ) -> Result<(), ActionError> {
        let p = ann.player;
        if let Some(me) = dues.me {
            let view = Query::new(self, db);
            for cc in dues.card_costs.iter().filter(|c| c.pick == CardPick::This) {
                if !self.card_cost_ok(&view, p, me, cc, me) {
                    return Err(ActionError::Payment(Refusal::OwnCostUnpayable { card: me }));
                }
            }
        }
        let skip = ann.cost_cards.len();
        let payers = self.payers(db, ann, dues);
        if self.cost_matching(payers, dues, ann.x.unwrap_or(0), skip).1 {
            Ok(())
        } else {
            Err(CANNOT_PAY)
        }
    }

    /// The largest X `ann` can pay: slots added one X at a time until one cannot be filled.
    fn max_x(&self, db: &CardDb, ann: &Announcement, dues: &Dues<'_>) -> u8 {
        let (mut m, ok) = self.cost_matching(self.payers(db, ann, dues), dues, 0, 0);
        if !ok {
            return 0;
        }
        let mut x = 0u8;
        while x < u8::MAX && m.add_all(dues.x_slots()) {
            x += 1;
        }
        x
    }

    /// The piece `ann` chooses next, or `None` when every piece is chosen.
    fn next_step(&self, ann: &Announcement, dues: &Dues<'_>) -> Option<Step> {
        if dues.square && ann.square.is_none() {
            return Some(Step::Square);
        }
        if let Some(spec) = dues.target
            && !ann.targets_done
            && ann.targets.len() < usize::from(spec.count)
        {
            return Some(Step::Target);
        }
        if dues.asks_x() && ann.x.is_none() {
            return Some(Step::X);
        }
        let x = ann.x.unwrap_or(0);
        if ann.cost_cards.len() < chosen_len(dues.card_costs, x) {
            return Some(Step::CostCard);
        }
        (dues.cost.energy(x).total() > 0).then_some(Step::Payment)
    }

    /// Calls `f` with every pick `ann`'s step offers, [`Pick::Cancel`] last.
    fn each_pick(&self, db: &CardDb, ann: &Announcement, mut f: impl FnMut(Pick)) {
        let Ok(dues) = self.dues(db, ann.player, ann.what) else {
            f(Pick::Cancel);
            return;
        };
        match ann.step {
            Step::Square => {
                let _ = self.each_square(db, ann, |s| {
                    f(Pick::Square(s));
                    ControlFlow::Continue(())
                });
            }
            Step::Target => {
                if let Some(spec) = dues.target {
                    let chosen = ann.targets.len();
                    let min = usize::from(spec.min.min(spec.count));
                    // Every legal target is alike for the count still needed: any may be next.
                    for t in self.each_target(db, ann, spec, dues.me) {
                        f(Pick::Target(t));
                    }
                    if chosen >= min {
                        f(Pick::Done);
                    }
                }
            }
            Step::X => {
                for x in 0..=self.max_x(db, ann, &dues) {
                    f(Pick::X(x));
                }
            }
            Step::CostCard => {
                let x = ann.x.unwrap_or(0);
                let k = ann.cost_cards.len();
                if let Some(cost) = dues.card_slots(x).nth(k) {
                    let (m, ok) = self.cost_matching(self.payers(db, ann, &dues), &dues, x, k + 1);
                    if ok {
                        for (payer, spare) in m.payers().iter().zip(m.spare()) {
                            if spare && payer.costs & (1 << cost) != 0 {
                                f(Pick::CostCard(payer.card));
                            }
                        }
                    }
                }
            }
            Step::Payment => {
                if ann.paid.is_empty() {
                    f(Pick::PayAuto);
                }
                let slots: SmallVec<[Slot; 16]> =
                    energy_slots(&dues.cost.energy(ann.x.unwrap_or(0))).collect();
                let payers = self.payers(db, ann, &dues);
                let mut chosen: Payers = payers
                    .iter()
                    .copied()
                    .filter(|p| p.energy.is_some() && ann.paid.contains_card(p.card))
                    .collect();
                for payer in payers {
                    if payer.energy.is_none() || ann.paid.contains_card(payer.card) {
                        continue;
                    }
                    chosen.push(payer);
                    if cards_fit(&slots, &chosen) {
                        f(Pick::PayCard(payer.card));
                    }
                    chosen.pop();
                }
            }
        }
        f(Pick::Cancel);
    }

    /// The picks the deciding player's announcement offers, appended to `out` as actions.
    pub(crate) fn legal_picks(&self, db: &CardDb, out: &mut Vec<Action>) {
        if let Some(ann) = &self.announcement {
            self.each_pick(db, ann, |k| out.push(Action::Pick(k)));
        }
    }

    /// Whether `p` may announce `what` now: every piece can be chosen and paid.
    pub(crate) fn check_announce(
        &self,
        db: &CardDb,
        p: Player,
        what: Use,
    ) -> Result<(), ActionError> {
        let dues = self.dues(db, p, what)?;
        self.completable(db, &Announcement::new(p, what), &dues)
    }

    /// Whether `pick` answers the announcement's step now.
    pub(crate) fn check_pick(&self, db: &CardDb, pick: Pick) -> Result<(), ActionError> {
        let Some(ann) = &self.announcement else {
            return Err(ActionError::Illegal(Refusal::NothingAnnounced));
        };
        if pick == Pick::Cancel {
            return Ok(());
        }
        let mut found = false;
        self.each_pick(db, ann, |k| found |= k == pick);
        if found {
            Ok(())
        } else {
            let refusal = Refusal::PickNotOffered {
                step: ann.step,
                pick,
            };
            Err(match ann.step {
                Step::Square => ActionError::Square(refusal),
                Step::Target => ActionError::Target(refusal),
                Step::X | Step::CostCard | Step::Payment => ActionError::Payment(refusal),
            })
        }
    }

    /// Announces `what` for `p`: its first piece is asked next (or, with nothing to choose,
    /// it is declared at once).
    pub(crate) fn announce(
        &mut self,
        db: &CardDb,
        p: Player,
        what: Use,
    ) -> Result<(), ActionError> {
        self.advance(db, Announcement::new(p, what))
    }

    /// Takes `pick` for the announcement's step.
    pub(crate) fn pick(&mut self, db: &CardDb, pick: Pick) -> Result<(), ActionError> {
        let Some(mut ann) = self.announcement.take() else {
            return Err(ActionError::Illegal(Refusal::NothingAnnounced));
        };
        match pick {
            Pick::Cancel => return Ok(()),
            Pick::Square(s) => ann.square = Some(s),
            Pick::Target(t) => ann.targets.push(t),
            Pick::Done => ann.targets_done = true,
            Pick::X(x) => ann.x = Some(x),
            Pick::CostCard(c) => ann.cost_cards.push(c),
            Pick::PayCard(c) => ann.paid.push(c),
            Pick::PayAuto => return self.commit(db, ann, Payment::Auto),
        }
        self.advance(db, ann)
    }

    /// Sets `ann`'s next step, or declares it when every piece is chosen.
    fn advance(&mut self, db: &CardDb, mut ann: Announcement) -> Result<(), ActionError> {
        let dues = self.dues(db, ann.player, ann.what)?;
        let x = ann.x.unwrap_or(0);
        match self.next_step(&ann, &dues) {
            Some(Step::Payment) if ann.paid.len() >= dues.cost.energy(x).total() => {
                let paid = std::mem::take(&mut ann.paid);
                self.commit(db, ann, Payment::Cards(paid.as_slice().to_vec()))
            }
            Some(step) => {
                ann.step = step;
                self.announcement = Some(ann);
                Ok(())
            }
            None => self.commit(db, ann, Payment::Auto),
        }
    }

    /// Declares a fully chosen announcement (R5.9: paid at once, then stacked).
    fn commit(
        &mut self,
        db: &CardDb,
        ann: Announcement,
        payment: Payment,
    ) -> Result<(), ActionError> {
        let Some(action) = ann.compound(payment) else {
            return Err(ActionError::Square(Refusal::SquareMissing));
        };
        let declared = self.declare_action(db, ann.player, &action);
        if declared.is_err() {
            self.announcement = Some(ann);
        }
        declared
    }
}
