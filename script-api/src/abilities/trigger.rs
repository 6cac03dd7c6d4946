//! A Lua ◆ condition as a core trigger.

use crate::abilities::engine::Engine;
use crate::abilities::results::truthy;
use crate::context::Origin;
use crate::decl::trigger::{On, PlayerRel};
use crate::objects::events::{event_cards, event_kind, event_player, event_table};
use crate::objects::provenance::ArrivalFilter;
use crate::objects::relation::{Relation, relation_holds};
use crate::objects::values::card_value;
use dzero_core::{CardId, Event, EventKinds, Phase, Query, Trigger};
use mlua::{Function, Value};
use std::rc::Rc;

/// A Lua ◆ condition: the event kind and the built-in `card` / `player` / `phase` filters are
/// checked in Rust; `when` runs only for events that pass them.
pub(crate) struct LuaTrigger {
    /// The Lua state.
    pub engine: Rc<Engine>,
    /// Where the declaration came from.
    pub origin: Origin,
    /// The events it listens to.
    pub on: Vec<On>,
    /// Which card the event must be about.
    pub card: Option<Relation>,
    /// Which player the event must be about.
    pub player: Option<PlayerRel>,
    /// The phase a phase event must be of.
    pub phase: Option<Phase>,
    /// `(self, ev) -> bool`: the further condition.
    pub when: Option<Function>,
    /// Where a card must have come from, and how.
    pub arrival: ArrivalFilter,
}

impl LuaTrigger {
    fn kind_matches(&self, e: &Event) -> bool {
        let k = event_kind(e);
        self.on.iter().any(|on| match on {
            On::Kind(i) => {
                *i == k
                    && match (self.phase, e) {
                        (Some(p), Event::PhaseBegan { phase } | Event::PhaseEnded { phase }) => {
                            *phase == p
                        }
                        _ => true,
                    }
            }
            On::Played => matches!(
                e,
                Event::Stacked {
                    tag: dzero_core::ItemTag::Play,
                    ..
                }
            ),
        })
    }
}

impl Trigger for LuaTrigger {
    fn events(&self) -> EventKinds {
        self.on.iter().fold(EventKinds::NONE, |k, on| {
            k.with(match on {
                On::Kind(i) => u8::try_from(*i).map_or(EventKinds::NONE, EventKinds::nth),
                On::Played => EventKinds::STACKED,
            })
        })
    }

    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        if !self.kind_matches(event) || !view.exists(me) || !self.arrival.matches(view, event) {
            return false;
        }
        if let Some(rel) = self.card
            && !event_cards(event)
                .into_iter()
                .flatten()
                .any(|c| relation_holds(view, rel, me, c))
        {
            return false;
        }
        if let Some(pr) = self.player {
            let mine = view.controller(me);
            let ok = match (pr, event_player(event)) {
                (PlayerRel::Me, Some(p)) => p == mine,
                (PlayerRel::Opponent, Some(p)) => p != mine,
                (_, None) => false,
            };
            if !ok {
                return false;
            }
        }
        let Some(f) = &self.when else { return true };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let a = card_value(lua, sh, me)?;
            let e = event_table(lua, sh, event)?;
            Ok(truthy(&f.call::<Value>((a, e))?))
        });
        self.engine.neutral(r, false)
    }
}
