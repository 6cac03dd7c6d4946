//! Every event, question and choice kind renders in both languages; a few lines are pinned.

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, Arrival, Ask, BattleStep, CardDb, CardId, ChoiceKind, ChoiceOption, DieFace, Event,
    Game, GameResult, ItemId, ItemTag, Loc, Phase, Pos, Question, Square, Target, Targets,
};
use dzero_text::{Lang, Text};

fn game() -> (CardDb, Game) {
    dzero_fixtures::demo_game(7)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The position of `e`'s variant; exhaustive, so a new variant fails to compile here.
fn event_variant(e: &Event) -> usize {
    match e {
        Event::TurnBegan { .. } => 0,
        Event::PhaseBegan { .. } => 1,
        Event::PhaseEnded { .. } => 2,
        Event::TurnEnding { .. } => 3,
        Event::Mulligan { .. } => 4,
        Event::Drew { .. } => 5,
        Event::Moved { .. } => 6,
        Event::Placed { .. } => 7,
        Event::Destroyed { .. } => 8,
        Event::Damaged { .. } => 9,
        Event::Frozen { .. } => 10,
        Event::Released { .. } => 11,
        Event::Stacked { .. } => 12,
        Event::Resolved { .. } => 13,
        Event::Targeted { .. } => 14,
        Event::Countered { .. } => 15,
        Event::Passed { .. } => 16,
        Event::BattleBegan { .. } => 17,
        Event::BattleStepBegan { .. } => 18,
        Event::BattleEnded { .. } => 19,
        Event::Smashed { .. } => 20,
        Event::PlanOpened { .. } => 21,
        Event::PlanClosed { .. } => 22,
        Event::Shuffled { .. } => 23,
        Event::Triggered { .. } => 24,
        Event::TriggerVoided { .. } => 25,
        Event::EffectFailed { .. } => 26,
        Event::GameOver { .. } => 27,
        Event::Rolled { .. } => 28,
        Event::Revealed { .. } => 29,
        Event::Bottomed { .. } => 30,
        Event::TokenMoved { .. } => 31,
        Event::HandShown { .. } => 32,
    }
}

fn events() -> Vec<Event> {
    let (a, b) = (CardId(0), CardId(1));
    vec![
        Event::TurnBegan {
            player: One,
            turn: 3,
        },
        Event::PhaseBegan { phase: Phase::Main },
        Event::PhaseEnded {
            phase: Phase::Smash,
        },
        Event::TurnEnding {
            player: Two,
            turn: 4,
        },
        Event::Mulligan { player: Two },
        Event::Drew {
            player: One,
            card: a,
        },
        Event::Moved {
            card: a,
            from: Loc::Hand,
            to: Loc::Square(sq("a1")),
            arrival: Arrival::default(),
        },
        Event::Placed {
            card: a,
            square: sq("a1"),
            played: true,
            arrival: Arrival::default(),
        },
        Event::Destroyed {
            card: b,
            square: sq("b2"),
        },
        Event::Damaged {
            card: b,
            amount: 2000,
            source: Some(a),
        },
        Event::Frozen { card: a },
        Event::Released { card: a },
        Event::Stacked {
            player: One,
            tag: ItemTag::Play,
            card: Some(a),
        },
        Event::Resolved {
            tag: ItemTag::Triggered,
            card: None,
            fizzled: true,
        },
        Event::Targeted {
            target: Target::Card(b),
            tag: ItemTag::Activated,
            by: Some(a),
            player: One,
        },
        Event::Countered {
            tag: ItemTag::Play,
            card: Some(b),
            by: Some(a),
        },
        Event::Passed { player: Two },
        Event::BattleBegan {
            square: sq("b2"),
            attacker: a,
            defender: b,
        },
        Event::BattleStepBegan {
            step: BattleStep::First,
        },
        Event::BattleEnded {
            square: sq("b2"),
            winner: None,
        },
        Event::Smashed {
            unit: a,
            victim: Two,
            cards: 2,
        },
        Event::PlanOpened {
            player: One,
            card: a,
        },
        Event::PlanClosed {
            player: One,
            card: a,
        },
        Event::Shuffled { player: Two },
        Event::Triggered { card: a },
        Event::TriggerVoided { card: a },
        Event::EffectFailed {
            card: Some(a),
            error: 0,
        },
        Event::GameOver {
            result: GameResult::Win(One),
        },
        Event::Rolled {
            player: One,
            face: DieFace::C,
        },
        Event::Revealed {
            card: a,
            at: Some(Pos { row: -1, col: 0 }),
            setup: false,
        },
        Event::Bottomed { card: b },
        Event::TokenMoved {
            from: Pos::CENTRE,
            to: Pos { row: 0, col: 1 },
        },
    ]
}

/// The position of `q`'s variant; exhaustive.
fn question_variant(q: &Question) -> usize {
    match q {
        Question::Effect { .. } => 0,
        Question::TriggerOrder => 1,
        Question::TriggerTarget { .. } => 2,
        Question::BattleOrder => 3,
        Question::ZoneOrder { .. } => 4,
        Question::ReplacementApplies { .. } => 5,
        Question::ReplacementOrder { .. } => 6,
    }
}

/// The position of `a`'s variant; exhaustive.
fn ask_variant(a: &Ask) -> usize {
    match a {
        Ask::Text(_) => 0,
        Ask::MayDo => 1,
        Ask::CardOfHand => 2,
        Ask::Discard => 3,
        Ask::SearchDeck => 4,
        Ask::SquareToPut => 5,
        Ask::SquareToMove => 6,
        Ask::TokenDestination => 7,
        Ask::BottomFirst => 8,
        Ask::FillFirst => 9,
        Ask::Targets => 10,
        Ask::CardToPut => 11,
    }
}

fn asks() -> Vec<Ask> {
    vec![
        Ask::Text("find Cirno".into()),
        Ask::MayDo,
        Ask::CardOfHand,
        Ask::Discard,
        Ask::SearchDeck,
        Ask::SquareToPut,
        Ask::SquareToMove,
        Ask::TokenDestination,
        Ask::BottomFirst,
        Ask::FillFirst,
        Ask::CardToPut,
        Ask::Targets,
    ]
}

fn questions() -> Vec<Question> {
    let (a, b) = (CardId(0), CardId(1));
    let mut qs: Vec<Question> = asks()
        .into_iter()
        .map(|ask| Question::Effect {
            card: Some(a),
            ability: Some(0),
            ask,
        })
        .collect();
    qs.extend([
        Question::TriggerOrder,
        Question::TriggerTarget {
            card: a,
            ability: 1,
        },
        Question::BattleOrder,
        Question::ZoneOrder {
            zone: Loc::Graveyard,
        },
        Question::ReplacementApplies {
            by: a,
            card: b,
            instead: Loc::Hand,
            to: Loc::Graveyard,
            text: String::new(),
        },
        Question::ReplacementOrder {
            card: b,
            to: Loc::Graveyard,
        },
    ]);
    qs
}

const KINDS: [ChoiceKind; 6] = [
    ChoiceKind::Effect,
    ChoiceKind::TriggerOrder,
    ChoiceKind::TriggerTarget,
    ChoiceKind::BattleOrder,
    ChoiceKind::ZoneOrder,
    ChoiceKind::Replacement,
];

/// The position of `k`'s variant; exhaustive.
fn kind_variant(k: ChoiceKind) -> usize {
    match k {
        ChoiceKind::Effect => 0,
        ChoiceKind::TriggerOrder => 1,
        ChoiceKind::TriggerTarget => 2,
        ChoiceKind::BattleOrder => 3,
        ChoiceKind::ZoneOrder => 4,
        ChoiceKind::Replacement => 5,
    }
}

#[test]
fn every_event_question_and_kind_renders_in_both_languages() {
    let (db, g) = game();
    let events = events();
    dzero_fixtures::covers(&events, event_variant, 32);
    let questions = questions();
    dzero_fixtures::covers(&questions, question_variant, 7);
    dzero_fixtures::covers(&asks(), ask_variant, 12);
    dzero_fixtures::covers(&KINDS, |k| kind_variant(*k), 6);
    for lang in [Lang::En, Lang::Ja] {
        let t = Text::new(&g, &db, lang);
        for e in &events {
            assert!(!t.event(e).is_empty(), "{lang:?} {e:?}");
        }
        for q in &questions {
            assert!(!t.question(q).is_empty(), "{lang:?} {q:?}");
        }
        for k in KINDS {
            assert!(!t.kind(k).is_empty(), "{lang:?} {k:?}");
        }
    }
    // The two languages differ wherever words are used.
    let (en, ja) = (Text::new(&g, &db, Lang::En), Text::new(&g, &db, Lang::Ja));
    for e in &events {
        assert_ne!(en.event(e), ja.event(e), "{e:?}");
    }
    for q in questions.iter().skip(1) {
        assert_ne!(en.question(q), ja.question(q), "{q:?}");
    }
}

#[test]
fn pinned_lines() {
    let (db, g) = game();
    let a = CardId(0);
    let name = format!("{}#0", g.view(&db).def(a).name);
    let (en, ja) = (Text::new(&g, &db, Lang::En), Text::new(&g, &db, Lang::Ja));
    let drew = Event::Drew {
        player: One,
        card: a,
    };
    assert_eq!(en.event(&drew), format!("P1 draws {name}"));
    assert_eq!(ja.event(&drew), format!("P1が{name}を引いた"));
    let turn = Event::TurnBegan {
        player: Two,
        turn: 2,
    };
    assert_eq!(en.event(&turn), "— turn 2: P2 —");
    assert_eq!(ja.event(&turn), "— 第2ターン：P2 —");
    assert_eq!(
        en.question(&Question::BattleOrder),
        "Several squares are contested: choose where the battle begins first (A19)"
    );
    let may = Question::Effect {
        card: None,
        ability: None,
        ask: Ask::MayDo,
    };
    assert_eq!(en.question(&may), "you may: do it?");
    assert_eq!(ja.question(&may), "実行しますか？");
    assert_eq!(en.option(&ChoiceOption::Label("yes".into())), "yes");
    assert_eq!(ja.option(&ChoiceOption::Label("yes".into())), "はい");
    assert_eq!(
        en.option(&ChoiceOption::Cards(Targets::list(&[
            Target::Square(sq("b2")),
            Target::Player(Two)
        ]))),
        "square b2 + P2"
    );
    assert_eq!(ja.target(Target::Square(sq("b2"))), "スクエアb2");
    assert_eq!(en.action(&Action::Pass), "pass");
    assert_eq!(ja.action(&Action::Choose(0)), "選択肢1を選ぶ");
    assert_eq!(
        en.action(&Action::Smash(Some(a))),
        format!("smash with {name}")
    );
    assert_eq!(en.target(Target::Item(ItemId(99))), "stack item #99");
    // A card given by place names no card.
    let hidden = CardId::at_place(Two, Loc::Smash, 2).unwrap();
    assert_eq!(en.card(hidden), "face-down card 3 of P2's smash zone");
    assert_eq!(
        ja.card(hidden),
        "P2のスマッシュゾーンの3枚目の裏向きのカード"
    );
    assert_eq!(en.loc(Loc::Remove), "remove zone");
    assert_eq!(ja.loc(Loc::Remove), "リムーブゾーン");
}
