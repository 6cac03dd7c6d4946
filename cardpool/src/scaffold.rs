//! `dzero new set` / `dzero new card`: the files a designer starts from, wired for editors (the
//! card JSON Schema via `#:schema`, and LuaLS type stubs via `.luarc.json`).

use crate::format::schema_files;
use std::path::{Path, PathBuf};

/// The editor-support folder inside a set.
const TOOLING: &str = ".dzero";

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

/// Writes (or refreshes) the schema and LuaLS stub files a set's editors read.
pub fn write_tooling(set: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = set.join(TOOLING);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut files: Vec<(PathBuf, String)> = schema_files()
        .into_iter()
        .map(|(name, text)| (dir.join(name), text))
        .collect();
    files.push((dir.join("dzero.d.lua"), dzero_script_api::docs::lua_stub()));
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

/// Creates a new set folder `dir` (named after its last component).
pub fn new_set(dir: &Path) -> Result<Vec<PathBuf>, String> {
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
    made.extend(write_tooling(dir)?);
    Ok(made)
}

/// The kind of card `new_card` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Template {
    /// A unit whose abilities are keyword DSL lines.
    DslUnit,
    /// A strategy whose effect is a Lua script.
    LuaStrategy,
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

/// Creates a card file (and its script for [`Template::LuaStrategy`]) in the set `set`.
pub fn new_card(set: &Path, name: &str, template: Template) -> Result<Vec<PathBuf>, String> {
    if !set.join("set.toml").is_file() {
        return Err(format!(
            "{} is not a set folder (no set.toml); run `dzero new set` first",
            set.display()
        ));
    }
    let stem = file_stem(name);
    let header = format!("#:schema ../{TOOLING}/card.schema.json\n");
    let mut made = Vec::new();
    match template {
        Template::DslUnit => {
            let card = format!(
                "{header}[[card]]\nname = \"{name}\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"ヒューマン\"\ntiming = \"quick\"\ncost = \"赤1 無1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\ntext = \"★ 中央エリアにある限りパワー+1000。\"\nkeywords = [\"★ パワー+1000 (中央エリア)\"]\n"
            );
            let path = set.join("cards").join(format!("{stem}.toml"));
            write_new(&path, &card)?;
            made.push(path);
        }
        Template::LuaStrategy => {
            let card = format!(
                "{header}[[card]]\nname = \"{name}\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\ntext = \"○ 対象のユニット1体に2000ダメージを与える。\"\nscript = \"scripts/{stem}.lua\"\n"
            );
            let script = format!(
                "-- {name}: ○ 対象のユニット1体に2000ダメージを与える。\ncard:on_play {{\n  target = target.unit(),\n  resolve = function(g, e)\n    g:damage(e.target, 2000)\n  end,\n}}\n"
            );
            let path = set.join("cards").join(format!("{stem}.toml"));
            write_new(&path, &card)?;
            made.push(path);
            let path = set.join("scripts").join(format!("{stem}.lua"));
            write_new(&path, &script)?;
            made.push(path);
        }
    }
    Ok(made)
}
