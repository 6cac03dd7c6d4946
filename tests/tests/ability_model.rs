//! The ability model seen from the rules: ◆ ★ ● ☆, choices mid-resolution, failing effects, and
//! effect precedence (R16).

use dzero_core::{
    Action, ActionError, Area, CardDb, CardDef, CardId, ChoiceKind, Cost, Decision, EffectError,
    Event, Failure, Forbid, Game, Keywords, Loc, Payment, Phase, PlayMethod, PlayModifier, Player,
    Query, Resolve, RuleSet, Spell, Square, SquareSet, Static, StaticEffect, TargetSpec, Targets,
    Timing, Triggered, Zone, ZoneSet,
};
use dzero_tests::{Setup, Table, sq};

use Player::{One, Two};

/// Fixture cards plus the test cards of this file.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    // ★ card text beats the rules (R16.1): this base keeps your energy frozen in your release phase.
    struct KeepFrozen;
    impl StaticEffect for KeepFrozen {
        fn forbids(&self, view: &Query<'_>, me: CardId, what: Forbid) -> bool {
            matches!(what, Forbid::Release { card } if view.owner(card) == view.owner(me) && view.loc(card) == Loc::Energy)
        }
    }
    db.add(CardDef::base("凍てつく祭壇").ability(Static::new(KeepFrozen)));
    // Strategies that grant and revoke 相手のカードの対象にならない until end of turn.
    let grant = |k: Keywords, on: bool| {
        Spell::targeting(TargetSpec::unit(), move |r: &mut Resolve<'_>| {
            if let Some(t) = r.target() {
                let change = if on {
                    dzero_core::Change::Grant(k)
                } else {
                    dzero_core::Change::Revoke(k)
                };
                r.change(t, change, dzero_core::Duration::EndOfTurn);
            }
            Ok(())
        })
    };
    db.add(CardDef::strategy(
        "守護の印",
        grant(Keywords::HEXPROOF, true),
    ));
    db.add(CardDef::strategy("解呪", grant(Keywords::HEXPROOF, false)));
    // A strategy whose effect fails like a script error would.
    db.add(CardDef::strategy(
        "壊れた呪文",
        Spell::new(|r: &mut Resolve<'_>| {
            let p = r.controller();
            r.draw(p, 1);
            Err(EffectError::Failed(Failure::Message(
                "attempt to index a nil value".into(),
            )))
        }),
    ));
    // ☆ 隊列召喚-like method: into the centre square of your line when you have a unit in
    // the own-area square behind it; the centre rule (RE7) does not apply.
    db.add(CardDef::unit("隊列の兵", 2000, 1).ability(PlayMethod {
        name: "隊列召喚―縦列".into(),
        from: ZoneSet::HAND,
        cost: Some(Cost::colourless(1)),
        timing: None,
        squares: Some(Box::new(|view: &Query<'_>, me: CardId| {
            let p = view.owner(me);
            Square::battle_squares()
                .filter(|s| s.area(p) == Some(Area::Centre))
                .filter(|s| {
                    view.field().iter().any(|&c| {
                        view.owner(c) == p
                            && view
                                .square(c)
                                .is_some_and(|o| o.area(p) == Some(Area::Own) && o.same_line(*s))
                    })
                })
                .collect::<SquareSet>()
        })),
        centre_exempt: true,
        condition: None,
    }));
    // ☆ cost modifier working from the hand: costs 無1 less per unit you have in play.
    db.add(
        CardDef::unit("数の力", 3000, 1)
            .cost(Cost::colourless(3))
            .ability(PlayModifier::Cost(Box::new(
                |view: &Query<'_>, me: CardId, _method: Option<&str>, cost: &mut Cost| {
                    let p = view.owner(me);
                    let n = view.field().iter().filter(|&&c| view.owner(c) == p).count();
                    cost.reduce(n as u8);
                },
            ))),
    );
    // 盟約-style ● from the hand: remove a 「チルノ」 and a 「橙」 of yours, then put this card
    // frozen into an own-area square chosen on resolution (R17.11, A24).
    let named = |n: &'static str| -> dzero_core::TargetFilter {
        Box::new(move |view: &Query<'_>, _me: CardId, c: CardId| {
            dzero_core::play_name(&view.def(c).name) == n
        })
    };
    let anywhere = ZoneSet::HAND
        .with(dzero_core::Zone::Field)
        .with(dzero_core::Zone::Energy)
        .with(dzero_core::Zone::Graveyard);
    db.add(
        CardDef::unit("盟約の獣", 5000, 2).ability(dzero_core::Activated {
            zones: ZoneSet::HAND,
            card_costs: vec![
                dzero_core::CardCost {
                    zones: anywhere,
                    filter: named("チルノ"),
                    to: dzero_core::CostDest::Remove,
                    pick: dzero_core::CardPick::One,
                },
                dzero_core::CardCost {
                    zones: anywhere,
                    filter: named("橙"),
                    to: dzero_core::CostDest::Remove,
                    pick: dzero_core::CardPick::One,
                },
            ],
            ..dzero_core::Activated::new(
                Cost::colourless(1),
                Timing::Quick,
                |r: &mut Resolve<'_>| {
                    let me = r
                        .source()
                        .ok_or_else(|| EffectError::Failed(Failure::Message("no source".into())))?;
                    let p = r.controller();
                    let free: Vec<Square> = Square::battle_squares()
                        .filter(|s| {
                            s.area(p) == Some(Area::Own) && r.view().unit_at(p, *s).is_none()
                        })
                        .collect();
                    if let Some(s) = r.choose_square(p, "盟約: choose a square", &free)? {
                        r.put(me, dzero_core::Dest::Square(s, true));
                    }
                    Ok(())
                },
            )
        }),
    );
    // ◆ two triggers on the same event, one with a target.
    db.add(
        CardDef::unit("二重の鐘", 2000, 1)
            .ability(Triggered::new(
                |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
                |r: &mut Resolve<'_>| {
                    let p = r.controller();
                    r.draw(p, 1);
                    Ok(())
                },
            ))
            .ability(Triggered {
                target: Some(TargetSpec::unit().side(dzero_core::Side::Opponent)),
                ..Triggered::new(
                    |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
                    |r: &mut Resolve<'_>| {
                        if let Some(t) = r.target() {
                            r.damage(t, 1000);
                        }
                        Ok(())
                    },
                )
            }),
    );
    // Invented: "◆ このカードがスクエアに置かれた時、対象の相手のユニット2体にそれぞれ1000ダメージを与える。"
    db.add(
        CardDef::unit("双撃の鐘", 2000, 1).ability(Triggered {
            target: Some(TargetSpec::unit().side(dzero_core::Side::Opponent).count(2)),
            ..Triggered::new(
                |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
                |r: &mut Resolve<'_>| {
                    for t in r.targets().to_vec() {
                        r.damage(t, 1000);
                    }
                    Ok(())
                },
            )
        }),
    );
    db
}

