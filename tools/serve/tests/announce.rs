//! Playing by small decisions over the socket (docs/design.md §7): a page announces a card, chooses its
//! square and payment one decision at a time, and the server does exactly what the engine
//! does with those decisions; a cancelled announcement leaves the game and both pages' views
//! as they were before it.

mod common;

use common::{Client, act, new_game, pick, sets, start};
use dzero_core::{Action, CardDb, CardKind, Game, Player, Step, Use};
use dzero_serve::Server;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use dzero_sim::state_hash;
use std::sync::Arc;

/// Actions after which the search for an announcement stops.
const MAX_ACTIONS: u64 = 3000;

/// A game between two pages, one per seat, so no AI moves while a test looks.
struct Duel {
    server: Arc<Server>,
    game: u64,
    pages: [Client; 2],
    views: [TableView; 2],
    db: CardDb,
}

impl Duel {
    /// Seat 1 starts a game against a second human at `seed`; seat 2 joins by its invite.
    async fn open(seed: u64) -> Duel {
        let db = dzero_cardpool::load_set(&sets().join("d0-sample"))
            .set
            .expect("the sample set loads")
            .db;
        let (server, url) = start().await;
        let mut one = Client::connect(&url).await;
        assert!(matches!(one.recv().await, ServerMsg::Lobby { .. }));
        one.send(&new_game(1, "human", seed)).await;
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
        let views = [one.state().await, two.state().await];
        Duel {
            server,
            game,
            pages: [one, two],
            views,
            db,
        }
    }

    fn snapshot(&self) -> Game {
        self.server.snapshot(self.game).expect("the game runs")
    }

    /// The seat that decides now.
    fn decider(&self) -> Player {
        self.snapshot()
            .decision()
            .player()
            .expect("someone decides")
    }

    /// Seat `p` takes its action `index`; both pages get the new state.
    async fn act(&mut self, p: Player, index: usize) {
        let version = self.views[p.index()].version;
        self.pages[p.index()].send(&act(version, index)).await;
        for s in Player::BOTH {
            self.views[s.index()] = self.pages[s.index()].state().await;
        }
    }

    /// Plays on until the deciding seat may announce a unit from its hand; the seat and the
    /// index of that announcement.
    async fn play_until_a_unit_can_be_announced(&mut self) -> (Player, usize) {
        loop {
            assert!(
                self.views[0].result.is_none() && self.views[0].version < MAX_ACTIONS,
                "no unit could be announced"
            );
            let p = self.decider();
            let g = self.snapshot();
            let unit = self.views[p.index()].actions.iter().position(|a| {
                matches!(a.action, Action::Announce(Use::Play { card, method: None })
                    if g.card_state(card)
                        .and_then(|s| self.db.get(s.def))
                        .is_some_and(|d| d.kind == CardKind::Unit))
            });
            match unit {
                Some(i) => return (p, i),
                None => {
                    let i = pick(&self.views[p.index()]);
                    self.act(p, i).await;
                }
            }
        }
    }
}

/// The game's position: all of its state but the events of the last action (which a
/// cancel, having none, empties).
fn position(game: &Game) -> serde_json::Value {
    let mut v = serde_json::to_value(game).expect("a game serializes");
    let fields = v.as_object_mut().expect("a game is an object");
    assert!(fields.remove("events").is_some() && fields.remove("scanned").is_some());
    v
}

/// Applies seat `p`'s listed action `index` to `game`, as the server should.
fn mirror(game: &mut Game, db: &CardDb, p: Player, index: usize) {
    let mut listed = Vec::new();
    game.seat_actions(db, p, &mut listed);
    game.apply(db, listed[index].clone())
        .expect("the listed action applies");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unit_is_announced_given_its_square_and_paid_as_the_engine_plays_it() {
    let mut d = Duel::open(21).await;
    let (p, announce) = d.play_until_a_unit_can_be_announced().await;
    let mut expected = d.snapshot();
    let Action::Announce(what) = d.views[p.index()].actions[announce].action else {
        panic!("an announcement");
    };
    let text = d.views[p.index()].actions[announce].text.clone();
    d.act(p, announce).await;
    mirror(&mut expected, &d.db, p, announce);

    // The square step: the squares the unit may go to, then Cancel; the other seat sees
    // nothing of it.
    let v = &d.views[p.index()];
    let shown = v.announcement.as_ref().expect("the announcement shows");
    assert_eq!(shown.what, text);
    assert_eq!(shown.step, "a square");
    assert!(shown.pieces.is_empty());
    let ann = v
        .obs
        .announcement
        .as_ref()
        .expect("the seat sees its announcement");
    assert_eq!((ann.what, ann.step), (what, Step::Square));
    let (cancel, squares) = v.actions.split_last().expect("options");
    assert_eq!(cancel.what, "cancel");
    assert!(!squares.is_empty() && squares.iter().all(|a| a.what == "square"));
    let other = &d.views[p.opponent().index()];
    assert!(other.announcement.is_none() && other.obs.announcement.is_none());

    let square = squares[0].square.expect("a square");
    d.act(p, 0).await;
    mirror(&mut expected, &d.db, p, 0);
    // The remaining pieces, paying automatically, until the announcement commits.
    let mut pieces = 0;
    while let Some(shown) = d.views[p.index()].announcement.clone() {
        let label = dzero_core::Square::from_index(square).expect("a square");
        assert_eq!(shown.pieces[0], format!("square {label}"));
        assert_eq!(shown.squares, [square]);
        let v = &d.views[p.index()];
        let i = v
            .actions
            .iter()
            .position(|a| a.what == "payauto")
            .unwrap_or(0);
        d.act(p, i).await;
        mirror(&mut expected, &d.db, p, i);
        pieces += 1;
        assert!(pieces < 20, "the announcement never commits");
    }
    let now = d.snapshot();
    assert_eq!(state_hash(&now), state_hash(&expected));
    let card = what.card().expect("a card");
    let top = now.stack().last().expect("the unit is on the stack");
    let dzero_core::ItemKind::Play {
        card: on,
        square: to,
        ..
    } = top.kind
    else {
        panic!("the unit's play is on the stack: {:?}", top.kind);
    };
    assert_eq!((on, to.map(|s| s.index() as u8)), (card, Some(square)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_announcement_leaves_everything_as_it_was() {
    let mut d = Duel::open(5).await;
    for picks in [0, 1] {
        let (p, announce) = d.play_until_a_unit_can_be_announced().await;
        let before = (position(&d.snapshot()), d.views.clone());
        d.act(p, announce).await;
        if picks == 1 {
            d.act(p, 0).await;
            assert!(
                !d.views[p.index()]
                    .announcement
                    .as_ref()
                    .expect("still announcing")
                    .pieces
                    .is_empty(),
                "a square was chosen"
            );
        }
        let cancel = d.views[p.index()].actions.len() - 1;
        assert_eq!(d.views[p.index()].actions[cancel].what, "cancel");
        d.act(p, cancel).await;
        assert!(position(&d.snapshot()) == before.0, "the game is as it was");
        for s in Player::BOTH {
            let (was, now) = (&before.1[s.index()], &d.views[s.index()]);
            assert_eq!(now.version, was.version + 2 + picks);
            assert_eq!(now.obs, was.obs, "{s}'s view is as it was");
            assert_eq!(now.actions, was.actions);
            assert_eq!(now.announcement, None);
        }
        // Go on, so the second round finds another moment.
        let i = pick(&d.views[p.index()]);
        d.act(p, i).await;
    }
}
