//! Building 隊列召喚 (R17.10, A23) from the pest tree: a kind from the built-in table, or a
//! named formation written with its squares (`鶴翼<a1+c1→b2>`, a1–c3 seen from the owner).

use super::cost::build_cost;
use super::tree::{Rule, child, children, internal, sp};
use crate::ast::{Formation, FormationKind, FormationSquares};
use crate::error::{DslError, did_you_mean};
use crate::span::Span;
use pest::iterators::Pair;

impl FormationSquares {
    /// The squares named `required` and `dest` (each `(text, span)`, text like `a1`, full-width
    /// letters and digits too). Errors: an unknown name, a square named twice, the destination
    /// among the required squares.
    pub fn parse(
        required: &[(&str, Span)],
        dest: (&str, Span),
    ) -> Result<FormationSquares, DslError> {
        let mut mask = 0u16;
        for &(name, span) in required {
            let bit = 1u16 << cell(name, span)?;
            if mask & bit != 0 {
                return Err(DslError::new(span, format!("{name} is named twice")));
            }
            mask |= bit;
        }
        let d = cell(dest.0, dest.1)?;
        if mask & (1 << d) != 0 {
            return Err(DslError::new(
                dest.1,
                "the destination cannot also be a required square (R8.2: it holds a card of yours)",
            ));
        }
        Ok(FormationSquares::from_cells(mask, d))
    }
}

/// The cell `row * 3 + col` of a square name seen from the owner.
fn cell(name: &str, span: Span) -> Result<u8, DslError> {
    let mut chars = name.chars().map(|c| match c {
        'ａ'..='ｃ' | '１'..='３' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        c => c.to_ascii_lowercase(),
    });
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c @ 'a'..='c'), Some(r @ '1'..='3'), None) => {
            Ok((r as u8 - b'1') * 3 + (c as u8 - b'a'))
        }
        _ => Err(DslError::new(
            span,
            format!(
                "unknown square '{name}': a1–c3 (column a–c from your left, row 1–3 from your own area)"
            ),
        )),
    }
}

/// A `formation` keyword: a built-in kind, or squares named on the card.
pub(crate) fn build_formation(p: &Pair<'_, Rule>) -> Result<Formation, DslError> {
    if let Ok(named) = child(p, Rule::formation_named) {
        return build_named_formation(p, &named);
    }
    let kind_pair = child(p, Rule::formation_kind)?;
    let kind_span = sp(&kind_pair);
    let kind = FormationKind::from_name(kind_pair.as_str()).ok_or_else(|| {
        let known: Vec<String> = FormationKind::ALL
            .iter()
            .map(|k| format!("{} ({})", k.name(), k.ascii()))
            .collect();
        DslError {
            span: kind_span,
            message: format!(
                "unknown 隊列召喚 kind '{}'; known kinds: {}",
                kind_pair.as_str(),
                known.join(", ")
            ),
            expected: FormationKind::ALL
                .iter()
                .map(|k| k.name().to_owned())
                .collect(),
            suggestion: did_you_mean(
                kind_pair.as_str(),
                FormationKind::ALL
                    .iter()
                    .flat_map(|k| [k.name(), k.ascii()]),
            ),
        }
    })?;
    let cost = build_cost(child(&child(p, Rule::cost_bracket)?, Rule::cost)?)?;
    Ok(Formation {
        span: sp(p),
        kind,
        name: None,
        kind_span,
        cost,
    })
}

/// 隊列召喚―鶴翼<a1+c1→b2>[無2]: the squares named on the card.
fn build_named_formation(
    p: &Pair<'_, Rule>,
    named: &Pair<'_, Rule>,
) -> Result<Formation, DslError> {
    let squares: Vec<(&str, Span)> = children(named, Rule::sq_name)
        .iter()
        .map(|s| (s.as_str(), sp(s)))
        .collect();
    let Some((&dest, required)) = squares.split_last() else {
        return Err(internal(sp(named), "formation without squares"));
    };
    let name = child(named, Rule::formation_kind).ok();
    if let Some(n) = &name
        && FormationKind::from_name(n.as_str()).is_some()
    {
        return Err(DslError::new(
            sp(n),
            format!(
                "{} is a built-in kind with its own squares: give this formation another name",
                n.as_str()
            ),
        ));
    }
    Ok(Formation {
        span: sp(p),
        kind: FormationKind::Squares(FormationSquares::parse(required, dest)?),
        name: name.as_ref().map(|n| n.as_str().to_owned()),
        kind_span: sp(named),
        cost: build_cost(child(&child(p, Rule::cost_bracket)?, Rule::cost)?)?,
    })
}