fn setup() -> Setup {
    Setup::with_db(db(), RuleSet::OFFICIAL)
}

fn json(g: &Game) -> String {
    serde_json::to_string(g).expect("serializable state")
}

// R7.6, docs/design.md §3: a choice on resolution is a pending decision; the state stays pure data
// (it clones and serializes mid-resolution), an illegal answer changes nothing, and the answer
// resumes the effect.
#[test]
fn choice_mid_resolution_is_a_pending_decision() {
    let mut s = setup();
    let supply = s.hand(One, "補給");
    let a = s.hand(One, "チルノ");
    let b = s.hand(One, "橙");
    s.rich(One);
    let mut t = s.build();
    t.play(supply, None, &[]);
    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Choose(One));
    let choice = t.game.choice().expect("pending choice");
    assert_eq!(choice.kind, ChoiceKind::Effect);
    assert_eq!(choice.options.len(), 2);
    assert_eq!(t.loc(supply), Loc::Stack, "the strategy is still resolving");
    let saved = json(&t.game);
    let restored: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(restored, t.game);
    assert!(matches!(
        t.try_act(Action::Choose(2)),
        Err(ActionError::Illegal(_))
    ));
    assert!(matches!(
        t.try_act(Action::Pass),
        Err(ActionError::WrongDecision(_))
    ));
    assert_eq!(json(&t.game), saved, "refused answers change nothing");
    t.act(Action::Choose(1));
    assert_eq!(t.loc(b), Loc::Energy);
    assert_eq!(t.loc(a), Loc::Hand);
    assert_eq!(t.loc(supply), Loc::Graveyard);
    assert_eq!(t.priority(), Some(One));
}

