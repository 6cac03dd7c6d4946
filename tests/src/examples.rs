//! RULES.md §20 worked examples written once and run against several card sources: the Lua
//! fixture cards (`tests/scenarios/fixture-set/scripts`) and the bundled sets' cards. Each example places its cards by
//! name through [`Place`], builds the table with the caller's `build`, drives it and asserts
//! the outcome the example states; it returns the table so the caller can check its script log.

use crate::{Table, sq};
use dzero_core::Player::{One, Two};
use dzero_core::{CardId, Event, ItemTag, Keywords, Loc, Player};

/// Where an example's cards come from: places cards by name.
pub trait Place {
    /// A card in a square.
    fn unit(&mut self, p: Player, name: &str, square: &str) -> CardId;
    /// A card in hand.
    fn hand(&mut self, p: Player, name: &str) -> CardId;
    /// Five energy cards of every colour.
    fn rich(&mut self, p: Player);
}

impl Place for crate::Setup {
    fn unit(&mut self, p: Player, name: &str, square: &str) -> CardId {
        crate::Setup::unit(self, p, name, square)
    }

    fn hand(&mut self, p: Player, name: &str) -> CardId {
        crate::Setup::hand(self, p, name)
    }

    fn rich(&mut self, p: Player) {
        crate::Setup::rich(self, p);
    }
}

impl AsMut<Table> for Table {
    fn as_mut(&mut self) -> &mut Table {
        self
    }
}

/// R20.1: Plasma Rifle answered by Diamond Soul; Single Malt survives with 3000 damage.
pub fn r20_1<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let malt = s.unit(Two, "シングルモルト", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut table = build(s);
    let t = table.as_mut();
    t.play(rifle, None, &[malt]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    t.play(soul, None, &[malt]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(malt), 6000);
    t.pass_both();
    assert_eq!(t.damage(malt), 3000);
    assert_eq!(t.loc(malt), Loc::Square(sq("b2")));
    assert_eq!(t.loc(rifle), Loc::Graveyard);
    assert_eq!(t.loc(soul), Loc::Graveyard);
    assert!(t.game.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
    table
}

/// R20.1 control: without the answer, Single Malt is destroyed (RE4).
pub fn r20_1_control<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let malt = s.unit(Two, "シングルモルト", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut table = build(s);
    let t = table.as_mut();
    t.play(rifle, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    table
}

/// R20.2: the move waits as a pending stack while Robo's battle is fought.
pub fn r20_2<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let angel = s.unit(One, "バトルフィールド・エンジェル", "b2");
    let robo = s.hand(Two, "狼王ロボ");
    let soul = s.hand(One, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut table = build(s);
    let t = table.as_mut();
    t.mv(angel, "b3");
    t.pass();
    t.play(robo, Some("b2"), &[]);
    t.pass_both();
    assert!(t.in_battle(), "Robo's arrival begins a battle (RE8)");
    assert_eq!(t.game.frames().len(), 2, "the move is a pending stack");
    assert_eq!(t.priority(), Some(One));
    t.play(soul, None, &[angel]);
    t.pass_both();
    assert_eq!(t.power(angel), 6500);
    t.pass_until(Table::damage_item_on_stack);
    t.pass_both();
    assert_eq!(t.loc(robo), Loc::Graveyard);
    t.pass_until(|t| !t.in_battle());
    t.pass_until(|t| t.game.stack().is_empty());
    assert_eq!(t.loc(angel), Loc::Square(sq("b3")));
    assert!(!t.frozen(angel));
    assert_eq!(t.damage(angel), 5000);
    assert_eq!(t.power(angel), 6500);
    assert_eq!(t.loc(soul), Loc::Graveyard);
    table
}

/// R20.3: a move answered four deep; Hydra Launcher destroys Spider, the rest does nothing.
pub fn r20_3<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let spider = s.unit(One, "自走戦鬼大砲蜘蛛", "a1");
    let rifle = s.hand(Two, "プラズマ・ライフル");
    let hydra = s.hand(Two, "ヒュドラランチャー");
    let ruby = s.hand(One, "ルビーソウル");
    s.rich(One);
    s.rich(Two);
    let mut table = build(s);
    let t = table.as_mut();
    t.mv(spider, "a2");
    t.pass();
    t.play(rifle, None, &[spider]);
    t.play(ruby, None, &[spider]);
    t.pass();
    t.play(hydra, None, &[spider]);
    assert_eq!(t.game.stack().len(), 4);
    t.pass_both();
    assert_eq!(t.loc(spider), Loc::Graveyard);
    t.pass_until(|t| t.game.stack().is_empty());
    assert!(!t.in_battle());
    for c in [rifle, hydra, ruby] {
        assert_eq!(t.loc(c), Loc::Graveyard);
    }
    table
}

/// Holy Flail (P2, b2) and Romanée-Conti (P1, b1), both players rich: R20.4–R20.7.
pub fn flail_vs_romanee(s: &mut impl Place) -> (CardId, CardId) {
    let flail = s.unit(Two, "聖騎士ホーリー・フレイル", "b2");
    let romanee = s.unit(One, "ロマネ・コンティ", "b1");
    s.rich(One);
    s.rich(Two);
    (flail, romanee)
}

/// R20.4: Holy Flail (6000) against Romanée-Conti (8000): Flail is destroyed.
pub fn r20_4<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let (flail, romanee) = flail_vs_romanee(&mut s);
    let mut table = build(s);
    let t = table.as_mut();
    t.mv(romanee, "b2");
    t.pass_both();
    assert!(t.in_battle());
    t.pass_until(Table::damage_item_on_stack);
    t.pass_both();
    assert_eq!(t.loc(flail), Loc::Graveyard);
    assert_eq!(t.damage(romanee), 6000);
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.loc(romanee), Loc::Square(sq("b2")));
    table
}

