//! Effect sentences that choose beyond the cards in squares (issue 11): a card of your hand
//! (「あなたの手札のカード1枚を選び、エネルギーゾーンに置く」), a target player
//! (「対象のプレイヤーは自分の手札を1枚選び、捨てる」) and a target battle square
//! (「対象のバトルスクエアにいる相手のユニットに2000ダメージを与える」). They compile to the same
//! `TargetSpec` and calls as the Lua `target.player()` / `target.square { … }` scripts.

use crate::ast_effect::{Action, PutDest};
use crate::error::DslError;
use crate::parse_effect::{MAX_DRAW, MAX_EFFECT_NUMBER};
use crate::parser::{Rule, child, number, sp};
use dzero_core::{
    Ask, CardId, CardKind, Dest, EffectError, Loc, Player, Resolve, Side, Target, TargetSpec, View,
};
use pest::iterators::Pair;
use std::fmt;

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

/// Builds the sentences of this file, `None` for other rules.
pub(crate) fn build(s: &Pair<'_, Rule>) -> Result<Option<Action>, DslError> {
    let amount = |max| number(&child(s, Rule::amount)?, max);
    let find = |r: Rule| s.clone().into_inner().find(|c| c.as_rule() == r);
    Ok(Some(match s.as_rule() {
        Rule::hand_put | Rule::hand_put_en => {
            let n = amount(MAX_DRAW)?;
            if n == 0 {
                return Err(DslError::new(sp(s), "choose at least one card"));
            }
            let noun = find(Rule::noun)
                .or_else(|| find(Rule::noun_en))
                .map_or("", |n| n.as_str())
                .to_ascii_lowercase();
            let kind = if noun.starts_with("ユニット") || noun.starts_with("unit") {
                Some(CardKind::Unit)
            } else if noun.starts_with("ストラテジー") || noun.starts_with("strategy") {
                Some(CardKind::Strategy)
            } else if noun.starts_with("ベース") || noun.starts_with("base") {
                Some(CardKind::Base)
            } else {
                None
            };
            let d = find(Rule::dest_jp)
                .or_else(|| find(Rule::dest_en))
                .ok_or_else(|| crate::parser::internal(sp(s), "no zone"))?;
            let dest = PutDest::from_text(d.as_str())
                .ok_or_else(|| crate::parser::internal(sp(&d), "zone"))?;
            Action::PutFromHand(HandPut {
                kind,
                count: n as u8,
                dest,
            })
        }
        Rule::player_discard | Rule::player_discard_en => {
            let n = amount(MAX_DRAW)?;
            if n == 0 {
                return Err(DslError::new(sp(s), "discard at least one card"));
            }
            Action::PlayerDiscards(n as u8)
        }
        Rule::square_deal | Rule::square_deal_en => {
            let side = find(Rule::side).or_else(|| find(Rule::side_en)).map(|w| {
                match w.as_str().to_ascii_lowercase().as_str() {
                    "あなたの" | "own" | "your" => Side::Own,
                    _ => Side::Opponent,
                }
            });
            Action::SquareDamage(SquareDamage {
                side,
                amount: amount(MAX_EFFECT_NUMBER)?,
            })
        }
        _ => return Ok(None),
    }))
}

/// The targets a sentence of this file chooses (R7.4), if any.
pub(crate) fn target(a: &Action) -> Option<TargetSpec> {
    match *a {
        Action::PlayerDiscards(_) => Some(TargetSpec::player()),
        Action::SquareDamage(d) => Some(TargetSpec::square().check(move |v, me, t| {
            matches!(t, Target::Square(s) if s.is_battle() && unit_at(v, me, s, d.side).is_some())
        })),
        _ => None,
    }
}

/// The unit of `side` (seen from `me`'s controller; either player's for `None`) in `square`.
fn unit_at(
    v: &View<'_>,
    me: Option<CardId>,
    square: dzero_core::Square,
    side: Option<Side>,
) -> Option<CardId> {
    let mine = me.map_or(Player::One, |c| v.controller(c));
    let players = match side {
        Some(Side::Own) => [Some(mine), None],
        Some(Side::Opponent) => [Some(mine.opponent()), None],
        _ => [Some(mine), Some(mine.opponent())],
    };
    players
        .into_iter()
        .flatten()
        .find_map(|p| v.unit_at(p, square))
}