// A failing effect does nothing (its partial work is rolled back) and is reported; strict mode
// turns it into an error and leaves the state as before the action.
#[test]
fn failing_effect_does_nothing_and_is_reported() {
    let mut s = setup();
    let broken = s.hand(One, "壊れた呪文");
    s.rich(One);
    let mut t = s.build();
    let hand = t.zone(One, Zone::Hand).len();
    t.play(broken, None, &[]);
    t.pass();
    let before = json(&t.game);
    let mut strict = t.game.clone();
    strict.set_strict(true);
    match strict.apply(&t.db, Action::Pass) {
        Err(e @ ActionError::EffectFailed(_)) => {
            let m = t.error_text(&e);
            assert!(m.contains("壊れた呪文") && m.contains("nil value"), "{m}")
        }
        other => panic!("strict mode must fail, got {other:?}"),
    }
    assert_eq!(
        json(&strict).replace("\"strict\":true", "\"strict\":false"),
        before
    );
    t.pass();
    assert_eq!(
        t.zone(One, Zone::Hand).len(),
        hand - 1,
        "the draw was rolled back"
    );
    assert_eq!(t.loc(broken), Loc::Graveyard);
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::EffectFailed { .. }))
    );
    assert_eq!(t.game.effect_errors().len(), 1);
    assert_eq!(t.priority(), Some(One));
}

// R16.3: of conflicting effects the later one wins.
#[test]
fn r16_3_later_timestamp_wins() {
    for (first, second, hexproof) in [("守護の印", "解呪", false), ("解呪", "守護の印", true)]
    {
        let mut s = setup();
        let cirno = s.unit(One, "チルノ", "a1");
        let c1 = s.hand(One, first);
        let c2 = s.hand(One, second);
        s.rich(One);
        let mut t = s.build();
        t.play(c1, None, &[cirno]);
        t.pass_both();
        t.play(c2, None, &[cirno]);
        t.pass_both();
        let kw = t.game.view(&t.db).keywords(cirno);
        assert_eq!(
            kw.has(Keywords::HEXPROOF),
            hexproof,
            "{first} then {second}"
        );
    }
}

// R16.1: card text over the rules — a ★ prohibition keeps energy frozen through the release phase.
#[test]
fn r16_1_card_text_beats_release_rule() {
    let mut s = setup();
    s.unit(One, "凍てつく祭壇", "P1-base1");
    let e = s.energy(One, dzero_core::Colour::Red, 1)[0];
    let u = s.unit(One, "チルノ", "a1");
    s.freeze(e);
    s.freeze(u);
    let t = s.build_in(Phase::Release);
    assert!(t.frozen(e), "energy stays frozen");
    assert!(!t.frozen(u), "units are released as usual");
}

// R16.2: a prohibition beats a permission — a strategy may target "a unit", but 守りの祠 forbids
// the opponent's cards to target your units.
#[test]
fn r16_2_prohibition_beats_permission() {
    let mut s = setup();
    s.unit(Two, "守りの祠", "P2-base1");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mine = s.unit(One, "チルノ", "a1");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut t = s.build();
    let err = t
        .try_act(Table::play_action(rifle, None, &[malt]))
        .unwrap_err();
    assert!(matches!(err, ActionError::Target(_)), "{err}");
    t.play(rifle, None, &[mine]);
    assert_eq!(t.stack(), vec![Some(rifle)]);
}

// R17.3: ● ability with a freeze cost and a target; AP and NAP may use their own abilities.
#[test]
fn r17_3_activated_ability_with_freeze_cost() {
    let mut s = setup();
    let archer = s.unit(Two, "熟練の弓兵", "b3");
    let malt = s.unit(One, "シングルモルト", "b2");
    s.rich(Two);
    let mut t = s.build();
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    let act = Action::Activate {
        card: archer,
        ability: 0,
        targets: Targets::one(malt),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    };
    t.act(act.clone());
    assert!(
        t.frozen(archer),
        "the freeze cost is paid at once (R5.6, R5.9)"
    );
    assert_eq!(t.stack(), vec![Some(archer)]);
    assert_eq!(t.priority(), Some(One), "R6.9");
    t.pass();
    assert!(
        matches!(t.try_act(act), Err(ActionError::Payment(_))),
        "a frozen card cannot pay a freeze cost"
    );
    t.act(Action::Pass);
    assert_eq!(t.damage(malt), 2000);
}

