//! Values derived from a state and the card definitions, cached beside the state for the
//! state they were found on: the ★ sources of characteristics and hooks ([`crate::query`]), the
//! card summaries of ◆ and ★ abilities, and payment answers while legal actions are listed.
//! Not part of the state: equal, serialized and hashed as nothing.

use crate::model::cost::EnergyNeed;
use crate::model::event_kinds::EventKinds;
use crate::model::hooks::Hooks;
use crate::model::ids::{CardId, Player};
use std::cell::RefCell;
use std::sync::Arc;

/// An active ★ ability that may change characteristics: its card's timestamp, the card and the
/// ability's index in the card's definition.
pub(crate) type CharSource = (u32, CardId, u16);

/// The active ★ abilities that may change characteristics, in timestamp order (a card's own in
/// the order of its definition).
pub(crate) type CharSources = Arc<[CharSource]>;

/// Cards' own active ★ abilities implementing some hooks: (card, ability index).
pub(crate) type HookSources = Arc<[(CardId, u16)]>;

/// What the characteristic sources depend on: cards' places and timestamps (every change
/// takes a tick of the clock), the plan zones, the number of cards and the definitions.
pub(crate) type Layout = (u32, [Option<CardId>; 2], usize, u64);

/// The values derived from a state and the card definitions, kept for the state they were
/// found on.
#[derive(Default)]
pub(crate) struct Derived {
    /// The characteristic sources ([`crate::query::Query::char_sources`]) and the layout they
    /// were found for.
    pub sources: RefCell<Option<(Layout, CharSources)>>,
    /// The cards' own active ★ abilities implementing some hooks
    /// ([`crate::query::Query::statics_with`]), per hooks asked, for one layout.
    pub hook_sources: RefCell<Vec<(Hooks, Layout, HookSources)>>,
    /// The hooks any card's own ★ abilities implement (queries for others skip the cards);
    /// all until [`crate::Game::refresh_abilities`] finds them.
    pub static_hooks: Hooks,
    /// The event kinds any card's own ◆ abilities can match (other events skip the cards).
    pub trigger_kinds: EventKinds,
    /// While legal actions are listed (the state cannot change): whether `player` could pay
    /// `need` without the card, for the needs asked so far.
    pub payable: RefCell<Option<PayMemo>>,
    /// The cards listening to each kind of event ([`TriggerIndex`]), for the definitions'
    /// generation it was built for; cleared when the cards with ◆ abilities are found again.
    pub triggers: RefCell<Option<(u64, Arc<TriggerIndex>)>>,
}

/// The cards whose ◆ abilities can match each kind of event, in card order, so an event is
/// matched against its listeners only.
#[derive(Debug)]
pub(crate) struct TriggerIndex {
    /// Where each kind's cards begin in `cards`; the last entry is its length.
    starts: [u16; EventKinds::COUNT as usize + 1],
    cards: Vec<CardId>,
}

impl TriggerIndex {
    /// The index of `cards` (cards with ◆ abilities, in card order), each listening to the
    /// kinds `kinds` gives it.
    pub fn new(cards: &[CardId], kinds: impl Fn(CardId) -> EventKinds) -> TriggerIndex {
        let mut index = TriggerIndex {
            starts: [0; EventKinds::COUNT as usize + 1],
            cards: Vec::new(),
        };
        for k in 0..EventKinds::COUNT {
            let kind = EventKinds::nth(k);
            index
                .cards
                .extend(cards.iter().copied().filter(|&c| kinds(c).intersects(kind)));
            index.starts[usize::from(k) + 1] = index.cards.len() as u16;
        }
        index
    }

    /// The cards listening to the kind with index `k` ([`EventKinds::index`]).
    pub fn listeners(&self, k: u8) -> &[CardId] {
        let k = usize::from(k);
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.cards[usize::from(a)..usize::from(b)],
            _ => &[],
        }
    }
}

/// What payments found during one listing of legal actions.
#[derive(Default)]
pub(crate) struct PayMemo {
    /// (player, need, excluded card, payable).
    pub answers: smallvec::SmallVec<[PayAnswer; 16]>,
}

/// Whether a player could pay a need without a card.
pub(crate) type PayAnswer = (Player, EnergyNeed, Option<CardId>, bool);

impl Clone for Derived {
    /// The summaries and the trigger index; other caches start empty in the copy.
    fn clone(&self) -> Derived {
        Derived {
            static_hooks: self.static_hooks,
            trigger_kinds: self.trigger_kinds,
            triggers: RefCell::new(self.triggers.borrow().clone()),
            ..Derived::default()
        }
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

/// Remembers payment answers while it lives (one listing of legal actions, on an unchanging
/// state); forgets them when dropped, also on unwinding.
pub(crate) struct PayMemoScope<'a>(&'a Derived);

impl<'a> PayMemoScope<'a> {
    pub fn new(derived: &'a Derived) -> PayMemoScope<'a> {
        *derived.payable.borrow_mut() = Some(PayMemo::default());
        PayMemoScope(derived)
    }
}

impl Drop for PayMemoScope<'_> {
    fn drop(&mut self) {
        if let Ok(mut m) = self.0.payable.try_borrow_mut() {
            *m = None;
        }
    }
}
