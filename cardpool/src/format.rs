//! The card and set file formats (TOML). Unknown fields are errors.

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::ops::Range;
use toml::Spanned;

/// `set.toml`: a set's identity and the rule set it targets.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetFile {
    /// Short id, e.g. `d0-sample`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Display name.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// Version of the set data.
    #[schemars(with = "String")]
    pub version: Spanned<String>,
    /// Rule set: a bundled one (`official`, `touhou`, `touhou-instant`) or the path of a
    /// rule-set file, relative to the set folder and inside it (`docs/rules.md`).
    #[schemars(with = "String")]
    pub rules: Spanned<String>,
    /// Free-form notes, e.g. which cards are invented.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Shared Lua modules: name → script path (relative to the set folder, and inside it).
    #[serde(default)]
    #[schemars(with = "std::collections::BTreeMap<String, String>")]
    pub modules: std::collections::BTreeMap<String, Spanned<String>>,
    /// The sets this set builds on: their folders relative to this set's folder, each with an
    /// optional version requirement (`^0.1`: 0.1.x; `=0.1.0`: exactly). Their cards may be named
    /// in this set's deck lists and scenarios; a name may be defined only once across them.
    #[serde(default)]
    #[schemars(with = "Vec<RequireSchema>")]
    pub requires: Vec<Spanned<Require>>,
}

/// One entry of `requires`: `"../d0-sample"` or `{ path = "../d0-sample", version = "^0.1" }`.
#[derive(Debug)]
pub struct Require {
    /// The required set's folder, relative to the requiring set's folder.
    pub path: String,
    /// Where `path` is written, when the entry is a table (a plain string is the whole entry).
    pub path_span: Option<Range<usize>>,
    /// The version requirement (`^0.1`, `=0.1.0`), if any.
    pub version: Option<Spanned<String>>,
}

impl<'de> serde::Deserialize<'de> for Require {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Require, D::Error> {
        d.deserialize_any(RequireVisitor)
    }
}

struct RequireVisitor;

impl<'de> Visitor<'de> for RequireVisitor {
    type Value = Require;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "a set folder (`\"../d0-sample\"`) or a table `{ path = \"../d0-sample\", version = \"^0.1\" }`",
        )
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Require, E> {
        Ok(Require {
            path: v.to_owned(),
            path_span: None,
            version: None,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Require, A::Error> {
        let mut path: Option<Spanned<String>> = None;
        let mut version = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "path" if path.is_none() => path = Some(map.next_value()?),
                "version" if version.is_none() => version = Some(map.next_value()?),
                "path" | "version" => return Err(de::Error::duplicate_field("path or version")),
                other => return Err(de::Error::unknown_field(other, &["path", "version"])),
            }
        }
        let path = path.ok_or_else(|| de::Error::missing_field("path"))?;
        Ok(Require {
            path_span: Some(path.span()),
            path: path.into_inner(),
            version,
        })
    }
}

/// One `requires` entry: a set folder, or a table with the folder and a version requirement.
#[derive(JsonSchema)]
#[schemars(untagged, rename = "Require")]
#[allow(dead_code)] // a schema shape only, never built
enum RequireSchema {
    /// A set folder, relative to this set's folder, e.g. `../d0-sample`.
    Path(String),
    /// A set folder with a version requirement.
    Table(RequireTable),
}

/// `{ path = "../d0-sample", version = "^0.1" }`.
#[derive(JsonSchema)]
#[schemars(deny_unknown_fields)]
#[allow(dead_code)] // a schema shape only, never built
struct RequireTable {
    /// The set folder, relative to this set's folder.
    path: String,
    /// Which versions of it are accepted: `^1.2` (1.2.0 or later below 2.0.0; `^0.1`: 0.1.x),
    /// `=1.2.0` (exactly), or `1.2` (as `^1.2`).
    #[schemars(regex(pattern = r"^\s*[\^=]?\s*[0-9]+(\.[0-9]+){0,2}\s*$"))]
    version: Option<String>,
}

/// A card file under `cards/`: one or more `[[card]]` tables.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    /// The cards.
    #[serde(default)]
    #[schemars(with = "Vec<CardEntry>")]
    pub card: Vec<Spanned<CardEntry>>,
}

