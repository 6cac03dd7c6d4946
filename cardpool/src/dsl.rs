//! Cost fields and printed text lines of card files, through the `grammar` crate, with errors
//! located in the TOML file.

use crate::diag::{FileText, Problem};
use crate::printed_lines::PrintedLine;
use dzero_core::{
    Ability, CardDef, CardKind, Cost, Effect, Grantable, Keywords, StaticEffect, TargetSpec,
    Triggered,
};
use dzero_grammar::{
    CompileCtx, Compiled, DslError, Line, NoScripts, ScriptResolver, Span, compile, parse_cost,
    parse_line,
};
use dzero_script_api::{Exports, ScriptError};
use std::collections::HashSet;
use toml::Spanned;

/// Byte offset where the content of a TOML string value starts (after its quotes).
fn content_start(text: &str, s: &Spanned<String>) -> usize {
    let start = s.span().start;
    let rest = text.get(start..).unwrap_or("");
    if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
        start + 3
    } else if rest.starts_with('"') || rest.starts_with('\'') {
        start + 1
    } else {
        start
    }
}

/// A DSL error as a problem at its place in the card file.
fn problem(ft: &FileText<'_>, s: &Spanned<String>, e: &DslError) -> Problem {
    let at = content_start(ft.text, s);
    let end = at + e.span.end.max(e.span.start + 1);
    let p = ft.problem(at + e.span.start..end, e.message.clone());
    match expected_help(e) {
        Some(h) => p.help(h),
        None => p,
    }
}

/// The help of a DSL error: its "did you mean", then what was expected unless that is only the
/// suggestion itself.
fn expected_help(e: &DslError) -> Option<String> {
    let only_the_suggestion =
        e.expected.len() == 1 && e.suggestion.as_deref() == Some(e.expected[0].as_str());
    match (e.help(), e.expected.is_empty() || only_the_suggestion) {
        (Some(mean), true) => Some(mean),
        (Some(mean), false) => Some(format!(
            "{mean} expected one of: {}",
            e.expected.join(" | ")
        )),
        (None, true) => None,
        (None, false) => Some(format!("expected one of: {}", e.expected.join(" | "))),
    }
}

/// Parses a cost field; records a problem on error.
pub(crate) fn cost(
    ft: &FileText<'_>,
    s: &Spanned<String>,
    problems: &mut Vec<Problem>,
) -> Option<Cost> {
    match parse_cost(s.get_ref()) {
        Ok(c) => Some(c),
        Err(e) => {
            problems.push(problem(ft, s, &e));
            None
        }
    }
}

/// A card name a printed line refers to: a 盟約 partner, with its place in the card file.
#[derive(Clone, Debug)]
pub(crate) struct NameRef {
    /// The name as written (without its quotes).
    pub name: String,
    /// Byte range of the name, quotes included, in the card file.
    pub span: std::ops::Range<usize>,
}

/// A DSL error in a printed line as a problem at its place in the card file.
fn line_problem(ft: &FileText<'_>, line: &PrintedLine, e: &DslError, lua: bool) -> Problem {
    let end = e.span.end.max(e.span.start + 1);
    let p = ft.problem(line.span(e.span.start..end), e.message.clone());
    let implement = if lua {
        format!(
            "or implement it in Lua: add `line = {}` to the script declaration that does it \
             (docs/lua-api.md)",
            line.number
        )
    } else {
        format!(
            "or implement it in Lua: `script = \"scripts/….lua\"` with a declaration holding \
             `line = {}` (docs/lua-api.md)",
            line.number
        )
    };
    match expected_help(e) {
        Some(h) => p.help(format!("{h}; {implement}")),
        None => p.help(format!(
            "reword the line as card-text DSL (docs/dsl.md), {implement}"
        )),
    }
}

