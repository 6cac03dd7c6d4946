//! Timing and priority (R6): the R6.2 timing table cell by cell, normal timing (R6.3), priority
//! after stacking (R6.9), passes (R6.11, R6.13), moves and plan actions (R6.1), and that
//! `legal_actions` lists exactly actions that apply.

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, ActionError, Activated, BattleStep, CardDb, CardDef, CardId, Colour, Cost, Decision,
    Event, Game, Loc, Payment, Phase, Player, Resolve, RuleSet, Timing,
};
use dzero_sim::{PlayOptions, RandomPlayer, Watch, play_with};
use dzero_tests::{Setup, Table, sq};

/// "● [無1]《timing》 このカードのパワーを+1000する。" (invented)
fn drill(timing: Timing) -> Activated {
    Activated::new(Cost::colourless(1), timing, |r: &mut Resolve<'_>| {
        if let Some(me) = r.source() {
            r.boost(me, 1000);
        }
        Ok(())
    })
}

/// Ability indices of 訓練兵.
const BATTLE_ABILITY: u8 = 0;
const QUICK_ABILITY: u8 = 1;
const NORMAL_ABILITY: u8 = 2;

/// Fixture cards plus invented cards with ● abilities of every timing.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    db.add(
        CardDef::unit("訓練兵", 3000, 1)
            .colour(Colour::White)
            .move_cost(Cost::colourless(1))
            .ability(drill(Timing::Battle))
            .ability(drill(Timing::Quick))
            .ability(drill(Timing::Normal)),
    );
    // A unit with printed battle timing (R6.1: its move is still normal timing).
    db.add(
        CardDef::unit("戦場の騎士", 3000, 1)
            .colour(Colour::Red)
            .timing(Timing::Battle)
            .move_cost(Cost::colourless(1)),
    );
    db
}

/// The four columns of the R6.2 table, from the acting player's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    OwnTurn,
    OwnTurnBattle,
    OpponentTurn,
    OpponentTurnBattle,
}

impl Column {
    fn in_battle(self) -> bool {
        matches!(self, Column::OwnTurnBattle | Column::OpponentTurnBattle)
    }

    fn actor(self) -> Player {
        match self {
            Column::OwnTurn | Column::OwnTurnBattle => One,
            Column::OpponentTurn | Column::OpponentTurnBattle => Two,
        }
    }
}

/// One player's cards in the standard position.
#[derive(Clone, Copy)]
struct Kit {
    trainee: CardId,
    mover: CardId,
    soul: CardId,
    rifle: CardId,
    supply: CardId,
    cirno: CardId,
    shrine: CardId,
}

fn kit(s: &mut Setup, p: Player) -> Kit {
    let (home, mover_sq) = if p == One { ("a1", "c1") } else { ("a3", "c3") };
    let k = Kit {
        trainee: s.unit(p, "訓練兵", home),
        mover: s.unit(p, "シングルモルト", mover_sq),
        soul: s.hand(p, "ダイヤモンド・ソウル"),
        rifle: s.hand(p, "プラズマ・ライフル"),
        supply: s.hand(p, "補給"),
        cirno: s.hand(p, "チルノ"),
        shrine: s.hand(p, "白玉楼"),
    };
    s.rich(p);
    k
}

/// Player One is AP. Both players hold a strategy of each timing, a quick unit and a quick base,
/// and have a 訓練兵 and a movable unit in play; in battle columns a battle is in progress in
/// b2. The column's actor holds priority.
fn position(column: Column) -> (Table, [Kit; 2]) {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    let kits = [kit(&mut s, One), kit(&mut s, Two)];
    if column.in_battle() {
        s.unit(One, "ロマネ・コンティ", "b2");
        s.unit(Two, "ロマネ・コンティ", "b2");
    }
    let mut t = s.build();
    assert_eq!(t.in_battle(), column.in_battle());
    if column.actor() == Two {
        t.pass();
    }
    assert_eq!(t.priority(), Some(column.actor()));
    (t, kits)
}

fn play(card: CardId, targets: &[CardId]) -> Action {
    Table::play_action(card, None, targets)
}

