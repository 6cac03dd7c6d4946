//! The whole documented API, assembled from the entries beside each registration.

use crate::convert;
use crate::docs::model::{Class, Entry, Kind};
use crate::{decl, effects, exports, globals, objects};

/// Named string types.
pub const ALIASES: &[(&str, &str, &str)] = &[
    convert::KEYWORD_ALIAS,
    convert::ZONE_NAME_ALIAS,
    convert::COLOUR_NAME_ALIAS,
    convert::TIMING_NAME_ALIAS,
    convert::PHASE_NAME_ALIAS,
    convert::CARD_KIND_ALIAS,
    convert::AREA_NAME_ALIAS,
    convert::LINE_NAME_ALIAS,
    objects::relation::RELATION_ALIAS,
    effects::args::DURATION_NAME_ALIAS,
    effects::args::DESTINATION_ALIAS,
    objects::events::EVENT_KIND_ALIAS,
    objects::provenance::CAUSE_NAME_ALIAS,
    objects::memory::MEMORY_SCOPE_ALIAS,
    objects::memory::MEMORY_VALUE_ALIAS,
    decl::replace::REPLACE_EVENT_ALIAS,
    decl::replace::INSTEAD_NAME_ALIAS,
    objects::hook_values::DAMAGE_KIND_ALIAS,
    objects::hook_values::LOSS_CAUSE_ALIAS,
    objects::cost::COST_SPEC_ALIAS,
    exports::DSL_EXPORT_ALIAS,
    exports::DSL_EXPORTS_ALIAS,
    objects::values::TARGET_ALIAS,
];

/// The classes and namespaces, in documentation order.
pub const CLASSES: &[Class] = &[
    globals::GLOBALS_CLASS,
    decl::card::CARD_DECL_CLASS,
    decl::statics::STATIC_SPEC_CLASS,
    decl::replace::REPLACE_SPEC_CLASS,
    objects::hook_values::DAMAGE_SOURCE_CLASS,
    decl::trigger::TRIGGER_SPEC_CLASS,
    decl::activated::ACTIVATED_SPEC_CLASS,
    decl::card_costs::CARD_COST_SPEC_CLASS,
    decl::play_method::PLAY_METHOD_SPEC_CLASS,
    decl::on_play::ON_PLAY_SPEC_CLASS,
    decl::grantable::GRANTABLE_SPEC_CLASS,
    objects::target_spec::TARGET_OPTIONS_CLASS,
    objects::target_spec::TARGET_CLASS,
    objects::target_spec::TARGET_SPEC_CLASS,
    objects::game::GAME_CLASS,
    objects::game::BATTLE_INFO_CLASS,
    objects::card::CARD_CLASS,
    objects::player::PLAYER_CLASS,
    objects::square::SQUARE_CLASS,
    objects::cost::COST_CLASS,
    effects::resolve::RESOLVE_CLASS,
    effects::info::EFFECT_INFO_CLASS,
    objects::stack_item::STACK_ITEM_CLASS,
    objects::card::LAST_KNOWN_CLASS,
    objects::events::FILTER_CONTEXT_CLASS,
    objects::events::EVENT_CLASS,
];

/// The entries of each file that registers part of the API.
const PARTS: &[&[Entry]] = &[
    globals::DOCS,
    decl::card::DOCS,
    decl::grantable::DOCS,
    decl::statics::DOCS,
    objects::hook_values::DOCS,
    decl::replace::DOCS,
    decl::trigger::DOCS,
    decl::activated::DOCS,
    decl::card_costs::DOCS,
    decl::play_method::DOCS,
    decl::on_play::DOCS,
    objects::target_spec::DOCS,
    objects::game::DOCS,
    objects::card::DOCS,
    objects::player::DOCS,
    objects::square::DOCS,
    objects::cost::DOCS,
    effects::resolve::DOCS,
    effects::info::DOCS,
    objects::stack_item::DOCS,
    objects::events::DOCS,
];

/// Every API item.
pub const API: &[Entry] = &concat::<{ count(PARTS) }>(PARTS);

/// The number of entries in `parts`.
const fn count(parts: &[&[Entry]]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// The entries of `parts`, one part after the other.
const fn concat<const N: usize>(parts: &[&[Entry]]) -> [Entry; N] {
    let blank = Entry {
        class: "",
        kind: Kind::Field,
        name: "",
        params: &[],
        ty: "",
        doc: "",
        example: "",
    };
    let mut out = [blank; N];
    let (mut n, mut i) = (0, 0);
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The entries of one class, in table order.
pub fn entries_of(class: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    API.iter().filter(move |e| e.class == class)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_class_doc_and_example() {
        for e in API {
            assert!(CLASSES.iter().any(|c| c.name == e.class), "{}", e.name);
            assert!(!e.doc.is_empty() && !e.example.is_empty(), "{}", e.name);
            assert!(
                !e.doc.contains('\n') && !e.example.contains('\n'),
                "{}",
                e.name
            );
        }
        for c in CLASSES {
            assert!(
                entries_of(c.name).next().is_some(),
                "{} has no entry",
                c.name
            );
        }
    }

    #[test]
    fn entries_are_unique() {
        for (i, a) in API.iter().enumerate() {
            assert!(
                !API[..i]
                    .iter()
                    .any(|b| b.class == a.class && b.name == a.name),
                "{}.{} twice",
                a.class,
                a.name
            );
        }
    }
}
