//! `dzero new set` / `dzero new card`: the files a designer starts from, wired for editors (the
//! card JSON Schema via `#:schema`, and LuaLS type stubs via `.luarc.json`).

use crate::schema_lines::TOOLING;
use std::path::{Path, PathBuf};

fn write_new(path: &Path, text: &str) -> Result<(), String> {
    if path.exists() {
        return Err(format!(
            "{} already exists; not overwriting it",
            path.display()
        ));
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes (or refreshes) the files a set's editors read: `schemas` (`(file name, text)`, e.g.
/// every schema file the tools know) and the LuaLS stubs.
pub fn write_tooling(set: &Path, schemas: &[(&str, String)]) -> Result<Vec<PathBuf>, String> {
    let dir = set.join(TOOLING);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut files: Vec<(PathBuf, String)> = schemas
        .iter()
        .map(|(name, text)| (dir.join(name), text.clone()))
        .collect();
    files.push((dir.join("dzero.d.lua"), dzero_script_api::docs::lua_stub()));
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

/// Creates a new set folder `dir` (named after its last component), its editor files written
/// from `schemas` as [`write_tooling`] does.
pub fn new_set(dir: &Path, schemas: &[(&str, String)]) -> Result<Vec<PathBuf>, String> {
    let id = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{} is not a folder name", dir.display()))?;
    let set_toml = format!(
        "#:schema ./{TOOLING}/set.schema.json\nid = \"{id}\"\nname = \"{id}\"\nversion = \"0.1.0\"\nrules = \"official\"\nnotes = []\n"
    );
    let luarc = format!(
        "{{\n  \"runtime.version\": \"Lua 5.4\",\n  \"workspace.library\": [\"{TOOLING}\"],\n  \"diagnostics.globals\": [\"card\", \"target\", \"game\", \"use\"]\n}}\n"
    );
    let mut made = Vec::new();
    for (rel, text) in [
        ("set.toml", set_toml.as_str()),
        (".luarc.json", luarc.as_str()),
    ] {
        let path = dir.join(rel);
        write_new(&path, text)?;
        made.push(path);
    }
    for sub in ["cards", "scripts", "decks", "tests"] {
        std::fs::create_dir_all(dir.join(sub)).map_err(|e| format!("cannot create {sub}: {e}"))?;
    }
    made.extend(write_tooling(dir, schemas)?);
    Ok(made)
}

/// The card `new_card` writes: its type, and the ability kind of its Lua script (none: the
/// card's printed text is card-text DSL only).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Template {
    /// The card type.
    pub kind: dzero_core::CardKind,
    /// The ability its script declares, if it has a script.
    pub lua: Option<LuaAbility>,
}

/// The ability a scaffolded card script declares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LuaAbility {
    /// `card:trigger` (◆).
    Trigger,
    /// `card:static` (★).
    Static,
    /// `card:activated` (●).
    Activated,
    /// `card:on_play` (○, strategies).
    OnPlay,
}

impl LuaAbility {
    /// The script body declaring this ability.
    fn script(self) -> &'static str {
        match self {
            LuaAbility::Trigger => {
                "card:trigger {\n  line = 1,\n  on = \"placed\",\n  card = \"self\",\n  resolve = function(g, e)\n    g:draw(e.controller)\n  end,\n}\n"
            }
            LuaAbility::Static => {
                "card:static {\n  line = 1,\n  applies_to = \"line_units\",\n  power = 500,\n}\n"
            }
            LuaAbility::Activated => {
                "card:activated {\n  line = 1,\n  cost = \"無1\",\n  timing = \"quick\",\n  target = target.unit { side = \"opponent\" },\n  resolve = function(g, e)\n    g:damage(e.target, 1000)\n  end,\n}\n"
            }
            LuaAbility::OnPlay => {
                "card:on_play {\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e)\n    g:damage(e.target, 2000)\n  end,\n}\n"
            }
        }
    }

    /// The printed text of this ability.
    fn text(self) -> &'static str {
        match self {
            LuaAbility::Trigger => "◆ このカードがスクエアに置かれた時、カードを1枚引く。",
            LuaAbility::Static => "★ このカードと同じラインにあるユニットのパワー+500。",
            LuaAbility::Activated => {
                "● [無1]《クイック》 対象の相手のユニット1体に1000ダメージを与える。"
            }
            LuaAbility::OnPlay => "○ 対象のユニット1体に2000ダメージを与える。",
        }
    }
}

/// A file-name stem for a card name (path separators and spaces replaced).
pub fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_whitespace() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect()
}

/// Creates a card file (and its script, if the template has one) in the set `set`.
pub fn new_card(set: &Path, name: &str, template: Template) -> Result<Vec<PathBuf>, String> {
    use dzero_core::CardKind;
    if !set.join("set.toml").is_file() {
        return Err(format!(
            "{} is not a set folder (no set.toml); run `dzero new set` first",
            set.display()
        ));
    }
    let stem = file_stem(name);
    let lua = match (template.kind, template.lua) {
        (CardKind::Strategy, Some(_)) => Some(LuaAbility::OnPlay),
        (_, Some(LuaAbility::OnPlay)) => {
            return Err("only strategies have a ○ effect (card:on_play)".into());
        }
        (_, l) => l,
    };
    let mut card = format!("#:schema ../{TOOLING}/card.schema.json\n[[card]]\nname = \"{name}\"\n");
    card.push_str(match template.kind {
        CardKind::Unit => "type = \"unit\"\ncolours = [\"赤\"]\nrace = \"ヒューマン\"\ntiming = \"quick\"\ncost = \"赤1 無1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n",
        CardKind::Base => "type = \"base\"\ncolours = [\"赤\"]\ntiming = \"normal\"\ncost = \"赤1 無1\"\n",
        CardKind::Strategy => "type = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\n",
        CardKind::Dimension => "type = \"dimension\"\n",
        CardKind::Phenomenon => "type = \"phenomenon\"\n",
        CardKind::ShuffleCard => "type = \"shuffle_card\"\n",
    });
    // The printed text, one line per printed line: card-text DSL the game runs, or a line a
    // script declaration claims with `line = 1`.
    let text = match (lua, template.kind) {
        (Some(l), _) => l.text(),
        (None, CardKind::Unit) => "◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。",
        (None, CardKind::Base) => "★ このベースと同じラインにあるあなたのユニットのパワー+1000。",
        (None, CardKind::Strategy) => "○ 対象のユニット1体に3000ダメージを与える。",
        (None, _) => "★ あなたのユニットのパワー+1000。",
    };
    card.push_str(&format!("text = \"\"\"\n{text}\n\"\"\"\n"));
    if lua.is_some() {
        card.push_str(&format!("script = \"scripts/{stem}.lua\"\n"));
    }
    let mut made = Vec::new();
    let path = set.join("cards").join(format!("{stem}.toml"));
    write_new(&path, &card)?;
    made.push(path);
    if let Some(l) = lua {
        let script = format!(
            "-- {name}: line 1 of its text, {}\n{}",
            l.text(),
            l.script()
        );
        let path = set.join("scripts").join(format!("{stem}.lua"));
        write_new(&path, &script)?;
        made.push(path);
    }
    Ok(made)
}
