//! Hot reload of a dimension (R19): its edited text reloads like any card's, and a running
//! game's active dimension works with the new text.

use dzero_cardpool::{Reload, Reloader};
use dzero_core::{Builder, Loc, Phase, Player, Square};
use std::path::Path;

fn write_dimension(dir: &Path, power: i32) {
    std::fs::write(
        dir.join("cards/lake.toml"),
        format!(
            "[[card]]\nname = \"湖\"\ntype = \"dimension\"\ntext = \"★ あなたのユニットのパワー+{power}。\"\n"
        ),
    )
    .unwrap();
}

// R19.10, A42: the active dimension's ★ raises every player's units, before and after reload.
#[test]
fn an_edited_dimension_reloads_into_a_running_game() {
    let dir = std::env::temp_dir().join(format!("dzero-reload-dimension-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "id = \"t\"\nname = \"T\"\nversion = \"1\"\nrules = \"dimension-war\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("cards/soldier.toml"),
        "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n",
    )
    .unwrap();
    write_dimension(&dir, 1000);
    let (mut r, problems) = Reloader::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    let set = r.set().unwrap();
    let soldier = set.db.find("兵士").unwrap();
    let lake = set.db.find("湖").unwrap();
    let mut b = Builder::new(set.rules, 1).active(Player::One, 3);
    for p in Player::BOTH {
        for _ in 0..10 {
            b.add(p, soldier, Loc::Deck);
        }
    }
    b.dimension_deck(&[lake]);
    let mine = b.add(Player::One, soldier, Loc::Square(Square::battle(0, 0)));
    let theirs = b.add(Player::Two, soldier, Loc::Square(Square::battle(2, 2)));
    let mut game = b.build(&set.db, Phase::Main).unwrap();
    assert_eq!(game.view(&set.db).power(mine), 4000);
    assert_eq!(game.view(&set.db).power(theirs), 4000);
    write_dimension(&dir, 2000);
    assert!(matches!(
        r.apply(&[dir.join("cards/lake.toml")]),
        Reload::Cards(_)
    ));
    let set = r.set().unwrap();
    game.refresh_abilities(&set.db);
    assert_eq!(game.view(&set.db).power(mine), 5000);
    assert_eq!(game.view(&set.db).power(theirs), 5000);
    let _ = std::fs::remove_dir_all(&dir);
}
