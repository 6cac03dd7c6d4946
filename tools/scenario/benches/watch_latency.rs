//! Benchmark: from saving a card script to the reload being validated and its scenarios re-run
//! (goal: about 100 ms). Run with `cargo bench -p dzero-scenario --bench watch_latency`.

use dzero_cardpool::{Reloader, SetWatcher};
use dzero_scenario::{SetCache, affected_scenarios, run_reloaded};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let target = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), &target)?;
        }
    }
    Ok(())
}

fn main() {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample");
    let dir = std::env::temp_dir().join(format!("dzero-watch-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = copy_dir(&source, &dir) {
        eprintln!("cannot copy the sample set: {e}");
        return;
    }
    let (mut reloader, problems) = Reloader::open(&dir);
    if !problems.is_empty() {
        eprintln!("the sample set does not load: {}", problems[0].headline());
        return;
    }
    let Ok(watch) = SetWatcher::new(&dir, Duration::from_millis(50)) else {
        eprintln!("cannot watch {}", dir.display());
        return;
    };
    let script = dir.join("scripts/saucerleg_pegasus.lua");
    let Ok(original) = std::fs::read_to_string(&script) else {
        eprintln!("no saucerleg_pegasus.lua in the sample set");
        return;
    };
    let mut others = SetCache::new();
    let mut samples = Vec::new();
    for i in 0..10 {
        let text = format!("{original}\n-- save {i}\n");
        let start = Instant::now();
        if std::fs::write(&script, text).is_err() {
            break;
        }
        let Ok(paths) = watch.next(Some(Duration::from_secs(5))) else {
            eprintln!("no change seen");
            break;
        };
        let outcome = reloader.apply(&paths);
        let files = affected_scenarios(&dir, &outcome, &paths);
        let results = run_reloaded(&reloader, &mut others, &files);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let passed = results.iter().filter(|(_, r)| r.passed()).count();
        println!(
            "save {i}: {outcome:?}; {passed}/{} scenarios re-run and passed; {ms:.0} ms after the save",
            results.len()
        );
        samples.push(ms);
        std::thread::sleep(Duration::from_millis(100));
    }
    samples.sort_by(f64::total_cmp);
    if let Some(median) = samples.get(samples.len() / 2) {
        println!("median save-to-result latency: {median:.0} ms (debounce 50 ms)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
