//! `dzero replay MATCH-FILE`: re-runs a whole match duel by duel on the current cards (R2.4–
//! R2.6), printing each duel's swaps, first player and log, then the results; a match that no
//! longer plays the same names the first divergence.

use crate::game_report::{report, result_line};
use dzero_core::{Action, Game, GameResult, Player};
use dzero_replay::{Both, MatchDivergence, MatchDuel, MatchReplay, Narrator, SwapNames};
use dzero_sim::Watch;
use dzero_text::Lang;
use std::path::Path;
use std::process::ExitCode;

/// The states of the duel being re-run: after setup, then after each step.
struct DuelStates(Vec<Game>);

impl Watch for DuelStates {
    fn start(&mut self, game: &Game) {
        self.0.clear();
        self.0.push(game.clone());
    }

    fn before(&mut self, _game: &Game, _seat: Player, _action: &Action) {}

    fn after(&mut self, game: &Game) {
        self.0.push(game.clone());
    }
}

/// A swap as text: `out 2 A, 1 B; in …`, or `no swap`.
fn swap_text(s: &SwapNames) -> String {
    let counted = |names: &[String]| {
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for n in names {
            match seen.iter_mut().find(|(m, _)| *m == n.as_str()) {
                Some((_, k)) => *k += 1,
                None => seen.push((n.as_str(), 1)),
            }
        }
        seen.iter()
            .map(|(n, k)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if s.out.is_empty() {
        return "no swap".into();
    }
    format!("out {}; in {}", counted(&s.out), counted(&s.into))
}

/// The header line of a duel.
fn duel_header(k: usize, duel: &MatchDuel) -> String {
    let chooser = duel
        .chose
        .map_or_else(|| "at random".to_string(), |p| format!("chosen by {p}"));
    let mut line = format!("\nduel {k}: {} goes first ({chooser})", duel.first);
    if k > 1 {
        for p in Player::BOTH {
            line.push_str(&format!("; {p}: {}", swap_text(&duel.swaps[p.index()])));
        }
    }
    line
}

/// Re-runs the match `m` read from `file`, printing it duel by duel.
pub fn replay(file: &Path, m: &MatchReplay, lang: Lang) -> ExitCode {
    let set = match m.load_set() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    say!(
        "match replay {}: match seed {}, {} ({}) against {} ({}), {} duel(s)",
        file.display(),
        m.seed,
        m.decks[0].file.display(),
        m.players[0],
        m.decks[1].file.display(),
        m.players[1],
        m.duels.len()
    );
    let mut log = Narrator::all(&set.db, lang, std::io::stdout());
    let mut states = DuelStates(Vec::new());
    let rerun = m.rerun(&set, &mut Both(&mut log, &mut states), |_, k, duel| {
        say!("{}", duel_header(k, duel));
    });
    match rerun {
        Ok(games) => {
            for (k, (game, duel)) in games.iter().zip(&m.duels).enumerate() {
                let steps = u32::try_from(duel.replay.steps.len()).unwrap_or(u32::MAX);
                say!(
                    "duel {}: {}",
                    k + 1,
                    result_line(game.result(), game, steps)
                );
            }
            say!(
                "{}",
                match m.result {
                    Some(GameResult::Win(p)) => format!("match: {p} wins (R2.4)"),
                    Some(GameResult::Draw) => "match: a draw (A26)".to_string(),
                    None => "match: stopped before its end".to_string(),
                }
            );
            say!(
                "match replay verified: the swaps, first players and every state hash of the {} \
                 duel(s) match",
                games.len()
            );
            ExitCode::SUCCESS
        }
        Err(MatchDivergence::Play { duel, divergence }) => {
            say!("diverged in duel {duel}:");
            report(
                &m.duels[duel - 1].replay,
                &set,
                &states.0,
                &divergence,
                lang,
            );
            ExitCode::FAILURE
        }
        Err(d) => {
            say!("diverged: {d}");
            ExitCode::FAILURE
        }
    }
}
