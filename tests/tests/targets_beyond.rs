//! Targets beyond squares (R7.4, R7.5): cards in other zones, squares, players and stack items;
//! the "became a target" event; countering (R7.5 解決が失敗, R7.7, R7.8, R11.4); last-known
//! information of a card that left a square (R7.3).
//!
//! Player One is active; squares are named from One's side.

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, CardDb, CardDef, CardId, ChoiceOption, Dest, Event, ItemFilter, ItemTag, Loc, Payment,
    Query, Resolve, RuleSet, Side, Spell, Target, TargetSpec, Targets, Timing, Triggered, Zone,
    ZoneSet,
};
use dzero_tests::{Setup, Table, sq};

/// Fixture cards plus invented strategies using the new target kinds.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    // Invented: "○ 対象のあなたの墓地のユニットカード1枚を手札に戻す。"
    db.add(
        CardDef::strategy(
            "墓地回収",
            Spell::targeting(
                TargetSpec::card_in(ZoneSet::of(Zone::Graveyard)).side(Side::Own),
                |r: &mut Resolve<'_>| {
                    if let Some(t) = r.target() {
                        r.put(t, Dest::Hand);
                    }
                    Ok(())
                },
            ),
        )
        .timing(Timing::Quick),
    );
    // Invented: "○ 対象のストラテジー1枚の解決を失敗させる。"
    db.add(
        CardDef::strategy(
            "解決失敗",
            Spell::targeting(TargetSpec::item(ItemFilter::Strategy), counter),
        )
        .timing(Timing::Quick),
    );
    // Invented: "○ 対象の移動を無効にする。"
    db.add(
        CardDef::strategy(
            "移動無効",
            Spell::targeting(TargetSpec::item(ItemFilter::Move), counter),
        )
        .timing(Timing::Quick),
    );
    // Invented: "○ 対象のプレイヤーはカードを1枚引く。"
    db.add(
        CardDef::strategy(
            "天啓",
            Spell::targeting(TargetSpec::player(), |r: &mut Resolve<'_>| {
                if let Some(Target::Player(p)) = r.chosen().first().copied() {
                    r.draw(p, 1);
                }
                Ok(())
            }),
        )
        .timing(Timing::Quick),
    );
    // Invented: "○ 対象のスクエアにいる全てのユニットに1000ダメージを与える。"
    db.add(
        CardDef::strategy(
            "局地地震",
            Spell::targeting(TargetSpec::square(), |r: &mut Resolve<'_>| {
                if let Some(Target::Square(s)) = r.chosen().first().copied() {
                    let units: Vec<CardId> = r
                        .view()
                        .game
                        .field()
                        .iter()
                        .copied()
                        .filter(|&c| r.view().square(c) == Some(s))
                        .collect();
                    for u in units {
                        r.damage(u, 1000);
                    }
                }
                Ok(())
            }),
        )
        .timing(Timing::Quick),
    );
    // Invented: "○ 対象のあなたのユニット1体をb3に置く。" (starts a battle when b3 is held)
    db.add(
        CardDef::strategy(
            "強襲",
            Spell::targeting(TargetSpec::unit().side(Side::Own), |r: &mut Resolve<'_>| {
                if let Some(t) = r.target() {
                    r.put(t, Dest::Square(sq("b3"), false));
                }
                Ok(())
            }),
        )
        .timing(Timing::Quick),
    );
    // Invented: "◆ このユニットがスクエアに置かれた時、対象のプレイヤーはカードを1枚引く。"
    db.add(
        CardDef::unit("託宣の巫女", 2000, 1).ability(Triggered {
            target: Some(TargetSpec::player()),
            ..Triggered::new(
                |_: &Query<'_>, me: CardId, e: &Event| {
                    matches!(e, Event::Placed { card, .. } if *card == me)
                },
                |r: &mut Resolve<'_>| {
                    if let Some(Target::Player(p)) = r.chosen().first().copied() {
                        r.draw(p, 1);
                    }
                    Ok(())
                },
            )
        }),
    );
    db
}

fn counter(r: &mut Resolve<'_>) -> Result<(), dzero_core::EffectError> {
    if let Some(Target::Item(id)) = r.chosen().first().copied() {
        r.counter(id);
    }
    Ok(())
}

fn setup() -> Setup {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    s.rich(One);
    s.rich(Two);
    s
}

fn play(t: &mut Table, card: CardId, targets: &[Target]) -> Result<(), dzero_core::ActionError> {
    t.try_act(Action::Play {
        card,
        method: None,
        square: None,
        targets: Targets::list(targets),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    })
}

/// The id of the topmost item on the active stack.
fn top_item(t: &Table) -> dzero_core::ItemId {
    t.game.stack().last().expect("an item").id
}

