//! The plan zone (R9), costs and their payment (R5, R18.3), game end by deck-out and
//! simultaneous losses (RE2, R15), and setup (R2, R3, R18.4).

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, ActionError, Activated, Builder, CardDb, CardDef, CardId, Colour, Cost, Decision,
    DefId, Dest, Event, Game, GameResult, ItemTag, Loc, Payment, Phase, Player, Resolve, RuleSet,
    SetupError, Spell, Targets, Timing, Zone, check_deck,
};
use dzero_sim::{PlayOptions, RandomPlayer, play_with};
use dzero_tests::{Setup, Table, sq};

/// A free quick strategy with the effect `f` (invented test cards).
fn spell(name: &str, f: fn(&mut Resolve<'_>)) -> CardDef {
    CardDef::strategy(
        name,
        Spell::new(move |r: &mut Resolve<'_>| {
            f(r);
            Ok(())
        }),
    )
}

/// A free-effect strategy whose only point is its cost (R18.3 brute-force check).
struct Probe {
    name: &'static str,
    coloured: &'static [(Colour, u8)],
    colourless: u8,
}

const PROBES: [Probe; 6] = [
    Probe {
        name: "試験・赤白",
        coloured: &[(Colour::Red, 1), (Colour::White, 1)],
        colourless: 0,
    },
    Probe {
        name: "試験・赤白無",
        coloured: &[(Colour::Red, 1), (Colour::White, 1)],
        colourless: 1,
    },
    Probe {
        name: "試験・白白",
        coloured: &[(Colour::White, 2)],
        colourless: 0,
    },
    Probe {
        name: "試験・赤青",
        coloured: &[(Colour::Red, 1), (Colour::Blue, 1)],
        colourless: 0,
    },
    Probe {
        name: "試験・白青無",
        coloured: &[(Colour::White, 1), (Colour::Blue, 1)],
        colourless: 1,
    },
    Probe {
        name: "試験・無無",
        coloured: &[],
        colourless: 2,
    },
];

impl Probe {
    fn cost(&self) -> Cost {
        self.coloured
            .iter()
            .fold(Cost::colourless(self.colourless), |c, &(col, n)| {
                c.and(col, n)
            })
    }

    /// Coloured points needed, per colour index.
    fn need(&self) -> [u8; 5] {
        let mut need = [0u8; 5];
        for &(c, n) in self.coloured {
            need[c.index()] += n;
        }
        need
    }
}

/// "● [廃棄]《クイック》 このカードが最後にあったスクエアと同じラインの相手のユニット全てに
/// 3000ダメージを与える。" (invented, R5.7)
fn sacrifice() -> Activated {
    Activated::new(
        Cost::FREE.and_discard_self(),
        Timing::Quick,
        |r: &mut Resolve<'_>| {
            let Some(last) = r.cost_square() else {
                return Ok(());
            };
            let foe = r.controller().opponent();
            let view = r.view();
            let victims: Vec<CardId> = view
                .field()
                .iter()
                .copied()
                .filter(|&c| {
                    view.owner(c) == foe
                        && view
                            .square(c)
                            .is_some_and(|s| s.is_battle() && s.same_line(last))
                })
                .collect();
            for v in victims {
                r.damage(v, 3000);
            }
            Ok(())
        },
    )
}

/// Fixture cards plus invented test cards.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    db.add(spell("早引き", |r| {
        let p = r.controller();
        r.draw(p, 1);
    }));
    db.add(spell("山札切り", |r| {
        let p = r.controller();
        r.shuffle(p);
    }));
    db.add(spell("共倒れ", |r| {
        r.draw(One, 1);
        r.draw(Two, 1);
    }));
    db.add(spell("道連れ", |r| {
        let p = r.controller();
        r.draw(p, 1);
        if let Some(&top) = r.top_cards(p.opponent(), 1).first() {
            r.put(top, Dest::Smash);
        }
    }));
    db.add(CardDef::unit("捨て身の兵", 2000, 1).ability(sacrifice()));
    db.add(
        CardDef::unit("博麗霊夢", 3000, 1)
            .colour(Colour::Red)
            .colour(Colour::White),
    );
    db.add(
        CardDef::unit("白青の札", 1000, 1)
            .colour(Colour::White)
            .colour(Colour::Blue),
    );
    db.add(
        CardDef::unit("紅青の札", 1000, 1)
            .colour(Colour::Red)
            .colour(Colour::Blue),
    );
    db.add(CardDef::unit("チルノ〈氷の小さな妖精〉", 2000, 1).colour(Colour::Blue));
    for probe in &PROBES {
        db.add(spell(probe.name, |_| {}).cost(probe.cost()));
    }
    db
}

fn custom() -> Setup {
    Setup::with_db(db(), RuleSet::OFFICIAL)
}

fn json(g: &Game) -> String {
    serde_json::to_string(g).expect("the state serializes")
}

fn frozen_cards(t: &Table, cards: &[CardId]) -> Vec<CardId> {
    cards.iter().copied().filter(|&c| t.frozen(c)).collect()
}

fn create_plan(payment: Payment) -> Action {
    Action::CreatePlan { payment }
}

fn update_plan() -> Action {
    Action::UpdatePlan {
        payment: Payment::Auto,
    }
}

