//! ○ effects written as printed, compiled and played in real games: targets are
//! chosen on play (R7.4), re-checked on resolution (R7.5), and each sentence does what it says.

mod support;

use dzero_core::{
    Action, Builder, CardDb, CardDef, CardId, CardKind, Colour, Game, Keywords, Loc, Payment,
    Phase, Player, Query, RuleSet, Square, Targets, Timing, Zone,
};
use dzero_grammar::{CompileCtx, Compiled, NoScripts, compile_text};

use Player::{One, Two};

fn strategy(line: &str) -> CardDef {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    match compile_text(line, &ctx, &mut NoScripts) {
        Ok(Compiled::Spell(s)) => CardDef::strategy("text", s),
        other => panic!("{line}: {other:?}"),
    }
}

/// A main phase of player One with `line` in One's hand; units by (player, power, square).
struct Setup {
    db: CardDb,
    b: Builder,
    spell: CardId,
}

impl Setup {
    fn new(line: &str) -> Setup {
        let mut db = CardDb::new();
        let filler = db.add(CardDef::unit("兵士", 1000, 1));
        let spell = db.add(strategy(line));
        let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(One, 3);
        b.fill_deck(One, filler, 10);
        b.fill_deck(Two, filler, 10);
        let spell = b.add(One, spell, Loc::Hand);
        Setup { db, b, spell }
    }

    fn unit(&mut self, p: Player, power: i32, sq: Square, colour: Colour, race: &str) -> CardId {
        let d = self
            .db
            .add(CardDef::unit("u", power, 1).colour(colour).race(race).cost(
                dzero_core::Cost::colourless(u8::try_from(power / 1000).unwrap_or(9)),
            ));
        self.b.add(p, d, Loc::Square(sq))
    }

    fn card(&mut self, p: Player, loc: Loc) -> CardId {
        let d = self.db.add(CardDef::unit("墓", 1000, 1));
        self.b.add(p, d, loc)
    }

    fn build(self) -> (CardDb, Game, CardId) {
        match self.b.build(&self.db, Phase::Main) {
            Ok(g) => (self.db, g, self.spell),
            Err(e) => panic!("{e}"),
        }
    }
}

