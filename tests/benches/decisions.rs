//! Benchmark: listing the options of each small decision (docs/design.md §7) in a position with 40
//! graveyard cards and a ● cost of X graveyard cards (goal: under 50 µs each on a 2-core
//! machine). Run with `cargo bench -p dzero-tests --bench decisions`.

use dzero_core::{Action, CardDb, Game, Pick, Use};
use std::time::Instant;

/// The median time of listing `g`'s options, in microseconds, and how many there are.
fn listing(g: &Game, db: &CardDb) -> (f64, usize) {
    let mut out = Vec::new();
    let mut times: Vec<f64> = (0..201)
        .map(|_| {
            let t = Instant::now();
            g.legal_actions(db, &mut out);
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], out.len())
}

fn main() {
    let (db, mut g, mage) = dzero_fixtures::graveyard_x_position(40);
    let report = |what: &str, g: &Game| {
        let (us, n) = listing(g, &db);
        println!("{what:<32} {n:>3} options  median {us:>8.1} µs");
    };
    report("act (announcements)", &g);
    let announce = Action::Announce(Use::Activate {
        card: mage,
        ability: 0,
    });
    g.apply(&db, announce)
        .expect("the mage's ability is offered");
    report("X (0..=40)", &g);
    g.apply(&db, Action::Pick(Pick::X(40)))
        .expect("X = 40 is offered");
    report("first of 40 cost cards", &g);
    for _ in 0..39 {
        let mut out = Vec::new();
        g.legal_actions(&db, &mut out);
        g.apply(&db, out[0].clone())
            .expect("a listed cost card applies");
    }
    report("last of 40 cost cards", &g);
    let mut out = Vec::new();
    g.legal_actions(&db, &mut out);
    g.apply(&db, out[0].clone())
        .expect("a listed cost card applies");
    report("payment", &g);
}