fn play_paying(card: CardId, square: Option<&str>, targets: &[CardId], pay: Payment) -> Action {
    Action::Play {
        card,
        method: None,
        square: square.map(sq),
        targets: Targets::of(targets),
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: pay,
    }
}

/// `n` filler cards under a named top card of `p`'s deck; returns the top card.
fn deck_with_top(s: &mut Setup, p: Player, n: usize, top: &str) -> CardId {
    s.deck(p, "チルノ", n);
    s.add(p, top, Loc::Deck)
}

/// Asserts that `a` is refused with a payment error and leaves the state untouched.
fn assert_payment_refused(t: &mut Table, a: Action) {
    let before = json(&t.game);
    let r = t.try_act(a.clone());
    assert!(
        matches!(r, Err(ActionError::Payment(_))),
        "{a:?} must be refused for payment, got {r:?}"
    );
    assert_eq!(json(&t.game), before, "{a:?} must change nothing");
}

// ---------------------------------------------------------------------------------------------
// Plan zone (R9)

// R9.2, R5.11: creating costs colourless 1, goes on the stack, and turns the top card face up;
// the plan card still counts in the deck (R9.1).
#[test]
fn r9_2_create_plan_costs_one_colourless() {
    let mut s = Setup::new();
    let top = deck_with_top(&mut s, One, 4, "プラズマ・ライフル");
    let energy = s.energy(One, Colour::Blue, 2);
    let mut t = s.build();
    t.act(create_plan(Payment::Auto));
    assert_eq!(frozen_cards(&t, &energy).len(), 1);
    assert_eq!(t.game.stack().len(), 1);
    assert_eq!(t.game.stack()[0].summary().0, ItemTag::CreatePlan);
    assert_eq!(t.game.plan_card(One), None, "not before resolution (R7.1)");
    t.pass_both();
    assert_eq!(t.game.plan_card(One), Some(top));
    assert_eq!(t.zone(One, Zone::Deck).len(), 5);
    assert_eq!(t.zone(One, Zone::Deck).last(), Some(&top));
}

// R9.2, A16(a): a plan zone cannot be created while one exists.
#[test]
fn r9_2_create_plan_refused_while_plan_zone_exists() {
    let mut s = Setup::new();
    deck_with_top(&mut s, One, 4, "プラズマ・ライフル");
    s.plan(One);
    s.energy(One, Colour::Blue, 2);
    let mut t = s.build();
    let before = json(&t.game);
    let r = t.try_act(create_plan(Payment::Auto));
    assert!(matches!(r, Err(ActionError::Illegal(_))), "got {r:?}");
    assert_eq!(json(&t.game), before);
}

// R9.2, R5.11: without a released card to pay 無1 the plan zone cannot be created.
#[test]
fn r9_2_create_plan_needs_energy() {
    let mut s = Setup::new();
    let e = s.energy(One, Colour::Blue, 1);
    s.freeze(e[0]);
    let mut t = s.build();
    assert_payment_refused(&mut t, create_plan(Payment::Auto));
}

// R9.3: updating pays 無1; the old plan card goes to the graveyard and the new top card is the
// new plan card.
#[test]
fn r9_3_update_plan_replaces_the_plan_card() {
    let mut s = Setup::new();
    s.deck(One, "チルノ", 3);
    let next = s.add(One, "シングルモルト", Loc::Deck);
    let old = s.add(One, "プラズマ・ライフル", Loc::Deck);
    s.plan(One);
    let energy = s.energy(One, Colour::Blue, 1);
    let mut t = s.build();
    t.act(update_plan());
    assert!(t.frozen(energy[0]));
    assert_eq!(t.game.plan_card(One), Some(old));
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Graveyard), vec![old]);
    assert_eq!(t.game.plan_card(One), Some(next));
    assert_eq!(t.zone(One, Zone::Deck).len(), 4);
}

// R9.3: there is nothing to update without a plan zone.
#[test]
fn r9_3_update_refused_without_plan_zone() {
    let mut s = Setup::new();
    s.energy(One, Colour::Blue, 1);
    let mut t = s.build();
    let before = json(&t.game);
    let r = t.try_act(update_plan());
    assert!(matches!(r, Err(ActionError::Illegal(_))), "got {r:?}");
    assert_eq!(json(&t.game), before);
}

// R9.3, R9.4: if the plan card was drawn in response, the update fails: nothing goes to the
// graveyard and no new plan zone appears. The cost stays paid (R5.10). The drawn card is an
// ordinary card in hand, played at its own (quick) timing.
#[test]
fn r9_3_update_fails_if_plan_card_left() {
    let mut s = custom();
    let plan = deck_with_top(&mut s, One, 4, "プラズマ・ライフル");
    s.plan(One);
    let blue = s.energy(One, Colour::Blue, 1)[0];
    s.energy(One, Colour::Red, 2);
    let draw = s.hand(One, "早引き");
    let target = s.unit(Two, "ロマネ・コンティ", "c3");
    let mut t = s.build();
    t.act(Action::UpdatePlan {
        payment: Payment::Cards(vec![blue]),
    });
    t.play(draw, None, &[]);
    t.pass_both();
    assert_eq!(t.loc(plan), Loc::Hand);
    assert_eq!(t.game.plan_card(One), None);
    // R9.4: no longer a plan card, so it may respond like any quick card from hand.
    assert_eq!(
        t.game
            .clone()
            .apply(&t.db, Table::play_action(plan, None, &[target])),
        Ok(())
    );
    t.pass_both();
    assert!(t.game.events().contains(&Event::Resolved {
        tag: ItemTag::UpdatePlan,
        card: Some(plan),
        fizzled: true,
    }));
    assert_eq!(t.zone(One, Zone::Graveyard), vec![draw]);
    assert_eq!(t.game.plan_card(One), None);
    assert_eq!(t.zone(One, Zone::Deck).len(), 4);
    assert!(t.frozen(blue));
}

