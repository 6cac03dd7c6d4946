//! Costs paid with cards written as printed (R5.8): inside the `[...]` of a ● line
//! (「● [このカードを手札に戻す]《クイック》 …」) and as a card's 「追加コストとして、…」 line. They
//! compile to the core [`CardCost`] values a Lua `card_costs` entry or `card:play_costs`
//! registers.

use crate::ast::Span;
use crate::error::DslError;
use crate::parser::{Rule, child, internal, number, sp};
use dzero_core::{CardCost, CardKind, CardPick, CostDest, ZoneSet};
use pest::iterators::Pair;
use std::fmt;

/// Most cards one printed cost takes (a fixed number; X is chosen on declaration).
pub const MAX_COST_CARDS: u32 = 4;

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
    /// A fixed number (1..=[`MAX_COST_CARDS`]).
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

impl CostFrom {
    fn zones(self) -> ZoneSet {
        match self {
            CostFrom::Hand => ZoneSet::HAND,
            CostFrom::Graveyard => ZoneSet::of(dzero_core::Zone::Graveyard),
            CostFrom::Squares => ZoneSet::FIELD,
        }
    }
}

impl PrintedCost {
    /// Whether the card itself pays (このカードを…).
    pub fn is_this(&self) -> bool {
        !matches!(self.kind, PrintedCostKind::Pick(_))
    }

    /// The core card costs: one per card for a fixed number, one X cost for X.
    pub fn compile(&self) -> Vec<CardCost> {
        let this = |zones, to| CardCost {
            zones,
            filter: Box::new(|_, _, _| true),
            to,
            pick: CardPick::This,
        };
        match self.kind {
            PrintedCostKind::ReturnThis => vec![this(ZoneSet::FIELD, CostDest::Hand)],
            PrintedCostKind::DiscardThis => vec![this(ZoneSet::HAND, CostDest::Graveyard)],
            PrintedCostKind::Pick(p) => {
                let (n, pick) = match p.count {
                    CostCount::N(n) => (usize::from(n), CardPick::One),
                    CostCount::X => (1, CardPick::X),
                };
                (0..n)
                    .map(|_| CardCost {
                        zones: p.from.zones(),
                        filter: if p.unit {
                            Box::new(|v: &dzero_core::View<'_>, _, c| {
                                v.def(c).kind == CardKind::Unit
                            })
                        } else {
                            Box::new(|_, _, _| true)
                        },
                        to: p.to,
                        pick,
                    })
                    .collect()
            }
        }
    }
}

/// Builds a `card_cost` pair.
pub(crate) fn build_card_cost(p: &Pair<'_, Rule>) -> Result<PrintedCost, DslError> {
    let span = sp(p);
    let inner = p
        .clone()
        .into_inner()
        .next()
        .ok_or_else(|| internal(span, "empty card cost"))?;
    let kind = match inner.as_rule() {
        Rule::cc_return_this | Rule::cc_return_this_en => PrintedCostKind::ReturnThis,
        Rule::cc_discard_this | Rule::cc_discard_this_en => PrintedCostKind::DiscardThis,
        Rule::cc_pick | Rule::cc_pick_en => PrintedCostKind::Pick(build_pick(&inner)?),
        other => return Err(internal(span, &format!("card cost {other:?}"))),
    };
    Ok(PrintedCost { span, kind })
}

