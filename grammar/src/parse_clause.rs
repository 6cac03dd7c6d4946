//! Building clauses (replacements, turn-long rules, grants, delayed triggers, control,
//! counters, milling) from the pest tree.

use crate::ast::AbilityLine;
use crate::ast_clause::{
    Clause, DelayWhen, Forbidden, Gift, ItemNoun, ReplEvent, ReplWho, Replacement,
};
use crate::error::DslError;
use crate::parse_effect::{
    MAX_DRAW, boost_of, build_effect, build_step, build_subject_any, gained_keyword, until,
};
use crate::parser::{Rule, build_ability, child, internal, number, sp};
use dzero_core::{CardKind, Instead};
use pest::iterators::Pair;

/// Whether `rule` is a sentence of this section.
pub(crate) fn is_clause(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::rule_replace
            | Rule::rule_forbid
            | Rule::rule_en
            | Rule::delayed
            | Rule::delayed_en
            | Rule::grant
            | Rule::grant_en
            | Rule::control
            | Rule::control_en
            | Rule::counter_it
            | Rule::counter_en
            | Rule::mill
            | Rule::mill_en
            | Rule::boost_gain
            | Rule::boost_gain_en
    )
}

fn find<'i>(p: &Pair<'i, Rule>, rules: &[Rule]) -> Option<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .find(|c| rules.contains(&c.as_rule()))
}

/// A `replacement` (or its `repl_jp` / `repl_en` part).
pub(crate) fn build_replacement(p: &Pair<'_, Rule>) -> Result<Replacement, DslError> {
    let body = find(p, &[Rule::repl_jp, Rule::repl_en]).unwrap_or_else(|| p.clone());
    let who_pair = find(&body, &[Rule::repl_who, Rule::repl_who_en])
        .ok_or_else(|| internal(sp(p), "replacement without a subject"))?;
    let who = match who_pair.as_str().to_ascii_lowercase().as_str() {
        "このカードが" | "このユニットが" | "this card" | "this unit" => ReplWho::This,
        "あなたのカードが" | "your card" => ReplWho::Own,
        "相手のカードが" | "an opponent's card" => ReplWho::Opponent,
        _ => ReplWho::Any,
    };
    let event = find(&body, &[Rule::repl_event, Rule::would_en])
        .ok_or_else(|| internal(sp(p), "replacement without an event"))?;
    let event = if matches!(
        event.as_str().to_ascii_lowercase().as_str(),
        "破壊される場合" | "would be destroyed"
    ) {
        ReplEvent::Destroyed
    } else {
        ReplEvent::ToGraveyard
    };
    let (instead, optional) = instead(&body)?;
    let payoff = match find(&body, &[Rule::effect]) {
        Some(e) if optional => Some(build_effect(&e)?),
        Some(e) => {
            return Err(DslError::new(
                sp(&e),
                "そうしたなら (if you do) follows an optional replacement: write 〜てもよい (you may)",
            ));
        }
        None => None,
    };
    Ok(Replacement {
        span: sp(p),
        who,
        event,
        instead,
        optional,
        payoff,
    })
}

/// Where a replacement puts the card, and whether it is optional (「てもよい」, `you may`).
fn instead(body: &Pair<'_, Rule>) -> Result<(Instead, bool), DslError> {
    let d = find(body, &[Rule::repl_do, Rule::repl_do_en])
        .ok_or_else(|| internal(sp(body), "replacement without a destination"))?;
    let optional = find(&d, &[Rule::may_en]).is_some()
        || find(&d, &[Rule::repl_verb]).is_some_and(|v| v.as_str().ends_with("もよい"));
    let zone = find(&d, &[Rule::repl_zone, Rule::dest_en]);
    let instead = match zone.as_ref().map(|z| z.as_str().to_ascii_lowercase()) {
        None => Instead::Hand,
        Some(z) => match z.replace("一番", "").as_str() {
            "手札" => Instead::Hand,
            "リムーブゾーン" | "remove zone" => Instead::Remove,
            "スマッシュゾーン" | "smash zone" => Instead::Smash,
            "デッキの上" | "deck top" => Instead::DeckTop,
            "デッキの下" | "deck bottom" => Instead::DeckBottom,
            _ => {
                let z = zone.as_ref().map_or_else(|| sp(&d), sp);
                return Err(DslError::new(
                    z,
                    "a card going to the graveyard goes somewhere else instead: リムーブゾーン, スマッシュゾーン, 手札, デッキの上 or デッキの下",
                ));
            }
        },
    };
    Ok((instead, optional))
}

