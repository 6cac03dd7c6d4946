//! ★ lines about other cards and rules and ☆ lines, compiled and consulted in real games (built
//! with `dzero_core::Builder`): each hook gives exactly what the printed text says.

use dzero_core::{
    Ability, CardDb, CardDef, CardId, CardKind, Colour, Cost, DamageKind, DamageSource, Forbid,
    Game, Loc, Permit, PlayModifier, Player, Query, Square, Timing,
};
use dzero_grammar::{NoScripts, timing_method_name};

mod support;

use Player::{One, Two};
use support::*;

fn base(name: &str, lines: &[&str]) -> CardDef {
    match with_lines(CardDef::base(name), lines, &mut NoScripts) {
        Ok(d) => d,
        Err(e) => panic!("{name}: {e} at {}", e.span),
    }
}

fn view<'a>(g: &'a Game, db: &'a CardDb) -> Query<'a> {
    Query::new(g, db)
}

fn strategy_damage() -> DamageSource {
    DamageSource {
        card: None,
        kind: DamageKind::Strategy,
    }
}

// R16, R1.12: 「このベースと同じラインにある相手のユニットのパワー-1000」 changes exactly the
// opponent's units in the base's line, never the base's own side or other lines.
#[test]
fn r16_same_line_opponent_units_lose_power() {
    let mut t = Table::new();
    let house = t.def(base(
        "ホラーハウス",
        &["★ このベースと同じラインにある相手のユニットのパワー-1000。"],
    ));
    let big = t.def(unit("大兵", 3000, &[]));
    t.add(One, house, Loc::Square(Square::base(One, 0)));
    let theirs_in_line = t.add(Two, big, Loc::Square(sq(2, 0)));
    let theirs_elsewhere = t.add(Two, big, Loc::Square(sq(2, 1)));
    let mine_in_line = t.add(One, big, Loc::Square(sq(0, 0)));
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.power(theirs_in_line), 2000);
    assert_eq!(v.power(theirs_elsewhere), 3000);
    assert_eq!(v.power(mine_in_line), 3000);
}

// R16, R1.11: 「敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1」: own red units in
// the enemy area (seen from their controller) only; 〈race〉 filters name the printed race.
#[test]
fn r16_area_colour_and_race_filters() {
    let mut t = Table::new();
    let mansion = t.def(base(
        "紅魔館",
        &["★ 敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1。"],
    ));
    let shrine = t.def(base(
        "神社",
        &["★ あなたのメイデンのユニットのパワー+1000。"],
    ));
    let maiden = t.def(unit("巫女", 3000, &[]).race("メイデン"));
    let blue = t.def(CardDef::unit("青い兵", 1000, 1).colour(Colour::Blue));
    t.add(One, mansion, Loc::Square(Square::base(One, 1)));
    t.add(One, shrine, Loc::Square(Square::base(One, 2)));
    let red_enemy = t.filler_at(One, sq(2, 0));
    let red_centre = t.filler_at(One, sq(1, 1));
    let blue_enemy = t.add(One, blue, Loc::Square(sq(2, 2)));
    let their_red_in_p1_own = t.filler_at(Two, sq(0, 2));
    let my_maiden = t.add(One, maiden, Loc::Square(sq(0, 1)));
    let their_maiden = t.add(Two, maiden, Loc::Square(sq(2, 1)));
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.smash(red_enemy), 2);
    assert_eq!(v.smash(red_centre), 1);
    assert_eq!(v.smash(blue_enemy), 1);
    assert_eq!(v.smash(their_red_in_p1_own), 1);
    assert_eq!(v.power(my_maiden), 4000);
    assert_eq!(v.power(their_maiden), 3000);
}

// R17.9: 「墓地効果『★ あなたのユニットのパワー+500。』」 works only while the card is in the
// graveyard, for its owner's units in the battle space.
#[test]
fn r17_9_graveyard_static_on_other_cards() {
    let mut t = Table::new();
    let grudge = t.def(unit(
        "怨霊",
        2000,
        &["墓地効果『★ あなたのユニットのパワー+500。』"],
    ));
    let in_grave = t.add(One, grudge, Loc::Graveyard);
    let on_field = t.add(Two, grudge, Loc::Square(sq(2, 0)));
    let mine = t.filler_at(One, sq(0, 0));
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(v.power(mine), 1500);
    assert_eq!(
        v.power(on_field),
        2000,
        "P2's copy is on the field, not in a graveyard"
    );
    assert_eq!(v.power(in_grave), 2000);
}

