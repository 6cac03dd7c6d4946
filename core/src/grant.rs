//! Abilities that effects grant for a duration: 「ターン終了時まで、対象のユニットは『◆…』を得る」
//! (a card gains an ability), temporary rules and replacements held by the game
//! (「このターン、相手はストラテジーをプレイできない」) and delayed triggers (「次のあなたの
//! ターンの開始時、…」). The granted ability is a [`Grantable`] of the granting card's definition;
//! the state records only who holds it, for how long, and which ability it is, so a game with
//! grants still clones, serializes and replays as plain data.

use crate::ability::{
    Ability, Activated, Grantable, Query, Static, StaticEffect, TargetFilter, Triggered,
};
use crate::card::CardDb;
use crate::model::ability_ref::AbilityRef;
use crate::model::duration::Duration;
use crate::model::grant::{Grant, Holder};
use crate::model::hooks::Hooks;
use crate::model::ids::{CardId, DefId, Player};
use crate::state::Game;
use smallvec::SmallVec;

/// ★ 「<group>は『…』を持つ」: every card `group` accepts (`(view, me, subject)`) has the
/// [`Grantable`] named `ability` of this card's definition while the ★ applies (R17.1, A49).
pub struct GroupGrant {
    /// The name of the granted [`Grantable`].
    pub ability: String,
    /// Which cards have it.
    pub group: TargetFilter,
}

impl StaticEffect for GroupGrant {
    fn hooks(&self) -> Hooks {
        Hooks::GRANT
    }

    fn granted(&self) -> Option<&str> {
        Some(&self.ability)
    }

    fn grants_to(&self, view: &Query<'_>, me: CardId, subject: CardId) -> bool {
        (self.group)(view, me, subject)
    }
}

impl CardDb {
    /// The ability `r` names for a card of definition `own`, and `r` refreshed to where it now
    /// is: one of the card's own abilities, or for a granted one the [`Grantable`]'s ability in
    /// the granting definition. `None` when a hot reload removed or changed it (R7.3).
    pub fn ability_of(&self, own: DefId, r: AbilityRef) -> Option<(AbilityRef, &Ability)> {
        let def_id = r.def.unwrap_or(own);
        let def = self.get(def_id)?;
        let (i, a) = def.find_ability(AbilityRef { def: None, ..r })?;
        let fresh = AbilityRef {
            def: r.def,
            ..def.ability_ref(i)
        };
        match (r.def, a) {
            (Some(_), Ability::Grantable(g)) => Some((fresh, &g.ability)),
            (None, Ability::Grantable(_)) | (Some(_), _) => None,
            (None, a) => Some((fresh, a)),
        }
    }

    /// The grantable ability `name` of definition `def`, as a reference a [`Grant`] holds.
    pub fn grantable(&self, def: DefId, name: &str) -> Option<AbilityRef> {
        let d = self.get(def)?;
        d.abilities
            .iter()
            .position(|a| matches!(a, Ability::Grantable(Grantable { name: n, .. }) if n == name))
            .map(|i| AbilityRef {
                def: Some(def),
                ..d.ability_ref(i as u8)
            })
    }
}

impl Game {
    /// The card a grant's ability works as (its `self`): the holding card while it is the same
    /// object, or the granting card for a grant held by the game. `None`: the grant is over.
    pub(crate) fn grant_self(&self, g: &Grant) -> Option<CardId> {
        match g.holder {
            Holder::Card(r) => (self.card(r.card).inc == r.inc).then_some(r.card),
            Holder::Game => Some(g.source),
        }
    }

    /// The player controlling a grant's ability: the holding card's controller, or the
    /// grant's controller for a grant held by the game.
    pub(crate) fn grant_controller(&self, g: &Grant) -> Player {
        match g.holder {
            Holder::Card(r) => self.controller(r.card),
            Holder::Game => g.controller,
        }
    }

