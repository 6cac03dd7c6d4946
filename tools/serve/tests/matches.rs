//! Best-of-three matches at the play table, through the protocol (R2.4–R2.6, A26): a whole
//! match against an AI player with swaps between duels, a refused swap that changes nothing,
//! the loser choosing who plays first, the score, hidden swaps between two humans, and the
//! saved match re-running duel by duel.

mod common;

use common::{Client, OPPONENT, act, pick, start_with};
use dzero_core::{DefId, GameResult, MatchFormat, Player, RuleName, RuleSet};
use dzero_replay::{MatchReplay, SwapNames};
use dzero_serve::matches::{MatchStage, MatchView};
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use std::path::Path;

/// Actions after which a test duel counts as endless.
const MAX_ACTIONS: u64 = 5000;

/// The served copy of d0-sample with sideboards, and its folder (kept while the test runs).
fn served() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("d0-sample");
    dzero_fixtures::d0_with_sideboards(&common::sets(), &set).unwrap();
    (dir, set)
}

/// A `new_match` message for decks 0 and 1 with this page at `seat`.
fn new_match(seat: u8, opponent: &str, seed: u64) -> String {
    format!(
        r#"{{"kind":"new_match","decks":[0,1],"seat":{seat},"opponent":"{opponent}","seed":{seed},"lang":"en"}}"#
    )
}

