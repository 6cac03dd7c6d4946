//! Compiled DSL lines in real games (built with `dzero_core::Builder`): the abilities behave as
//! the rules say (R17.7–R17.10, A23; 盟約 in covenant.rs).

use dzero_core::{
    Ability, Action, CardDb, CardId, CardKind, Colour, Decision, Game, Keywords, Loc, Payment,
    Player, Square, Timing, Zone, ZoneSet,
};
use dzero_grammar::{
    CompileCtx, Compiled, FormationKind, NoScripts, ScriptResolver, compile_text,
    formation_squares, parse_line,
};

mod support;

use Player::{One, Two};
use support::*;

// ------------------------------------------------------------------------- 隊列召喚 --

// R17.10, A23: 縦列 allows exactly the centre square in front of a card of yours, costs the
// 隊列召喚 cost instead of the use cost, and the unit survives RE7 in the centre.
#[test]
fn r17_10_formation_column_allows_exactly_the_square_and_survives_re7() {
    let mut t = Table::new();
    let soldier = t
        .def(unit("隊列の兵", 2000, &["隊列召喚―縦列[無1]"]).cost(dzero_core::Cost::colourless(3)));
    let plain = t.def(unit("ただの兵", 2000, &[]));
    t.filler_at(One, sq(0, 0));
    t.filler_at(Two, sq(2, 2)); // the opponent's cards never count
    let s = t.add(One, soldier, Loc::Hand);
    let p = t.add(One, plain, Loc::Hand);
    t.energy(One, 1);
    let (db, mut g) = t.build();

    let method_squares: Vec<Square> = legal(&g, &db)
        .iter()
        .filter_map(|a| match a {
            Action::Play {
                card,
                method: Some(0),
                square,
                ..
            } if *card == s => *square,
            _ => None,
        })
        .collect();
    assert_eq!(
        method_squares,
        vec![sq(1, 0)],
        "only the square in front of a1"
    );
    assert!(
        g.check(&db, &play(s, Some(0), sq(1, 1))).is_err(),
        "no card of yours behind b2"
    );
    assert!(
        g.check(&db, &play(s, None, sq(0, 1))).is_err(),
        "the printed cost (無3) is not affordable with one energy"
    );

    act(&mut g, &db, play(s, Some(0), sq(1, 0)));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, s), Some(Loc::Square(sq(1, 0))));
    assert!(frozen(&g, s), "arrives frozen like any played unit (A23)");
    assert_eq!(g.decision(), Decision::Act(One));

    // The same position, a unit played normally into the centre: RE7 destroys it.
    act(&mut g, &db, play(p, None, sq(1, 1)));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, p), Some(Loc::Graveyard));
    assert_eq!(loc(&g, s), Some(Loc::Square(sq(1, 0))), "still there");
}

// A23 kinds (docs/dsl.md): 縦列, 横列 and 中央 for both players.
#[test]
fn a23_formation_kinds_name_their_squares() {
    let mut t = Table::new();
    let soldier = t.def(unit("隊列の兵", 2000, &[]));
    let s1 = t.add(One, soldier, Loc::Hand);
    let s2 = t.add(Two, soldier, Loc::Hand);
    t.filler_at(One, sq(0, 0));
    t.filler_at(One, sq(0, 2));
    t.filler_at(Two, sq(2, 0));
    t.filler_at(Two, sq(2, 1));
    t.filler_at(Two, sq(2, 2));
    let (db, g) = t.build();
    let view = g.view(&db);
    let set = |kind, me| -> Vec<Square> {
        let s = formation_squares(kind, &view, me);
        Square::battle_squares()
            .filter(|q| s.contains(*q))
            .collect()
    };
    assert_eq!(set(FormationKind::Column, s1), vec![sq(1, 0), sq(1, 2)]);
    assert_eq!(set(FormationKind::Row, s1), vec![sq(0, 1)]);
    assert_eq!(set(FormationKind::Centre, s1), vec![]);
    assert_eq!(
        set(FormationKind::Column, s2),
        vec![sq(1, 0), sq(1, 1), sq(1, 2)]
    );
    assert_eq!(
        set(FormationKind::Row, s2),
        vec![],
        "no free own-area square"
    );
    assert_eq!(set(FormationKind::Centre, s2), vec![sq(1, 1)]);
}

