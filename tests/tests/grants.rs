//! Abilities that effects grant for a duration (`card:grantable`, `g:grant_ability`,
//! `g:add_rule`, `g:delay`): they end with their holder's object (R7.3) or their source's stay
//! in play, delayed triggers trigger once, and a game holding grants is still plain data.

use dzero_core::{Game, Loc, Player::*, RuleSet, Timing, Zone};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support};

/// The Lua fixture set plus inline quick strategies `(name, script)`.
fn with_spells(spells: &[(&str, &str)]) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for (name, src) in spells {
        let mut def = blank_strategy(name);
        def.timing = Timing::Quick;
        let def = host
            .load_card(def, &format!("tests/lua/inline/{name}.lua"), src)
            .unwrap_or_else(|e| panic!("{e}"));
        db.add(def);
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

const PUMP: &str = r#"
card:grantable { name = "pump", activated = { cost = "無1", resolve = function(g, e) g:boost(e.me, 1000) end } }
card:on_play { target = target.unit(), resolve = function(g, e) assert(g:grant_ability(e.target, "pump", "indefinite")) end }
"#;

const BOUNCE: &str = r#"
card:on_play { target = target.unit(), resolve = function(g, e) g:put(e.target, "hand") end }
"#;

/// R7.3: a granted ability belongs to the object it was granted to; when the card changes zone
/// it is a new object without it, even for an "indefinite" grant.
#[test]
fn r7_3_a_granted_ability_ends_when_its_holder_changes_zone() {
    let (host, mut s) = with_spells(&[("付与", PUMP), ("戻す", BOUNCE)]);
    let malt = s.unit(One, "シングルモルト", "a1");
    let other = s.unit(One, "シングルモルト", "c1");
    let give = s.hand(One, "付与");
    let bounce = s.hand(One, "戻す");
    s.rich(One);
    let mut t = s.build_strict();
    assert!(t.game.activated_abilities(&t.db, malt).is_empty());
    t.play(give, None, &[malt]);
    t.pass_both();
    let granted = t.game.activated_abilities(&t.db, malt);
    assert_eq!(granted.len(), 1, "the unit now has one ● ability");
    assert!(t.game.activated_abilities(&t.db, other).is_empty());
    t.act(Table::activate_action(malt, granted[0]));
    t.pass_both();
    assert_eq!(t.power(malt), 4000);
    t.play(bounce, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Hand);
    assert!(
        t.game.activated_abilities(&t.db, malt).is_empty(),
        "a new object has none of the old one's granted abilities"
    );
    host.check().unwrap();
}

/// A delayed trigger made "while that card is in play" ends when the card leaves first; one
/// that stays triggers once, at the end of this turn, in the end-of-turn window.
#[test]
fn a_delayed_trigger_lasts_only_while_its_card_stays_in_play() {
    const DELAY: &str = r#"
card:grantable { name = "later", trigger = { on = "turn_ending", resolve = function(g, e) g:draw(e.controller) end } }
card:on_play { target = target.unit(), resolve = function(g, e) assert(g:delay("later", e.target)) end }
"#;
    for bounced in [false, true] {
        let (host, mut s) = with_spells(&[("予約", DELAY), ("戻す", BOUNCE)]);
        let malt = s.unit(One, "シングルモルト", "a1");
        let delay = s.hand(One, "予約");
        let bounce = s.hand(One, "戻す");
        s.rich(One);
        let mut t = s.build_strict();
        t.play(delay, None, &[malt]);
        t.pass_both();
        if bounced {
            t.play(bounce, None, &[malt]);
            t.pass_both();
        }
        let hand = t.zone(One, Zone::Hand).len();
        let turn = t.game.turn();
        t.pass_until(|t| t.game.phase() == dzero_core::Phase::Recovery || t.game.turn() > turn);
        let window = t.game.phase() == dzero_core::Phase::Recovery;
        assert_eq!(
            window, !bounced,
            "a window opens only if something triggered"
        );
        t.pass_until(|t| t.game.turn() == turn + 1);
        let drew = t.zone(One, Zone::Hand).len() - hand;
        assert_eq!(drew, usize::from(!bounced), "bounced: {bounced}");
        t.end_turn();
        assert_eq!(t.game.turn(), turn + 2);
        assert_eq!(
            t.zone(One, Zone::Hand).len() - hand,
            usize::from(!bounced) + 1,
            "turn 3 brings only the normal draw: the delayed trigger triggered once"
        );
        host.check().unwrap();
    }
}

/// A game holding grants is plain data: it serializes, reads back equal, and plays on
/// identically (DESIGN: determinism).
#[test]
fn grants_are_part_of_the_serialized_state() {
    let (host, mut s) = with_spells(&[("付与", PUMP)]);
    let malt = s.unit(One, "シングルモルト", "a1");
    let give = s.hand(One, "付与");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(give, None, &[malt]);
    t.pass_both();
    let json = serde_json::to_string(&t.game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t.game);
    assert_eq!(
        back.activated_abilities(&t.db, malt),
        t.game.activated_abilities(&t.db, malt)
    );
    host.check().unwrap();
}

/// Granting a name the card does not declare fails the effect visibly, naming the name.
#[test]
fn an_unknown_grantable_name_fails_the_effect() {
    let (host, mut s) = with_spells(&[(
        "誤記",
        r#"card:on_play { target = target.unit(), resolve = function(g, e) g:grant_ability(e.target, "nope") end }"#,
    )]);
    let malt = s.unit(One, "シングルモルト", "a1");
    let spell = s.hand(One, "誤記");
    s.rich(One);
    let mut t = s.build();
    t.play(spell, None, &[malt]);
    t.pass_both();
    let errors = host.take_errors();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]
            .message
            .contains("no grantable ability named 'nope'"),
        "{}",
        errors[0]
    );
    assert_eq!(errors[0].card, "誤記");
}

/// A card cannot declare two grantable abilities with one name: a located load error.
#[test]
fn a_grantable_name_declared_twice_is_a_load_error() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let src = r#"
card:grantable { name = "x", static = { power = 1000 } }
card:grantable { name = "x", static = { power = 2000 } }
card:on_play { resolve = function(g, e) end }
"#;
    let Err(err) = host.load_card(blank_strategy("二重"), "twice.lua", src) else {
        panic!("a name declared twice must not load");
    };
    assert!(err.message.contains("declared twice"), "{err}");
    assert_eq!(err.line, Some(3));
}
