//! `dzero serve --rules`: every game, and every scenario that names no rule set, plays under
//! the rule set given instead of its set's.

mod common;

use common::{Client, OPPONENT, new_game, sets, start_server};
use dzero_cardpool::rule_sets::rules_arg;
use dzero_serve::Server;
use dzero_serve::protocol::ServerMsg;

async fn served(rules: &str) -> (std::sync::Arc<Server>, Client) {
    let rules = rules_arg(rules).expect("a bundled rule set");
    let server = Server::new(&[sets()], Some(rules)).expect("the sets serve");
    let (server, url) = start_server(server).await;
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    (server, c)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_play_under_the_rule_set_given() {
    // d0-sample's decks under 東方零次元's rules: the second player's mulligan comes first
    // (R18.2), which the official rules have not.
    let (server, mut c) = served("touhou").await;
    c.send(&new_game(1, OPPONENT, 7)).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    c.state().await;
    let snapshot = server.snapshot(game).expect("the game runs");
    assert_eq!(snapshot.rules().name.as_str(), "touhou");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deck_the_rule_set_refuses_does_not_start() {
    // R18.1: an instant match allows 1 copy of a name; d0-sample's decks hold 3.
    let (_server, mut c) = served("touhou-instant").await;
    c.send(&new_game(1, OPPONENT, 7)).await;
    let e = c.error().await;
    assert!(
        e.contains(
            "/d0-sample/decks/赤緑.txt:2:1: 3 copies: a deck holds at most 1 copy of each card (R2.2)"
        ),
        "{e}"
    );
}
