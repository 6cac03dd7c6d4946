//! Per-card and per-game memory kept by the engine in the game state: what a card remembers is
//! cloned, serialized and replayed with the game, rolled back with a suspended resolution, and
//! forgotten as its scope says: when the card changes zones and becomes a new object (R7.3) or
//! at the end of the turn (A31, R13.2). A ● condition sees how many times the ability was used
//! this turn (R17.3 with 「この能力は1ターンに1回しか使えない」).

use dzero_core::{
    Action, CardId, ChoiceOption, Game, Loc, MemKey, MemScope, MemValue, Payment, Player::*,
    RuleSet, TargetRef, Targets,
};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, Table};

/// 記憶の番人: when it arrives it remembers an opposing unit chosen then (and counts its
/// arrivals for the whole game, before the choice); its ● (once per turn) deals 1000 damage
/// to the remembered unit and marks the turn, which its ★ reads as +1000 power.
const KEEPER: &str = r#"
card:trigger { on = "placed", card = "self", resolve = function(g, e)
  g:remember(e.me, "arrivals", (e.me:recall("arrivals", "game") or 0) + 1, "game")
  local c = g:choose_card(e.controller, e.controller.opponent:units(), "remember a unit")
  if c then g:remember(e.me, "chosen", c) end
end }
card:activated { condition = function(self, uses) return uses < 1 end,
  resolve = function(g, e)
    local c = e.me:recall("chosen")
    if c then g:damage(c, 1000) end
    g:remember(e.me, "used", true, "turn")
    g:remember_game("keeper_uses", (game.recall("keeper_uses") or 0) + 1)
  end }
card:static { power = function(self) return self:recall("used", "turn") and 1000 or 0 end }
"#;

struct Cards {
    keeper: CardId,
    foe: CardId,
    other_foe: CardId,
    beam: CardId,
}

fn key(name: &str) -> MemKey {
    MemKey::new(name).unwrap()
}

fn table(host: &ScriptHost) -> (Table, Cards) {
    let mut db = dzero_fixtures::card_db();
    let def = host
        .load_card(
            dzero_core::CardDef::unit("記憶の番人", 3000, 1),
            "tests/lua/inline/keeper.lua",
            KEEPER,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    db.add(def);
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let cards = Cards {
        keeper: s.hand(One, "記憶の番人"),
        other_foe: s.unit(Two, "シングルモルト", "b3"),
        foe: s.unit(Two, "シングルモルト", "c3"),
        beam: s.hand(One, "破壊光線"),
    };
    s.rich(One);
    (s.build_strict(), cards)
}

fn activate(card: CardId) -> Action {
    Action::Activate {
        card,
        ability: 1,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    }
}

/// The keeper arrives in a1 and remembers `foe`.
fn arrive(t: &mut Table, c: &Cards) {
    t.play(c.keeper, Some("a1"), &[]);
    t.pass_both();
    t.pass_both();
    t.choose(ChoiceOption::Card(c.foe));
    assert!(t.game.stack().is_empty());
}

fn recall(t: &Table, scope: MemScope, name: &str) -> Option<MemValue> {
    t.game.view(&t.db).recall(scope, key(name))
}

// R7.3: a value remembered when the unit arrived is read by its later ● ability and by its ★;
// the write made before the choice happened once although the effect ran twice.
#[test]
fn r7_3_value_remembered_on_arrival_is_read_later() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let (mut t, c) = table(&host);
    arrive(&mut t, &c);
    let foe_ref = TargetRef {
        card: c.foe,
        inc: t.game.card_state(c.foe).unwrap().inc,
    };
    assert_eq!(
        recall(&t, MemScope::Object(c.keeper), "chosen"),
        Some(MemValue::Card(foe_ref))
    );
    assert_eq!(
        recall(&t, MemScope::CardGame(c.keeper), "arrivals"),
        Some(MemValue::Int(1)),
        "the re-run after the choice started from the values before the effect"
    );
    assert_eq!(t.power(c.keeper), 3000);
    t.act(activate(c.keeper));
    t.pass_both();
    assert_eq!(t.damage(c.foe), 1000, "the remembered unit was hit");
    assert_eq!(t.damage(c.other_foe), 0);
    assert_eq!(t.power(c.keeper), 4000, "the ★ reads the turn's memory");
    assert_eq!(
        recall(&t, MemScope::Game, "keeper_uses"),
        Some(MemValue::Int(1))
    );
    host.check().unwrap();
}

