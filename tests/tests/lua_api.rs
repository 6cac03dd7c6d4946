//! The Lua card API, one behaviour per test: each ability kind, trigger events, effect
//! functions, queries, coroutine choices, durations and re-entrancy.

use dzero_tests::lua as lua_support;

use dzero_core::{
    Ability, Action, CardDef, CardId, Colour, Cost, Decision, Event, Game, ItemTag, Keywords, Loc,
    Payment, Phase, Player::*, RuleSet, Targets, Zone,
};
use dzero_script_api::{ErrorKind, Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, sq};

/// The Lua set plus inline test cards `(definition, script)`; scripts are named
/// `tests/lua/inline/<n>.lua`.
fn with_cards(extra: Vec<(CardDef, &str)>) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for (i, (def, src)) in extra.into_iter().enumerate() {
        let path = format!("tests/lua/inline/{i}.lua");
        let def = host
            .load_card(def, &path, src)
            .unwrap_or_else(|e| panic!("{e}"));
        db.add(def);
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// A strategy "テスト" whose ○ effect is `body` (a Lua function body with `g`, `e`).
fn spell(target: &str, body: &str) -> (CardDef, String) {
    let src = format!(
        "card:on_play {{ {target} resolve = function(g, e)\n{body}\nend }}",
        target = if target.is_empty() {
            String::new()
        } else {
            format!("target = {target},")
        }
    );
    (blank_strategy("テスト"), src)
}

/// Plays テスト (from One's hand) with targets and resolves it.
fn cast(t: &mut Table, card: CardId, targets: &[CardId]) {
    t.play(card, None, targets);
    t.pass_both();
}

/// Runs a one-off effect: `body` with optional target spec; `prep` builds the board and
/// returns the targets. Returns the table and the host.
fn run(
    target: &str,
    body: &str,
    prep: impl FnOnce(&mut Setup) -> Vec<CardId>,
) -> (ScriptHost, Table) {
    let (def, src) = spell(target, body);
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.rich(One);
    let targets = prep(&mut s);
    let mut t = s.build_strict();
    cast(&mut t, card, &targets);
    host.check().unwrap();
    (host, t)
}

// ---------------------------------------------------------------- ★ static abilities

/// ★ power by area: 小さなカマキリ's script (+1000 centre, +2000 enemy).
#[test]
fn static_power_by_area() {
    let (host, mut s) = lua_support::setup();
    let own = s.unit(One, "小さなカマキリ", "a1");
    let centre = s.unit(One, "小さなカマキリ", "b2");
    let enemy = s.unit(One, "小さなカマキリ", "c3");
    let theirs = s.unit(Two, "小さなカマキリ", "a3");
    let t = s.build_strict();
    assert_eq!(t.power(own), 1000);
    assert_eq!(t.power(centre), 2000);
    assert_eq!(t.power(enemy), 3000);
    assert_eq!(t.power(theirs), 1000, "a3 is Two's own area");
    host.check().unwrap();
}

/// ★ declarative power, smash and granted keywords for a relation (no Lua call per query).
#[test]
fn static_buffs_own_units_with_keywords() {
    let (host, mut s) = with_cards(vec![(
        CardDef::base("軍旗"),
        r#"card:static { applies_to = "own_units", power = 500, smash = 1, keywords = {"accel", "haste"} }"#,
    )]);
    s.unit(One, "軍旗", "P1-base1");
    let mine = s.unit(One, "シングルモルト", "a1");
    let theirs = s.unit(Two, "シングルモルト", "a3");
    let t = s.build_strict();
    let v = t.game.view(&t.db);
    assert_eq!(v.power(mine), 3500);
    assert_eq!(v.smash(mine), 2);
    assert!(v.keywords(mine).has(Keywords::ACCEL.with(Keywords::HASTE)));
    assert_eq!(v.power(theirs), 3000);
    assert!(!v.keywords(theirs).has(Keywords::ACCEL));
    host.check().unwrap();
}

/// ★ applies_to and power as Lua functions of (self, subject).
#[test]
fn static_with_function_relation() {
    let (host, mut s) = with_cards(vec![(
        CardDef::base("鼓舞"),
        r#"card:static {
            applies_to = function(self, c) return c.is_unit and c.in_play and c.owner ~= self.owner end,
            power = function(self, c) return -c.printed_power // 2 end,
        }"#,
    )]);
    s.unit(One, "鼓舞", "P1-base2");
    let theirs = s.unit(Two, "ロマネ・コンティ", "b3");
    let mine = s.unit(One, "ロマネ・コンティ", "b1");
    let t = s.build_strict();
    assert_eq!(t.power(theirs), 4000);
    assert_eq!(t.power(mine), 8000);
    host.check().unwrap();
}

