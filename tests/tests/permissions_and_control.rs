//! Rules that cards change and control change: ★ prohibitions that
//! see the destination, the square, the method and the player; ★ permissions beating the rules
//! (R16.1, 000 3.1(1)) and losing to prohibitions (R16.2); ★ timing changes and conditional ☆ play
//! methods; a controller distinct from the owner. Legal-action listings must contain exactly the
//! newly allowed actions.

use dzero_core::{
    Action, ActionError, CardDef, CardId, Decision, Loc, Payment, Phase, Player::*, Query, Refusal,
    RuleSet, Square, Targets, Timing,
};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support, sq};

const FILE: &str = "tests/lua/inline/permissions.lua";

/// The Lua set plus the given unit cards (name, timing, script) and strategies (name, timing,
/// script).
fn setup(units: &[(&str, Timing, &str)], spells: &[(&str, Timing, &str)]) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for &(name, timing, src) in units {
        let def = CardDef::unit(name, 3000, 1).timing(timing);
        db.add(
            host.load_card(def, FILE, src)
                .unwrap_or_else(|e| panic!("{e}")),
        );
    }
    for &(name, timing, src) in spells {
        let mut def = blank_strategy(name);
        def.timing = timing;
        db.add(
            host.load_card(def, FILE, src)
                .unwrap_or_else(|e| panic!("{e}")),
        );
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// The plays and activations the small decisions lead to, as compound actions.
fn legal(t: &Table) -> Vec<Action> {
    t.game.completions(&t.db, 10_000)
}

/// The destinations listed for moving `unit`, sorted by square index.
fn listed_moves(t: &Table, unit: CardId) -> Vec<Square> {
    let mut v: Vec<Square> = legal(t)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { unit: u, to, .. } if u == unit => Some(to),
            _ => None,
        })
        .collect();
    v.sort_by_key(|s| s.index());
    v
}

fn squares(names: &[&str]) -> Vec<Square> {
    let mut v: Vec<Square> = names.iter().map(|n| sq(n)).collect();
    v.sort_by_key(|s| s.index());
    v
}

fn listed_plays(t: &Table, card: CardId) -> Vec<(Option<u8>, Option<Square>)> {
    legal(t)
        .into_iter()
        .filter_map(|a| match a {
            Action::Play {
                card: c,
                method,
                square,
                ..
            } if c == card => Some((method, square)),
            _ => None,
        })
        .collect()
}

const DIAGONAL: &str =
    "card:static { permit_diagonal_move = function(self, u) return u == self end }";

/// R1.13, R16.1: the permitted unit lists its orthogonal and diagonal neighbours, a plain
/// unit only the orthogonal ones; the move is accepted and resolves (R10.3).
#[test]
fn r1_13_diagonal_permission_lists_exactly_the_diagonal_moves() {
    let (host, mut s) = setup(&[("跳ぶ兵", Timing::Quick, DIAGONAL)], &[]);
    let jumper = s.unit(One, "跳ぶ兵", "b1");
    let plain = s.unit(One, "シングルモルト", "a2");
    s.rich(One);
    let mut t = s.build_strict();
    assert_eq!(
        listed_moves(&t, jumper),
        squares(&["a1", "c1", "b2", "c2"]),
        "a2 holds P1's own unit; c2 and (blocked) a2 are diagonal"
    );
    assert_eq!(listed_moves(&t, plain), squares(&["a1", "a3", "b2"]));
    let refused = t.try_act(Action::Move {
        unit: plain,
        to: sq("b1"),
        payment: Payment::Auto,
    });
    assert!(
        refused.is_err(),
        "b1 is occupied by P1's unit and diagonal anyway"
    );
    let refused = t.try_act(Action::Move {
        unit: plain,
        to: sq("b3"),
        payment: Payment::Auto,
    });
    assert!(
        matches!(refused, Err(ActionError::Square(_))),
        "{refused:?}"
    );
    t.mv(jumper, "c2");
    t.pass_both();
    assert_eq!(t.loc(jumper), Loc::Square(sq("c2")));
    host.check().unwrap();
}

