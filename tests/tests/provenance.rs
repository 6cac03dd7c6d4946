//! Where a card came from and why it moved: the plan zone reported as
//! "plan", the play method, moves, and whose effect put a card into a square — on the card,
//! on its events, in Lua and in ◆ filters.

use dzero_core::{
    Ability, Action, Arrival, CardDef, Cause, Event, Keywords, Loc, Payment, PlayModifier, Played,
    Player::*, RuleSet, Targets, Zone,
};
use dzero_script_api::{ErrorKind, Limits, ScriptHost, blank_strategy};
use dzero_tests::lua as lua_support;
use dzero_tests::{Setup, Table, sq};

/// The Lua set plus inline cards `(definition, script)`.
fn with_cards(extra: Vec<(CardDef, &str)>) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for (i, (def, src)) in extra.into_iter().enumerate() {
        let def = host
            .load_card(def, &format!("tests/lua/provenance/{i}.lua"), src)
            .unwrap_or_else(|e| panic!("{e}"));
        db.add(def);
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// 星: ◆ when played from the plan zone by the normal play, draw 1 (its `when` checks every
/// provenance field Lua sees); ◆ when put into a square by an effect, draw 2 (checking the
/// effect's card and player).
const STAR: &str = r#"
card:trigger {
  on = "placed", card = "self", from = "plan", cause = "played", method = "normal",
  when = function(self, e)
    return e.from == "plan" and e.played_from == "plan" and e.method == "normal"
      and e.cause == "played" and e.by == nil
      and self.played_from == "plan" and self.play_method == "normal"
      and self.came_from == "plan" and self.cause == "played" and self.put_by == nil
  end,
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
card:trigger {
  on = "placed", card = "self", cause = "effect",
  when = function(self, e)
    return e.by.name == "呼び出し" and e.by_player.index == 1 and e.from == "hand"
      and e.method == nil and self.played_from == nil and self.play_method == nil
      and self.put_by.name == "呼び出し" and self.cause == "effect"
  end,
  resolve = function(g, e) g:draw(e.controller, 2) end,
}
"#;

fn star() -> (CardDef, &'static str) {
    (CardDef::unit("星", 2000, 1), STAR)
}

fn hand_size(t: &Table) -> usize {
    t.zone(One, Zone::Hand).len()
}

// R9.6: the plan card is played as from the hand but remembered as played
// from the plan zone; its moves say "plan", not "deck", and its ◆ filtered on `from = "plan"`
// fires.
#[test]
fn played_from_the_plan_zone_is_reported_as_plan() {
    let (_h, mut s) = with_cards(vec![star()]);
    s.deck(One, "ロマネ・コンティ", 10);
    let c = s.add(One, "星", Loc::Deck);
    s.plan(One);
    let mut t = s.build_strict();
    assert_eq!(t.game.plan_card(One), Some(c));
    t.play(c, Some("a1"), &[]);
    let plan_played = Played {
        from: Zone::Plan,
        method: None,
    };
    assert!(t.game.events().contains(&Event::Moved {
        card: c,
        from: Loc::Deck,
        to: Loc::Stack,
        arrival: Arrival {
            from: Zone::Plan,
            cause: Cause::Played(plan_played),
        },
    }));
    t.pass_both();
    assert!(t.game.events().contains(&Event::Placed {
        card: c,
        square: sq("a1"),
        played: true,
        arrival: Arrival {
            from: Zone::Plan,
            cause: Cause::Played(plan_played),
        },
    }));
    assert_eq!(t.stack().len(), 1, "only the plan ◆ triggered");
    t.pass_both();
    assert_eq!(hand_size(&t), 1);
    assert_eq!(t.game.view(&t.db).played(c), Some(plan_played));
}

// Played from the hand, the same card's plan ◆ does not fire; a move keeps
// how it was played but records the move as its last arrival (R10).
#[test]
fn played_from_hand_does_not_match_plan_and_moves_are_moves() {
    // 速攻 (R17.7): released on arrival, so it can move at once.
    let mut def = CardDef::unit("星", 2000, 1);
    def.keywords = Keywords::HASTE;
    let (_h, mut s) = with_cards(vec![(def, STAR)]);
    let c = s.hand(One, "星");
    let mut t = s.build_strict();
    t.play(c, Some("a1"), &[]);
    t.pass_both();
    assert!(t.stack().is_empty(), "no ◆ fires for a play from the hand");
    t.mv(c, "a2");
    t.pass_both();
    assert!(t.stack().is_empty(), "a move is not a play nor an effect");
    let v = t.game.view(&t.db);
    assert_eq!(
        v.played(c),
        Some(Played {
            from: Zone::Hand,
            method: None
        })
    );
    assert_eq!(
        v.arrival(c),
        Arrival {
            from: Zone::Field,
            cause: Cause::Moved
        }
    );
    assert_eq!(v.play_method(c), Some("normal"));
}

// A card put into a square by an effect knows whose effect (card, player)
// and was not played; the plan ◆ does not fire, the effect ◆ does.
#[test]
fn put_by_an_effect_names_the_card_and_player() {
    let put = (
        blank_strategy("呼び出し"),
        r#"card:on_play { resolve = function(g, e)
             for _, c in ipairs(e.controller:hand()) do
               if c.name == "星" then g:put(c, "b1") end
             end
           end }"#,
    );
    let (_h, mut s) = with_cards(vec![star(), put]);
    let c = s.hand(One, "星");
    let spell = s.hand(One, "呼び出し");
    let mut t = s.build_strict();
    t.play(spell, None, &[]);
    t.pass_both();
    assert_eq!(t.loc(c), Loc::Square(sq("b1")));
    assert_eq!(
        t.game.view(&t.db).arrival(c),
        Arrival {
            from: Zone::Hand,
            cause: Cause::Effect {
                card: Some(spell),
                player: One
            }
        }
    );
    assert_eq!(t.stack().len(), 1, "only the effect ◆ triggered");
    t.pass_both();
    assert_eq!(hand_size(&t), 2);
}

/// 隊: a unit with a ☆ method 「隊列召喚―テスト」 and a ◆ for plays by 隊列召喚 only.
const TROOP: &str = r#"
card:play_method { name = "隊列召喚―テスト", from = "hand" }
card:trigger {
  on = "placed", card = "self", method = "隊列召喚",
  when = function(self, e) return e.method == "隊列召喚―テスト" and self.play_method == e.method end,
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#;

// R17.4: the ◆ sees which play method was used; a normal play of the same
// card does not match `method = "隊列召喚"`.
#[test]
fn the_play_method_is_recorded_and_filtered() {
    let (_h, mut s) = with_cards(vec![(CardDef::unit("隊", 2000, 1), TROOP)]);
    let by_method = s.hand(One, "隊");
    let normal = s.hand(One, "隊");
    let mut t = s.build_strict();
    let method = t
        .game
        .view(&t.db)
        .def(by_method)
        .abilities
        .iter()
        .position(|a| matches!(a, Ability::Play(PlayModifier::Method(_))))
        .unwrap() as u8;
    t.play(normal, Some("a1"), &[]);
    t.pass_both();
    assert!(t.stack().is_empty(), "a normal play is not 隊列召喚");
    t.act(Action::Play {
        card: by_method,
        method: Some(method),
        square: Some(sq("c1")),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    });
    t.pass_both();
    assert_eq!(t.stack().len(), 1);
    t.pass_both();
    assert_eq!(hand_size(&t), 1);
    let v = t.game.view(&t.db);
    assert_eq!(v.play_method(by_method), Some("隊列召喚―テスト"));
    assert_eq!(v.play_method(normal), Some("normal"));
}

// Bad input: an unknown cause is a load error naming the file and line.
#[test]
fn unknown_cause_is_a_located_error() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let err = host
        .load_card(
            CardDef::unit("誤", 1000, 1),
            "cards/bad_cause.lua",
            "\ncard:trigger { on = \"placed\", cause = \"magic\", resolve = function() end }",
        )
        .err()
        .expect("refused");
    let msg = err.to_string();
    assert!(msg.contains("unknown cause 'magic'"), "{msg}");
    assert!(msg.contains("bad_cause.lua:2"), "{msg}");
    assert_eq!(err.kind, ErrorKind::Misuse, "{msg}");
}

/// 予兆: ◆ (seen from the plan zone) when this card leaves the plan zone for the hand, draw 1.
const OMEN: &str = r#"
card:trigger {
  on = "moved", card = "self", zones = "plan", from = "plan",
  when = function(self, e) return e.from == "plan" and e.to == "hand" and e.cause == "effect" end,
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#;

// R9.4: a plan card drawn by an effect is reported in Lua as leaving "plan",
// not "deck"; the same card drawn from the deck without a plan zone does not match.
#[test]
fn drawing_the_plan_card_says_plan_in_lua() {
    let draw = "card:on_play { resolve = function(g, e) g:draw(e.controller, 1) end }";
    for plan in [true, false] {
        let (_h, mut s) = with_cards(vec![
            (CardDef::unit("予兆", 1000, 1), OMEN),
            (blank_strategy("引く"), draw),
        ]);
        s.deck(One, "ロマネ・コンティ", 10);
        let omen = s.add(One, "予兆", Loc::Deck);
        if plan {
            s.plan(One);
        }
        let spell = s.hand(One, "引く");
        let mut t = s.build_strict();
        t.play(spell, None, &[]);
        t.pass_both();
        assert_eq!(t.loc(omen), Loc::Hand);
        assert_eq!(t.stack().len(), usize::from(plan), "plan zone: {plan}");
        t.pass_both();
        assert_eq!(t.zone(One, Zone::Hand).len(), 1 + usize::from(plan));
    }
}
