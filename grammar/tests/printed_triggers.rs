//! ◆ conditions as real cards print them, with data: arrivals with a subject (race, side) and a
//! provenance (手札から, プランゾーンから, プレイされて), battles (攻撃した/攻撃された), turn and
//! phase ends without の, 「ターン終了時に、」 (a ◆ on a unit, a delayed clause on a strategy),
//! and conditions joined by か. Each is parsed, compiled and matched against the events it
//! names.

mod support;

use dzero_core::{
    Ability, CardDef, CardId, CardKind, Cause, Colour, Event, EventKinds, Loc, Played, Player,
    Query, Timing, Trigger, Zone,
};
use dzero_grammar::{
    AbilityLine, Arrival, ArrivalFrom, ArrivalHow, Arriving, Clause, CompileCtx, Compiled, Line,
    NoScripts, When, compile_text, parse_line,
};
use support::{Table, sq, with_lines};

use Player::{One, Two};

/// 水晶砦の魔女, as printed (no ◆).
const SIREN: &str = "種族「セイレーン」のあなたのユニットが手札かプランゾーンからスクエアに置かれた時、あなたはバトルスペースのスクエアにある対象のユニットを1枚選び、ターン終了時まで、パワーを+2000する。";

/// The cards of a game: the ◆ card of One in (1,1), a セイレーン of One, a plain unit of One
/// and a セイレーン of Two (outside the squares until an event puts them there).
struct Board {
    db: dzero_core::CardDb,
    game: dzero_core::Game,
    me: CardId,
    siren: CardId,
    plain: CardId,
    their_siren: CardId,
    trigger: usize,
}

fn board(line: &str) -> Board {
    let mut t = Table::new();
    let def = CardDef::unit("水晶砦の魔女", 3000, 1).colour(Colour::Blue);
    let def = with_lines(def, &[line], &mut NoScripts).unwrap_or_else(|e| panic!("{line}: {e}"));
    let trigger = def
        .abilities
        .iter()
        .position(|a| matches!(a, Ability::Triggered(_)))
        .unwrap_or_else(|| panic!("{line}: no ◆"));
    let def = t.def(def);
    let siren = t.def(CardDef::unit("歌う人魚", 2000, 1).race("セイレーン"));
    let me = t.add(One, def, Loc::Square(sq(1, 1)));
    let siren_one = t.add(One, siren, Loc::Square(sq(0, 0)));
    let plain = t.filler_at(One, sq(0, 1));
    let their_siren = t.add(Two, siren, Loc::Square(sq(2, 2)));
    let (db, game) = t.build();
    Board {
        db,
        game,
        me,
        siren: siren_one,
        plain,
        their_siren,
        trigger,
    }
}

impl Board {
    fn fires(&self, event: &Event) -> bool {
        let view = Query::new(&self.game, &self.db);
        let Some(Ability::Triggered(t)) = view.def(self.me).abilities.get(self.trigger) else {
            panic!("no ◆")
        };
        let fires = self.matches(t.when.as_ref(), event);
        // The engine asks a condition only about the kinds of event it listens to.
        assert!(!fires || t.when.events().intersects(EventKinds::of(event)));
        fires
    }

    fn matches(&self, when: &dyn Trigger, event: &Event) -> bool {
        when.matches(&Query::new(&self.game, &self.db), self.me, event)
    }
}

fn placed(card: CardId, from: Zone, cause: Cause) -> Event {
    Event::Placed {
        card,
        square: sq(1, 0),
        played: matches!(cause, Cause::Played(_)),
        arrival: dzero_core::Arrival { from, cause },
    }
}

fn play_from(from: Zone) -> Cause {
    Cause::Played(Played { from, method: None })
}

const EFFECT: Cause = Cause::Effect {
    card: None,
    player: One,
};

fn when_of(line: &str) -> When {
    match parse_line(line) {
        Ok(Line::Ability(AbilityLine::Triggered(t))) => t.when,
        other => panic!("{line}: {other:?}"),
    }
}

