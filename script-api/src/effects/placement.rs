//! Where an effect may put a card: units into battle squares, bases into their owner's free base
//! squares.

use dzero_core::{CardId, CardKind, Query, Square};

/// Whether `card` may be put into `sq` (units: battle squares; bases: their owner's base space,
/// free of another base).
pub(crate) fn square_ok(v: &Query<'_>, card: CardId, sq: Square) -> Result<(), String> {
    square_kind_ok(v, card, sq)?;
    let taken = v.def(card).kind == CardKind::Base
        && v.field()
            .iter()
            .any(|&c| c != card && v.square(c) == Some(sq) && v.def(c).kind == CardKind::Base);
    if taken {
        Err(format!("base square {sq} already holds a base"))
    } else {
        Ok(())
    }
}

/// Whether `card` is of a kind `sq` takes (units: battle squares; bases: their owner's base
/// space), occupied or not.
pub(crate) fn square_kind_ok(v: &Query<'_>, card: CardId, sq: Square) -> Result<(), String> {
    match v.def(card).kind {
        CardKind::Unit if sq.is_battle() => Ok(()),
        CardKind::Unit => Err(format!("a unit cannot be put into base square {sq}")),
        CardKind::Base if sq.base_owner() == Some(v.owner(card)) => Ok(()),
        CardKind::Base => Err(format!(
            "a base can only be put into its owner's base space, not {sq}"
        )),
        CardKind::Strategy => Err("a strategy cannot be put into a square".into()),
        CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {
            Err("dimensions and phenomena stay in the command zone (R19.8)".into())
        }
    }
}