    /// Grants that are working, with the card each works as and its ability.
    pub(crate) fn grants_working<'d>(
        &self,
        db: &'d CardDb,
    ) -> impl Iterator<Item = (usize, CardId, &'d Ability)> + use<'_, 'd> {
        self.grants.iter().enumerate().filter_map(move |(i, g)| {
            let me = self.grant_self(g)?;
            let (_, a) = db.ability_of(self.card(me).def, g.ability)?;
            Some((i, me, a))
        })
    }

    /// Working granted ★ abilities with the card each works as; a ★ granted to a card works
    /// in the zones it names, one held by the game everywhere.
    pub(crate) fn granted_statics<'d>(
        &self,
        db: &'d CardDb,
    ) -> impl Iterator<Item = (CardId, &'d Static)> + use<'_, 'd> {
        self.grants
            .iter()
            .filter_map(move |g| self.granted_static(db, g))
    }

    /// The ★ a grant gives, with the card it works as, if it is working now.
    pub(crate) fn granted_static<'d>(
        &self,
        db: &'d CardDb,
        g: &Grant,
    ) -> Option<(CardId, &'d Static)> {
        let me = self.grant_self(g)?;
        match db.ability_of(self.card(me).def, g.ability)? {
            (_, Ability::Static(s))
                if matches!(g.holder, Holder::Game) || s.zones.contains(self.ability_zone(me)) =>
            {
                Some((me, s))
            }
            _ => None,
        }
    }

    /// Working granted ◆ abilities: (grant index, the card it works as, the ability).
    pub(crate) fn granted_triggers<'d>(
        &self,
        db: &'d CardDb,
    ) -> impl Iterator<Item = (usize, CardId, &'d Triggered)> + use<'_, 'd> {
        self.grants_working(db).filter_map(|(i, me, a)| match a {
            Ability::Triggered(t) => Some((i, me, t)),
            _ => None,
        })
    }

    /// The ● abilities granted to `card`: those effects granted, in grant order, then those
    /// ★ abilities give it while they apply, in the order of the ★ abilities.
    /// (reference, ability).
    pub(crate) fn granted_activated<'d>(
        &self,
        db: &'d CardDb,
        card: CardId,
    ) -> impl Iterator<Item = (AbilityRef, &'d Activated)> + use<'_, 'd> {
        self.grants
            .iter()
            .filter(move |g| matches!(g.holder, Holder::Card(r) if r.card == card))
            .filter(|g| self.grant_self(g).is_some())
            .map(|g| g.ability)
            .chain(self.static_grants(db, card))
            .filter_map(move |r| match db.ability_of(self.card(card).def, r)? {
                (r, Ability::Activated(a)) => Some((r, a)),
                _ => None,
            })
    }

    /// Whether any ★ ability of the game may give abilities to a group.
    pub(crate) fn may_grant(&self) -> bool {
        self.derived.static_hooks.contains(Hooks::GRANT) || !self.grants.is_empty()
    }

    /// The active ★ abilities giving a group an ability (R17.1, A49): (their card, the granted
    /// ability as a reference into that card's definition, the ★ effect).
    pub(crate) fn group_grants<'a>(
        &'a self,
        db: &'a CardDb,
    ) -> impl Iterator<Item = (CardId, AbilityRef, &'a dyn StaticEffect)> + use<'a> {
        let view = Query::new(self, db);
        self.may_grant()
            .then(move || view.statics_with(Hooks::GRANT))
            .into_iter()
            .flatten()
            .filter_map(move |(src, s)| {
                let name = s.effect.granted()?;
                let r = db.grantable(self.card(src).def, name)?;
                Some((src, r, s.effect.as_ref()))
            })
    }

    /// The abilities ★ abilities give `card` now, as references into their cards' definitions.
    pub(crate) fn static_grants(&self, db: &CardDb, card: CardId) -> SmallVec<[AbilityRef; 2]> {
        let view = Query::new(self, db);
        self.group_grants(db)
            .filter(|&(src, _, e)| e.grants_to(&view, src, card))
            .map(|(_, r, _)| r)
            .collect()
    }

    /// The ● ability number `index` of `card`: its definition's abilities first, then the ●
    /// abilities granted to it in grant order.
    pub(crate) fn activated_ability<'d>(
        &self,
        db: &'d CardDb,
        card: CardId,
        index: u8,
    ) -> Option<(AbilityRef, &'d Activated)> {
        let def = db.def(self.card(card).def);
        let own = def.abilities.len();
        match def.abilities.get(index as usize) {
            Some(Ability::Activated(a)) => Some((def.ability_ref(index), a)),
            Some(_) => None,
            None => self
                .granted_activated(db, card)
                .nth(usize::from(index) - own),
        }
    }

    /// Ends the durations for which `ended` holds, of temporary effects, grants and control
    /// changes alike.
    pub(crate) fn end_durations(&mut self, ended: impl Fn(&Game, Duration) -> bool) {
        let mut temps = std::mem::take(&mut self.temps);
        temps.retain(|t| !ended(self, t.until));
        self.temps = temps;
        let mut grants = std::mem::take(&mut self.grants);
        grants.retain(|g| !ended(self, g.until));
        self.grants = grants;
        self.end_controls(ended);
    }

    /// Drops grants whose holding card changed zone (R7.3).
    pub(crate) fn prune_grants(&mut self) {
        let cards = &self.cards;
        self.grants.retain(|g| match g.holder {
            Holder::Card(r) => cards[r.card.index()].inc == r.inc,
            Holder::Game => true,
        });
    }
}

