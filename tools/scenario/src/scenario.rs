//! A loaded scenario: the file, its title, the sets it is played with, and its checked setup
//! and steps.

use crate::spec::{Setup, StepSpec};
use std::path::{Path, PathBuf};

/// A loaded and checked scenario file, ready to run against its set.
pub struct Scenario {
    /// The file.
    pub path: PathBuf,
    /// `title`, or the file name without extension.
    pub title: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// Every set the scenario is played with, the primary first (never empty).
    pub set_dirs: Vec<PathBuf>,
    /// Each entry of `sets` as written, with its location (empty without `sets`).
    pub(crate) listed: Vec<(String, std::ops::Range<usize>)>,
    /// The file's text (for locating problems and echoing steps in reports).
    pub source: String,
    /// The labels the setup gives cards.
    pub(crate) labels: Vec<String>,
    /// The starting position and the settings.
    pub(crate) setup: Setup,
    /// The `[[step]]` tables, checked.
    pub(crate) steps: Vec<StepSpec>,
}

impl Scenario {
    /// The primary set: the only one, or the first of `sets`. It gives the default rule set
    /// and filler card.
    pub fn set_dir(&self) -> &Path {
        self.set_dirs
            .first()
            .map_or(Path::new("."), PathBuf::as_path)
    }

    /// Number of `[[step]]` tables.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }
}

impl std::fmt::Debug for Scenario {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scenario")
            .field("path", &self.path)
            .field("title", &self.title)
            .field("set_dirs", &self.set_dirs)
            .field("steps", &self.steps.len())
            .finish_non_exhaustive()
    }
}
