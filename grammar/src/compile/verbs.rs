//! What the verbs of effect sentences do on resolution beyond one core call: durations,
//! changes for a duration, discards, putting cards into squares, moves and deck searches.

use super::filters::Filters;
use super::subject::Who;
use crate::ast::{Discard, Until};
use dzero_core::{
    Area, Ask, CardId, CardKind, Change, Dest, Duration, EffectError, Loc, Player, Resolve, Square,
};

/// The duration a change written with `until` gets now; `None` outside a battle for
/// 「バトル終了時まで」 (the change gets no time).
pub(crate) fn duration(r: &Resolve<'_>, until: Until) -> Option<Duration> {
    match until {
        Until::EndOfTurn => Some(Duration::EndOfTurn),
        Until::EndOfBattle => r.until_end_of_battle(),
        Until::EndOfYourNextTurn => Some(r.until_end_of_next_turn(r.controller())),
    }
}

/// A temporary change of each card for a duration.
pub(crate) fn change_for(r: &mut Resolve<'_>, until: Until, who: &Who, change: Change) {
    // Outside a battle, "until end of battle" gives the change no time.
    if let Some(d) = duration(r, until) {
        for &c in who.cards(r).as_slice() {
            r.change(c, change, d);
        }
    }
}

/// Discards: the cards are picked one by one (chosen by the discarding player, as Lua's
/// `g:choose_card(p, p:hand(), "discard a card")`, or with the game's seeded generator), then
/// put into the graveyard at the same time (R1.7). R7.6: a hand with fewer cards discards them
/// all; a hand with no more cards than remain to choose is taken without asking (at random,
/// each card is still drawn from the generator, as Lua's `hand[g:random(#hand)]`).
pub(crate) fn discard(r: &mut Resolve<'_>, d: Discard) -> Result<(), EffectError> {
    let p = if d.opponent {
        r.controller().opponent()
    } else {
        r.controller()
    };
    let mut hand = r.zone(p, Loc::Hand);
    let chooser = if d.look {
        // 相手の手札を見て: every card of that hand is shown to the controller first.
        let me = r.controller();
        for &c in &hand {
            r.show(c, me);
        }
        me
    } else {
        p
    };
    let n = usize::from(d.count);
    let picked = if hand.len() <= n && !d.random {
        hand
    } else {
        let mut picked = Vec::with_capacity(n);
        while picked.len() < n && !hand.is_empty() {
            let i = if d.random {
                r.random(hand.len() as u32) as usize - 1
            } else {
                match r.choose_card(chooser, Ask::Discard, &hand)? {
                    Some(c) => hand.iter().position(|&x| x == c).unwrap_or(0),
                    None => break,
                }
            };
            picked.push(hand.remove(i));
        }
        picked
    };
    r.put_all(&picked, Dest::Graveyard);
    Ok(())
}

/// Puts a unit or base card from a zone into a square chosen by the effect's controller (asked
/// only with two or more), frozen or released, not played (no 速攻, no RE7; `Resolve::put` to
/// `Dest::Square`). Interpretation (the rules are silent on squares for effects): a unit goes
/// to a battle square of its owner's own or centre area (R8.2) holding no unit at all (an
/// effect starts no battle); a base to an empty base square of its owner.
pub(crate) fn put_into_square(
    r: &mut Resolve<'_>,
    c: CardId,
    frozen: bool,
) -> Result<(), EffectError> {
    put_into_area(r, c, frozen, true).map(|_| ())
}

/// [`put_into_square`] for a unit into its owner's own area, or own or centre area with
/// `centre` (「ユニットのない自軍エリア(か中央エリア)のスクエアに」); `false` when no square was
/// free or none was chosen.
pub(crate) fn put_into_area(
    r: &mut Resolve<'_>,
    c: CardId,
    frozen: bool,
    centre: bool,
) -> Result<bool, EffectError> {
    let view = r.view();
    let owner = view.owner(c);
    let empty = |s: Square| !view.field().iter().any(|&x| view.loc(x) == Loc::Square(s));
    let squares: Vec<Square> = match view.def(c).kind {
        CardKind::Unit => Square::battle_squares()
            .filter(|&s| match s.area(owner) {
                Some(Area::Own) => empty(s),
                Some(Area::Centre) => centre && empty(s),
                _ => false,
            })
            .collect(),
        CardKind::Base => Square::base_squares(owner).filter(|&s| empty(s)).collect(),
        CardKind::Strategy | CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {
            return Ok(false);
        }
    };
    let to = match squares.as_slice() {
        [] => return Ok(false),
        [only] => *only,
        _ => match r.choose_square(r.controller(), Ask::SquareToPut, &squares)? {
            Some(s) => s,
            None => return Ok(false),
        },
    };
    Ok(r.put(c, Dest::Square(to, frozen)))
}