/// A sentence of this section.
pub(crate) fn build_clause(s: &Pair<'_, Rule>) -> Result<Clause, DslError> {
    Ok(match s.as_rule() {
        Rule::rule_replace => {
            let who = match find(s, &[Rule::side]).map(|c| c.as_str()) {
                Some("あなたの") => ReplWho::Own,
                Some(_) => ReplWho::Opponent,
                None => ReplWho::Any,
            };
            let event = if child(s, Rule::rule_event)?.as_str() == "破壊される" {
                ReplEvent::Destroyed
            } else {
                ReplEvent::ToGraveyard
            };
            let (instead, optional) = instead(s)?;
            Clause::RuleReplace(Replacement {
                span: sp(s),
                who,
                event,
                instead,
                optional,
                payoff: None,
            })
        }
        Rule::rule_en => match find(s, &[Rule::repl_en]) {
            Some(r) => {
                let r = build_replacement(&r)?;
                if r.who == ReplWho::This || r.optional || r.payoff.is_some() {
                    return Err(DslError::new(
                        r.span,
                        "a rule for the turn replaces every card's move, always: write a card, your card or an opponent's card, without you may",
                    ));
                }
                Clause::RuleReplace(r)
            }
            None => Clause::RuleForbid(forbidden(s)?),
        },
        Rule::rule_forbid => Clause::RuleForbid(forbidden(s)?),
        Rule::delayed | Rule::delayed_en => {
            let w = find(s, &[Rule::delay_when, Rule::delay_when_en])
                .ok_or_else(|| internal(sp(s), "delayed trigger without a time"))?;
            let when = if matches!(
                w.as_str().to_ascii_lowercase().as_str(),
                "ターン終了時" | "at end of turn"
            ) {
                DelayWhen::EndOfTurn
            } else {
                DelayWhen::YourNextTurn
            };
            Clause::Delayed(when, Box::new(build_step(&child(s, Rule::sentence)?)?))
        }
        Rule::grant | Rule::grant_en => {
            Clause::Grant(until(s)?, build_subject_any(s)?, granted(s)?)
        }
        Rule::boost_gain | Rule::boost_gain_en => {
            let (stat, d) = boost_of(s)?;
            let gift = match gained_keyword(s) {
                Some(k) => Gift::Keyword(k),
                None => Gift::Abilities(granted(s)?),
            };
            Clause::BoostGain(until(s)?, build_subject_any(s)?, stat, d, gift)
        }
        Rule::control | Rule::control_en => Clause::Control(until(s)?, build_subject_any(s)?),
        Rule::counter_it | Rule::counter_en => {
            if let Some(a) = find(s, &[Rule::amount])
                && number(&a, 1)? != 1
            {
                return Err(DslError::new(sp(&a), "a counter names one item: write 1"));
            }
            let noun = find(s, &[Rule::item_noun, Rule::item_en])
                .ok_or_else(|| internal(sp(s), "counter without an item"))?;
            Clause::Counter(match noun.as_str().to_ascii_lowercase().as_str() {
                "ストラテジー" | "strategy" => ItemNoun::Strategy,
                "移動" | "move" => ItemNoun::Move,
                _ => ItemNoun::Ability,
            })
        }
        Rule::mill | Rule::mill_en => {
            let n = number(&child(s, Rule::amount)?, MAX_DRAW)?;
            if n == 0 {
                return Err(DslError::new(sp(s), "put at least one card"));
            }
            Clause::Mill(n as u8)
        }
        other => return Err(internal(sp(s), &format!("clause {other:?}"))),
    })
}

/// The abilities in 『』 of a sentence.
fn granted(s: &Pair<'_, Rule>) -> Result<Vec<AbilityLine>, DslError> {
    s.clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::granted)
        .map(|g| {
            let a = g
                .clone()
                .into_inner()
                .find(|c| !matches!(c.as_rule(), Rule::zone_open | Rule::zone_close))
                .ok_or_else(|| internal(sp(&g), "empty 『』"))?;
            build_ability(a)
        })
        .collect()
}

