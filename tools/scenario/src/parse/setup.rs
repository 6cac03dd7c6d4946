//! A scenario's `[setup]`: the sets' cards each player starts with, where, and in what state.

use crate::format::{CardSpec, PlayerFile, ScenarioFile};
use crate::names::{bad_label, parse_phase};
use crate::spec::{MatchDeckSpec, Named, Placed, Setup};
use dzero_cardpool::diag::{FileText, Problem};
use dzero_cardpool::files::{self, MAX_FILE_BYTES};
use dzero_core::{DieFace, Loc, Phase, Player, Square};
use toml::Spanned;

use super::context::Ctx;
use super::expect::deck_list;

/// Default number of filler cards under each deck.
const DEFAULT_FILL: u32 = 20;
/// Most copies one setup entry may add.
const MAX_COUNT: i64 = 200;
/// Most cards in a scenario's game (card ids are 16-bit).
const MAX_CARDS: u64 = 10_000;

/// The setup: each player's cards, the phase and the other settings.
pub(super) fn setup(cx: &mut Ctx<'_>, file: &ScenarioFile) -> Option<Setup> {
    let before = cx.problems.len();
    let rules = file.rules.as_ref().and_then(|r| {
        // A rule-set file is relative to the scenario file's folder, like its sets.
        let here = files::parent_dir(cx.file);
        let open = |rel: &str| {
            let path = here.join(rel);
            let text = files::read_text(&path, MAX_FILE_BYTES).map_err(|e| e.describe())?;
            Ok((path, text))
        };
        let ft = FileText::new(cx.file, cx.src);
        dzero_cardpool::rule_sets::rules_field(&ft, r, open, &mut cx.problems)
    });
    let seed = file
        .seed
        .as_ref()
        .and_then(|s| cx.int_in(s, 0, i64::MAX, "seed"))
        .map_or(1, |s| s.unsigned_abs());
    let active = file
        .active
        .as_ref()
        .and_then(|a| cx.player(a))
        .unwrap_or(Player::One);
    let turn = match &file.turn {
        Some(t) => cx.int_in(t, 1, 10_000, "turn").map_or(1, |t| t as u32),
        None if active == Player::One => 3,
        None => 4,
    };
    let phase = match &file.phase {
        None => Phase::Main,
        Some(p) => match parse_phase(p.get_ref()) {
            Some(
                ph
                @ (Phase::Main | Phase::Release | Phase::Energy | Phase::Smash | Phase::Mulligan),
            ) => ph,
            _ => {
                cx.err_help(
                    p.span(),
                    format!("a scenario cannot start in phase `{}`", p.get_ref()),
                    "start in `main` (the default), `release` (the start of the turn), \
                     `energy`, `smash` or `mulligan`",
                );
                Phase::Main
            }
        },
    };
    let filler = file.filler.as_ref().map(|f| Named {
        name: f.get_ref().clone(),
        span: f.span(),
    });
    // Labels first, so references anywhere may use them.
    let players = [&file.p1, &file.p2].into_iter().flatten();
    let layout: Vec<&Spanned<CardSpec>> = file.layout.as_ref().map_or_else(Vec::new, |l| {
        let l = l.get_ref();
        // Dealt from the top in the order centre, up, right, down, left (R19.16): the list is
        // bottom first, so the centre comes last.
        vec![&l.left, &l.down, &l.right, &l.up, &l.centre]
    });
    for spec in players
        .flat_map(|pf| all_specs(pf.get_ref()))
        .chain(&file.dimensions)
        .chain(layout.iter().copied())
    {
        {
            if let Some(l) = &spec.get_ref().label {
                if let Some(why) = bad_label(l.get_ref()) {
                    cx.err(l.span(), format!("bad label `{}`: {why}", l.get_ref()));
                } else if cx.labels.contains(l.get_ref()) {
                    cx.err(l.span(), format!("label `{}` is used twice", l.get_ref()));
                } else {
                    cx.labels.push(l.get_ref().clone());
                }
            }
        }
    }
    let mut cards = Vec::new();
    let mut fill = [DEFAULT_FILL; 2];
    let mut plan = [false; 2];
    for (p, pf) in [(Player::One, &file.p1), (Player::Two, &file.p2)] {
        let Some(pf) = pf else { continue };
        player_cards(cx, p, pf, &mut cards, &mut fill, &mut plan);
    }
    // R19.8: the command zone is no player's; the owner recorded is never used.
    for spec in file.dimensions.iter().chain(layout.iter().copied()) {
        if let Some(pl) = placed(cx, Player::One, spec, List::Dimensions) {
            if layout.iter().any(|l| l.span() == spec.span()) && pl.count != 1 {
                cx.err(spec.span(), "a place of the cross holds one card");
            }
            cards.push(pl);
        }
    }
    let die = file.die.as_ref().map_or_else(Vec::new, |faces| {
        faces
            .get_ref()
            .iter()
            .filter_map(|f| match f.get_ref().as_str() {
                "P" => Some(DieFace::P),
                "C" => Some(DieFace::C),
                "blank" => Some(DieFace::Blank),
                other => {
                    cx.err_help(
                        f.span(),
                        format!("`{other}` is no face of the dimension die"),
                        "the faces are \"P\", \"C\" and \"blank\" (R19.3)",
                    );
                    None
                }
            })
            .collect()
    });
    let match_decks = file.match_.as_ref().map(|m| {
        let m = m.get_ref();
        [&m.p1, &m.p2].map(|d| MatchDeckSpec {
            deck: deck_list(cx, &d.get_ref().deck),
            sideboard: deck_list(cx, &d.get_ref().sideboard),
        })
    });
    occupancy(cx, &cards);
    let total: u64 = cards.iter().map(|c| u64::from(c.count)).sum::<u64>()
        + u64::from(fill[0])
        + u64::from(fill[1]);
    if total > MAX_CARDS {
        cx.problems.push(
            Problem::file(
                cx.file,
                format!("the setup has {total} cards; a scenario may have at most {MAX_CARDS}"),
            )
            .help("lower the `count`s and `deck_size`s"),
        );
    }
    (cx.problems.len() == before).then_some(Setup {
        rules,
        seed,
        strict: file.strict.unwrap_or(true),
        active,
        turn,
        phase,
        filler,
        cards,
        fill,
        plan,
        die,
        layout: file.layout.as_ref().map(Spanned::span),
        match_decks,
    })
}

