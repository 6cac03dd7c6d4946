//! Benchmark: validating a generated 1,000-card pool (goal: about a second).
//! Run with `cargo bench -p dzero-cardpool`.

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
                    "\"加速\", \"★ パワー+1000 (中央エリア)\""
                } else {
                    "\"★ スマッシュ+1 (敵軍エリア)\""
                };
                write!(
                    cards,
                    "[[card]]\nname = \"兵{i}\"\nnumber = \"{i:04}\"\ntype = \"unit\"\ncolours = [\"{c}\"]\ntiming = \"quick\"\ncost = \"{c}1 無1\"\nmove_cost = \"無1\"\npower = {}\nsmash = 1\nkeywords = [{kw}]\n\n",
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

fn main() {
    let dir = std::env::temp_dir().join(format!("dzero-bench-pool-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = generate(&dir, 1000) {
        eprintln!("cannot write the generated pool: {e}");
        return;
    }
    for round in 1..=3 {
        let start = Instant::now();
        let report = dzero_cardpool::validate(std::slice::from_ref(&dir));
        let secs = start.elapsed().as_secs_f64();
        println!(
            "round {round}: validated {} cards, {} deck(s), {} smoke plays in {secs:.2} s ({} problems)",
            report.cards,
            report.decks,
            report.smoked,
            report.problems.len()
        );
        for p in report.problems.iter().take(3) {
            println!("{}", p.headline());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