// R9.4, R4.3: the draw phase draws the plan card; afterwards no plan zone remains.
#[test]
fn r9_4_draw_takes_the_plan_card() {
    let mut s = Setup::new();
    let plan = deck_with_top(&mut s, One, 5, "プラズマ・ライフル");
    s.plan(One);
    let t = s.build_in(Phase::Release);
    assert_eq!(t.zone(One, Zone::Hand), vec![plan]);
    assert_eq!(t.game.plan_card(One), None);
    assert_eq!(t.zone(One, Zone::Deck).len(), 5);
    assert_eq!(t.game.decision(), Decision::Energy(One));
}

// R9.5: shuffling the deck ends the plan zone.
#[test]
fn r9_5_shuffle_ends_the_plan_zone() {
    let mut s = custom();
    let plan = deck_with_top(&mut s, One, 5, "プラズマ・ライフル");
    s.plan(One);
    let shuffle = s.hand(One, "山札切り");
    let mut t = s.build();
    let mut before = t.zone(One, Zone::Deck);
    t.play(shuffle, None, &[]);
    t.pass_both();
    assert!(t.game.events().contains(&Event::Shuffled { player: One }));
    assert_eq!(t.game.plan_card(One), None);
    assert_eq!(t.loc(plan), Loc::Deck);
    let mut after = t.zone(One, Zone::Deck);
    before.sort();
    after.sort();
    assert_eq!(after, before);
}

/// One and Two each have a quick plan card (プラズマ・ライフル); One also holds one in hand.
/// Two's ロマネ・コンティ in c3 (8000, survives a rifle) is the target. With `battle`, a battle is in progress in b2.
fn plan_position(battle: bool) -> (Table, [CardId; 2], CardId, CardId) {
    let mut s = Setup::new();
    let plans = [One, Two].map(|p| {
        let c = deck_with_top(&mut s, p, 5, "プラズマ・ライフル");
        s.plan(p);
        s.rich(p);
        c
    });
    let target = s.unit(Two, "ロマネ・コンティ", "c3");
    let in_hand = s.hand(One, "プラズマ・ライフル");
    if battle {
        s.unit(One, "ロマネ・コンティ", "b2");
        s.unit(Two, "ロマネ・コンティ", "b2");
    }
    (s.build(), plans, target, in_hand)
}

fn assert_timing_refused(t: &Table, a: Action) {
    let r = t.game.clone().apply(&t.db, a.clone());
    assert!(
        matches!(r, Err(ActionError::Timing(_))),
        "{a:?} must be refused for timing, got {r:?}"
    );
}

// R9.6: the plan card is played only at normal timing, whatever its printed timing: never in
// response, in the opponent's turn, or in battle; then like a card from hand.
#[test]
fn r9_6_plan_card_played_only_at_normal_timing() {
    let (mut t, plans, target, in_hand) = plan_position(false);
    let play_plan = |p: Player| Table::play_action(plans[p.index()], None, &[target]);
    assert_eq!(t.game.clone().apply(&t.db, play_plan(One)), Ok(()));
    // In response (the quick card from hand is fine).
    t.play(in_hand, None, &[target]);
    assert_timing_refused(&t, play_plan(One));
    t.pass_both();
    assert!(t.game.stack().is_empty());
    assert_eq!(t.damage(target), 3000);
    // In the opponent's turn, with an empty stack.
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert_timing_refused(&t, play_plan(Two));
    // In battle.
    let (t, _, _, _) = plan_position(true);
    assert!(t.in_battle());
    assert_timing_refused(&t, play_plan(One));
}

// R9.7: once the plan card is played there is no plan zone; the new top card stays face down.
// The use cost is paid as from hand (R9.6).
#[test]
fn r9_7_no_plan_zone_after_playing_the_plan_card() {
    let mut s = Setup::new();
    let plan = deck_with_top(&mut s, One, 5, "シングルモルト");
    s.plan(One);
    let energy = s.energy(One, Colour::Red, 2);
    let mut t = s.build();
    t.play(plan, Some("a1"), &[]);
    assert_eq!(t.loc(plan), Loc::Stack);
    assert_eq!(t.game.plan_card(One), None);
    assert_eq!(t.zone(One, Zone::Deck).len(), 5);
    assert_eq!(frozen_cards(&t, &energy), energy);
    t.pass_both();
    assert_eq!(t.loc(plan), Loc::Square(sq("a1")));
    assert_eq!(t.game.plan_card(One), None);
}

