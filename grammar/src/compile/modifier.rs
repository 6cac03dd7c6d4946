//! A ★ modifier (★ パワー+1000 (中央エリア)) compiled: a continuous effect changing the card's
//! own power or smash while it is in the named area or line.

use crate::ast::{Modifier, Place, Stat};
use dzero_core::{CardId, Characteristics, Hooks, Query, StaticEffect};

/// ★ パワー±N / スマッシュ±N on the card itself, when its square (seen from its controller) is in
/// the named area or line; always, without a condition.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ModifierEffect {
    stat: Stat,
    delta: i32,
    place: Option<Place>,
}

impl ModifierEffect {
    /// The effect of the modifier `m`.
    pub(crate) fn new(m: &Modifier) -> ModifierEffect {
        ModifierEffect {
            stat: m.stat,
            delta: m.delta,
            place: m.condition.map(|c| c.place),
        }
    }

    /// Whether the card `me` is where the modifier applies.
    fn applies(&self, view: &Query<'_>, me: CardId) -> bool {
        let Some(place) = self.place else {
            return true;
        };
        let Some(square) = view.square(me) else {
            return false;
        };
        let controller = view.controller(me);
        match place {
            Place::Area(a) => square.area(controller) == Some(a),
            // R1.12: a base square lies in the line of its column.
            Place::Line(l) => square.line(controller) == l,
        }
    }
}

impl StaticEffect for ModifierEffect {
    fn hooks(&self) -> Hooks {
        Hooks::CHARACTERISTICS
    }

    fn characteristics(
        &self,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        if subject != me || !self.applies(view, me) {
            return;
        }
        match self.stat {
            Stat::Power => ch.power = ch.power.saturating_add(self.delta),
            Stat::Smash => ch.smash = ch.smash.saturating_add(self.delta),
        }
    }
}
