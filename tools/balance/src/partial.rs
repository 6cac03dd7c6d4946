//! A run's raw counts over some of its games, with what identifies the run: written by a
//! shard (`--shard K/N --out FILE`), merged by `dzero sim merge` into the counts of the whole
//! run, from which the report is rendered.

use crate::tally::Tallies;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The version of the partial-report file format.
pub const FORMAT: u32 = 1;

/// One deck of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDeck {
    /// The deck's name (its file's stem).
    pub name: String,
    /// FNV-1a of the deck file's bytes, in hex.
    pub hash: String,
}

/// What makes two runs the same run: merging parts requires every field equal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// The decks, in the order given.
    pub decks: Vec<RunDeck>,
    /// The player specs (one: both seats; two: one seat each).
    pub players: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Games in the whole run.
    pub games: u64,
    /// The rule set's name.
    pub rules: String,
    /// A game stops unfinished after this many actions.
    pub max_actions: u32,
    /// FNV-1a, in hex, of every card file of the sets the decks play in.
    pub cards: String,
    /// The dimension deck every game plays, by card name in list order (R19.2); empty for a
    /// rule set without one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dimensions: Vec<String>,
    /// A run of matches (R2.4, `dzero sim --match`): `games` counts matches.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub matches: bool,
}

impl RunId {
    /// The first field in which `other` differs, as `field: this vs that`.
    fn difference(&self, other: &RunId) -> Option<String> {
        let (a, b) = (serde_json::to_value(self), serde_json::to_value(other));
        let (Ok(serde_json::Value::Object(a)), Ok(b)) = (a, b) else {
            return Some("unreadable run".into());
        };
        a.iter()
            .find(|(field, v)| b.get(field.as_str()) != Some(v))
            .map(|(field, v)| format!("{field}: {v} vs {}", b[field.as_str()]))
    }
}

/// A run's counts over some of its game numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    /// [`FORMAT`].
    pub format: u32,
    /// The run.
    pub run: RunId,
    /// The game numbers counted: sorted, disjoint, half-open `[start, end)` ranges.
    pub ranges: Vec<[u64; 2]>,
    /// The counts.
    pub tallies: Tallies,
}

impl Partial {
    /// Whether every game of the run is counted.
    pub fn complete(&self) -> bool {
        self.ranges == [[0, self.run.games]] || (self.run.games == 0 && self.ranges.is_empty())
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.ranges.iter().map(|[a, b]| b - a).sum()
    }

    /// The partial as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a partial report written by `--out`; errors name the file.
    pub fn read(path: &Path) -> Result<Partial, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        let p: Partial = serde_json::from_str(&text)
            .map_err(|e| format!("{shown}: not a partial report of `dzero sim --out` ({e})"))?;
        if p.format != FORMAT {
            return Err(format!(
                "{shown}: partial report format {}, this dzero reads format {FORMAT}",
                p.format
            ));
        }
        p.validate().map_err(|e| format!("{shown}: {e}"))?;
        Ok(p)
    }

    /// Checks that the counts have the shape the run implies: one or two players, a matchup
    /// per deck pairing and player assignment, a deck tally per deck, and sorted, disjoint,
    /// non-empty game ranges within the run.
    pub fn validate(&self) -> Result<(), String> {
        let run = &self.run;
        if run.decks.is_empty() || !(1..=2).contains(&run.players.len()) {
            return Err("a run has at least one deck and one or two players".into());
        }
        let matchups = crate::schedule::pairings(run.decks.len()).len() * run.players.len();
        if self.tallies.matchups.len() != matchups || self.tallies.decks.len() != run.decks.len() {
            return Err(format!(
                "{} matchup and {} deck tallies, but the run has {matchups} matchups and {} decks",
                self.tallies.matchups.len(),
                self.tallies.decks.len(),
                run.decks.len()
            ));
        }
        let mut at = 0;
        for &[a, b] in &self.ranges {
            if a < at || b <= a || b > run.games {
                return Err(format!(
                    "game range {a}..{b} is empty, out of order or beyond the run's {} games",
                    run.games
                ));
            }
            at = b;
        }
        Ok(())
    }

    /// Combines parts of one run (in any order) into one partial; parts of different runs, or
    /// overlapping parts, are an error naming the part (by its index in `names`).
    pub fn merge(parts: Vec<Partial>, names: &[String]) -> Result<Partial, String> {
        let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("part {i}"));
        for (i, p) in parts.iter().enumerate() {
            p.validate().map_err(|e| format!("{}: {e}", name(i)))?;
        }
        let mut parts = parts.into_iter().enumerate();
        let (_, mut out) = parts.next().ok_or("no partial reports to merge")?;
        for (i, p) in parts {
            if let Some(d) = out.run.difference(&p.run) {
                return Err(format!(
                    "{} is a part of a different run than {} ({d})",
                    name(i),
                    name(0)
                ));
            }
            let mut ranges = out.ranges.clone();
            ranges.extend(&p.ranges);
            ranges.sort_unstable();
            let mut joined: Vec<[u64; 2]> = Vec::new();
            for r in ranges {
                match joined.last_mut() {
                    Some(last) if r[0] < last[1] => {
                        return Err(format!(
                            "{} counts games {}..{} that another part already counts",
                            name(i),
                            r[0],
                            last[1].min(r[1])
                        ));
                    }
                    Some(last) if r[0] == last[1] => last[1] = r[1],
                    _ => joined.push(r),
                }
            }
            out.ranges = joined;
            out.tallies.add(&p.tallies);
        }
        Ok(out)
    }

    /// The game numbers not counted, as `a..b` ranges.
    pub fn missing(&self) -> Vec<String> {
        let mut at = 0;
        let mut gaps = Vec::new();
        for &[a, b] in &self.ranges {
            if a > at {
                gaps.push(format!("{at}..{a}"));
            }
            at = b;
        }
        if at < self.run.games {
            gaps.push(format!("{at}..{}", self.run.games));
        }
        gaps
    }
}
