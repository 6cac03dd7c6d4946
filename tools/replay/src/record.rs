//! Recording a game as it is played: [`Recorder`] watches [`dzero_sim::play_with`] and
//! becomes a [`Replay`].

use crate::format::{DeckList, FORMAT_VERSION, FileHash, Replay, Step, hash_hex};
use dzero_cardpool::{CardSet, CardSource};
use dzero_core::{Action, DefId, Game, Player, RuleSet};
use dzero_sim::{Watch, state_hash};
use sha2::{Digest, Sha256};
use std::path::Path;

/// Records a game's decisions and state hashes as it is played; pass it as the `watch` of
/// [`dzero_sim::play_with`] and [`Recorder::finish`] it when play stops.
pub struct Recorder {
    replay: Replay,
    /// The names of the set's dimension-deck cards, to record a dimension deck by name.
    dimension_names: Vec<(DefId, String)>,
}

impl Recorder {
    /// Starts recording `game`, just set up with `seed` from `decks` (each deck file with its
    /// cards in list order) in `set`'s card database, between `players` (spec strings or
    /// `human`).
    pub fn new(
        set: &CardSet,
        decks: [(&Path, &[DefId]); 2],
        seed: u64,
        players: [String; 2],
        game: &Game,
    ) -> Result<Recorder, String> {
        let mut recorder =
            Recorder::with_files(card_files(set)?, set, decks, seed, players, *game.rules())?;
        recorder.start(game);
        Ok(recorder)
    }

    /// A recorder for a game not yet set up, the set's card files already hashed
    /// ([`card_files`], once for many games): [`dzero_sim::play_with`] shows it the set-up game
    /// when play starts.
    pub fn with_files(
        files: Vec<FileHash>,
        set: &CardSet,
        decks: [(&Path, &[DefId]); 2],
        seed: u64,
        players: [String; 2],
        rules: RuleSet,
    ) -> Result<Recorder, String> {
        let deck = |(file, cards): (&Path, &[DefId])| -> Result<DeckList, String> {
            let file = file
                .canonicalize()
                .map_err(|e| format!("{}: {e}", file.display()))?;
            let cards = cards
                .iter()
                .map(|&d| {
                    set.db
                        .get(d)
                        .map(|def| def.name.clone())
                        .ok_or_else(|| format!("{}: card {d:?} is not in the set", file.display()))
                })
                .collect::<Result<_, _>>()?;
            Ok(DeckList { file, cards })
        };
        let dimension_names = set
            .db
            .iter()
            .filter(|(_, def)| def.kind.in_dimension_deck())
            .map(|(d, def)| (d, def.name.clone()))
            .collect();
        Ok(Recorder {
            dimension_names,
            replay: Replay {
                version: FORMAT_VERSION,
                seed,
                rules,
                decks: [deck(decks[0])?, deck(decks[1])?],
                dimensions: Vec::new(),
                files,
                players,
                setup: String::new(),
                steps: Vec::new(),
                result: None,
            },
        })
    }

    /// The replay of the game so far, ended as `game` stands (its result, if any).
    pub fn finish(mut self, game: &Game) -> Replay {
        self.replay.result = game.result();
        self.replay
    }

    /// The replay of the game so far, as `game` stands; recording goes on.
    pub fn current(&self, game: &Game) -> Replay {
        let mut replay = self.replay.clone();
        replay.result = game.result();
        replay
    }

    /// The number of decisions recorded.
    pub fn steps(&self) -> usize {
        self.replay.steps.len()
    }

    /// Forgets the decisions after the first `steps` (the game was taken back to that point).
    pub fn rewind(&mut self, steps: usize) {
        self.replay.steps.truncate(steps);
        self.replay.result = None;
    }

    /// The replay of a game stopped before its end (a last action that was refused is left
    /// out).
    pub fn stopped(mut self) -> Replay {
        if self.replay.steps.last().is_some_and(|s| s.hash.is_empty()) {
            self.replay.steps.pop();
        }
        self.replay
    }
}

impl Watch for Recorder {
    fn start(&mut self, game: &Game) {
        self.replay.setup = hash_hex(state_hash(game));
        let name = |d: DefId| {
            self.dimension_names
                .iter()
                .find(|(id, _)| *id == d)
                .map_or_else(|| format!("{d:?}"), |(_, n)| n.clone())
        };
        self.replay.dimensions = game.dimension_list().into_iter().map(name).collect();
    }

    fn before(&mut self, _game: &Game, seat: Player, action: &Action) {
        self.replay.steps.push(Step {
            seat,
            action: action.clone(),
            hash: String::new(),
        });
    }

    fn after(&mut self, game: &Game) {
        if let Some(step) = self.replay.steps.last_mut() {
            step.hash = hash_hex(state_hash(game));
        }
        self.replay.result = game.result().or(self.replay.result);
    }
}

/// Two watches in turn (a recorder and a log).
pub struct Both<'a, A: Watch, B: Watch>(pub &'a mut A, pub &'a mut B);

impl<A: Watch, B: Watch> Watch for Both<'_, A, B> {
    fn start(&mut self, game: &Game) {
        self.0.start(game);
        self.1.start(game);
    }

    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        self.0.before(game, seat, action);
        self.1.before(game, seat, action);
    }

    fn after(&mut self, game: &Game) {
        self.0.after(game);
        self.1.after(game);
    }
}

/// Every card file and script file of `set` and the sets it builds on, with its SHA-256,
/// sorted by set and path.
pub fn card_files(set: &CardSet) -> Result<Vec<FileHash>, String> {
    let own = std::iter::once((&set.id, &set.dir, &set.cards));
    let required = set.required.iter().map(|r| (&r.id, &r.dir, &r.cards));
    let mut files = Vec::new();
    for (id, dir, cards) in own.chain(required) {
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.clone());
        for path in cards
            .iter()
            .flat_map(|c: &CardSource| std::iter::once(c.file.as_path()).chain(c.script.as_deref()))
        {
            let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let inside = path.strip_prefix(&dir).unwrap_or(&path);
            files.push(FileHash {
                set: id.clone(),
                path: inside
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/"),
                sha256: hex(&Sha256::digest(&bytes)),
            });
        }
    }
    files.sort_by(|a, b| (&a.set, &a.path).cmp(&(&b.set, &b.path)));
    files.dedup();
    Ok(files)
}

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
