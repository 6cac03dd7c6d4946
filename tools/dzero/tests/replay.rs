//! Replays and `dzero play` through the built program: recorded games re-run identically in a
//! fresh process, an edited card is named with the first diverging step, and a human at a
//! (piped) terminal plays a game to its end against an AI.

mod piped;

use dzero_ai::PlayerSpec;
use dzero_core::{Action, Game, GameResult, Pick, Use};
use dzero_replay::{Recorder, Replay, hash_hex};
use dzero_sim::playout::player_seeds;
use dzero_sim::{DeckFiles, PlayOptions, play_with, state_hash};
use piped::{dzero, play_between};
use std::path::{Path, PathBuf};

/// The AI players these tests play with.
const AI: &str = "random";
/// The players of the edited-card game: random play reaches the edited card's power in the
/// recorded game (greedy's short games at this seed never ask it).
const EDITED_GAME_PLAYERS: &str = "random";

/// The bundled sets.
fn sets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets")
}

/// The result line `dzero play` and `dzero replay` print for a game.
fn result_line(game: &Game, actions: usize) -> String {
    match game.result() {
        Some(GameResult::Win(p)) => format!(
            "result: {p} wins on turn {} after {actions} actions",
            game.turn()
        ),
        Some(GameResult::Draw) => format!(
            "result: draw on turn {} after {actions} actions",
            game.turn()
        ),
        None => format!("result: unfinished after {actions} actions"),
    }
}

/// Plays and records one game of `AI` players between `decks` with `seed`.
fn record(decks: &[PathBuf; 2], seed: u64) -> (Replay, String) {
    let found = DeckFiles::resolve(decks, None).unwrap();
    let (set, lists) = found.load().unwrap();
    let game = Game::new(
        &set.db,
        found.rules,
        [&lists[0].cards, &lists[1].cards],
        seed,
    )
    .unwrap();
    let spec: PlayerSpec = AI.parse().unwrap();
    let seeds = player_seeds(seed);
    let mut players = [spec.player(seeds[0]), spec.player(seeds[1])];
    let mut recorder = Recorder::new(
        &set,
        [0, 1].map(|i| (decks[i].as_path(), lists[i].cards.as_slice())),
        seed,
        [AI.to_string(), AI.to_string()],
        &game,
    )
    .unwrap();
    let out = play_with(
        &set.db,
        game,
        &mut players,
        PlayOptions::default(),
        &mut recorder,
    )
    .unwrap();
    let line = result_line(&out.game, out.actions as usize);
    (recorder.finish(&out.game), line)
}

#[test]
fn a_hundred_replays_rerun_identically_in_a_fresh_process() {
    let dir = tempfile::tempdir().unwrap();
    let s = sets();
    let pairs = [
        [
            s.join("d0-sample/decks/赤緑.txt"),
            s.join("d0-sample/decks/黒白.txt"),
        ],
        [
            s.join("touhou-sample/decks/黒青.txt"),
            s.join("touhou-sample/decks/紅白.txt"),
        ],
    ];
    let mut games = Vec::new();
    for seed in 0..100u64 {
        let [a, b] = &pairs[(seed % 2) as usize];
        let decks = if seed % 4 < 2 {
            [a.clone(), b.clone()]
        } else {
            [b.clone(), a.clone()]
        };
        let (replay, line) = record(&decks, seed);
        assert!(replay.result.is_some(), "game {seed} did not end");
        let file = dir.path().join(format!("game{seed}.json"));
        replay.write(&file).unwrap();
        assert_eq!(Replay::read(&file).unwrap(), replay);
        games.push((file, line, replay.steps.len()));
    }
    std::thread::scope(|scope| {
        for half in games.chunks(50) {
            scope.spawn(move || {
                for (file, line, steps) in half {
                    let out = dzero(&["replay", file.to_str().unwrap()], "");
                    let stdout = String::from_utf8_lossy(&out.stdout);
                    assert!(out.status.success(), "{}:\n{stdout}", file.display());
                    let tail: Vec<&str> = stdout.lines().rev().take(2).collect();
                    assert_eq!(
                        tail,
                        [
                            format!(
                                "replay verified: every state hash of the {steps} steps matches"
                            ),
                            line.clone()
                        ],
                        "{}",
                        file.display()
                    );
                }
            });
        }
    });
}

