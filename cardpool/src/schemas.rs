//! The JSON Schema files editors read for a set's own files: card files, `set.toml` and
//! rule-set files (`#:schema` lines point at them).

use crate::format::{card_schema, set_schema};
use crate::rule_sets::rules_schema;

/// A schema as the text of its file: pretty JSON ending with a newline.
pub fn schema_text(schema: &serde_json::Value) -> String {
    serde_json::to_string_pretty(schema).unwrap_or_default() + "\n"
}

/// The schema files of card files, `set.toml` and rule-set files, for editors:
/// `(file name, pretty JSON)`. Scenario files have theirs where they are read.
pub fn schema_files() -> [(&'static str, String); 3] {
    [
        ("card.schema.json", schema_text(&card_schema())),
        ("set.schema.json", schema_text(&set_schema())),
        ("rules.schema.json", schema_text(&rules_schema())),
    ]
}