fn activate(card: CardId, ability: u8) -> Action {
    Table::activate_action(card, ability)
}

fn create_plan() -> Action {
    Action::CreatePlan {
        payment: Payment::Auto,
    }
}

/// The actions of `timing` available to `p` in the standard position (R6.1).
fn actions_of(timing: Timing, p: Player, kits: &[Kit; 2]) -> Vec<Action> {
    let me = kits[p.index()];
    let foe = kits[p.opponent().index()];
    match timing {
        Timing::Battle => vec![
            play(me.soul, &[me.trainee]),
            activate(me.trainee, BATTLE_ABILITY),
        ],
        Timing::Quick => {
            let (row, base) = if p == One {
                ("b1", "P1-base1")
            } else {
                ("b3", "P2-base1")
            };
            vec![
                play(me.rifle, &[foe.mover]),
                activate(me.trainee, QUICK_ABILITY),
                Table::play_action(me.cirno, Some(row), &[]),
                Table::play_action(me.shrine, Some(base), &[]),
            ]
        }
        Timing::Normal => vec![
            play(me.supply, &[]),
            activate(me.trainee, NORMAL_ABILITY),
            Action::Move {
                unit: me.mover,
                to: sq("c2"),
                payment: Payment::Auto,
            },
            create_plan(),
        ],
    }
}

fn listed(g: &Game, db: &CardDb) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(db, &mut out);
    out
}

/// Applies `a` to a copy of the game: Ok must put exactly one item on the stack (R7.1).
fn try_on_copy(t: &Table, a: &Action) -> Result<(), ActionError> {
    let mut g = t.game.clone();
    let before = g.stack().len();
    let r = g.apply(&t.db, a.clone());
    if r.is_ok() {
        assert_eq!(g.stack().len(), before + 1, "{a:?} must go on the stack");
    }
    r
}

fn assert_allowed(t: &Table, a: &Action) {
    assert_eq!(try_on_copy(t, a), Ok(()), "{a:?} must be allowed");
    assert!(t.game.offers(&t.db, a), "{a:?} must be listed as legal");
}

fn assert_timing_refused(t: &Table, a: &Action) {
    let r = try_on_copy(t, a);
    assert!(
        matches!(r, Err(ActionError::Timing(_))),
        "{a:?} must be refused for timing, got {r:?}"
    );
    assert!(!t.game.offers(&t.db, a), "{a:?} must not be listed");
}

/// One cell of the R6.2 table: every action of `timing` succeeds or is refused with
/// [`ActionError::Timing`].
fn cell(column: Column, timing: Timing, allowed: bool) {
    let (t, kits) = position(column);
    for a in actions_of(timing, column.actor(), &kits) {
        if allowed {
            assert_allowed(&t, &a);
        } else {
            assert_timing_refused(&t, &a);
        }
    }
    if !allowed {
        // The actor does hold priority: a battle-timing action works here (R6.2 first row).
        assert_allowed(&t, &actions_of(Timing::Battle, column.actor(), &kits)[0]);
    }
}

// R6.2 battle timing: ✓ ✓ ✓ ✓ (R6.6: a battle-timing card also outside battle).
#[test]
fn battle_timing_own_main_no_battle() {
    cell(Column::OwnTurn, Timing::Battle, true);
}

#[test]
fn battle_timing_own_main_in_battle() {
    cell(Column::OwnTurnBattle, Timing::Battle, true);
}

#[test]
fn battle_timing_opponent_main_no_battle() {
    cell(Column::OpponentTurn, Timing::Battle, true);
}

#[test]
fn battle_timing_opponent_main_in_battle() {
    cell(Column::OpponentTurnBattle, Timing::Battle, true);
}

// R6.2 quick timing: ✓ ✗ ✓ ✗ (R6.5: only battle timing during a battle).
#[test]
fn quick_timing_own_main_no_battle() {
    cell(Column::OwnTurn, Timing::Quick, true);
}

#[test]
fn quick_timing_own_main_in_battle() {
    cell(Column::OwnTurnBattle, Timing::Quick, false);
}

#[test]
fn quick_timing_opponent_main_no_battle() {
    cell(Column::OpponentTurn, Timing::Quick, true);
}

