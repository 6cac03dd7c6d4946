//! `dzero play`: a random game between the Rust fixture decks, played through the simulator's
//! one play-out loop. (The fixture decks stay until the sets' deck lists replace
//! them, issue 14.)

use dzero_core::{Action, CardDb, Event, Game, GameResult, Player, RuleSet};
use dzero_sim::{PlayError, PlayOptions, RandomPlayer, Watch, play_with};
use dzero_text::{Lang, Text};
use std::process::ExitCode;

/// Prints each action's events and each answered choice as a readable log.
struct Narrator<'a> {
    db: &'a CardDb,
}

impl Narrator<'_> {
    /// Prints the events of the last step.
    fn log(&self, g: &Game) {
        let text = Text::new(g, self.db, Lang::En);
        for e in g.events() {
            // Passes and phase ends are implied by the next line of the log.
            if !matches!(e, Event::Passed { .. } | Event::PhaseEnded { .. }) {
                say!("{}", text.event(e));
            }
        }
    }
}

impl Watch for Narrator<'_> {
    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        if let (Action::Choose(i), Some(c)) = (action, game.choice())
            && let Some(o) = c.options.get(usize::from(*i))
        {
            let text = Text::new(game, self.db, Lang::En);
            say!(
                "{seat} chooses {} ({})",
                text.option(o),
                text.question(&c.question)
            );
        }
    }

    fn after(&mut self, game: &Game) {
        self.log(game);
    }
}

/// Plays one seeded game between the fixture decks, printing the log (unless `quiet`) and the
/// result.
pub fn play(seed: u64, quiet: bool, max_actions: u32) -> ExitCode {
    let db = dzero_fixtures::card_db();
    let red = dzero_fixtures::deck_red(&db);
    let blue = dzero_fixtures::deck_blue(&db);
    let game = match Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut players = [
        RandomPlayer::new(seed ^ 0x5eed_0001),
        RandomPlayer::new(seed ^ 0x5eed_0002),
    ];
    let opts = PlayOptions {
        conservation: false,
        max_actions,
        ..PlayOptions::default()
    };
    let narrated = if quiet {
        play_with(&db, game, &mut players, opts, &mut ())
    } else {
        say!("dzero: seed {seed}; P1 plays the red fixture deck, P2 the blue one");
        say!("{} goes first", game.first_player());
        let mut narrator = Narrator { db: &db };
        narrator.log(&game);
        play_with(&db, game, &mut players, opts, &mut narrator)
    };
    let out = match narrated {
        Ok(out) => out,
        Err(PlayError::TooLong { actions }) => {
            say!("stopped after {actions} actions without a result");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (game, actions) = (out.game, out.actions);
    match game.result() {
        Some(GameResult::Win(p)) => say!(
            "result: {p} wins on turn {} after {actions} actions",
            game.turn()
        ),
        Some(GameResult::Draw) => say!(
            "result: draw on turn {} after {actions} actions",
            game.turn()
        ),
        None => say!("result: unfinished"),
    }
    ExitCode::SUCCESS
}