// R9.8, R12.4: a smash takes the plan card as the top card of the deck.
#[test]
fn r9_8_smash_takes_the_plan_card() {
    let mut s = Setup::new();
    let unit = s.unit(One, "シングルモルト", "b2");
    // A second smasher keeps the smash phase (and the turn) going.
    s.unit(One, "シングルモルト", "a2");
    let plan = deck_with_top(&mut s, Two, 5, "プラズマ・ライフル");
    s.plan(Two);
    let mut t = s.build();
    t.pass_both();
    t.act(Action::Smash(Some(unit)));
    assert_eq!(t.game.decision(), Decision::Smash(One));
    assert_eq!(t.zone(Two, Zone::Smash), vec![plan]);
    assert_eq!(t.game.plan_card(Two), None);
    assert_eq!(t.zone(Two, Zone::Deck).len(), 5);
}

// ---------------------------------------------------------------------------------------------
// Costs (R5)

// R5.3: colourless energy may come from the smash zone, alone or with energy-zone cards.
#[test]
fn r5_3_colourless_paid_from_smash_zone() {
    let mut s = Setup::new();
    let smash: Vec<CardId> = (0..2).map(|_| s.add(One, "チルノ", Loc::Smash)).collect();
    let red = s.energy(One, Colour::Red, 1);
    let malt = s.hand(One, "シングルモルト");
    let mut t = s.build();
    t.act(create_plan(Payment::Cards(vec![smash[0]])));
    assert!(t.frozen(smash[0]));
    t.pass_both();
    // 赤1 無1: red from the energy zone, 無1 from the smash zone.
    t.play(malt, Some("a1"), &[]);
    assert!(t.frozen(red[0]) && t.frozen(smash[1]));
}

// R5.3, R1.6: a seat names its face-down smash cards by place (`CardId::at_place`, as its view
// lists them); the payment freezes the card at that place, and a place past the zone is refused
// without a change.
#[test]
fn r5_3_smash_cards_paid_by_place() {
    let mut s = Setup::new();
    let smash: Vec<CardId> = (0..2).map(|_| s.add(One, "チルノ", Loc::Smash)).collect();
    let mut t = s.build();
    let place = |i| CardId::at_place(One, Loc::Smash, i).unwrap();
    assert_eq!(t.game.card_for(One, smash[1]), place(1));
    let before = json(&t.game);
    assert_eq!(
        t.try_act(create_plan(Payment::Cards(vec![place(2)]))),
        Err(ActionError::NoSuchCard(place(2)))
    );
    assert_eq!(json(&t.game), before);
    t.act(create_plan(Payment::Cards(vec![place(1)])));
    assert!(t.frozen(smash[1]) && !t.frozen(smash[0]));
}

// R5.2: coloured energy never comes from the smash zone, even from a card of that colour.
#[test]
fn r5_2_coloured_never_paid_from_smash_zone() {
    let mut s = Setup::new();
    let smash: Vec<CardId> = (0..3).map(|_| s.add(One, "チルノ", Loc::Smash)).collect();
    s.energy(One, Colour::Red, 1);
    let cirno = s.hand(One, "チルノ");
    let mut t = s.build();
    assert_payment_refused(&mut t, play_paying(cirno, Some("a1"), &[], Payment::Auto));
    assert_payment_refused(
        &mut t,
        play_paying(cirno, Some("a1"), &[], Payment::Cards(vec![smash[0]])),
    );
}

/// One's red energy r0–r2, blue energy b0–b1, a frozen red card, a red smash-zone card, and
/// シングルモルト (赤1 無1) in hand; Two has a red energy card.
struct PayPosition {
    t: Table,
    red: Vec<CardId>,
    blue: Vec<CardId>,
    frozen_red: CardId,
    smash_red: CardId,
    foe_red: CardId,
    malt: CardId,
    other_in_hand: CardId,
}

fn pay_position() -> PayPosition {
    let mut s = Setup::new();
    let red = s.energy(One, Colour::Red, 3);
    let blue = s.energy(One, Colour::Blue, 2);
    let frozen_red = s.energy(One, Colour::Red, 1)[0];
    s.freeze(frozen_red);
    let smash_red = s.add(One, "シングルモルト", Loc::Smash);
    let foe_red = s.energy(Two, Colour::Red, 1)[0];
    let malt = s.hand(One, "シングルモルト");
    let other_in_hand = s.hand(One, "シングルモルト");
    PayPosition {
        t: s.build(),
        red,
        blue,
        frozen_red,
        smash_red,
        foe_red,
        malt,
        other_in_hand,
    }
}

// R5.2, R5.3: an explicit payment freezes exactly the cards listed (not the engine's choice).
#[test]
fn explicit_payment_freezes_exactly_those_cards() {
    let mut p = pay_position();
    let pay = vec![p.red[2], p.blue[1]];
    let all: Vec<CardId> = p.red.iter().chain(&p.blue).copied().collect();
    p.t.act(play_paying(
        p.malt,
        Some("a1"),
        &[],
        Payment::Cards(pay.clone()),
    ));
    assert_eq!(frozen_cards(&p.t, &all), pay);
    assert!(!p.t.frozen(p.smash_red));
}

