//! How long an endless loop in a card script runs before the instruction budget stops it (goal:
//! well under a second). Three shapes: a plain loop, a loop inside `pcall`, and a loop inside a
//! coroutine; each runs in a ★ power hook that the engine calls on a power query.
//!
//!     cargo bench -p dzero-script-api --bench endless_loop

use dzero_core::{Builder, CardDb, CardDef, Loc, Phase, Player, RuleSet, Square};
use dzero_script_api::{ErrorKind, Limits, ScriptHost};
use std::time::{Duration, Instant};

const ROUNDS: usize = 5;

const LOOPS: [(&str, &str); 3] = [
    ("plain loop", "while true do end"),
    ("loop in pcall", "pcall(function() while true do end end)"),
    (
        "loop in a coroutine",
        "coroutine.resume(coroutine.create(function() while true do end end))",
    ),
];

/// The time from the power query to the budget error, best of `ROUNDS`.
fn time_to_budget_error(body: &str) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..ROUNDS {
        let host = ScriptHost::new(Limits::default()).expect("host");
        let mut db: CardDb = dzero_fixtures::card_db();
        let script = format!("card:static {{ power = function(self)\n  {body}\nend }}");
        let def = host
            .load_card(CardDef::unit("無限の兵", 1000, 1), "bench.lua", &script)
            .expect("script compiles");
        let id = db.add(def);
        let mut b = Builder::new(RuleSet::OFFICIAL, 1);
        let filler = db.iter().next().map(|(d, _)| d).expect("fixture cards");
        b.fill_deck(Player::One, filler, 30);
        b.fill_deck(Player::Two, filler, 30);
        let card = b.add(
            Player::One,
            id,
            Loc::Square(Square::parse("a1").expect("square")),
        );
        let game = b.build(&db, Phase::Main).expect("state");
        let start = Instant::now();
        let power = game.view(&db).power(card);
        best = best.min(start.elapsed());
        assert_eq!(power, 1000, "a failing hook leaves power unchanged");
        let e = host.check().expect_err("the budget stops the loop");
        assert_eq!(e.kind, ErrorKind::Budget, "{e}");
    }
    best
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    for (label, body) in LOOPS {
        let t = time_to_budget_error(body);
        println!(
            "{label}: stopped after {:.1} ms (budget {} instructions; goal well under 1 s)",
            t.as_secs_f64() * 1e3,
            Limits::default().instructions
        );
    }
}