/// R16.2: a prohibition that sees the destination (「このカードに隣接するスクエアに移動できない」)
/// wins over the diagonal permission, and only for the destinations it names.
#[test]
fn r16_2_destination_prohibition_beats_diagonal_permission() {
    let keeper = "card:static { forbid_move = function(self, u, to) \
                  return u.controller ~= self.controller and to:adjacent(self.square) end }";
    let (host, mut s) = setup(
        &[
            ("跳ぶ兵", Timing::Quick, DIAGONAL),
            ("番人", Timing::Quick, keeper),
        ],
        &[],
    );
    let jumper = s.unit(One, "跳ぶ兵", "b1");
    s.unit(Two, "番人", "c3");
    s.rich(One);
    let t = s.build_strict();
    // c2 is adjacent to c3: forbidden although diagonal; b2 is not adjacent to c3.
    assert_eq!(listed_moves(&t, jumper), squares(&["a1", "c1", "b2", "a2"]));
    let mut t = t;
    let r = t.try_act(Action::Move {
        unit: jumper,
        to: sq("c2"),
        payment: Payment::Auto,
    });
    assert_eq!(
        r,
        Err(ActionError::Illegal(Refusal::MoveForbidden {
            unit: jumper
        }))
    );
    host.check().unwrap();
}

/// R12.1, R16.1: a unit with 「自軍エリアからスマッシュできる」 is offered as a smasher in
/// its own area; a plain unit there is not; a ★ prohibition on smashing wins (R16.2).
#[test]
fn r12_1_own_area_smash_permission_and_its_prohibition() {
    let archer = "card:static { permit_own_area_smash = function(self, u) return u == self end }";
    let (host, mut s) = setup(&[("射手", Timing::Quick, archer)], &[]);
    let a = s.unit(One, "射手", "a1");
    let plain = s.unit(One, "シングルモルト", "b1");
    let mut t = s.build_in(Phase::Smash);
    assert_eq!(t.game.decision(), Decision::Smash(One));
    let smashers: Vec<Action> = legal(&t);
    assert_eq!(smashers, vec![Action::Smash(None), Action::Smash(Some(a))]);
    assert!(matches!(
        t.try_act(Action::Smash(Some(plain))),
        Err(ActionError::Illegal(_))
    ));
    let before = t.zone(Two, dzero_core::Zone::Smash).len();
    t.act(Action::Smash(Some(a)));
    assert_eq!(
        t.zone(Two, dzero_core::Zone::Smash).len(),
        before + 1,
        "own area: smash N, no +1 (R12.2, R12.3)"
    );
    host.check().unwrap();

    let forbid = "card:static { forbid_smash = function(self, u) return u.controller ~= self.controller end }";
    let (host, mut s) = setup(
        &[
            ("射手", Timing::Quick, archer),
            ("封印", Timing::Quick, forbid),
        ],
        &[],
    );
    let a = s.unit(One, "射手", "a1");
    s.unit(Two, "封印", "c3");
    let mut t = s.build_in(Phase::Smash);
    assert_eq!(legal(&t), vec![Action::Smash(None)]);
    let r = t.try_act(Action::Smash(Some(a)));
    assert!(
        r == Err(ActionError::Illegal(Refusal::SmashForbidden { unit: a })),
        "{r:?}"
    );
    host.check().unwrap();
}