// R5.2–R5.4: an illegal explicit payment is refused and changes nothing.
#[test]
fn illegal_explicit_payment_changes_nothing() {
    let mut p = pay_position();
    let (r, b) = (&p.red, &p.blue);
    let bad = [
        vec![r[0]],                  // too few
        vec![r[0], r[1], r[2]],      // too many
        vec![r[0], r[0]],            // the same card twice
        vec![b[0], b[1]],            // no red
        vec![p.frozen_red, b[0]],    // a frozen card
        vec![p.foe_red, b[0]],       // the opponent's card
        vec![p.other_in_hand, b[0]], // a card in hand
        vec![p.smash_red, b[0]],     // red from the smash zone (R5.2)
        vec![p.malt, b[0]],          // the card being played
    ];
    for cards in bad {
        assert_payment_refused(
            &mut p.t,
            play_paying(p.malt, Some("a1"), &[], Payment::Cards(cards)),
        );
    }
}

/// Whether `cards` (colour sets; empty = smash-zone card) can pay `coloured` + `colourless`, each
/// card paying one point (R5.4, R18.3). With `all`, every card must be used.
fn can_pay(cards: &[Vec<Colour>], coloured: &mut [u8; 5], colourless: u8, all: bool) -> bool {
    let Some((first, rest)) = cards.split_first() else {
        return colourless == 0 && coloured.iter().all(|&n| n == 0);
    };
    if !all && can_pay(rest, coloured, colourless, all) {
        return true;
    }
    if colourless > 0 && can_pay(rest, coloured, colourless - 1, all) {
        return true;
    }
    for &c in first {
        if coloured[c.index()] > 0 {
            coloured[c.index()] -= 1;
            let ok = can_pay(rest, coloured, colourless, all);
            coloured[c.index()] += 1;
            if ok {
                return true;
            }
        }
    }
    false
}

const PALETTE: [(&str, &[Colour]); 6] = [
    ("シングルモルト", &[Colour::Red]),
    ("バトルフィールド・エンジェル", &[Colour::White]),
    ("チルノ", &[Colour::Blue]),
    ("博麗霊夢", &[Colour::Red, Colour::White]),
    ("白青の札", &[Colour::White, Colour::Blue]),
    ("紅青の札", &[Colour::Red, Colour::Blue]),
];

/// All sequences of palette indices of length 0..=`max`.
fn sequences(max: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut layer = vec![vec![]];
    for _ in 0..max {
        layer = layer
            .iter()
            .flat_map(|s: &Vec<usize>| {
                (0..PALETTE.len()).map(move |i| {
                    let mut n = s.clone();
                    n.push(i);
                    n
                })
            })
            .collect();
        out.extend(layer.iter().cloned());
    }
    out
}

/// All subsets of `items` with exactly `k` elements.
fn subsets(items: &[CardId], k: usize) -> Vec<Vec<CardId>> {
    if k == 0 {
        return vec![vec![]];
    }
    let Some((first, rest)) = items.split_first() else {
        return vec![];
    };
    let mut out: Vec<Vec<CardId>> = subsets(rest, k - 1)
        .into_iter()
        .map(|mut s| {
            s.insert(0, *first);
            s
        })
        .collect();
    out.extend(subsets(rest, k));
    out
}

