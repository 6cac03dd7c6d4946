//! Balance reports (`dzero sim`): many games between deck lists with chosen players on every
//! core, counted as integers ([`Tallies`]) so that shards of a run merge into exactly the counts
//! of the whole run ([`Partial`]), and rendered as a [`Report`]: text, JSON, CSV or one HTML page.

pub mod html;
pub mod matches;
pub mod partial;
pub mod record;
pub mod report;
pub mod run;
pub mod schedule;
pub mod tally;
pub mod text;

pub use matches::{MatchRecord, play_match_game};
pub use partial::{Partial, RunDeck, RunId};
pub use record::{Duel, GameRecord, World, play_game};
pub use report::{
    CardReport, DeckReport, Lengths, MatchReport, MatchReports, Matchup, Report, wilson,
};
pub use run::{MAX_ACTIONS, SimOptions, parse_players, run};
pub use schedule::{Seating, Shard, game_seed, pairings, seating};
pub use tally::{CardTally, DeckTally, MatchTally, Outcome, Tallies, Tally};