// R17.3: 「この能力は1ターンに1回しか使えない」 — the condition sees this turn's uses, so the
// second activation in a turn is refused and not listed; next turn it is allowed again.
#[test]
fn r17_3_once_per_turn_activation_is_refused_the_second_time() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let (mut t, c) = table(&host);
    arrive(&mut t, &c);
    assert!(t.game.check(&t.db, &activate(c.keeper)).is_ok());
    t.act(activate(c.keeper));
    assert_eq!(t.game.view(&t.db).uses_this_turn(c.keeper, 1), 1);
    t.pass_both();
    assert!(t.try_act(activate(c.keeper)).is_err(), "second use refused");
    let legal = t.game.completions(&t.db, 10_000);
    assert!(!legal.iter().any(|a| *a == activate(c.keeper)));
    t.end_turn();
    t.end_turn();
    assert_eq!(t.game.active(), One);
    assert_eq!(t.game.view(&t.db).uses_this_turn(c.keeper, 1), 0);
    t.act(activate(c.keeper));
    t.pass_both();
    assert_eq!(
        t.damage(c.foe),
        1000,
        "damage was removed in the recovery phase, then dealt again"
    );
    host.check().unwrap();
}

// A31, R13.2: turn values end with the turn; object values last until the card changes zones
// (R7.3), game values for the whole game.
#[test]
fn a31_r7_3_memory_is_forgotten_as_its_scope_says() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let (mut t, c) = table(&host);
    arrive(&mut t, &c);
    t.act(activate(c.keeper));
    t.pass_both();
    assert_eq!(
        recall(&t, MemScope::CardTurn(c.keeper), "used"),
        Some(MemValue::Bool(true))
    );
    t.end_turn();
    assert_eq!(recall(&t, MemScope::CardTurn(c.keeper), "used"), None);
    assert_eq!(t.power(c.keeper), 3000);
    assert!(recall(&t, MemScope::Object(c.keeper), "chosen").is_some());
    t.end_turn();
    // Destroyed: a new object in the graveyard, which remembers nothing of the old one.
    t.play(c.beam, None, &[c.keeper]);
    t.pass_both();
    assert_eq!(t.loc(c.keeper), Loc::Graveyard);
    assert_eq!(recall(&t, MemScope::Object(c.keeper), "chosen"), None);
    assert_eq!(
        recall(&t, MemScope::CardGame(c.keeper), "arrivals"),
        Some(MemValue::Int(1))
    );
    assert_eq!(
        recall(&t, MemScope::Game, "keeper_uses"),
        Some(MemValue::Int(1))
    );
    host.check().unwrap();
}

// The memory is plain game data: a clone and a serde round trip keep it (keys serialize as
// their names), and replaying the same decisions from the same seed gives a byte-identical
// state.
#[test]
fn memory_survives_clone_serde_and_replays_identically() {
    let run = || {
        let host = ScriptHost::new(Limits::default()).unwrap();
        let (mut t, c) = table(&host);
        arrive(&mut t, &c);
        t.act(activate(c.keeper));
        t.pass_both();
        let json = serde_json::to_string(&t.game).unwrap();
        assert!(json.contains("\"chosen\"") && json.contains("\"keeper_uses\""));
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t.game);
        let copy = t.game.clone();
        assert_eq!(
            copy.view(&t.db)
                .recall(MemScope::Object(c.keeper), key("chosen")),
            recall(&t, MemScope::Object(c.keeper), "chosen")
        );
        t.end_turn();
        serde_json::to_string(&t.game).unwrap()
    };
    assert_eq!(run(), run());
}

// Keys are short names stored inline; longer or empty names are refused, in Rust and in Lua.
#[test]
fn memory_keys_are_short_names() {
    assert!(MemKey::new("").is_none());
    assert!(MemKey::new(&"x".repeat(MemKey::MAX + 1)).is_none());
    assert_eq!(
        MemKey::new("選んだカード").unwrap().as_str(),
        "選んだカード"
    );
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = dzero_fixtures::card_db();
    let def = host
        .load_card(
            dzero_script_api::blank_strategy("長い名前"),
            "tests/lua/inline/long.lua",
            "card:on_play { resolve = function(g, e) g:remember_game(string.rep('x', 24), 1) end }",
        )
        .unwrap();
    db.add(def);
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let card = s.hand(One, "長い名前");
    s.rich(One);
    let mut t = s.build();
    t.play(card, None, &[]);
    t.pass_both();
    let err = t.effect_error_texts().last().cloned().unwrap_or_default();
    assert!(err.contains("memory keys are 1 to 23 bytes"), "{err}");
}