/// ★ prohibition: 守りの祠 — your units can't be targeted by the opponent's cards.
#[test]
fn static_untargetable_by_opponent() {
    let (host, mut s) = lua_support::setup();
    s.unit(Two, "守りの祠", "P2-base1");
    let guarded = s.unit(Two, "シングルモルト", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let t = s.build_strict();
    assert!(
        t.game
            .check(&t.db, &Table::play_action(rifle, None, &[guarded]))
            .is_err()
    );
    host.check().unwrap();

    let (host, mut s) = lua_support::setup();
    s.unit(One, "守りの祠", "P1-base1");
    let own = s.unit(One, "シングルモルト", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let t = s.build_strict();
    assert!(
        t.game
            .check(&t.db, &Table::play_action(rifle, None, &[own]))
            .is_ok(),
        "own cards may"
    );
    host.check().unwrap();
}

/// ★ prohibitions as functions: forbid_move and forbid_play.
#[test]
fn static_forbids_moves_and_plays() {
    let (host, mut s) = with_cards(vec![(
        CardDef::base("結界"),
        r#"card:static {
            forbid_move = function(self, unit) return unit.owner ~= self.owner end,
            forbid_play = function(self, c) return c.owner ~= self.owner and c.is_strategy end,
        }"#,
    )]);
    s.unit(Two, "結界", "P2-base1");
    let m = s.unit(One, "シングルモルト", "a1");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let t = s.build_strict();
    let mv = Action::Move {
        unit: m,
        to: sq("a2"),
        payment: Payment::Auto,
    };
    assert!(t.game.check(&t.db, &mv).is_err());
    assert!(
        t.game
            .check(&t.db, &Table::play_action(rifle, None, &[m]))
            .is_err()
    );
    assert!(
        t.game
            .check(&t.db, &Table::play_action(malt, Some("b2"), &[]))
            .is_ok()
    );
    host.check().unwrap();
}

/// ★ play-cost change of other cards, and ☆ own-cost change.
#[test]
fn static_and_own_play_cost_changes() {
    let (show_def, show_src) = spell(
        "",
        "for _, c in ipairs(e.controller:hand()) do
           print(c.name .. ' ' .. c.cost.total .. ' ' .. c.use_cost.total)
         end",
    );
    let (host, mut s) = with_cards(vec![
        (
            CardDef::base("工房"),
            r#"card:static { play_cost = function(self, c, cost)
                if c.owner == self.owner and cost.colourless > 0 then cost.colourless = cost.colourless - 1 end
                return cost
            end }"#,
        ),
        (
            CardDef::unit("節約の兵", 2000, 1)
                .cost(Cost::FREE.and(Colour::Red, 2).and_colourless(2)),
            r#"card:play_cost(function(self, cost) cost.red = 1 return cost end)"#,
        ),
        (show_def, &show_src),
    ]);
    s.unit(One, "工房", "P1-base1");
    let thrifty = s.hand(One, "節約の兵");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let show = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build_strict();
    let v = t.game.view(&t.db);
    let c = v.play_cost(thrifty, v.def(thrifty).cost);
    assert_eq!((c.coloured[Colour::Red.index()], c.colourless), (1, 1));
    let c = v.play_cost(rifle, v.def(rifle).cost);
    assert_eq!(c.colourless, 0, "プラズマ・ライフル 赤1無1 → 赤1");
    // Scripts see both: `cost` as printed, `use_cost` after the changes.
    cast(&mut t, show, &[]);
    assert_eq!(
        host.log(),
        vec![
            "節約の兵 4 2".to_owned(),
            "プラズマ・ライフル 2 1".to_owned()
        ]
    );
    host.check().unwrap();
}

/// ★ works only in its zones: `zones = "graveyard"`.
#[test]
fn static_zones() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("墓守", 1000, 1),
        r#"card:static { zones = "graveyard", applies_to = "own_units", power = 1000 }"#,
    )]);
    s.add(One, "墓守", Loc::Graveyard);
    let in_play = s.unit(One, "墓守", "a2");
    let malt = s.unit(One, "シングルモルト", "a1");
    let t = s.build_strict();
    assert_eq!(t.power(malt), 4000, "only the graveyard copy applies");
    assert_eq!(t.power(in_play), 2000);
    host.check().unwrap();
}

// ---------------------------------------------------------------- ◆ triggered abilities

/// Every event kind reaches a Lua trigger with its fields; other kinds do not match.
#[test]
fn trigger_matches_each_event_kind_with_its_fields() {
    let kinds: Vec<(&str, Event, &str)> = vec![
        (
            "turn_began",
            Event::TurnBegan {
                player: One,
                turn: 3,
            },
            "e.player.index == 1 and e.turn == 3",
        ),
        (
            "phase_began",
            Event::PhaseBegan {
                phase: Phase::Smash,
            },
            "e.phase == 'smash'",
        ),
        (
            "phase_ended",
            Event::PhaseEnded { phase: Phase::Main },
            "e.phase == 'main'",
        ),
        (
            "mulligan",
            Event::Mulligan { player: Two },
            "e.player.index == 2",
        ),
        (
            "drew",
            Event::Drew {
                player: One,
                card: CardId(0),
            },
            "e.card == self and e.player.index == 1",
        ),
        (
            "moved",
            Event::Moved {
                card: CardId(0),
                from: Loc::Hand,
                to: Loc::Square(sq("b2")),
                arrival: dzero_core::Arrival {
                    from: Zone::Hand,
                    cause: dzero_core::Cause::Rule,
                },
            },
            "e.from == 'hand' and e.to == 'field' and e.to_square.name == 'b2'",
        ),
        (
            "placed",
            Event::Placed {
                card: CardId(0),
                square: sq("a1"),
                played: true,
                arrival: dzero_core::Arrival {
                    from: Zone::Hand,
                    cause: dzero_core::Cause::Played(dzero_core::Played {
                        from: Zone::Hand,
                        method: None,
                    }),
                },
            },
            "e.played and e.square.name == 'a1'",
        ),
        (
            "destroyed",
            Event::Destroyed {
                card: CardId(0),
                square: sq("a1"),
            },
            "e.card == self and e.square.row == 1",
        ),
        (
            "damaged",
            Event::Damaged {
                card: CardId(0),
                amount: 3000,
                source: None,
            },
            "e.amount == 3000 and e.source == nil",
        ),
        (
            "frozen",
            Event::Frozen { card: CardId(0) },
            "e.card.id == 0",
        ),
        (
            "released",
            Event::Released { card: CardId(0) },
            "e.card == self",
        ),
        (
            "stacked",
            Event::Stacked {
                player: One,
                tag: ItemTag::Move,
                card: Some(CardId(0)),
            },
            "e.tag == 'move'",
        ),
        (
            "resolved",
            Event::Resolved {
                tag: ItemTag::Play,
                card: None,
                fizzled: true,
            },
            "e.fizzled and e.tag == 'play'",
        ),
        (
            "passed",
            Event::Passed { player: Two },
            "e.player == game.player(2)",
        ),
        (
            "battle_began",
            Event::BattleBegan {
                square: sq("b2"),
                attacker: CardId(0),
                defender: CardId(1),
            },
            "e.attacker == self and e.defender.id == 1",
        ),
        (
            "battle_step",
            Event::BattleStepBegan {
                step: dzero_core::BattleStep::Second,
            },
            "e.step == 'second'",
        ),
        (
            "battle_ended",
            Event::BattleEnded {
                square: sq("b2"),
                winner: Some(CardId(0)),
            },
            "e.winner == self",
        ),
        (
            "smashed",
            Event::Smashed {
                unit: CardId(0),
                victim: Two,
                cards: 2,
            },
            "e.unit == self and e.cards == 2 and e.victim.index == 2",
        ),
        (
            "plan_opened",
            Event::PlanOpened {
                player: One,
                card: CardId(1),
            },
            "e.card.id == 1",
        ),
        (
            "plan_closed",
            Event::PlanClosed {
                player: Two,
                card: CardId(1),
            },
            "e.card.id == 1 and e.player.index == 2",
        ),
        (
            "shuffled",
            Event::Shuffled { player: One },
            "e.player.index == 1",
        ),
        (
            "triggered",
            Event::Triggered { card: CardId(0) },
            "e.card == self",
        ),
        (
            "trigger_voided",
            Event::TriggerVoided { card: CardId(0) },
            "e.card == self",
        ),
        (
            "effect_failed",
            Event::EffectFailed {
                card: Some(CardId(0)),
                error: 0,
            },
            "e.card == self",
        ),
        (
            "game_over",
            Event::GameOver {
                result: dzero_core::GameResult::Win(One),
            },
            "e.winner.index == 1",
        ),
        (
            "played",
            Event::Stacked {
                player: One,
                tag: ItemTag::Play,
                card: Some(CardId(0)),
            },
            "e.kind == 'stacked' and e.tag == 'play'",
        ),
    ];
    let other = Event::Frozen { card: CardId(1) };
    for (name, event, cond) in kinds {
        let src = format!(
            "card:trigger {{ on = '{name}', when = function(self, e) return {cond} end, resolve = function(g, e) end }}"
        );
        let (host, mut s) = with_cards(vec![(CardDef::unit("観測者", 1000, 1), &src)]);
        let me = s.unit(One, "観測者", "a1");
        s.unit(Two, "シングルモルト", "a3");
        let t = s.build();
        let v = t.game.view(&t.db);
        let def = v.def(me);
        let Some(Ability::Triggered(tr)) = def.abilities.first() else {
            panic!("no trigger")
        };
        assert!(tr.when.matches(&v, me, &event), "{name}: {cond}");
        if name != "frozen" {
            assert!(
                !tr.when.matches(&v, me, &other),
                "{name} must not match frozen"
            );
        }
        host.check().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Built-in trigger filters: `card`, `player`, `phase`, `phase_ended`.
#[test]
fn trigger_builtin_filters() {
    let src = r#"
        card:trigger { on = "destroyed", card = "own", resolve = function() end }
        card:trigger { on = "drew", player = "opponent", resolve = function() end }
        card:trigger { on = "phase_began", phase = "main", resolve = function() end }
        card:trigger { on = "phase_ended", phase = "recovery", resolve = function() end }
    "#;
    let (host, mut s) = with_cards(vec![(CardDef::unit("番人", 1000, 1), src)]);
    let me = s.unit(One, "番人", "a1");
    let mine = s.unit(One, "シングルモルト", "b1");
    let theirs = s.unit(Two, "シングルモルト", "b3");
    let t = s.build();
    let v = t.game.view(&t.db);
    let tr: Vec<_> = v
        .def(me)
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Triggered(t) => Some(t),
            _ => None,
        })
        .collect();
    let m = |i: usize, e: Event| tr[i].when.matches(&v, me, &e);
    assert!(m(
        0,
        Event::Destroyed {
            card: mine,
            square: sq("b1")
        }
    ));
    assert!(!m(
        0,
        Event::Destroyed {
            card: theirs,
            square: sq("b3")
        }
    ));
    assert!(m(
        1,
        Event::Drew {
            player: Two,
            card: theirs
        }
    ));
    assert!(!m(
        1,
        Event::Drew {
            player: One,
            card: mine
        }
    ));
    assert!(m(2, Event::PhaseBegan { phase: Phase::Main }));
    assert!(!m(2, Event::PhaseBegan { phase: Phase::Draw }));
    assert!(m(
        3,
        Event::PhaseEnded {
            phase: Phase::Recovery
        }
    ));
    assert!(!m(3, Event::PhaseEnded { phase: Phase::Main }));
    assert!(!m(
        3,
        Event::PhaseBegan {
            phase: Phase::Recovery
        }
    ));
    assert!(!m(
        3,
        Event::TurnBegan {
            player: Two,
            turn: 4
        }
    ));
    host.check().unwrap();
}

