//! Chosen targets and their legality (R7.4, R7.5).

use crate::ability::TargetSpec;
use crate::model::board::{Area, Square};
use crate::model::card_kind::{CardKind, Keywords};
use crate::model::ids::{CardId, Player};
use crate::model::prohibition::Forbid;
use crate::model::target::{MAX_TARGETS, Target, Targets};
use crate::model::target::{Side, TargetKind};
use crate::model::zone::{Zone, ZoneSet};
use crate::query::Query;

impl Query<'_> {
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
                        (Zone::Hand, &z.hand()),
                        (Zone::Graveyard, &z.graveyard()),
                        (Zone::Energy, &z.energy()),
                        (Zone::Smash, &z.smash()),
                        (Zone::Remove, &z.remove()),
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

    /// Calls `f` with every legal target of `spec`, one at a time, in candidate order.
    pub fn each_legal_target(
        &self,
        spec: &TargetSpec,
        me: Option<CardId>,
        by: Player,
        mut f: impl FnMut(Target),
    ) {
        self.settled(|this| {
            this.candidates(spec, |t| {
                if this.is_legal(spec, me, by, t) {
                    f(t);
                }
            })
        })
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
        // Every candidate is judged on this one state: find the characteristic sources once.
        self.settled(|this| {
            let mut cand = [Target::Card(CardId(0)); 32];
            let mut n = 0;
            this.candidates(spec, |t| {
                if n < cand.len() && this.is_legal(spec, me, by, t) {
                    cand[n] = t;
                    n += 1;
                }
            });
            for k in spec.min.min(spec.count)..=spec.count {
                match k {
                    0 => f(Targets::NONE),
                    // One target: every legal candidate, however many.
                    1 if n == cand.len() => this.candidates(spec, |t| {
                        if this.is_legal(spec, me, by, t) {
                            f(Targets::list(&[t]));
                        }
                    }),
                    _ => combinations(&cand[..n], k as usize, &mut f),
                }
            }
        })
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
