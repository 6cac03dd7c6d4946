//! No import cycles inside a crate: in every crate of the workspace, the files' `use` graph
//! (an edge from a file to each module whose items its code names through `crate::`, `super::`
//! or `self::`) has no cycle, so data and dependencies flow one way and each file can be read
//! knowing only what lies below it. `#[cfg(test)]` modules, comments and strings are left out.
//! A path ending at an item a parent module re-exports (`pub use`) leads to the module that
//! defines it; a parent's own re-exports and `mod` lines are structure, not dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path inside a crate (`[]` is the crate root).
type Module = Vec<String>;

/// The source text with comments, string and char literals blanked and `#[cfg(test)] mod`
/// blocks cut.
fn code_of(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if let Some(n) = raw_string_len(rest) {
            out.push_str("\"\"");
            i += n;
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += (j + 1).min(rest.len());
        } else if let Some(n) = char_literal_len(rest) {
            out.push_str("' '");
            i += n;
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    cut_test_modules(&out)
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let after_r = s.strip_prefix('r')?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let body = after_r[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    Some(1 + hashes + 1 + body.find(&close)? + close.len())
}

/// The length of a char literal at the start of `s` (not a lifetime).
fn char_literal_len(s: &str) -> Option<usize> {
    let body = s.strip_prefix('\'')?;
    if let Some(escaped) = body.strip_prefix('\\') {
        let first = escaped.chars().next()?.len_utf8();
        return Some(1 + 1 + first + escaped[first..].find('\'')? + 1);
    }
    let c = body.chars().next()?;
    body[c.len_utf8()..]
        .starts_with('\'')
        .then(|| 1 + c.len_utf8() + 1)
}

/// `code` without its `#[cfg(test)] mod name { … }` blocks.
fn cut_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let after = &rest[at + "#[cfg(test)]".len()..];
        let head = after.trim_start();
        let head = head.strip_prefix("pub(crate)").unwrap_or(head).trim_start();
        let is_block = head.starts_with("mod ")
            && head
                .find(['{', ';'])
                .is_some_and(|i| head.as_bytes()[i] == b'{');
        out.push_str(&rest[..at]);
        if !is_block {
            out.push_str("#[cfg(test)]");
            rest = after;
            continue;
        }
        let open = after.find('{').expect("a block") + 1;
        let mut depth = 1;
        let mut end = open;
        for (i, c) in after[open..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                end = open + i + 1;
                break;
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The identifier at the start of `s` and its length.
fn ident(s: &str) -> Option<(&str, usize)> {
    let n = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    (n > 0).then(|| (&s[..n], n))
}

/// Parses a use tree at the start of `s` below `prefix`, adding the full paths to `out`;
/// returns how much it read.
fn use_tree(s: &str, prefix: &[String], out: &mut Vec<Module>) -> usize {
    let mut path = prefix.to_vec();
    let mut i = 0;
    loop {
        let ws = s[i..].len() - s[i..].trim_start().len();
        i += ws;
        let rest = &s[i..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut j = 0;
            loop {
                j += use_tree(&group[j..], &path, out);
                let t = group[j..].trim_start();
                j = group.len() - t.len();
                if let Some(more) = t.strip_prefix(',') {
                    j = group.len() - more.len();
                    if !more.trim_start().starts_with('}') {
                        continue;
                    }
                    j = group.len() - more.trim_start().len();
                }
                if group[j..].starts_with('}') {
                    return i + 1 + j + 1;
                }
                return i + 1 + j;
            }
        }
        let Some((name, n)) = ident(rest) else {
            out.push(path);
            return i;
        };
        i += n;
        if let Some(after) = s[i..].strip_prefix("::") {
            path.push(name.to_string());
            i = s.len() - after.len();
            continue;
        }
        if name != "self" {
            path.push(name.to_string());
        }
        out.push(path);
        return i;
    }
}

/// The module paths that `code`, the source of `module`, names.
fn named_paths(module: &Module, code: &str) -> Vec<Module> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for kw in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(kw).map(|i| from + i) {
            from = at + kw.len();
            let glued = at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
            let inner = at >= 2 && &code[at - 2..at] == "::";
            if glued || inner {
                continue;
            }
            let mut base: Module = match kw {
                "crate::" => Vec::new(),
                "self::" => module.clone(),
                _ => module[..module.len().saturating_sub(1)].to_vec(),
            };
            let mut rest = &code[from..];
            if kw == "super::" {
                while let Some(more) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = more;
                }
            }
            use_tree(rest, &base, &mut out);
        }
    }
    out
}

