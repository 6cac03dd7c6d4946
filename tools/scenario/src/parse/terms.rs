//! Values written the same way in a step and in its expectations: stack items (`play rifle`,
//! `damage`), legal actions (`move scout b2`) and keyword names.

use super::context::Ctx;
use crate::names::{parse_ref, parse_square};
use crate::spec::{AnswerSpec, ItemSpec, LegalSpec, LegalVerb};
use dzero_core::{ItemTag, Keywords};
use toml::Spanned;

/// The keyword a name means (English or as printed).
pub(super) fn keyword(name: &str) -> Option<Keywords> {
    match name {
        "accel" | "加速" => Some(Keywords::ACCEL),
        "haste" | "速攻" => Some(Keywords::HASTE),
        "hexproof" => Some(Keywords::HEXPROOF),
        "shroud" => Some(Keywords::SHROUD),
        _ => None,
    }
}

/// A stack item as written: a fixed word, or a kind and a card reference.
fn item(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<ItemSpec> {
    let text = s.get_ref().trim();
    let fixed = |tag| ItemSpec {
        text: text.to_owned(),
        tag: Some(tag),
        card: None,
    };
    match text {
        "damage" => return Some(fixed(ItemTag::Damage)),
        "create-plan" => return Some(fixed(ItemTag::CreatePlan)),
        "update-plan" => return Some(fixed(ItemTag::UpdatePlan)),
        "roll" => return Some(fixed(ItemTag::Roll)),
        _ => {}
    }
    let (tag, rest) = match text.split_once(' ') {
        Some(("play", r)) => (Some(ItemTag::Play), r),
        Some(("move", r)) => (Some(ItemTag::Move), r),
        Some(("ability", r)) => (Some(ItemTag::Activated), r),
        Some(("trigger", r)) => (Some(ItemTag::Triggered), r),
        _ => (None, text),
    };
    let r = Spanned::new(s.span(), rest.to_owned());
    let card = cx.card_ref(&r)?;
    Some(ItemSpec {
        text: text.to_owned(),
        tag,
        card: Some(card),
    })
}

/// An action named in `legal` / `not_legal`.
pub(super) fn legal_spec(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<LegalSpec> {
    let text = s.get_ref().trim();
    let mut words = text.split_whitespace();
    let verb = match words.next().unwrap_or("") {
        "play" => LegalVerb::Play,
        "move" => LegalVerb::Move,
        "activate" => LegalVerb::Activate,
        "smash" => LegalVerb::Smash,
        "energy" => LegalVerb::Energy,
        "create-plan" => LegalVerb::CreatePlan,
        "update-plan" => LegalVerb::UpdatePlan,
        "roll" => LegalVerb::Roll,
        "pass" => LegalVerb::Pass,
        other => {
            cx.err(
                s.span(),
                format!(
                    "unknown action `{other}`: write `play REF [SQUARE]`, `move REF SQUARE`, \
                     `activate REF`, `smash REF`, `energy REF`, `create-plan`, `update-plan`, `roll` or `pass`"
                ),
            );
            return None;
        }
    };
    let rest: Vec<&str> = words.collect();
    let needs_card = !matches!(
        verb,
        LegalVerb::CreatePlan | LegalVerb::UpdatePlan | LegalVerb::Roll | LegalVerb::Pass
    );
    let (card, square) = match (needs_card, rest.as_slice()) {
        (false, []) => (None, None),
        (true, [r]) => (Some(*r), None),
        (true, [r, sq]) if matches!(verb, LegalVerb::Play | LegalVerb::Move) => {
            (Some(*r), Some(*sq))
        }
        _ => {
            cx.err(
                s.span(),
                format!("`{text}`: wrong number of words for this action"),
            );
            return None;
        }
    };
    let card = match card {
        Some(r) => Some(cx.card_ref(&Spanned::new(s.span(), r.to_owned()))?),
        None => None,
    };
    let square = match square {
        Some(q) => match parse_square(q) {
            Some(sq) => Some(sq),
            None => {
                cx.err(s.span(), format!("`{q}` is not a square"));
                return None;
            }
        },
        None => None,
    };
    Some(LegalSpec {
        text: text.to_owned(),
        verb,
        card,
        square,
    })
}

/// Every item of `list`, or `None` when one has a problem (reported in `cx`).
pub(super) fn items(cx: &mut Ctx<'_>, list: &[Spanned<String>]) -> Option<Vec<ItemSpec>> {
    let out: Vec<Option<ItemSpec>> = list.iter().map(|s| item(cx, s)).collect();
    out.into_iter().collect()
}

/// An answer or an offered option as written: a square, a combination `A + B` of targets, or a
/// label or card reference.
pub(super) fn answer(cx: &Ctx<'_>, text: &str, span: std::ops::Range<usize>) -> AnswerSpec {
    if let Some(sq) = parse_square(text) {
        return AnswerSpec::Square(sq);
    }
    let parts: Vec<&str> = text.split(" + ").map(str::trim).collect();
    if parts.len() >= 2 && parts.iter().all(|p| !p.is_empty()) {
        let refs: Option<Vec<_>> = parts
            .iter()
            .map(|p| parse_ref(p, span.clone(), &cx.labels).ok())
            .collect();
        if let Some(refs) = refs {
            return AnswerSpec::Combo(text.to_owned(), refs);
        }
    }
    AnswerSpec::Text(text.to_owned(), parse_ref(text, span, &cx.labels).ok())
}