// R17.4 / R17.10: a ☆ play method changes squares and cost; the centre rule does not apply.
#[test]
fn r17_10_play_method_into_centre_survives() {
    let mut s = setup();
    s.unit(One, "チルノ", "a1");
    let soldier = s.hand(One, "隊列の兵");
    s.rich(One);
    let mut t = s.build();
    let method = Some(0);
    let play = |sq_name: &str| Action::Play {
        card: soldier,
        method,
        square: Some(sq(sq_name)),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    };
    assert!(
        matches!(t.try_act(play("b2")), Err(ActionError::Square(_))),
        "no unit behind b2"
    );
    t.act(play("a2"));
    t.pass_both();
    assert_eq!(t.loc(soldier), Loc::Square(sq("a2")));
    assert_eq!(t.priority(), Some(One), "not destroyed by RE7");
    // Played normally into the centre, the same card would be destroyed (RE7).
    let mut s = setup();
    let soldier = s.hand(One, "隊列の兵");
    s.rich(One);
    let mut t = s.build();
    t.play(soldier, Some("a2"), &[]);
    t.pass_both();
    assert_eq!(t.loc(soldier), Loc::Graveyard);
}

// R17.4: a ☆ cost change works from the hand; the listed legal actions reflect it.
#[test]
fn r17_4_cost_modifier_from_hand() {
    let mut s = setup();
    s.unit(One, "チルノ", "a1");
    s.unit(One, "橙", "b1");
    let strong = s.hand(One, "数の力");
    let energy = s.energy(One, dzero_core::Colour::Red, 1);
    let mut t = s.build();
    let legal = t.game.completions(&t.db, 10_000);
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == strong))
    );
    t.play(strong, Some("c1"), &[]);
    assert!(t.frozen(energy[0]), "3 − 2 = 1 energy paid");
}

// R17.12, R7.4: several triggers wait; AP orders them; targets are chosen as each goes on the
// stack; a trigger without a legal target is void.
#[test]
fn r17_12_simultaneous_triggers_are_ordered_and_targeted() {
    let mut s = setup();
    let bell = s.hand(One, "二重の鐘");
    let m1 = s.unit(Two, "シングルモルト", "a3");
    let m2 = s.unit(Two, "チルノ", "b3");
    s.rich(One);
    let mut t = s.build();
    t.play(bell, Some("c1"), &[]);
    t.pass_both();
    let c = t.game.choice().expect("AP orders the triggers");
    assert_eq!((c.player, c.kind), (One, ChoiceKind::TriggerOrder));
    t.act(Action::Choose(0));
    let c = t.game.choice().expect("the damage trigger needs a target");
    assert_eq!(c.kind, ChoiceKind::TriggerTarget);
    assert_eq!(c.options.len(), 2);
    t.act(Action::Choose(1));
    assert_eq!(t.stack(), vec![Some(bell), Some(bell)]);
    assert_eq!(t.priority(), Some(One));
    let hand = t.zone(One, Zone::Hand).len();
    t.pass_both();
    t.pass_both();
    assert_eq!(t.damage(m2), 1000);
    assert_eq!(t.damage(m1), 0);
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);

    // No opposing unit: the targeted trigger is void and only the draw goes on the stack.
    let mut s = setup();
    let bell = s.hand(One, "二重の鐘");
    s.rich(One);
    let mut t = s.build();
    t.play(bell, Some("c1"), &[]);
    t.pass_both();
    assert!(t.game.choice().is_some());
    t.act(Action::Choose(1));
    assert!(t.game.choice().is_none());
    assert_eq!(t.stack().len(), 1);
    let voided = t
        .game
        .events()
        .iter()
        .filter(|e| matches!(e, Event::TriggerVoided { .. }))
        .count();
    assert_eq!(voided, 1);
}