/// One card definition.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    /// Full printed name; a 〈…〉 part makes a distinct card for deck building (R18.4).
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// Collector number within the set, e.g. `049`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub number: Option<Spanned<String>>,
    /// `unit`, `base` or `strategy` (ユニット / ベース / ストラテジー); for a dimension deck (R19)
    /// `dimension`, `phenomenon` or `shuffle_card` (次元 / 現象 / シャッフルカード), and the
    /// stand-ins of R19.6: `d2_field` (a dimension) and `spell` (a phenomenon).
    #[serde(rename = "type")]
    #[schemars(with = "String", extend("enum" = ["unit", "base", "strategy", "dimension", "phenomenon", "shuffle_card", "d2_field", "spell", "ユニット", "ベース", "ストラテジー", "次元", "現象", "シャッフルカード", "D2フィールド", "呪文"]))]
    pub kind: Spanned<String>,
    /// Colours: 赤 黒 青 白 緑 (or red black blue white green); several for multicolour cards.
    /// Dimension-deck cards have none.
    #[serde(default)]
    #[schemars(
        with = "Vec<String>",
        extend("items" = { "type": "string", "enum": ["赤", "黒", "青", "白", "緑", "red", "black", "blue", "white", "green"] })
    )]
    pub colours: Vec<Spanned<String>>,
    /// Race(s), e.g. `スケルトン` or `エルフ/フォーリナー`.
    #[serde(default)]
    #[schemars(with = "String", extend("default" = ""))]
    pub race: Option<Spanned<String>>,
    /// `normal`, `quick` or `battle` (ノーマル / クイック / バトル); units, bases and strategies
    /// only (required for them).
    #[serde(default)]
    #[schemars(with = "Option<String>", extend("enum" = ["normal", "quick", "battle", "ノーマル", "クイック", "バトル"]))]
    pub timing: Option<Spanned<String>>,
    /// Use cost in the cost DSL, e.g. `青2 無3` or `U2 C3`; units, bases and strategies only
    /// (required for them).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub cost: Option<Spanned<String>>,
    /// Move cost (units), cost DSL.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub move_cost: Option<Spanned<String>>,
    /// Power (units only), 0 to 1,000,000.
    #[serde(default)]
    #[schemars(with = "i32", range(min = 0, max = 1_000_000), extend("default" = 0))]
    pub power: Option<Spanned<i64>>,
    /// Smash (units only), 0 to 99.
    #[serde(default)]
    #[schemars(with = "i32", range(min = 0, max = 99), extend("default" = 0))]
    pub smash: Option<Spanned<i64>>,
    /// The printed text, one printed line per line (a TOML multi-line string `"""…"""` or
    /// `\n`): keywords (`加速`), ability lines (`★ …`, `◆ …`, `● […]《…》 …`, `○ …`) and reminder
    /// text. Each ability line is card-text DSL (docs/dsl.md) that the game runs, unless a
    /// declaration of the card's script claims it (`line = N`, docs/lua-api.md); a line wholly
    /// inside `（…）` or `(…)` is reminder text.
    #[serde(default)]
    #[schemars(with = "String", extend("default" = ""))]
    pub text: Option<Spanned<String>>,
    /// The designer's notes and sources: not printed, no game effect.
    #[serde(default)]
    #[schemars(with = "String", extend("default" = ""))]
    pub note: Option<Spanned<String>>,
    /// The former second copy of the text: refused with a located error that says its lines
    /// belong in `text` (not in the schema).
    #[serde(default)]
    #[schemars(skip)]
    pub keywords: Option<Spanned<toml::Value>>,
    /// Lua script path, relative to the set folder (and inside it).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub script: Option<Spanned<String>>,
    /// Flavour text (no game effect).
    #[serde(default)]
    #[schemars(with = "String", extend("default" = ""))]
    pub flavour: Option<Spanned<String>>,
    /// Rarity, e.g. `R`.
    #[serde(default)]
    #[schemars(with = "String", extend("default" = ""))]
    pub rarity: Option<Spanned<String>>,
    /// Whether the card is invented (not a real printed card).
    #[serde(default)]
    pub invented: bool,
    /// Deck-building restrictions printed on the card, checked by deck validation.
    #[serde(default)]
    pub deck_rules: Option<DeckRulesEntry>,
}

/// A card's deck-building restrictions, as printed on it; they add to R2.1 / R2.2 / R18.1
/// and never loosen them.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckRulesEntry {
    /// At most this many copies of this card in a deck, 1 to 255 (the rule set's own limit
    /// still applies when smaller).
    #[serde(default)]
    #[schemars(with = "Option<u8>", range(min = 1, max = 255))]
    pub copies: Option<Spanned<i64>>,
    /// Deck-building keywords as printed, a name and a number, e.g. `禁呪2`: a deck holding
    /// this card holds at most 2 cards with 禁呪 (any number) in total.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub keywords: Vec<Spanned<String>>,
    /// A deck holding this card holds only cards of these colours (colourless cards too):
    /// 赤 黒 青 白 緑 (or red black blue white green).
    #[serde(default)]
    #[schemars(
        with = "Vec<String>",
        extend("items" = { "type": "string", "enum": ["赤", "黒", "青", "白", "緑", "red", "black", "blue", "white", "green"] })
    )]
    pub colours: Vec<Spanned<String>>,
}

/// The JSON Schema (draft-07) of card files, for editors.
pub fn card_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<CardsFile>()).unwrap_or_default()
}

/// The JSON Schema (draft-07) of `set.toml`.
pub fn set_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<SetFile>()).unwrap_or_default()
}