/// The first step (from 1) whose action is refused or whose state hash differs when `replay`
/// is played with the cards of the set in `dir`, found step by step here.
fn first_divergence(replay: &Replay, deck_dir: &Path) -> usize {
    let files = replay.decks.each_ref().map(|d| d.file.clone());
    let found = DeckFiles::resolve(&files, None).unwrap();
    let (set, lists) = found.load().unwrap();
    assert_eq!(found.host, deck_dir.canonicalize().unwrap());
    let mut game = Game::new(
        &set.db,
        replay.rules,
        [&lists[0].cards, &lists[1].cards],
        replay.seed,
    )
    .unwrap();
    assert_eq!(hash_hex(state_hash(&game)), replay.setup);
    for (i, step) in replay.steps.iter().enumerate() {
        if game.apply(&set.db, step.action.clone()).is_err()
            || hash_hex(state_hash(&game)) != step.hash
        {
            return i + 1;
        }
    }
    panic!("the edited card changed nothing in this game");
}

#[test]
fn an_edited_card_names_the_first_diverging_step_and_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("d0-sample");
    dzero_fixtures::copy_dir(&sets().join("d0-sample"), &set).unwrap();
    let file = dir.path().join("game.json");
    let played = play_between(
        &set.join("decks"),
        &[
            "--p1",
            EDITED_GAME_PLAYERS,
            "--p2",
            EDITED_GAME_PLAYERS,
            "--seed",
            "3",
            "--save",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(played.status.success());
    let clean = dzero(&["replay", file.to_str().unwrap()], "");
    assert!(clean.status.success());

    let cards = set.join("cards/rulebook.toml");
    let text = std::fs::read_to_string(&cards).unwrap();
    let edited = text.replacen(
        "name = \"狼王ロボ\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"ビースト\"\ntiming = \"quick\"\ncost = \"赤2 無2\"\nmove_cost = \"無1\"\npower = 5000",
        "name = \"狼王ロボ\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"ビースト\"\ntiming = \"quick\"\ncost = \"赤2 無2\"\nmove_cost = \"無1\"\npower = 500",
        1,
    );
    assert_ne!(edited, text, "the card to edit was not found");
    std::fs::write(&cards, edited).unwrap();

    let replay = Replay::read(&file).unwrap();
    let step = first_divergence(&replay, &set);
    let out = dzero(&["replay", file.to_str().unwrap()], "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with(&format!("diverged: step {step} ("))),
        "step {step} not named:\n{stdout}"
    );
    let changed: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "card files changed since the recording:")
        .skip(1)
        .collect();
    assert_eq!(changed, ["  d0-sample/cards/rulebook.toml: changed"]);
}

#[test]
fn a_human_at_a_piped_terminal_plays_to_the_end_against_the_ai() {
    let d = sets().join("d0-sample/decks");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("human.json");
    let keys = format!("x\n0\n99\nh\n\n{}", "1\n".repeat(5000));
    let out = play_between(
        &d,
        &[
            "--p1",
            "human",
            "--p2",
            AI,
            "--seed",
            "5",
            "--save",
            file.to_str().unwrap(),
        ],
        &keys,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for hint in [
        "`x` is not an action: type its number, `N p` to pay by hand, h for help, q to quit",
        "no action 0: type a number from 1 to",
        "no action 99: type a number from 1 to",
        "N p    the same, paying the energy by hand: the energy cards are offered one by one",
        "type an action's number from 1 to",
    ] {
        assert!(stdout.contains(hint), "no hint `{hint}`");
    }
    // The human's board shows their hand, never the opponent's.
    assert!(stdout.contains("\nhand: "));
    let replay = Replay::read(&file).unwrap();
    assert!(replay.result.is_some(), "the game did not end");
    let last = stdout.lines().rev().nth(1).unwrap();
    assert!(
        last.starts_with("result: ")
            && last.ends_with(&format!("after {} actions", replay.steps.len())),
        "{last}"
    );
    assert_eq!(replay.players, ["human".to_string(), AI.to_string()]);
    let rerun = dzero(&["replay", file.to_str().unwrap()], "");
    assert!(rerun.status.success());
}

#[test]
fn end_of_input_ends_the_game_cleanly_and_saves_it() {
    let d = sets().join("d0-sample/decks");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("quit.json");
    let out = play_between(
        &d,
        &["--p2", AI, "--save", file.to_str().unwrap()],
        "1\n1\n1\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let replay = Replay::read(&file).unwrap();
    assert_eq!(replay.result, None);
    assert_eq!(
        replay.steps.iter().filter(|s| s.seat.index() == 0).count(),
        3
    );
    assert!(stdout.contains(&format!("quit after {} actions", replay.steps.len())));
    let rerun = dzero(&["replay", file.to_str().unwrap()], "");
    let text = String::from_utf8_lossy(&rerun.stdout);
    assert!(rerun.status.success(), "{text}");
    assert!(text.contains(&format!(
        "result: unfinished after {} actions",
        replay.steps.len()
    )));
}

#[test]
fn bad_arguments_and_files_give_clear_errors() {
    let out = dzero(&["replay", "/nonexistent/r.json"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: /nonexistent/r.json: "));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"version\": 1,\n\"seed\": x}").unwrap();
    let out = dzero(&["replay", bad.to_str().unwrap()], "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}:2:9: not a dzero replay: expected value\n",
            bad.display()
        )
    );
    let d = sets().join("d0-sample/decks/赤緑.txt");
    let out = dzero(&["play", "--deck", d.to_str().unwrap()], "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: give two deck lists (--deck SET/decks/A.txt --deck SET/decks/B.txt), not 1\n"
    );
    let out = dzero(
        &["play", "--deck", d.to_str().unwrap(), "--p1", "wizard"],
        "",
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "unknown player `wizard`: expected random, greedy, mcts, mcts:N (play-outs) or mcts:Nms, or human"
        )
    );
}

#[test]
fn stepping_through_a_replay_moves_back_and_jumps_to_a_turn() {
    let s = sets();
    let decks = [
        s.join("d0-sample/decks/赤緑.txt"),
        s.join("d0-sample/decks/黒白.txt"),
    ];
    let (replay, _) = record(&decks, 8);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("step.json");
    replay.write(&file).unwrap();
    let out = dzero(
        &["replay", file.to_str().unwrap(), "--step"],
        "\n\nb\nt 2\nzz\nt 99\nq\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let headers: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("== "))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let turn2 = headers.last().unwrap().to_string();
    assert_eq!(
        headers,
        [
            "== setup",
            "== step 1",
            "== step 2",
            "== step 1",
            turn2.as_str()
        ]
    );
    let after_jump = &stdout[stdout.rfind("\n== ").unwrap()..];
    assert!(after_jump.contains("\nTurn 2, "), "{after_jump}");
    assert!(stdout.contains("Enter: next step, b: back, t N: turn N, q: quit"));
    assert!(stdout.contains("no turn 99: the game has turns 1 to"));
}

#[test]
fn stepping_goes_through_an_announcement_piece_by_piece() {
    let s = sets();
    let decks = [
        s.join("d0-sample/decks/赤緑.txt"),
        s.join("d0-sample/decks/黒白.txt"),
    ];
    let (replay, _) = record(&decks, 8);
    // The first play announced and made: the pieces picked after it, the last committing it.
    let picks = |from: usize| {
        replay.steps[from + 1..]
            .iter()
            .take_while(|s| matches!(s.action, Action::Pick(_)))
            .count()
    };
    let (first, pieces) = replay
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.action, Action::Announce(Use::Play { .. })))
        .map(|(i, _)| (i, picks(i)))
        .find(|&(i, n)| replay.steps[i + n].action != Action::Pick(Pick::Cancel))
        .unwrap();
    assert!(pieces > 0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("step.json");
    replay.write(&file).unwrap();
    let keys = "\n".repeat(first + 1 + pieces) + "q\n";
    let out = dzero(&["replay", file.to_str().unwrap(), "--step"], &keys);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // Before the first `== `: the replay's header; then the setup, then step 1 …
    let shown: Vec<&str> = stdout.split("\n== ").collect();
    let announced = shown[first + 2];
    assert!(
        announced.starts_with(&format!("step {}: ", first + 1)) && announced.contains(" play "),
        "{announced}"
    );
    // While the announcement is being made, the board shows it; its events come with the
    // piece that commits it.
    assert!(announced.contains("\nannouncing: "), "{announced}");
    let last = shown[first + 2 + pieces];
    assert!(
        last.starts_with(&format!("step {}: ", first + 1 + pieces)),
        "{last}"
    );
    assert!(!last.contains("\nannouncing: "), "{last}");
    assert!(last.contains("on the stack"), "{last}");
}