// R18.3, R5.2–R5.4: automatic payment succeeds exactly when some legal payment exists, and an
// explicit payment is accepted exactly when it is legal, over every energy zone of up to 4
// cards (single and multicolour, in every order) with or without a smash-zone card.
#[test]
fn auto_payment_succeeds_whenever_a_legal_payment_exists() {
    let db = db();
    let def = |n: &str| db.find(n).expect("card");
    let mut checked = 0;
    for seq in sequences(4) {
        for smash in [false, true] {
            let mut b = Builder::new(RuleSet::OFFICIAL, 1).active(One, 3);
            let mut sources: Vec<(CardId, Vec<Colour>)> = seq
                .iter()
                .map(|&i| {
                    let (name, colours) = PALETTE[i];
                    (b.add(One, def(name), Loc::Energy), colours.to_vec())
                })
                .collect();
            if smash {
                sources.push((b.add(One, def("博麗霊夢"), Loc::Smash), vec![]));
            }
            let probes: Vec<CardId> = PROBES
                .iter()
                .map(|probe| b.add(One, def(probe.name), Loc::Hand))
                .collect();
            for p in [One, Two] {
                b.fill_deck(p, def("ロマネ・コンティ"), 10);
            }
            let g = b.build(&db, Phase::Main).expect("known cards");
            let colours: Vec<Vec<Colour>> = sources.iter().map(|(_, c)| c.clone()).collect();
            let ids: Vec<CardId> = sources.iter().map(|(c, _)| *c).collect();
            for (card, probe) in probes.iter().zip(&PROBES) {
                let (name, colourless) = (probe.name, probe.colourless);
                let mut need = probe.need();
                let exists = can_pay(&colours, &mut need, colourless, false);
                let auto = g
                    .clone()
                    .apply(&db, play_paying(*card, None, &[], Payment::Auto));
                assert_eq!(
                    auto.is_ok(),
                    exists,
                    "{name} with {colours:?}: auto payment {auto:?}"
                );
                let total =
                    need.iter().map(|&n| usize::from(n)).sum::<usize>() + usize::from(colourless);
                for pay in subsets(&ids, total) {
                    let pay_colours: Vec<Vec<Colour>> = pay
                        .iter()
                        .map(|c| colours[ids.iter().position(|i| i == c).expect("id")].clone())
                        .collect();
                    let legal = can_pay(&pay_colours, &mut need, colourless, true);
                    let mut copy = g.clone();
                    let r = copy.apply(
                        &db,
                        play_paying(*card, None, &[], Payment::Cards(pay.clone())),
                    );
                    assert_eq!(r.is_ok(), legal, "{name} paid by {pay_colours:?}: {r:?}");
                    if legal {
                        let frozen: Vec<CardId> = ids
                            .iter()
                            .copied()
                            .filter(|&c| copy.card_state(c).is_some_and(|s| s.frozen))
                            .collect();
                        assert_eq!(frozen, pay);
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "checked {checked} explicit payments");
}

// R18.3: a multicolour card pays one point of either colour, never two points.
#[test]
fn r18_3_multicolour_card_pays_one_point() {
    let mut s = custom();
    s.add(One, "博麗霊夢", Loc::Energy);
    let probe = s.hand(One, "試験・赤白");
    let mut t = s.build();
    assert_payment_refused(&mut t, play_paying(probe, None, &[], Payment::Auto));
    let mut s = custom();
    let reimu = s.add(One, "博麗霊夢", Loc::Energy);
    let red = s.energy(One, Colour::Red, 1)[0];
    let probe = s.hand(One, "試験・赤白");
    let mut t = s.build();
    t.play(probe, None, &[]);
    assert!(t.frozen(reimu) && t.frozen(red));
}

/// One's red energy, 火球 (赤1 無X) in hand and Two's シングルモルト (3000) in b3.
fn fireball_position(red: usize) -> (Table, Vec<CardId>, CardId, CardId) {
    let mut s = Setup::new();
    let energy = s.energy(One, Colour::Red, red);
    let fireball = s.hand(One, "火球");
    let malt = s.unit(Two, "シングルモルト", "b3");
    (s.build(), energy, fireball, malt)
}

fn fireball(card: CardId, target: CardId, x: u8) -> Action {
    Action::Play {
        card,
        method: None,
        square: None,
        targets: Targets::one(target),
        x,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    }
}

// R5.5, A27: the payer chooses X (0 allowed) and pays that much more energy.
#[test]
fn r5_5_x_cost() {
    let (mut t, energy, ball, malt) = fireball_position(5);
    let listed = t.game.completions(&t.db, 10_000);
    let xs: Vec<u8> = listed
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, x, .. } if *card == ball => Some(*x),
            _ => None,
        })
        .collect();
    assert_eq!(xs, vec![0, 1, 2, 3, 4]);
    assert_payment_refused(&mut t, fireball(ball, malt, 5));
    t.act(fireball(ball, malt, 3));
    assert_eq!(frozen_cards(&t, &energy).len(), 4);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    // X = 0 pays only 赤1 and deals no damage.
    let (mut t, energy, ball, malt) = fireball_position(5);
    t.act(fireball(ball, malt, 0));
    assert_eq!(frozen_cards(&t, &energy).len(), 1);
    t.pass_both();
    assert_eq!(t.damage(malt), 0);
    assert_eq!(t.loc(ball), Loc::Graveyard);
}

// R5.5: a cost without X takes no X.
#[test]
fn x_refused_for_a_cost_without_x() {
    let mut s = Setup::new();
    s.rich(One);
    let rifle = s.hand(One, "プラズマ・ライフル");
    let malt = s.unit(Two, "シングルモルト", "b3");
    let mut t = s.build();
    assert_payment_refused(&mut t, fireball(rifle, malt, 1));
}

fn shoot(bowman: CardId, target: CardId) -> Action {
    Action::Activate {
        card: bowman,
        ability: 0,
        targets: Targets::one(target),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    }
}

// R5.6, R5.9: the フリーズ cost freezes the card itself at once; a frozen card cannot pay it.
#[test]
fn r5_6_freeze_cost() {
    let mut s = Setup::new();
    let bowman = s.unit(One, "熟練の弓兵", "a1");
    let white = s.energy(One, Colour::White, 2);
    let cirno = s.unit(Two, "チルノ", "b3");
    let romane = s.unit(Two, "ロマネ・コンティ", "c3");
    let mut t = s.build();
    t.act(shoot(bowman, cirno));
    assert!(t.frozen(bowman));
    assert_eq!(frozen_cards(&t, &white).len(), 1);
    assert_eq!(t.loc(bowman), Loc::Square(sq("a1")));
    assert_eq!(t.game.stack().len(), 1);
    // Frozen: the cost cannot be paid again, although white energy is left.
    assert_payment_refused(&mut t, shoot(bowman, romane));
    t.pass_both();
    assert_eq!(t.loc(cirno), Loc::Graveyard);
}

// R5.7: the 廃棄 cost puts the card into the graveyard at once; the effect uses its last square.
#[test]
fn r5_7_discard_cost() {
    let mut s = custom();
    let brave = s.unit(One, "捨て身の兵", "b1");
    let in_line = s.unit(Two, "シングルモルト", "b3");
    let off_line = s.unit(Two, "チルノ", "a3");
    let mut t = s.build();
    t.act(Action::Activate {
        card: brave,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    assert_eq!(t.loc(brave), Loc::Graveyard);
    assert_eq!(t.stack(), vec![Some(brave)]);
    t.pass_both();
    assert_eq!(t.loc(in_line), Loc::Graveyard);
    assert_eq!(t.loc(off_line), Loc::Square(sq("a3")));
    assert_eq!(t.damage(off_line), 0);
}

// ---------------------------------------------------------------------------------------------
// Game end (RE2, R15)

// RE2, R15.3: drawing the last card loses at once, in the draw phase.
#[test]
fn re2_drawing_the_last_card_loses_at_once() {
    let mut s = Setup::new();
    let last = deck_with_top(&mut s, One, 0, "チルノ");
    let t = s.build_in(Phase::Release);
    assert_eq!(t.zone(One, Zone::Hand), vec![last]);
    assert_eq!(t.game.result(), Some(GameResult::Win(Two)));
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(Two)));
    assert_eq!(t.game.phase(), Phase::Draw);
}

// RE2, R15.3: an effect that draws the last card loses before anyone receives priority.
#[test]
fn re2_deck_emptied_by_an_effect_loses_before_priority() {
    let mut s = custom();
    deck_with_top(&mut s, One, 0, "チルノ");
    let draw = s.hand(One, "早引き");
    let mut t = s.build();
    t.play(draw, None, &[]);
    t.pass_both();
    assert!(t.zone(One, Zone::Deck).is_empty());
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(Two)));
    assert_eq!(t.priority(), None);
}

