//! Countering: an effect removes a stack item before it resolves (「対象のストラテジーの解決を
//! 失敗させる」, 「対象の移動を無効にする」), and the stack items targets can name.

use crate::effect::Resolve;
use crate::model::card_kind::CardKind;
use crate::model::events::Event;
use crate::model::target::ItemFilter;
use crate::model::target::{HeldTarget, ItemId, Target};
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::{Game, ItemKind, StackItem};

impl Game {
    /// The item `id` on the active frame's stack; items of a pending stack count as
    /// non-existent (R11.4).
    pub(crate) fn active_item(&self, id: ItemId) -> Option<&StackItem> {
        self.frames.last()?.stack.iter().find(|i| i.id == id)
    }

    /// A chosen target as a stack item holds it: a card with its incarnation (R7.3).
    pub(crate) fn hold(&self, t: Target) -> HeldTarget {
        match t {
            Target::Card(c) => HeldTarget::Card(self.r#ref(c)),
            Target::Square(s) => HeldTarget::Square(s),
            Target::Player(p) => HeldTarget::Player(p),
            Target::Item(i) => HeldTarget::Item(i),
        }
    }
}

impl ItemFilter {
    /// Whether `item` is of a kind this filter accepts.
    pub fn accepts(self, view: &Query<'_>, item: &StackItem) -> bool {
        let strategy = |card| view.def(card).kind == CardKind::Strategy;
        match (self, &item.kind) {
            (_, ItemKind::Damage { .. }) => false,
            (ItemFilter::Any, _) => true,
            (ItemFilter::Play, ItemKind::Play { .. }) => true,
            (ItemFilter::Strategy, ItemKind::Play { card, .. }) => strategy(*card),
            (ItemFilter::Move, ItemKind::Move { .. }) => true,
            (ItemFilter::Ability, ItemKind::Activated { .. } | ItemKind::Triggered { .. }) => true,
            _ => false,
        }
    }
}

impl Query<'_> {
    /// The item `id` on the active frame's stack (R11.4: a pending stack counts as
    /// non-existent).
    pub fn item(&self, id: ItemId) -> Option<&StackItem> {
        self.game.active_item(id)
    }
}

impl Resolve<'_> {
    /// Counters the item `id` of the active frame's stack: it is removed without resolving and
    /// does nothing. A played card on it goes to its owner's graveyard (R7.8: a strategy goes
    /// there even when it did nothing); a negated move leaves the unit where it is, its cost
    /// still paid (R7.7). The item counts as resolved to no purpose (R7.5 解決が失敗, R7.7):
    /// [`Event::Countered`] then [`Event::Resolved`] with `fizzled`. Battle damage cannot be
    /// countered (R11.12). Returns whether an item was countered.
    pub fn counter(&mut self, id: ItemId) -> bool {
        let Some(frame) = self.game.frames.last_mut() else {
            return false;
        };
        let Some(pos) = frame.stack.iter().position(|i| i.id == id) else {
            return false;
        };
        if matches!(frame.stack[pos].kind, ItemKind::Damage { .. }) {
            return false;
        }
        let item = frame.stack.remove(pos);
        let (tag, card) = item.summary();
        self.game.emit(Event::Countered {
            tag,
            card,
            by: self.source,
        });
        if let ItemKind::Play { card, .. } = item.kind
            && self.game.card(card).loc == Loc::Stack
        {
            self.game.relocate(card, Loc::Graveyard, true);
        }
        self.game.emit(Event::Resolved {
            tag,
            card,
            fizzled: true,
        });
        self.observe();
        true
    }
}
