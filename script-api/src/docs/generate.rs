//! The generated documents: the Markdown reference and the LuaLS type stub.

use crate::docs::api::{ALIASES, CLASSES, entries_of};
use crate::docs::model::{Entry, Kind};

fn lua_param(name: &str) -> &str {
    name.trim_end_matches('?')
}

fn signature(e: &Entry) -> String {
    let params = e
        .params
        .iter()
        .map(|(n, t)| format!("{n}: {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let ret = if e.ty.is_empty() {
        String::new()
    } else {
        format!(" → {}", e.ty)
    };
    let owner = match e.class {
        "_G" => String::new(),
        "CardDecl" => "card".into(),
        "Resolve" => "g".into(),
        "EffectInfo" => "e".into(),
        "Event" => "ev".into(),
        c if c.chars().next().is_some_and(char::is_uppercase) => c.to_lowercase(),
        c => c.to_owned(),
    };
    let sep = match (e.kind, owner.is_empty()) {
        (_, true) => "",
        (Kind::Method, false) => ":",
        _ => ".",
    };
    match e.kind {
        Kind::Field => format!("{owner}{sep}{}: {}", e.name, e.ty),
        _ => format!("{owner}{sep}{}({params}){ret}", e.name),
    }
}

/// The API reference in Markdown (`docs/lua-api.md`).
pub fn markdown() -> String {
    let mut out = String::from(
        "# dzero Lua card API\n\n\
         <!-- Generated from dzero-script-api's docs::API table; do not edit by hand. -->\n\n\
         A card's behaviour is a small Lua 5.4 file. The host (`ScriptHost::load_card`) runs it \
         once, at load time, in a sandbox; the file declares the card's abilities on `card`, and \
         the engine calls the declared functions during play. Editors get completion and type \
         checks from `docs/dzero.d.lua` (LuaLS: add `docs` to `workspace.library`).\n\n\
         ```lua\n\
         -- 小さなカマキリ: ★ +1000 power in the centre area, +2000 in the enemy area\n\
         card:static { power = function(self) return ({centre = 1000, enemy = 2000})[self.area] or 0 end }\n\
         -- プラズマ・ライフル: ○ 3000 damage to a unit\n\
         card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }\n\
         ```\n\n\
         ## Printed lines: `line = N`\n\n\
         A card's `text` is its printed text, one printed line per line. Every declaration \
         (`card:static`, `card:replace`, `card:trigger`, `card:activated`, `card:play_method`, \
         `card:play_cost`, `card:play_costs`, `card:on_play`, `card:grantable`) says which \
         printed ability line it implements with `line = N`: N counts the non-empty lines of \
         `text` from 1, lines wholly in parentheses (reminder text) included. A claimed line is \
         implemented by Lua and not compiled from the card-text DSL; several declarations may \
         claim one line. Loading a set fails for a declaration without `line` or with a line \
         that is not an ability line of the text, and for a printed line that neither the DSL \
         understands nor a declaration claims. `card:play_cost` takes the function alone or \
         `{ line = N, change = function(self, cost, method) ... end }`.\n\n\
         ## Rules for scripts\n\n\
         - **Deterministic.** A choice (`g:choose…`, `g:yes_no`, `g:search`) suspends the effect; \
         the engine asks the player and then runs the effect again from the start with the \
         answers. Effects must give the same questions for the same game, so keep no state in \
         upvalues and draw random numbers only with `g:random` (`math.random` is not available).\n\
         - **Durations belong to the engine.** `g:boost(c, 1000)` lasts until end of turn; pass \
         `\"end_of_battle\"`, `\"end_of_your_next_turn\"`, `\"while_source_in_play\"`, \
         `\"indefinite\"` or a card for other durations.\n\
         - **Errors are reported, not fatal.** A failing effect does nothing and is reported with \
         card, file and line; a failing ★ hook or trigger condition counts as \"no change\" / \
         \"does not trigger\" and is logged (`ScriptHost::errors`). Each call has an instruction \
         budget and the Lua state a memory cap.\n\
         - **No shared globals.** Globals a script defines at load time are its own; assigning \
         globals while the game runs is an error; shared tables (`string`, `game`, modules) are \
         read-only.\n\
         - **Nothing outlives a call.** Once a script has loaded, the tables it made (its globals, \
         what its functions capture, what it returns) are read-only, and a function may not \
         assign a variable declared outside it that outlives the load: that is an error at load \
         time, with the line. Coroutines and iterators work only in the call that made them.\n\
         - **Every call is bounded.** Loops, patterns, `string.rep`/`format`, `table.sort` and \
         the like all count against the instruction budget, `pcall` cannot catch a spent budget, \
         and an ability that used up its budget no longer runs until its script is reloaded. \
         A C library function whose work grows with an argument (`string.rep` even of an empty \
         string, `table.concat` over an explicit range, `string.char`/`utf8.char` per argument) \
         is charged before it runs. `setmetatable` installs a sealed copy of the metatable, read \
         when it is called, and refuses `__gc` and `__close` (their handlers would run outside \
         the budget); `getmetatable` still returns the table given. Strings handed to engine \
         functions (options, prompts, names, keys) are charged to the card's memory cap before \
         they are copied: the copies made in one call and the Lua state together stay within it. \
         `print` keeps at most 1000 lines / 64 KiB per run, \
         tagged with the card (`dzero watch` shows them); error messages are cut to 2 KiB.\n\
         - **Repeatable in every process.** `pairs`/`next` never follow memory addresses: plain \
         keys come in Lua's order, then cards, players and squares by id; other table or \
         function keys are refused. `tostring` shows no address and `string.format`'s `%p` is \
         not available.\n\
         - **Memory belongs to the engine.** What a card must remember (\"once per turn\", \
         \"the card chosen when this entered\", a count) goes in `g:remember` / \
         `g:remember_game` and is read back with `card:recall` / `game.recall`: it is saved, \
         replayed and rolled back with the game, and forgotten when the card changes zones or \
         the turn ends, as its scope says. A ● condition receives how many times the ability \
         was used this turn.\n\n",
    );
    out.push_str("## Names\n\n| type | values | meaning |\n|---|---|---|\n");
    for (name, values, doc) in ALIASES {
        out.push_str(&format!(
            "| `{name}` | {} | {doc} |\n",
            values.replace('|', " \\| ")
        ));
    }
    for class in CLASSES {
        out.push_str(&format!(
            "\n## {} — {}\n\n{}\n\n",
            class.name, class.reached, class.doc
        ));
        for e in entries_of(class.name) {
            out.push_str(&format!(
                "- `{}` — {}<br>e.g. `{}`\n",
                signature(e),
                e.doc,
                e.example
            ));
        }
    }
    out
}

/// The LuaLS type stub (`docs/dzero.d.lua`).
pub fn lua_stub() -> String {
    let mut out = String::from(
        "---@meta dzero\n\
         -- dzero card-script API: type definitions for the Lua language server (LuaLS).\n\
         -- Generated from dzero-script-api's docs::API table; do not edit by hand.\n\n",
    );
    for (name, values, doc) in ALIASES {
        out.push_str(&format!("---{doc}\n---@alias {name} {values}\n\n"));
    }
    for class in CLASSES {
        let table_name = match class.name {
            "_G" => continue,
            "target" | "game" => format!("{}_api", class.name),
            n => n.to_owned(),
        };
        out.push_str(&format!("---{}\n---@class {table_name}\n", class.doc));
        for e in entries_of(class.name).filter(|e| e.kind == Kind::Field) {
            let (name, ty) = match e.ty.strip_suffix('?') {
                Some(t) => (format!("{}?", e.name), t),
                None => (e.name.to_owned(), e.ty),
            };
            out.push_str(&format!(
                "---@field {name} {ty} {} Example: `{}`\n",
                e.doc, e.example
            ));
        }
        let var = class.name.to_owned();
        if matches!(class.name, "target" | "game") {
            out.push_str(&format!("{var} = {{}}\n\n"));
        } else {
            out.push_str(&format!("local {var} = {{}}\n\n"));
        }
        for e in entries_of(class.name).filter(|e| e.kind != Kind::Field) {
            out.push_str(&function_stub(e, &var));
        }
    }
    for e in entries_of("_G") {
        match e.kind {
            Kind::Field => {
                let ty = if e.ty == "target" || e.ty == "game" {
                    format!("{}_api", e.ty)
                } else {
                    e.ty.to_owned()
                };
                if e.name == "target" || e.name == "game" {
                    continue;
                }
                out.push_str(&format!(
                    "---{}\n---@type {ty}\n{} = nil\n\n",
                    e.doc, e.name
                ));
            }
            _ => out.push_str(&function_stub(e, "")),
        }
    }
    out
}

fn function_stub(e: &Entry, var: &str) -> String {
    let mut s = format!("---{}\n---\n---Example: `{}`\n", e.doc, e.example);
    for (n, t) in e.params {
        if *n == "..." {
            s.push_str(&format!("---@param ... {t}\n"));
        } else {
            s.push_str(&format!("---@param {n} {t}\n"));
        }
    }
    for ret in e.ty.split(", ").filter(|t| !t.is_empty()) {
        s.push_str(&format!("---@return {ret}\n"));
    }
    let params = e
        .params
        .iter()
        .map(|(n, _)| lua_param(n))
        .collect::<Vec<_>>()
        .join(", ");
    let sep = if e.kind == Kind::Method { ":" } else { "." };
    if var.is_empty() {
        s.push_str(&format!("function {}({params}) end\n\n", e.name));
    } else {
        s.push_str(&format!("function {var}{sep}{}({params}) end\n\n", e.name));
    }
    s
}
