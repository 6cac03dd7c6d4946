//! Choosing the dimension deck list in the lobby (R19.2): the lobby offers each served set's
//! lists under the rule set its games play, a game plays the list chosen by name, and a name
//! that is not one of the host set's lists (a path above all: nothing a page sends is opened)
//! or one the rule set refuses does not start.

mod common;

use common::{Client, OPPONENT, sets, start, start_server};
use dzero_cardpool::rule_sets::rules_arg;
use dzero_core::DefId;
use dzero_serve::Server;
use dzero_serve::dimension_lists::{DimensionListInfo, DimensionOffer};
use dzero_serve::protocol::ServerMsg;

/// The lobby's indices of the dimension sample's two decks when every bundled set is served.
const DIMENSION_DECKS: [usize; 2] = [2, 3];

/// A `new` message for `decks` against the AI, choosing the dimension deck list `dimensions`
/// (JSON: a quoted name, or `null`).
fn new_game(decks: [usize; 2], dimensions: &str) -> String {
    format!(
        r#"{{"kind":"new","decks":[{},{}],"seat":1,"opponent":"{OPPONENT}","seed":3,"dimensions":{dimensions},"lang":"en"}}"#,
        decks[0], decks[1]
    )
}

/// The dimension sample's list `name`, as the set lists it, sorted.
fn list_cards(name: &str) -> Vec<DefId> {
    list_cards_in(&sets().join("dimensions-sample"), name)
}

/// The list `name` of the set in `dir`, as the set lists it, sorted.
fn list_cards_in(dir: &std::path::Path, name: &str) -> Vec<DefId> {
    let set = dzero_cardpool::load_set(dir).set.expect("the set loads");
    let mut cards = set
        .dimension_decks
        .iter()
        .find(|d| d.name == name)
        .expect("the list exists")
        .cards
        .clone();
    cards.sort_unstable();
    cards
}

/// The dimension deck game `game` of `server` plays, sorted.
fn played(server: &Server, game: u64) -> Vec<DefId> {
    let mut cards = server
        .snapshot(game)
        .expect("the game runs")
        .dimension_list();
    cards.sort_unstable();
    cards
}

/// Connects to `url`; the lobby's dimension offers.
async fn lobby(url: &str) -> (Client, Vec<DimensionOffer>) {
    let mut c = Client::connect(url).await;
    let ServerMsg::Lobby {
        decks, dimensions, ..
    } = c.recv().await
    else {
        panic!("the lobby comes first");
    };
    for (i, d) in DIMENSION_DECKS.into_iter().zip(["赤緑", "黒白"]) {
        assert_eq!(
            (decks[i].set.as_str(), decks[i].name.as_str()),
            ("dimensions-sample", d)
        );
    }
    (c, dimensions)
}