// 横列 through the legal actions: the remaining own-area square only.
#[test]
fn a23_formation_row_through_legal_actions() {
    let mut t = Table::new();
    let soldier =
        t.def(unit("横列の兵", 2000, &["隊列召喚―横列[0]"]).cost(dzero_core::Cost::colourless(5)));
    t.filler_at(One, sq(0, 1));
    t.filler_at(One, sq(0, 2));
    let s = t.add(One, soldier, Loc::Hand);
    let (db, g) = t.build();
    let squares: Vec<Square> = legal(&g, &db)
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, square, .. } if *card == s => *square,
            _ => None,
        })
        .collect();
    assert_eq!(
        squares,
        vec![sq(0, 0)],
        "free by 隊列召喚, not by the printed 無5"
    );
}

// ---------------------------------------------------------------------------- ★ modifiers --

fn power(g: &Game, db: &CardDb, c: CardId) -> i32 {
    g.view(db).power(c)
}

// ★ パワー+1000 (中央エリア) changes power only in the centre area (R1.11), for either player.
#[test]
fn power_modifier_only_in_the_centre_area() {
    let mut t = Table::new();
    let knight = t.def(unit("中央の騎士", 2000, &["★ パワー+1000 (中央エリア)"]));
    let own = t.add(One, knight, Loc::Square(sq(0, 0)));
    let centre = t.add(One, knight, Loc::Square(sq(1, 1)));
    let enemy = t.add(One, knight, Loc::Square(sq(2, 2)));
    let hand = t.add(One, knight, Loc::Hand);
    let two_centre = t.add(Two, knight, Loc::Square(sq(1, 0)));
    let two_own = t.add(Two, knight, Loc::Square(sq(2, 0)));
    let (db, mut g) = t.build();
    assert_eq!(power(&g, &db, own), 2000);
    assert_eq!(power(&g, &db, centre), 3000);
    assert_eq!(power(&g, &db, enemy), 2000);
    assert_eq!(power(&g, &db, hand), 2000);
    assert_eq!(power(&g, &db, two_centre), 3000);
    assert_eq!(power(&g, &db, two_own), 2000);
    // Moving into the centre area turns it on (R10).
    act(
        &mut g,
        &db,
        Action::Move {
            unit: own,
            to: sq(1, 0),
            payment: Payment::Auto,
        },
    );
    pass_both(&mut g, &db);
    // The move into Two's unit's square started a battle; look before damage is dealt.
    assert_eq!(loc(&g, own), Some(Loc::Square(sq(1, 0))));
    assert_eq!(power(&g, &db, own), 3000);
}

// Lines are seen from the card's owner (R1.12); smash modifiers work the same way.
#[test]
fn line_and_smash_modifiers() {
    let mut t = Table::new();
    let lefty = t.def(unit("左の騎士", 2000, &["★ パワー+1000 (左ライン)"]));
    let raider = t.def(unit(
        "襲撃者",
        2000,
        &["power -500 in centre", "★ スマッシュ+1 (敵軍エリア)"],
    ));
    let l1 = t.add(One, lefty, Loc::Square(sq(0, 0)));
    let l2 = t.add(Two, lefty, Loc::Square(sq(2, 2)));
    let l3 = t.add(Two, lefty, Loc::Square(sq(2, 0)));
    let r1 = t.add(One, raider, Loc::Square(sq(2, 1)));
    let r2 = t.add(One, raider, Loc::Square(sq(1, 1)));
    let (db, g) = t.build();
    let v = g.view(&db);
    assert_eq!(v.power(l1), 3000, "column a is One's left line");
    assert_eq!(v.power(l2), 3000, "column c is Two's left line");
    assert_eq!(v.power(l3), 2000, "column a is Two's right line");
    assert_eq!(
        (v.power(r1), v.smash(r1)),
        (2000, 2),
        "enemy area: smash +1"
    );
    assert_eq!((v.power(r2), v.smash(r2)), (1500, 1), "centre: power -500");
}