/// The line's canonical text re-parses to the same line.
fn round_trips(line: &str) -> String {
    let l = parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let printed = l.to_string();
    let again = parse_line(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
    assert_eq!(again.to_string(), printed, "{line}");
    printed
}

// R17.2, R9.6: 水晶砦の魔女 — an arrival of a group (race, side) from the hand or the plan zone,
// played or put; not from elsewhere, not a move, not another race or the opponent's unit.
#[test]
fn r17_2_a_race_of_yours_arriving_from_hand_or_plan() {
    let b = board(SIREN);
    assert!(b.fires(&placed(b.siren, Zone::Hand, play_from(Zone::Hand))));
    assert!(b.fires(&placed(b.siren, Zone::Plan, play_from(Zone::Plan))));
    assert!(b.fires(&placed(b.siren, Zone::Plan, EFFECT)));
    assert!(!b.fires(&placed(b.siren, Zone::Graveyard, EFFECT)));
    assert!(!b.fires(&placed(b.siren, Zone::Field, Cause::Moved)));
    assert!(!b.fires(&placed(b.plain, Zone::Hand, play_from(Zone::Hand))));
    assert!(!b.fires(&placed(b.their_siren, Zone::Hand, play_from(Zone::Hand))));
    // The ability's own card is no セイレーン.
    assert!(!b.fires(&placed(b.me, Zone::Hand, play_from(Zone::Hand))));
    let Line::Ability(AbilityLine::Triggered(t)) = parse_line(SIREN).unwrap() else {
        panic!()
    };
    let When::Arrives(Arrival {
        who: Arriving::Group(g),
        from,
        how,
        ..
    }) = &t.when
    else {
        panic!("{:?}", t.when)
    };
    assert_eq!((*from, *how), (ArrivalFrom::HandOrPlan, ArrivalHow::Any));
    assert_eq!(g.side, Some(dzero_core::Side::Own));
    assert!(
        round_trips(SIREN).starts_with(
            "◆ あなたの〈セイレーン〉のユニットが手札かプランゾーンからスクエアに置かれた時、"
        ),
        "{}",
        round_trips(SIREN)
    );
    // The other spellings of a race read the same.
    for other in [
        "◆ 〈セイレーン〉のあなたのユニットが手札かプランゾーンからスクエアに置かれたとき、カードを1枚引く。",
        "あなたの種族がセイレーンのユニットが手札かプランゾーンからスクエアに置かれた時、カードを1枚引く。",
    ] {
        assert_eq!(when_of(other).to_string(), t.when.to_string(), "{other}");
    }
}

// R9.6, R17.2: this card's arrivals by zone and by play, as printed (霧雨 魔理沙, 夕焼けの海の
// 魔女): from the plan zone (played or put), from the hand or the plan zone, from the graveyard.
#[test]
fn r9_6_this_card_arriving_from_a_zone() {
    let plan = board("このカードがプランゾーンからスクエアに置かれた時、カードを1枚引く。");
    assert!(plan.fires(&placed(plan.me, Zone::Plan, play_from(Zone::Plan))));
    assert!(plan.fires(&placed(plan.me, Zone::Plan, EFFECT)));
    assert!(!plan.fires(&placed(plan.me, Zone::Hand, play_from(Zone::Hand))));
    assert!(!plan.fires(&placed(plan.siren, Zone::Plan, EFFECT)));
    let either = board("このカードが手札かプランゾーンからスクエアに置かれた時、カードを1枚引く。");
    assert!(either.fires(&placed(either.me, Zone::Hand, play_from(Zone::Hand))));
    assert!(either.fires(&placed(either.me, Zone::Plan, EFFECT)));
    assert!(!either.fires(&placed(either.me, Zone::Graveyard, EFFECT)));
    let grave = board("このユニットが墓地からスクエアに置かれた時、カードを1枚引く。");
    assert!(grave.fires(&placed(grave.me, Zone::Graveyard, EFFECT)));
    assert!(!grave.fires(&placed(grave.me, Zone::Hand, play_from(Zone::Hand))));
    let hand_played =
        board("このカードが手札からプレイされてスクエアに置かれた時、カードを1枚引く。");
    assert!(hand_played.fires(&placed(hand_played.me, Zone::Hand, play_from(Zone::Hand))));
    assert!(!hand_played.fires(&placed(hand_played.me, Zone::Hand, EFFECT)));
    for l in [
        "このカードがプランゾーンからスクエアに置かれた時、カードを1枚引く。",
        "このカードが墓地から(プレイ以外で)スクエアに置かれた時、カードを1枚引く。",
        "このカードが手札からプレイされてスクエアに置かれた時、カードを1枚引く。",
        "他のあなたの赤のユニットがスクエアに置かれた時、カードを1枚引く。",
    ] {
        round_trips(l);
    }
    assert!(parse_line("このカードが置かれた時、カードを1枚引く。").is_err());
}

fn battle(attacker: CardId, defender: CardId) -> Event {
    Event::BattleBegan {
        square: sq(1, 1),
        attacker,
        defender,
    }
}

// R11.3, R17.2: 「このカードが攻撃した時」 is a battle this unit began by arriving later;
// 「このカードが攻撃された時」 (紅 美鈴, 聖騎士ホーリー・サーベル) one the other unit began. The
// opponent arrived later here (the table adds it after this unit), so it is not both (A21);
// both arriving together, each attacks and is attacked (A52):
// cardpool/sets/d0-sample/tests/wording/attacked_together.toml.
#[test]
fn r11_3_attacks_and_is_attacked() {
    let attacked =
        board("このカードが攻撃された時、ターン終了時まで、このカードのパワーを+2000する。");
    assert!(attacked.fires(&battle(attacked.their_siren, attacked.me)));
    assert!(!attacked.fires(&battle(attacked.their_siren, attacked.siren)));
    let attacks =
        board("このカードが攻撃した時、ターン終了時まで、このカードのパワーを+5000する。");
    assert!(!attacks.fires(&battle(attacks.their_siren, attacks.me)));
    assert!(!attacks.fires(&battle(attacks.their_siren, attacks.siren)));
    // 紅 美鈴 prints no 、 after ターン終了時まで.
    assert_eq!(
        round_trips("このカードが攻撃された時、ターン終了時までこのカードのパワーを+2000する。"),
        "◆ このカードが攻撃された時、ターン終了時まで、このカードのパワーを+2000する。"
    );
    assert_eq!(
        when_of("◆ このユニットが攻撃したとき、カードを1枚引く。"),
        When::Attacks
    );
    assert_eq!(
        when_of("trigger when this unit is attacked, draw 1"),
        When::Attacked
    );
}

// R13.1, R17.2: turn and phase spellings without の, with or without に; 「ターン終了時に、」 on
// a unit is a ◆ at the end of every turn (閃光の魔炎ビーム).
#[test]
fn r13_1_turn_ends_as_printed() {
    for (printed, when) in [
        ("あなたのターン終了時、カードを1枚引く。", When::YourTurnEnd),
        (
            "あなたのターン終了時に、カードを1枚引く。",
            When::YourTurnEnd,
        ),
        (
            "◆ あなたのターンの終了時、カードを1枚引く。",
            When::YourTurnEnd,
        ),
        (
            "あなたのメインフェイズ開始時に、カードを1枚引く。",
            When::YourMainPhase,
        ),
        ("ターン終了時に、カードを1枚引く。", When::EveryTurnEnd),
    ] {
        assert_eq!(when_of(printed), when, "{printed}");
        round_trips(printed);
    }
    let beam = board(
        "ターン終了時に、あなたはバトルスペースのスクエアにあるこのカードを持ち主の手札に加える。",
    );
    let ending = |player| Event::TurnEnding { player, turn: 3 };
    assert!(beam.fires(&ending(One)));
    assert!(beam.fires(&ending(Two)));
    let yours = board("あなたのターン終了時、カードを1枚引く。");
    assert!(yours.fires(&ending(One)));
    assert!(!yours.fires(&ending(Two)));
    // 「ターン終了時まで」 is no condition.
    assert!(parse_line("ターン終了時まで、カードを1枚引く。").is_err());
}

// R4.7: on a strategy, 「ターン終了時に、…」 delays its sentence to the end of the turn (a clause of
// its effect, not a ◆ of a card in a square), written alone or after a ○ effect.
#[test]
fn r4_7_end_of_turn_on_a_strategy_is_delayed() {
    let ctx = CompileCtx::new(CardKind::Strategy, Timing::Normal);
    let Ok(Compiled::Granting(main, grants)) =
        compile_text("ターン終了時に、カードを1枚引く。", &ctx, &mut NoScripts)
    else {
        panic!("not a delayed clause")
    };
    assert!(matches!(*main, Compiled::Spell(_)));
    assert_eq!(grants.len(), 1);
    let Ok(Line::Spell(s)) = parse_line("○ カードを1枚引く。ターン終了時に、カードを1枚引く。")
    else {
        panic!()
    };
    assert!(matches!(
        s.body.steps[1].action,
        dzero_grammar::Action::Clause(Clause::Delayed(..))
    ));
    assert!(
        compile_text(
            "ターン終了時に、カードを1枚引く。カードを1枚引く。",
            &ctx,
            &mut NoScripts
        )
        .is_err()
    );
    let unit = CompileCtx::new(CardKind::Unit, Timing::Quick);
    assert!(matches!(
        compile_text("ターン終了時に、カードを1枚引く。", &unit, &mut NoScripts),
        Ok(Compiled::Ability(Ability::Triggered(_)))
    ));
}

// R17.2, A53: 「…時か…時に、」 is one ability triggering on either condition.
#[test]
fn a53_either_condition() {
    let line = "このカードがスクエアに置かれた時かあなたのターン終了時に、カードを1枚引く。";
    let w = when_of(line);
    assert_eq!(w.parts().len(), 2);
    let b = board(line);
    assert!(b.fires(&placed(b.me, Zone::Hand, play_from(Zone::Hand))));
    assert!(b.fires(&Event::TurnEnding {
        player: One,
        turn: 3
    }));
    assert!(!b.fires(&Event::TurnEnding {
        player: Two,
        turn: 3
    }));
    assert!(!b.fires(&placed(b.siren, Zone::Hand, play_from(Zone::Hand))));
    assert_eq!(
        round_trips(line),
        "◆ このカードがスクエアに置かれた時かあなたのターンの終了時、カードを1枚引く。"
    );
    let three = when_of(
        "このカードが攻撃した時かこのカードが攻撃された時かターン終了時に、カードを1枚引く。",
    );
    assert_eq!(
        three.parts(),
        &[When::Attacks, When::Attacked, When::EveryTurnEnd]
    );
}