fn fizzled(t: &Table, card: CardId) -> Option<bool> {
    t.game.events().iter().find_map(|e| match *e {
        Event::Resolved {
            card: Some(c),
            fizzled,
            ..
        } if c == card => Some(fizzled),
        _ => None,
    })
}

// R7.4: a card in a graveyard is a legal target only in the zones the spec names and of the
// side it names; R7.5 + R7.3: once it changed zones it is a new object and the item fizzles.
#[test]
fn r7_5_graveyard_target_that_changed_zones_is_illegal() {
    let mut s = setup();
    let a = s.hand(One, "墓地回収");
    let b = s.hand(One, "墓地回収");
    let mine = s.add(One, "シングルモルト", Loc::Graveyard);
    let theirs = s.add(Two, "シングルモルト", Loc::Graveyard);
    let in_hand = s.hand(One, "シングルモルト");
    let mut t = s.build_strict();
    assert!(
        play(&mut t, a, &[Target::Card(theirs)]).is_err(),
        "side own"
    );
    assert!(
        play(&mut t, a, &[Target::Card(in_hand)]).is_err(),
        "graveyard only"
    );
    play(&mut t, a, &[Target::Card(mine)]).unwrap();
    play(&mut t, b, &[Target::Card(mine)]).unwrap();
    t.pass_both();
    assert_eq!(t.loc(mine), Loc::Hand);
    assert_eq!(fizzled(&t, b), Some(false));
    t.pass_both();
    // The first item's target left the graveyard: it does nothing (R7.5).
    assert_eq!(fizzled(&t, a), Some(true));
    assert_eq!(t.loc(mine), Loc::Hand);
    assert_eq!(t.loc(a), Loc::Graveyard);
}

// R7.4: squares and players as targets; the legal choices listed are exactly the legal ones.
#[test]
fn r7_4_square_and_player_targets() {
    let mut s = setup();
    let quake = s.hand(One, "局地地震");
    let oracle = s.hand(One, "天啓");
    let malt = s.unit(Two, "シングルモルト", "b3");
    s.deck(Two, "シングルモルト", 5);
    let mut t = s.build_strict();
    let actions = t.game.completions(&t.db, 10_000);
    let listed: Vec<Targets> = actions
        .into_iter()
        .filter_map(|a| match a {
            Action::Play { card, targets, .. } if card == oracle => Some(targets),
            _ => None,
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            Targets::list(&[Target::Player(One)]),
            Targets::list(&[Target::Player(Two)])
        ]
    );
    play(&mut t, oracle, &[Target::Player(Two)]).unwrap();
    t.pass_both();
    assert_eq!(t.zone(Two, Zone::Hand).len(), 1);
    play(&mut t, quake, &[Target::Square(sq("b3"))]).unwrap();
    t.pass_both();
    assert_eq!(t.damage(malt), 1000);
    // A square target stays legal whatever is in it: the square itself is the target.
    assert_eq!(fizzled(&t, quake), Some(false));
}

// R7.4: every target of an item put on the stack becomes a target then: one event each,
// naming the target, the item's kind, its card and its controller.
#[test]
fn r7_4_targeted_event_names_every_kind_of_target() {
    let mut s = setup();
    let rifle = s.hand(One, "プラズマ・ライフル");
    let rift = s.hand(Two, "解決失敗");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build_strict();
    play(&mut t, rifle, &[Target::Card(malt)]).unwrap();
    assert!(t.game.events().contains(&Event::Targeted {
        target: Target::Card(malt),
        tag: ItemTag::Play,
        by: Some(rifle),
        player: One,
    }));
    let item = top_item(&t);
    t.pass();
    play(&mut t, rift, &[Target::Item(item)]).unwrap();
    assert!(t.game.events().contains(&Event::Targeted {
        target: Target::Item(item),
        tag: ItemTag::Play,
        by: Some(rift),
        player: Two,
    }));
    let text = dzero_text::Text::new(&t.game, &t.db, dzero_text::Lang::En);
    assert_eq!(
        text.option(&ChoiceOption::Item(item)),
        format!("Play of プラズマ・ライフル#{} on the stack", rifle.0)
    );
    assert_eq!(
        text.option(&ChoiceOption::Cards(Targets::list(&[
            Target::Square(sq("b2")),
            Target::Player(Two)
        ]))),
        "square b2 + P2"
    );
}

