//! Whole-match replays (R2.4–R2.6, A26): the file round-trips and is told from a single-duel
//! replay, malformed files are located, and a re-run names the first tampered swap, deck,
//! first player or result.

use dzero_ai::SideboardPlayer;
use dzero_cardpool::CardSet;
use dzero_core::{GameResult, Player};
use dzero_replay::{MatchDivergence, MatchRecorder, MatchReplay, ReplayFile};
use dzero_sim::matches::duel_seed;
use dzero_sim::{
    DeckFiles, MatchDeck, PlayOptions, RandomPlayer, match_result, play_match_with, play_with,
};
use std::path::{Path, PathBuf};

/// The two d0-sample deck files.
fn files() -> [PathBuf; 2] {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks");
    [decks.join("赤緑.txt"), decks.join("黒白.txt")]
}

/// The d0-sample set and a recorded match of random duels on its decks, the AI swapping.
fn recorded(seed: u64) -> (CardSet, MatchReplay) {
    let files = files();
    let found = DeckFiles::resolve(&files, None).unwrap();
    let (set, lists) = found.load().unwrap();
    let decks = [0, 1].map(|i| MatchDeck {
        cards: lists[i].cards.clone(),
        sideboard: lists[i].sideboard.clone(),
    });
    let mut recorder = MatchRecorder::new(
        &set,
        found.rules,
        [0, 1].map(|i| (files[i].as_path(), &decks[i])),
        seed,
        ["random".into(), "random".into()],
    )
    .unwrap();
    let (mut one, mut two) = (SideboardPlayer::new(&set.db), SideboardPlayer::new(&set.db));
    let outcome = play_match_with(
        &set.db,
        &found.rules,
        &decks,
        &[],
        seed,
        &mut [&mut one, &mut two],
        &mut |start, game| {
            let mut duel = recorder.start_duel(
                &set,
                [&start.swaps[0], &start.swaps[1]],
                start.chose,
                &game,
            )?;
            let s = duel_seed(seed, start.number - 1);
            let mut players = [RandomPlayer::new(s), RandomPlayer::new(s + 1)];
            let out = play_with(
                &set.db,
                game,
                &mut players,
                PlayOptions::default(),
                &mut duel,
            )
            .map_err(|e| e.to_string())?;
            recorder.end_duel(duel.finish(&out.game));
            Ok(out.game)
        },
    )
    .unwrap();
    let result = match_result(found.rules.match_format, &outcome.duels);
    (set, recorder.finish(result))
}

/// A match seed whose match goes to three duels with a swap before the second.
const SEED: u64 = 1;

// R2.4, R2.5, R2.6: the recorded match is what was played, and re-runs as it was.
#[test]
fn r2_4_a_recorded_match_reruns_duel_by_duel() {
    let (set, replay) = recorded(SEED);
    assert_eq!(replay.duels.len(), 3);
    assert!(!replay.duels[1].swaps.iter().all(|s| s.out.is_empty()));
    assert_eq!(replay.duels[0].chose, None);
    let mut shown = Vec::new();
    let games = replay
        .rerun(&set, &mut (), |_, k, duel| shown.push((k, duel.first)))
        .unwrap();
    assert_eq!(
        shown,
        replay
            .duels
            .iter()
            .enumerate()
            .map(|(k, d)| (k + 1, d.first))
            .collect::<Vec<_>>()
    );
    let results: Vec<_> = games.iter().map(|g| g.result().unwrap()).collect();
    assert_eq!(
        match_result(replay.rules.match_format, &results),
        replay.result
    );
    assert_eq!(
        replay.result,
        Some(GameResult::Win(Player::Two)),
        "{results:?}"
    );
    assert_eq!(
        results,
        [
            GameResult::Win(Player::Two),
            GameResult::Win(Player::One),
            GameResult::Win(Player::Two)
        ]
    );
}

// R2.4: a match file round-trips and is told from a single-duel replay.
#[test]
fn r2_4_a_match_file_round_trips_and_is_told_from_a_duel() {
    let (_, replay) = recorded(SEED);
    let path = Path::new("m.json");
    let text = replay.to_json();
    assert!(text.starts_with("{\n  \"match\": 1,"));
    assert_eq!(MatchReplay::parse(path, &text).unwrap(), replay);
    assert_eq!(
        ReplayFile::parse(path, &text).unwrap(),
        ReplayFile::Match(Box::new(replay.clone()))
    );
    let duel = replay.duels[0].replay.to_json();
    assert_eq!(
        ReplayFile::parse(path, &duel).unwrap(),
        ReplayFile::Duel(Box::new(replay.duels[0].replay.clone()))
    );
    assert_eq!(
        MatchReplay::parse(path, &duel).unwrap_err().to_string(),
        "m.json:1:1: not a dzero replay: a single-duel replay, not a match (no \"match\" field)"
    );
}