/// ◆ end to end: "when a unit of yours is destroyed, draw a card", fired by a Lua strategy
/// (re-entrancy: a Lua effect triggering another Lua ability).
#[test]
fn trigger_fired_by_a_lua_effect() {
    let (host, mut s) = with_cards(vec![(
        CardDef::base("弔いの鐘"),
        r#"card:trigger { on = "destroyed", card = "own", resolve = function(g, e)
            g:draw(e.controller, 1)
            print("toll for " .. e.event.card.name)
        end }"#,
    )]);
    s.unit(Two, "弔いの鐘", "P2-base1");
    let malt = s.unit(Two, "シングルモルト", "b2");
    let beam = s.hand(One, "破壊光線");
    s.rich(One);
    s.deck(Two, "ロマネ・コンティ", 5);
    let mut t = s.build_strict();
    let hand = t.zone(Two, Zone::Hand).len();
    t.play(beam, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert!(t.stack_has(ItemTag::Triggered));
    t.pass_both();
    assert_eq!(t.zone(Two, Zone::Hand).len(), hand + 1);
    assert_eq!(host.log(), vec!["toll for シングルモルト".to_owned()]);
    host.check().unwrap();
}

/// ◆ "at the end of an energy phase, draw a card": the phase's end is an event of its own; the
/// ability waits for the next time a player would get priority, the start of the main phase
/// (R17.2, R6.14).
#[test]
fn trigger_at_the_end_of_a_phase() {
    let (host, mut s) = with_cards(vec![(
        CardDef::base("砂時計"),
        r#"card:trigger { on = "phase_ended", phase = "energy", resolve = function(g, e)
            g:draw(e.controller, 1)
            print(e.event.kind .. " " .. e.event.phase)
        end }"#,
    )]);
    s.unit(One, "砂時計", "P1-base1");
    s.hand(Two, "シングルモルト");
    s.deck(One, "ロマネ・コンティ", 5);
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Energy(Two));
    assert!(t.game.stack().is_empty(), "no priority yet");
    t.act(Action::Energy(None));
    assert_eq!(t.game.phase(), Phase::Main);
    assert!(t.stack_has(ItemTag::Triggered));
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);
    assert_eq!(host.log(), vec!["phase_ended energy".to_owned()]);
    host.check().unwrap();
}

