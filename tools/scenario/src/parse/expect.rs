//! A step's `[step.expect]` table: the checks after the step, each located.

use crate::format::{CardSpec, CountsFile, DeckFile, ExpectFile, Pairs};
use crate::names::{
    CardRef, PLACE_WORDS, POS_WORDS, parse_phase, parse_place, parse_player, parse_pos, parse_step,
};
use crate::spec::{
    Check, Count, CrossPlace, DecisionSpec, DeckSpec, Expectation, LegalSpec, Named,
};
use dzero_core::{GameResult, Player};
use std::ops::Range;
use toml::Spanned;

use super::context::Ctx;
use super::terms::{answer, items, keyword, legal_spec};

fn pairs<V, F>(cx: &mut Ctx<'_>, p: &Pairs<V>, out: &mut Vec<Expectation>, mut f: F)
where
    F: FnMut(&mut Ctx<'_>, CardRef, &Spanned<V>) -> Option<Check>,
{
    for (k, v) in &p.0 {
        if let Some(r) = cx.card_ref(k)
            && let Some(check) = f(cx, r, v)
        {
            out.push(Expectation {
                check,
                span: k.span().start..v.span().end,
            });
        }
    }
}

fn int32(cx: &mut Ctx<'_>, v: &Spanned<i64>, what: &str) -> Option<i32> {
    cx.int_in(v, -1_000_000_000, 1_000_000_000, what)
        .map(|n| n as i32)
}

/// The checks of a step's `expect` table.
pub(super) fn expectations(cx: &mut Ctx<'_>, e: &ExpectFile) -> Vec<Expectation> {
    let mut out = Vec::new();
    pairs(cx, &e.at, &mut out, |cx, r, v| {
        match parse_place(v.get_ref()) {
            Some(pl) => Some(Check::At(r, pl, v.get_ref().clone())),
            None => {
                cx.err_help(
                    v.span(),
                    format!("`{}` is not a place", v.get_ref()),
                    format!("write {PLACE_WORDS}"),
                );
                None
            }
        }
    });
    pairs(cx, &e.power, &mut out, |cx, r, v| {
        int32(cx, v, "power").map(|n| Check::Power(r, n))
    });
    pairs(cx, &e.damage, &mut out, |cx, r, v| {
        int32(cx, v, "damage").map(|n| Check::Damage(r, n))
    });
    pairs(cx, &e.frozen, &mut out, |_, r, v| {
        Some(Check::Frozen(r, *v.get_ref()))
    });
    pairs(cx, &e.face_up, &mut out, |_, r, v| {
        Some(Check::FaceUp(r, *v.get_ref()))
    });
    for (list, exact) in [(&e.keywords, false), (&e.keywords_exactly, true)] {
        pairs(cx, list, &mut out, |cx, r, v| {
            let mut ks = Vec::new();
            for k in v.get_ref() {
                match keyword(k.get_ref()) {
                    Some(kw) => ks.push((kw, k.get_ref().clone())),
                    None => cx.err_help(
                        k.span(),
                        format!("unknown keyword `{}`", k.get_ref()),
                        "use accel (加速), haste (速攻), hexproof or shroud",
                    ),
                }
            }
            Some(Check::Keywords(r, ks, exact))
        });
    }
    pairs(cx, &e.resolved, &mut out, |cx, r, v| {
        match v.get_ref().as_str() {
            "resolved" => Some(Check::Resolved(r, false)),
            "fizzled" => Some(Check::Resolved(r, true)),
            other => {
                cx.err_help(
                    v.span(),
                    format!("`{other}`: expected `resolved` or `fizzled`"),
                    "`fizzled`: it resolved doing nothing because its targets had become illegal (R7.5)",
                );
                None
            }
        }
    });
    pairs(cx, &e.layout, &mut out, |cx, r, v| {
        let text = v.get_ref();
        if text == "none" {
            return Some(Check::Layout(r, None, text.clone()));
        }
        match parse_pos(text) {
            Some(p) => Some(Check::Layout(r, Some(p), text.clone())),
            None => {
                cx.err_help(
                    v.span(),
                    format!("`{text}` is not a position of the cross"),
                    format!("write {POS_WORDS}, or none"),
                );
                None
            }
        }
    });
    let mut push = |check: Option<Check>, span: Range<usize>| {
        if let Some(check) = check {
            out.push(Expectation { check, span });
        }
    };
    if let Some(s) = &e.stack {
        push(items(cx, s.get_ref()).map(Check::Stack), s.span());
    }
    if let Some(s) = &e.pending {
        push(items(cx, s.get_ref()).map(Check::Pending), s.span());
    }
    if let Some(p) = &e.priority {
        let c = if p.get_ref() == "none" {
            Some(Check::Priority(None))
        } else {
            cx.player(p).map(|pl| Check::Priority(Some(pl)))
        };
        push(c, p.span());
    }
    if let Some(d) = &e.decision {
        let c = parse_decision(d.get_ref()).map(|x| Check::Decision(x, d.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                d.span(),
                format!("unknown decision `{}`", d.get_ref()),
                "write `act P1`, `energy P1`, `smash P1`, `mulligan P2`, `choose P1` or `over`",
            );
        }
        push(c, d.span());
    }
    if let Some(p) = &e.phase {
        let c = parse_phase(p.get_ref()).map(Check::Phase);
        if c.is_none() {
            cx.err_help(
                p.span(),
                format!("unknown phase `{}`", p.get_ref()),
                "phases: mulligan, release, draw, energy, main, smash, recovery",
            );
        }
        push(c, p.span());
    }
    if let Some(a) = &e.active {
        push(cx.player(a).map(Check::Active), a.span());
    }
    if let Some(t) = &e.turn {
        push(
            cx.int_in(t, 1, 1_000_000, "turn")
                .map(|n| Check::Turn(n as u32)),
            t.span(),
        );
    }
    if let Some(d) = &e.dimension {
        let c = if d.get_ref() == "none" {
            Some(Check::Dimension(None))
        } else {
            cx.card_ref(d).map(|r| Check::Dimension(Some(r)))
        };
        push(c, d.span());
    }
    if let Some(n) = &e.dimension_deck {
        push(
            cx.int_in(n, 0, 1000, "dimension_deck")
                .map(|n| Check::DimensionDeck(n as usize)),
            n.span(),
        );
    }
    if let Some(t) = &e.token {
        let c = parse_pos(t.get_ref()).map(|p| Check::Token(p, t.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                t.span(),
                format!("`{}` is not a position of the cross", t.get_ref()),
                format!("write {POS_WORDS}"),
            );
        }
        push(c, t.span());
    }
    if let Some(list) = &e.distance {
        for d in list.get_ref() {
            let d = d.get_ref();
            let from = cross_place(cx, &d.from);
            let to = cross_place(cx, &d.to);
            let steps = cx.int_in(&d.steps, 0, 1000, "steps");
            if let (Some(a), Some(b), Some(n)) = (from, to, steps) {
                push(
                    Some(Check::Distance(a, b, n as u16)),
                    d.from.span().start..d.steps.span().end,
                );
            }
        }
    }
    if let Some(n) = &e.duel {
        push(
            cx.int_in(n, 1, 3, "duel").map(|n| Check::Duel(n as u32)),
            n.span(),
        );
    }
    if let Some(m) = &e.match_ {
        let c = parse_result(m.get_ref()).map(|x| Check::Match(x, m.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                m.span(),
                format!("unknown match result `{}`", m.get_ref()),
                "write `P1 wins`, `P2 wins`, `draw` or `none`",
            );
        }
        push(c, m.span());
    }
    for (k, v) in &e.sideboard.0 {
        if let Some(p) = cx.player(k) {
            let names = v
                .get_ref()
                .iter()
                .map(|c| Named {
                    name: c.get_ref().clone(),
                    span: c.span(),
                })
                .collect();
            push(
                Some(Check::Sideboard(p, names)),
                k.span().start..v.span().end,
            );
        }
    }
    if let Some(d) = &e.deck {
        push(deck_spec(cx, d.get_ref()).map(Check::Deck), d.span());
    }
    if let Some(b) = &e.battle {
        let c = if b.get_ref() == "none" {
            Some(Check::Battle(None))
        } else {
            cx.square(b).map(|s| Check::Battle(Some(s)))
        };
        push(c, b.span());
    }
    if let Some(s) = &e.battle_step {
        let c = parse_step(s.get_ref()).map(Check::BattleStep);
        if c.is_none() {
            cx.err_help(
                s.span(),
                format!("unknown battle step `{}`", s.get_ref()),
                "battle steps: first, second, end",
            );
        }
        push(c, s.span());
    }
    if let Some(a) = &e.attackers {
        push(cx.refs(a.get_ref()).map(Check::Attackers), a.span());
    }
    for (list, want) in [(&e.legal, true), (&e.not_legal, false)] {
        if let Some(l) = list {
            let specs: Option<Vec<LegalSpec>> =
                l.get_ref().iter().map(|t| legal_spec(cx, t)).collect();
            push(specs.map(|v| Check::Legal(v, want)), l.span());
        }
    }
    if let Some(o) = &e.offers {
        let answers = o
            .get_ref()
            .iter()
            .map(|t| answer(cx, t.get_ref(), t.span()))
            .collect();
        push(Some(Check::Offers(answers)), o.span());
    }
    if let Some(w) = &e.winner {
        let c = if w.get_ref() == "none" {
            Some(Check::Winner(None))
        } else {
            cx.card_ref(w).map(|r| Check::Winner(Some(r)))
        };
        push(c, w.span());
    }
    if let Some(d) = &e.battle_damage {
        let mut parts = Vec::new();
        let mut ok = true;
        for part in d.get_ref() {
            let p = part.get_ref();
            match (
                cx.card_ref(&p.from),
                cx.card_ref(&p.to),
                int32(cx, &p.amount, "amount"),
            ) {
                (Some(f), Some(t), Some(a)) => parts.push((f, t, a)),
                _ => ok = false,
            }
        }
        push(ok.then_some(Check::BattleDamage(parts)), d.span());
    }
    for (p, counts) in [(Player::One, &e.p1), (Player::Two, &e.p2)] {
        if let Some(c) = counts {
            for (kind, v) in count_fields(c.get_ref()) {
                push(
                    cx.int_in(v, 0, 100_000, kind.name())
                        .map(|n| Check::Count(p, kind, n as u32)),
                    v.span(),
                );
            }
        }
    }
    if let Some(list) = &e.empty {
        let mut zones = Vec::new();
        for z in list.get_ref() {
            match crate::zones::parse_zone(z.get_ref()) {
                Some(zone) => zones.push((zone, z.get_ref().clone())),
                None => cx.err_help(
                    z.span(),
                    format!("`{}` is not a zone", z.get_ref()),
                    format!("write {}", crate::zones::ZONE_WORDS),
                ),
            }
        }
        let ok = zones.len() == list.get_ref().len();
        push(ok.then_some(Check::Empty(zones)), list.span());
    }
    if let Some(r) = &e.result {
        let c = parse_result(r.get_ref()).map(|x| Check::Result(x, r.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                r.span(),
                format!("unknown result `{}`", r.get_ref()),
                "write `P1 wins`, `P2 wins`, `draw` or `none`",
            );
        }
        push(c, r.span());
    }
    if let Some(n) = &e.script_errors {
        push(
            cx.int_in(n, 0, 100_000, "script_errors")
                .map(|n| Check::ScriptErrors(n as u32)),
            n.span(),
        );
    }
    out
}

/// A place of the cross: `token`, a position, or a card reference.
fn cross_place(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<CrossPlace> {
    if s.get_ref() == "token" {
        return Some(CrossPlace::Token);
    }
    if let Some(p) = parse_pos(s.get_ref()) {
        return Some(CrossPlace::Pos(p));
    }
    cx.card_ref(s).map(CrossPlace::Card)
}

/// The cards of a deck list: names and copies; squares, labels and states are refused.
pub(super) fn deck_list(cx: &mut Ctx<'_>, list: &[Spanned<CardSpec>]) -> Vec<(Named, u32)> {
    let mut out = Vec::new();
    for e in list {
        let c = e.get_ref();
        if c.at.is_some() || c.label.is_some() || c.frozen.is_some() || c.damage.is_some() {
            cx.err_help(
                e.span(),
                "a deck list entry has only `card` and `count`",
                "deck lists name cards, not cards in play: drop `at`, `label`, `frozen` and `damage`",
            );
            continue;
        }
        let count = match &c.count {
            Some(n) => match cx.int_in(n, 1, 200, "count") {
                Some(n) => n as u32,
                None => continue,
            },
            None => 1,
        };
        let name = Named {
            name: c.card.clone(),
            span: c.card_span.clone().unwrap_or_else(|| e.span()),
        };
        out.push((name, count));
    }
    out
}

/// `expect.deck`.
fn deck_spec(cx: &mut Ctx<'_>, d: &DeckFile) -> Option<DeckSpec> {
    let before = cx.problems.len();
    let cards = deck_list(cx, &d.cards);
    let dimensions = deck_list(cx, &d.dimensions);
    let breaks: Vec<String> = d
        .breaks
        .as_ref()
        .map(|b| b.get_ref().iter().map(|r| r.get_ref().clone()).collect())
        .unwrap_or_default();
    let legal = *d.legal.get_ref();
    if legal && (!breaks.is_empty() || d.reason.is_some()) {
        cx.err(
            d.legal.span(),
            "a legal deck breaks no rule: `breaks` and `reason` are for `legal = false`",
        );
    }
    (cx.problems.len() == before).then(|| DeckSpec {
        cards,
        dimensions,
        legal,
        breaks,
        reason: d.reason.as_ref().map(|r| r.get_ref().clone()),
    })
}

fn count_fields(c: &CountsFile) -> Vec<(Count, &Spanned<i64>)> {
    [
        (Count::Hand, &c.hand),
        (Count::Deck, &c.deck),
        (Count::Energy, &c.energy),
        (Count::FrozenEnergy, &c.frozen_energy),
        (Count::Smash, &c.smash),
        (Count::Graveyard, &c.graveyard),
        (Count::Remove, &c.remove),
        (Count::Field, &c.field),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
    .collect()
}

fn parse_decision(s: &str) -> Option<DecisionSpec> {
    if s == "over" {
        return Some(DecisionSpec::Over);
    }
    let (kind, p) = s.split_once(' ')?;
    let p = parse_player(p)?;
    Some(match kind {
        "act" => DecisionSpec::Act(p),
        "energy" => DecisionSpec::Energy(p),
        "smash" => DecisionSpec::Smash(p),
        "mulligan" => DecisionSpec::Mulligan(p),
        "choose" => DecisionSpec::Choose(p),
        _ => return None,
    })
}

fn parse_result(s: &str) -> Option<Option<GameResult>> {
    Some(match s {
        "none" => None,
        "draw" => Some(GameResult::Draw),
        "P1 wins" => Some(GameResult::Win(Player::One)),
        "P2 wins" => Some(GameResult::Win(Player::Two)),
        _ => return None,
    })
}