// 「対象のストラテジーの解決を失敗させる」: the countered strategy leaves the stack for its
// owner's graveyard (R7.8) and does nothing; it counts as resolved to no purpose (R7.5, R7.7).
#[test]
fn countered_strategy_goes_to_graveyard_and_does_nothing() {
    let mut s = setup();
    let rifle = s.hand(One, "プラズマ・ライフル");
    let rift = s.hand(Two, "解決失敗");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build_strict();
    play(&mut t, rifle, &[Target::Card(malt)]).unwrap();
    let item = top_item(&t);
    t.pass();
    play(&mut t, rift, &[Target::Item(item)]).unwrap();
    t.pass_both();
    let ev = t.game.events().to_vec();
    let countered = ev.iter().position(|e| {
        *e == Event::Countered {
            tag: ItemTag::Play,
            card: Some(rifle),
            by: Some(rift),
        }
    });
    let resolved = ev.iter().position(|e| {
        *e == Event::Resolved {
            tag: ItemTag::Play,
            card: Some(rifle),
            fizzled: true,
        }
    });
    assert!(countered.is_some() && resolved > countered, "{ev:?}");
    assert_eq!(t.loc(rifle), Loc::Graveyard);
    assert_eq!(t.loc(rift), Loc::Graveyard);
    assert!(t.game.stack().is_empty());
    assert_eq!(t.damage(malt), 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::Damaged { .. })));
}

// R7.4: a counter needs an item of its kind on the stack; R7.5: one whose item already left
// the stack (resolved or countered) does nothing.
#[test]
fn counter_without_its_item_does_nothing() {
    let mut s = setup();
    let rifle = s.hand(One, "プラズマ・ライフル");
    let a = s.hand(One, "解決失敗");
    let b = s.hand(One, "解決失敗");
    let snare = s.hand(One, "移動無効");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build_strict();
    assert!(play(&mut t, a, &[]).is_err(), "no target");
    play(&mut t, rifle, &[Target::Card(malt)]).unwrap();
    let item = top_item(&t);
    assert!(
        play(&mut t, snare, &[Target::Item(item)]).is_err(),
        "a strategy is not a move"
    );
    play(&mut t, a, &[Target::Item(item)]).unwrap();
    play(&mut t, b, &[Target::Item(item)]).unwrap();
    t.pass_both();
    assert_eq!(fizzled(&t, b), Some(false));
    assert_eq!(t.loc(rifle), Loc::Graveyard);
    t.pass_both();
    assert_eq!(fizzled(&t, a), Some(true));
    assert!(
        !t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Countered { .. }))
    );
    assert_eq!(t.damage(malt), 0);
}

// 「対象の移動を無効にする」: the unit stays in its square and the move cost stays paid (R7.7).
#[test]
fn negated_move_leaves_the_unit_in_place() {
    let mut s = setup();
    let snare = s.hand(One, "移動無効");
    let malt = s.unit(One, "シングルモルト", "a1");
    let mut t = s.build_strict();
    let frozen_before = t
        .zone(One, Zone::Energy)
        .iter()
        .filter(|&&c| t.frozen(c))
        .count();
    t.mv(malt, "a2");
    let frozen_after_move = t
        .zone(One, Zone::Energy)
        .iter()
        .filter(|&&c| t.frozen(c))
        .count();
    assert!(frozen_after_move > frozen_before);
    let item = top_item(&t);
    play(&mut t, snare, &[Target::Item(item)]).unwrap();
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Square(sq("a1")));
    assert!(t.game.stack().is_empty());
    let frozen_end = t
        .zone(One, Zone::Energy)
        .iter()
        .filter(|&&c| t.frozen(c))
        .count();
    // The invented snare costs nothing: the energy frozen for the move stays frozen (R7.7).
    assert_eq!(
        frozen_end, frozen_after_move,
        "the move cost is not returned"
    );
    assert!(t.game.events().contains(&Event::Countered {
        tag: ItemTag::Move,
        card: Some(malt),
        by: Some(snare),
    }));
}

// Last-known information: a destroyed unit's last square and power (after continuous effects)
// stay readable while it remains the object it became; R7.3: once it changes zones again the
// information is gone.
#[test]
fn last_known_information_of_a_destroyed_unit() {
    let mut s = setup();
    let ruby = s.hand(One, "ルビーソウル");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let hydra = s.hand(One, "ヒュドラランチャー");
    let back = s.hand(One, "墓地回収");
    let malt = s.unit(One, "シングルモルト", "b2");
    let mut t = s.build_strict();
    t.play(ruby, None, &[malt]);
    t.pass_both();
    let boosted = t.power(malt);
    t.play(rifle, None, &[malt]);
    t.pass_both();
    t.play(hydra, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.power(malt), 3000, "the boost ended when it left");
    let lk = Query::new(&t.game, &t.db)
        .last_known(malt)
        .expect("last known");
    assert_eq!((lk.square, lk.power, lk.owner), (sq("b2"), boosted, One));
    assert_eq!((boosted, lk.damage), (6000, 8000));
    play(&mut t, back, &[Target::Card(malt)]).unwrap();
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Hand);
    assert!(Query::new(&t.game, &t.db).last_known(malt).is_none());
}

