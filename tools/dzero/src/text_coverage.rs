//! `dzero validate --text-coverage`: the share of printed ability lines the card-text DSL
//! understands, and the unknown phrases ranked by how many lines each blocks — for the sets'
//! own cards, or with `--corpus` for the bundled corpus of real printed cards.

use dzero_grammar::CompileCtx;
use dzero_grammar::coverage::{Coverage, PRINTED_CORPUS, PrintedLine, measure, read_corpus};
use std::process::ExitCode;

/// How many ranked phrases are printed.
const SHOWN: usize = 30;

/// Prints the coverage of the printed lines of the sets under `paths`, or of the bundled
/// corpus when `corpus` is set.
pub fn run(paths: &[std::path::PathBuf], corpus: bool) -> ExitCode {
    let lines = if corpus {
        match read_corpus(PRINTED_CORPUS) {
            Ok(cards) => cards.iter().flat_map(|c| c.printed_lines()).collect(),
            Err(e) => {
                say!("error: the bundled corpus does not parse: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        match set_lines(paths) {
            Ok(lines) => lines,
            Err(code) => return code,
        }
    };
    report(&measure(&lines));
    ExitCode::SUCCESS
}

/// The printed ability lines of every card of the sets under `paths` (a line that is only a
/// reminder in parentheses is no ability).
fn set_lines(paths: &[std::path::PathBuf]) -> Result<Vec<PrintedLine>, ExitCode> {
    let mut lines = Vec::new();
    for dir in paths.iter().flat_map(|p| dzero_cardpool::set_dirs(p)) {
        let loaded = dzero_cardpool::load_set(&dir);
        let Some(set) = loaded.set else {
            say!("error: {} does not load; run dzero validate", dir.display());
            return Err(ExitCode::FAILURE);
        };
        for (_, def) in set.db.iter() {
            let ctx = CompileCtx::new(def.kind, def.timing);
            for text in def.text.lines().map(str::trim) {
                if text.is_empty() || text.starts_with(['(', '（']) {
                    continue;
                }
                lines.push(PrintedLine {
                    card: def.name.clone(),
                    text: text.to_owned(),
                    ctx,
                });
            }
        }
    }
    Ok(lines)
}

/// Prints the figure, the ranking and each line not understood.
fn report(cov: &Coverage) {
    say!(
        "{}/{} printed line(s) understood ({}.{}%)",
        cov.understood,
        cov.lines,
        cov.per_mille() / 10,
        cov.per_mille() % 10
    );
    if cov.ranking.is_empty() {
        return;
    }
    say!("unknown phrases, by lines blocked (blocks / appears in / phrase / example):");
    for r in cov.ranking.iter().take(SHOWN) {
        say!(
            "{:>5} {:>5}  {}  — {}",
            r.blocks,
            r.appears_in,
            r.phrase,
            r.example
        );
    }
    say!("lines not understood:");
    for u in &cov.unknown {
        say!("  {}: {} ({})", u.card, u.text, u.message);
    }
}