/// ◆ of a plan card: "when this card leaves the plan zone, draw a card" (R9.3 update). The
/// plan zone's end is seen from the plan zone, though the card is already in the graveyard.
#[test]
fn trigger_when_the_plan_zone_ends() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("予言者", 1000, 1),
        r#"card:trigger { on = "plan_closed", card = "self", zones = "plan", resolve = function(g, e)
            g:draw(e.controller, 1)
            print(e.event.kind .. " " .. e.event.card.name .. " " .. e.event.card.zone)
        end }"#,
    )]);
    s.deck(One, "ロマネ・コンティ", 5);
    let seer = s.add(One, "予言者", Loc::Deck);
    s.plan(One);
    s.rich(One);
    let mut t = s.build_strict();
    assert_eq!(t.game.plan_card(One), Some(seer));
    let hand = t.zone(One, Zone::Hand).len();
    t.act(Action::UpdatePlan {
        payment: Payment::Auto,
    });
    t.pass_both();
    assert_eq!(t.loc(seer), Loc::Graveyard);
    assert!(t.stack_has(ItemTag::Triggered));
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);
    assert_eq!(host.log(), vec!["plan_closed 予言者 graveyard".to_owned()]);
    host.check().unwrap();
}

/// ◆ with a target: targets are chosen when it goes on the stack; "damaged" events.
#[test]
fn trigger_with_target_on_damage() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("復讐者", 4000, 1),
        r#"card:trigger {
            on = "damaged", card = "self",
            target = target.unit { side = "opponent" },
            resolve = function(g, e) g:damage(e.target, e.event.amount) end,
        }"#,
    )]);
    let me = s.unit(One, "復讐者", "a1");
    let foe = s.unit(Two, "ロマネ・コンティ", "b3");
    let rifle = s.hand(Two, "プラズマ・ライフル");
    s.rich(Two);
    let mut t = s.build_strict();
    t.pass();
    t.play(rifle, None, &[me]);
    t.pass_both();
    assert_eq!(t.damage(me), 3000);
    t.pass_both();
    assert_eq!(t.damage(foe), 3000);
    host.check().unwrap();
}

// ---------------------------------------------------------------- ● and ☆

/// ● with a cost that freezes the card and a target spec with side.
#[test]
fn activated_ability_with_freeze_cost() {
    let (host, mut s) = lua_support::setup();
    let archer = s.unit(One, "熟練の弓兵", "a1");
    let foe = s.unit(Two, "シングルモルト", "b3");
    let mine = s.unit(One, "シングルモルト", "b1");
    s.rich(One);
    let mut t = s.build_strict();
    let act = |target| Action::Activate {
        card: archer,
        ability: 0,
        targets: Targets::one(target),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    };
    assert!(t.game.check(&t.db, &act(mine)).is_err(), "side = opponent");
    t.act(act(foe));
    assert!(t.frozen(archer));
    t.pass_both();
    assert_eq!(t.damage(foe), 2000);
    host.check().unwrap();
}

/// ● with card costs (盟約-like) and a target filter.
#[test]
fn activated_with_card_costs_and_filter() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("盟約の騎士", 2000, 1),
        r#"card:activated {
            card_costs = { { zones = "hand", filter = function(self, c) return c.name == "チルノ" end, to = "remove" } },
            target = target.unit { filter = function(self, c) return c.power <= 3000 end },
            resolve = function(g, e) g:destroy(e.target) end,
        }"#,
    )]);
    let knight = s.unit(One, "盟約の騎士", "a1");
    let cirno = s.hand(One, "チルノ");
    let small = s.unit(Two, "シングルモルト", "b3");
    let big = s.unit(Two, "ロマネ・コンティ", "c3");
    let mut t = s.build_strict();
    let act = |target| Action::Activate {
        card: knight,
        ability: 0,
        targets: Targets::one(target),
        cost_cards: dzero_core::CardList::one(cirno),
        x: 0,
        payment: Payment::Auto,
    };
    assert!(
        t.game.check(&t.db, &act(big)).is_err(),
        "filter: power ≤ 3000"
    );
    t.act(act(small));
    assert_eq!(t.loc(cirno), Loc::Remove);
    t.pass_both();
    assert_eq!(t.loc(small), Loc::Graveyard);
    host.check().unwrap();
}

/// ☆ play method from the graveyard into Lua-chosen squares.
#[test]
fn play_method_from_graveyard() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("不死鳥", 2000, 1),
        r#"card:play_method { name = "転生", from = "graveyard", cost = "無1",
            squares = function(self) return { game.square("a1"), "c1" } end }"#,
    )]);
    let bird = s.add(One, "不死鳥", Loc::Graveyard);
    s.rich(One);
    let mut t = s.build_strict();
    let play = |square: &str| Action::Play {
        card: bird,
        method: Some(0),
        square: Some(sq(square)),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    };
    assert!(t.game.check(&t.db, &play("b1")).is_err());
    t.act(play("c1"));
    t.pass_both();
    assert_eq!(t.loc(bird), Loc::Square(sq("c1")));
    host.check().unwrap();
}

/// A ☆ own-cost change sees which play method is being costed (nil for the normal play), so
/// it can discount the normal play and leave a ☆ method's cost alone — or the reverse.
#[test]
fn own_cost_change_sees_the_play_method() {
    let (host, mut s) = with_cards(vec![(
        CardDef::unit("節約家", 2000, 1).cost(dzero_core::Cost::colourless(3)),
        r#"card:play_method { name = "奇策", from = "hand", cost = "無2" }
           card:play_cost(function(self, cost, method)
             if method then return nil end
             cost.colourless = 0
             return cost
           end)"#,
    )]);
    let card = s.add(One, "節約家", Loc::Hand);
    let t = s.build_strict();
    let view = t.game.view(&t.db);
    let normal = view.play_cost_by(card, dzero_core::Cost::colourless(3), None);
    let method = view.play_cost_by(card, dzero_core::Cost::colourless(2), Some("奇策"));
    assert_eq!(normal.to_string(), "0", "the normal play is discounted");
    assert_eq!(method.to_string(), "無2", "the method's cost is left alone");
    host.check().unwrap();
}

// ---------------------------------------------------------------- effect functions

#[test]
fn effect_damage_destroy_freeze_release() {
    let (_h, t) = run(
        "target.unit { count = 2 }",
        "local a, b = e.targets[1], e.targets[2]
         assert(g:damage(a, 1000) == 1000)
         g:freeze(a)
         g:release(b)
         assert(g:destroy(b))",
        |s| {
            let a = s.unit(Two, "ロマネ・コンティ", "a3");
            let b = s.unit(Two, "シングルモルト", "b3");
            s.freeze(b);
            vec![a, b]
        },
    );
    let a = t.game.field()[0];
    assert_eq!(t.damage(a), 1000);
    assert!(t.frozen(a));
    assert_eq!(t.game.field().len(), 1);
}

