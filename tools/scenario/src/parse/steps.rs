//! A scenario's `[[step]]` tables: the action each takes and its parameters.

use crate::format::{Answer, StepFile};
use crate::names::{CardRef, parse_phase, parse_player};
use crate::spec::{ActionSpec, AnswerSpec, Named, PassWho, REJECTIONS, Rejection, StepSpec, Until};
use std::ops::Range;
use toml::Spanned;

use super::context::Ctx;
use super::expect::expectations;
use super::terms::answer;

/// The names of a step's action keys that are present, with their spans.
fn actions_of(s: &StepFile) -> Vec<(&'static str, Range<usize>)> {
    let mut out = Vec::new();
    let mut add = |name: &'static str, span: Option<Range<usize>>| {
        if let Some(sp) = span {
            out.push((name, sp));
        }
    };
    add("play", s.play.as_ref().map(Spanned::span));
    add("move", s.move_.as_ref().map(Spanned::span));
    add("activate", s.activate.as_ref().map(Spanned::span));
    add("create_plan", s.create_plan.as_ref().map(Spanned::span));
    add("update_plan", s.update_plan.as_ref().map(Spanned::span));
    add("pass", s.pass.as_ref().map(Spanned::span));
    add("pass_until", s.pass_until.as_ref().map(Spanned::span));
    add("choose", s.choose.as_ref().map(Spanned::span));
    add("energy", s.energy.as_ref().map(Spanned::span));
    add("smash", s.smash.as_ref().map(Spanned::span));
    add("mulligan", s.mulligan.as_ref().map(Spanned::span));
    add("roll", s.roll.as_ref().map(Spanned::span));
    add("next_duel", s.next_duel.as_ref().map(Spanned::span));
    out
}