/// Runs a sentence of this file; `false` for other actions.
pub(crate) fn run(a: &Action, r: &mut Resolve<'_>) -> Result<bool, EffectError> {
    match *a {
        Action::PutFromHand(h) => put_from_hand(r, h)?,
        Action::PlayerDiscards(n) => player_discards(r, n)?,
        Action::SquareDamage(d) => {
            let square = r.chosen().iter().find_map(|t| match t {
                Target::Square(s) => Some(*s),
                _ => None,
            });
            if let Some(s) = square {
                let view = r.view();
                if let Some(u) = unit_at(&view, r.source(), s, d.side) {
                    r.damage(u, i32::try_from(d.amount).unwrap_or(i32::MAX));
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The controller chooses the cards one by one, asked even with one card (「選び」, as Lua's
/// `g:choose_card(p, p:hand(), …)`); each goes to its owner's zone as chosen.
fn put_from_hand(r: &mut Resolve<'_>, h: HandPut) -> Result<(), EffectError> {
    let p = r.controller();
    let mut hand = r.zone(p, Loc::Hand);
    {
        let view = r.view();
        hand.retain(|&c| h.kind.is_none_or(|k| view.def(c).kind == k));
    }
    for _ in 0..h.count {
        let Some(c) = r.choose_card(p, Ask::CardOfHand, &hand)? else {
            break;
        };
        hand.retain(|&x| x != c);
        r.put(c, h.dest.core());
    }
    Ok(())
}

/// The target player chooses N cards of their own hand, one by one (asked even with one), and
/// discards each (Lua's `g:discard`).
fn player_discards(r: &mut Resolve<'_>, n: u8) -> Result<(), EffectError> {
    let Some(p) = r.chosen().iter().find_map(|t| match t {
        Target::Player(p) => Some(*p),
        _ => None,
    }) else {
        return Ok(());
    };
    let mut hand = r.zone(p, Loc::Hand);
    for _ in 0..n {
        let Some(c) = r.choose_card(p, Ask::Discard, &hand)? else {
            break;
        };
        hand.retain(|&x| x != c);
        r.put(c, Dest::Graveyard);
    }
    Ok(())
}

/// Canonical Japanese of the sentences of this file.
pub(crate) fn write(a: &Action, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match a {
        Action::PutFromHand(h) => {
            let noun = match h.kind {
                Some(CardKind::Unit) => "ユニットカード",
                Some(CardKind::Strategy) => "ストラテジーカード",
                Some(CardKind::Base) => "ベースカード",
                Some(CardKind::Dimension) => "次元カード",
                Some(CardKind::Phenomenon) => "現象カード",
                Some(CardKind::ShuffleCard) => "シャッフルカード",
                None => "カード",
            };
            write!(
                f,
                "あなたの手札の{noun}{}枚を選び、{}に置く",
                h.count,
                h.dest.text()
            )
        }
        Action::PlayerDiscards(n) => write!(f, "対象のプレイヤーは自分の手札を{n}枚選び、捨てる"),
        Action::SquareDamage(d) => {
            let side = match d.side {
                Some(Side::Own) => "あなたの",
                Some(Side::Opponent) => "相手の",
                _ => "",
            };
            write!(
                f,
                "対象のバトルスクエアにいる{side}ユニットに{}ダメージを与える",
                d.amount
            )
        }
        _ => return None,
    })
}

/// The readable label of a rule of this file, `None` for the other rules.
pub(crate) fn label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::hand_put | Rule::hand_no => "あなたの手札の",
        Rule::hand_put_en => "put",
        Rule::player_discard | Rule::target_player => "対象のプレイヤーは",
        Rule::own_hand => "自分の手札を",
        Rule::player_discard_en | Rule::target_player_en => "target player",
        Rule::square_deal | Rule::target_square => "対象のバトルスクエアにいる",
        Rule::unit_word => "ユニット",
        Rule::square_deal_en => "deal",
        Rule::in_target_square_en => "in target battle square",
        _ => return None,
    })
}