// R5, R16.3: a ★ cost change may filter by the use cost it changes; the cost it reads is its
// own result one level deeper, ending at the printed cost (the nesting depth of
// `Query::play_cost_by`): 無2 → 無1 (2 ≤ 2), 無3 stays (3 > 2).
#[test]
fn r16_3_cost_change_filtered_by_use_cost() {
    let mut t = Table::new();
    let miser = t.def(unit(
        "倹約家",
        1000,
        &["★ 使用コストが2以下の相手のユニットの使用コストは無1少なくなる。"],
    ));
    let two = t.def(unit("二の兵", 1000, &[]).cost(Cost::colourless(2)));
    let three = t.def(unit("三の兵", 1000, &[]).cost(Cost::colourless(3)));
    t.add(One, miser, Loc::Square(sq(0, 0)));
    let their_two = t.add(Two, two, Loc::Hand);
    let their_three = t.add(Two, three, Loc::Hand);
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(
        v.play_cost(their_two, Cost::colourless(2)),
        Cost::colourless(1)
    );
    assert_eq!(
        v.play_cost(their_three, Cost::colourless(3)),
        Cost::colourless(3)
    );
}

// R5, R17.4: ★ changes the use cost of the opponent's unit cards wherever they are; ☆ changes
// this card's own cost only while its condition holds; a reduction stops at 0.
#[test]
fn r17_4_cost_changes() {
    let mut t = Table::new();
    let chen = t.def(unit(
        "橙",
        1000,
        &["★ 相手のユニットの使用コストは無1少なくなる。"],
    ));
    let angel = t.def(
        unit(
            "見習い",
            3000,
            &["☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。"],
        )
        .cost(Cost::colourless(2).and(Colour::White, 1)),
    );
    let cheap = t.def(unit("安い兵", 1000, &[]).cost(Cost::colourless(0).and(Colour::Red, 1)));
    t.add(One, chen, Loc::Square(sq(0, 0)));
    let their_angel = t.add(Two, angel, Loc::Hand);
    let their_cheap = t.add(Two, cheap, Loc::Hand);
    let my_angel = t.add(One, angel, Loc::Hand);
    let (db, g) = t.build();
    let v = view(&g, &db);
    let printed = Cost::colourless(2).and(Colour::White, 1);
    assert_eq!(
        v.play_cost(their_angel, printed),
        Cost::colourless(1).and(Colour::White, 1),
        "橙 only: P2 has no white unit"
    );
    assert_eq!(
        v.play_cost(my_angel, printed),
        printed,
        "橙 spares its own side; P1 has no white unit"
    );
    let red1 = Cost::colourless(0).and(Colour::Red, 1);
    assert_eq!(v.play_cost(their_cheap, red1), red1, "無0 stays 0");

    let mut t = Table::new();
    let angel = t.def(
        unit(
            "見習い",
            3000,
            &["☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。"],
        )
        .cost(printed),
    );
    let white = t.def(CardDef::unit("白い兵", 1000, 1).colour(Colour::White));
    t.add(One, white, Loc::Square(sq(1, 1)));
    t.add(Two, white, Loc::Square(sq(2, 2)));
    let mine = t.add(One, angel, Loc::Hand);
    let (db, g) = t.build();
    let v = view(&g, &db);
    assert_eq!(
        v.play_cost(mine, printed),
        Cost::colourless(1).and(Colour::White, 1)
    );
}