fn offer<'a>(offers: &'a [DimensionOffer], set: &str) -> &'a DimensionOffer {
    offers
        .iter()
        .find(|o| o.set == set)
        .expect("the set is offered")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_plays_the_dimension_deck_list_chosen_by_name() {
    let (server, url) = start().await;
    let (mut c, offers) = lobby(&url).await;
    assert_eq!(
        offer(&offers, "dimensions-sample"),
        &DimensionOffer {
            set: "dimensions-sample".into(),
            requires: vec!["d0-sample".into()],
            rules: "dimension-war".into(),
            dimension_deck: true,
            lists: ["exploration", "war"]
                .map(|name| DimensionListInfo {
                    name: name.into(),
                    refused: None,
                })
                .to_vec(),
        }
    );
    let d0 = offer(&offers, "d0-sample");
    assert!(!d0.dimension_deck && d0.lists.is_empty(), "{d0:?}");

    // The second list of the folder, not the default (the first): 13 cards, one face up.
    c.send(&new_game(DIMENSION_DECKS, r#""war""#)).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    let state = c.state().await;
    assert_eq!(played(&server, game), list_cards("war"));
    let command = state.obs.command.expect("a command zone (R19.8)");
    assert_eq!((command.deck, command.up.is_some()), (12, true));

    // No choice: the set's first list the rule set accepts.
    let (mut c, _) = lobby(&url).await;
    c.send(&new_game(DIMENSION_DECKS, "null")).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    assert_eq!(played(&server, game), list_cards("exploration"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_list_a_path_and_a_list_without_dimension_decks_are_refused() {
    let (_server, url) = start().await;
    let (mut c, _) = lobby(&url).await;
    let war = sets().join("dimensions-sample/dimensions/war.txt");
    for name in [
        "nope".to_string(),
        "dimensions/war.txt".to_string(),
        "../dimensions-sample/dimensions/war".to_string(),
        war.display().to_string(),
    ] {
        let quoted = serde_json::to_string(&name).unwrap();
        c.send(&new_game(DIMENSION_DECKS, &quoted)).await;
        assert_eq!(
            c.error().await,
            format!(
                "the set `dimensions-sample` has no dimension deck list `{name}` (R19.2); its \
                 lists: `exploration`, `war`"
            )
        );
    }
    // A match's list is checked the same way.
    c.send(
        &new_game(DIMENSION_DECKS, r#""nope""#).replace(r#""kind":"new""#, r#""kind":"new_match""#),
    )
    .await;
    assert_eq!(
        c.error().await,
        "the set `dimensions-sample` has no dimension deck list `nope` (R19.2); its lists: \
         `exploration`, `war`"
    );
    // d0-sample's decks play the official rules, which have no dimension deck.
    c.send(&new_game([0, 1], r#""war""#)).await;
    assert_eq!(
        c.error().await,
        "the dimension deck list `war` was chosen, but the rule set `official` has no dimension \
         deck (R19.1)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_the_rule_set_refuses_is_offered_with_why_and_does_not_start() {
    let rules = rules_arg("dimension-exploration").expect("a bundled rule set");
    let server = Server::new(&[sets()], Some(rules)).expect("the sets serve");
    let (server, url) = start_server(server).await;
    let (mut c, offers) = lobby(&url).await;
    let refused = "2 phenomena in a deck of 12 cards; 次元探索戦 allows phenomena only from 20 \
                   cards (R19.5)";
    assert_eq!(
        offer(&offers, "dimensions-sample").lists,
        vec![
            DimensionListInfo {
                name: "exploration".into(),
                refused: None,
            },
            DimensionListInfo {
                name: "war".into(),
                refused: Some(refused.into()),
            },
        ]
    );
    c.send(&new_game(DIMENSION_DECKS, r#""war""#)).await;
    assert_eq!(
        c.error().await,
        format!(
            "the dimension deck list `war` of the set `dimensions-sample` does not play under \
             the rule set `dimension-exploration`: {refused}"
        )
    );
    c.send(&new_game(DIMENSION_DECKS, r#""exploration""#)).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    assert_eq!(played(&server, game), list_cards("exploration"));
}

// R2.4, R19.2: a match under a fan rule set with a dimension deck plays the list chosen in the
// lobby from its first duel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_plays_the_dimension_deck_list_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let fan = dzero_fixtures::fan_dimension_matches(&sets(), dir.path()).unwrap();
    let (server, url) = common::start_with(std::slice::from_ref(&fan)).await;
    let mut c = Client::connect(&url).await;
    let ServerMsg::Lobby {
        decks, dimensions, ..
    } = c.recv().await
    else {
        panic!("the lobby comes first");
    };
    assert_eq!(
        decks
            .iter()
            .map(|d| (d.set.as_str(), d.name.as_str()))
            .collect::<Vec<_>>(),
        [("fan", "赤緑"), ("fan", "黒白")]
    );
    let fan_offer = offer(&dimensions, "fan");
    assert_eq!(
        (fan_offer.rules.as_str(), fan_offer.dimension_deck),
        ("dimension-war-matches", true)
    );
    c.send(&new_game([0, 1], r#""war""#).replace(r#""kind":"new""#, r#""kind":"new_match""#))
        .await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new_match");
    };
    let state = c.state().await;
    let command = state.obs.command.expect("a command zone (R19.8)");
    assert_eq!((command.deck, command.up.is_some()), (12, true));
    assert_eq!(played(&server, game), list_cards_in(&fan, "war"));
}