#[test]
fn quick_timing_opponent_main_in_battle() {
    cell(Column::OpponentTurnBattle, Timing::Quick, false);
}

// R6.2 normal timing: ✓ (empty stack) ✗ ✗ ✗ (R6.3, A13: AP only).
#[test]
fn normal_timing_own_main_no_battle() {
    cell(Column::OwnTurn, Timing::Normal, true);
}

#[test]
fn normal_timing_own_main_in_battle() {
    cell(Column::OwnTurnBattle, Timing::Normal, false);
}

#[test]
fn normal_timing_opponent_main_no_battle() {
    cell(Column::OpponentTurn, Timing::Normal, false);
}

#[test]
fn normal_timing_opponent_main_in_battle() {
    cell(Column::OpponentTurnBattle, Timing::Normal, false);
}

// R6.3, A14: normal-timing actions need an empty stack and can never respond, even for AP.
#[test]
fn normal_timing_needs_empty_stack() {
    let (mut t, kits) = position(Column::OwnTurn);
    t.play(kits[0].rifle, None, &[kits[1].mover]);
    assert_eq!(t.priority(), Some(One));
    for a in actions_of(Timing::Normal, One, &kits) {
        assert_timing_refused(&t, &a);
    }
    // Quick actions may still respond (R6.4).
    assert_allowed(&t, &activate(kits[0].trainee, QUICK_ABILITY));
    // Nor can NAP respond with a normal action.
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert_timing_refused(&t, &play(kits[1].supply, &[]));
    t.pass();
    assert!(t.game.stack().is_empty());
    for a in actions_of(Timing::Normal, One, &kits) {
        assert_allowed(&t, &a);
    }
}

// R6.9, A1: AP receives priority whenever anything is put on the stack, by either player.
#[test]
fn ap_receives_priority_after_nap_stacks() {
    let (mut t, kits) = position(Column::OwnTurn);
    t.play(kits[0].soul, None, &[kits[0].trainee]);
    assert_eq!(t.priority(), Some(One), "AP keeps priority after acting");
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.play(kits[1].rifle, None, &[kits[0].mover]);
    assert_eq!(
        t.priority(),
        Some(One),
        "priority returns to AP after NAP acts"
    );
    assert_eq!(t.game.stack().last().map(|i| i.controller), Some(Two));
    t.pass();
    t.act(activate(kits[1].trainee, QUICK_ABILITY));
    assert_eq!(t.priority(), Some(One));
    assert_eq!(t.game.stack().len(), 3);
}

// R6.11, R6.12: two passes in succession resolve only the top item; AP then receives priority.
#[test]
fn two_passes_resolve_only_the_top_item() {
    let (mut t, kits) = position(Column::OwnTurn);
    let target = kits[1].mover;
    t.play(kits[0].rifle, None, &[target]);
    t.pass();
    t.play(kits[1].soul, None, &[target]);
    assert_eq!(t.stack(), vec![Some(kits[0].rifle), Some(kits[1].soul)]);
    t.pass_both();
    assert_eq!(t.stack(), vec![Some(kits[0].rifle)]);
    assert_eq!(t.power(target), 6000);
    assert_eq!(t.damage(target), 0);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert!(t.game.stack().is_empty());
    assert_eq!(t.damage(target), 3000);
    assert_eq!(t.loc(target), Loc::Square(sq("c3")));
}

// R6.11: the passes must be in succession; an action in between starts the count again.
#[test]
fn action_between_passes_resets_the_count() {
    let (mut t, kits) = position(Column::OwnTurn);
    t.pass();
    t.play(kits[1].rifle, None, &[kits[0].mover]);
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert_eq!(t.stack(), vec![Some(kits[1].rifle)]);
    assert_eq!(t.game.phase(), Phase::Main);
    t.pass();
    assert!(t.game.stack().is_empty());
    // 3000 damage destroys the 3000-power unit (RE4).
    assert_eq!(t.loc(kits[0].mover), Loc::Graveyard);
}