fn swap(out: &[DefId], into: &[DefId]) -> String {
    let ids = |d: &[DefId]| {
        d.iter()
            .map(|d| d.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        r#"{{"kind":"swap","out":[{}],"into":[{}]}}"#,
        ids(out),
        ids(into)
    )
}

/// Starts a match from the lobby: the game's number, the invite for the other seat, and the
/// match view sent on joining.
async fn open(
    c: &mut Client,
    seat: u8,
    opponent: &str,
    seed: u64,
) -> (u64, Option<String>, MatchView) {
    let ServerMsg::Lobby { decks, .. } = c.recv().await else {
        panic!("the lobby comes first");
    };
    assert_eq!(
        decks.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
        ["赤緑", "黒白"]
    );
    c.send(&new_match(seat, opponent, seed)).await;
    let ServerMsg::Joined { game, invite, .. } = c.recv().await else {
        panic!("joined comes after new_match");
    };
    (game, invite, first_match_view(c).await)
}

/// The state then the match view a page is sent on taking its seat; the page's first
/// decision is taken.
async fn first_match_view(c: &mut Client) -> MatchView {
    let state = c.state().await;
    let view = match c.recv().await {
        ServerMsg::Match(m) => *m,
        other => panic!("expected the match view, got {other:?}"),
    };
    decide(c, &state).await;
    view
}

/// Takes a decision when the page has one.
async fn decide(c: &mut Client, s: &TableView) {
    assert!(s.version < MAX_ACTIONS, "the duel is endless");
    if !s.actions.is_empty() && s.result.is_none() {
        c.send(&act(s.version, pick(s))).await;
    }
}

/// Plays the page's decisions until the duel ends: the match view sent then.
async fn play_duel(c: &mut Client) -> MatchView {
    loop {
        match c.recv().await {
            ServerMsg::State(s) => decide(c, &s).await,
            ServerMsg::Match(m) if m.stage != MatchStage::Playing => return *m,
            ServerMsg::Match(_) => {}
            other => panic!("expected states and match views, got {other:?}"),
        }
    }
}

/// The next match view; the page decides on the states before it (a new duel's first).
async fn match_view(c: &mut Client) -> MatchView {
    loop {
        match c.recv().await {
            ServerMsg::State(s) => decide(c, &s).await,
            ServerMsg::Match(m) => return *m,
            other => panic!("expected a match view, got {other:?}"),
        }
    }
}

/// How many copies of `def` a list view holds.
fn copies(list: &[dzero_serve::matches::ListCard], def: DefId) -> usize {
    list.iter().find(|c| c.def == def).map_or(0, |c| c.count)
}

fn total(list: &[dzero_serve::matches::ListCard]) -> usize {
    list.iter().map(|c| c.count).sum()
}

/// The page's `save`: the match file's text.
async fn save(c: &mut Client) -> String {
    c.send(r#"{"kind":"save"}"#).await;
    loop {
        match c.recv().await {
            ServerMsg::Saved { replay, name, .. } => {
                assert!(name.starts_with("dzero-match-"), "{name}");
                return replay;
            }
            ServerMsg::State(_) | ServerMsg::Match(_) => {}
            other => panic!("expected the saved match, got {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_against_the_ai_with_swaps_the_score_and_its_file() {
    let (_dir, _set) = served();
    let (server, url) = start_with(&[_dir.path().to_path_buf()]).await;
    let mut c = Client::connect(&url).await;
    let (game, invite, start_view) = open(&mut c, 1, OPPONENT, 11).await;
    assert_eq!(invite, None, "an AI plays the other seat");
    assert_eq!(start_view.stage, MatchStage::Playing);
    assert_eq!((start_view.duel, start_view.wins), (1, [0, 0]));
    assert_eq!(
        (total(&start_view.deck), total(&start_view.sideboard)),
        (40, 10)
    );

    // R2.4: the first duel ends; the score counts it and the page is asked to swap (R2.5).
    let after1 = play_duel(&mut c).await;
    assert_eq!(after1.stage, MatchStage::Swap);
    assert_eq!(after1.duel, 2);
    assert_eq!(after1.results.len(), 1);
    let loser = match after1.results[0] {
        Some(w) => w.opponent(),
        None => panic!("seed 11's first duel is won, not drawn"),
    };
    assert_eq!(loser, Player::One, "seed 11: the page loses the first duel");
    assert_eq!(after1.wins, [0, 1]);
    let out = after1.deck[0].def;
    let into = after1.sideboard[0].def;

    // R2.5: a swap that would change the sizes is refused with the reason; nothing changes.
    c.send(&swap(&[out], &[])).await;
    assert_eq!(
        c.error().await,
        "the swap is refused: 1 card(s) out of the deck but 0 in: the deck stays at 40 cards \
         and the sideboard at 10 (R2.5)"
    );
    let refused = match_view(&mut c).await;
    assert_eq!(
        (refused.stage, &refused.deck, &refused.sideboard),
        (MatchStage::Swap, &after1.deck, &after1.sideboard)
    );
    assert!(
        refused
            .refused
            .as_deref()
            .is_some_and(|r| r.ends_with("(R2.5)"))
    );
    // R2.5: a card not in the sideboard cannot come in.
    c.send(&swap(&[after1.deck[1].def], &[out])).await;
    let error = c.error().await;
    assert!(
        error.starts_with("the swap is refused: no 「")
            && error.ends_with("」 left in the sideboard to swap in (R2.5)"),
        "{error}"
    );
    assert_eq!(match_view(&mut c).await.deck, after1.deck);

    // R2.5: a legal swap is kept; R2.6: the page lost, so it chooses who plays first.
    c.send(&swap(&[out], &[into])).await;
    let choose = match_view(&mut c).await;
    assert_eq!(choose.stage, MatchStage::ChooseFirst);
    assert_eq!(choose.refused, None);
    assert_eq!(copies(&choose.deck, out), copies(&after1.deck, out) - 1);
    assert_eq!(copies(&choose.deck, into), copies(&after1.deck, into) + 1);
    assert_eq!((total(&choose.deck), total(&choose.sideboard)), (40, 10));
    c.send(r#"{"kind":"play_first","first":false}"#).await;
    let second = match_view(&mut c).await;
    assert_eq!(second.stage, MatchStage::Playing);
    assert_eq!(
        second.firsts[1],
        Player::Two,
        "R2.6: the loser chose to play second"
    );
    assert_eq!(server.snapshot(game).unwrap().first_player(), Player::Two);

    // The rest of the match: the page keeps its lists and, having lost, plays first.
    let mut view = play_duel(&mut c).await;
    while view.stage != MatchStage::Over {
        assert_eq!(view.stage, MatchStage::Swap);
        c.send(&swap(&[], &[])).await;
        view = match_view(&mut c).await;
        if view.stage == MatchStage::ChooseFirst {
            c.send(r#"{"kind":"play_first","first":true}"#).await;
            view = match_view(&mut c).await;
        }
        assert_eq!(view.stage, MatchStage::Playing);
        view = play_duel(&mut c).await;
    }
    // R2.4 / A26: the first to two wins; three duels without two wins are a draw.
    let winner = Player::BOTH.into_iter().find(|p| view.wins[p.index()] == 2);
    assert_eq!(view.winner, winner);
    assert!(winner.is_some() || view.results.len() == 3);
    // R2.5: after the match the lists are the originals.
    assert_eq!(
        (&view.deck, &view.sideboard),
        (&start_view.deck, &start_view.sideboard)
    );

    // The whole match as one file; each duel re-runs to its recorded result.
    let text = save(&mut c).await;
    let saved = MatchReplay::parse(Path::new("saved"), &text).unwrap();
    assert_eq!(saved.duels.len(), view.results.len());
    assert_eq!(saved.players, ["human".to_string(), OPPONENT.to_string()]);
    assert_eq!(
        saved.result,
        Some(winner.map_or(GameResult::Draw, GameResult::Win))
    );
    let name = |d: DefId| {
        start_view
            .deck
            .iter()
            .chain(&start_view.sideboard)
            .find(|c| c.def == d)
            .unwrap()
            .name
            .clone()
    };
    assert_eq!(
        saved.duels[1].swaps[0],
        SwapNames {
            out: vec![name(out)],
            into: vec![name(into)]
        }
    );
    assert_eq!(
        (saved.duels[1].chose, saved.duels[1].first),
        (Some(Player::One), Player::Two)
    );
    // The replay viewer opens the match file: each duel starts with its setup state.
    c.send(&serde_json::json!({ "kind": "open_replay", "replay": text }).to_string())
        .await;
    let info = loop {
        match c.recv().await {
            ServerMsg::ReplayOpened(info) => break info,
            ServerMsg::State(_) | ServerMsg::Match(_) => {}
            other => panic!("expected the opened replay, got {other:?}"),
        }
    };
    assert_eq!(info.duels.len(), saved.duels.len());
    assert_eq!(info.duels[0], 0);
    let second: usize = info.duels[1];
    assert_eq!(second, saved.duels[0].replay.steps.len() + 1);
    assert_eq!(
        info.turns.len(),
        saved
            .duels
            .iter()
            .map(|d| d.replay.steps.len() + 1)
            .sum::<usize>()
    );
    c.send(&format!(
        r#"{{"kind":"replay_show","index":{second},"seat":1,"lang":"en"}}"#
    ))
    .await;
    let ServerMsg::ReplayFrame {
        index,
        step,
        view: frame,
    } = c.recv().await
    else {
        panic!("a replay frame");
    };
    assert_eq!(
        (index, step, frame.log_start, frame.obs.turn),
        (second, None, 0, 1),
        "duel 2's setup"
    );

    let set = saved.load_set().unwrap();
    let ends = saved.rerun(&set, &mut (), |_, _, _| ()).unwrap();
    assert_eq!(
        ends.iter()
            .map(|g| g.result().map(|r| match r {
                GameResult::Win(p) => Some(p),
                GameResult::Draw => None,
            }))
            .collect::<Vec<_>>(),
        view.results.iter().map(|r| Some(*r)).collect::<Vec<_>>()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn between_two_humans_a_seat_never_sees_the_other_seats_lists_or_swap() {
    let (dir, _set) = served();
    let (_server, url) = start_with(&[dir.path().to_path_buf()]).await;
    let mut one = Client::connect(&url).await;
    let (game, invite, _) = open(&mut one, 1, "human", 5).await;
    let token = invite.expect("a human plays seat 2");
    let token = token.rsplit("token=").next().unwrap();
    let mut two = Client::connect(&url).await;
    two.recv().await;
    two.send(&format!(
        r#"{{"kind":"join","game":{game},"seat":2,"token":"{token}","lang":"en"}}"#
    ))
    .await;
    let ServerMsg::Joined { .. } = two.recv().await else {
        panic!("joined comes after join");
    };
    let joined = first_match_view(&mut two).await;
    let black_white_sideboard: Vec<String> = dzero_fixtures::BLACK_WHITE_SIDEBOARD
        .lines()
        .map(|l| l.split_once(' ').unwrap().1.to_string())
        .collect();
    let shown: Vec<String> = joined.sideboard.iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        shown, black_white_sideboard,
        "seat 2 is shown its own sideboard"
    );

    let (v1, v2) = tokio::join!(play_duel(&mut one), play_duel(&mut two));
    assert_eq!((v1.stage, v2.stage), (MatchStage::Swap, MatchStage::Swap));
    assert_eq!(v1.results, v2.results);
    // Saving mid-match between humans would show every hidden card.
    one.send(r#"{"kind":"save"}"#).await;
    assert!(
        one.error()
            .await
            .starts_with("a game between two humans can be saved once")
    );

    // Seat 1 swaps: its page shows the new lists; seat 2's view is exactly as before.
    one.send(&swap(&[v1.deck[0].def], &[v1.sideboard[0].def]))
        .await;
    assert_eq!(match_view(&mut one).await.stage, MatchStage::OpponentSwaps);
    assert_eq!(
        match_view(&mut two).await,
        v2,
        "R2.5: the other seat cannot see the swap"
    );
    // Seat 2 keeps its lists; R2.6: the loser chooses, the winner may not.
    two.send(&swap(&[], &[])).await;
    let loser = v1.results[0]
        .expect("seed 5's first duel is won")
        .opponent();
    let (lose, win) = if loser == Player::One {
        (&mut one, &mut two)
    } else {
        (&mut two, &mut one)
    };
    assert_eq!(match_view(lose).await.stage, MatchStage::ChooseFirst);
    assert_eq!(match_view(win).await.stage, MatchStage::OpponentChooses);
    win.send(r#"{"kind":"play_first","first":true}"#).await;
    assert_eq!(
        win.error().await,
        "not yours to choose now: the loser of the last duel chooses who plays first, once \
         both have swapped (R2.6)"
    );
    match_view(win).await;
    lose.send(r#"{"kind":"play_first","first":true}"#).await;
    let playing = match_view(lose).await;
    assert_eq!(
        (playing.stage, playing.firsts[1]),
        (MatchStage::Playing, loser)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_needs_sideboards_a_best_of_three_rule_set_and_match_messages_a_match() {
    // R2.3: a match needs both lists' sideboards.
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("d0-sample");
    dzero_fixtures::copy_dir(&common::sets().join("d0-sample"), &set).unwrap();
    for deck in ["赤緑", "黒白"] {
        let file = set.join(format!("decks/{deck}.txt"));
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, text.split("[sideboard]").next().unwrap()).unwrap();
    }
    let (_server, url) = start_with(std::slice::from_ref(&set)).await;
    let mut c = Client::connect(&url).await;
    c.recv().await;
    c.send(&new_match(1, OPPONENT, 1)).await;
    let error = c.error().await;
    assert!(
        error.ends_with(
            "赤緑.txt: the deck list has no [sideboard] section, which a match needs (R2.3)"
        ),
        "{error}"
    );
    // Match messages at a single game's table.
    c.send(&common::new_game(1, OPPONENT, 1)).await;
    c.recv().await;
    c.state().await;
    c.send(&swap(&[], &[])).await;
    assert_eq!(c.error().await, "this table plays no match");
    c.send(r#"{"kind":"play_first","first":true}"#).await;
    assert_eq!(c.error().await, "this table plays no match");

    // A26: a single-duel rule set plays no match.
    let single = RuleSet {
        name: RuleName::new("single").unwrap(),
        match_format: MatchFormat::Single,
        sideboard: 0,
        ..RuleSet::OFFICIAL
    };
    let served = dzero_serve::Server::new(&[set], Some(single)).unwrap();
    let (_server, url) = common::start_server(served).await;
    let mut c = Client::connect(&url).await;
    c.recv().await;
    c.send(&new_match(1, OPPONENT, 1)).await;
    assert_eq!(
        c.error().await,
        "the rule set `single` plays single duels, not matches (A26): start a game instead"
    );
}
