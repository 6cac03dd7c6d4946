//! Abilities of the dimension deck's cards (R19): they work from the command zone, and a
//! phenomenon's printed effect (○, like a strategy's) is a ◆ that triggers when it is turned
//! face up during play (R19.15, R19.20; never during setup, R19.9, A37).

use super::ability::compile_effect;
use super::trigger::TextTrigger;
use crate::ast::{SpellLine, When};
use crate::error::DslError;
use dzero_core::{Ability, AbilityKey, Grantable, Triggered, ZoneSet};

/// `a`, working from the command zone instead of the field.
pub(crate) fn in_command_zone(a: Ability) -> Ability {
    match a {
        Ability::Triggered(mut t) => {
            t.zones = ZoneSet::COMMAND;
            Ability::Triggered(t)
        }
        Ability::Static(mut s) => {
            s.zones = ZoneSet::COMMAND;
            Ability::Static(s)
        }
        Ability::Activated(mut act) => {
            act.zones = ZoneSet::COMMAND;
            Ability::Activated(act)
        }
        other => other,
    }
}

/// A phenomenon's (or shuffle card's) ○ effect: the ◆ 「この現象が表向きになったとき、…」.
pub(crate) fn phenomenon(s: &SpellLine, grants: &mut Vec<Grantable>) -> Result<Ability, DslError> {
    let c = compile_effect(&s.body)?;
    grants.extend(c.grants);
    Ok(Ability::Triggered(Triggered {
        key: AbilityKey::NONE,
        zones: ZoneSet::COMMAND,
        when: Box::new(TextTrigger::new(&When::TurnedFaceUp)?),
        target: c.target,
        effect: c.effect,
    }))
}
