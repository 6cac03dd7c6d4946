//! Every refusal and failed effect is worded in both languages (deck problems: cardpool's
//! `tests/deck_text.rs`): not empty,
//! different in each, ending with its rule IDs and naming the cards and squares involved. The
//! exhaustive matches below fail to compile when a variant is added without a sample.

use dzero_core::Player::{One, Two};
use dzero_core::{
    ActionError, Ask, CardDb, CardId, ChoiceOption, Decision, FailedEffect, Failure, Game, Pick,
    Question, Refusal, Square, Step, Target,
};
use dzero_text::{Lang, Text};

fn game() -> (CardDb, Game) {
    dzero_fixtures::demo_game(7)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The position of `r`'s variant, and the cards and squares it names; exhaustive.
fn refusal_parts(r: &Refusal) -> (usize, Vec<CardId>, Vec<Square>) {
    use Refusal::*;
    let none = |i| (i, Vec::new(), Vec::new());
    let card = |i, c| (i, vec![c], Vec::new());
    match *r {
        QuickInBattle => none(0),
        NormalOutsideMain => none(1),
        NormalNotActive => none(2),
        NormalInBattle => none(3),
        NormalStackNotEmpty => none(4),
        NoSuchOption { .. } => none(5),
        NothingAnnounced => none(6),
        NotADeclaration => none(7),
        PieceMissing { .. } => none(8),
        NoSquare => none(9),
        TooFewTargets => none(10),
        PickNotOffered { pick, .. } => match pick {
            Pick::Square(s) | Pick::Target(Target::Square(s)) => (11, Vec::new(), vec![s]),
            Pick::Target(Target::Card(c)) | Pick::CostCard(c) | Pick::PayCard(c) => card(11, c),
            _ => none(11),
        },
        SquareMissing => none(12),
        NotAPlay => none(13),
        NotYourCard { card: c } => card(14, c),
        NotAPlayMethod { card: c, .. } => card(15, c),
        MethodWrongZone { card: c } => card(16, c),
        MethodConditionUnmet { card: c } => card(17, c),
        NotFromHandOrPlan { card: c } => card(18, c),
        PaysWithItself { card: c } => card(19, c),
        StaysInCommandZone { card: c } => card(20, c),
        UnitNeedsSquare { card: c } => card(21, c),
        UnitOutsideBattleSpace { card: c, square } => (22, vec![c], vec![square]),
        UnitOutsideOwnOrCentre { card: c, square } => (23, vec![c], vec![square]),
        UnitSquareTaken { square } => (24, Vec::new(), vec![square]),
        UnitTakesNoTargets { card: c } => card(25, c),
        BaseNeedsSquare { card: c } => card(26, c),
        BaseOutsideBaseSpace { card: c, square } => (27, vec![c], vec![square]),
        BaseSquareTaken { square } => (28, Vec::new(), vec![square]),
        BaseTakesNoTargets { card: c } => card(29, c),
        StrategyTakesNoSquare { card: c } => card(30, c),
        IllegalTargets { card: c } => card(31, c),
        PlayForbidden { card: c } => card(32, c),
        NotAnActivation => none(33),
        NotController { card: c } => card(34, c),
        NoSuchAbility { card: c, .. } => card(35, c),
        AbilityWrongZone { card: c } => card(36, c),
        AbilityConditionUnmet { card: c } => card(37, c),
        MoverOutsideBattleSpace { unit } => card(38, unit),
        MoveNotAdjacent { unit, to } => (39, vec![unit], vec![to]),
        MoveSquareTaken { unit, to } => (40, vec![unit], vec![to]),
        MoveForbidden { unit } => card(41, unit),
        MoverNotYours { unit } => card(42, unit),
        MoverFrozen { unit } => card(43, unit),
        NoMoveCost { unit } => card(44, unit),
        SmasherOutsideBattleSpace { unit } => card(45, unit),
        SmasherNotYours { unit } => card(46, unit),
        SmasherInOwnArea { unit } => card(47, unit),
        SmasherFrozen { unit } => card(48, unit),
        SmashForbidden { unit } => card(49, unit),
        EnergyNotFromHand { card: c } => card(50, c),
        PlanExists => none(51),
        DeckEmpty => none(52),
        NoPlan => none(53),
        NoDimensionDie => none(54),
        CannotPay => none(55),
        NotEnoughEnergy => none(56),
        PaymentCount { .. } => none(57),
        PayerTwice { card: c } => card(58, c),
        NotAPayer { card: c } => card(59, c),
        WrongColours => none(60),
        XWithoutX { .. } => none(61),
        NothingToFreeze => none(62),
        FreezeCostUnpayable { card: c } => card(63, c),
        NothingToDiscard => none(64),
        DiscardCostUnpayable { card: c } => card(65, c),
        CostCardCount { .. } => none(66),
        OwnCostUnpayable { card: c } => card(67, c),
        CostCardUnqualified { card: c } => card(68, c),
        PaysTwoCosts { card: c } => card(69, c),
    }
}

const REFUSALS: usize = 70;

fn refusals() -> Vec<Refusal> {
    use Refusal::*;
    let (a, b) = (CardId(0), CardId(1));
    let (s, base) = (sq("b2"), sq("P1-base2"));
    vec![
        QuickInBattle,
        NormalOutsideMain,
        NormalNotActive,
        NormalInBattle,
        NormalStackNotEmpty,
        NoSuchOption { index: 4 },
        NothingAnnounced,
        NotADeclaration,
        PieceMissing { step: Step::Target },
        NoSquare,
        TooFewTargets,
        PickNotOffered {
            step: Step::Square,
            pick: Pick::Square(s),
        },
        PickNotOffered {
            step: Step::Target,
            pick: Pick::Target(Target::Card(b)),
        },
        PickNotOffered {
            step: Step::X,
            pick: Pick::X(3),
        },
        PickNotOffered {
            step: Step::CostCard,
            pick: Pick::CostCard(a),
        },
        PickNotOffered {
            step: Step::Payment,
            pick: Pick::PayCard(b),
        },
        SquareMissing,
        NotAPlay,
        NotYourCard { card: a },
        NotAPlayMethod { card: a, method: 1 },
        MethodWrongZone { card: a },
        MethodConditionUnmet { card: a },
        NotFromHandOrPlan { card: a },
        PaysWithItself { card: a },
        StaysInCommandZone { card: a },
        UnitNeedsSquare { card: a },
        UnitOutsideBattleSpace {
            card: a,
            square: base,
        },
        UnitOutsideOwnOrCentre { card: a, square: s },
        UnitSquareTaken { square: s },
        UnitTakesNoTargets { card: a },
        BaseNeedsSquare { card: b },
        BaseOutsideBaseSpace {
            card: b,
            square: base,
        },
        BaseSquareTaken { square: base },
        BaseTakesNoTargets { card: b },
        StrategyTakesNoSquare { card: b },
        IllegalTargets { card: b },
        PlayForbidden { card: b },
        NotAnActivation,
        NotController { card: a },
        NoSuchAbility {
            card: a,
            ability: 2,
        },
        AbilityWrongZone { card: a },
        AbilityConditionUnmet { card: a },
        MoverOutsideBattleSpace { unit: a },
        MoveNotAdjacent { unit: a, to: s },
        MoveSquareTaken { unit: a, to: s },
        MoveForbidden { unit: a },
        MoverNotYours { unit: a },
        MoverFrozen { unit: a },
        NoMoveCost { unit: a },
        SmasherOutsideBattleSpace { unit: b },
        SmasherNotYours { unit: b },
        SmasherInOwnArea { unit: b },
        SmasherFrozen { unit: b },
        SmashForbidden { unit: b },
        EnergyNotFromHand { card: a },
        PlanExists,
        DeckEmpty,
        NoPlan,
        NoDimensionDie,
        CannotPay,
        NotEnoughEnergy,
        PaymentCount { need: 3, given: 2 },
        PayerTwice { card: b },
        NotAPayer { card: b },
        WrongColours,
        XWithoutX { x: 2 },
        NothingToFreeze,
        FreezeCostUnpayable { card: a },
        NothingToDiscard,
        DiscardCostUnpayable { card: a },
        CostCardCount { need: 2, given: 1 },
        OwnCostUnpayable { card: a },
        CostCardUnqualified { card: b },
        PaysTwoCosts { card: b },
    ]
}

/// The position of `f`'s variant; exhaustive.
fn failure_variant(f: &Failure) -> usize {
    match f {
        Failure::Message(_) => 0,
        Failure::AnswerNotOffered { .. } => 1,
        Failure::ReplacementAnswerNotOffered { .. } => 2,
        Failure::NotDeckTop { .. } => 3,
        Failure::ActivatedReloaded => 4,
        Failure::TriggeredReloaded => 5,
        Failure::TriggerReloaded => 6,
        Failure::SpellReloaded => 7,
        Failure::NoEffectBody => 8,
        Failure::SuspendedWithoutQuestion => 9,
        Failure::EndlessLoop { .. } => 10,
    }
}

fn failures() -> Vec<Failure> {
    vec![
        Failure::Message("boom".into()),
        Failure::AnswerNotOffered {
            ask: Box::new(Ask::Discard),
            answer: Box::new(ChoiceOption::Card(CardId(1))),
        },
        Failure::ReplacementAnswerNotOffered {
            question: Box::new(Question::ReplacementOrder {
                card: CardId(1),
                to: dzero_core::Loc::Graveyard,
            }),
        },
        Failure::NotDeckTop { player: Two },
        Failure::ActivatedReloaded,
        Failure::TriggeredReloaded,
        Failure::TriggerReloaded,
        Failure::SpellReloaded,
        Failure::NoEffectBody,
        Failure::SuspendedWithoutQuestion,
        Failure::EndlessLoop { rounds: 10_000 },
    ]
}

/// The position of `e`'s variant; exhaustive.
fn error_variant(e: &ActionError) -> usize {
    match e {
        ActionError::GameOver => 0,
        ActionError::WrongDecision(_) => 1,
        ActionError::NoSuchCard(_) => 2,
        ActionError::Timing(_) => 3,
        ActionError::Payment(_) => 4,
        ActionError::Target(_) => 5,
        ActionError::Square(_) => 6,
        ActionError::Illegal(_) => 7,
        ActionError::EffectFailed(_) => 8,
    }
}

fn action_errors() -> Vec<ActionError> {
    vec![
        ActionError::GameOver,
        ActionError::WrongDecision(Decision::Energy(One)),
        ActionError::NoSuchCard(CardId(999)),
        ActionError::Timing(Refusal::NormalInBattle),
        ActionError::Payment(Refusal::NotEnoughEnergy),
        ActionError::Target(Refusal::IllegalTargets { card: CardId(1) }),
        ActionError::Square(Refusal::UnitSquareTaken { square: sq("a1") }),
        ActionError::Illegal(Refusal::MoveForbidden { unit: CardId(0) }),
        ActionError::EffectFailed(Box::new(FailedEffect {
            card: Some(CardId(0)),
            failure: Failure::NoEffectBody,
        })),
    ]
}

/// Whether `text` ends with `rules` as the language writes them.
fn ends_with_rules(text: &str, lang: Lang, rules: &[&str]) -> bool {
    text.ends_with(&lang.cite(rules))
}

#[test]
fn every_refusal_names_its_cards_squares_and_rules_in_both_languages() {
    let (db, g) = game();
    let samples = refusals();
    dzero_fixtures::covers(&samples, |r| refusal_parts(r).0, REFUSALS);
    let (en, ja) = (Text::new(&g, &db, Lang::En), Text::new(&g, &db, Lang::Ja));
    for r in &samples {
        let (_, cards, squares) = refusal_parts(r);
        let (e, j) = (en.refusal(r), ja.refusal(r));
        assert!(!e.is_empty() && !j.is_empty(), "{r:?}");
        assert_ne!(e, j, "{r:?}");
        for (t, lang, text) in [(&e, Lang::En, &en), (&j, Lang::Ja, &ja)] {
            assert!(ends_with_rules(t, lang, r.rules()), "{lang:?} {r:?}: {t}");
            for c in &cards {
                assert!(
                    t.contains(&text.card(*c)),
                    "{lang:?} {r:?} names {c:?}: {t}"
                );
            }
            for s in &squares {
                assert!(t.contains(&s.to_string()), "{lang:?} {r:?} names {s}: {t}");
            }
        }
    }
}

#[test]
fn every_action_error_and_failed_effect_is_worded_in_both_languages() {
    let (db, g) = game();
    let (en, ja) = (Text::new(&g, &db, Lang::En), Text::new(&g, &db, Lang::Ja));
    let errors = action_errors();
    dzero_fixtures::covers(&errors, error_variant, 9);
    for e in &errors {
        let (te, tj) = (en.action_error(e), ja.action_error(e));
        assert!(!te.is_empty() && !tj.is_empty(), "{e:?}");
        assert_ne!(te, tj, "{e:?}");
        if let Some(r) = e.refusal() {
            assert!(te.ends_with(&en.refusal(r)), "{te}");
            assert!(tj.ends_with(&ja.refusal(r)), "{tj}");
        }
    }
    let failures = failures();
    dzero_fixtures::covers(&failures, failure_variant, 11);
    let name = &g.view(&db).def(CardId(0)).name;
    for f in failures {
        let (fe, fj) = (en.failure(&f), ja.failure(&f));
        assert!(!fe.is_empty() && !fj.is_empty(), "{f:?}");
        // A card's own message is its text in every language.
        if !matches!(f, Failure::Message(_)) {
            assert_ne!(fe, fj, "{f:?}");
        }
        let failed = FailedEffect {
            card: Some(CardId(0)),
            failure: f,
        };
        for (text, why) in [(&en, fe), (&ja, fj)] {
            let t = text.failed_effect(&failed);
            assert!(t.starts_with(name.as_str()) && t.ends_with(&why), "{t}");
        }
    }
}

// The English keeps the sentences scenario files and front ends match (`reason = "…"`).
#[test]
fn pinned_english() {
    let (db, g) = game();
    let en = Text::new(&g, &db, Lang::En);
    let a = en.card(CardId(0));
    assert_eq!(
        en.action_error(&ActionError::Payment(Refusal::NotEnoughEnergy)),
        "cannot pay: not enough released energy of the right colours (R5.2, R5.3)"
    );
    assert_eq!(
        en.action_error(&ActionError::Timing(Refusal::NormalStackNotEmpty)),
        "not allowed at this timing: normal-timing actions need an empty stack (R6.3)"
    );
    assert_eq!(
        en.refusal(&Refusal::MoveForbidden { unit: CardId(0) }),
        format!("{a}: a card effect forbids this unit to move")
    );
    assert_eq!(
        en.refusal(&Refusal::UnitSquareTaken { square: sq("b2") }),
        "that square (b2) already holds your unit (R8.2)"
    );
    let ja = Text::new(&g, &db, Lang::Ja);
    assert_eq!(
        ja.refusal(&Refusal::NoPlan),
        "更新するプランゾーンがない（R9.3）"
    );
}