fn play(g: &mut Game, db: &CardDb, card: CardId, targets: &[CardId]) -> Result<(), String> {
    g.apply(db, support::cast(card, targets))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Plays the strategy and lets it resolve.
fn cast(g: &mut Game, db: &CardDb, card: CardId, targets: &[CardId]) {
    if let Err(e) = play(g, db, card, targets) {
        panic!("{e}");
    }
    for _ in 0..2 {
        if let Err(e) = g.apply(db, Action::Pass) {
            panic!("{e}");
        }
    }
    assert_eq!(
        g.location(card),
        Some(Loc::Graveyard),
        "the strategy resolved"
    );
}

fn sq(row: u8, col: u8) -> Square {
    Square::battle(row, col)
}

fn damage(g: &Game, c: CardId) -> i32 {
    g.card_state(c).map_or(-1, |s| s.damage)
}

// R7.4: 対象の相手のユニット1体 accepts only an opponent's unit; the damage is dealt on
// resolution; RE4 / R11.13 destroys a unit whose damage reaches its power.
#[test]
fn r7_4_damage_to_an_opponent_unit() {
    let mut s = Setup::new("○ 対象の相手のユニット1体に3000ダメージを与える。");
    let mine = s.unit(One, 5000, sq(0, 0), Colour::Red, "");
    let big = s.unit(Two, 4000, sq(2, 0), Colour::Red, "");
    let small = s.unit(Two, 3000, sq(2, 1), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    assert!(play(&mut g.clone(), &db, spell, &[mine]).is_err());
    let mut g2 = g.clone();
    cast(&mut g, &db, spell, &[big]);
    assert_eq!(damage(&g, big), 3000);
    assert_eq!(g.location(big), Some(Loc::Square(sq(2, 0))));
    cast(&mut g2, &db, spell, &[small]);
    assert_eq!(g2.location(small), Some(Loc::Graveyard));
    assert_eq!(damage(&g2, mine), 0);
}

// R7.4: パワー4000以下の (current power), 使用コストが2以下の, 〈race〉の and 赤の restrict the
// targets; 呪殺の儀式's wording.
#[test]
fn r7_4_filters_restrict_targets() {
    let mut s = Setup::new("○ 対象のパワー4000以下のユニット1体を破壊する。");
    let big = s.unit(Two, 5000, sq(2, 0), Colour::Red, "");
    let ok = s.unit(Two, 4000, sq(2, 1), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    assert!(play(&mut g.clone(), &db, spell, &[big]).is_err());
    cast(&mut g, &db, spell, &[ok]);
    assert_eq!(g.location(ok), Some(Loc::Graveyard));
    assert_eq!(g.location(big), Some(Loc::Square(sq(2, 0))));

    let mut s =
        Setup::new("○ 対象の使用コストが2以下の〈フェアリー〉の青のユニット1体を手札に戻す。");
    let costly = s.unit(Two, 3000, sq(2, 0), Colour::Blue, "フェアリー");
    let human = s.unit(Two, 2000, sq(2, 1), Colour::Blue, "ヒューマン");
    let red = s.unit(Two, 2000, sq(2, 2), Colour::Red, "フェアリー");
    let fairy = s.unit(Two, 2000, sq(1, 0), Colour::Blue, "フェアリー");
    let (db, mut g, spell) = s.build();
    for wrong in [costly, human, red] {
        assert!(play(&mut g.clone(), &db, spell, &[wrong]).is_err());
    }
    cast(&mut g, &db, spell, &[fairy]);
    assert_eq!(g.location(fairy), Some(Loc::Hand));
}

/// ★ every unit's use cost +1 (like 橙's ★ on the opponent's units).
struct Taxing;

impl dzero_core::StaticEffect for Taxing {
    fn play_cost(&self, v: &Query<'_>, _: CardId, card: CardId, cost: &mut dzero_core::Cost) {
        if v.def(card).kind == CardKind::Unit {
            cost.colourless += 1;
        }
    }
}

// 使用コスト in a filter is the current use cost, after ★ changes (like Lua's `use_cost`).
#[test]
fn cost_filter_reads_the_current_use_cost() {
    let mut s = Setup::new("○ 対象の使用コストが2以下のユニット1体を破壊する。");
    let two = s.unit(Two, 2000, sq(2, 0), Colour::Red, "");
    let one = s.unit(Two, 1000, sq(2, 1), Colour::Red, "");
    let tax =
        s.db.add(CardDef::base("税関").ability(dzero_core::Static::new(Taxing)));
    s.b.add(Two, tax, Loc::Square(Square::base(Two, 0)));
    let (db, mut g, spell) = s.build();
    assert!(
        play(&mut g.clone(), &db, spell, &[two]).is_err(),
        "2 + 1 > 2"
    );
    cast(&mut g, &db, spell, &[one]);
    assert_eq!(g.location(one), Some(Loc::Graveyard));
}

// R7.4 「…まで」: up to two targets, none allowed; each gets the change.
#[test]
fn r7_4_up_to_targets() {
    let mut s = Setup::new("○ 対象のユニット2体までをフリーズする。");
    let a = s.unit(Two, 1000, sq(2, 0), Colour::Red, "");
    let b = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    let mut none = g.clone();
    cast(&mut none, &db, spell, &[]);
    cast(&mut g, &db, spell, &[a, b]);
    assert!(g.card_state(a).is_some_and(|s| s.frozen));
    assert!(g.card_state(b).is_some_and(|s| s.frozen));
}

// すべての: no target; every matching unit on resolution, destroyed at the same time (R1.7).
#[test]
fn each_opponent_unit() {
    let mut s = Setup::new(
        "○ すべての相手のユニットに1000ダメージを与える。すべての相手のベースを破壊する。",
    );
    let mine = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    let a = s.unit(Two, 1000, sq(2, 0), Colour::Red, "");
    let b = s.unit(Two, 2000, sq(1, 1), Colour::Red, "");
    let base = s.db.add(CardDef::base("砦"));
    let their_base = s.b.add(Two, base, Loc::Square(Square::base(Two, 0)));
    let my_base = s.b.add(One, base, Loc::Square(Square::base(One, 0)));
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[]);
    assert_eq!(g.location(their_base), Some(Loc::Graveyard));
    assert_eq!(g.location(my_base), Some(Loc::Square(Square::base(One, 0))));
    assert_eq!(g.location(a), Some(Loc::Graveyard));
    assert_eq!(damage(&g, b), 1000);
    assert_eq!(damage(&g, mine), 0);
}

// TargetKind::Card: a unit card in your graveyard goes to its owner's hand.
#[test]
fn r7_4_graveyard_card_to_hand() {
    let mut s = Setup::new("○ 対象のあなたの墓地にあるユニットカード1枚を持ち主の手札に戻す。");
    let own = s.card(One, Loc::Graveyard);
    let theirs = s.card(Two, Loc::Graveyard);
    let (db, mut g, spell) = s.build();
    assert!(play(&mut g.clone(), &db, spell, &[theirs]).is_err());
    cast(&mut g, &db, spell, &[own]);
    assert_eq!(g.location(own), Some(Loc::Hand));
    assert_eq!(g.location(theirs), Some(Loc::Graveyard));
}

// Sentences in order: boost until end of turn, gain 速攻, draw; R16 the boost shows in the
// current power, A31 it ends with the turn.
#[test]
fn sentences_in_order() {
    let mut s = Setup::new(
        "○ ターン終了時まで、対象のあなたのユニット1体のパワーを+3000する。ターン終了時まで、すべてのあなたのユニットは速攻を得る。カードを2枚引く。",
    );
    let u = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    let other = s.unit(One, 1000, sq(0, 1), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    let hand = g.zone_len(One, Zone::Hand);
    cast(&mut g, &db, spell, &[u]);
    let v = Query::new(&g, &db);
    assert_eq!(v.power(u), 4000);
    assert_eq!(v.power(other), 1000);
    assert!(v.keywords(other).has(Keywords::HASTE));
    // The strategy left the hand, two cards came in.
    assert_eq!(g.zone_len(One, Zone::Hand), hand - 1 + 2);
}

// バトル終了時まで outside a battle gives the change no time (as Lua's "end_of_battle").
#[test]
fn until_end_of_battle_outside_a_battle_does_nothing() {
    let mut s = Setup::new("○ バトル終了時まで、対象のあなたのユニット1体のパワーを+3000する。");
    let u = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[u]);
    assert_eq!(Query::new(&g, &db).power(u), 1000);
}

#[test]
fn spell_errors() {
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    let e = compile_text("○ カードを1枚引く。", &unit, &mut NoScripts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "○ is the effect of a strategy; a unit or base uses ◆, ★ or ● abilities"
    );
    let st = CompileCtx::new(CardKind::Strategy, Timing::Quick);
    for (line, message) in [
        (
            "○ 対象のユニット1体を破壊する。対象のユニット1体をフリーズする。",
            "only one sentence of an effect can choose targets (R7.4); write this effect in Lua",
        ),
        (
            "○ 対象のベース1枚に1000ダメージを与える。",
            "damage is dealt to units (ユニット)",
        ),
        (
            "○ 対象のあなたの墓地にあるカード1枚を破壊する。",
            "this acts on cards in squares: ユニット or ベース",
        ),
        (
            "○ 対象のベース1枚を隣接するスクエアに移動する。",
            "only units (ユニット) move",
        ),
        (
            "○ 対象のユニット1体をリリース状態でスクエアに置く。",
            "a unit card or base card in a zone is put into a square: e.g. あなたの墓地にあるユニットカード",
        ),
    ] {
        let e = compile_text(line, &st, &mut NoScripts).unwrap_err();
        assert_eq!(e.to_string(), message, "{line}");
    }
}

// ------------------------------------------------------------------------------ ◆ and ● --

fn unit_with(line: &str) -> CardDef {
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Quick);
    match compile_text(line, &ctx, &mut NoScripts) {
        Ok(Compiled::Ability(a)) => CardDef::unit("text", 2000, 1).ability(a),
        other => panic!("{line}: {other:?}"),
    }
}

/// Whether the ◆ text line of a unit of `player` (`me`, in a square) triggers on `event`.
fn triggers(line: &str, event: impl Fn(CardId, CardId) -> dzero_core::Event, mine: bool) -> bool {
    let mut db = CardDb::new();
    let filler = db.add(CardDef::unit("兵士", 1000, 1));
    let def = db.add(unit_with(line));
    let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(One, 3);
    b.fill_deck(One, filler, 10);
    b.fill_deck(Two, filler, 10);
    let me = b.add(if mine { One } else { Two }, def, Loc::Square(sq(1, 1)));
    let other = b.add(One, filler, Loc::Square(sq(0, 0)));
    let g = match b.build(&db, Phase::Main) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let Some(dzero_core::Ability::Triggered(t)) = db.get(def).and_then(|d| d.abilities.first())
    else {
        panic!("{line}: no ◆")
    };
    assert_eq!(t.zones, dzero_core::ZoneSet::FIELD);
    let v = Query::new(&g, &db);
    t.when.matches(&v, me, &event(me, other))
}

// R17.2: each printed condition matches its event for this card only.
#[test]
fn r17_2_trigger_conditions_match_their_events() {
    use dzero_core::{Arrival, Event};
    let placed = |c| Event::Placed {
        card: c,
        square: sq(1, 1),
        played: true,
        arrival: Arrival::default(),
    };
    let destroyed = |c| Event::Destroyed {
        card: c,
        square: sq(1, 1),
    };
    let moved = |c, to| Event::Moved {
        card: c,
        from: Loc::Square(sq(1, 1)),
        to,
        arrival: Arrival::default(),
    };
    let smashed = |c| Event::Smashed {
        unit: c,
        victim: Two,
        cards: 1,
    };
    let main = |_, _| Event::PhaseBegan { phase: Phase::Main };
    let draw = "、カードを1枚引く。";
    let at = |w: &str| format!("◆ {w}{draw}");
    let put = at("このカードがスクエアに置かれた時");
    assert!(triggers(&put, |me, _| placed(me), true));
    assert!(!triggers(&put, |_, other| placed(other), true));
    assert!(!triggers(&put, |me, _| destroyed(me), true));
    let dest = at("このユニットが破壊された時");
    assert!(triggers(&dest, |me, _| destroyed(me), true));
    assert!(!triggers(&dest, |_, o| destroyed(o), true));
    let grave = at("このカードがスクエアから墓地に置かれた時");
    assert!(triggers(&grave, |me, _| moved(me, Loc::Graveyard), true));
    assert!(!triggers(&grave, |me, _| moved(me, Loc::Hand), true));
    assert!(!triggers(&grave, |_, o| moved(o, Loc::Graveyard), true));
    let smash = at("このユニットがスマッシュした時");
    assert!(triggers(&smash, |me, _| smashed(me), true));
    assert!(!triggers(&smash, |_, o| smashed(o), true));
    // 「あなたの」: the main phase of this card's controller only.
    let phase = at("あなたのメインフェイズの開始時");
    assert!(triggers(&phase, main, true));
    assert!(!triggers(&phase, main, false));
    assert!(!triggers(
        &phase,
        |_, _| Event::PhaseBegan { phase: Phase::Draw },
        true
    ));
}

fn settle(g: &mut Game, db: &CardDb) {
    for _ in 0..8 {
        if g.stack().is_empty() && g.choice().is_none() {
            return;
        }
        if let Err(e) = g.apply(db, Action::Pass) {
            panic!("{e}");
        }
    }
}

// R17.2, R7.4: コロボックルの斥候's line; played into a square, the ◆ goes on the stack and its
// controller draws one card.
#[test]
fn r17_2_placed_trigger_draws_in_a_game() {
    let mut db = CardDb::new();
    let filler = db.add(CardDef::unit("兵士", 1000, 1));
    let scout = db.add(unit_with(
        "◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。",
    ));
    let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(One, 3);
    b.fill_deck(One, filler, 10);
    b.fill_deck(Two, filler, 10);
    let card = b.add(One, scout, Loc::Hand);
    let mut g = match b.build(&db, Phase::Main) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let hand = g.zone_len(One, Zone::Hand);
    let deck = g.zone_len(One, Zone::Deck);
    let play = Action::Play {
        card,
        method: None,
        square: Some(sq(0, 1)),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    };
    if let Err(e) = g.apply(&db, play) {
        panic!("{e}");
    }
    settle(&mut g, &db);
    assert_eq!(g.location(card), Some(Loc::Square(sq(0, 1))));
    assert_eq!(g.zone_len(One, Zone::Hand), hand);
    assert_eq!(g.zone_len(One, Zone::Deck), deck - 1);
}

// R17.3: ● [cost]《timing》 with a text body: targets chosen on activation (R7.4).
#[test]
fn r17_3_activated_text_body_returns_a_unit() {
    let mut db = CardDb::new();
    let filler = db.add(CardDef::unit("兵士", 1000, 1));
    let def = db.add(unit_with(
        "● [0]《クイック》 対象の相手のユニット1体を持ち主の手札に戻す。",
    ));
    let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(One, 3);
    b.fill_deck(One, filler, 10);
    b.fill_deck(Two, filler, 10);
    let me = b.add(One, def, Loc::Square(sq(0, 1)));
    let foe = b.add(Two, filler, Loc::Square(sq(2, 1)));
    let mut g = match b.build(&db, Phase::Main) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let activate = |t: CardId| Action::Activate {
        card: me,
        ability: 0,
        targets: Targets::of(&[t]),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    };
    assert!(
        g.clone().apply(&db, activate(me)).is_err(),
        "only an opponent's unit"
    );
    if let Err(e) = g.apply(&db, activate(foe)) {
        panic!("{e}");
    }
    settle(&mut g, &db);
    assert_eq!(g.location(foe), Some(Loc::Hand));
}

/// Plays the strategy (no targets) and passes until it resolves or asks a question.
fn play_and_pass(g: &mut Game, db: &CardDb, card: CardId) {
    if let Err(e) = play(g, db, card, &[]) {
        panic!("{e}");
    }
    for _ in 0..2 {
        if let Err(e) = g.apply(db, Action::Pass) {
            panic!("{e}");
        }
    }
}

/// The hand and graveyard of `p`.
fn hand_and_grave(g: &Game, p: Player) -> (Vec<CardId>, Vec<CardId>) {
    (g.zone(p, Zone::Hand), g.zone(p, Zone::Graveyard))
}

// 相手は手札を1枚選んで捨てる: the opponent (the discarding player) chooses on resolution; the
// chosen card goes to the graveyard (R7.6: the effect does what it says).
#[test]
fn the_opponent_chooses_the_card_to_discard() {
    let mut s = Setup::new("○ 相手は手札を1枚選んで捨てる。");
    let cards: Vec<CardId> = (0..3).map(|_| s.card(Two, Loc::Hand)).collect();
    let (db, mut g, spell) = s.build();
    play_and_pass(&mut g, &db, spell);
    let c = g.choice().expect("the opponent chooses");
    assert_eq!((c.player, c.kind), (Two, dzero_core::ChoiceKind::Effect));
    assert_eq!(
        c.options,
        cards
            .iter()
            .map(|&c| dzero_core::ChoiceOption::Card(c))
            .collect::<Vec<_>>()
    );
    if let Err(e) = g.apply(&db, Action::Choose(1)) {
        panic!("{e}");
    }
    assert_eq!(
        hand_and_grave(&g, Two),
        (vec![cards[0], cards[2]], vec![cards[1]])
    );
    assert_eq!(g.location(spell), Some(Loc::Graveyard));
}

// 手札を1枚捨てる: the controller chooses from their own hand; with no more cards than asked
// for, the hand is discarded without a question (R7.6).
#[test]
fn the_controller_discards_and_a_small_hand_is_discarded_whole() {
    let mut s = Setup::new("○ 手札を1枚捨てる。");
    let a = s.card(One, Loc::Hand);
    let b = s.card(One, Loc::Hand);
    let (db, mut g, spell) = s.build();
    play_and_pass(&mut g, &db, spell);
    let c = g.choice().expect("the controller chooses");
    assert_eq!(c.player, One);
    if let Err(e) = g.apply(&db, Action::Choose(0)) {
        panic!("{e}");
    }
    assert_eq!(hand_and_grave(&g, One), (vec![b], vec![a, spell]));

    let mut s = Setup::new("○ カードを1枚引く。手札を2枚捨てる。");
    let a = s.card(One, Loc::Hand);
    let (db, mut g, spell) = s.build();
    play_and_pass(&mut g, &db, spell);
    assert!(
        g.choice()
            .is_none_or(|c| c.kind != dzero_core::ChoiceKind::Effect)
    );
    let (hand, grave) = hand_and_grave(&g, One);
    assert!(hand.is_empty(), "{hand:?}");
    assert!(grave.contains(&a) && grave.contains(&spell) && grave.len() == 3);
}

// ランダムに: the game's seeded generator picks (Resolve::random); no one is asked, and the same
// seed and decisions pick the same card (determinism).
#[test]
fn random_discard_uses_the_game_generator() {
    let run = || {
        let mut s = Setup::new("○ 相手は手札をランダムに1枚捨てる。");
        let cards: Vec<CardId> = (0..4).map(|_| s.card(Two, Loc::Hand)).collect();
        let (db, mut g, spell) = s.build();
        play_and_pass(&mut g, &db, spell);
        assert!(g.choice().is_none(), "no one is asked");
        let (hand, grave) = hand_and_grave(&g, Two);
        assert_eq!((hand.len(), grave.len()), (3, 1));
        assert!(cards.contains(&grave[0]) && !hand.contains(&grave[0]));
        cards.iter().position(|&c| c == grave[0])
    };
    assert_eq!(run(), run());
}

// Putting into zones: the owner's remove zone, smash zone (released), deck top or bottom; a
// unit from a square leaves it (R1.7: several at the same time).
#[test]
fn put_into_the_owners_zones() {
    let run = |line: &str| {
        let mut s = Setup::new(line);
        let u = s.unit(Two, 1000, sq(2, 1), Colour::Red, "");
        let (db, mut g, spell) = s.build();
        cast(&mut g, &db, spell, &[u]);
        (g, u)
    };
    let (g, u) = run("○ 対象の相手のユニット1体を持ち主のリムーブゾーンに置く。");
    assert_eq!(g.location(u), Some(Loc::Remove));
    let (g, u) = run("○ 対象の相手のユニット1体を持ち主のスマッシュゾーンに置く。");
    assert_eq!(g.location(u), Some(Loc::Smash));
    assert_eq!(g.zone(Two, Zone::Smash), [u]);
    let (g, u) = run("○ 対象のユニット1体を持ち主のデッキの上に置く。");
    assert_eq!(g.zone(Two, Zone::Deck).last(), Some(&u), "top of the deck");
    let (g, u) = run("○ 対象のユニット1体を持ち主のデッキの下に置く。");
    assert_eq!(
        g.zone(Two, Zone::Deck).first(),
        Some(&u),
        "bottom of the deck"
    );
    assert_eq!(g.zone(Two, Zone::Deck).len(), 11);
}

// A card in a graveyard chosen as target (R7.4) goes to its owner's smash zone.
#[test]
fn a_graveyard_card_into_the_smash_zone() {
    let mut s = Setup::new("○ 対象の相手の墓地にあるカード1枚を持ち主のスマッシュゾーンに置く。");
    let c = s.card(Two, Loc::Graveyard);
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[c]);
    assert_eq!(g.zone(Two, Zone::Smash), [c]);
    assert!(g.zone(Two, Zone::Graveyard).is_empty());
}