fn all_specs(pf: &PlayerFile) -> impl Iterator<Item = &Spanned<CardSpec>> {
    pf.hand
        .iter()
        .chain(&pf.deck)
        .chain(pf.plan.iter())
        .chain(&pf.energy)
        .chain(&pf.smash)
        .chain(&pf.graveyard)
        .chain(&pf.remove)
        .chain(&pf.units)
        .chain(&pf.bases)
}

/// What a setup list allows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum List {
    Hand,
    Deck,
    Plan,
    Energy,
    Smash,
    Graveyard,
    Remove,
    Units,
    Bases,
    Dimensions,
}

impl List {
    fn name(self) -> &'static str {
        match self {
            List::Hand => "hand",
            List::Deck => "deck",
            List::Plan => "plan",
            List::Energy => "energy",
            List::Smash => "smash",
            List::Graveyard => "graveyard",
            List::Remove => "remove",
            List::Units => "units",
            List::Bases => "bases",
            List::Dimensions => "dimensions",
        }
    }
}

fn player_cards(
    cx: &mut Ctx<'_>,
    p: Player,
    pf: &Spanned<PlayerFile>,
    cards: &mut Vec<Placed>,
    fill: &mut [u32; 2],
    plan: &mut [bool; 2],
) {
    let pf_ref = pf.get_ref();
    let mut deck_cards = 0u32;
    // Deck: listed top first, so add the last listed first.
    for spec in pf_ref.deck.iter().rev() {
        if let Some(pl) = placed(cx, p, spec, List::Deck) {
            deck_cards += pl.count;
            cards.push(pl);
        }
    }
    if let Some(spec) = &pf_ref.plan
        && let Some(pl) = placed(cx, p, spec, List::Plan)
    {
        deck_cards += 1;
        plan[p.index()] = true;
        cards.push(pl);
    }
    if let Some(size) = &pf_ref.deck_size
        && let Some(n) = cx.int_in(size, 0, 1000, "deck_size")
    {
        let n = n as u32;
        if n < deck_cards {
            cx.err(
                size.span(),
                format!("deck_size {n} is less than the {deck_cards} deck cards listed"),
            );
        }
        fill[p.index()] = n.saturating_sub(deck_cards);
    }
    let lists: [(&[Spanned<CardSpec>], List); 7] = [
        (&pf_ref.hand, List::Hand),
        (&pf_ref.energy, List::Energy),
        (&pf_ref.smash, List::Smash),
        (&pf_ref.graveyard, List::Graveyard),
        (&pf_ref.remove, List::Remove),
        (&pf_ref.units, List::Units),
        (&pf_ref.bases, List::Bases),
    ];
    for (specs, list) in lists {
        // Graveyards are listed top first, like decks.
        let ordered: Vec<&Spanned<CardSpec>> = if list == List::Graveyard {
            specs.iter().rev().collect()
        } else {
            specs.iter().collect()
        };
        for spec in ordered {
            if let Some(pl) = placed(cx, p, spec, list) {
                cards.push(pl);
            }
        }
    }
}

