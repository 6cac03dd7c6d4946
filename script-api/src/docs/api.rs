//! The whole documented API, assembled from the entries beside each registration.

use crate::docs::model::{Class, Entry, Kind};

/// Named string types.
pub const ALIASES: &[(&str, &str, &str)] = &[
    crate::convert::KEYWORD_ALIAS,
    crate::convert::ZONE_NAME_ALIAS,
    crate::convert::COLOUR_NAME_ALIAS,
    crate::convert::TIMING_NAME_ALIAS,
    crate::convert::PHASE_NAME_ALIAS,
    crate::convert::CARD_KIND_ALIAS,
    crate::convert::AREA_NAME_ALIAS,
    crate::convert::LINE_NAME_ALIAS,
    crate::objects::relation::RELATION_ALIAS,
    crate::effects::args::DURATION_NAME_ALIAS,
    crate::effects::args::DESTINATION_ALIAS,
    crate::objects::events::EVENT_KIND_ALIAS,
    crate::objects::provenance::CAUSE_NAME_ALIAS,
    crate::objects::memory::MEMORY_SCOPE_ALIAS,
    crate::objects::memory::MEMORY_VALUE_ALIAS,
    crate::decl::replace::REPLACE_EVENT_ALIAS,
    crate::decl::replace::INSTEAD_NAME_ALIAS,
    crate::objects::hook_values::DAMAGE_KIND_ALIAS,
    crate::objects::hook_values::LOSS_CAUSE_ALIAS,
    crate::objects::cost::COST_SPEC_ALIAS,
    crate::exports::DSL_EXPORT_ALIAS,
    crate::exports::DSL_EXPORTS_ALIAS,
    crate::objects::values::TARGET_ALIAS,
];

/// The classes and namespaces, in documentation order.
pub const CLASSES: &[Class] = &[
    crate::globals::GLOBALS_CLASS,
    crate::decl::card_decl::CARD_DECL_CLASS,
    crate::decl::statics::STATIC_SPEC_CLASS,
    crate::decl::replace::REPLACE_SPEC_CLASS,
    crate::objects::hook_values::DAMAGE_SOURCE_CLASS,
    crate::decl::trigger::TRIGGER_SPEC_CLASS,
    crate::decl::activated::ACTIVATED_SPEC_CLASS,
    crate::decl::card_costs::CARD_COST_SPEC_CLASS,
    crate::decl::play_method::PLAY_METHOD_SPEC_CLASS,
    crate::decl::on_play::ON_PLAY_SPEC_CLASS,
    crate::decl::grantable::GRANTABLE_SPEC_CLASS,
    crate::objects::target_spec::TARGET_OPTIONS_CLASS,
    crate::objects::target_spec::TARGET_CLASS,
    crate::objects::target_spec::TARGET_SPEC_CLASS,
    crate::objects::game::GAME_CLASS,
    crate::objects::game::BATTLE_INFO_CLASS,
    crate::objects::card::CARD_CLASS,
    crate::objects::player::PLAYER_CLASS,
    crate::objects::square::SQUARE_CLASS,
    crate::objects::cost::COST_CLASS,
    crate::effects::resolve::RESOLVE_CLASS,
    crate::effects::info::EFFECT_INFO_CLASS,
    crate::objects::stack_item::STACK_ITEM_CLASS,
    crate::objects::card::LAST_KNOWN_CLASS,
    crate::objects::events::FILTER_CONTEXT_CLASS,
    crate::objects::events::EVENT_CLASS,
];

/// The entries of each file that registers part of the API.
const PARTS: &[&[Entry]] = &[
    crate::globals::DOCS,
    crate::decl::card_decl::DOCS,
    crate::decl::grantable::DOCS,
    crate::decl::statics::DOCS,
    crate::objects::hook_values::DOCS,
    crate::decl::replace::DOCS,
    crate::decl::trigger::DOCS,
    crate::decl::activated::DOCS,
    crate::decl::card_costs::DOCS,
    crate::decl::play_method::DOCS,
    crate::decl::on_play::DOCS,
    crate::objects::target_spec::DOCS,
    crate::objects::game::DOCS,
    crate::objects::card::DOCS,
    crate::objects::identity::DOCS,
    crate::objects::entered::DOCS,
    crate::objects::player::DOCS,
    crate::objects::square::DOCS,
    crate::objects::cost::DOCS,
    crate::effects::resolve::DOCS,
    crate::effects::show::DOCS,
    crate::effects::info::DOCS,
    crate::objects::stack_item::DOCS,
    crate::objects::events::DOCS,
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