/// Parameters and the actions that take them.
fn params_of(s: &StepFile) -> Vec<(&'static str, Range<usize>, &'static [&'static str])> {
    const PAY: &[&str] = &[
        "play",
        "move",
        "activate",
        "create_plan",
        "update_plan",
        "roll",
    ];
    let mut out = Vec::new();
    let mut add = |name, span: Option<Range<usize>>, allowed| {
        if let Some(sp) = span {
            out.push((name, sp, allowed));
        }
    };
    add(
        "square",
        s.square.as_ref().map(Spanned::span),
        &["play"][..],
    );
    add("to", s.to.as_ref().map(Spanned::span), &["move"][..]);
    add(
        "target",
        s.target.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "targets",
        s.targets.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "x",
        s.x.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "method",
        s.method.as_ref().map(Spanned::span),
        &["play"][..],
    );
    add(
        "ability",
        s.ability.as_ref().map(Spanned::span),
        &["activate"][..],
    );
    add(
        "cost_cards",
        s.cost_cards.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add("pay", s.pay.as_ref().map(Spanned::span), PAY);
    add(
        "swap",
        s.swap.as_ref().map(Spanned::span),
        &["next_duel"][..],
    );
    out
}

/// The end of the text of the step whose `[[step]]` header starts at `start`: the next table
/// header that is not one of its subtables (`[step.expect]`), or the end of the file.
fn step_end(src: &str, start: usize) -> usize {
    let start = start.min(src.len());
    let mut pos = src[start..].find('\n').map_or(src.len(), |i| start + i + 1);
    for line in src[pos..].split_inclusive('\n') {
        let t: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if t.starts_with('[') && !t.starts_with("[step.") {
            return pos;
        }
        pos += line.len();
    }
    src.len()
}

/// The `index`th `[[step]]` table, checked.
pub(super) fn step(cx: &mut Ctx<'_>, index: usize, s: &Spanned<StepFile>) -> Option<StepSpec> {
    let before = cx.problems.len();
    let span = s.span().start..step_end(cx.src, s.span().start);
    let st = s.get_ref();
    let actions = actions_of(st);
    for (name, sp) in actions.iter().skip(1) {
        cx.err_help(
            sp.clone(),
            format!(
                "a step takes one action; this one has `{}` and `{name}`",
                actions[0].0
            ),
            "split it into two [[step]] tables",
        );
    }
    let action_name = actions.first().map(|(n, _)| *n);
    for (name, sp, allowed) in params_of(st) {
        if !action_name.is_some_and(|a| allowed.contains(&a)) {
            cx.err_help(
                sp,
                format!("`{name}` does not go with {}", describe_action(action_name)),
                format!("`{name}` is a parameter of {}", allowed.join(", ")),
            );
        }
    }
    let by = st.by.as_ref().and_then(|b| cx.player(b));
    if let (Some(b), Some("pass" | "pass_until")) = (&st.by, action_name) {
        cx.err_help(
            b.span(),
            "`by` does not go with `pass` or `pass_until`",
            "write the passing player as `pass = \"P1\"`",
        );
    }
    let action = action(cx, st);
    let rejected = match (&st.rejected, &st.reason) {
        (None, Some(r)) => {
            cx.err(r.span(), "`reason` needs `rejected`");
            None
        }
        (None, None) => None,
        (Some(r), reason) => {
            if !REJECTIONS.contains(&r.get_ref().as_str()) {
                cx.err_help(
                    r.span(),
                    format!("unknown refusal `{}`", r.get_ref()),
                    format!("use one of: {}", REJECTIONS.join(", ")),
                );
            }
            match &action {
                None => cx.err(r.span(), "`rejected` needs an action to reject"),
                Some(ActionSpec::PassUntil(..) | ActionSpec::Pass(PassWho::Both)) => cx.err(
                    r.span(),
                    "`rejected` goes with a single action, not with several passes",
                ),
                Some(_) => {}
            }
            Some(Rejection {
                kind: r.get_ref().clone(),
                reason: reason.as_ref().map(|x| x.get_ref().clone()),
            })
        }
    };
    let mut expect = match &st.expect {
        Some(e) => expectations(cx, e.get_ref()),
        None => Vec::new(),
    };
    expect.sort_by_key(|e| e.span.start);
    (cx.problems.len() == before).then_some(StepSpec {
        index,
        span,
        by,
        action,
        rejected,
        expect,
    })
}

fn describe_action(a: Option<&str>) -> String {
    match a {
        Some(a) => format!("`{a}`"),
        None => "a step without an action".to_owned(),
    }
}

fn pay(cx: &mut Ctx<'_>, st: &StepFile) -> Option<Vec<CardRef>> {
    let p = st.pay.as_ref()?;
    cx.refs(p.get_ref())
}

fn targets(cx: &mut Ctx<'_>, st: &StepFile) -> Vec<CardRef> {
    match (&st.target, &st.targets) {
        (Some(_), Some(ts)) => {
            cx.err_help(
                ts.span(),
                "both `target` and `targets`",
                "use `target` for one target, `targets` for several",
            );
            Vec::new()
        }
        (Some(t), None) => cx.card_ref(t).into_iter().collect(),
        (None, Some(ts)) => cx.refs(ts.get_ref()).unwrap_or_default(),
        (None, None) => Vec::new(),
    }
}

fn x_of(cx: &mut Ctx<'_>, st: &StepFile) -> u8 {
    st.x.as_ref()
        .and_then(|x| cx.int_in(x, 0, 99, "x"))
        .map_or(0, |x| x as u8)
}

fn action(cx: &mut Ctx<'_>, st: &StepFile) -> Option<ActionSpec> {
    if let Some(c) = &st.play {
        let card = cx.card_ref(c)?;
        let square = match &st.square {
            Some(s) => Some(cx.square(s)?),
            None => None,
        };
        let cost_cards = st
            .cost_cards
            .as_ref()
            .and_then(|c| cx.refs(c.get_ref()))
            .unwrap_or_default();
        return Some(ActionSpec::Play {
            card,
            square,
            targets: targets(cx, st),
            cost_cards,
            x: x_of(cx, st),
            method: st.method.as_ref().map(|m| Named {
                name: m.get_ref().clone(),
                span: m.span(),
            }),
            pay: pay(cx, st),
        });
    }
    if let Some(u) = &st.move_ {
        let unit = cx.card_ref(u);
        let to = match &st.to {
            Some(t) => cx.square(t),
            None => {
                cx.err_help(u.span(), "a move needs a destination", "add `to = \"b2\"`");
                None
            }
        };
        return Some(ActionSpec::Move {
            unit: unit?,
            to: to?,
            pay: pay(cx, st),
        });
    }
    if let Some(c) = &st.activate {
        let card = cx.card_ref(c)?;
        let ability = st
            .ability
            .as_ref()
            .and_then(|a| cx.int_in(a, 1, 99, "ability").map(|n| (n as u32, a.span())));
        let cost_cards = st
            .cost_cards
            .as_ref()
            .and_then(|c| cx.refs(c.get_ref()))
            .unwrap_or_default();
        return Some(ActionSpec::Activate {
            card,
            ability,
            targets: targets(cx, st),
            cost_cards,
            x: x_of(cx, st),
            pay: pay(cx, st),
        });
    }
    for (flag, name) in [
        (&st.create_plan, "create_plan"),
        (&st.update_plan, "update_plan"),
        (&st.roll, "roll"),
    ] {
        if let Some(f) = flag {
            if !*f.get_ref() {
                cx.err_help(
                    f.span(),
                    format!("`{name} = false` does nothing"),
                    format!("write `{name} = true`, or leave the step out"),
                );
                return None;
            }
            let pay = pay(cx, st);
            return Some(match name {
                "create_plan" => ActionSpec::CreatePlan { pay },
                "roll" => ActionSpec::Roll { pay },
                _ => ActionSpec::UpdatePlan { pay },
            });
        }
    }
    if let Some(p) = &st.pass {
        return match p.get_ref().as_str() {
            "both" => Some(ActionSpec::Pass(PassWho::Both)),
            s => match parse_player(s) {
                Some(pl) => Some(ActionSpec::Pass(PassWho::Player(pl))),
                None => {
                    cx.err_help(
                        p.span(),
                        format!("`pass = \"{s}\"`: who passes?"),
                        "write `pass = \"P1\"`, `pass = \"P2\"` (that player holds priority and \
                         passes) or `pass = \"both\"` (two passes in succession)",
                    );
                    None
                }
            },
        };
    }
    if let Some(u) = &st.pass_until {
        return match parse_until(u.get_ref()) {
            Some(until) => Some(ActionSpec::PassUntil(until, u.get_ref().clone())),
            None => {
                cx.err_help(
                    u.span(),
                    format!("unknown `pass_until` condition `{}`", u.get_ref()),
                    "use stack-empty, battle, no-battle, first-step, second-step, end-step, \
                     next-turn, or a phase (release, draw, energy, main, smash, recovery) \
                     optionally after a player (`P2 main`)",
                );
                None
            }
        };
    }
    if let Some(n) = &st.next_duel {
        let first = match n.get_ref().as_str() {
            "random" => None,
            other => Some(cx.player(&Spanned::new(n.span(), other.to_owned()))?),
        };
        let named = |list: &[Spanned<String>]| -> Vec<Named> {
            list.iter()
                .map(|c| Named {
                    name: c.get_ref().clone(),
                    span: c.span(),
                })
                .collect()
        };
        let mut swaps: [(Vec<Named>, Vec<Named>); 2] = Default::default();
        if let Some(sw) = &st.swap {
            for (i, one) in [&sw.get_ref().p1, &sw.get_ref().p2].into_iter().enumerate() {
                if let Some(one) = one {
                    swaps[i] = (named(&one.get_ref().out), named(&one.get_ref().into));
                }
            }
        }
        return Some(ActionSpec::NextDuel { first, swaps });
    }
    if let Some(c) = &st.choose {
        return match c.get_ref() {
            Answer::Number(n) if *n >= 1 => Some(ActionSpec::Choose(AnswerSpec::Number(
                usize::try_from(*n).unwrap_or(usize::MAX),
            ))),
            Answer::Number(n) => {
                cx.err(c.span(), format!("option {n}: options are numbered from 1"));
                None
            }
            Answer::Text(t) => Some(ActionSpec::Choose(answer(cx, t, c.span()))),
        };
    }
    if let Some(e) = &st.energy {
        return Some(ActionSpec::Energy(optional_ref(cx, e)?));
    }
    if let Some(s) = &st.smash {
        return Some(ActionSpec::Smash(optional_ref(cx, s)?));
    }
    if let Some(m) = &st.mulligan {
        return Some(ActionSpec::Mulligan(*m.get_ref()));
    }
    None
}

/// `"none"` or a card reference.
fn optional_ref(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<Option<CardRef>> {
    if s.get_ref() == "none" {
        Some(None)
    } else {
        cx.card_ref(s).map(Some)
    }
}

fn parse_until(s: &str) -> Option<Until> {
    Some(match s {
        "stack-empty" => Until::StackEmpty,
        "battle" => Until::Battle,
        "no-battle" => Until::NoBattle,
        "first-step" => Until::Step(dzero_core::BattleStep::First),
        "second-step" => Until::Step(dzero_core::BattleStep::Second),
        "end-step" => Until::Step(dzero_core::BattleStep::End),
        "next-turn" => Until::NextTurn,
        _ => match s.split_once(' ') {
            Some((p, ph)) => Until::Phase(Some(parse_player(p)?), parse_phase(ph)?),
            None => Until::Phase(None, parse_phase(s)?),
        },
    })
}
