//! Replacement effects on zone changes (「…場合、かわりに…」), damage replacements that see the
//! source, and loss conditions changed by card text (R15.4), written in Lua the way fan cards
//! are: the paths the bundled scenarios do not reach (the end of a battle, errors, determinism,
//! the deck-out loss).

use dzero_core::{
    Action, CardDef, ChoiceKind, ChoiceOption, Event, Game, GameResult, Loc, Player::*, RuleSet,
};
use dzero_script_api::{ErrorKind, Limits, ScriptHost};
use dzero_tests::lua as lua_support;
use dzero_tests::{Setup, Table, sq};

const FILE: &str = "sets/fan/replacing.lua";

/// The Lua fixture set plus a unit `name` (power 3000, smash 1) whose script is `src`.
fn with_unit(name: &str, src: &str) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    db.add(
        host.load_card(CardDef::unit(name, 3000, 1), FILE, src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

fn yes() -> ChoiceOption {
    ChoiceOption::Label("yes".into())
}

/// The RE9 battle of `rule_effects::re9_attacker_destroyed_when_both_remain` with the
/// attacker replaced by `name`; stops with the battle in its end step, before the last pass.
fn battle_to_end_step(name: &str, src: &str) -> (ScriptHost, Table, dzero_core::CardId) {
    let (host, mut s) = with_unit(name, src);
    let ghost = s.unit(One, name, "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    t.mv(ghost, "b2");
    t.pass_both();
    t.pass_both();
    t.pass_both();
    t.pass();
    t.play(soul, None, &[cirno]);
    t.pass_both();
    t.pass_both();
    t.pass_both();
    assert_eq!(t.damage(cirno), 3000);
    t.pass();
    (host, t, ghost)
}

// R11.16 / RE9 (R14.3): the attacker destroyed at the end of a battle goes through replacement
// effects too. The optional question is asked outside any resolution: the pass that ended the
// battle is held, the game is back as before it, the owner of the replacing card answers, and
// the pass runs again with the answer. The held question survives serialization.
#[test]
fn re9_destruction_at_battle_end_is_replaced_after_a_held_question() {
    let src = r#"card:replace { event = "destroyed", instead = "remove", optional = true,
        payoff = function(g, e) g:draw(e.controller) end }"#;
    let (host, mut t, ghost) = battle_to_end_step("亡霊兵", src);
    let hand = t.zone(One, dzero_core::Zone::Hand).len();
    let before_pass = t.game.clone();
    t.act(Action::Pass);
    let c = t.game.choice().cloned().expect("the replacement asks");
    assert_eq!((c.player, c.kind), (One, ChoiceKind::Replacement));
    assert!(t.in_battle(), "the battle-ending pass is held: {c:?}");
    assert_eq!(t.loc(ghost), dzero_core::Loc::Square(sq("b2")));
    let json = serde_json::to_string(&t.game).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    back.refresh_abilities(&t.db);
    t.choose(yes());
    assert!(!t.in_battle());
    assert_eq!(t.loc(ghost), Loc::Remove);
    assert_eq!(
        t.zone(One, dzero_core::Zone::Hand).len(),
        hand + 1,
        "payoff"
    );
    let events = t.game.events();
    assert!(events.contains(&Event::BattleEnded {
        square: sq("b2"),
        winner: None,
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Destroyed { card, .. } if *card == ghost)),
        "replaced away from the graveyard: not destroyed into it"
    );
    // Same state and answers, same game (determinism): from the restored copy and by replay.
    let i = back
        .choice()
        .unwrap()
        .options
        .iter()
        .position(|o| *o == yes())
        .unwrap();
    back.apply(&t.db, Action::Choose(i as u16)).unwrap();
    assert_eq!(back, t.game);
    let mut replay = before_pass;
    replay.apply(&t.db, Action::Pass).unwrap();
    replay.apply(&t.db, Action::Choose(i as u16)).unwrap();
    assert_eq!(replay, t.game);
    host.check().unwrap();
}

// RE9: declining the optional replacement: the attacker is destroyed into the graveyard and
// the payoff does not happen.
#[test]
fn declined_replacement_at_battle_end_destroys_without_payoff() {
    let src = r#"card:replace { event = "destroyed", instead = "remove", optional = true,
        payoff = function(g, e) g:draw(e.controller) end }"#;
    let (host, mut t, ghost) = battle_to_end_step("亡霊兵", src);
    let hand = t.zone(One, dzero_core::Zone::Hand).len();
    t.act(Action::Pass);
    t.choose(ChoiceOption::Label("no".into()));
    assert_eq!(t.loc(ghost), Loc::Graveyard);
    assert_eq!(t.zone(One, dzero_core::Zone::Hand).len(), hand);
    assert!(t.game.events().contains(&Event::Destroyed {
        card: ghost,
        square: sq("b2"),
    }));
    host.check().unwrap();
}

// A failing `applies_to` hook counts as "does not apply" (hooks fail neutral): the card is
// destroyed into the graveyard and the error names the card, file and line.
#[test]
fn failing_replacement_hook_is_neutral_and_named() {
    let src = "card:replace { instead = \"remove\",\n  applies_to = function(self, c)\n    return c.nothing.here\n  end }";
    let (host, mut s) = with_unit("壊れた亡霊", src);
    let ghost = s.unit(Two, "壊れた亡霊", "b2");
    let ray = s.hand(One, "ヒュドラランチャー");
    s.rich(One);
    let mut t = s.build();
    t.play(ray, None, &[ghost]);
    t.pass_both();
    assert_eq!(t.loc(ghost), Loc::Graveyard);
    let e = host.check().unwrap_err();
    assert_eq!(
        (e.kind, e.card.as_str(), e.file.as_str()),
        (ErrorKind::Misuse, "壊れた亡霊", FILE)
    );
    assert_eq!(e.line, Some(3), "{e}");
}

// Bad declarations are load errors naming the line.
#[test]
fn bad_replace_declarations_are_refused_at_load() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    for (src, msg) in [
        ("card:replace { event = \"destroyed\" }", "needs instead"),
        ("card:replace { instead = \"moon\" }", "unknown zone 'moon'"),
        (
            "card:replace { instead = \"hand\", event = \"drawn\" }",
            "unknown event 'drawn'",
        ),
        (
            "card:replace { instead = \"hand\", optional = 1 }",
            "true or false",
        ),
        (
            "card:replace { instead = \"hand\", payoff = 3 }",
            "must be a function",
        ),
    ] {
        let e = host
            .load_card(CardDef::unit("壊れた兵", 1000, 1), FILE, src)
            .err()
            .unwrap_or_else(|| panic!("{src} must fail"));
        assert_eq!(e.kind, ErrorKind::Misuse, "{e}");
        assert_eq!(e.line, Some(1), "{e}");
        assert!(e.message.contains(msg), "{src}: {e}");
    }
}

