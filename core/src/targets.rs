//! Chosen targets and their legality (R7.4, R7.5).

use crate::ability::{Forbid, Side, TargetKind, TargetSpec};
use crate::card::{CardKind, Keywords};
use crate::ids::{CardId, Player};
use crate::view::View;
use serde::{Deserialize, Serialize};

/// Most targets an ability may have.
pub const MAX_TARGETS: usize = 4;

/// A list of up to [`MAX_TARGETS`] distinct cards; `Copy`, so actions need no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct Targets {
    len: u8,
    ids: [CardId; MAX_TARGETS],
}

impl Targets {
    /// No target.
    pub const NONE: Targets = Targets {
        len: 0,
        ids: [CardId(0); MAX_TARGETS],
    };

    /// The list `cards` (extra cards beyond [`MAX_TARGETS`] are ignored).
    pub fn of(cards: &[CardId]) -> Targets {
        let mut t = Targets::NONE;
        for &c in cards.iter().take(MAX_TARGETS) {
            t.push(c);
        }
        t
    }

    /// One target.
    pub fn one(card: CardId) -> Targets {
        Targets::of(&[card])
    }

    pub(crate) fn push(&mut self, c: CardId) {
        if (self.len as usize) < MAX_TARGETS {
            self.ids[self.len as usize] = c;
            self.len += 1;
        }
    }

    /// The targets as a slice.
    pub fn as_slice(&self) -> &[CardId] {
        &self.ids[..self.len as usize]
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

impl View<'_> {
    /// Whether `card` is a legal target of `spec` for an ability of `me` controlled by `by`.
    pub fn is_legal_target(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        card: CardId,
    ) -> bool {
        let Some(cs) = self.game.cards.get(card.index()) else {
            return false;
        };
        let Some(sq) = cs.loc.square() else {
            return false;
        };
        let kind = self.db.def(cs.def).kind;
        let kind_ok = match spec.kind {
            TargetKind::Unit => kind == CardKind::Unit && sq.is_battle(),
            TargetKind::Base => kind == CardKind::Base && !sq.is_battle(),
            TargetKind::UnitOrBase => kind != CardKind::Strategy,
        };
        let side_ok = match spec.side {
            Side::Any => true,
            Side::Own => self.controller(card) == by,
            Side::Opponent => self.controller(card) != by,
        };
        if !kind_ok || !side_ok {
            return false;
        }
        let kw = self.keywords(card);
        if kw.has(Keywords::SHROUD) || (kw.has(Keywords::HEXPROOF) && self.controller(card) != by) {
            return false;
        }
        if self.forbidden(Forbid::Target { subject: card, by }) {
            return false;
        }
        match (&spec.filter, me) {
            (Some(f), Some(me)) => f(self, me, card),
            (Some(f), None) => f(self, card, card),
            (None, _) => true,
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
            if t[..i].contains(&c) || !self.is_legal_target(spec, me, by, c) {
                return false;
            }
        }
        true
    }

    /// Whether at least one legal choice of targets exists for `spec`.
    pub fn has_targets(&self, spec: &TargetSpec, me: Option<CardId>, by: Player) -> bool {
        self.game
            .field
            .iter()
            .filter(|&&c| self.is_legal_target(spec, me, by, c))
            .count()
            >= spec.min.min(spec.count) as usize
    }

    /// Calls `f` with every legal choice of targets for `spec` (combinations in field order).
    pub fn for_each_targets(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        mut f: impl FnMut(Targets),
    ) {
        let mut cand = [CardId(0); 32];
        let mut n = 0;
        for &c in &self.game.field {
            if n < cand.len() && self.is_legal_target(spec, me, by, c) {
                cand[n] = c;
                n += 1;
            }
        }
        for k in spec.min.min(spec.count)..=spec.count {
            if k == 0 {
                f(Targets::NONE);
            } else {
                combinations(&cand[..n], k as usize, &mut f);
            }
        }
    }
}

/// Calls `f` with every `k`-combination of `cand`, in order.
fn combinations(cand: &[CardId], k: usize, f: &mut impl FnMut(Targets)) {
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
