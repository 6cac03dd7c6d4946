//! ◆ conditions written as printed beyond the first five: each matches exactly the
//! event it names, for this card (or its controller) only, like the Lua `card:trigger` it
//! replaces; and the sentences added with them (すべて after the noun, ゲームから除外する).

mod support;

use dzero_core::{
    Ability, CardId, Cause, Event, ItemTag, Loc, Played, Player, Query, Target, Zone, ZoneSet,
};
use dzero_grammar::{
    AbilityLine, Action, Arrival, ArrivalFrom, ArrivalHow, Choice, Filter, Line, PutDest, Subject,
    When, parse_line,
};
use support::{Table, sq, unit};

use Player::{One, Two};

/// The ◆ line of a unit of One in (1,1), a unit of One in (0,0) and one of Two in (2,2):
/// whether the line triggers on `event(me, mine, theirs)`, seen with One active.
fn triggers(line: &str, event: impl Fn(CardId, CardId, CardId) -> Event) -> bool {
    let mut t = Table::new();
    let def = t.def(unit("歩哨", 3000, &[line]));
    let me = t.add(One, def, Loc::Square(sq(1, 1)));
    let mine = t.filler_at(One, sq(0, 0));
    let theirs = t.filler_at(Two, sq(2, 2));
    let (db, g) = t.build();
    let Some(Ability::Triggered(tr)) = db.get(def).and_then(|d| d.abilities.first()) else {
        panic!("{line}: no ◆")
    };
    assert_eq!(tr.zones, ZoneSet::FIELD, "{line}");
    tr.when
        .matches(&Query::new(&g, &db), me, &event(me, mine, theirs))
}

fn at(when: &str) -> String {
    format!("◆ {when}、あなたはカードを1枚引く。")
}

fn placed(card: CardId, from: Zone, cause: Cause) -> Event {
    Event::Placed {
        card,
        square: sq(1, 1),
        played: matches!(cause, Cause::Played(_)),
        arrival: dzero_core::Arrival { from, cause },
    }
}

fn played_from(from: Zone) -> Cause {
    Cause::Played(Played { from, method: None })
}

fn destroyed(card: CardId) -> Event {
    Event::Destroyed {
        card,
        square: sq(1, 1),
    }
}

// R17.2: 「あなたのユニットが破壊された時」 (弔いの鐘撞き): any unit of this card's controller,
// this one included; not the opponent's.
#[test]
fn r17_2_own_unit_destroyed() {
    let l = at("あなたのユニットが破壊された時");
    assert!(triggers(&l, |_, mine, _| destroyed(mine)));
    assert!(triggers(&l, |me, _, _| destroyed(me)));
    assert!(!triggers(&l, |_, _, theirs| destroyed(theirs)));
    assert!(!triggers(&l, |_, mine, _| Event::Frozen { card: mine }));
}

// R17.2: 「相手のユニットがスクエアに置かれた時」: the opponent's unit, played, put or moved.
#[test]
fn r17_2_opponent_unit_put_into_a_square() {
    let l = at("相手のユニットがスクエアに置かれた時");
    assert!(triggers(&l, |_, _, t| placed(
        t,
        Zone::Hand,
        played_from(Zone::Hand)
    )));
    assert!(triggers(&l, |_, _, t| placed(t, Zone::Field, Cause::Moved)));
    assert!(!triggers(&l, |_, m, _| placed(
        m,
        Zone::Hand,
        played_from(Zone::Hand)
    )));
}

// R11, R17.2: 「このユニットがバトルに勝利した時」: this unit is the battle's winner; a draw or
// another winner does not count.
#[test]
fn r17_2_wins_a_battle() {
    let l = at("このユニットがバトルに勝利した時");
    let ended = |winner| Event::BattleEnded {
        square: sq(1, 1),
        winner,
    };
    assert!(triggers(&l, |me, _, _| ended(Some(me))));
    assert!(!triggers(&l, |_, _, t| ended(Some(t))));
    assert!(!triggers(&l, |_, _, _| ended(None)));
}

// R13.1, R17.2: 「あなたのターンの終了時」 is the TurnEnding event (the recovery phase begins, before
// the turn ends) of a turn of this card's controller.
#[test]
fn r13_1_end_of_your_turn() {
    let l = at("あなたのターンの終了時");
    let ending = |player| Event::TurnEnding { player, turn: 3 };
    assert!(triggers(&l, |_, _, _| ending(One)));
    assert!(!triggers(&l, |_, _, _| ending(Two)));
    assert!(!triggers(&l, |_, _, _| Event::TurnBegan {
        player: One,
        turn: 3
    }));
}

