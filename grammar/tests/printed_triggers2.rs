//! More ◆ conditions as real cards print them (R17.2, A60): targeted by any card, a card
//! moving from one zone to another, leaving a square. Each is parsed, compiled, printed back
//! and matched against the events it names.

mod support;

use dzero_core::{
    Arrival, CardId, Cause, Event, EventKinds, ItemTag, Loc, Player, Query, Side, Target, Zone,
};
use dzero_grammar::{AbilityLine, Line, Move, MoveZone, When, parse_line};
use support::{Table, first_triggered, sq, unit};

use Player::{One, Two};

/// 防空戦鬼紫電, first line as printed.
const SHIDEN_1: &str = "このカードが対象になった時、あなたは自分のエネルギーゾーンにある対象のカードを1枚選び、持ち主の墓地に置く。";
/// 防空戦鬼紫電, second line as printed.
const SHIDEN_2: &str = "カードがあなたのエネルギーゾーンから墓地に置かれた時、あなたはバトルスペースのスクエアにある対象のユニットを2枚まで選び、3000のダメージを与える。";
/// 八雲 紫's second condition as printed (its effect, every card of a zone, is not yet
/// understood).
const YUKARI: &str = "このカードがスクエアを離れたとき、カードを1枚引く。";

/// The ◆ card of One in (1,1) with `line`, an energy card of each player and a unit of One.
struct Board {
    db: dzero_core::CardDb,
    game: dzero_core::Game,
    me: CardId,
    my_energy: CardId,
    their_energy: CardId,
    other: CardId,
}

fn board(line: &str) -> Board {
    let mut t = Table::new();
    let def = t.def(unit("防空戦鬼紫電", 3000, &[line]));
    let me = t.add(One, def, Loc::Square(sq(1, 1)));
    let filler = t.filler;
    let my_energy = t.add(One, filler, Loc::Energy);
    let their_energy = t.add(Two, filler, Loc::Energy);
    let other = t.filler_at(One, sq(0, 1));
    let (db, game) = t.build();
    Board {
        db,
        game,
        me,
        my_energy,
        their_energy,
        other,
    }
}

impl Board {
    fn fires(&self, event: &Event) -> bool {
        let view = Query::new(&self.game, &self.db);
        let t = first_triggered(&view, self.me);
        let fires = t.when.matches(&view, self.me, event);
        // The engine asks a condition only about the kinds of event it listens to.
        assert!(!fires || t.when.events().intersects(EventKinds::of(event)));
        fires
    }
}

fn moved(card: CardId, from: Loc, to: Loc) -> Event {
    Event::Moved {
        card,
        from,
        to,
        arrival: Arrival {
            from: Zone::Field,
            cause: Cause::Effect {
                card: None,
                player: One,
            },
        },
    }
}

fn targeted(card: CardId, player: Player) -> Event {
    Event::Targeted {
        target: Target::Card(card),
        tag: ItemTag::Play,
        by: None,
        player,
    }
}

fn when_of(line: &str) -> When {
    match parse_line(line) {
        Ok(Line::Ability(AbilityLine::Triggered(t))) => t.when,
        other => panic!("{line}: {other:?}"),
    }
}

/// The line's canonical text re-parses to the same line.
fn round_trips(line: &str) {
    let l = parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let printed = l.to_string();
    let again = parse_line(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
    assert_eq!(again.to_string(), printed, "{line}");
}

// R7.4, A60: 防空戦鬼紫電 — targeted by any item, the controller's own included; not when
// another card is targeted.
#[test]
fn a60_targeted_by_any_card() {
    assert_eq!(when_of(SHIDEN_1), When::Targeted);
    assert_eq!(
        when_of("このユニットが対象になったとき、カードを1枚引く。"),
        When::Targeted
    );
    round_trips(SHIDEN_1);
    let b = board(SHIDEN_1);
    assert!(b.fires(&targeted(b.me, Two)));
    assert!(b.fires(&targeted(b.me, One)));
    assert!(!b.fires(&targeted(b.other, Two)));
}

// R17.2, A60: 防空戦鬼紫電 — a card of its controller's leaving the energy zone for the
// graveyard; not the opponent's, not another route.
#[test]
fn a60_a_card_moving_from_your_energy_zone_to_the_graveyard() {
    assert_eq!(
        when_of(SHIDEN_2),
        When::Moved(Move {
            side: Some(Side::Own),
            from: MoveZone::Energy,
            to: MoveZone::Graveyard,
        })
    );
    round_trips(SHIDEN_2);
    let b = board(SHIDEN_2);
    assert!(b.fires(&moved(b.my_energy, Loc::Energy, Loc::Graveyard)));
    assert!(!b.fires(&moved(b.their_energy, Loc::Energy, Loc::Graveyard)));
    assert!(!b.fires(&moved(b.my_energy, Loc::Energy, Loc::Hand)));
    assert!(!b.fires(&moved(b.other, Loc::Square(sq(0, 1)), Loc::Graveyard)));
    // Either player's, unnamed.
    let any = board("カードがエネルギーゾーンから墓地に置かれた時、カードを1枚引く。");
    assert!(any.fires(&moved(any.their_energy, Loc::Energy, Loc::Graveyard)));
}

// R17.2, A60: 八雲 紫 — leaving the squares for any zone; a move between squares is no
// leaving, nor is another card's.
#[test]
fn a60_leaving_a_square_for_anywhere() {
    assert_eq!(when_of(YUKARI), When::LeavesSquare);
    round_trips(YUKARI);
    let b = board(YUKARI);
    let here = Loc::Square(sq(1, 1));
    for to in [
        Loc::Graveyard,
        Loc::Hand,
        Loc::Remove,
        Loc::Deck,
        Loc::Energy,
    ] {
        assert!(b.fires(&moved(b.me, here, to)), "{to:?}");
    }
    assert!(!b.fires(&moved(b.me, here, Loc::Square(sq(1, 0)))));
    assert!(!b.fires(&moved(b.other, Loc::Square(sq(0, 1)), Loc::Graveyard)));
}