// R6.13: two passes on an empty stack outside battle end the main phase; one pass does not.
#[test]
fn two_passes_on_empty_stack_end_the_main_phase() {
    let mut s = Setup::new();
    s.unit(One, "シングルモルト", "b2");
    let mut t = s.build();
    t.pass();
    assert_eq!(t.game.phase(), Phase::Main);
    assert_eq!(t.priority(), Some(Two));
    t.pass();
    assert_eq!(t.game.phase(), Phase::Smash);
    assert_eq!(t.game.decision(), Decision::Smash(One));
}

/// The phase events of `events`, in order.
fn phase_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::PhaseBegan { .. } | Event::PhaseEnded { .. } | Event::TurnBegan { .. }
            )
        })
        .copied()
        .collect()
}

// R4.1: each phase of the turn ends before the next begins; the recovery phase ends before the
// next turn begins.
#[test]
fn phases_end_in_turn_order() {
    use Phase::*;
    let mut s = Setup::new();
    s.hand(Two, "シングルモルト");
    let mut t = s.build();
    t.pass_both();
    let began = |phase| Event::PhaseBegan { phase };
    let ended = |phase| Event::PhaseEnded { phase };
    // Nothing can smash, so the smash phase ends at once; P2's turn runs to its energy phase.
    assert_eq!(
        phase_events(t.game.events()),
        vec![
            ended(Main),
            began(Smash),
            ended(Smash),
            began(Recovery),
            ended(Recovery),
            Event::TurnBegan {
                player: Two,
                turn: 4
            },
            began(Release),
            ended(Release),
            began(Draw),
            ended(Draw),
            began(Energy),
        ]
    );
    assert_eq!(t.game.decision(), Decision::Energy(Two));
    t.act(Action::Energy(None));
    assert_eq!(
        phase_events(t.game.events()),
        vec![ended(Energy), began(Main)]
    );
}

// R6.13: during a battle two passes advance the battle instead (R11.8).
#[test]
fn two_passes_in_battle_do_not_end_the_main_phase() {
    let (mut t, _) = position(Column::OwnTurnBattle);
    assert_eq!(t.game.battle().map(|b| b.step), Some(BattleStep::First));
    t.pass_both();
    assert_eq!(t.game.phase(), Phase::Main);
    assert_eq!(t.game.battle().map(|b| b.step), Some(BattleStep::Second));
    assert_eq!(t.priority(), Some(One));
}

