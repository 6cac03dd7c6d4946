//! Benchmark: validating generated pools (goal: about a second each).
//! Run with `cargo bench -p dzero-cardpool --bench validate_pool`.
//!
//! - a 1,000-card pool of DSL units, Lua strategies and Lua-scripted units, plus a deck list;
//! - one card file of 2,000 valid cards and one broken card (once a quadratic re-parse);
//! - one card file of 10,000 valid cards (once a quadratic re-read per card);
//! - 20,000 cards in four files, every tenth with a problem (2,000 problems located).

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// Writes a set of `n` cards: DSL units, Lua strategies and Lua-scripted units, plus two decks.
fn generate(dir: &Path, n: usize) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("cards"))?;
    std::fs::create_dir_all(dir.join("scripts"))?;
    std::fs::create_dir_all(dir.join("decks"))?;
    std::fs::write(
        dir.join("set.toml"),
        "id = \"bench\"\nname = \"Generated\"\nversion = \"0\"\nrules = \"official\"\n",
    )?;
    let colours = ["赤", "黒", "青", "白", "緑"];
    let mut cards = String::new();
    for i in 0..n {
        let c = colours[i % 5];
        match i % 4 {
            0 | 1 => {
                let kw = if i % 8 == 0 {
                    "\"加速\\n★ パワー+1000 (中央エリア)\""
                } else {
                    "\"★ スマッシュ+1 (敵軍エリア)\""
                };
                write!(
                    cards,
                    "[[card]]\nname = \"兵{i}\"\nnumber = \"{i:04}\"\ntype = \"unit\"\ncolours = [\"{c}\"]\ntiming = \"quick\"\ncost = \"{c}1 無1\"\nmove_cost = \"無1\"\npower = {}\nsmash = 1\ntext = {kw}\n\n",
                    1000 + (i % 7) * 500
                )
                .ok();
            }
            2 => {
                std::fs::write(
                    dir.join(format!("scripts/s{i}.lua")),
                    format!(
                        "-- 呪文{i}\ncard:on_play {{ target = target.unit(), resolve = function(g, e) g:damage(e.target, {}) end }}\n",
                        1000 + i % 5 * 1000
                    ),
                )?;
                write!(
                    cards,
                    "[[card]]\nname = \"呪文{i}\"\nnumber = \"{i:04}\"\ntype = \"strategy\"\ncolours = [\"{c}\"]\ntiming = \"quick\"\ncost = \"{c}1\"\nscript = \"scripts/s{i}.lua\"\n\n"
                )
                .ok();
            }
            _ => {
                std::fs::write(
                    dir.join(format!("scripts/u{i}.lua")),
                    format!(
                        "-- 術士{i}\ncard:static {{ power = function(self) return self.area == \"enemy\" and 1000 or 0 end }}\n"
                    ),
                )?;
                write!(
                    cards,
                    "[[card]]\nname = \"術士{i}\"\nnumber = \"{i:04}\"\ntype = \"unit\"\ncolours = [\"{c}\"]\ntiming = \"quick\"\ncost = \"{c}2\"\nmove_cost = \"無1\"\npower = 2000\nsmash = 1\nscript = \"scripts/u{i}.lua\"\n\n"
                )
                .ok();
            }
        }
        if i % 100 == 99 {
            std::fs::write(dir.join(format!("cards/c{:02}.toml", i / 100)), &cards)?;
            cards.clear();
        }
    }
    let deck: String = (0..14)
        .map(|i| format!("3 兵{}\n", i * 4))
        .collect::<String>()
        + "";
    let deck = deck.lines().take(13).collect::<Vec<_>>().join("\n") + "\n1 兵52\n";
    std::fs::write(dir.join("decks/a.txt"), &deck)?;
    Ok(())
}

/// Writes a set of `n` DSL units, `per_file` to a card file (a card file is at most 4 MiB);
/// every `broken_every`-th card (if any) has a problem, cycling through an unknown field, a
/// value out of range, a DSL typo and an unknown colour.
fn generate_large(
    dir: &Path,
    n: usize,
    per_file: usize,
    broken_every: Option<usize>,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("cards"))?;
    std::fs::write(
        dir.join("set.toml"),
        "id = \"bench\"\nname = \"Generated\"\nversion = \"0\"\nrules = \"official\"\n",
    )?;
    let mut cards = String::new();
    for i in 0..n {
        let broken = broken_every.is_some_and(|k| i % k == k - 1);
        let (power, colour, keyword, extra) = match (broken, i / broken_every.unwrap_or(1) % 4) {
            (false, _) => ("3000", "赤", "★ スマッシュ+1 (敵軍エリア)", ""),
            (true, 0) => ("3000", "赤", "★ スマッシュ+1 (敵軍エリア)", "bogus = 1\n"),
            (true, 1) => ("-5000", "赤", "★ スマッシュ+1 (敵軍エリア)", ""),
            (true, 2) => ("3000", "赤", "★ スマッシュ+1 (敵軍エリャ)", ""),
            (true, _) => ("3000", "紫", "★ スマッシュ+1 (敵軍エリア)", ""),
        };
        write!(
            cards,
            "[[card]]\nname = \"兵{i}\"\nnumber = \"{i:05}\"\ntype = \"unit\"\ncolours = [\"{colour}\"]\ntiming = \"quick\"\ncost = \"赤1 無1\"\nmove_cost = \"無1\"\npower = {power}\nsmash = 1\ntext = \"{keyword}\"\n{extra}\n"
        )
        .ok();
        if (i + 1) % per_file == 0 || i + 1 == n {
            std::fs::write(dir.join(format!("cards/c{:02}.toml", i / per_file)), &cards)?;
            cards.clear();
        }
    }
    Ok(())
}

/// Writes a generated set into a folder.
type Generator = dyn Fn(&Path) -> std::io::Result<()>;

/// Validates `dir` once and prints the time and counts.
fn run(label: &str, dir: &Path) {
    let start = Instant::now();
    let report = dzero_cardpool::validate(&[dir.to_owned()]);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{label}: validated {} cards, {} deck(s), {} smoke plays in {secs:.2} s ({} problems)",
        report.cards,
        report.decks,
        report.smoked,
        report.problems.len()
    );
    for p in report.problems.iter().take(2) {
        println!("  {}", p.headline());
    }
}

fn main() {
    let base = std::env::temp_dir().join(format!("dzero-bench-pool-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let pools: [(&str, &str, Box<Generator>); 4] = [
        (
            "1,000 mixed cards",
            "mixed",
            Box::new(|d| generate(d, 1000)),
        ),
        (
            "2,000 + 1 broken, one file",
            "one-broken",
            Box::new(|d| generate_large(d, 2001, 2001, Some(2001))),
        ),
        (
            "10,000 valid, one file",
            "ten-thousand",
            Box::new(|d| generate_large(d, 10_000, 10_000, None)),
        ),
        (
            "20,000 with 2,000 problems, four files",
            "twenty-thousand",
            Box::new(|d| generate_large(d, 20_000, 5_000, Some(10))),
        ),
    ];
    for (label, sub, make) in &pools {
        let dir = base.join(sub);
        if let Err(e) = make(&dir) {
            eprintln!("cannot write the generated pool: {e}");
            return;
        }
        for round in 1..=2 {
            run(&format!("{label} (round {round})"), &dir);
        }
    }
    let _ = std::fs::remove_dir_all(&base);
}
