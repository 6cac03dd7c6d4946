//! A replacement's follow-up that chooses targets (「…に際し、かわりに手札に戻してもよい。そうした
//! 場合、対象の相手のユニットに1000ダメージを与える」, A50): the targets are chosen as the
//! replacement applies, by the legal-target rules (R7.4); with no legal target the follow-up does
//! nothing and the replacement still applies.

use dzero_core::{Ask, CardDef, ChoiceOption, Loc, Player::*, Question, RuleSet, Targets, Timing};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support};

/// A unit that may go to its owner's hand instead of being destroyed; if it does, 1000 damage
/// to a target unit of the opponent.
const SAVIOUR: &str = r#"
card:replace {
  event = "destroyed", instead = "hand", optional = true,
  payoff_target = target.unit { side = "opponent" },
  payoff = function(g, e) g:damage(e.target, 1000) end,
}
"#;

/// A unit its opponent cannot target.
const WARDED: &str = r#"card:static { untargetable = "opponent" }"#;

/// A quick strategy destroying the target unit.
const SMITE: &str = r#"
card:on_play { target = target.unit(), resolve = function(g, e) g:destroy(e.target) end }
"#;

fn setup() -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let load = |def: CardDef, src: &str| {
        host.load_card(def, "tests/replacement_follow_up.lua", src)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    db.add(load(CardDef::unit("身代わり", 3000, 1), SAVIOUR));
    db.add(load(CardDef::unit("結界の兵", 3000, 1), WARDED));
    let mut smite = blank_strategy("裁き");
    smite.timing = Timing::Quick;
    db.add(load(smite, SMITE));
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

fn yes() -> ChoiceOption {
    ChoiceOption::Label("yes".into())
}

/// One plays 裁き on `saviour` with energy to spare and chooses to replace its destruction.
fn smite(mut s: Setup, saviour: dzero_core::CardId) -> Table {
    let smite = s.hand(One, "裁き");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(smite, None, &[saviour]);
    t.pass_both();
    t.choose(yes());
    t
}

fn settle(t: &mut Table) {
    for _ in 0..8 {
        if t.game.stack().is_empty() {
            return;
        }
        t.pass();
    }
}

/// A50, R7.4: the follow-up's targets are chosen as the replacement applies, among the legal
/// ones only (an opponent's unit, not one that cannot be targeted), by the replacing card's
/// owner; the chosen one is dealt the damage and the card goes to the hand instead.
#[test]
fn a50_the_follow_up_chooses_its_targets_as_the_replacement_applies() {
    let (host, mut s) = setup();
    let saviour = s.unit(One, "身代わり", "a1");
    let mine = s.unit(One, "シングルモルト", "c1");
    let a = s.unit(Two, "シングルモルト", "a3");
    let b = s.unit(Two, "シングルモルト", "b3");
    let warded = s.unit(Two, "結界の兵", "c3");
    let mut t = smite(s, saviour);
    let c = t.game.choice().expect("the follow-up's targets are asked");
    assert_eq!(c.player, One, "the replacing card's owner chooses");
    assert!(
        matches!(
            c.question,
            Question::Effect {
                ask: Ask::Targets,
                ..
            }
        ),
        "{:?}",
        c.question
    );
    let offered: Vec<ChoiceOption> = c.options.clone();
    assert_eq!(
        offered,
        vec![
            ChoiceOption::Cards(Targets::of(&[a])),
            ChoiceOption::Cards(Targets::of(&[b])),
        ],
        "only the opponent's targetable units (not {mine:?}, not {warded:?})"
    );
    t.choose(ChoiceOption::Cards(Targets::of(&[b])));
    settle(&mut t);
    assert_eq!(t.loc(saviour), Loc::Hand, "replaced: to the hand");
    assert_eq!(t.damage(b), 1000);
    assert_eq!(t.damage(a), 0);
    host.check().unwrap();
}

/// A50, R7.4: with no legal target (the opponent's only unit cannot be targeted) the follow-up
/// does nothing, asks nothing, and the replacement still applies.
#[test]
fn a50_without_a_legal_target_the_replacement_still_applies() {
    let (host, mut s) = setup();
    let saviour = s.unit(One, "身代わり", "a1");
    let warded = s.unit(Two, "結界の兵", "c3");
    let mut t = smite(s, saviour);
    assert!(t.game.choice().is_none(), "{:?}", t.game.choice());
    settle(&mut t);
    assert_eq!(t.loc(saviour), Loc::Hand);
    assert_eq!(t.damage(warded), 0);
    assert!(t.game.effect_errors().is_empty());
    host.check().unwrap();
}

/// A50: one legal target is taken without a question.
#[test]
fn a50_a_single_legal_target_is_taken_without_asking() {
    let (host, mut s) = setup();
    let saviour = s.unit(One, "身代わり", "a1");
    let a = s.unit(Two, "シングルモルト", "a3");
    let mut t = smite(s, saviour);
    assert!(t.game.choice().is_none(), "{:?}", t.game.choice());
    settle(&mut t);
    assert_eq!(t.loc(saviour), Loc::Hand);
    assert_eq!(t.damage(a), 1000);
    host.check().unwrap();
}