// R15.2, A4: both decks empty at the same check is a draw.
#[test]
fn r15_2_both_decks_empty_at_once_is_a_draw() {
    let mut s = custom();
    deck_with_top(&mut s, One, 0, "チルノ");
    deck_with_top(&mut s, Two, 0, "チルノ");
    let both = s.hand(One, "共倒れ");
    let mut t = s.build();
    t.play(both, None, &[]);
    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Draw));
}

// R15.2, A4: one player's deck-out and the other's 7th smash card at the same check is a draw.
#[test]
fn r15_2_deck_out_and_seven_smash_at_once_is_a_draw() {
    let mut s = custom();
    deck_with_top(&mut s, One, 0, "チルノ");
    for _ in 0..6 {
        s.add(Two, "チルノ", Loc::Smash);
    }
    let both = s.hand(One, "道連れ");
    let mut t = s.build();
    t.play(both, None, &[]);
    t.pass_both();
    assert!(t.zone(One, Zone::Deck).is_empty());
    assert_eq!(t.zone(Two, Zone::Smash).len(), 7);
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Draw));
}

// R15.2, A4: one player meeting both conditions simply loses.
#[test]
fn r15_2_one_player_meeting_both_conditions_loses() {
    let mut s = Setup::new();
    let unit = s.unit(One, "シングルモルト", "b2");
    deck_with_top(&mut s, Two, 0, "チルノ");
    for _ in 0..6 {
        s.add(Two, "チルノ", Loc::Smash);
    }
    let mut t = s.build();
    t.pass_both();
    t.act(Action::Smash(Some(unit)));
    assert!(t.zone(Two, Zone::Deck).is_empty());
    assert_eq!(t.zone(Two, Zone::Smash).len(), 7);
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(One)));
}

// ---------------------------------------------------------------------------------------------
// Setup (R2, R3, R18)

/// A database of `n` invented units named 試験兵0, 試験兵1, …
fn numbered_db(n: usize) -> (CardDb, Vec<DefId>) {
    let mut db = CardDb::new();
    let ids = (0..n)
        .map(|i| db.add(CardDef::unit(&format!("試験兵{i}"), 1000, 1)))
        .collect();
    (db, ids)
}

/// `copies` of each of `defs`, cut to `len` cards.
fn deck_of(defs: &[DefId], copies: usize, len: usize) -> Vec<DefId> {
    defs.iter()
        .flat_map(|&d| std::iter::repeat_n(d, copies))
        .take(len)
        .collect()
}

// R2.1: exactly 40 cards.
#[test]
fn r2_1_deck_size_errors() {
    let db = dzero_fixtures::card_db();
    let ok = dzero_fixtures::deck_red(&db);
    let rules = RuleSet::OFFICIAL;
    assert_eq!(check_deck(&db, &rules, One, &ok), Ok(()));
    assert_eq!(
        check_deck(&db, &rules, One, &ok[..39]),
        Err(SetupError::DeckSize {
            player: One,
            found: 39,
            expected: 40
        })
    );
    let mut long = ok.clone();
    long.push(db.find("チルノ").expect("card"));
    assert_eq!(
        check_deck(&db, &rules, Two, &long),
        Err(SetupError::DeckSize {
            player: Two,
            found: 41,
            expected: 40
        })
    );
    let r = Game::new(&db, rules, [&ok, &ok[..39]], 1);
    assert_eq!(
        r.err(),
        Some(SetupError::DeckSize {
            player: Two,
            found: 39,
            expected: 40
        })
    );
}

