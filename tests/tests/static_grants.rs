//! A ★ that gives a ● or ◆ ability to a group while it works (「★ あなたのユニットは『●…』を
//! 持つ」, R17.1, A49): every card of the group has it, a card joining the group gets it, and
//! the group loses it once the ★ stops working; an activated item already on the stack still
//! resolves (R7.3).

use dzero_core::{ActionError, CardDef, Loc, Player::*, Refusal, RuleSet, Timing};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support};

/// A unit whose ★ abilities give each unit of its controller a ● (+1000 power, quick) and a ◆
/// (when put into a square, +2000 power).
const BANNER: &str = r#"
card:grantable { name = "rally", activated = { cost = "無1", timing = "quick", resolve = function(g, e) g:boost(e.me, 1000) end } }
card:grantable { name = "cheer", trigger = { on = "placed", card = "self", resolve = function(g, e) g:boost(e.me, 2000) end } }
card:static { applies_to = "own_units", grants = "rally" }
card:static { applies_to = "own_units", grants = "cheer" }
"#;

/// A quick strategy returning the target unit to its owner's hand.
const BOUNCE: &str = r#"
card:on_play { target = target.unit(), resolve = function(g, e) g:put(e.target, "hand") end }
"#;

fn setup() -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let banner = host
        .load_card(
            CardDef::unit("旗手", 1000, 1),
            "tests/static_grants/banner.lua",
            BANNER,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    db.add(banner);
    let mut bounce = blank_strategy("戻す");
    bounce.timing = Timing::Quick;
    db.add(
        host.load_card(bounce, "tests/static_grants/bounce.lua", BOUNCE)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// R17.1, R17.3, A49: a unit of the ★'s group can activate the granted ●, a unit outside it
/// cannot; the item resolves though the ★'s card leaves before it does (R7.3), and then the
/// group has the ● no more.
#[test]
fn r17_1_a_granted_activated_ability_works_only_while_the_static_applies() {
    let (host, mut s) = setup();
    let banner = s.unit(One, "旗手", "a1");
    let malt = s.unit(One, "シングルモルト", "b1");
    let theirs = s.unit(Two, "シングルモルト", "b3");
    let bounce = s.hand(One, "戻す");
    s.rich(One);
    let mut t = s.build_strict();
    let granted = t.game.activated_abilities(&t.db, malt);
    assert_eq!(granted.len(), 1, "the unit of the group has the ●");
    assert_eq!(t.game.activated_abilities(&t.db, banner).len(), 1);
    assert!(
        t.game.activated_abilities(&t.db, theirs).is_empty(),
        "the opponent's unit is outside the group"
    );
    let before = t.power(malt);
    t.act(Table::activate_action(malt, granted[0]));
    // The ★'s card leaves with the activated item still waiting (R7.3).
    t.play(bounce, None, &[banner]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert_eq!(t.loc(banner), Loc::Hand);
    assert_eq!(
        t.power(malt),
        before + 1000,
        "the item resolved all the same"
    );
    assert!(
        t.game.activated_abilities(&t.db, malt).is_empty(),
        "the ★ no longer applies: the group lost the ●"
    );
    let refused = t.try_act(Table::activate_action(malt, granted[0]));
    assert!(
        matches!(
            refused,
            Err(ActionError::Illegal(Refusal::NoSuchAbility { .. }))
        ),
        "{refused:?}"
    );
    host.check().unwrap();
}

/// R17.2, A49: a unit joining the group later has the granted ◆ and it triggers; after the ★'s
/// card has left, a unit put into a square triggers nothing.
#[test]
fn r17_2_a_granted_triggered_ability_triggers_for_a_unit_joining_the_group() {
    let (host, mut s) = setup();
    let banner = s.unit(One, "旗手", "a1");
    let first = s.hand(One, "シングルモルト");
    let second = s.hand(One, "シングルモルト");
    let bounce = s.hand(One, "戻す");
    s.rich(One);
    let mut t = s.build_strict();
    let printed = t.power(first);
    t.play(first, Some("b1"), &[]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert!(matches!(t.loc(first), Loc::Square(_)));
    assert_eq!(t.power(first), printed + 2000, "the granted ◆ triggered");
    t.play(bounce, None, &[banner]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert_eq!(t.loc(banner), Loc::Hand);
    t.play(second, Some("c1"), &[]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert!(matches!(t.loc(second), Loc::Square(_)));
    assert_eq!(t.power(second), printed, "without the ★ nothing triggers");
    host.check().unwrap();
}

/// A ★ naming a grantable the card does not declare is refused when the script loads, with
/// its card and line.
#[test]
fn a_grant_of_an_undeclared_ability_is_refused_at_load() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let e = host
        .load_card(
            CardDef::unit("旗手", 1000, 1),
            "tests/static_grants/typo.lua",
            "card:grantable { name = \"rally\", activated = { cost = \"無1\", resolve = function(g, e) end } }\ncard:static { applies_to = \"own_units\", grants = \"raly\" }\n",
        )
        .err()
        .expect("refused");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("'raly'"), "{e}");
}
