//! Card definitions and the card database a game is played with.

use crate::ability::{Ability, Spell};
pub use crate::ability::{CardDb, CardDef};
use crate::model::ability_ref::AbilityKey;
use crate::model::ability_ref::AbilityRef;
use crate::model::card_kind::{CardKind, Keywords, Timing};
use crate::model::cost::Cost;
use crate::model::event_kinds::EventKinds;
use crate::model::hooks::Hooks;
use crate::model::ids::{Colour, Colours, DefId};
use std::rc::Rc;

impl CardDef {
    /// A card of `kind` with printed defaults: quick timing, free, no move cost, power and
    /// smash 0, no abilities; a strategy starts without an effect.
    pub fn new(name: &str, kind: CardKind) -> CardDef {
        CardDef {
            name: name.to_owned(),
            kind,
            colours: Colours::NONE,
            race: String::new(),
            timing: Timing::Quick,
            cost: Cost::FREE,
            move_cost: None,
            power: 0,
            smash: 0,
            keywords: Keywords::NONE,
            text: String::new(),
            spell: None,
            abilities: Vec::new(),
            deck_rules: Default::default(),
        }
    }

    /// A unit with `power` and `smash`, quick timing, move cost 0, free to play.
    pub fn unit(name: &str, power: i32, smash: i32) -> CardDef {
        CardDef {
            power,
            smash,
            move_cost: Some(Cost::FREE),
            ..CardDef::new(name, CardKind::Unit)
        }
    }

    /// A base, quick timing, free to play.
    pub fn base(name: &str) -> CardDef {
        CardDef::new(name, CardKind::Base)
    }

    /// A strategy with its ○ effect, quick timing, free to play.
    pub fn strategy(name: &str, spell: Spell) -> CardDef {
        CardDef {
            spell: Some(spell),
            ..CardDef::new(name, CardKind::Strategy)
        }
    }

    /// Sets the colour(s).
    pub fn colour(mut self, c: Colour) -> CardDef {
        self.colours = self.colours.with(c);
        self
    }

    /// Sets the timing.
    pub fn timing(mut self, t: Timing) -> CardDef {
        self.timing = t;
        self
    }

    /// Sets the use cost.
    pub fn cost(mut self, c: Cost) -> CardDef {
        self.cost = c;
        self
    }

    /// Sets the move cost.
    pub fn move_cost(mut self, c: Cost) -> CardDef {
        self.move_cost = Some(c);
        self
    }

    /// Adds keywords.
    pub fn keywords(mut self, k: Keywords) -> CardDef {
        self.keywords = self.keywords.with(k);
        self
    }

    /// Sets the race.
    pub fn race(mut self, r: &str) -> CardDef {
        self.race = r.to_owned();
        self
    }

    /// Sets the rules text.
    pub fn text(mut self, t: &str) -> CardDef {
        self.text = t.to_owned();
        self
    }

    /// Adds an ability.
    pub fn ability(mut self, a: impl Into<Ability>) -> CardDef {
        self.abilities.push(a.into());
        self
    }

    /// A lasting reference to ability `index`, for an item created from it (R7.3).
    pub fn ability_ref(&self, index: u8) -> AbilityRef {
        let key = self
            .abilities
            .get(index as usize)
            .map_or(AbilityKey::NONE, Ability::key);
        let nth = self.abilities[..(index as usize).min(self.abilities.len())]
            .iter()
            .filter(|a| a.key() == key)
            .count();
        AbilityRef {
            index,
            key,
            nth: nth as u8,
            def: None,
        }
    }

    /// The ability `r` was made from, in this possibly reloaded definition: the same key
    /// (its `nth` occurrence, for abilities declared alike) wherever it now is; by position for
    /// abilities without a key. `None` when a reload removed or changed it.
    pub fn find_ability(&self, r: AbilityRef) -> Option<(u8, &Ability)> {
        if r.key == AbilityKey::NONE {
            return self
                .abilities
                .get(r.index as usize)
                .filter(|a| a.key() == AbilityKey::NONE)
                .map(|a| (r.index, a));
        }
        if self.abilities.get(r.index as usize).map(Ability::key) == Some(r.key)
            && self.ability_ref(r.index) == r
        {
            return Some((r.index, &self.abilities[r.index as usize]));
        }
        self.abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| a.key() == r.key)
            .nth(r.nth as usize)
            .map(|(i, a)| (i as u8, a))
    }

    /// The name in play: the name without its 〈…〉 part (R18.4).
    pub fn play_name(&self) -> &str {
        play_name(&self.name)
    }
}

/// The name a card plays under: `name` without a 〈…〉 part (R18.4).
pub fn play_name(name: &str) -> &str {
    match name.find('〈') {
        Some(i) => name[..i].trim_end(),
        None => name,
    }
}

