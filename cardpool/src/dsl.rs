//! Cost and keyword lines of card files, through the `grammar` crate, with errors located in
//! the TOML file.

use crate::diag::{FileText, Problem};
use dzero_core::{Ability, CardDef, Cost, Effect, Grantable, StaticEffect, TargetSpec, Triggered};
use dzero_grammar::{
    CompileCtx, Compiled, DslError, Line, NoScripts, ScriptResolver, Span, compile, parse_cost,
    parse_line,
};
use dzero_script_api::{Exports, ScriptError};
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
    if e.expected.is_empty() {
        p
    } else {
        p.help(format!("expected one of: {}", e.expected.join(" | ")))
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

/// A card name a keyword line refers to: a 盟約 partner, with its place in the card file.
#[derive(Clone, Debug)]
pub(crate) struct NameRef {
    /// The name as written (without its quotes).
    pub name: String,
    /// Byte range of the name, quotes included, in the card file.
    pub span: std::ops::Range<usize>,
}

/// Compiles the keyword lines onto `def`, collecting the card names they refer to into
/// `names`; `None` when a line had an error (all are reported).
pub(crate) fn abilities(
    ft: &FileText<'_>,
    lines: &[Spanned<String>],
    def: &mut CardDef,
    scripts: &mut dyn ScriptResolver,
    names: &mut Vec<NameRef>,
    problems: &mut Vec<Problem>,
) -> Option<()> {
    let ctx = CompileCtx::new(def.kind, def.timing);
    let mut ok = true;
    for line in lines {
        let compiled = parse_line(line.get_ref()).and_then(|parsed| {
            if let Line::Covenant(c) = &parsed {
                let at = content_start(ft.text, line);
                names.extend([&c.a, &c.b].map(|n| NameRef {
                    name: n.text.clone(),
                    span: at + n.span.start..at + n.span.end,
                }));
            }
            compile(&parsed, &ctx, scripts)
        });
        match compiled {
            Ok(c) => {
                if !add_line(def, c) {
                    problems.push(
                        ft.problem(
                            line.span(),
                            "this strategy has two effects: this ○ line and card:on_play in its script",
                        )
                        .help("keep one: delete the ○ line or the card:on_play call"),
                    );
                    ok = false;
                }
            }
            Err(e) => {
                problems.push(problem(ft, line, &e));
                ok = false;
            }
        }
    }
    ok.then_some(())
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