// A payoff that fails is undone and reported; the replacement itself stands (the card is in
// the hand), and the resolution that moved the card goes on.
#[test]
fn failing_payoff_is_undone_and_reported() {
    let src = r#"card:replace { event = "destroyed", instead = "hand",
        payoff = function(g, e) g:draw(e.controller) error("boom") end }"#;
    let (_host, mut s) = with_unit("脆い雛", src);
    let chick = s.unit(Two, "脆い雛", "b2");
    let ray = s.hand(One, "ヒュドラランチャー");
    s.rich(One);
    let mut t = s.build();
    let hand = t.zone(Two, dzero_core::Zone::Hand).len();
    t.play(ray, None, &[chick]);
    t.pass_both();
    assert_eq!(t.loc(chick), Loc::Hand);
    assert_eq!(
        t.zone(Two, dzero_core::Zone::Hand).len(),
        hand + 1,
        "only the chick"
    );
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::EffectFailed { card: Some(c), .. } if *c == chick))
    );
    assert!(
        t.effect_error_texts()
            .iter()
            .any(|m| m.contains("脆い雛") && m.contains("boom"))
    );
}

// R15.3 / RE2 with R15.4 and R16.1: card text may keep a player with an empty deck in the duel
// (`forbid_lose`); without it the empty deck loses at once.
#[test]
fn deck_out_loss_can_be_forbidden_by_card_text() {
    let src = r#"card:static { forbid_lose = function(self, p, cause)
        return p == self.owner and cause == "deck_out" end }"#;
    for guarded in [true, false] {
        let (host, mut s) = with_unit("不滅の番人", src);
        if guarded {
            s.unit(One, "不滅の番人", "b1");
        }
        s.deck(One, "シングルモルト", 0);
        let t = s.build();
        let want = if guarded {
            None
        } else {
            Some(GameResult::Win(Two))
        };
        assert_eq!(t.game.result(), want, "guarded: {guarded}");
        host.check().unwrap();
    }
}

// The damage hook's 4th argument names the source: battle damage from シングルモルト is
// replaced by 0 (R11.9 battle damage, docs/design.md §5); the unit's own 3000 still destroys the
// attacker (RE4).
#[test]
fn damage_hook_sees_battle_sources() {
    let src = r#"card:static { damage = function(self, u, n, src)
        if u == self and src.kind == "battle" and src.card.name == "シングルモルト" then return 0 end
        return n end }"#;
    let (host, mut s) = with_unit("盾の兵", src);
    let shield = s.unit(Two, "盾の兵", "b2");
    let malt = s.unit(One, "シングルモルト", "b1");
    s.rich(One);
    let mut t = s.build();
    t.mv(malt, "b2");
    t.pass_both();
    t.pass_both();
    t.pass_both();
    t.pass_both();
    assert_eq!(t.damage(shield), 0, "battle damage replaced");
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.loc(shield), Loc::Square(sq("b2")));
    host.check().unwrap();
}