/// R20.10: 白玉楼 reduces Scarlet Shoot's 6000 damage to Youmu to 4000.
pub fn r20_10<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let youmu = s.unit(Two, "魂魄 妖夢", "b2");
    let shoot = s.hand(One, "紅符「スカーレット・シュート」");
    let haku = s.hand(Two, "白玉楼");
    s.rich(One);
    s.rich(Two);
    let mut table = build(s);
    let t = table.as_mut();
    t.play(shoot, None, &[youmu]);
    t.pass();
    t.play(haku, Some("P2-base2"), &[]);
    t.pass_both();
    assert_eq!(t.loc(haku), Loc::Square(sq("P2-base2")));
    assert!(!t.frozen(haku), "a base is put released (R8.6)");
    t.pass_both();
    assert_eq!(t.damage(youmu), 4000);
    assert_eq!(t.loc(youmu), Loc::Square(sq("b2")));
    assert_eq!(t.loc(shoot), Loc::Graveyard);
    table
}

/// R20.10 control: 白玉楼 in another line does not reduce the damage; Youmu is destroyed.
pub fn r20_10_control<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let youmu = s.unit(Two, "魂魄 妖夢", "b2");
    s.unit(Two, "白玉楼", "P2-base1");
    let shoot = s.hand(One, "紅符「スカーレット・シュート」");
    s.rich(One);
    let mut table = build(s);
    let t = table.as_mut();
    t.play(shoot, None, &[youmu]);
    t.pass_both();
    assert_eq!(t.loc(youmu), Loc::Graveyard);
    table
}

/// R20.11: ミスディレクション makes リンガリングコールド fail (its only target became illegal,
/// R7.5); Cirno's move resolves and Cirno beats Chen.
pub fn r20_11<P: Place, T: AsMut<Table>>(mut s: P, build: impl FnOnce(P) -> T) -> T {
    let cirno = s.unit(One, "チルノ", "b1");
    let chen = s.unit(Two, "橙", "b2");
    let cold = s.hand(Two, "寒符「リンガリングコールド」");
    let misdirection = s.hand(One, "奇術「ミスディレクション」");
    s.rich(One);
    s.rich(Two);
    let mut table = build(s);
    let t = table.as_mut();
    t.mv(cirno, "b2");
    t.pass();
    t.play(cold, None, &[cirno]);
    assert_eq!(t.priority(), Some(One));
    t.play(misdirection, None, &[cirno]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(cirno), 3500);
    assert!(t.game.view(&t.db).keywords(cirno).has(Keywords::HEXPROOF));
    t.pass_both();
    assert!(
        t.game.events().iter().any(|e| matches!(
            e,
            Event::Resolved { tag: ItemTag::Play, card: Some(c), fizzled: true } if *c == cold
        )),
        "Lingering Cold fails: its only target became illegal (R7.5)"
    );
    assert_eq!(t.loc(cold), Loc::Graveyard);
    assert_eq!(
        t.loc(cirno),
        Loc::Square(sq("b1")),
        "the failed strategy did nothing"
    );
    assert!(!t.frozen(cirno));
    t.pass_both();
    assert!(t.in_battle(), "the move resolves into Chen's square");
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.loc(chen), Loc::Graveyard);
    assert_eq!(t.loc(cirno), Loc::Square(sq("b2")));
    assert!(!t.frozen(cirno));
    assert_eq!(t.damage(cirno), 1000);
    table
}