// R9.6, R17.2: provenance. 「プランゾーンからプレイされて」 only for a play from the plan zone;
// 「プレイされて」 for any play; 「スクエア以外から」 for a play or a put from a zone, never for
// a move between squares.
#[test]
fn r9_6_placed_by_provenance() {
    let plan = at("このカードがプランゾーンからプレイされてスクエアに置かれた時");
    assert!(triggers(&plan, |me, _, _| placed(
        me,
        Zone::Plan,
        played_from(Zone::Plan)
    )));
    assert!(!triggers(&plan, |me, _, _| placed(
        me,
        Zone::Hand,
        played_from(Zone::Hand)
    )));
    let effect = Cause::Effect {
        card: None,
        player: One,
    };
    assert!(!triggers(&plan, |me, _, _| placed(me, Zone::Plan, effect)));
    assert!(!triggers(&plan, |_, m, _| placed(
        m,
        Zone::Plan,
        played_from(Zone::Plan)
    )));
    let played = at("このカードがプレイされてスクエアに置かれた時");
    assert!(triggers(&played, |me, _, _| placed(
        me,
        Zone::Hand,
        played_from(Zone::Hand)
    )));
    assert!(triggers(&played, |me, _, _| placed(
        me,
        Zone::Plan,
        played_from(Zone::Plan)
    )));
    assert!(!triggers(&played, |me, _, _| placed(
        me,
        Zone::Graveyard,
        effect
    )));
    let outside = at("このカードがスクエア以外からスクエアに置かれた時");
    assert!(triggers(&outside, |me, _, _| placed(
        me,
        Zone::Hand,
        played_from(Zone::Hand)
    )));
    assert!(triggers(&outside, |me, _, _| placed(
        me,
        Zone::Graveyard,
        effect
    )));
    assert!(!triggers(&outside, |me, _, _| placed(
        me,
        Zone::Field,
        Cause::Moved
    )));
    assert!(!triggers(&outside, |_, m, _| placed(m, Zone::Hand, effect)));
}

// R7.4, R17.2: 「このユニットが相手のカードや能力の対象になった時」 (警戒の歩哨): an item of the
// opponent of this card's controller targets it; its own controller's items do not count.
#[test]
fn r7_4_targeted_by_the_opponent() {
    let l = at("このユニットが相手のカードや能力の対象になった時");
    let targeted = |c, player| Event::Targeted {
        target: Target::Card(c),
        tag: ItemTag::Play,
        by: None,
        player,
    };
    assert!(triggers(&l, |me, _, _| targeted(me, Two)));
    assert!(!triggers(&l, |me, _, _| targeted(me, One)));
    assert!(!triggers(&l, |_, m, _| targeted(m, Two)));
}

// Every fixed condition and このカード's arrivals listed in docs/dsl.md have an ASCII spelling
// and a canonical Japanese one that re-parse to them.
#[test]
fn conditions_spelled_both_ways() {
    let this = |from, how| When::Arrives(Arrival::this(from, how));
    let arrivals = [
        this(ArrivalFrom::Any, ArrivalHow::Any),
        this(ArrivalFrom::Any, ArrivalHow::Played),
        this(ArrivalFrom::Plan, ArrivalHow::Played),
        this(ArrivalFrom::Plan, ArrivalHow::NotPlayed),
        this(ArrivalFrom::OutsideSquares, ArrivalHow::Any),
    ];
    for w in When::FIXED.into_iter().chain(arrivals) {
        let ascii = w
            .ascii()
            .unwrap_or_else(|| panic!("{w}: no ASCII spelling"));
        for text in [w.to_string(), ascii.to_owned()] {
            let line = format!("◆ {text}、カードを1枚引く。");
            let Ok(Line::Ability(AbilityLine::Triggered(t))) = parse_line(&line) else {
                panic!("{line}: {:?}", parse_line(&line))
            };
            assert_eq!(t.when, w, "{line}");
            assert_eq!(t.to_string(), format!("◆ {w}、カードを1枚引く。"));
        }
    }
}

fn only_step(line: &str) -> Action {
    match parse_line(line) {
        Ok(Line::Spell(s)) if s.body.steps.len() == 1 => s.body.steps[0].action.clone(),
        other => panic!("{line}: {other:?}"),
    }
}

fn subject_of(a: &Action) -> &Subject {
    a.subject().unwrap_or_else(|| panic!("{a:?}: no subject"))
}

// プリズムリバー三姉妹: 「…ユニットすべてに」 is every match, as 「すべての…」.
#[test]
fn each_written_after_the_noun() {
    let a = only_step("○ 使用コスト3以下の相手のユニットすべてに2000ダメージを与える。");
    let b = only_step("○ すべての相手の使用コストが3以下のユニットに2000ダメージを与える。");
    assert_eq!(a.to_string(), b.to_string());
    let s = subject_of(&a);
    assert_eq!(s.mode, Choice::Each);
    assert_eq!(s.side, Some(dzero_core::Side::Opponent));
    assert_eq!(s.filters, vec![Filter::CostAtMost(3)]);
    assert!(matches!(a, Action::Damage(_, 2000)));
    assert!(parse_line("○ ユニットすべて2体を破壊する。").is_err());
}

// 八雲 紫: 「ゲームから除外する」 puts the cards into their owner's remove zone.
#[test]
fn removed_from_the_game_is_the_remove_zone() {
    let a = only_step("○ 対象の使用コスト4以下の相手のユニット1体をゲームから除外する。");
    assert!(matches!(a, Action::Put(_, PutDest::Remove)));
    let en = only_step("spell: remove target opponent cost<=4 unit from the game");
    assert_eq!(en.to_string(), a.to_string());
    assert_eq!(
        a.to_string(),
        "対象の相手の使用コストが4以下のユニット1体を持ち主のリムーブゾーンに置く"
    );
}