#[test]
fn effect_boost_smash_boost_grant_revoke() {
    let (_h, t) = run(
        "target.unit()",
        "g:boost(e.target, 1500)
         g:smash_boost(e.target, 2)
         g:grant(e.target, {'accel', 'hexproof'})
         g:revoke(e.target, 'hexproof')",
        |s| vec![s.unit(One, "シングルモルト", "b1")],
    );
    let u = t.game.field()[0];
    let v = t.game.view(&t.db);
    assert_eq!((v.power(u), v.smash(u)), (4500, 3));
    assert!(v.keywords(u).has(Keywords::ACCEL));
    assert!(
        !v.keywords(u).has(Keywords::HEXPROOF),
        "revoked later: timestamp order"
    );
}

#[test]
fn effect_draw_discard_put_zones() {
    let (_h, t) = run(
        "",
        "local p = e.controller
         assert(g:draw(p, 2) == 2)
         local hand = p:hand()
         assert(g:discard(hand[1]))
         assert(g:put(hand[2], 'energy'))
         assert(g:put(hand[3], 'smash'))
         assert(g:put(hand[4], 'remove'))
         assert(g:put(hand[5], 'deck_bottom'))
         assert(not g:discard(p:energy()[1]), 'not in hand')",
        |s| {
            s.deck(One, "ロマネ・コンティ", 5);
            for _ in 0..3 {
                s.hand(One, "チルノ");
            }
            vec![]
        },
    );
    assert_eq!(
        t.zone(One, Zone::Graveyard).len(),
        2,
        "the spell and the discard"
    );
    assert_eq!(t.zone(One, Zone::Smash).len(), 1);
    assert_eq!(t.zone(One, Zone::Remove).len(), 1);
    assert_eq!(t.zone(One, Zone::Deck).len(), 4);
}

#[test]
fn effect_put_into_square_and_move() {
    let (_h, t) = run(
        "",
        "local p = e.controller
         local u = p:hand()[1]
         assert(g:put(u, 'b1', true))
         assert(u.square.name == 'b1' and u.frozen)
         assert(g:move(u, game.square('c1')))
         assert(u.square.name == 'c1' and u.frozen, 'move keeps the state')",
        |s| {
            s.hand(One, "シングルモルト");
            vec![]
        },
    );
    let u = t.game.field()[0];
    assert_eq!(t.loc(u), Loc::Square(sq("c1")));
    assert!(t.frozen(u));
}

#[test]
fn effect_look_reorder_shuffle_search() {
    let (_h, t) = run(
        "",
        "local p = e.controller
         local top = g:look(p, 3)
         assert(#top == 3)
         g:reorder_top(p, { top[3], top[1], top[2] })
         local again = g:look(p, 3)
         assert(again[1] == top[3] and again[2] == top[1])
         local c = g:search(p, function(c) return c.name == 'チルノ' end, 'find Cirno')
         assert(c == nil or c.zone == 'hand')",
        |s| {
            s.deck(One, "ロマネ・コンティ", 6);
            vec![]
        },
    );
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Shuffled { player: One }))
    );
}

#[test]
fn effect_search_suspends_for_the_choice_and_shuffles() {
    let (def, src) = spell(
        "",
        "local c = g:search(e.controller, function(c) return c.name == 'チルノ' end, 'find Cirno')
         assert(c and c.zone == 'hand')",
    );
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.deck(One, "ロマネ・コンティ", 4);
    let cirno = s.add(One, "チルノ", Loc::Deck);
    s.deck(One, "チルノ", 1);
    s.rich(One);
    let mut t = s.build_strict();
    cast(&mut t, card, &[]);
    assert_eq!(t.game.decision(), Decision::Choose(One));
    assert_eq!(t.game.choice().unwrap().options.len(), 2);
    assert_eq!(asked(&t.game), "find Cirno");
    let i = t
        .game
        .choice()
        .unwrap()
        .options
        .iter()
        .position(|o| *o == dzero_core::ChoiceOption::Card(cirno))
        .unwrap();
    t.act(Action::Choose(i as u16));
    assert_eq!(t.loc(cirno), Loc::Hand);
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Shuffled { player: One }))
    );
    host.check().unwrap();
}