/// R6.5, R16.1: during a battle the ★ 「このカードはバトルタイミングでプレイできる」 card is
/// listed (in every legal square), a normal-timing card without it is not; a ☆ method with a
/// condition is listed only while the condition holds.
#[test]
fn r6_5_timing_permission_and_conditional_method_during_a_battle() {
    let ambush = r#"card:static { zones = "hand", play_timing = function(self, c) if c == self then return "battle" end end }"#;
    let reinforce = r#"card:play_method { name = "援軍", timing = "battle", condition = function(self, p) return #p:units() >= 3 end }"#;
    let (host, mut s) = setup(
        &[
            ("伏兵", Timing::Normal, ambush),
            ("援軍兵", Timing::Normal, reinforce),
            ("凡兵", Timing::Normal, ""),
        ],
        &[],
    );
    let malt = s.unit(One, "シングルモルト", "b1");
    s.unit(One, "シングルモルト", "c1");
    s.unit(Two, "シングルモルト", "b2");
    let ambusher = s.hand(One, "伏兵");
    let knight = s.hand(One, "援軍兵");
    let plain = s.hand(One, "凡兵");
    s.rich(One);
    let mut t = s.build_strict();
    t.mv(malt, "b2");
    t.pass_both();
    assert!(t.in_battle());
    assert_eq!(t.priority(), Some(One));
    let ambush_squares: Vec<_> = listed_plays(&t, ambusher);
    // Own area a1, b1 and the centre a2, c2 (c1 and b2 hold P1's units).
    assert_eq!(ambush_squares.len(), 4, "{ambush_squares:?}");
    assert!(ambush_squares.iter().all(|(m, _)| m.is_none()));
    assert!(listed_plays(&t, plain).is_empty());
    assert!(
        listed_plays(&t, knight).is_empty(),
        "2 units: the condition of 援軍 does not hold"
    );
    let refused = t.try_act(Table::play_action(plain, Some("a1"), &[]));
    assert!(
        matches!(refused, Err(ActionError::Timing(_))),
        "{refused:?}"
    );
    t.play(ambusher, Some("a1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(ambusher), Loc::Square(sq("a1")));
    let knight_plays = listed_plays(&t, knight);
    // 3 units: by 援軍 (ability 0) only, into b1, a2, c2.
    assert_eq!(knight_plays.len(), 3, "{knight_plays:?}");
    assert!(knight_plays.iter().all(|(m, _)| *m == Some(0)));
    host.check().unwrap();
}

/// R16.2: a prohibition sees the player, the square and the play method: 「相手は中央エリアに
/// ユニットをプレイできない」 and 「相手は『特殊』でプレイできない」 leave P1 exactly the plain plays
/// into its own area; the prohibition's controller is not affected.
#[test]
fn r16_2_play_prohibition_sees_player_square_and_method() {
    let blockade = r#"card:static { forbid_play = function(self, c, p, s, m)
  return p ~= self.controller and (m == "特殊" or (s ~= nil and s:area(p) == "centre"))
end }"#;
    let special = r#"card:play_method { name = "特殊", timing = "quick" }"#;
    let (host, mut s) = setup(
        &[
            ("封鎖", Timing::Quick, blockade),
            ("特殊兵", Timing::Quick, special),
        ],
        &[],
    );
    let fort = s.unit(Two, "封鎖", "b3");
    let mine = s.hand(One, "特殊兵");
    s.rich(One);
    let mut t = s.build_strict();
    let plays = listed_plays(&t, mine);
    let mut got: Vec<_> = plays.iter().map(|&(m, s)| (m, s.unwrap())).collect();
    got.sort_by_key(|(_, s)| s.index());
    assert_eq!(
        got,
        vec![(None, sq("a1")), (None, sq("b1")), (None, sq("c1"))]
    );
    let by_method = t.try_act(Action::Play {
        card: mine,
        method: Some(0),
        square: Some(sq("a1")),
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    assert_eq!(
        by_method,
        Err(ActionError::Illegal(Refusal::PlayForbidden { card: mine }))
    );
    let centre = t.try_act(Table::play_action(mine, Some("b2"), &[]));
    assert_eq!(
        centre,
        Err(ActionError::Illegal(Refusal::PlayForbidden { card: mine }))
    );
    assert_eq!(t.loc(mine), Loc::Hand);
    // The fort's controller is not affected.
    let v = Query::new(&t.game, &t.db);
    assert_eq!(v.controller(fort), Two);
    host.check().unwrap();
}

/// A failing permission or timing hook counts as neutral (the rule applies) and is reported
/// with card, file and line.
#[test]
fn failing_permission_hook_is_neutral_and_names_the_line() {
    let broken =
        "card:static {\n  permit_diagonal_move = function(self, u) error(\"boom\") end,\n}";
    let (host, mut s) = setup(&[("壊れた兵", Timing::Quick, broken)], &[]);
    let u = s.unit(One, "壊れた兵", "b1");
    s.rich(One);
    let t = s.build();
    assert_eq!(listed_moves(&t, u), squares(&["a1", "c1", "b2"]));
    let e = host.check().unwrap_err();
    assert_eq!(e.card, "壊れた兵", "{e}");
    assert_eq!(e.file, FILE, "{e}");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("boom"), "{e}");

    let broken =
        "card:static { zones = \"hand\",\n  play_timing = function() return \"sometimes\" end }";
    let (host, mut s) = setup(&[("壊れた伏兵", Timing::Normal, broken)], &[]);
    let c = s.hand(One, "壊れた伏兵");
    s.unit(One, "シングルモルト", "b1");
    s.unit(Two, "シングルモルト", "b2");
    s.rich(One);
    let mut t = s.build();
    let malt = t.game.field()[0];
    t.mv(malt, "b2");
    t.pass_both();
    assert!(t.in_battle());
    assert!(listed_plays(&t, c).is_empty(), "the timing stays normal");
    let e = host.check().unwrap_err();
    assert!(e.message.contains("unknown timing 'sometimes'"), "{e}");
    assert_eq!(e.file, FILE, "{e}");
}

// ---------------------------------------------------------------- control change (item 11)

const TAKE: &str = r#"card:on_play { target = target.unit { side = "opponent" },
  resolve = function(g, e) assert(g:take_control(e.target)) end }"#;
const TAKE_TURN: &str = r#"card:on_play { target = target.unit { side = "opponent" },
  resolve = function(g, e) assert(g:take_control(e.target, "end_of_turn")) end }"#;
