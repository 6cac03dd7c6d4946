//! The syntax tree of effect sentences that choose beyond the cards in squares: a card of
//! your hand (「あなたの手札のカード1枚を選び、エネルギーゾーンに置く」) and a target battle
//! square (「対象のバトルスクエアにいる相手のユニットに2000ダメージを与える」); a target player
//! (「対象のプレイヤーは自分の手札を1枚選び、捨てる」) needs no tree of its own.

use super::effect_terms::PutDest;
use dzero_core::{CardKind, Side};

/// あなたの手札のカードN枚を選び、ZONEに置く / `put N card from hand into ZONE`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandPut {
    /// Card type (`None`: any card).
    pub kind: Option<CardKind>,
    /// How many (1..=60).
    pub count: u8,
    /// Where the cards go (their owner's zone).
    pub dest: PutDest,
}

/// 対象のバトルスクエアにいる相手のユニットにNダメージを与える /
/// `deal N damage to opponent unit in target battle square`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareDamage {
    /// Whose unit (`None`: either player's).
    pub side: Option<Side>,
    /// The damage.
    pub amount: u32,
}