/// `g:random(n)`: numbers from the game's seeded generator. A re-run after a choice sees the
/// same numbers, and the same seed discards the same card.
#[test]
fn effect_random_is_seeded_and_replayed() {
    let discarded = || {
        let (def, src) = spell(
            "",
            "local k = g:random(6)
             print(k)
             local h = e.controller.opponent:hand()
             g:discard(h[g:random(#h)])
             g:yes_no(e.controller, 'done?')",
        );
        let (host, mut s) = with_cards(vec![(def, &src)]);
        let card = s.hand(One, "テスト");
        let theirs: Vec<CardId> = ["シングルモルト", "ロマネ・コンティ", "狼王ロボ", "破壊光線"]
            .iter()
            .map(|n| s.hand(Two, n))
            .collect();
        s.rich(One);
        let mut t = s.build_strict();
        cast(&mut t, card, &[]);
        t.act(Action::Choose(0));
        let log = host.log();
        assert_eq!(
            log.len(),
            2,
            "one run before the choice, one after: {log:?}"
        );
        assert_eq!(log[0], log[1], "the re-run draws the same number");
        assert!((1..=6).contains(&log[0].parse::<u32>().unwrap()), "{log:?}");
        let gone: Vec<CardId> = theirs
            .into_iter()
            .filter(|&c| t.loc(c) == Loc::Graveyard)
            .collect();
        assert_eq!(gone.len(), 1, "exactly one card discarded");
        host.check().unwrap();
        (log[0].clone(), gone[0])
    };
    assert_eq!(discarded(), discarded(), "same seed, same numbers");
}

/// `g:random(0)` is API misuse, reported with the card, file and line.
#[test]
fn effect_random_needs_a_positive_bound() {
    let (def, src) = spell("", "g:random(0)");
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build();
    cast(&mut t, card, &[]);
    let e = host.check().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Misuse, "{e}");
    assert_eq!(e.card, "テスト");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(
        e.message.contains("g:random(n): n must be at least 1"),
        "{e}"
    );
}

/// Coroutine choices: two questions in one effect; the effect re-runs from the start with the
/// recorded answers (deterministic scripts), and the Lua side sees blocking calls.
#[test]
fn choices_suspend_and_resume_in_order() {
    let (def, src) = spell(
        "",
        "print('run')
         local n = g:choose(e.controller, {'one', 'two', 'three'}, 'how many?')
         local sure = g:yes_no(e.controller, 'sure?')
         if sure then g:draw(e.controller, ({one = 1, two = 2, three = 3})[n]) end",
    );
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.deck(One, "ロマネ・コンティ", 5);
    s.rich(One);
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    cast(&mut t, card, &[]);
    assert_eq!(asked(&t.game), "how many?");
    let suspended = t.game.clone();
    t.act(Action::Choose(1));
    assert_eq!(asked(&t.game), "sure?");
    t.act(Action::Choose(0));
    assert_eq!(t.zone(One, Zone::Hand).len(), hand - 1 + 2);
    assert_eq!(host.log().len(), 3, "the effect ran three times");
    // The suspended state is plain data: a clone answers the same way.
    let mut again = Table {
        db: t.db,
        game: suspended,
    };
    again.act(Action::Choose(1));
    again.act(Action::Choose(0));
    assert_eq!(again.zone(One, Zone::Hand).len(), hand + 1);
    host.check().unwrap();
}

#[test]
fn choices_of_cards_and_squares() {
    let (def, src) = spell(
        "",
        "local p = e.controller
         local u = g:choose_card(p, p:hand(), 'a unit')
         local s = g:choose_square(p, { 'a1', game.square('b1') }, 'where')
         g:put(u, s)",
    );
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build_strict();
    cast(&mut t, card, &[]);
    assert_eq!(
        t.game.choice().unwrap().options,
        vec![dzero_core::ChoiceOption::Card(malt)]
    );
    t.act(Action::Choose(0));
    t.act(Action::Choose(1));
    assert_eq!(t.loc(malt), Loc::Square(sq("b1")));
    host.check().unwrap();
}

// ---------------------------------------------------------------- queries

#[test]
fn card_player_square_and_game_queries() {
    let (h, _t) = run(
        "target.unit()",
        "local c = e.target
         print(c.name, c.kind, c.power, c.printed_power, c.smash, c.damage, tostring(c.frozen))
         print(c.owner.name, c.owner.opponent.name, c.square.name, c.area, c.line, c.zone, tostring(c.in_play))
         print(table.concat(c.colours, ','), c.race, c.cost.green, c.cost.total, c.timing, tostring(c:has('hexproof')))
         print(tostring(c:is_colour('green')), #game.field(), game.phase(), game.turn(), game.active().name)
         local sq = game.square('b2')
         print(sq.row, sq.col, tostring(sq.is_battle), sq:area(e.controller), sq:line(game.player(2)), #sq:neighbours())
         print(#e.controller:units(), #e.controller:bases(), #game.base_squares(e.controller), tostring(e.me.zone))
         print(tostring(c == c.square:unit(c.owner)), tostring(e.controller.is_active), e.x)",
        |s| {
            let m = s.unit(Two, "小さなカマキリ", "b2");
            s.damage(m, 500);
            s.unit(One, "白玉楼", "P1-base1");
            vec![m]
        },
    );
    assert_eq!(
        h.log(),
        vec![
            "小さなカマキリ\tunit\t2000\t1000\t1\t500\tfalse",
            "P2\tP1\tb2\tcentre\tcentre\tfield\ttrue",
            "green\tコロボックル\t1\t1\tquick\tfalse",
            "true\t2\tmain\t3\tP1",
            "2\t2\ttrue\tcentre\tcentre\t4",
            "0\t1\t3\tstack",
            "true\ttrue\t0",
        ]
    );
}

// ---------------------------------------------------------------- durations

#[test]
fn durations_end_of_turn_source_and_card() {
    let (def, src) = spell(
        "target.unit { count = 2 }",
        "g:boost(e.targets[1], 1000)
         g:boost(e.targets[2], 1000, 'indefinite')
         g:boost(e.targets[2], 500, e.targets[1])",
    );
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    let beam = s.hand(One, "破壊光線");
    let a = s.unit(One, "シングルモルト", "a1");
    let b = s.unit(One, "ロマネ・コンティ", "b1");
    s.rich(One);
    s.deck(One, "ロマネ・コンティ", 10);
    s.deck(Two, "ロマネ・コンティ", 10);
    let mut t = s.build_strict();
    cast(&mut t, card, &[a, b]);
    assert_eq!((t.power(a), t.power(b)), (4000, 9500));
    t.play(beam, None, &[a]);
    t.pass_both();
    assert_eq!(
        t.power(b),
        9000,
        "the +500 lasted while the other card was in play"
    );
    t.end_turn();
    assert_eq!(t.power(b), 9000, "indefinite outlasts the turn");
    host.check().unwrap();

    let (def, src) = spell("target.unit()", "g:boost(e.target, 1000)");
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    let a = s.unit(One, "シングルモルト", "a1");
    s.rich(One);
    s.deck(One, "ロマネ・コンティ", 10);
    s.deck(Two, "ロマネ・コンティ", 10);
    let mut t = s.build_strict();
    cast(&mut t, card, &[a]);
    assert_eq!(t.power(a), 4000);
    t.end_turn();
    assert_eq!(t.power(a), 3000, "until end of turn");
    host.check().unwrap();
}

/// "While this base is in play": a base's ◆ boost ends when the base leaves play.
#[test]
fn duration_while_source_in_play() {
    let (host, mut s) = with_cards(vec![
        (
            CardDef::base("狼煙台"),
            r#"card:trigger { on = "placed", card = "self", resolve = function(g, e)
                for _, u in ipairs(e.controller:units()) do g:boost(u, 1000, "while_source_in_play") end
            end }"#,
        ),
        (
            blank_strategy("基地破壊"),
            r#"card:on_play { target = target.base(), resolve = function(g, e) g:destroy(e.target) end }"#,
        ),
    ]);
    let base = s.hand(One, "狼煙台");
    let kill = s.hand(Two, "基地破壊");
    let u = s.unit(One, "シングルモルト", "a1");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build_strict();
    t.play(base, Some("P1-base1"), &[]);
    t.pass_both();
    t.pass_both();
    assert_eq!(t.power(u), 4000);
    t.pass();
    t.play(kill, None, &[base]);
    t.pass_both();
    assert_eq!(t.loc(base), Loc::Graveyard);
    assert_eq!(t.power(u), 3000);
    host.check().unwrap();
}

// ---------------------------------------------------------------- re-entrancy

/// A Lua effect whose damage passes through a Lua ★ replacement that itself queries cards
/// (nested Lua), and whose search filter reads power computed by a Lua ★ (nested again).
#[test]
fn nested_lua_calls_inside_an_effect() {
    let (def, src) = spell(
        "target.unit()",
        "local dealt = g:damage(e.target, 3000)
         print('dealt', dealt)
         local strong = g:search(e.controller, function(c) return c.power >= 1000 end)
         print('searched', tostring(strong ~= nil))",
    );
    let (host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.unit(Two, "白玉楼", "P2-base2");
    let youmu = s.unit(Two, "魂魄 妖夢", "b2");
    s.unit(One, "小さなカマキリ", "b1");
    s.deck(One, "ロマネ・コンティ", 3);
    s.rich(One);
    let mut t = s.build_strict();
    cast(&mut t, card, &[youmu]);
    assert_eq!(
        t.damage(youmu),
        0,
        "suspended: the partial resolution is discarded"
    );
    t.act(Action::Choose(0));
    assert_eq!(
        t.damage(youmu),
        1000,
        "3000 − 2000 from 白玉楼's Lua replacement"
    );
    assert_eq!(host.log()[0], "dealt\t1000");
    assert_eq!(
        host.log().last().map(String::as_str),
        Some("searched\ttrue")
    );
    host.check().unwrap();
}

/// Lua cards work through a whole random game, choices and triggers included.
#[test]
fn lua_cards_play_whole_random_games() {
    let (host, db) = lua_support::lua_db();
    for seed in 0..20u64 {
        let red = dzero_fixtures::deck_red(&db);
        let blue = dzero_fixtures::deck_blue(&db);
        let mut g = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], seed).unwrap();
        g.set_strict(true);
        let opts = dzero_sim::PlayOptions {
            conservation: false,
            max_actions: 20_000,
            ..dzero_sim::PlayOptions::default()
        };
        let out = dzero_sim::play_out(&db, g, [seed * 3, seed * 7 + 1], opts)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(out.result().is_some());
    }
    host.check().unwrap();
}

/// The Lua sample set behaves exactly like the Rust fixtures: the same seeded random games end
/// in byte-identical states.
#[test]
fn lua_set_plays_the_same_games_as_the_rust_fixtures() {
    let (host, lua) = lua_support::lua_db();
    let native = dzero_fixtures::card_db();
    let play = |db: &dzero_core::CardDb, seed: u64| {
        let red = dzero_fixtures::deck_red(db);
        let blue = dzero_fixtures::deck_blue(db);
        let g = Game::new(db, RuleSet::OFFICIAL, [&red, &blue], seed).unwrap();
        let opts = dzero_sim::PlayOptions {
            conservation: false,
            max_actions: u32::MAX,
            ..dzero_sim::PlayOptions::default()
        };
        dzero_sim::play_out(db, g, [seed * 5, seed * 11 + 2], opts)
            .unwrap()
            .game
    };
    for seed in 0..30 {
        assert_eq!(play(&lua, seed), play(&native, seed), "seed {seed}");
    }
    host.check().unwrap();
}

// card:activated { condition = ... } limits activation like 「…にしか使えない」.
#[test]
fn activated_condition_from_lua() {
    let host = dzero_script_api::ScriptHost::new(dzero_script_api::Limits::default()).unwrap();
    let def = host
        .load_card(
            dzero_core::CardDef::unit("中央の術士", 2000, 1),
            "cards/centre_mage.lua",
            "card:activated { condition = function(self) return self.area == 'centre' end, resolve = function(g, e) end }",
        )
        .unwrap();
    let mut db = dzero_fixtures::card_db();
    let id = db.add(def);
    let mut b = dzero_core::Builder::new(dzero_core::RuleSet::OFFICIAL, 1);
    for p in dzero_core::Player::BOTH {
        for _ in 0..5 {
            b.add(p, id, dzero_core::Loc::Deck);
        }
    }
    let own = b.add(
        dzero_core::Player::One,
        id,
        dzero_core::Loc::Square(dzero_core::Square::battle(0, 0)),
    );
    let centre = b.add(
        dzero_core::Player::One,
        id,
        dzero_core::Loc::Square(dzero_core::Square::battle(1, 1)),
    );
    let g = b.build(&db, dzero_core::Phase::Main).unwrap();
    let activate = |card| dzero_core::Action::Activate {
        card,
        ability: 0,
        targets: dzero_core::Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: dzero_core::Payment::Auto,
    };
    assert!(g.check(&db, &activate(own)).is_err());
    assert!(g.check(&db, &activate(centre)).is_ok());
    assert!(host.errors().is_empty());
}

// target.unit { up_to = true }: 「…まで選び」, the choice may be empty.
#[test]
fn up_to_target_option_from_lua() {
    let host = dzero_script_api::ScriptHost::new(dzero_script_api::Limits::default()).unwrap();
    let def = host
        .load_card(
            dzero_script_api::blank_strategy("任意の火花"),
            "cards/optional_spark.lua",
            "card:on_play { target = target.unit { up_to = true }, resolve = function(g, e) if e.target then g:damage(e.target, 1000) end end }",
        )
        .unwrap();
    let spec = def
        .spell
        .as_ref()
        .and_then(|s| s.target.as_ref())
        .expect("a target spec");
    assert_eq!((spec.count, spec.min), (1, 0));
    let err = host
        .load_card(
            dzero_script_api::blank_strategy("誤り"),
            "cards/bad.lua",
            "card:on_play { target = target.unit { up_to = 1 }, resolve = function(g, e) end }",
        )
        .err()
        .expect("up_to must be a boolean");
    assert!(err.message.contains("up_to must be true or false"), "{err}");
}

/// The greeting bell: "◆ when a unit of yours is put into a square, draw a card", once with the
/// `card = "own_units"` relation and once with a `when` condition reading the unit's state.
const GREETERS: [&str; 2] = [
    r#"card:trigger { on = "placed", card = "own_units", resolve = function(g, e)
        g:draw(e.controller, 1)
    end }"#,
    r#"card:trigger { on = "placed", when = function(self, ev)
        return ev.card.in_play and ev.card.owner == self.owner and ev.card.power >= 3000
    end, resolve = function(g, e) g:draw(e.controller, 1) end }"#,
];

/// Plays a strategy that puts One's first hand card (Single Malt) into a1 and destroys it in
/// the same effect, then `then` (more Lua), beside a greeting bell; returns the bell, the unit
/// and the table with the strategy resolved (or waiting for a choice it asked).
fn put_and_destroy(greeter: &str, then: &str) -> (ScriptHost, Table, CardId, CardId) {
    let (body_def, body) = spell(
        "",
        &format!(
            r#"local u = e.controller:hand()[1]
            g:put(u, "a1")
            g:destroy(u)
            {then}"#
        ),
    );
    let (host, mut s) = with_cards(vec![
        (CardDef::base("出迎えの鐘"), greeter),
        (body_def, &body),
    ]);
    let bell = s.unit(One, "出迎えの鐘", "P1-base1");
    let card = s.hand(One, "テスト");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build_strict();
    cast(&mut t, card, &[]);
    (host, t, bell, malt)
}

/// R17.2, docs/lua-api.md (`card =`, `when`: "checked when the event happens"): a unit put into
/// a square and destroyed by the same effect was one of its owner's units in play when it
/// arrived, so the ◆ triggers, although the unit is in the graveyard once the effect is done.
#[test]
fn r17_2_trigger_conditions_are_judged_when_the_event_happens() {
    for greeter in GREETERS {
        let (host, mut t, bell, malt) = put_and_destroy(greeter, "");
        assert_eq!(t.loc(malt), Loc::Graveyard);
        assert_eq!(t.stack(), vec![Some(bell)], "{greeter}");
        assert!(t.stack_has(ItemTag::Triggered));
        let hand = t.zone(One, Zone::Hand).len();
        t.pass_both();
        assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1, "{greeter}");
        host.check().unwrap();
    }
}