const BOUNCE: &str = r#"card:on_play { target = target.unit(), resolve = function(g, e) g:put(e.target, "hand") end }"#;
const KILL: &str =
    r#"card:on_play { target = target.unit(), resolve = function(g, e) g:destroy(e.target) end }"#;
const MASTER: &str = r#"card:activated { target = target.unit { side = "opponent" },
  resolve = function(g, e) g:take_control(e.target, "while_source_in_play") end }"#;
const GENERAL: &str = r#"card:static { applies_to = "own_units", power = 1000 }"#;
const STOLEN: &str = r#"card:trigger { on = "placed", card = "self",
  resolve = function(g, e) g:draw(e.controller) end }
card:activated { resolve = function(g, e) g:draw(e.controller) end }"#;
const OWN_BOOST: &str = r#"card:on_play { target = target.unit { side = "own" },
  resolve = function(g, e) g:boost(e.target, 1000) end }"#;
const OPPONENT_BOOST: &str = r#"card:on_play { target = target.unit { side = "opponent" },
  resolve = function(g, e) g:boost(e.target, 1000) end }"#;

fn control_setup() -> (ScriptHost, Setup) {
    setup(
        &[
            ("支配者", Timing::Quick, MASTER),
            ("将軍", Timing::Quick, GENERAL),
            ("盗まれ兵", Timing::Quick, STOLEN),
        ],
        &[
            ("奪取", Timing::Battle, TAKE),
            ("一時奪取", Timing::Quick, TAKE_TURN),
            ("送還", Timing::Quick, BOUNCE),
            ("破壊", Timing::Quick, KILL),
            ("自軍強化", Timing::Quick, OWN_BOOST),
            ("敵強化", Timing::Quick, OPPONENT_BOOST),
        ],
    )
}

fn controller(t: &Table, c: CardId) -> dzero_core::Player {
    Query::new(&t.game, &t.db).controller(c)
}

/// Until end of turn: the controller's ★ "own units" includes the unit, its area is seen from
/// the controller, the controller may move it; at the end of the turn (A31) it returns to its
/// owner, who owns it throughout.
#[test]
fn control_until_end_of_turn_areas_own_units_and_return() {
    let (host, mut s) = control_setup();
    s.unit(One, "将軍", "a1");
    let thrall = s.unit(Two, "シングルモルト", "b3");
    let song = s.hand(One, "一時奪取");
    s.rich(One);
    let mut t = s.build_strict();
    assert_eq!(t.power(thrall), 3000);
    t.play(song, None, &[thrall]);
    t.pass_both();
    let v = Query::new(&t.game, &t.db);
    assert_eq!((v.owner(thrall), v.controller(thrall)), (Two, One));
    assert_eq!(
        v.area(thrall),
        Some(dzero_core::Area::Enemy),
        "seen from P1"
    );
    assert_eq!(t.power(thrall), 4000, "P1's 将軍 boosts P1's units");
    assert_eq!(listed_moves(&t, thrall), squares(&["a3", "c3", "b2"]));
    t.mv(thrall, "a3");
    t.pass_both();
    assert_eq!(t.loc(thrall), Loc::Square(sq("a3")));
    t.end_turn();
    assert_eq!(controller(&t, thrall), Two);
    assert_eq!(t.power(thrall), 3000);
    assert_eq!(
        Query::new(&t.game, &t.db).area(thrall),
        Some(dzero_core::Area::Own)
    );
    assert_eq!(t.game.card_state(thrall).unwrap().control, None);
    host.check().unwrap();
}

/// RE5 applied to control (rules silent, chosen): taking control of the opposing unit in a
/// battle puts two of the taker's units in one square; the unit whose control changed is the
/// later arrival and is destroyed, into its owner's graveyard (R1.4). No battle damage follows.
#[test]
fn control_into_a_square_with_your_unit_destroys_the_taken_unit_re5() {
    let (host, mut s) = control_setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let foe = s.unit(Two, "ロマネ・コンティ", "b2");
    let take = s.hand(One, "奪取");
    s.rich(One);
    let mut t = s.build_strict();
    t.mv(malt, "b2");
    t.pass_both();
    assert!(t.in_battle());
    t.play(take, None, &[foe]);
    t.pass_both();
    assert_eq!(t.loc(foe), Loc::Graveyard);
    assert!(t.zone(Two, dzero_core::Zone::Graveyard).contains(&foe));
    assert!(!t.zone(One, dzero_core::Zone::Graveyard).contains(&foe));
    t.pass_until(|t| !t.in_battle());
    assert_eq!(
        t.loc(malt),
        Loc::Square(sq("b2")),
        "no RE9: the defender left"
    );
    assert_eq!(t.damage(malt), 0);
    host.check().unwrap();
}