/// Moves a unit by an effect to an adjacent battle square (R1.13) holding no unit, chosen by
/// the effect's controller (asked only with two or more squares); it keeps its frozen or
/// released state (`Resolve::put` to a square, as Lua's `g:put(unit, square)`). Interpretation
/// (the rules are silent on moves by effects): a square with an opponent's unit is not offered,
/// a move by effect starts no battle, and no move cost is paid (R10.1 is the move action).
pub(crate) fn move_unit(r: &mut Resolve<'_>, c: CardId) -> Result<(), EffectError> {
    let view = r.view();
    let Loc::Square(from) = view.loc(c) else {
        return Ok(());
    };
    let frozen = view.frozen(c);
    let squares: Vec<_> = from
        .neighbours()
        .filter(|&s| {
            [Player::One, Player::Two]
                .iter()
                .all(|&p| view.unit_at(p, s).is_none())
        })
        .collect();
    put_in_chosen_square(r, c, &squares, frozen)
}

/// Puts `card` into one of `squares`, frozen or released: the controller chooses when there are
/// several; with none, nothing happens.
pub(crate) fn put_in_chosen_square(
    r: &mut Resolve<'_>,
    card: CardId,
    squares: &[Square],
    frozen: bool,
) -> Result<(), EffectError> {
    let to = match squares {
        [] => return Ok(()),
        [only] => *only,
        _ => match r.choose_square(r.controller(), Ask::SquareToMove, squares)? {
            Some(s) => s,
            None => return Ok(()),
        },
    };
    r.put(card, Dest::Square(to, frozen));
    Ok(())
}

/// A deck search: the controller chooses the cards one by one among the matching cards of their
/// deck, offered in card-id order so that the question does not tell the deck's order (R1.6);
/// they go to the hand together, then the deck is shuffled. The rules are silent on failing
/// to find: chosen, a matching card must be taken; with no more matches than asked for they
/// are all taken without asking, and none leaves the deck unchanged but shuffled.
pub(crate) fn search(
    r: &mut Resolve<'_>,
    n: u8,
    kind: Option<CardKind>,
    filters: &Filters,
) -> Result<(), EffectError> {
    let p = r.controller();
    let mut pool = r.zone(p, Loc::Deck);
    {
        let view = r.view();
        pool.retain(|&c| {
            kind.is_none_or(|k| view.def(c).kind == k) && filters.accepts(&view, None, c)
        });
    }
    pool.sort();
    let n = usize::from(n);
    let picked = if pool.len() <= n {
        pool
    } else {
        let mut picked = Vec::with_capacity(n);
        while picked.len() < n {
            match r.choose_card(p, Ask::SearchDeck, &pool)? {
                Some(c) => {
                    pool.retain(|&x| x != c);
                    picked.push(c);
                }
                None => break,
            }
        }
        picked
    };
    r.put_all(&picked, Dest::Hand);
    r.shuffle(p);
    Ok(())
}

/// 相手はあなたの手札にあるカードをランダムにN枚選び、公開する: N cards of the controller's hand,
/// each drawn from the game's seeded generator as Lua's `hand[g:random(#hand)]`, are shown to
/// the opponent (R1.6: the controller already sees them), until they leave the hand.
pub(crate) fn reveal_random(r: &mut Resolve<'_>, n: u8) {
    let me = r.controller();
    let mut hand = r.zone(me, Loc::Hand);
    for _ in 0..n {
        if hand.is_empty() {
            break;
        }
        let i = r.random(hand.len() as u32) as usize - 1;
        let c = hand.remove(i);
        r.show(c, me.opponent());
    }
}

/// Every card of the controller's energy zone goes to its owner's deck at once (R1.7), the
/// controller's deck is shuffled, and as many cards as went into a deck go from the top of the
/// controller's deck to the energy zone, released (A74).
pub(crate) fn energy_through_deck(r: &mut Resolve<'_>) {
    let me = r.controller();
    let energy = r.zone(me, Loc::Energy);
    let x = r.put_all(&energy, Dest::DeckTop) as usize;
    r.shuffle(me);
    let deck = r.zone(me, Loc::Deck);
    let top: Vec<CardId> = deck.iter().rev().take(x).copied().collect();
    r.put_all(&top, Dest::Energy);
}
