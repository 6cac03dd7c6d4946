mod lua_support;
use dzero_core::{Loc, Player::*};

#[test]
fn r20_1_lua() {
    let (host, mut s) = lua_support::setup();
    let malt = s.unit(Two, "シングルモルト", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    t.game.set_strict(true);
    t.play(rifle, None, &[malt]);
    t.pass();
    t.play(soul, None, &[malt]);
    t.pass_both();
    assert_eq!(t.power(malt), 6000);
    t.pass_both();
    assert_eq!(t.damage(malt), 3000);
    assert_eq!(t.loc(malt), Loc::Square(dzero_tests::sq("b2")));
    host.check().unwrap();
}