/// One crate's modules, their code, and what each re-exports (`name` → full path).
struct Crate {
    code: BTreeMap<Module, String>,
    reexports: BTreeMap<Module, BTreeMap<String, Module>>,
}

impl Crate {
    /// Reads every `.rs` file under `src`.
    fn read(src: &Path) -> Crate {
        let mut files = Vec::new();
        collect(src, &mut files);
        let mut code = BTreeMap::new();
        for f in files {
            let rel: Vec<String> = f
                .strip_prefix(src)
                .expect("inside src")
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            let mut module = rel;
            if matches!(
                module.last().map(String::as_str),
                Some("lib" | "main" | "mod")
            ) {
                module.pop();
            }
            let text = fs::read_to_string(&f).expect("a readable source");
            code.insert(module, code_of(&text));
        }
        let mut reexports = BTreeMap::new();
        for (module, text) in &code {
            let mut names = BTreeMap::new();
            for stmt in pub_uses(text) {
                let mut paths = Vec::new();
                let (base, tree): (Module, &str) = if let Some(t) = stmt.strip_prefix("crate::") {
                    (Vec::new(), t)
                } else if let Some(t) = stmt.strip_prefix("super::") {
                    (module[..module.len().saturating_sub(1)].to_vec(), t)
                } else {
                    (module.clone(), stmt.strip_prefix("self::").unwrap_or(stmt))
                };
                use_tree(tree, &base, &mut paths);
                for p in paths {
                    if let Some(last) = p.last() {
                        names.insert(last.clone(), p.clone());
                    }
                }
            }
            reexports.insert(module.clone(), names);
        }
        Crate { code, reexports }
    }

    /// Whether `module` has child modules (a facade whose `pub use` lines re-export).
    fn has_children(&self, module: &Module) -> bool {
        self.code
            .keys()
            .any(|m| m.len() > module.len() && m.starts_with(module))
    }

    /// The module a path leads to: its longest module prefix, through re-exports.
    fn resolve(&self, path: &[String], depth: u32) -> Module {
        let k = (0..=path.len())
            .rev()
            .find(|&k| self.code.contains_key(&path[..k]))
            .unwrap_or(0);
        let (module, rest) = (path[..k].to_vec(), &path[k..]);
        if let Some(first) = rest.first()
            && depth < 8
            && let Some(target) = self.reexports.get(&module).and_then(|r| r.get(first))
            && target.as_slice() != path
        {
            let mut next = target.clone();
            next.extend_from_slice(&rest[1..]);
            return self.resolve(&next, depth + 1);
        }
        module
    }

    /// Each module's dependencies inside the crate.
    fn graph(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut graph = BTreeMap::new();
        for (module, text) in &self.code {
            let body = if self.has_children(module) {
                without_pub_uses(text)
            } else {
                text.clone()
            };
            let deps: BTreeSet<Module> = named_paths(module, &body)
                .iter()
                .map(|p| self.resolve(p, 0))
                .filter(|t| t != module)
                .collect();
            graph.insert(module.clone(), deps);
        }
        graph
    }
}

/// The `.rs` files under `dir`.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).expect("a readable folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The trees of `code`'s `pub use …;` and `pub(…) use …;` statements.
fn pub_uses(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("pub").map(|i| from + i) {
        from = at + 3;
        let mut rest = &code[from..];
        if let Some(r) = rest.strip_prefix('(') {
            rest = &r[r.find(')').map_or(0, |i| i + 1)..];
        }
        if let Some(tree) = rest.trim_start().strip_prefix("use ") {
            let end = tree.find(';').unwrap_or(tree.len());
            out.push(tree[..end].trim());
        }
    }
    out
}

