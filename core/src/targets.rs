//! Chosen targets and their legality (R7.4, R7.5).

use crate::ability::{Forbid, Side, TargetKind, TargetSpec};
use crate::board::{Area, Square};
use crate::card::{CardKind, Keywords};
use crate::ids::{CardId, Player};
use crate::view::View;
use crate::zone::{Zone, ZoneSet};
use serde::{Deserialize, Serialize};

/// Most targets an ability may have.
pub const MAX_TARGETS: usize = 4;

/// The identity of an item on the stack, unique within a game (R7.4: a stack item can be a
/// target; an item that left the stack is never found again by its id).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
pub struct ItemId(pub u32);

/// One chosen target: a card (in a square or another zone), a square, a player or a stack item.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Target {
    /// A card.
    Card(CardId),
    /// A square.
    Square(Square),
    /// A player.
    Player(Player),
    /// An item on the stack.
    Item(ItemId),
}

impl Target {
    /// The card, for a card target.
    pub fn card(self) -> Option<CardId> {
        match self {
            Target::Card(c) => Some(c),
            _ => None,
        }
    }
}

impl From<CardId> for Target {
    fn from(c: CardId) -> Target {
        Target::Card(c)
    }
}

/// A list of up to [`MAX_TARGETS`] distinct targets; `Copy`, so actions need no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Targets {
    len: u8,
    ids: [Target; MAX_TARGETS],
}

impl Default for Targets {
    fn default() -> Targets {
        Targets::NONE
    }
}

impl Targets {
    /// No target.
    pub const NONE: Targets = Targets {
        len: 0,
        ids: [Target::Card(CardId(0)); MAX_TARGETS],
    };

    /// The card list `cards` (extra cards beyond [`MAX_TARGETS`] are ignored).
    pub fn of(cards: &[CardId]) -> Targets {
        let mut t = Targets::NONE;
        for &c in cards.iter().take(MAX_TARGETS) {
            t.push(Target::Card(c));
        }
        t
    }

    /// The list `targets` of any kinds (extra ones beyond [`MAX_TARGETS`] are ignored).
    pub fn list(targets: &[Target]) -> Targets {
        let mut t = Targets::NONE;
        for &x in targets.iter().take(MAX_TARGETS) {
            t.push(x);
        }
        t
    }

    /// One card target.
    pub fn one(card: CardId) -> Targets {
        Targets::of(&[card])
    }

    pub(crate) fn push(&mut self, t: Target) {
        if (self.len as usize) < MAX_TARGETS {
            self.ids[self.len as usize] = t;
            self.len += 1;
        }
    }

    /// The targets as a slice.
    pub fn as_slice(&self) -> &[Target] {
        &self.ids[..self.len as usize]
    }

    /// The card targets, in order.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.as_slice().iter().filter_map(|t| t.card())
    }

    /// Whether `card` is one of the targets.
    pub fn contains_card(&self, card: CardId) -> bool {
        self.as_slice().contains(&Target::Card(card))
    }

    /// Number of targets.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no target.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A target remembered on the stack: the card and its incarnation (a card that left its zone is
/// a new object, R7.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TargetRef {
    /// The card.
    pub card: CardId,
    /// Its incarnation when targeted.
    pub inc: u16,
}

/// A target as a stack item holds it: a card as the object it was when chosen (R7.3), or a
/// square, a player or another stack item.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum HeldTarget {
    /// A card and its incarnation.
    Card(TargetRef),
    /// A square.
    Square(Square),
    /// A player.
    Player(Player),
    /// A stack item.
    Item(ItemId),
}

impl HeldTarget {
    /// The target it names, whatever became of it.
    pub fn target(self) -> Target {
        match self {
            HeldTarget::Card(r) => Target::Card(r.card),
            HeldTarget::Square(s) => Target::Square(s),
            HeldTarget::Player(p) => Target::Player(p),
            HeldTarget::Item(i) => Target::Item(i),
        }
    }
}

