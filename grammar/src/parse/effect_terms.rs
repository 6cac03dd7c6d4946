//! Building what effect sentences take besides their subject from the pest tree: a discard, a
//! deck search, a boost's stat and amount, a duration and a granted keyword.

use super::limits::{MAX_DRAW, MAX_EFFECT_NUMBER};
use super::subject::{filter_of, noun_kind};
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Discard, GainedKeyword, Noun, Search, Stat, Until};
use crate::error::DslError;
use pest::iterators::Pair;

/// The keyword a gain sentence names, if any.
pub(crate) fn gained_keyword(s: &Pair<'_, Rule>) -> Option<GainedKeyword> {
    s.clone().into_inner().find_map(|c| match c.as_rule() {
        Rule::accel => Some(GainedKeyword::Accel),
        Rule::haste => Some(GainedKeyword::Haste),
        Rule::hexproof_kw => Some(GainedKeyword::Hexproof),
        _ => None,
    })
}

/// The stat and signed amount of a boost sentence.
pub(crate) fn boost_of(s: &Pair<'_, Rule>) -> Result<(Stat, i32), DslError> {
    let stat = match child(s, Rule::stat)?.as_str().to_ascii_lowercase().as_str() {
        "パワー" | "power" => Stat::Power,
        _ => Stat::Smash,
    };
    let n = number(&child(s, Rule::amount)?, MAX_EFFECT_NUMBER)? as i32;
    let plus = matches!(child(s, Rule::sign)?.as_str(), "+" | "＋");
    Ok((stat, if plus { n } else { -n }))
}

/// A discard sentence; ランダムに with 選んで is an error (the two pick differently).
pub(crate) fn discard(s: &Pair<'_, Rule>) -> Result<Discard, DslError> {
    let has = |r: Rule| s.clone().into_inner().find(|c| c.as_rule() == r);
    let opponent = has(Rule::opponent_kw).is_some()
        || has(Rule::discarder).is_some_and(|c| c.as_str() == "相手は")
        || has(Rule::opp_hand_at).is_some()
        || has(Rule::opp_hand_look).is_some()
        || has(Rule::opp_hand_all).is_some();
    let random = has(Rule::at_random).is_some() || has(Rule::at_random_en).is_some();
    if let (true, Some(c)) = (random, has(Rule::chosen_jp)) {
        return Err(DslError::new(
            sp(&c),
            "ランダムに (at random) and 選んで (chosen) contradict: write one",
        ));
    }
    let n = match has(Rule::opp_hand_all) {
        Some(_) => u32::from(Discard::ALL),
        None => number(&child(s, Rule::amount)?, MAX_DRAW)?,
    };
    if n == 0 {
        return Err(DslError::new(sp(s), "discard at least one card"));
    }
    Ok(Discard {
        opponent,
        count: n as u8,
        random,
        look: has(Rule::opp_hand_look).is_some(),
    })
}

/// A deck search: filters, a card noun (ユニット alone is an error: a card in the deck is a
/// card) and at least one card.
pub(crate) fn search(s: &Pair<'_, Rule>) -> Result<Search, DslError> {
    let mut filters = Vec::new();
    let mut kind = None;
    for c in s.clone().into_inner() {
        if let Some(f) = filter_of(&c)? {
            filters.push(f);
        } else if matches!(c.as_rule(), Rule::noun | Rule::noun_en) {
            match noun_kind(c.as_str()) {
                Noun::Card(k) => kind = k,
                Noun::Unit | Noun::Base => {
                    return Err(DslError::new(
                        sp(&c),
                        "a card in the deck is a card: write ユニットカード (unit card) or カード",
                    ));
                }
            }
        }
    }
    let n = number(&child(s, Rule::amount)?, MAX_DRAW)?;
    if n == 0 {
        return Err(DslError::new(sp(s), "search for at least one card"));
    }
    Ok(Search {
        filters,
        kind,
        count: n as u8,
    })
}

/// The stat a boost sentence changes.
pub(crate) fn stat(s: &Pair<'_, Rule>) -> Result<Stat, DslError> {
    Ok(
        match child(s, Rule::stat)?.as_str().to_ascii_lowercase().as_str() {
            "パワー" | "power" => Stat::Power,
            _ => Stat::Smash,
        },
    )
}

/// The duration a sentence names.
pub(crate) fn until(s: &Pair<'_, Rule>) -> Result<Until, DslError> {
    let u = s
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::until | Rule::until_en))
        .ok_or_else(|| internal(sp(s), "no duration"))?;
    let t = u.as_str().to_ascii_lowercase();
    Ok(
        if t.starts_with("ターン") || t.ends_with("turn") && !t.contains("next") {
            Until::EndOfTurn
        } else if t.starts_with("バトル") || t.ends_with("battle") {
            Until::EndOfBattle
        } else {
            Until::EndOfYourNextTurn
        },
    )
}