// R17.7, A25: 速攻 units played enter released; put by an effect they do not.
#[test]
fn r17_7_haste_enters_released_when_played() {
    let mut s = setup();
    let scout = s.hand(One, "速攻の斥候");
    s.rich(One);
    let mut t = s.build();
    t.play(scout, Some("a1"), &[]);
    t.pass_both();
    assert!(!t.frozen(scout));
}

// Hot reload: replacing a definition changes behaviour for effects created afterwards.
#[test]
fn replaced_definition_applies_to_later_effects() {
    let mut s = setup();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let malt2 = s.unit(Two, "シングルモルト", "c3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let rifle2 = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut t = s.build();
    t.play(rifle, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    let id = t.db.find("プラズマ・ライフル").unwrap();
    let weaker = CardDef::strategy(
        "プラズマ・ライフル",
        Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
            if let Some(t) = r.target() {
                r.damage(t, 1000);
            }
            Ok(())
        }),
    )
    .timing(Timing::Quick);
    assert!(t.db.replace(id, weaker).is_some());
    t.game.refresh_abilities(&t.db);
    t.play(rifle2, None, &[malt2]);
    t.pass_both();
    assert_eq!(t.damage(malt2), 1000);
    assert_eq!(t.loc(malt2), Loc::Square(sq("c3")));
}

// R17.11, R5.8: card costs are chosen on activation, paid at once (removed), and listed among
// the legal actions; the square is chosen on resolution (A24).
#[test]
fn r17_11_covenant_card_costs() {
    let mut s = setup();
    let beast = s.hand(One, "盟約の獣");
    let cirno = s.unit(One, "チルノ", "a1");
    let chen = s.add(One, "橙", Loc::Graveyard);
    let chen2 = s.hand(One, "橙");
    s.energy(One, dzero_core::Colour::Red, 2);
    let mut t = s.build();
    let legal = t.game.completions(&t.db, 10_000);
    let listed: Vec<_> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Activate {
                card, cost_cards, ..
            } if *card == beast => Some(cost_cards.cards().collect::<Vec<_>>()),
            _ => None,
        })
        .collect();
    assert_eq!(listed.len(), 2, "one チルノ × two 橙: {listed:?}");
    assert!(listed.iter().all(|c| c[0] == cirno));
    let activate = |cost_cards: &[CardId]| Action::Activate {
        card: beast,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::of(cost_cards),
        x: 0,
        payment: Payment::Auto,
    };
    assert!(
        matches!(
            t.try_act(activate(&[chen, cirno])),
            Err(ActionError::Payment(_))
        ),
        "order matters"
    );
    assert!(matches!(
        t.try_act(activate(&[cirno])),
        Err(ActionError::Payment(_))
    ));
    t.act(activate(&[cirno, chen]));
    assert_eq!(t.loc(cirno), Loc::Remove);
    assert_eq!(t.loc(chen), Loc::Remove);
    assert_eq!(t.loc(chen2), Loc::Hand);
    t.pass_both();
    let c = t.game.choice().expect("square chosen on resolution");
    assert_eq!(c.options.len(), 3);
    t.act(Action::Choose(1));
    assert_eq!(t.loc(beast), Loc::Square(sq("b1")));
    assert!(t.frozen(beast));
}

// R17.3 with a condition in the card text: the ● can be activated only while it holds, and the
// legal actions say so.
#[test]
fn activated_ability_condition_limits_activation() {
    let mut db = db();
    let scout = db.add(
        CardDef::unit("中央の見張り", 2000, 1).ability(dzero_core::Activated {
            condition: Some(Box::new(|view: &Query<'_>, me: CardId, _uses: u32| {
                view.area(me) == Some(Area::Centre)
            })),
            ..dzero_core::Activated::new(Cost::FREE, Timing::Quick, |r: &mut Resolve<'_>| {
                let p = r.controller();
                r.draw(p, 1);
                Ok(())
            })
        }),
    );
    let name = db.get(scout).unwrap().name.clone();
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let own = s.unit(One, &name, "a1");
    let centre = s.unit(One, &name, "b2");
    let mut t = s.build();
    let activate = |card| Action::Activate {
        card,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    };
    assert!(matches!(
        t.try_act(activate(own)),
        Err(ActionError::Illegal(_))
    ));
    let legal = t.game.completions(&t.db, 10_000);
    assert!(legal.contains(&activate(centre)));
    assert!(!legal.contains(&activate(own)));
    t.act(activate(centre));
    assert_eq!(t.stack(), vec![Some(centre)]);
}