// A deck search: only matching cards are offered (in card-id order, not deck order: R1.6 the
// deck is hidden), the chosen one goes to the hand and the deck is shuffled.
#[test]
fn deck_search_offers_the_matching_cards_and_shuffles() {
    let line =
        "○ デッキから〈フェアリー〉のユニットカードを1枚選んで手札に加え、デッキをシャッフルする。";
    let mut s = Setup::new(line);
    let fairy = s.db.add(CardDef {
        race: "フェアリー".into(),
        ..CardDef::unit("妖精", 1000, 1)
    });
    let f1 = s.b.add(One, fairy, Loc::Deck);
    let f2 = s.b.add(One, fairy, Loc::Deck);
    let (db, mut g, spell) = s.build();
    let deck = g.zone(One, Zone::Deck);
    play_and_pass(&mut g, &db, spell);
    let c = g.choice().expect("the controller chooses");
    assert_eq!(c.player, One);
    assert_eq!(
        c.options,
        [
            dzero_core::ChoiceOption::Card(f1),
            dzero_core::ChoiceOption::Card(f2)
        ]
    );
    if let Err(e) = g.apply(&db, Action::Choose(1)) {
        panic!("{e}");
    }
    assert_eq!(g.zone(One, Zone::Hand), [f2]);
    let after = g.zone(One, Zone::Deck);
    assert_eq!(after.len(), deck.len() - 1);
    assert!(after.contains(&f1));
    let unshuffled: Vec<CardId> = deck.iter().copied().filter(|&c| c != f2).collect();
    assert_ne!(after, unshuffled, "the deck was shuffled");

    // No match: nothing is asked, the hand is unchanged.
    let s = Setup::new(line);
    let (db, mut g, spell) = s.build();
    play_and_pass(&mut g, &db, spell);
    assert!(g.choice().is_none());
    assert!(g.zone(One, Zone::Hand).is_empty());
    assert_eq!(g.zone(One, Zone::Deck).len(), 10);
}