/// A generation no database has had yet.
fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The event kinds `def`'s ◆ abilities can match.
fn trigger_events(def: &CardDef) -> EventKinds {
    def.abilities
        .iter()
        .filter_map(|a| match a {
            crate::ability::Ability::Triggered(t) => Some(t.when.events()),
            _ => None,
        })
        .fold(EventKinds::NONE, EventKinds::with)
}

/// The hooks `def`'s ★ abilities implement.
fn static_hooks(def: &CardDef) -> Hooks {
    def.abilities
        .iter()
        .filter_map(|a| match a {
            crate::ability::Ability::Static(s) => Some(s.effect.hooks()),
            _ => None,
        })
        .fold(Hooks::NONE, Hooks::with)
}

impl CardDb {
    /// An empty database.
    pub fn new() -> CardDb {
        CardDb::default()
    }

    /// Adds a definition and returns its id.
    pub fn add(&mut self, def: CardDef) -> DefId {
        self.hooks.push(static_hooks(&def));
        self.events.push(trigger_events(&def));
        self.generation = next_generation();
        self.defs.push(Rc::new(def));
        DefId((self.defs.len() - 1) as u32)
    }

    /// Appends every definition of `other`, in order, sharing them rather than copying (a game
    /// played with the cards of several sets).
    pub fn extend(&mut self, other: &CardDb) {
        self.defs.extend(other.defs.iter().cloned());
        self.hooks.extend_from_slice(&other.hooks);
        self.events.extend_from_slice(&other.events);
        self.generation = next_generation();
    }

    /// Adds the definition `id` of `other`, shared rather than copied (a set built on another
    /// takes the other's cards); `None` if `other` has no such definition.
    pub fn share(&mut self, other: &CardDb, id: DefId) -> Option<DefId> {
        let def = Rc::clone(other.defs.get(id.index())?);
        self.hooks.push(other.hooks[id.index()]);
        self.events.push(other.events[id.index()]);
        self.generation = next_generation();
        self.defs.push(def);
        Some(DefId((self.defs.len() - 1) as u32))
    }

    /// Replaces a definition (hot reload): effects created from now on use the new behaviour.
    pub fn replace(&mut self, id: DefId, def: CardDef) -> Option<Rc<CardDef>> {
        let (hooks, events) = (static_hooks(&def), trigger_events(&def));
        let old = self
            .defs
            .get_mut(id.index())
            .map(|slot| std::mem::replace(slot, Rc::new(def)))?;
        self.hooks[id.index()] = hooks;
        self.events[id.index()] = events;
        self.generation = next_generation();
        Some(old)
    }

    /// Makes `id` share the definition `other_id` of `other` (the same cards with another
    /// source of behaviour for some); false if either id is unknown.
    pub fn share_at(&mut self, id: DefId, other: &CardDb, other_id: DefId) -> bool {
        match (
            self.defs.get_mut(id.index()),
            other.defs.get(other_id.index()),
        ) {
            (Some(slot), Some(def)) => {
                *slot = Rc::clone(def);
                self.hooks[id.index()] = other.hooks[other_id.index()];
                self.events[id.index()] = other.events[other_id.index()];
                self.generation = next_generation();
                true
            }
            _ => false,
        }
    }

    /// The definition with this id.
    pub fn get(&self, id: DefId) -> Option<&CardDef> {
        self.defs.get(id.index()).map(|d| &**d)
    }

    /// The definition with this id; panics on an id the database did not issue (an engine bug).
    pub(crate) fn def(&self, id: DefId) -> &CardDef {
        &self.defs[id.index()]
    }

    /// The hooks the ★ abilities of definition `id` implement.
    pub(crate) fn hooks(&self, id: DefId) -> Hooks {
        self.hooks.get(id.index()).copied().unwrap_or(Hooks::NONE)
    }

    /// Which definitions these are: equal for copies, different after any change.
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The event kinds the ◆ abilities of definition `id` can match.
    pub(crate) fn trigger_events(&self, id: DefId) -> EventKinds {
        self.events
            .get(id.index())
            .copied()
            .unwrap_or(EventKinds::NONE)
    }

    /// The first definition with this full printed name.
    pub fn find(&self, name: &str) -> Option<DefId> {
        self.defs
            .iter()
            .position(|d| d.name == name)
            .map(|i| DefId(i as u32))
    }

    /// Number of definitions.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the database is empty.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// All definitions with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (DefId(i as u32), &**d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R18.4: 〈…〉 names play under the plain name.
    #[test]
    fn play_name_strips_bracket_part() {
        assert_eq!(play_name("チルノ〈氷の小さな妖精〉"), "チルノ");
        assert_eq!(play_name("チルノ"), "チルノ");
    }
}