/// Compiles the printed ability lines of a card onto `def`: every line except reminder lines
/// and the lines its script claims (`claimed`). With `compile_them` false (the card's type or
/// timing is unknown) the lines are only parsed. The card names they refer to go to `names`;
/// false when a line had a problem (all are reported). `lua` says the card has a script.
#[allow(clippy::too_many_arguments)]
pub(crate) fn text_lines(
    ft: &FileText<'_>,
    lines: &[PrintedLine],
    claimed: &HashSet<u32>,
    def: &mut CardDef,
    compile_them: bool,
    scripts: &mut dyn ScriptResolver,
    names: &mut Vec<NameRef>,
    problems: &mut Vec<Problem>,
    lua: bool,
) -> bool {
    let ctx = CompileCtx::new(def.kind, def.timing);
    let mut ok = true;
    for line in lines {
        if line.reminder || claimed.contains(&line.number) {
            continue;
        }
        let compiled = parse_line(&line.text).and_then(|parsed| {
            if let Line::Covenant(c) = &parsed {
                names.extend([&c.a, &c.b].map(|n| NameRef {
                    name: n.text.clone(),
                    span: line.span(n.span.start..n.span.end),
                }));
            }
            if compile_them {
                compile(&parsed, &ctx, scripts).map(Some)
            } else {
                Ok(None)
            }
        });
        match compiled {
            Ok(None) => {}
            Ok(Some(c)) => {
                if let Compiled::Keyword(k) = &c
                    && def.kind != CardKind::Unit
                    && (k.has(Keywords::ACCEL) || k.has(Keywords::HASTE))
                {
                    problems.push(
                        ft.problem(
                            line.whole(),
                            format!("only units have the keyword {} (R17.7, R17.8)", line.text),
                        )
                        .help("remove it from this card's text"),
                    );
                    ok = false;
                } else if !add_line(def, c) {
                    problems.push(
                        ft.problem(
                            line.whole(),
                            "this strategy has two effects: this ○ line and card:on_play in its script",
                        )
                        .help(format!(
                            "keep one: delete the ○ line, or let the card:on_play claim it with `line = {}`",
                            line.number
                        )),
                    );
                    ok = false;
                }
            }
            Err(e) => {
                problems.push(line_problem(ft, line, &e, lua));
                ok = false;
            }
        }
    }
    ok
}

/// Adds one compiled line to `def`; false for a second ○ effect (the card has one).
fn add_line(def: &mut CardDef, c: Compiled) -> bool {
    match c {
        Compiled::Keyword(k) => def.keywords = def.keywords.with(k),
        Compiled::Ability(a) => def.abilities.push(a),
        Compiled::Spell(_) if def.spell.is_some() => return false,
        Compiled::Spell(s) => def.spell = Some(s),
        Compiled::Granting(main, grants) => {
            add_grantables(def, grants);
            return add_line(def, *main);
        }
    }
    true
}

/// Adds the abilities a line's effect grants; a name the card already has is the same text, so
/// the same ability.
fn add_grantables(def: &mut CardDef, grants: Vec<Grantable>) {
    for g in grants {
        let known = def
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Grantable(x) if x.name == g.name));
        if !known {
            def.abilities.push(Ability::Grantable(g));
        }
    }
}

/// Resolves `lua:name` lines against what the card's script returns.
pub(crate) struct LuaRefs<'a> {
    pub exports: Option<&'a Exports>,
}

fn lua_error(span: Span, e: ScriptError) -> DslError {
    DslError::new(span, format!("{} ({})", e.message, e.location()))
}

impl ScriptResolver for LuaRefs<'_> {
    fn effect(&mut self, name: &str, span: Span) -> Result<Box<dyn Effect>, DslError> {
        match self.exports {
            Some(x) => x
                .spell(name)
                .map(|s| s.effect)
                .map_err(|e| lua_error(span, e)),
            None => NoScripts.effect(name, span),
        }
    }

    fn target(&mut self, name: &str, span: Span) -> Result<Option<TargetSpec>, DslError> {
        match self.exports {
            Some(x) => x
                .spell(name)
                .map(|s| s.target)
                .map_err(|e| lua_error(span, e)),
            None => NoScripts.target(name, span),
        }
    }

    fn trigger(&mut self, name: &str, span: Span) -> Result<Triggered, DslError> {
        match self.exports {
            Some(x) => x.trigger(name).map_err(|e| lua_error(span, e)),
            None => NoScripts.trigger(name, span),
        }
    }

    fn static_effect(&mut self, name: &str, span: Span) -> Result<Box<dyn StaticEffect>, DslError> {
        match self.exports {
            Some(x) => x.static_effect(name).map_err(|e| lua_error(span, e)),
            None => NoScripts.static_effect(name, span),
        }
    }
}
