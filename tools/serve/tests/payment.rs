//! Choosing how to pay: an action sent with chosen payable cards does exactly what the engine
//! does with that payment (applied, or refused with the game unchanged).

mod common;

use common::{Client, act, new_game, pick, start};
use dzero_core::{Action, Game, Player};
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::{TableView, with_payment};
use dzero_sim::state_hash;

/// Actions after which the search for paying actions stops.
const MAX_ACTIONS: u64 = 3000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_payment_does_what_the_engine_does_with_it() {
    let set = dzero_cardpool::load_set(&common::sets().join("d0-sample"))
        .set
        .expect("the sample set loads");
    let (server, url) = start().await;
    let mut one = Client::connect(&url).await;
    assert!(matches!(one.recv().await, ServerMsg::Lobby { .. }));
    one.send(&new_game(1, "human", 21)).await;
    let ServerMsg::Joined { game, invite, .. } = one.recv().await else {
        panic!("joined");
    };
    let mut two = Client::connect(&url).await;
    assert!(matches!(two.recv().await, ServerMsg::Lobby { .. }));
    let q = invite.expect("an invite");
    let token = q.rsplit_once("token=").expect("a token").1;
    two.send(&format!(
        r#"{{"kind":"join","game":{game},"seat":2,"token":"{token}","lang":"en"}}"#
    ))
    .await;
    assert!(matches!(two.recv().await, ServerMsg::Joined { .. }));
    let mut views: [TableView; 2] = [one.state().await, two.state().await];
    let (mut applied, mut refused) = (0, 0);
    while views[0].result.is_none() && views[0].version < MAX_ACTIONS && applied + refused < 12 {
        let g: Game = server.snapshot(game).expect("the game runs");
        let p = g.decision().player().expect("someone decides");
        let v = &views[p.index()];
        let paying = v.actions.iter().position(|a| a.pays);
        let (client, other) = match p {
            Player::One => (&mut one, &mut two),
            Player::Two => (&mut two, &mut one),
        };
        let (index, pay) = match paying {
            // Alternately all the payable cards and only the first.
            Some(i) if !v.payable.is_empty() => {
                let n = if (applied + refused) % 2 == 0 {
                    v.payable.len()
                } else {
                    1
                };
                (i, Some((0..n).collect::<Vec<_>>()))
            }
            _ => (pick(v.version, v.actions.len()), None),
        };
        let Some(pay) = pay else {
            client.send(&act(v.version, index)).await;
            let (a, b) = (client.state().await, other.state().await);
            views = if p == Player::One { [a, b] } else { [b, a] };
            continue;
        };
        let mut listed: Vec<Action> = Vec::new();
        g.seat_actions(&set.db, p, &mut listed);
        let cards = pay.iter().map(|&k| v.payable[k].card).collect();
        let mut expected = g.clone();
        let outcome = expected.apply(&set.db, with_payment(listed[index].clone(), cards));
        let indices: Vec<String> = pay.iter().map(usize::to_string).collect();
        client
            .send(&format!(
                r#"{{"kind":"act","version":{},"index":{index},"pay":[{}]}}"#,
                v.version,
                indices.join(",")
            ))
            .await;
        match outcome {
            Ok(()) => {
                applied += 1;
                let (a, b) = (client.state().await, other.state().await);
                views = if p == Player::One { [a, b] } else { [b, a] };
                let now = server.snapshot(game).expect("the game runs");
                assert_eq!(state_hash(&now), state_hash(&expected));
            }
            Err(e) => {
                refused += 1;
                assert_eq!(client.error().await, format!("refused: {e}"));
                let now = server.snapshot(game).expect("the game runs");
                assert_eq!(
                    state_hash(&now),
                    state_hash(&g),
                    "a refused payment changed the game"
                );
                // Go on with the automatic payment.
                client.send(&act(v.version, index)).await;
                let (a, b) = (client.state().await, other.state().await);
                views = if p == Player::One { [a, b] } else { [b, a] };
            }
        }
    }
    assert!(applied > 0, "some chosen payment was applied");
    assert!(refused > 0, "some chosen payment was refused");
}