/// A controlled unit that leaves the squares goes to its owner's zones and the control change
/// ends with the object (R7.3).
#[test]
fn control_ends_when_the_unit_leaves_the_squares() {
    let (host, mut s) = control_setup();
    let thrall = s.unit(Two, "シングルモルト", "b3");
    let take = s.hand(One, "一時奪取");
    let bounce = s.hand(One, "送還");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(take, None, &[thrall]);
    t.pass_both();
    assert_eq!(controller(&t, thrall), One);
    t.play(bounce, None, &[thrall]);
    t.pass_both();
    assert!(t.zone(Two, dzero_core::Zone::Hand).contains(&thrall));
    assert_eq!(t.game.card_state(thrall).unwrap().control, None);
    assert_eq!(controller(&t, thrall), Two);
    host.check().unwrap();
}

/// 「このカードがスクエアにある限り」: control taken by a ● for as long as its source stays in
/// play ends when the source is destroyed; the unit returns to its owner in its square.
#[test]
fn control_while_source_in_play_ends_with_the_source() {
    let (host, mut s) = control_setup();
    let master = s.unit(One, "支配者", "a1");
    let thrall = s.unit(Two, "シングルモルト", "c3");
    let kill = s.hand(One, "破壊");
    s.rich(One);
    let mut t = s.build_strict();
    t.act(Action::Activate {
        card: master,
        ability: 0,
        targets: Targets::of(&[thrall]),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    t.pass_both();
    assert_eq!(controller(&t, thrall), One);
    t.play(kill, None, &[master]);
    t.pass_both();
    assert_eq!(t.loc(master), Loc::Graveyard);
    assert_eq!(controller(&t, thrall), Two);
    assert_eq!(t.loc(thrall), Loc::Square(sq("c3")));
    host.check().unwrap();
}

/// Control is pure data: a game with a control change survives a JSON round trip unchanged.
#[test]
fn control_is_serialized_with_the_game() {
    let (host, mut s) = control_setup();
    let thrall = s.unit(Two, "シングルモルト", "b3");
    let take = s.hand(One, "一時奪取");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(take, None, &[thrall]);
    t.pass_both();
    let json = serde_json::to_string(&t.game).unwrap();
    let back: dzero_core::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t.game);
    assert_eq!(
        back.card_state(thrall).unwrap().control.map(|k| k.player),
        Some(One)
    );
    host.check().unwrap();
}

/// The controller moves the unit, and its ◆ (when it is put into a square by the move) and ●
/// abilities are controlled by the controller (R17.3): the controller draws. 「あなたの」
/// targets (side "own") include the unit, 「相手の」 ones no longer do (R7.4).
#[test]
fn control_gives_the_units_abilities_and_target_sides_to_the_controller() {
    let (host, mut s) = control_setup();
    let thrall = s.unit(Two, "盗まれ兵", "b3");
    let take = s.hand(One, "一時奪取");
    let own = s.hand(One, "自軍強化");
    let opp = s.hand(One, "敵強化");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(take, None, &[thrall]);
    t.pass_both();
    let refused = t.try_act(Table::play_action(opp, None, &[thrall]));
    assert!(
        matches!(refused, Err(ActionError::Target(_))),
        "{refused:?}"
    );
    t.play(own, None, &[thrall]);
    t.pass_both();
    assert_eq!(t.power(thrall), 4000);
    let hands = |t: &Table| {
        (
            t.zone(One, dzero_core::Zone::Hand).len(),
            t.zone(Two, dzero_core::Zone::Hand).len(),
        )
    };
    let (p1, p2) = hands(&t);
    t.mv(thrall, "a3");
    t.pass_both();
    assert_eq!(t.loc(thrall), Loc::Square(sq("a3")));
    t.pass_both();
    assert_eq!(hands(&t), (p1 + 1, p2), "the ◆ is P1's: P1 draws");
    t.act(Table::activate_action(thrall, 1));
    t.pass_both();
    assert_eq!(hands(&t), (p1 + 2, p2), "the ● is P1's: P1 draws");
    host.check().unwrap();
}
