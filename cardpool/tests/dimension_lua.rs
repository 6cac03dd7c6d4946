//! A dimension written in Lua (dimensions-sample's 時計塔の街, scripts/clock_tower.lua)
//! declares its ◆ with `zones = "command"` and `on = "rolled"`, and behaves as the DSL's
//! 「あなたが{C}を出したとき、カードを1枚引く。」 (星降る丘) does (R19.13, A42).

use dzero_cardpool::load_set;
use dzero_core::{Action, Builder, DieFace, Event, Loc, Phase, Player};
use std::path::Path;

/// Who drew, over the rolls of the die showing `faces` with `dimension` active, P1 rolling.
fn draws(dimension: &str, faces: &[DieFace]) -> Vec<Player> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets/dimensions-sample");
    let loaded = load_set(&dir);
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    let set = loaded.set.unwrap();
    let filler = set.db.find("シングルモルト").unwrap();
    let d = set.db.find(dimension).unwrap();
    let mut b = Builder::new(set.rules, 1).active(Player::One, 3);
    for p in Player::BOTH {
        for _ in 0..10 {
            b.add(p, filler, Loc::Deck);
        }
    }
    b.dimension_deck(&[d]);
    b.die(faces);
    let mut g = b.build(&set.db, Phase::Main).unwrap();
    let from = g.events().len();
    for _ in faces {
        let roll = Action::Roll {
            payment: dzero_core::Payment::Auto,
        };
        assert!(g.offers(&set.db, &roll), "a legal roll");
        g.apply(&set.db, roll).unwrap();
        for _ in 0..10 {
            if g.stack().is_empty() && g.choice().is_none() {
                break;
            }
            g.apply(&set.db, Action::Pass).unwrap();
        }
    }
    g.events()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::Drew { player, .. } => Some(*player),
            _ => None,
        })
        .collect()
}

// R19.13: C draws for the roller; a blank does nothing (R19.14).
#[test]
fn r19_13_a_lua_dimension_triggers_on_c_like_the_dsl_one() {
    for name in ["時計塔の街", "星降る丘"] {
        assert_eq!(draws(name, &[DieFace::C]), [Player::One], "{name}");
        assert_eq!(draws(name, &[DieFace::Blank]), [], "{name}");
    }
}