// R11.9 and damage replacements (docs/design.md §5): 白玉楼's -2000 for own units in its line; 魔除け
// takes no damage from strategies, but from abilities and battles as usual.
#[test]
fn damage_changes_by_place_and_source() {
    let mut t = Table::new();
    let tower = t.def(base(
        "白玉楼",
        &["★ このベースと同じラインにあるあなたのユニットが受けるダメージを-2000する。"],
    ));
    let ward = t.def(unit(
        "魔除け",
        4000,
        &["★ このカードはストラテジーから受けるダメージを受けない。"],
    ));
    t.add(One, tower, Loc::Square(Square::base(One, 0)));
    let in_line = t.filler_at(One, sq(1, 0));
    let other_line = t.filler_at(One, sq(1, 1));
    let theirs = t.filler_at(Two, sq(2, 0));
    let warded = t.add(One, ward, Loc::Square(sq(0, 2)));
    let (db, g) = t.build();
    let v = view(&g, &db);
    let ability = DamageSource {
        card: None,
        kind: DamageKind::Ability,
    };
    assert_eq!(v.damage_after_replacement(in_line, 3000, ability), 1000);
    assert_eq!(v.damage_after_replacement(in_line, 1000, ability), 0);
    assert_eq!(v.damage_after_replacement(other_line, 3000, ability), 3000);
    assert_eq!(v.damage_after_replacement(theirs, 3000, ability), 3000);
    assert_eq!(
        v.damage_after_replacement(warded, 3000, strategy_damage()),
        0
    );
    assert_eq!(v.damage_after_replacement(warded, 3000, ability), 3000);
    assert_eq!(
        v.damage_after_replacement(other_line, 3000, strategy_damage()),
        3000
    );
}

// R7.4, R16.2: 「このカードは相手のカードの対象にならない」 forbids the opponent's targeting only;
// the bare form forbids everyone's.
#[test]
fn r7_4_untargetable() {
    let mut t = Table::new();
    let reimu = t.def(unit(
        "霊夢",
        6000,
        &["★ このカードは相手のカードの対象にならない。"],
    ));
    let hermit = t.def(unit(
        "隠者",
        1000,
        &["★ このカードはカードの対象にならない。"],
    ));
    let r = t.add(One, reimu, Loc::Square(sq(0, 0)));
    let h = t.add(One, hermit, Loc::Square(sq(0, 1)));
    let other = t.filler_at(One, sq(0, 2));
    let (db, g) = t.build();
    let v = view(&g, &db);
    let target = |subject: CardId, by: Player| v.forbidden(Forbid::Target { subject, by });
    assert!(target(r, Two));
    assert!(!target(r, One));
    assert!(target(h, One) && target(h, Two));
    assert!(!target(other, Two));
}

// R10.1, R16.2: 関所の番人 forbids the opponent's moves into squares adjacent to it (R1.13), not
// its own side's, not elsewhere; 中央封鎖 forbids the opponent's unit plays into the centre area.
#[test]
fn r16_2_prohibitions_by_place() {
    let mut t = Table::new();
    let keeper = t.def(unit(
        "番人",
        3000,
        &["★ 相手のユニットはこのカードに隣接するスクエアに移動できない。"],
    ));
    let fort = t.def(base(
        "砦",
        &["★ 相手は中央エリアにユニットをプレイできない。"],
    ));
    t.add(One, keeper, Loc::Square(sq(1, 1)));
    t.add(One, fort, Loc::Square(Square::base(One, 0)));
    let theirs = t.filler_at(Two, sq(2, 0));
    let mine = t.filler_at(One, sq(0, 0));
    let their_card = t.add(Two, t.filler, Loc::Hand);
    let my_card = t.add(One, t.filler, Loc::Hand);
    let (db, g) = t.build();
    let v = view(&g, &db);
    let mv = |unit, to| v.forbidden(Forbid::Move { unit, to });
    assert!(mv(theirs, sq(1, 0)), "b1 is next to b2");
    assert!(mv(theirs, sq(2, 1)), "c2 is next to b2 too");
    assert!(!mv(theirs, sq(0, 0)), "a1 is diagonal to b2");
    assert!(!mv(mine, sq(1, 0)), "own units move freely");
    let play_at = |card, player, s: Square| {
        v.forbidden(Forbid::Play {
            card,
            player,
            square: Some(s),
            method: None,
        })
    };
    assert!(play_at(their_card, Two, sq(1, 2)));
    assert!(!play_at(their_card, Two, sq(2, 2)), "P2's own area");
    assert!(!play_at(my_card, One, sq(1, 2)));
}