// R2.4: malformed and newer match files are named with the place of the problem.
#[test]
fn r2_4_malformed_match_files_are_located() {
    let (_, replay) = recorded(SEED);
    let path = Path::new("m.json");
    let text = replay.to_json();
    let err = |t: &str| MatchReplay::parse(path, t).unwrap_err().to_string();
    assert_eq!(
        err(&text.replacen("\"match\": 1", "\"match\": 9", 1)),
        "m.json: match format version 9 is newer than this dzero reads (1); update dzero"
    );
    assert_eq!(
        err(&text.replacen("\"seed\": 1", "\"seed\": \"two\"", 1)),
        "m.json:3:15: not a dzero replay: invalid type: string \"two\", expected u64"
    );
    assert_eq!(
        err(&text.replacen("\"chose\": null", "\"chooser\": null", 1)),
        "m.json:153:15: not a dzero replay: unknown field `chooser`, expected one of `swaps`, \
         `chose`, `first`, `replay`"
    );
    assert_eq!(
        err("{\"match\": 1,"),
        "m.json:1:12: not a dzero replay: EOF while parsing a value"
    );
}

/// The first divergence of `replay` re-run on `set`.
fn divergence(set: &CardSet, replay: &MatchReplay) -> String {
    replay
        .rerun(set, &mut (), |_, _, _| {})
        .unwrap_err()
        .to_string()
}

// R2.5: a changed swap makes the next duel's deck differ; an illegal one is refused.
#[test]
fn r2_5_a_changed_or_illegal_swap_diverges() {
    let (set, replay) = recorded(SEED);
    let seat = replay.duels[1]
        .swaps
        .iter()
        .position(|s| !s.out.is_empty())
        .unwrap();
    let mut changed = replay.clone();
    changed.duels[1].swaps[seat].out.pop();
    changed.duels[1].swaps[seat].into.pop();
    let who = if seat == 0 { Player::One } else { Player::Two };
    assert_eq!(
        changed.rerun(&set, &mut (), |_, _, _| {}).unwrap_err(),
        MatchDivergence::Deck { duel: 2, seat: who }
    );
    let mut illegal = replay.clone();
    let kept = illegal.duels[1].swaps[seat].out[0].clone();
    illegal.duels[1].swaps[seat].into.push(kept);
    assert_eq!(
        divergence(&set, &illegal),
        format!(
            "duel 2: {who}'s swap before it is refused: {} card(s) out of the deck but {} in: \
             the deck stays at 40 cards and the sideboard at 10 (R2.5)",
            replay.duels[1].swaps[seat].out.len(),
            replay.duels[1].swaps[seat].out.len() + 1
        )
    );
    let mut early = replay.clone();
    early.duels[0].swaps[0] = replay.duels[1].swaps[seat].clone();
    assert_eq!(
        divergence(&set, &early),
        "duel 1: P1's swap before it is refused: swaps are made only after a duel (R2.5)"
    );
}

// R2.6, A26: the loser chooses; the first duel's first player is the seed's.
#[test]
fn r2_6_a_wrong_chooser_or_first_player_diverges() {
    let (set, replay) = recorded(SEED);
    let mut chooser = replay.clone();
    chooser.duels[1].chose = chooser.duels[1].chose.map(Player::opponent);
    let rule = replay.duels[1].chose.unwrap();
    assert_eq!(
        chooser.rerun(&set, &mut (), |_, _, _| {}).unwrap_err(),
        MatchDivergence::Chooser {
            duel: 2,
            recorded: Some(rule.opponent()),
            rule: Some(rule),
        }
    );
    let mut first = replay.clone();
    first.duels[0].first = first.duels[0].first.opponent();
    assert_eq!(
        first.rerun(&set, &mut (), |_, _, _| {}).unwrap_err(),
        MatchDivergence::First {
            duel: 1,
            recorded: replay.duels[0].first.opponent(),
            now: replay.duels[0].first,
        }
    );
}

// R2.4, A26: the recorded result must be the duels'; no duel follows a decided match.
#[test]
fn r2_4_a_wrong_result_or_extra_duel_diverges() {
    let (set, replay) = recorded(SEED);
    let mut wrong = replay.clone();
    wrong.result = Some(GameResult::Draw);
    assert_eq!(
        divergence(&set, &wrong),
        format!(
            "the recorded match result is a draw, the duels give {} wins (R2.4, A26)",
            Player::Two
        )
    );
    let (_, short) = recorded(SHORT);
    assert_eq!(short.duels.len(), 2);
    let mut extra = short.clone();
    extra.duels.push(replay.duels[2].clone());
    assert_eq!(
        divergence(&set, &extra),
        "duel 3: played after the match was decided (R2.4)"
    );
}

/// A match seed whose match ends after two duels.
const SHORT: u64 = 0;