// R11.4: while a battle is in progress the pending stack counts as non-existent: its items
// cannot be targeted (and so cannot be countered from inside the battle).
#[test]
fn r11_4_pending_stack_items_are_not_targets() {
    let mut s = setup();
    let ruby = s.hand(One, "ルビーソウル");
    let assault = s.hand(One, "強襲");
    let robo = s.unit(One, "狼王ロボ", "b2");
    s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build_strict();
    t.play(ruby, None, &[robo]);
    let pending = top_item(&t);
    t.play(assault, None, &[robo]);
    t.pass_both();
    assert!(t.in_battle());
    assert_eq!(t.game.frames()[0].stack.last().map(|i| i.id), Some(pending));
    let spec = TargetSpec::item(ItemFilter::Any);
    let view = Query::new(&t.game, &t.db);
    assert!(view.item(pending).is_none());
    assert!(!view.is_legal(&spec, None, One, Target::Item(pending)));
    assert!(!view.has_targets(&spec, None, One));
}

/// Loads `src` as a strategy and returns the load error.
fn lua_load_err(src: &str) -> dzero_script_api::ScriptError {
    let host = dzero_script_api::ScriptHost::new(dzero_script_api::Limits::default()).unwrap();
    host.load_card(
        dzero_script_api::blank_strategy("誤記"),
        "sets/fan/targets.lua",
        src,
    )
    .err()
    .expect("the script must fail to load")
}

// Bad target specs are refused at load time, naming the card, the file and the line.
#[test]
fn bad_lua_target_specs_name_card_file_and_line() {
    for (src, msg) in [
        (
            "card:on_play {\n target = target.card { side = 'own' }, resolve = function() end }",
            "target.card: needs zone",
        ),
        (
            "card:on_play {\n target = target.card { zone = 'deck' }, resolve = function() end }",
            "cannot be targeted",
        ),
        (
            "card:on_play {\n target = target.item { kind = 'spell' }, resolve = function() end }",
            "kind must be one of any, play, strategy, move, ability",
        ),
        (
            "card:on_play {\n target = target.unit { zone = 'hand' }, resolve = function() end }",
            "zone is an option of target.card only",
        ),
    ] {
        let e = lua_load_err(src);
        assert_eq!(e.kind, dzero_script_api::ErrorKind::Misuse, "{e}");
        assert_eq!((e.card.as_str(), e.line), ("誤記", Some(2)), "{e}");
        assert!(e.message.contains(msg), "{} lacks {msg}", e.message);
        assert!(e.to_string().contains("sets/fan/targets.lua:2"), "{e}");
    }
}

// R7.4: a ◆ ability targeting a player offers each player as a named option; the answer is
// kept as a stack-item target and survives a serialization round trip (the state is data).
#[test]
fn r7_4_trigger_choosing_a_player_target() {
    let mut s = setup();
    let oracle = s.hand(One, "託宣の巫女");
    s.deck(Two, "シングルモルト", 5);
    let mut t = s.build_strict();
    t.play(oracle, Some("a1"), &[]);
    t.pass_both();
    let choice = t.game.choice().expect("a target choice");
    assert_eq!(
        choice.options,
        vec![ChoiceOption::Player(One), ChoiceOption::Player(Two)]
    );
    let text = dzero_text::Text::new(&t.game, &t.db, dzero_text::Lang::En);
    let shown: Vec<String> = choice.options.iter().map(|o| text.option(o)).collect();
    assert_eq!(shown, ["P1", "P2"]);
    t.choose(ChoiceOption::Player(Two));
    let json = serde_json::to_string(&t.game).unwrap();
    let back: dzero_core::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t.game);
    assert!(t.game.events().contains(&Event::Targeted {
        target: Target::Player(Two),
        tag: ItemTag::Triggered,
        by: Some(oracle),
        player: One,
    }));
    t.pass_both();
    assert_eq!(t.zone(Two, Zone::Hand).len(), 1);
}

// R11.12: stacked battle damage cannot be cancelled: it is never an item target, and
// `Resolve::counter` leaves it alone.
#[test]
fn r11_12_battle_damage_is_never_an_item_target() {
    let mut s = setup();
    let robo = s.unit(One, "狼王ロボ", "b2");
    s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build_strict();
    t.mv(robo, "b3");
    t.pass_until(|t| t.damage_item_on_stack());
    let damage = top_item(&t);
    let view = Query::new(&t.game, &t.db);
    assert!(view.item(damage).is_some());
    assert!(!view.is_legal(
        &TargetSpec::item(ItemFilter::Any),
        None,
        One,
        Target::Item(damage)
    ));
    assert!(!view.has_targets(&TargetSpec::item(ItemFilter::Any), None, Two));
}