// R5.7 / R5.9: a card discarded (廃棄) from its square as a cost goes through replacement
// effects as well. The optional question comes while the activation is being declared: the
// activation is held, asked, and declared again with the answer; the ability still goes on the
// stack and resolves (R7.3).
#[test]
fn discard_cost_is_replaced_after_a_held_question() {
    let src = r#"card:activated { cost = "廃棄", timing = "quick",
        resolve = function(g, e) g:draw(e.controller) end }
    card:replace { instead = "remove", optional = true }"#;
    let (host, mut s) = with_unit("身代わり人形", src);
    let doll = s.unit(One, "身代わり人形", "b1");
    let mut t = s.build();
    let hand = t.zone(One, dzero_core::Zone::Hand).len();
    t.act(Table::activate_action(doll, 0));
    let c = t.game.choice().cloned().expect("the replacement asks");
    assert_eq!((c.player, c.kind), (One, ChoiceKind::Replacement));
    assert_eq!(t.loc(doll), Loc::Square(sq("b1")), "nothing paid yet");
    assert!(t.stack().is_empty());
    t.choose(yes());
    assert_eq!(t.loc(doll), Loc::Remove);
    assert_eq!(t.stack(), vec![Some(doll)]);
    t.pass_both();
    assert_eq!(t.zone(One, dzero_core::Zone::Hand).len(), hand + 1);
    host.check().unwrap();
}

// A payoff that asks a question: outside a resolution (RE9 at the end of a battle) its question
// is held like the replacement's own, and answered in order after it; the payoff then does
// what was chosen ("draw" draws one card, "none" nothing).
#[test]
fn payoff_question_outside_a_resolution_is_held_too() {
    let src = r#"card:replace { event = "destroyed", instead = "hand", optional = true,
        payoff = function(g, e)
          if g:choose(e.controller, {"draw", "none"}, "payoff") == "draw" then
            g:draw(e.controller)
          end
        end }"#;
    for (pick, drawn) in [("draw", 1), ("none", 0)] {
        let (host, mut t, ghost) = battle_to_end_step("亡霊兵", src);
        let hand = t.zone(One, dzero_core::Zone::Hand).len();
        t.act(Action::Pass);
        t.choose(yes());
        let c = t.game.choice().cloned().expect("the payoff asks");
        let payoff = dzero_core::Question::Effect {
            card: Some(ghost),
            ability: None,
            ask: dzero_core::Ask::Text("payoff".into()),
        };
        assert_eq!(
            (c.player, c.kind, &c.question),
            (One, ChoiceKind::Replacement, &payoff)
        );
        assert!(t.in_battle(), "still held");
        t.choose(ChoiceOption::Label(pick.into()));
        assert!(!t.in_battle());
        assert_eq!(t.loc(ghost), Loc::Hand);
        assert_eq!(
            t.zone(One, dzero_core::Zone::Hand).len(),
            hand + 1 + drawn,
            "{pick}"
        );
        host.check().unwrap();
    }
}

// A replacement question held outside a resolution, raised by an action that itself answered
// a pending choice (an effect's question, R7.6): once the replacement is answered, the earlier
// choice is pending again and its held answer runs — found by `dzero fuzz` on the new cards.
#[test]
fn a_held_question_raised_by_answering_a_choice_keeps_that_choice() {
    let src = r#"card:replace { event = "destroyed", instead = "hand", optional = true }"#;
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    db.add(
        host.load_card(CardDef::unit("雛鳥", 3000, 1), FILE, src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut def = dzero_script_api::blank_strategy("選んで撃つ");
    def.timing = dzero_core::Timing::Quick;
    db.add(
        host.load_card(
            def,
            FILE,
            r#"card:on_play { target = target.unit(), resolve = function(g, e)
                 g:choose(e.controller, { "a", "b" }, "a or b")
                 g:damage(e.target, 9000)
               end }"#,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let chick = s.unit(One, "雛鳥", "b1");
    let shot = s.hand(Two, "選んで撃つ");
    s.rich(Two);
    let mut t = s.build();
    t.pass();
    t.play(shot, None, &[chick]);
    t.pass_both();
    let c = t.game.choice().cloned().expect("the strategy asks");
    assert_eq!(c.kind, ChoiceKind::Effect);
    t.choose(ChoiceOption::Label("a".into()));
    let c = t.game.choice().cloned().expect("the replacement asks");
    assert_eq!((c.player, c.kind), (One, ChoiceKind::Replacement));
    t.choose(yes());
    assert!(t.game.choice().is_none(), "{:?}", t.game.choice());
    assert_eq!(t.loc(chick), Loc::Hand, "replaced: to the hand instead");
    assert_eq!(t.loc(shot), Loc::Graveyard);
    host.check().unwrap();
}