fn build_pick(p: &Pair<'_, Rule>) -> Result<CostPick, DslError> {
    let span = sp(p);
    let has = |r: Rule| p.clone().into_inner().find(|c| c.as_rule() == r);
    if let Some(side) = has(Rule::side).filter(|s| s.as_str() == "相手の") {
        return Err(DslError::new(
            sp(&side),
            "a cost is paid with your own cards: あなたの",
        ));
    }
    let other = has(Rule::cc_other).is_some() || has(Rule::cc_other_en).is_some();
    let unit = has(Rule::cc_noun).is_some_and(|n| n.as_str().starts_with("ユニット"))
        || has(Rule::cc_noun_en)
            .is_some_and(|n| n.as_str().to_ascii_lowercase().starts_with("unit"));
    let zone = has(Rule::cc_zone).or_else(|| has(Rule::cc_zone_en));
    let verb = has(Rule::cc_verb)
        .or_else(|| has(Rule::cc_verb_en))
        .ok_or_else(|| internal(span, "card cost without a verb"))?;
    let v = verb.as_str().to_ascii_lowercase();
    let discard = v == "捨てる" || v == "discard";
    let to = match v.as_str() {
        "除外する" | "remove" => CostDest::Remove,
        "捨てる" | "discard" | "墓地に置く" | "sacrifice" => CostDest::Graveyard,
        "手札に戻す" | "return" => CostDest::Hand,
        _ => CostDest::Freeze,
    };
    let from = match zone.as_ref().map(|z| z.as_str().to_ascii_lowercase()) {
        Some(z) if z.starts_with("手札") || z.starts_with("hand") => CostFrom::Hand,
        Some(z) if z.starts_with("墓地") || z.starts_with("graveyard") => CostFrom::Graveyard,
        Some(_) => CostFrom::Squares,
        None if discard => CostFrom::Hand,
        None if unit || to == CostDest::Freeze => CostFrom::Squares,
        None => {
            return Err(DslError::new(
                span,
                "say where the cards are: 手札の (hand), 墓地の (graveyard) or スクエアにある (square)",
            ));
        }
    };
    let bad = match (from, to) {
        (f, CostDest::Graveyard) if discard && f != CostFrom::Hand => {
            Some("捨てる (discard) is from the hand: write 墓地に置く for other cards")
        }
        (f, CostDest::Freeze) if f != CostFrom::Squares => {
            Some("only cards in squares are frozen (R5.6): write スクエアにある or ユニット")
        }
        (CostFrom::Hand, CostDest::Hand) => Some("cards in the hand cannot go back to the hand"),
        _ => None,
    };
    if let Some(m) = bad {
        return Err(DslError::new(span, m));
    }
    let count = match has(Rule::cc_count) {
        Some(c) if c.as_str().chars().all(|ch| "XxＸｘ".contains(ch)) => CostCount::X,
        Some(c) => {
            let n = number(&c, MAX_COST_CARDS)?;
            if n == 0 {
                return Err(DslError::new(sp(&c), "a cost takes at least one card"));
            }
            CostCount::N(n as u8)
        }
        None => return Err(internal(span, "card cost without a count")),
    };
    Ok(CostPick {
        other,
        from,
        unit,
        count,
        to,
    })
}

/// Builds a `play_costs` line.
pub(crate) fn build_play_costs(p: &Pair<'_, Rule>) -> Result<PlayCostsLine, DslError> {
    let costs = p
        .clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::card_cost)
        .map(|c| build_card_cost(&c))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(c) = costs.iter().find(|c| c.is_this()) {
        return Err(DslError::new(
            c.span,
            "a card being played cannot pay its additional cost with itself",
        ));
    }
    let _ = child(p, Rule::extra_cost_kw)?;
    Ok(PlayCostsLine { span: sp(p), costs })
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

/// The readable label of a card-cost rule, `None` for the other rules.
pub(crate) fn card_cost_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::act_cost | Rule::card_cost | Rule::cc_pick | Rule::cc_pick_en => {
            "a cost paid with cards, e.g. このカードを手札に戻す|手札を1枚捨てる"
        }
        Rule::cc_return_this => "このカードを手札に戻す",
        Rule::cc_discard_this => "手札にあるこのカードを捨てる",
        Rule::cc_return_this_en => "return this card to hand",
        Rule::cc_discard_this_en => "discard this card from hand",
        Rule::cc_other => "他の",
        Rule::cc_zone => "手札の|墓地の|スクエアにある",
        Rule::cc_noun => "カード|ユニット",
        Rule::cc_count => "a number or X",
        Rule::cc_choose => "選び、",
        Rule::cc_verb => "除外する|捨てる|墓地に置く|フリーズする|手札に戻す",
        Rule::cc_verb_en => "remove|discard|sacrifice|freeze|return",
        Rule::cc_other_en => "other",
        Rule::cc_noun_en => "card|unit",
        Rule::from_kw => "from",
        Rule::cc_zone_en => "hand|graveyard|square",
        Rule::play_costs | Rule::extra_cost_kw => "追加コストとして",
        _ => return None,
    })
}
