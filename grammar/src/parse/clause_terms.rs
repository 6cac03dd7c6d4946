//! Building what clauses name besides abilities and effects from the pest tree: where a
//! replacement puts the card instead, and a play prohibition.

use super::tree::{Rule, find, internal, sp};
use crate::ast::Forbidden;
use crate::error::DslError;
use dzero_core::{CardKind, Instead};
use pest::iterators::Pair;

/// Where a replacement puts the card, and whether it is optional (「てもよい」, `you may`).
pub(crate) fn instead(body: &Pair<'_, Rule>) -> Result<(Instead, bool), DslError> {
    let d = find(body, &[Rule::repl_do, Rule::repl_do_en])
        .ok_or_else(|| internal(sp(body), "replacement without a destination"))?;
    // 〜てもよい, and 〜てよい as printed (取り除いてよい)
    let optional = find(&d, &[Rule::may_en]).is_some()
        || find(&d, &[Rule::repl_verb, Rule::repl_remove])
            .is_some_and(|v| v.as_str().ends_with("よい"));
    if find(&d, &[Rule::repl_remove]).is_some() {
        // 除外する / ゲームから取り除く: the remove zone (R18.5).
        return Ok((Instead::Remove, optional));
    }
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

/// 相手はストラテジーをプレイできない / `opponent cannot play strategies`.
pub(crate) fn forbidden(s: &Pair<'_, Rule>) -> Result<Forbidden, DslError> {
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