// R17.9: a ★ in a zone effect works while the card is in that zone, on the card itself.
#[test]
fn r17_9_zone_effect_works_only_in_its_zone() {
    let mut t = Table::new();
    let ghost = t.def(unit("墓地の霊", 2000, &["墓地効果『★ パワー+1000』"]));
    let planner = t.def(unit("計画者", 2000, &["プランゾーン効果『★ パワー+1000』"]));
    let g1 = t.add(One, ghost, Loc::Graveyard);
    let g2 = t.add(One, ghost, Loc::Square(sq(0, 0)));
    let deep = t.add(One, planner, Loc::Deck);
    let top = t.add(One, planner, Loc::Deck);
    t.b.plan(One);
    let in_hand = t.add(One, planner, Loc::Hand);
    let (db, g) = t.build();
    let v = g.view(&db);
    assert_eq!(v.power(g1), 3000, "in the graveyard");
    assert_eq!(v.power(g2), 2000, "on the field");
    assert_eq!(g.plan_card(One), Some(top));
    assert_eq!(v.power(top), 3000, "the plan card");
    assert_eq!(v.power(deep), 2000, "elsewhere in the deck");
    assert_eq!(v.power(in_hand), 2000);
}

// ------------------------------------------------------------------------------ keywords --

// R17.7: 速攻 arrives released; R17.8: 加速 is a keyword the battle reads.
#[test]
fn r17_7_haste_and_r17_8_accel_are_keywords() {
    let mut t = Table::new();
    let fast = t.def(unit("速い兵", 2000, &["速攻", "accel"]));
    let f = t.add(One, fast, Loc::Hand);
    let (db, mut g) = t.build();
    assert!(
        g.view(&db)
            .keywords(f)
            .has(Keywords::HASTE.with(Keywords::ACCEL))
    );
    act(&mut g, &db, play(f, None, sq(0, 1)));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, f), Some(Loc::Square(sq(0, 1))));
    assert!(!frozen(&g, f), "速攻: released");
}

// R17.3: ● [cost]《timing》 lua:name; from a zone effect, it works from that zone (R17.9).
#[test]
fn r17_3_activated_ability_pointing_to_a_script() {
    let mut t = Table::new();
    let seer = t.def(unit(
        "占い師",
        2000,
        &[
            "● [無1 フリーズ]《クイック》 lua:draw_one",
            "墓地効果『● [0]《クイック》 lua:draw_one』",
            "★ lua:smash_up",
            "◆ lua:draw_on_arrival",
        ],
    ));
    let on_field = t.add(One, seer, Loc::Square(sq(0, 0)));
    let in_grave = t.add(One, seer, Loc::Graveyard);
    t.energy(One, 1);
    let (db, mut g) = t.build();
    assert_eq!(g.view(&db).smash(on_field), 2, "★ lua:smash_up");
    let hand = g.zone_len(One, Zone::Hand);
    act(&mut g, &db, activate(on_field, 0, &[]));
    assert!(frozen(&g, on_field), "フリーズ paid");
    pass_both(&mut g, &db);
    assert_eq!(g.zone_len(One, Zone::Hand), hand + 1);
    assert!(
        g.check(&db, &activate(in_grave, 0, &[])).is_err(),
        "the field ability does not work in the graveyard"
    );
    act(&mut g, &db, activate(in_grave, 1, &[]));
    pass_both(&mut g, &db);
    assert_eq!(g.zone_len(One, Zone::Hand), hand + 2);
}

