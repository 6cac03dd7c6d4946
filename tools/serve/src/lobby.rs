//! The lobby: the served deck lists, the running games and their seat tokens.

use crate::dimension_lists::{self, DimensionOffer, SetLists};
use crate::limits::Limits;
use crate::protocol::DeckInfo;
use crate::session::{self, Command, GameSetup};
use crate::validation::{ServedSet, Validation};
use dzero_ai::PlayerSpec;
use dzero_core::{Game, Player, RuleSet};
use dzero_replay::{Replay, ReplayFile};
use dzero_sim::DeckFiles;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

/// The opponents the lobby offers: a second human, or AI players at several strengths.
pub const OPPONENTS: [&str; 6] = [
    "human",
    "random",
    "greedy",
    "mcts:100",
    "mcts:400",
    "mcts:1600",
];

/// A served deck list.
#[derive(Clone, Debug)]
struct DeckEntry {
    info: DeckInfo,
    file: PathBuf,
}

/// A running game.
struct Running {
    commands: mpsc::Sender<Command>,
    tokens: [String; 2],
}

/// The server's state: the served sets, their deck lists and the running games.
pub struct Server {
    /// The rule set games and scenarios play under instead of their sets' (`--rules`).
    rules: Option<RuleSet>,
    sets: Vec<ServedSet>,
    /// Held while a validation runs: pages asking at once are answered one after another.
    validating: Mutex<()>,
    decks: Vec<DeckEntry>,
    /// Per served set: its dimension deck lists.
    dimensions: Vec<SetLists>,
    games: Mutex<HashMap<u64, Running>>,
    next_game: AtomicU64,
    next_conn: AtomicU64,
    /// WebSocket connections open now.
    open: AtomicUsize,
    limits: Limits,
    /// The served set folders and the folders of the sets they require.
    watched: Vec<PathBuf>,
}

/// A request for a new game, as the lobby receives it.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Indices into the deck list, seat 1's first.
    pub decks: [usize; 2],
    /// The page's seat.
    pub seat: Player,
    /// `human` or a player spec.
    pub opponent: String,
    /// The seed, if chosen.
    pub seed: Option<u64>,
    /// Whether to play a best-of-three match (R2.4) rather than one game.
    pub matched: bool,
    /// The name of the host set's dimension deck list to play (R19.2), if chosen.
    pub dimensions: Option<String>,
}

/// A seat a page was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The game.
    pub game: u64,
    /// The seat.
    pub seat: Player,
    /// The seat's token.
    pub token: String,
    /// The other seat's token, when a human plays it.
    pub invite: Option<String>,
}

