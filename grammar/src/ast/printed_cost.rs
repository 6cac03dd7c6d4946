//! The syntax tree of costs paid with cards written as printed (R5.8): inside the `[...]` of a
//! ● line (「● [このカードを手札に戻す]《クイック》 …」) and as a card's 「追加コストとして、…」 line.

use crate::span::Span;
use dzero_core::CostDest;
use std::fmt;

/// One cost paid with cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PrintedCost {
    /// The cost's text.
    pub span: Span,
    /// What it takes.
    pub kind: PrintedCostKind,
}

/// What a printed card cost takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PrintedCostKind {
    /// このカードを手札に戻す / `return this card to hand`: the card itself, from its square.
    ReturnThis,
    /// 手札にあるこのカードを捨てる / `discard this card from hand`: the card itself, from the
    /// hand (the ability then works in the hand).
    DiscardThis,
    /// あなたの墓地のカードをX枚選び、除外する, 手札を1枚捨てる, あなたの他のユニットを1枚
    /// フリーズする …: other cards of yours.
    Pick(CostPick),
}

/// Other cards of yours paying a cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CostPick {
    /// 他の / `other` was written (the card itself never pays a cost of this kind anyway).
    pub other: bool,
    /// Where the cards are.
    pub from: CostFrom,
    /// ユニット / `unit`: unit cards only (otherwise any card).
    pub unit: bool,
    /// How many.
    pub count: CostCount,
    /// Where they go.
    pub to: CostDest,
}

/// Where the cards paying a cost are.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CostFrom {
    /// 手札 / `hand`.
    Hand,
    /// 墓地 / `graveyard`.
    Graveyard,
    /// スクエアにある / `square`: cards in your squares.
    Squares,
}

/// How many cards pay a cost.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CostCount {
    /// A fixed number (1..=[`MAX_COST_CARDS`](crate::MAX_COST_CARDS)).
    N(u8),
    /// X, chosen on declaration; the effect reads it (R5.5).
    X,
}

/// 追加コストとして、… / `additional cost, …`: costs paid with cards by every play of this
/// card (R5.8, R8.1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayCostsLine {
    /// The whole line.
    pub span: Span,
    /// The costs, in written order.
    pub costs: Vec<PrintedCost>,
}

impl PrintedCost {
    /// Whether the card itself pays (このカードを…).
    pub fn is_this(&self) -> bool {
        !matches!(self.kind, PrintedCostKind::Pick(_))
    }
}

/// Canonical Japanese, e.g. あなたの墓地のカードをX枚除外する.
impl fmt::Display for PrintedCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = match self.kind {
            PrintedCostKind::ReturnThis => return f.write_str("このカードを手札に戻す"),
            PrintedCostKind::DiscardThis => return f.write_str("手札にあるこのカードを捨てる"),
            PrintedCostKind::Pick(p) => p,
        };
        f.write_str("あなたの")?;
        if p.other {
            f.write_str("他の")?;
        }
        f.write_str(match (p.unit, p.from) {
            (_, CostFrom::Hand) => "手札の",
            (_, CostFrom::Graveyard) => "墓地の",
            (true, CostFrom::Squares) => "",
            (false, CostFrom::Squares) => "スクエアにある",
        })?;
        f.write_str(match (p.unit, p.from) {
            (true, CostFrom::Squares) => "ユニット",
            (true, _) => "ユニットカード",
            (false, _) => "カード",
        })?;
        match p.count {
            CostCount::N(n) => write!(f, "を{n}枚")?,
            CostCount::X => f.write_str("をX枚")?,
        }
        f.write_str(match (p.to, p.from) {
            (CostDest::Remove, _) => "除外する",
            (CostDest::Graveyard, CostFrom::Hand) => "捨てる",
            (CostDest::Graveyard, _) => "墓地に置く",
            (CostDest::Hand, _) => "手札に戻す",
            (CostDest::Freeze, _) => "フリーズする",
        })
    }
}

/// Canonical Japanese: 追加コストとして、…。
impl fmt::Display for PlayCostsLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("追加コストとして、")?;
        for (i, c) in self.costs.iter().enumerate() {
            if i > 0 {
                f.write_str("、")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("。")
    }
}
