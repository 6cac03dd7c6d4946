//! The lines that end a game's output: its result, or where a re-run diverged from its
//! recording and which card files changed since.

use dzero_cardpool::CardSet;
use dzero_core::{Game, GameResult};
use dzero_replay::{Divergence, Replay};
use dzero_text::{Lang, Text};

/// The result line of a game that ended (or not).
pub fn result_line(result: Option<GameResult>, game: &Game, actions: u32) -> String {
    match result {
        Some(GameResult::Win(p)) => format!(
            "result: {p} wins on turn {} after {actions} actions",
            game.turn()
        ),
        Some(GameResult::Draw) => {
            format!(
                "result: draw on turn {} after {actions} actions",
                game.turn()
            )
        }
        None => format!("result: unfinished after {actions} actions"),
    }
}

/// Says where the re-run diverged, with the step's action, and which card files changed.
pub fn report(replay: &Replay, set: &CardSet, states: &[Game], d: &Divergence, lang: Lang) {
    say!("diverged: {d}");
    let n = d.step();
    if let (Some(step), Some(before)) = (
        n.checked_sub(1).and_then(|i| replay.steps.get(i)),
        n.checked_sub(1).and_then(|i| states.get(i)),
    ) {
        say!(
            "  recorded action: {}",
            Text::new(before, &set.db, lang).action(&step.action)
        );
    }
    match replay.changed_files(set) {
        Ok(changes) if changes.is_empty() => {
            say!("no card or script file changed since the recording (the engine did?)")
        }
        Ok(changes) => {
            say!("card files changed since the recording:");
            for c in changes {
                say!("  {c}");
            }
        }
        Err(e) => say!("the card files cannot be compared: {e}"),
    }
}