impl Server {
    /// The deck lists of the sets under `paths` (sets or folders of sets), games played under
    /// `rules` instead of their sets' rule sets when given (`--rules`, as are scenarios that
    /// name none); an error when a set does not load or there is no deck list at all.
    pub fn new(paths: &[PathBuf], rules: Option<RuleSet>) -> Result<Server, String> {
        if let Some(missing) = paths.iter().find(|p| !p.is_dir()) {
            return Err(format!("{}: no such set folder", missing.display()));
        }
        let mut decks = Vec::new();
        let mut dimensions = Vec::new();
        let mut sets = Vec::new();
        let mut watched: Vec<PathBuf> = Vec::new();
        for dir in paths.iter().flat_map(|p| dzero_cardpool::set_dirs(p)) {
            let loaded = dzero_cardpool::load_set(&dir);
            let set = loaded.set.ok_or_else(|| {
                format!(
                    "{}: the set does not load ({} problem(s); run `dzero validate`)",
                    dir.display(),
                    loaded.problems.len()
                )
            })?;
            for d in &set.decks {
                decks.push(DeckEntry {
                    info: DeckInfo {
                        set: set.id.clone(),
                        name: d.name.clone(),
                    },
                    file: dir.join("decks").join(format!("{}.txt", d.name)),
                });
            }
            for d in std::iter::once(&dir).chain(set.required.iter().map(|r| &r.dir)) {
                if !watched.contains(d) {
                    watched.push(d.clone());
                }
            }
            dimensions.push(SetLists::new(&set, rules));
            sets.push(ServedSet::new(dir, set.id.clone()));
        }
        if decks.is_empty() {
            return Err(format!(
                "no deck lists in {}: give set folders with decks/*.txt",
                paths
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(Server {
            rules,
            sets,
            validating: Mutex::new(()),
            decks,
            dimensions,
            games: Mutex::new(HashMap::new()),
            next_game: AtomicU64::new(1),
            next_conn: AtomicU64::new(1),
            open: AtomicUsize::new(0),
            limits: Limits::default(),
            watched,
        })
    }

    /// The server with `limits` instead of the default ones.
    pub fn with_limits(mut self, limits: Limits) -> Server {
        self.limits = limits;
        self
    }

    /// The server's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The games running now (a game whose thread ended is let go of here).
    pub fn tables(&self) -> usize {
        let mut games = self.lock();
        games.retain(|_, g| g.commands.send(Command::Ping).is_ok());
        games.len()
    }

    /// Counts a new WebSocket connection; `None` when [`Limits::max_connections`] are open.
    pub fn open_connection(self: &Arc<Self>) -> Option<OpenConnection> {
        let max = self.limits.max_connections;
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()?;
        Some(OpenConnection(Arc::clone(self)))
    }

    /// The WebSocket connections open now.
    pub fn connections(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }

    /// The deck lists offered.
    pub fn decks(&self) -> Vec<DeckInfo> {
        self.decks.iter().map(|d| d.info.clone()).collect()
    }

    /// The served sets' dimension deck lists, one offer per set.
    pub fn dimensions(&self) -> Vec<DimensionOffer> {
        self.dimensions.iter().map(|s| s.offer().clone()).collect()
    }

    /// `dzero validate` over the served sets, and only those (blocking: it loads Lua); one
    /// validation runs at a time.
    pub fn validate(&self) -> Validation {
        let _one = self
            .validating
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        crate::validation::validate(&self.sets)
    }

    /// The rule set given instead of the sets' (`--rules`), if any.
    pub fn rules(&self) -> Option<RuleSet> {
        self.rules
    }

    /// The served set folders.
    pub fn served(&self) -> &[ServedSet] {
        &self.sets
    }

    /// A fresh connection number.
    pub fn connection(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Starts a game (blocking: it loads the set); the page's seat ticket.
    pub fn create(&self, req: &NewGame) -> Result<Ticket, String> {
        let file = |i: usize| {
            self.decks
                .get(i)
                .map(|d| d.file.clone())
                .ok_or_else(|| format!("no deck {i}: the lobby lists {} decks", self.decks.len()))
        };
        let files = [file(req.decks[0])?, file(req.decks[1])?];
        let seed = match req.seed {
            Some(s) => s,
            None => u64::from_le_bytes(random_bytes()?),
        };
        let decks = DeckFiles::resolve(&files, self.rules)?;
        let decks = dimension_lists::choose(&self.dimensions, decks, req.dimensions.as_deref())?;
        self.launch(decks, req.seat, &req.opponent, seed, None, req.matched)
    }

    /// Goes on with a saved game (a replay file's text) with the page at `seat` and
    /// `opponent` at the other (blocking: it loads the set and plays the saved decisions).
    pub fn load(&self, text: &str, seat: Player, opponent: &str) -> Result<Ticket, String> {
        let (saved, _) = self.replay(text)?;
        let files = saved.decks.each_ref().map(|d| d.file.clone());
        let decks = DeckFiles::resolve(&files, Some(saved.rules))?;
        self.launch(
            decks,
            seat,
            opponent,
            saved.seed,
            Some(Box::new(saved)),
            false,
        )
    }

    /// A replay file's text, checked to play only decks this server serves (nothing else is
    /// ever read for a page), and its two decks as the lobby lists them.
    pub fn replay(&self, text: &str) -> Result<(Replay, [DeckInfo; 2]), String> {
        let saved = Replay::parse(Path::new("the replay file"), text).map_err(|e| e.to_string())?;
        let decks = [
            self.served_deck(&saved.decks[0].file)?,
            self.served_deck(&saved.decks[1].file)?,
        ];
        Ok((saved, decks))
    }

    /// A replay file's text of either kind (one duel or a whole match), checked as
    /// [`Server::replay`] checks one duel's.
    pub fn replay_file(&self, text: &str) -> Result<(ReplayFile, [DeckInfo; 2]), String> {
        let file =
            ReplayFile::parse(Path::new("the replay file"), text).map_err(|e| e.to_string())?;
        let files = match &file {
            ReplayFile::Duel(r) => [&r.decks[0].file, &r.decks[1].file],
            ReplayFile::Match(m) => [&m.decks[0].file, &m.decks[1].file],
        };
        let decks = [self.served_deck(files[0])?, self.served_deck(files[1])?];
        Ok((file, decks))
    }

    /// The served deck list `file` names, as the lobby lists it.
    fn served_deck(&self, file: &Path) -> Result<DeckInfo, String> {
        file.canonicalize()
            .ok()
            .and_then(|f| {
                self.decks
                    .iter()
                    .find(|d| d.file.canonicalize().is_ok_and(|g| g == f))
            })
            .map(|d| d.info.clone())
            .ok_or_else(|| {
                format!(
                    "the replay's deck {} is not served here: serve its set to open it",
                    file.display()
                )
            })
    }

    /// Starts a game's thread (a match's when `matched`) with the page at `seat`.
    fn launch(
        &self,
        decks: DeckFiles,
        seat: Player,
        opponent: &str,
        seed: u64,
        saved: Option<Box<Replay>>,
        matched: bool,
    ) -> Result<Ticket, String> {
        let opponent = if opponent == "human" {
            None
        } else {
            Some(opponent.parse::<PlayerSpec>()?)
        };
        let mut ai = [None, None];
        ai[seat.opponent().index()] = opponent;
        {
            let mut games = self.lock();
            games.retain(|_, g| g.commands.send(Command::Ping).is_ok());
            let max = self.limits.max_games;
            if games.len() >= max {
                return Err(format!(
                    "{max} games are running: finish one before starting another"
                ));
            }
        }
        let commands = session::start(GameSetup {
            decks,
            ai,
            seed,
            saved,
            matched,
            abandoned: self.limits.abandoned,
        })?;
        let tokens = [token()?, token()?];
        let game = self.next_game.fetch_add(1, Ordering::Relaxed);
        let ticket = Ticket {
            game,
            seat,
            token: tokens[seat.index()].clone(),
            invite: opponent
                .is_none()
                .then(|| tokens[seat.opponent().index()].clone()),
        };
        self.lock().insert(game, Running { commands, tokens });
        Ok(ticket)
    }

    /// The command channel of `game` for the page holding `token` for `seat`.
    pub fn seat(
        &self,
        game: u64,
        seat: Player,
        token: &str,
    ) -> Result<mpsc::Sender<Command>, String> {
        let games = self.lock();
        let g = games
            .get(&game)
            .ok_or_else(|| format!("no game {game} is running"))?;
        if g.tokens[seat.index()] != token {
            return Err(format!(
                "wrong token for seat {} of game {game}",
                seat_number(seat)
            ));
        }
        Ok(g.commands.clone())
    }

    /// A copy of `game`'s state as the server holds it (hidden cards included): for tests
    /// and tools, never sent to a page.
    pub fn snapshot(&self, game: u64) -> Option<Game> {
        let commands = self.lock().get(&game)?.commands.clone();
        let (tx, rx) = mpsc::channel();
        commands.send(Command::Snapshot(tx)).ok()?;
        rx.recv().ok()
    }

    /// The folders whose files the running games are reloaded from: the served sets and the
    /// sets they require.
    pub fn watched(&self) -> &[PathBuf] {
        &self.watched
    }

    /// Tells every running game that files changed (a watcher's batch): each reloads its set
    /// between actions and tells its pages what changed.
    pub fn files_changed(&self, paths: &[PathBuf]) {
        let paths: Vec<PathBuf> = paths.iter().map(|p| canonical(p)).collect();
        self.lock()
            .retain(|_, g| g.commands.send(Command::Reload(paths.clone())).is_ok());
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Running>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// One open WebSocket connection, counted until it is dropped.
pub struct OpenConnection(Arc<Server>);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A seat's number on the page: 1 or 2.
pub fn seat_number(p: Player) -> u8 {
    p.index() as u8 + 1
}

/// The seat numbered 1 or 2.
pub fn seat_of(n: u8) -> Result<Player, String> {
    match n {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        _ => Err(format!("no seat {n}: seats are 1 and 2")),
    }
}

fn random_bytes() -> Result<[u8; 8], String> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness: {e}"))?;
    Ok(b)
}

/// An unguessable seat token (128 random bits, hex).
fn token() -> Result<String, String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// `path` made absolute and free of links, as the reloaders compare paths; a deleted file's
/// folder is resolved instead.
pub fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or_else(|_| path.to_owned()),
        _ => path.to_owned(),
    }
}