fn placed(cx: &mut Ctx<'_>, owner: Player, s: &Spanned<CardSpec>, list: List) -> Option<Placed> {
    let span = s.span();
    let spec = s.get_ref();
    let before = cx.problems.len();
    let in_square = matches!(list, List::Units | List::Bases);
    let count = match &spec.count {
        None => 1,
        Some(c) if matches!(list, List::Units | List::Bases | List::Plan) => {
            cx.err(
                c.span(),
                format!("`count` is not allowed in `{}`", list.name()),
            );
            1
        }
        Some(c) => cx.int_in(c, 1, MAX_COUNT, "count").unwrap_or(1) as u32,
    };
    if let Some(l) = &spec.label
        && count > 1
    {
        cx.err(
            l.span(),
            "a label names one card; this entry adds several (`count`)",
        );
    }
    let frozen = match &spec.frozen {
        Some(f) if !matches!(list, List::Units | List::Bases | List::Energy | List::Smash) => {
            cx.err_help(
                f.span(),
                format!("cards in `{}` cannot be frozen", list.name()),
                "only cards in squares and in the energy and smash zones are frozen or released",
            );
            false
        }
        Some(f) => *f.get_ref(),
        None => false,
    };
    let damage = match &spec.damage {
        Some(d) if list != List::Units => {
            cx.err(d.span(), "only units in squares have damage");
            0
        }
        Some(d) => cx.int_in(d, 0, 1_000_000, "damage").unwrap_or(0) as i32,
        None => 0,
    };
    let loc = match (&spec.at, in_square) {
        (Some(at), false) => {
            cx.err_help(
                at.span(),
                format!("cards in `{}` have no square", list.name()),
                "put units in `units` and bases in `bases`",
            );
            Loc::Hand
        }
        (None, true) => {
            cx.err_help(
                span.clone(),
                format!("a card in `{}` needs a square", list.name()),
                "write it as a table: { card = \"name\", at = \"b2\" }",
            );
            Loc::Hand
        }
        (Some(at), true) => match cx.square(at) {
            Some(sq) if list == List::Units && !sq.is_battle() => {
                cx.err_help(
                    at.span(),
                    format!("units go into battle squares; {sq} is a base square"),
                    "battle squares are a1…c3",
                );
                Loc::Hand
            }
            Some(sq) if list == List::Bases && sq.base_owner() != Some(owner) => {
                cx.err_help(
                    at.span(),
                    format!("{owner}'s bases go into {owner}'s base squares, not {sq}"),
                    format!("{owner}'s base squares are {owner}-base1…{owner}-base3"),
                );
                Loc::Hand
            }
            Some(sq) => Loc::Square(sq),
            None => Loc::Hand,
        },
        (None, false) => match list {
            List::Hand => Loc::Hand,
            List::Deck | List::Plan => Loc::Deck,
            List::Energy => Loc::Energy,
            List::Smash => Loc::Smash,
            List::Graveyard => Loc::Graveyard,
            List::Remove => Loc::Remove,
            List::Units | List::Bases => Loc::Hand,
            List::Dimensions => Loc::Command,
        },
    };
    (cx.problems.len() == before).then(|| Placed {
        card: Named {
            name: spec.card.clone(),
            span: spec.card_span.clone().unwrap_or_else(|| span.clone()),
        },
        owner,
        loc,
        frozen,
        damage,
        count,
        label: spec.label.as_ref().map(|l| l.get_ref().clone()),
        span,
        list: list.name(),
    })
}

/// One unit per player per square; one base per base square; no square contested at setup.
fn occupancy(cx: &mut Ctx<'_>, cards: &[Placed]) {
    let mut seen: Vec<(Square, Player)> = Vec::new();
    for c in cards {
        let Loc::Square(sq) = c.loc else { continue };
        if seen.contains(&(sq, c.owner)) {
            cx.err_help(
                c.span.clone(),
                format!("{} already has a card in {sq}", c.owner),
                "a player has at most one unit (or base) in a square (R8.2)",
            );
        } else if sq.is_battle() && seen.iter().any(|&(s, _)| s == sq) {
            cx.err_help(
                c.span.clone(),
                format!("both players have a unit in {sq}: a battle would be in progress"),
                "set up the position before the battle and let a step start it (a move or a play)",
            );
        }
        seen.push((sq, c.owner));
    }
}
