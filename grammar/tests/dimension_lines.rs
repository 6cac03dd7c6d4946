//! Lines of the dimension deck's cards (R19): 「あなたが{C}を出したとき」, a D2 field's D-switch,
//! a phenomenon's ○ effect and 「この現象が表向きになったとき」, 「次元デッキを切り直す」; they
//! work from the command zone and the canonical Japanese round-trips.

mod support;

use dzero_core::{Ability, CardDef, CardKind, DieFace, Event, Loc, Player, Query, ZoneSet};
use dzero_grammar::{CompileCtx, Compiled, NoScripts, compile_text, parse_line};
use support::{Table, with_lines};

use Player::{One, Two};

/// Whether the first ability of a card of `kind` with `line`, in the command zone and
/// controlled by One, triggers on `event(me)`.
fn triggers(kind: CardKind, line: &str, event: impl Fn(dzero_core::CardId) -> Event) -> bool {
    let mut t = Table::new();
    let def = match with_lines(CardDef::new("次元", kind), &[line], &mut NoScripts) {
        Ok(d) => t.def(d),
        Err(e) => panic!("{line}: {e}"),
    };
    let me = t.add(One, def, Loc::Command);
    let (db, g) = t.build();
    let Some(Ability::Triggered(tr)) = db.get(def).and_then(|d| d.abilities.first()) else {
        panic!("{line}: no ◆")
    };
    assert_eq!(tr.zones, ZoneSet::COMMAND, "{line}");
    tr.when.matches(&Query::new(&g, &db), me, &event(me))
}

fn rolled(player: Player, face: DieFace) -> Event {
    Event::Rolled { player, face }
}

// R19.13: a C of this card's controller (each player's, when shared, A42), no other face.
#[test]
fn r19_13_when_you_roll_c() {
    let l = "◆ あなたが{C}を出したとき、カードを1枚引く。";
    assert!(triggers(CardKind::Dimension, l, |_| rolled(
        One,
        DieFace::C
    )));
    assert!(!triggers(CardKind::Dimension, l, |_| rolled(
        Two,
        DieFace::C
    )));
    assert!(!triggers(CardKind::Dimension, l, |_| rolled(
        One,
        DieFace::P
    )));
    assert!(!triggers(CardKind::Dimension, l, |_| rolled(
        One,
        DieFace::Blank
    )));
    assert_eq!(parse_line(l).unwrap().to_string(), l);
    let variant = parse_line("◆ あなたが{C}を出した時、カードを1枚引く。").unwrap();
    assert_eq!(variant.to_string(), l);
    let en = parse_line("trigger when you roll {C}, draw 1").unwrap();
    assert_eq!(en.to_string(), l);
}

// R19.13: a D2 field's D-switch triggers on C like 「あなたが{C}を出したとき」.
#[test]
fn r19_13_d_switch() {
    let l = "Dスイッチ：このD2フィールドをゲーム中で一度上下逆さまにしてもよい。そうしたら、カードを2枚引く。";
    assert!(triggers(CardKind::Dimension, l, |_| rolled(
        One,
        DieFace::C
    )));
    assert!(!triggers(CardKind::Dimension, l, |_| rolled(
        One,
        DieFace::P
    )));
    assert_eq!(parse_line(l).unwrap().to_string(), l);
    let en = "d-switch: you may turn this d2 field upside down once this game. if you do, draw 2";
    assert_eq!(parse_line(en).unwrap().to_string(), l);
}

// R19.15, R19.20, R19.9, A37: a phenomenon's effect triggers when it is turned face up during
// play, never during setup; ○ and the ◆ spelling are the same ability.
#[test]
fn r19_15_phenomenon_turned_face_up() {
    for l in [
        "○ カードを1枚引く。",
        "◆ この現象が表向きになったとき、カードを1枚引く。",
    ] {
        let revealed = |setup| {
            move |card| Event::Revealed {
                card,
                at: None,
                setup,
            }
        };
        assert!(triggers(CardKind::Phenomenon, l, revealed(false)), "{l}");
        assert!(!triggers(CardKind::Phenomenon, l, revealed(true)), "{l}");
    }
    let l = "◆ この現象が表向きになったとき、カードを1枚引く。";
    assert_eq!(parse_line(l).unwrap().to_string(), l);
}

// A38: the shuffle card's text.
#[test]
fn a38_shuffle_the_dimension_deck() {
    let l = "○ 次元デッキを切り直す。";
    assert_eq!(parse_line(l).unwrap().to_string(), l);
    assert_eq!(
        parse_line("spell: shuffle the dimension deck")
            .unwrap()
            .to_string(),
        l
    );
    let ctx = CompileCtx::new(CardKind::ShuffleCard, dzero_core::Timing::Normal);
    assert!(matches!(
        compile_text(l, &ctx, &mut NoScripts),
        Ok(Compiled::Ability(Ability::Triggered(_)))
    ));
}

// R19.10, R19.8: a dimension's ★ works from the command zone; a zone effect is refused.
#[test]
fn r19_8_statics_work_from_the_command_zone() {
    let ctx = CompileCtx::new(CardKind::Dimension, dzero_core::Timing::Normal);
    let Ok(Compiled::Ability(Ability::Static(s))) =
        compile_text("★ あなたのユニットのパワー+1000。", &ctx, &mut NoScripts)
    else {
        panic!("no ★")
    };
    assert_eq!(s.zones, ZoneSet::COMMAND);
    let err = compile_text(
        "墓地効果『★ あなたのユニットのパワー+500。』",
        &ctx,
        &mut NoScripts,
    )
    .unwrap_err();
    assert_eq!(
        err.message,
        "a card of the dimension deck works only from the command zone (R19.8)"
    );
}

// Typos give a spanned error.
#[test]
fn a_typo_is_located() {
    let err = parse_line("◆ あなたが{X}を出したとき、カードを1枚引く。").unwrap_err();
    assert!(err.span.start <= "◆ ".len(), "{err} at {}", err.span);
}
