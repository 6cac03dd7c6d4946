//! Watching a set folder for saves, for hot reload (notify, debounced). Editors that save by writing a temporary
//! file and renaming it are covered: the debouncer reports the final path.

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, EventKind};
use notify_debouncer_full::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// A debounced watch of one folder (and any folders [`SetWatcher::add`] adds), yielding batches of
/// changed paths.
pub struct SetWatcher {
    rx: Receiver<DebounceEventResult>,
    dir: PathBuf,
    debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
    /// Every folder watched (canonical).
    dirs: Vec<PathBuf>,
}

/// Why [`SetWatcher::next`] returned without changes.
#[derive(Debug, PartialEq, Eq)]
pub enum SetWatcherError {
    /// Nothing changed within the timeout.
    Timeout,
    /// The watcher stopped.
    Closed,
}

impl SetWatcher {
    /// Watches `dir` recursively; changes closer than `debounce` are reported together.
    pub fn new(dir: &Path, debounce: Duration) -> Result<SetWatcher, String> {
        let dir = &std::fs::canonicalize(dir)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        let (tx, rx) = channel();
        let mut debouncer = new_debouncer(debounce, None, tx).map_err(|e| e.to_string())?;
        debouncer
            .watch(dir, RecursiveMode::Recursive)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        Ok(SetWatcher {
            rx,
            dir: dir.to_owned(),
            debouncer,
            dirs: vec![dir.to_owned()],
        })
    }

    /// Also watches `dir` recursively (e.g. a set the watched set requires); a folder already
    /// watched is left as it is.
    pub fn add(&mut self, dir: &Path) -> Result<(), String> {
        let dir = std::fs::canonicalize(dir)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        if self.dirs.iter().any(|d| dir.starts_with(d)) {
            return Ok(());
        }
        self.debouncer
            .watch(&dir, RecursiveMode::Recursive)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        self.dirs.push(dir);
        Ok(())
    }

    /// Waits for the next batch of changed paths (created, modified, renamed or removed files).
    /// Reads (access events) are ignored, so reloading does not trigger itself; a rescan
    /// request reports `set.toml`, which makes the reloader reload everything.
    pub fn next(&self, timeout: Option<Duration>) -> Result<Vec<PathBuf>, SetWatcherError> {
        loop {
            let batch = match timeout {
                Some(t) => self.rx.recv_timeout(t).map_err(|e| match e {
                    RecvTimeoutError::Timeout => SetWatcherError::Timeout,
                    RecvTimeoutError::Disconnected => SetWatcherError::Closed,
                })?,
                None => self.rx.recv().map_err(|_| SetWatcherError::Closed)?,
            };
            let mut paths: Vec<PathBuf> = Vec::new();
            match batch {
                Ok(events) => {
                    for e in events {
                        if e.need_rescan() {
                            paths.push(self.dir.join("set.toml"));
                        }
                        let counts = match e.kind {
                            EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
                            EventKind::Access(_) | EventKind::Other => false,
                            _ => true,
                        };
                        if counts {
                            paths.extend(e.paths.iter().cloned());
                        }
                    }
                }
                Err(_) => paths.push(self.dir.join("set.toml")),
            }
            paths.sort();
            paths.dedup();
            if !paths.is_empty() {
                return Ok(paths);
            }
        }
    }
}