impl View<'_> {
    /// Whether `card` is a legal card target of `spec` for an ability of `me` controlled by `by`.
    pub fn is_legal_target(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        card: CardId,
    ) -> bool {
        self.is_legal(spec, me, by, Target::Card(card))
    }

    /// Whether `target` is a legal target of `spec` for an ability of `me` controlled by `by`
    /// (R7.4; checked again on resolution, R7.5).
    pub fn is_legal(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        target: Target,
    ) -> bool {
        let kind_ok = match (spec.kind, target) {
            (TargetKind::Card { zones, kind }, Target::Card(c)) => {
                self.card_in_zone_ok(zones, kind, c)
            }
            (TargetKind::Unit | TargetKind::Base | TargetKind::UnitOrBase, Target::Card(c)) => {
                self.card_in_square_ok(spec.kind, c)
            }
            (TargetKind::Square, Target::Square(_)) | (TargetKind::Player, Target::Player(_)) => {
                true
            }
            (TargetKind::Item(f), Target::Item(id)) => self
                .game
                .active_item(id)
                .is_some_and(|item| f.accepts(self, item)),
            _ => false,
        };
        if !kind_ok || !self.side_ok(spec.side, by, target) {
            return false;
        }
        if let Target::Card(card) = target {
            let in_square = self.game.card(card).loc.square().is_some();
            let kw = self.keywords(card);
            if in_square
                && (kw.has(Keywords::SHROUD)
                    || (kw.has(Keywords::HEXPROOF) && self.controller(card) != by))
            {
                return false;
            }
            if self.forbidden(Forbid::Target { subject: card, by }) {
                return false;
            }
            if let Some(f) = &spec.filter
                && !f(self, me.unwrap_or(card), card)
            {
                return false;
            }
        }
        spec.check.as_ref().is_none_or(|f| f(self, me, target))
    }

    fn card_in_square_ok(&self, kind: TargetKind, card: CardId) -> bool {
        let Some(cs) = self.game.cards.get(card.index()) else {
            return false;
        };
        let Some(sq) = cs.loc.square() else {
            return false;
        };
        let ck = self.db.def(cs.def).kind;
        match kind {
            TargetKind::Unit => ck == CardKind::Unit && sq.is_battle(),
            TargetKind::Base => ck == CardKind::Base && !sq.is_battle(),
            _ => ck != CardKind::Strategy,
        }
    }

    /// A card in one of `zones`; the deck and the stack are never searched (hidden, or reached
    /// through its item).
    fn card_in_zone_ok(&self, zones: ZoneSet, kind: Option<CardKind>, card: CardId) -> bool {
        let Some(cs) = self.game.cards.get(card.index()) else {
            return false;
        };
        let zone = self.game.ability_zone(card);
        !matches!(zone, Zone::Deck | Zone::Stack)
            && zones.contains(zone)
            && kind.is_none_or(|k| self.db.def(cs.def).kind == k)
    }

    /// The side of a target relative to `by`: a card's controller, a square's area (base squares by
    /// their owner; the centre area is nobody's), a player, an item's controller.
    fn side_ok(&self, side: Side, by: Player, target: Target) -> bool {
        let whose = match target {
            Target::Card(c) => Some(self.controller(c)),
            Target::Square(s) => match (s.base_owner(), s.area(by)) {
                (Some(p), _) => Some(p),
                (None, Some(Area::Own)) => Some(by),
                (None, Some(Area::Enemy)) => Some(by.opponent()),
                (None, _) => None,
            },
            Target::Player(p) => Some(p),
            Target::Item(id) => self.game.active_item(id).map(|i| i.controller),
        };
        match side {
            Side::Any => true,
            Side::Own => whose == Some(by),
            Side::Opponent => whose == Some(by.opponent()),
        }
    }

    /// Calls `f` with every candidate of `spec`'s kind, legal or not, in a fixed order: field
    /// arrival order, then each player's zones; squares in index order; players; items bottom
    /// to top.
    fn candidates(&self, spec: &TargetSpec, mut f: impl FnMut(Target)) {
        let g = self.game;
        match spec.kind {
            TargetKind::Unit | TargetKind::Base | TargetKind::UnitOrBase => {
                g.field.iter().for_each(|&c| f(Target::Card(c)))
            }
            TargetKind::Card { zones, .. } => {
                if zones.contains(Zone::Field) {
                    g.field.iter().for_each(|&c| f(Target::Card(c)));
                }
                for p in Player::BOTH {
                    let z = &g.zones[p.index()];
                    for (zone, cards) in [
                        (Zone::Hand, &z.hand),
                        (Zone::Graveyard, &z.graveyard),
                        (Zone::Energy, &z.energy),
                        (Zone::Smash, &z.smash),
                        (Zone::Remove, &z.remove),
                    ] {
                        if zones.contains(zone) {
                            cards.iter().for_each(|&c| f(Target::Card(c)));
                        }
                    }
                    if zones.contains(Zone::Plan)
                        && let Some(c) = g.plan_card(p)
                    {
                        f(Target::Card(c));
                    }
                }
            }
            TargetKind::Square => (0..Square::COUNT as u8)
                .filter_map(Square::from_index)
                .for_each(|s| f(Target::Square(s))),
            TargetKind::Player => Player::BOTH.into_iter().for_each(|p| f(Target::Player(p))),
            TargetKind::Item(_) => {
                if let Some(frame) = g.frames.last() {
                    frame.stack.iter().for_each(|i| f(Target::Item(i.id)));
                }
            }
        }
    }

    /// Whether `targets` is a legal choice for `spec` (right count, distinct, each legal).
    pub fn targets_legal(
        &self,
        spec: Option<&TargetSpec>,
        me: Option<CardId>,
        by: Player,
        targets: &Targets,
    ) -> bool {
        let Some(spec) = spec else {
            return targets.is_empty();
        };
        let t = targets.as_slice();
        if t.len() > spec.count as usize || t.len() < spec.min.min(spec.count) as usize {
            return false;
        }
        for (i, &c) in t.iter().enumerate() {
            if t[..i].contains(&c) || !self.is_legal(spec, me, by, c) {
                return false;
            }
        }
        true
    }

    /// Whether at least one legal choice of targets exists for `spec`.
    pub fn has_targets(&self, spec: &TargetSpec, me: Option<CardId>, by: Player) -> bool {
        let mut n = 0;
        self.candidates(spec, |t| {
            if self.is_legal(spec, me, by, t) {
                n += 1;
            }
        });
        n >= spec.min.min(spec.count) as usize
    }

    /// Calls `f` with every legal choice of targets for `spec` (combinations in candidate
    /// order). Choices of two or more targets are made among the first 32 legal candidates.
    pub fn for_each_targets(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        mut f: impl FnMut(Targets),
    ) {
        let mut cand = [Target::Card(CardId(0)); 32];
        let mut n = 0;
        self.candidates(spec, |t| {
            if n < cand.len() && self.is_legal(spec, me, by, t) {
                cand[n] = t;
                n += 1;
            }
        });
        for k in spec.min.min(spec.count)..=spec.count {
            match k {
                0 => f(Targets::NONE),
                // One target: every legal candidate, however many.
                1 if n == cand.len() => self.candidates(spec, |t| {
                    if self.is_legal(spec, me, by, t) {
                        f(Targets::list(&[t]));
                    }
                }),
                _ => combinations(&cand[..n], k as usize, &mut f),
            }
        }
    }
}

/// Calls `f` with every `k`-combination of `cand`, in order.
fn combinations(cand: &[Target], k: usize, f: &mut impl FnMut(Targets)) {
    let n = cand.len();
    if k == 0 || k > n || k > MAX_TARGETS {
        return;
    }
    let mut idx = [0usize; MAX_TARGETS];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    loop {
        let mut t = Targets::NONE;
        for &i in &idx[..k] {
            t.push(cand[i]);
        }
        f(t);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}