/// R17.2, R7.6: a trigger matched in the middle of a resolution that then asks a question is
/// discarded with the rest of the partial resolution and matched again on the re-run, so it
/// waits exactly once.
#[test]
fn r17_2_trigger_matched_before_a_choice_waits_once() {
    let (host, mut t, bell, malt) =
        put_and_destroy(GREETERS[0], "g:yes_no(e.controller, \"go on?\")");
    assert_eq!(t.game.decision(), Decision::Choose(One));
    assert!(
        !t.stack_has(ItemTag::Triggered),
        "nothing waits during the question"
    );
    t.choose(dzero_core::ChoiceOption::Label("yes".into()));
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.stack(), vec![Some(bell)], "one trigger");
    host.check().unwrap();
}

/// R1.7 through Lua: `g:destroy_all` destroys the opponent's units at the same time, so their
/// owner orders them in the graveyard before anyone receives priority; `g:put_all` to a square
/// is refused (a square holds one card).
#[test]
fn r1_7_lua_destroy_all_lets_the_owner_order_the_graveyard() {
    let (host, t) = run(
        "",
        "assert(g:destroy_all(e.controller.opponent:units()) == 2)",
        |s| {
            s.unit(Two, "シングルモルト", "a3");
            s.unit(Two, "狼王ロボ", "c3");
            Vec::new()
        },
    );
    let c = t.game.choice().expect("an order choice");
    assert_eq!((c.player, c.kind), (Two, dzero_core::ChoiceKind::ZoneOrder));
    assert_eq!(t.zone(Two, Zone::Graveyard).len(), 2);
    assert_eq!(t.priority(), None);
    host.check().unwrap();

    let (def, src) = spell("", r#"g:put_all(e.controller:hand(), "a1")"#);
    let (_host, mut s) = with_cards(vec![(def, &src)]);
    let card = s.hand(One, "テスト");
    s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(card, None, &[]);
    t.pass();
    let refused = t
        .try_act(Action::Pass)
        .expect_err("the misuse fails the effect");
    let refused = t.error_text(&refused);
    assert!(refused.contains("g:put_all"), "{refused}");
}

// R7.4 in Lua: e.target of target.player is a player; g:counter with anything but a stack item
// fails visibly, naming the card and the line.
#[test]
fn lua_player_target_and_counter_misuse() {
    let (def, src) = spell(
        "target.player { side = 'opponent' }",
        "assert(e.target == e.controller.opponent and #e.targets == 1)
         g:draw(e.target)",
    );
    let misuse = "card:on_play { target = target.unit(), resolve = function(g, e)\ng:counter(e.target)\nend }";
    let (_host, mut s) = with_cards(vec![(def, &src), (blank_strategy("誤用"), misuse)]);
    let card = s.hand(One, "テスト");
    let bad = s.hand(One, "誤用");
    let foe = s.unit(Two, "ロマネ・コンティ", "b3");
    s.rich(One);
    s.deck(Two, "ロマネ・コンティ", 5);
    let mut t = s.build_strict();
    t.act(Action::Play {
        card,
        method: None,
        square: None,
        targets: Targets::list(&[dzero_core::Target::Player(Two)]),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    assert!(
        t.try_act(Action::Play {
            card: bad,
            method: None,
            square: None,
            targets: Targets::list(&[dzero_core::Target::Player(One)]),
            cost_cards: dzero_core::CardList::NONE,
            x: 0,
            payment: Payment::Auto,
        })
        .is_err(),
        "a unit spec does not take a player"
    );
    t.pass_both();
    assert_eq!(t.zone(Two, Zone::Hand).len(), 1);
    t.play(bad, None, &[foe]);
    t.pass();
    match t.try_act(Action::Pass) {
        Err(e @ dzero_core::ActionError::EffectFailed(_)) => {
            let m = t.error_text(&e);
            assert!(
                m.contains("誤用")
                    && m.contains("inline/1.lua:2")
                    && m.contains("g:counter(item): a stack item was expected, got card"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
}

// Last-known information in Lua: after an effect destroys its target, `last_square` and
// `last_known()` still describe it as it was in its square (power after continuous effects);
// a card that never left a square has none.
#[test]
fn lua_last_known_after_destroy() {
    let (_host, t) = run(
        "target.unit()",
        "local u = e.target
         assert(u.last_square == nil and u:last_known() == nil)
         g:boost(u, 1000)
         g:destroy(u)
         assert(u.zone == 'graveyard')
         assert(u.last_square == game.square('b3'), tostring(u.last_square))
         local lk = u:last_known()
         assert(lk.power == 9000 and lk.square == game.square('b3') and lk.owner == e.controller.opponent)
         assert(u.power == 8000)",
        |s| vec![s.unit(Two, "ロマネ・コンティ", "b3")],
    );
    assert_eq!(t.zone(Two, Zone::Graveyard).len(), 1);
}

/// The author's words of the pending effect question.
fn asked(g: &dzero_core::Game) -> String {
    match &g.choice().expect("a pending choice").question {
        dzero_core::Question::Effect {
            ask: dzero_core::Ask::Text(s),
            ..
        } => s.clone(),
        q => panic!("not an effect's own question: {q:?}"),
    }
}