// R7.4 with 「…まで選び」: an "up to one" target may be left empty; a strategy needing up to one
// unit can be played with none, and a trigger offers "no target".
#[test]
fn up_to_targets_may_be_empty() {
    let mut db = db();
    let hit = |r: &mut Resolve<'_>| {
        if let Some(t) = r.target() {
            r.damage(t, 1000);
        }
        let p = r.controller();
        r.draw(p, 1);
        Ok(())
    };
    db.add(CardDef::strategy(
        "任意の一撃",
        Spell::targeting(TargetSpec::unit().up_to(), hit),
    ));
    db.add(CardDef::unit("任意の鐘", 2000, 1).ability(Triggered {
        target: Some(TargetSpec::unit().side(dzero_core::Side::Opponent).up_to()),
        ..Triggered::new(
            |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
            hit,
        )
    }));
    // No unit anywhere: the strategy is still playable, with no target, and does not fizzle.
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let strike = s.hand(One, "任意の一撃");
    let mut t = s.build();
    let hand = t.zone(One, Zone::Hand).len();
    t.play(strike, None, &[]);
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand, "played one, drew one");
    // The trigger offers "no target" beside the opponent's unit.
    let mut s = Setup::with_db(t.db, RuleSet::OFFICIAL);
    let bell = s.hand(One, "任意の鐘");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build();
    t.play(bell, Some("a1"), &[]);
    t.pass_both();
    let c = t.game.choice().expect("targets are chosen");
    assert_eq!(c.kind, ChoiceKind::TriggerTarget);
    assert_eq!(c.options.len(), 2);
    let none = c
        .options
        .iter()
        .position(|o| matches!(o, dzero_core::ChoiceOption::Cards(t) if t.is_empty()))
        .expect("a no-target option");
    t.act(Action::Choose(none as u16));
    assert_eq!(t.stack(), vec![Some(bell)]);
    t.pass_both();
    assert_eq!(t.damage(malt), 0);
}

// R7.4, R17.2: a ◆ with two targets offers every combination of two opposing units; each option
// names both of its cards, so no two options look alike, and the chosen pair is what the
// trigger holds when it resolves.
#[test]
fn r7_4_trigger_target_combinations_name_every_card() {
    use dzero_core::ChoiceOption;
    let mut s = setup();
    let bell = s.hand(One, "双撃の鐘");
    let malt = s.unit(Two, "シングルモルト", "a3");
    let cirno = s.unit(Two, "チルノ", "b3");
    let chen = s.unit(Two, "橙", "c3");
    s.rich(One);
    let mut t = s.build();
    t.play(bell, Some("c1"), &[]);
    t.pass_both();
    let c = t.game.choice().expect("the trigger's targets are chosen");
    assert_eq!((c.player, c.kind), (One, ChoiceKind::TriggerTarget));
    let pair = |a: CardId, b: CardId| ChoiceOption::Cards(Targets::of(&[a, b]));
    let mut options = c.options.clone();
    options.sort_by_key(|o| format!("{o:?}"));
    let mut want = vec![pair(malt, cirno), pair(malt, chen), pair(cirno, chen)];
    want.sort_by_key(|o| format!("{o:?}"));
    assert_eq!(options, want);
    let view = t.game.view(&t.db);
    let text = dzero_text::Text::new(&t.game, &t.db, dzero_text::Lang::En);
    let labels: Vec<String> = c.options.iter().map(|o| text.option(o)).collect();
    for (o, label) in c.options.iter().zip(&labels) {
        let ChoiceOption::Cards(cards) = o else {
            panic!("{o:?} is not a combination")
        };
        for card in cards.cards() {
            let name = format!("{}#{}", view.def(card).name, card.0);
            assert!(label.contains(&name), "{label:?} does not name {name}");
        }
    }
    let mut distinct = labels.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        labels.len(),
        "labels must differ: {labels:?}"
    );
    t.choose(pair(cirno, chen));
    t.pass_both();
    assert_eq!((t.damage(malt), t.damage(cirno)), (0, 1000));
    assert_eq!(t.loc(chen), Loc::Graveyard, "1000 damage ≥ 橙's 1000 power");
}
