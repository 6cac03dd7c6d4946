//! Benchmark: validating d0-sample's cards copied many times under new names
//! ([`dzero_cardpool::copies`]), smoke plays included: time must grow linearly with the pool
//! (goals on a 2-core machine: 100 copies, 7,100 cards, in ≤ 10 s with < 1 GB peak memory;
//! 300 copies in ≤ 30 s). Run with `cargo bench -p dzero-cardpool --bench validate_copies`
//! (`-- 10 100` picks the copy counts; default 10, 100, 300).

use std::path::Path;
use std::time::Instant;

/// The process's peak resident memory so far (Linux `VmHWM`), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let counts: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let counts = if counts.is_empty() {
        vec![10, 100, 300]
    } else {
        counts
    };
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets/d0-sample");
    let base = std::env::temp_dir().join(format!("dzero-bench-copies-{}", std::process::id()));
    for n in counts {
        let dir = base.join(format!("x{n}"));
        let cards = dzero_cardpool::copies::write_copies(&src, n, &dir).expect("pool written");
        let start = Instant::now();
        let report = dzero_cardpool::validate(std::slice::from_ref(&dir));
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{n:>4} copies: {cards} cards, {} smoke plays, {} problems in {secs:.2} s ({:.2} ms per card); peak memory so far {:.0} MiB",
            report.smoked,
            report.problems.len(),
            secs * 1000.0 / cards as f64,
            peak_mib().unwrap_or(f64::NAN)
        );
        for p in report.problems.iter().take(3) {
            println!("  {}", p.headline());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&base);
}