/// `code` with its `pub use` statements removed.
fn without_pub_uses(code: &str) -> String {
    let mut out = code.to_string();
    for stmt in pub_uses(code) {
        out = out.replacen(stmt, "", 1);
    }
    out
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        next: usize,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            self.index.insert(v, (self.next, self.next));
            self.next += 1;
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let Some(w) = self.graph.get_key_value(w).map(|(k, _)| k) else {
                    continue;
                };
                match self.index.get(w) {
                    None => {
                        self.visit(w);
                        let low = self.index[w].1.min(self.index[v].1);
                        self.index.get_mut(v).expect("visited").1 = low;
                    }
                    Some(&(wi, _)) if self.stack.contains(&w) => {
                        let low = wi.min(self.index[v].1);
                        self.index.get_mut(v).expect("visited").1 = low;
                    }
                    Some(_) => {}
                }
            }
            let (vi, low) = self.index[v];
            if vi == low {
                let at = self
                    .stack
                    .iter()
                    .rposition(|m| *m == v)
                    .expect("on the stack");
                let component: Vec<Module> = self.stack.drain(at..).cloned().collect();
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The cycles of the crate whose sources are in `src` (relative to the workspace), each as
/// `a -> b` lines.
fn report(src: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let krate = Crate::read(&root.join(src));
    assert!(krate.code.len() > 1, "{src} has its files");
    let graph = krate.graph();
    let name = |m: &Module| {
        if m.is_empty() {
            "lib".to_string()
        } else {
            m.join("::")
        }
    };
    let mut out = String::new();
    for component in cycles(&graph) {
        let names: BTreeSet<&Module> = component.iter().collect();
        out.push_str(&format!("a cycle of {} files:\n", component.len()));
        for m in &names {
            let inside: Vec<String> = graph[*m]
                .iter()
                .filter(|t| names.contains(t))
                .map(name)
                .collect();
            out.push_str(&format!("  {} -> {}\n", name(m), inside.join(", ")));
        }
    }
    out
}

/// Fails naming the cycles of the crate in `src`.
fn acyclic(src: &str) {
    let cycles = report(src);
    assert!(cycles.is_empty(), "{src} has import cycles:\n{cycles}");
}

#[test]
fn core_is_acyclic() {
    acyclic("core/src");
}

#[test]
fn grammar_is_acyclic() {
    acyclic("grammar/src");
}

#[test]
fn script_api_is_acyclic() {
    acyclic("script-api/src");
}

#[test]
fn cardpool_is_acyclic() {
    acyclic("cardpool/src");
}

#[test]
fn tools_are_acyclic() {
    for name in [
        "text", "sim", "ai", "balance", "replay", "serve", "dzero", "scenario",
    ] {
        let src = format!("tools/{name}/src");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        if name != "scenario" || root.join(&src).is_dir() {
            acyclic(&src);
        }
    }
}

#[test]
fn test_support_is_acyclic() {
    acyclic("tests/src");
    acyclic("tests/fixtures/src");
}

#[test]
fn the_scanner_follows_paths_groups_and_reexports() {
    let m = |s: &str| -> Module { s.split("::").map(str::to_string).collect() };
    let code = code_of(
        "use crate::{a::X, b::{self, c::Y}};\n// crate::z\nfn f() { super::d::g(\"crate::s\") }\n\
         #[cfg(test)]\nmod tests { use crate::t; }\n",
    );
    let mut found = named_paths(&m("p::q"), &code);
    found.sort();
    assert_eq!(
        found,
        vec![m("a::X"), m("b"), m("b::c::Y"), m("p::d::g")],
        "comments, strings and test modules left out"
    );
    let graph: BTreeMap<Module, BTreeSet<Module>> = [
        (m("a"), [m("b")].into()),
        (m("b"), [m("c")].into()),
        (m("c"), [m("a")].into()),
        (m("d"), [m("a")].into()),
    ]
    .into();
    let found = cycles(&graph);
    assert_eq!(found.len(), 1, "one cycle");
    assert_eq!(found[0].len(), 3, "a, b and c, not d");
}