// R17.9: a ● of a プランゾーン効果 works for the plan card only, not the rest of the deck.
#[test]
fn r17_9_plan_zone_activated_ability() {
    let mut t = Table::new();
    let seer = t.def(unit(
        "計画の占い師",
        2000,
        &["プランゾーン効果『● [0]《クイック》 lua:draw_one』"],
    ));
    let deep = t.add(One, seer, Loc::Deck);
    let top = t.add(One, seer, Loc::Deck);
    t.b.plan(One);
    let (db, mut g) = t.build();
    assert!(
        g.check(&db, &activate(deep, 0, &[])).is_err(),
        "not the plan card"
    );
    let hand = g.zone_len(One, Zone::Hand);
    act(&mut g, &db, activate(top, 0, &[]));
    pass_both(&mut g, &db);
    assert_eq!(g.zone_len(One, Zone::Hand), hand + 1);
}

// ◆ lua:name triggers like any ◆ (R17.2).
#[test]
fn r17_2_triggered_ability_pointing_to_a_script() {
    let mut t = Table::new();
    let herald = t.def(unit("伝令", 2000, &["◆ lua:draw_on_arrival"]));
    let h = t.add(One, herald, Loc::Hand);
    let (db, mut g) = t.build();
    let hand = g.zone_len(One, Zone::Hand);
    act(&mut g, &db, play(h, None, sq(0, 0)));
    pass_both(&mut g, &db); // the play resolves; the trigger goes on the stack
    pass_both(&mut g, &db); // the trigger resolves
    assert_eq!(g.zone_len(One, Zone::Hand), hand); // -1 played, +1 drawn
}

// ------------------------------------------------------------------------- compile errors --

#[test]
fn compile_errors_keep_their_spans() {
    let unit_ctx = CompileCtx::new(CardKind::Unit, Timing::Quick);
    let base_ctx = CompileCtx::new(CardKind::Base, Timing::Quick);
    let err = |s: &str, ctx: &CompileCtx, scripts: &mut dyn ScriptResolver| -> (String, String) {
        match compile_text(s, ctx, scripts) {
            Ok(c) => panic!("{s}: compiled to {c:?}"),
            Err(e) => (e.to_string(), s[e.span.range()].to_owned()),
        }
    };
    insta::assert_debug_snapshot!(
        "compile_errors",
        [
            err(
                "● [無1]《クイック》 lua:missing",
                &unit_ctx,
                &mut TestScripts
            ),
            err("◆ lua:on_play", &unit_ctx, &mut NoScripts),
            err("★ lua:aura", &unit_ctx, &mut NoScripts),
            err("隊列召喚―縦列[無1]", &base_ctx, &mut NoScripts),
            err("盟約―<「A」+「B」>[無1]", &base_ctx, &mut NoScripts),
            err(
                "墓地効果『★ パワー+1000 (中央エリア)』",
                &unit_ctx,
                &mut NoScripts
            ),
        ]
    );
    // Parsing alone never needs the scripts.
    assert!(parse_line("◆ lua:on_play").is_ok());
    // Keywords compile to flags.
    for (s, k) in [("加速", Keywords::ACCEL), ("haste", Keywords::HASTE)] {
        assert!(matches!(
            compile_text(s, &unit_ctx, &mut NoScripts),
            Ok(Compiled::Keyword(x)) if x == k
        ));
    }
    // 隊列召喚 compiles to a ☆ play method from the hand (R17.10).
    let Ok(Compiled::Ability(Ability::Play(dzero_core::PlayModifier::Method(m)))) =
        compile_text("隊列召喚―中央[赤1]", &unit_ctx, &mut NoScripts)
    else {
        panic!("not a play method")
    };
    assert_eq!(m.name, "隊列召喚―中央");
    assert_eq!(m.from, ZoneSet::HAND);
    assert_eq!(m.cost, Some(dzero_core::Cost::FREE.and(Colour::Red, 1)));
    assert_eq!(m.timing, None);
    assert!(m.centre_exempt);
}