// R2.2: at most 3 cards with the same name.
#[test]
fn r2_2_too_many_copies() {
    let db = dzero_fixtures::card_db();
    let mut deck = dzero_fixtures::deck_red(&db);
    let malt = db.find("シングルモルト").expect("card");
    let robo = db.find("狼王ロボ").expect("card");
    let i = deck.iter().position(|&d| d == robo).expect("robo");
    deck[i] = malt;
    assert_eq!(
        check_deck(&db, &RuleSet::OFFICIAL, One, &deck),
        Err(SetupError::TooManyCopies {
            player: One,
            name: "シングルモルト".into(),
            count: 4,
            max: 3
        })
    );
}

// R18.4: for deck building 「チルノ〈氷の小さな妖精〉」 is a different card from 「チルノ」.
#[test]
fn r18_4_bracket_names_are_distinct_in_deck_building() {
    let db = db();
    let plain = db.find("チルノ").expect("card");
    let bracket = db.find("チルノ〈氷の小さな妖精〉").expect("card");
    let mut deck: Vec<DefId> = dzero_fixtures::deck_red(&db).into_iter().take(34).collect();
    deck.extend([plain; 3]);
    deck.extend([bracket; 3]);
    assert_eq!(check_deck(&db, &RuleSet::OFFICIAL, One, &deck), Ok(()));
    deck[0] = bracket;
    assert_eq!(
        check_deck(&db, &RuleSet::OFFICIAL, One, &deck),
        Err(SetupError::TooManyCopies {
            player: One,
            name: "チルノ〈氷の小さな妖精〉".into(),
            count: 4,
            max: 3
        })
    );
}

// R18.1, R18.4: an instant-match deck has exactly 25 cards, one per name; 〈〉 names count apart.
#[test]
fn r18_1_instant_match_deck_rules() {
    let (mut db, ids) = numbered_db(24);
    let plain = db.add(CardDef::unit("チルノ", 1500, 1));
    let bracket = db.add(CardDef::unit("チルノ〈氷の小さな妖精〉", 1500, 1));
    let rules = RuleSet::TOUHOU_INSTANT;
    let mut deck = deck_of(&ids, 1, 23);
    deck.extend([plain, bracket]);
    assert_eq!(check_deck(&db, &rules, One, &deck), Ok(()));
    deck[0] = plain;
    assert_eq!(
        check_deck(&db, &rules, One, &deck),
        Err(SetupError::TooManyCopies {
            player: One,
            name: "チルノ".into(),
            count: 2,
            max: 1
        })
    );
    assert_eq!(
        check_deck(&db, &rules, Two, &deck_of(&ids, 1, 24)),
        Err(SetupError::DeckSize {
            player: Two,
            found: 24,
            expected: 25
        })
    );
}

fn new_game(seed: u64) -> (CardDb, Game) {
    let db = dzero_fixtures::card_db();
    let (red, blue) = (
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    );
    let g = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], seed).expect("legal decks");
    (db, g)
}

// R3.3: each player starts with 5 cards in hand and 35 in the deck (R3.6: no draw yet).
#[test]
fn r3_3_opening_hands_have_five_cards() {
    for seed in 0..8 {
        let (_, g) = new_game(seed);
        for p in [One, Two] {
            assert_eq!(g.zone(p, Zone::Hand).len(), 5);
            assert_eq!(g.zone(p, Zone::Deck).len(), 35);
        }
        assert_eq!(g.turn(), 1);
        assert_eq!(g.active(), g.first_player());
        assert_eq!(g.decision(), Decision::Energy(g.first_player()));
    }
}

// R3.6: the first player skips only the draw of their first turn; the second player draws.
#[test]
fn r3_6_first_player_skips_first_draw() {
    let (db, mut g) = new_game(3);
    let first = g.first_player();
    let second = first.opponent();
    for a in [Action::Energy(None), Action::Pass, Action::Pass] {
        g.apply(&db, a).expect("legal");
    }
    assert_eq!(g.turn(), 2);
    assert_eq!(g.decision(), Decision::Energy(second));
    assert_eq!(g.zone(first, Zone::Hand).len(), 5);
    assert_eq!(g.zone(first, Zone::Deck).len(), 35);
    assert_eq!(g.zone(second, Zone::Hand).len(), 6);
    assert_eq!(g.zone(second, Zone::Deck).len(), 34);
}

/// Plays `steps` random legal actions chosen by a player seeded with `seed`.
fn random_walk(db: &CardDb, g: &mut Game, seed: u64, steps: u32) {
    let opts = PlayOptions {
        conservation: false,
        stop_after: Some(steps),
        ..PlayOptions::default()
    };
    let mut player = RandomPlayer::new(seed);
    *g = play_with(db, g.clone(), &mut player, opts, &mut ())
        .expect("a listed action applies")
        .game;
}

// Determinism: the same seed and decisions give an identical serialized state.
#[test]
fn same_seed_gives_identical_state() {
    let (db, mut a) = new_game(42);
    let (_, mut b) = new_game(42);
    assert_eq!(json(&a), json(&b));
    random_walk(&db, &mut a, 9, 300);
    random_walk(&db, &mut b, 9, 300);
    assert_eq!(json(&a), json(&b));
    let (_, c) = new_game(43);
    assert_ne!(json(&new_game(42).1), json(&c));
}