/// 相手はストラテジーをプレイできない / `opponent cannot play strategies`.
fn forbidden(s: &Pair<'_, Rule>) -> Result<Forbidden, DslError> {
    let who = find(s, &[Rule::discarder, Rule::player_en])
        .ok_or_else(|| internal(sp(s), "prohibition without a player"))?;
    let opponent = matches!(
        who.as_str().to_ascii_lowercase().as_str(),
        "相手は" | "opponent"
    );
    let what = find(s, &[Rule::play_noun, Rule::play_noun_en])
        .ok_or_else(|| internal(sp(s), "prohibition without a card type"))?;
    let w = what.as_str().to_ascii_lowercase();
    let kind = if w.starts_with("ストラテジー") || w.starts_with("strateg") {
        Some(CardKind::Strategy)
    } else if w.starts_with("ユニット") || w.starts_with("unit") {
        Some(CardKind::Unit)
    } else if w.starts_with("ベース") || w.starts_with("base") {
        Some(CardKind::Base)
    } else {
        None
    };
    Ok(Forbidden { opponent, kind })
}

/// The readable label of a rule of this section, `None` for the other rules.
pub(crate) fn clause_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::replacement | Rule::repl_jp | Rule::repl_who | Rule::repl_en | Rule::repl_if => {
            "a replacement このカードが|あなたのカードが|相手のカードが|カードが"
        }
        Rule::repl_event => "墓地に置かれる場合|破壊される場合",
        Rule::instead_kw => "かわりに",
        Rule::repl_do | Rule::repl_zone => {
            "a zone リムーブゾーン|スマッシュゾーン|手札|デッキの上|デッキの下"
        }
        Rule::repl_verb => "に置く|に戻す|に置いてもよい|に戻してもよい",
        Rule::if_done => "そうしたなら",
        Rule::repl_who_en => "this card|your card|an opponent's card|a card",
        Rule::would_en => "would go to the graveyard|would be destroyed",
        Rule::repl_do_en => "put it into …|return it to hand",
        Rule::may_en => "you may",
        Rule::it_kw => "it",
        Rule::instead_en => "instead",
        Rule::rule_replace | Rule::rule_forbid | Rule::this_turn => "このターン",
        Rule::rule_event => "墓地に置かれる|破壊される",
        Rule::rule_noun => "カード",
        Rule::play_noun => "ストラテジー|ユニット|ベース|カード",
        Rule::cannot_play => "プレイできない",
        Rule::rule_en | Rule::this_turn_en => "this turn",
        Rule::player_en => "opponent|you",
        Rule::cannot_en => "cannot play",
        Rule::play_noun_en => "strategies|units|bases|cards",
        Rule::delayed | Rule::delay_when => "次のあなたのターンの開始時|ターン終了時",
        Rule::delayed_en | Rule::delay_when_en => "at the start of your next turn|at end of turn",
        Rule::grant | Rule::grant_en | Rule::granted => "an ability in 『』",
        Rule::and_jp => "と",
        Rule::and_en => "and",
        Rule::control | Rule::control_end => "コントロールを得る",
        Rule::control_en | Rule::gain_control => "gain control of",
        Rule::counter_it | Rule::item_noun => "ストラテジー|移動|能力",
        Rule::counter_end => "の解決を失敗させる|を無効にする",
        Rule::counter_en | Rule::counter_kw => "counter",
        Rule::item_en => "strategy|move|ability",
        Rule::mill | Rule::you_own | Rule::deck_top_from => "山札の上から",
        Rule::to_graveyard => "墓地に置く",
        Rule::mill_en | Rule::mill_kw => "mill",
        Rule::boost_gain | Rule::shi => "し",
        Rule::boost_gain_en => {
            "a duration until end of turn|until end of battle|until end of your next turn"
        }
        Rule::hexproof_kw => "『★ このカードは相手のカードの対象にならない。』",
        Rule::formation_named => "squares <a1+c1→b2>",
        Rule::sq_name => "a square a1–c3",
        Rule::arrow => "→",
        _ => return None,
    })
}