// R16.1: permissions beat the rules for this card only (R1.13 diagonal moves, R12.1 smash from
// the own area); a ★ play timing works from the hand, where the card is played from.
#[test]
fn r16_1_permissions_and_play_timing() {
    let mut t = Table::new();
    let knight = t.def(unit("跳ね馬", 2000, &["★ このカードは斜めに移動できる。"]));
    let archer = t.def(unit(
        "射手",
        1000,
        &["★ このカードは自軍エリアからスマッシュできる。"],
    ));
    let ambusher = t.def(
        unit(
            "伏兵",
            3000,
            &["★ このカードはバトルタイミングでプレイできる。"],
        )
        .timing(Timing::Normal),
    );
    let k = t.add(One, knight, Loc::Square(sq(0, 0)));
    let a = t.add(One, archer, Loc::Square(sq(0, 1)));
    let other = t.filler_at(One, sq(0, 2));
    let in_hand = t.add(One, ambusher, Loc::Hand);
    let plain = t.add(One, t.filler, Loc::Hand);
    let (db, g) = t.build();
    let v = view(&g, &db);
    let diag = |unit| v.permitted(Permit::MoveDiagonally { unit, to: sq(1, 1) });
    assert!(diag(k) && !diag(a) && !diag(other));
    let smash = |unit| v.permitted(Permit::SmashFromOwnArea { unit });
    assert!(smash(a) && !smash(k));
    assert_eq!(v.play_timing(in_hand, Timing::Normal), Timing::Battle);
    assert_eq!(v.play_timing(plain, Timing::Normal), Timing::Normal);
}

// R4.2, R16.1: 妖魔の勇者 keeps the opponent's unit cards in their energy zone frozen; R15.4:
// 不屈の城塞 moves its controller's smash loss to 10 (RE1: 7 otherwise).
#[test]
fn r4_2_release_and_r15_4_smash_loss() {
    let mut t = Table::new();
    let hero = t.def(unit(
        "勇者",
        4000,
        &["★ このカードがスクエアにある限り、相手のエネルギーゾーンにあるユニットのカードは、相手のリリースフェイズにリリースされない。"],
    ));
    let citadel = t.def(base(
        "城塞",
        &["★ あなたはスマッシュゾーンのカードが10枚になるまで敗北しない。"],
    ));
    let spell = t.def(CardDef::new("策", CardKind::Strategy));
    t.add(One, hero, Loc::Square(sq(0, 0)));
    t.add(One, citadel, Loc::Square(Square::base(One, 1)));
    let their_unit = t.add(Two, t.filler, Loc::Energy);
    let their_spell = t.add(Two, spell, Loc::Energy);
    let my_unit = t.add(One, t.filler, Loc::Energy);
    let (db, g) = t.build();
    let v = view(&g, &db);
    let rel = |card| v.forbidden(Forbid::Release { card });
    assert!(rel(their_unit));
    assert!(!rel(their_spell));
    assert!(!rel(my_unit));
    assert_eq!(v.smash_loss(One), 10);
    assert_eq!(v.smash_loss(Two), 7);
}

// R17.4: 「☆ …なら、このカードはバトルタイミングでプレイできる」 is a play method from the hand at
// battle timing, usable only while its condition holds for the playing player.
#[test]
fn r17_4_play_method_at_battle_timing_with_a_condition() {
    let mut t = Table::new();
    let knight = t.def(unit(
        "援軍",
        4000,
        &["☆ あなたのユニットが3体以上なら、このカードはバトルタイミングでプレイできる。"],
    ));
    let k = t.add(One, knight, Loc::Hand);
    t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(0, 1));
    t.filler_at(Two, sq(2, 2));
    t.filler_at(Two, sq(2, 1));
    t.filler_at(Two, sq(2, 0));
    let (db, g) = t.build();
    let v = view(&g, &db);
    let Some(Ability::Play(PlayModifier::Method(m))) = v.def(k).abilities.first() else {
        panic!("no play method")
    };
    assert_eq!(m.name, timing_method_name(Timing::Battle));
    assert_eq!(m.name, "バトルタイミングでプレイ");
    assert_eq!(m.timing, Some(Timing::Battle));
    let Some(cond) = &m.condition else {
        panic!("no condition")
    };
    assert!(!cond(&v, k, One), "2 units of P1");
    assert!(cond(&v, k, Two), "3 units of P2");
}