// R6.1: moving is normal timing even for a unit with printed battle timing.
#[test]
fn move_is_normal_timing_whatever_the_card() {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    let knight = s.unit(One, "戦場の騎士", "a1");
    let foe_knight = s.unit(Two, "戦場の騎士", "a3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.unit(One, "ロマネ・コンティ", "b2");
    s.unit(Two, "ロマネ・コンティ", "b2");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    let mv = |unit, to| Action::Move {
        unit,
        to: sq(to),
        payment: Payment::Auto,
    };
    // In battle.
    assert!(t.in_battle());
    assert_timing_refused(&t, &mv(knight, "a2"));
    t.pass();
    assert_timing_refused(&t, &mv(foe_knight, "a2"));
    // After the battle: with a non-empty stack, and for NAP.
    while t.in_battle() {
        t.pass();
    }
    t.play(rifle, None, &[foe_knight]);
    assert_timing_refused(&t, &mv(knight, "a2"));
    t.pass_both();
    assert_allowed(&t, &mv(knight, "a2"));
    t.pass();
    assert_timing_refused(&t, &mv(foe_knight, "a2"));
}

// R6.1, R9.6: plan actions are normal timing whatever the card; a battle-timing plan card cannot
// be played in battle, in response, or by NAP, though the same card from hand can.
#[test]
fn plan_actions_are_normal_timing_whatever_the_card() {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    for p in [One, Two] {
        s.deck(p, "チルノ", 5);
        s.add(p, "ダイヤモンド・ソウル", Loc::Deck);
        s.plan(p);
        s.rich(p);
    }
    let target = s.unit(One, "シングルモルト", "a1");
    s.unit(One, "ロマネ・コンティ", "b2");
    s.unit(Two, "ロマネ・コンティ", "b2");
    let soul_in_hand = s.hand(One, "ダイヤモンド・ソウル");
    let mut t = s.build();
    let plan = |t: &Table, p| t.game.plan_card(p).expect("plan zone");
    let update = Action::UpdatePlan {
        payment: Payment::Auto,
    };
    assert!(t.in_battle());
    assert_timing_refused(&t, &play(plan(&t, One), &[target]));
    assert_timing_refused(&t, &update);
    assert_allowed(&t, &play(soul_in_hand, &[target]));
    while t.in_battle() {
        t.pass();
    }
    // In response to an item on the stack.
    t.play(soul_in_hand, None, &[target]);
    assert_timing_refused(&t, &play(plan(&t, One), &[target]));
    assert_timing_refused(&t, &update);
    t.pass();
    // NAP's own plan card in AP's turn.
    assert_timing_refused(&t, &play(plan(&t, Two), &[target]));
    assert_timing_refused(&t, &update);
    t.pass();
    assert!(t.game.stack().is_empty());
    assert_allowed(&t, &play(plan(&t, One), &[target]));
    assert_allowed(&t, &update);
}

/// Every listed action applies without error to a copy of the game, and every listed
/// announcement can be completed: each piece's first option (X its largest, paid
/// automatically) is accepted until it is declared (docs/design.md §7).
fn assert_listed_actions_apply(g: &Game, db: &CardDb) -> usize {
    let actions = listed(g, db);
    for a in &actions {
        let mut copy = g.clone();
        if let Err(e) = copy.apply(db, a.clone()) {
            panic!(
                "listed action {a:?} refused: {e} (decision {:?})",
                g.decision()
            );
        }
        while copy.announcement().is_some() {
            let picks = listed(&copy, db);
            let auto = Action::Pick(dzero_core::Pick::PayAuto);
            let pick = match copy.decision() {
                Decision::Pick(_, dzero_core::Step::Payment) if picks.contains(&auto) => auto,
                Decision::Pick(_, dzero_core::Step::X) => picks[picks.len() - 2].clone(),
                _ => picks[0].clone(),
            };
            assert_ne!(
                pick,
                Action::Pick(dzero_core::Pick::Cancel),
                "{a:?} offered nothing but cancel at {:?}",
                copy.decision()
            );
            if let Err(e) = copy.apply(db, pick.clone()) {
                panic!("announced {a:?}, then {pick:?} refused: {e}");
            }
        }
    }
    actions.len()
}

/// Checks every listed action before each step of a play-out.
struct ListedActionsApply<'a>(&'a CardDb);

impl Watch for ListedActionsApply<'_> {
    fn before(&mut self, game: &Game, _seat: Player, _action: &Action) {
        assert_listed_actions_apply(game, self.0);
    }
}

// `legal_actions` never lists a refused action, in each R6.2 column and with a stack.
#[test]
fn legal_actions_apply_in_every_column() {
    for column in [
        Column::OwnTurn,
        Column::OwnTurnBattle,
        Column::OpponentTurn,
        Column::OpponentTurnBattle,
    ] {
        let (mut t, kits) = position(column);
        assert!(assert_listed_actions_apply(&t.game, &t.db) > 1);
        t.act(play(kits[column.actor().index()].soul, &[kits[0].trainee]));
        assert!(assert_listed_actions_apply(&t.game, &t.db) > 1);
    }
}

// `legal_actions` never lists a refused action, along random games with real 40-card decks.
#[test]
fn legal_actions_apply_along_random_games() {
    let db = dzero_fixtures::card_db();
    let decks = [
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    ];
    for seed in 0..16u64 {
        let g = Game::new(&db, RuleSet::OFFICIAL, [&decks[0], &decks[1]], seed)
            .expect("fixture decks are legal");
        let mut player = RandomPlayer::new(seed + 100);
        player.pass_bias = 0.1;
        let opts = PlayOptions {
            conservation: false,
            stop_after: Some(400),
            ..PlayOptions::default()
        };
        let mut check = ListedActionsApply(&db);
        play_with(&db, g, &mut player, opts, &mut check)
            .unwrap_or_else(|e| panic!("seed {seed}: a chosen legal action applies: {e}"));
    }
}