impl crate::effect::Resolve<'_> {
    /// Grants the [`Grantable`] named `name` of the source card's definition for `until`: to
    /// `card` (which then has it as its own, as the object it is now), or with `None` to the
    /// game (a temporary rule or replacement, or a trigger working wherever the source is).
    /// `once` makes a ◆ a delayed trigger that ends when it has triggered once. False when the
    /// source declares no such ability or `card` is not of this game.
    pub fn grant_ability(
        &mut self,
        card: Option<CardId>,
        name: &str,
        until: Duration,
        once: bool,
    ) -> bool {
        let Some(source) = self.source else {
            return false;
        };
        let Some(ability) = self.db.grantable(self.game.card(source).def, name) else {
            return false;
        };
        let holder = match card {
            Some(c) if c.index() < self.game.cards.len() => Holder::Card(self.game.r#ref(c)),
            Some(_) => return false,
            None => Holder::Game,
        };
        let stamp = self.game.tick();
        self.game.grants.push(Grant {
            stamp,
            holder,
            source,
            ability,
            controller: self.controller,
            until,
            once,
        });
        true
    }
}

impl Game {
    /// The numbers of `card`'s ● abilities for [`crate::Action::Activate`]: its definition's,
    /// then those granted to it, in grant order.
    pub fn activated_abilities(&self, db: &CardDb, card: CardId) -> Vec<u8> {
        if card.index() >= self.cards.len() {
            return Vec::new();
        }
        self.activated_numbered(db, card).map(|(i, _)| i).collect()
    }

    /// `card`'s ● abilities with their numbers (see [`Game::activated_abilities`]).
    pub(crate) fn activated_numbered<'d>(
        &self,
        db: &'d CardDb,
        card: CardId,
    ) -> impl Iterator<Item = (u8, &'d Activated)> + use<'_, 'd> {
        let def = db.def(self.card(card).def);
        let own = def
            .abilities
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Ability::Activated(act) => Some((i as u8, act)),
                _ => None,
            });
        let n = def.abilities.len();
        let granted = self
            .granted_activated(db, card)
            .enumerate()
            .map(move |(k, (_, act))| ((n + k) as u8, act));
        own.chain(granted)
    }
}