// Moving by effect: R1.13 adjacent battle squares with no unit are offered (the opponent's
// unit's square is not), the controller chooses, and the unit keeps its frozen state.
#[test]
fn r1_13_move_to_an_adjacent_empty_square() {
    let mut s = Setup::new("○ 対象のあなたのユニット1体を隣接するスクエアに移動する。");
    let u = s.unit(One, 1000, sq(1, 1), Colour::Red, "");
    s.unit(Two, 1000, sq(2, 1), Colour::Red, "");
    s.unit(One, 1000, sq(1, 0), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    if let Err(e) = play(&mut g, &db, spell, &[u]) {
        panic!("{e}");
    }
    for _ in 0..2 {
        if let Err(e) = g.apply(&db, Action::Pass) {
            panic!("{e}");
        }
    }
    let c = g.choice().expect("the controller chooses the square");
    assert_eq!(c.player, One);
    assert_eq!(
        c.options,
        [
            dzero_core::ChoiceOption::Square(sq(0, 1)),
            dzero_core::ChoiceOption::Square(sq(1, 2))
        ]
    );
    if let Err(e) = g.apply(&db, Action::Choose(1)) {
        panic!("{e}");
    }
    assert_eq!(g.location(u), Some(Loc::Square(sq(1, 2))));
    assert!(!Query::new(&g, &db).frozen(u), "still released");
}

// With one free square nothing is asked; with none the unit stays.
#[test]
fn a_move_with_one_or_no_free_square() {
    let line = "○ 対象のユニット1体を隣接するスクエアに移動する。";
    let mut s = Setup::new(line);
    let u = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    s.unit(Two, 1000, sq(0, 1), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[u]);
    assert_eq!(g.location(u), Some(Loc::Square(sq(1, 0))));

    let mut s = Setup::new(line);
    let u = s.unit(One, 1000, sq(0, 0), Colour::Red, "");
    s.unit(Two, 1000, sq(0, 1), Colour::Red, "");
    s.unit(One, 1000, sq(1, 0), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[u]);
    assert_eq!(g.location(u), Some(Loc::Square(sq(0, 0))));
}

// A unit card from the graveyard into a square: only empty squares of the owner's own or
// centre area are offered (R8.2, no battle by effect), it arrives in the written state and is
// not played (no RE7 in the centre area).
#[test]
fn r8_2_graveyard_unit_card_into_a_square() {
    let mut s =
        Setup::new("○ 対象のあなたの墓地にあるユニットカード1枚をリリース状態でスクエアに置く。");
    let c = s.card(One, Loc::Graveyard);
    for col in 0..3 {
        s.unit(Two, 1000, sq(0, col), Colour::Red, "");
    }
    s.unit(One, 1000, sq(1, 0), Colour::Red, "");
    s.unit(Two, 1000, sq(1, 2), Colour::Red, "");
    let (db, mut g, spell) = s.build();
    cast(&mut g, &db, spell, &[c]);
    // The only free square of One's own and centre areas is b2 (1, 1): nothing was asked.
    assert_eq!(g.location(c), Some(Loc::Square(sq(1, 1))));
    assert!(!Query::new(&g, &db).frozen(c), "released as written");

    let mut s =
        Setup::new("○ 対象のあなたの墓地にあるユニットカード1枚をフリーズ状態でスクエアに置く。");
    let c = s.card(One, Loc::Graveyard);
    let (db, mut g, spell) = s.build();
    if let Err(e) = play(&mut g, &db, spell, &[c]) {
        panic!("{e}");
    }
    for _ in 0..2 {
        if let Err(e) = g.apply(&db, Action::Pass) {
            panic!("{e}");
        }
    }
    let q = g.choice().expect("six free squares");
    assert_eq!((q.player, q.options.len()), (One, 6));
    if let Err(e) = g.apply(&db, Action::Choose(0)) {
        panic!("{e}");
    }
    assert_eq!(g.location(c), Some(Loc::Square(sq(0, 0))));
    assert!(Query::new(&g, &db).frozen(c), "frozen as written");
}
