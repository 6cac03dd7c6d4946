//! Smoke play: every card is played, and every ● ability activated, in a generated game (a
//! dimension-deck card is opened in the command zone and the die rolled, smoke_dimension.rs);
//! any script error fails validation.

use crate::card_build::script_problem;
use crate::card_set::{CardSet, CardSource};
use crate::diag::Problem;
use crate::files::{self, MAX_FILE_BYTES, SetRoot};
use crate::load::script_file;
use crate::set_checks::Texts;
use dzero_core::{
    Ability, Action, ActionError, Builder, CardDb, CardDef, CardId, CardKind, Colour, Cost,
    Decision, DefId, DieFace, Failure, Game, Loc, Phase, Pick, Player, RuleSet, Square, Step, Use,
    Zone,
};

/// Vanilla helper cards added to a set's database for smoke play.
struct Props {
    energy: [DefId; 5],
    unit: DefId,
    base: DefId,
    dimension: DefId,
}

/// The helper cards, added to `db` the first time only.
fn props(db: &mut CardDb) -> Props {
    let mut get = |def: CardDef| match db.find(&def.name) {
        Some(id) => id,
        None => db.add(def),
    };
    let energy = Colour::ALL.map(|c| {
        get(
            CardDef::unit(&format!("(smoke energy {})", c.symbol()), 1000, 1)
                .colour(c)
                .move_cost(Cost::FREE),
        )
    });
    let unit = get(CardDef::unit("(smoke unit)", 3000, 1).move_cost(Cost::FREE));
    let base = get(CardDef::base("(smoke base)"));
    let dimension = get(crate::smoke_dimension::helper());
    Props {
        energy,
        unit,
        base,
        dimension,
    }
}

/// A main-phase position: the card's owner (One) is active with 6 released energy of every colour
/// and 3 smash cards, units of both players to target, a base each, and full decks. With
/// `pool`, One's graveyard also holds cards to pay card costs with ([`Sample`]).
fn position(
    set: &CardSet,
    p: &Props,
    card: DefId,
    at: Loc,
    pool: Option<&[DefId]>,
) -> Option<(Game, CardId)> {
    position_with(set, p, card, at, pool, None)
}

/// Cards of a set to pay card costs with in smoke play: a few of each card type and colours,
/// and any card a card's text names (「…」), so a position's size never grows with the set.
struct Sample {
    /// Up to [`PER_GROUP`] cards per card type and colours, in set order.
    groups: Vec<DefId>,
    /// The set's cards by name.
    by_name: std::collections::HashMap<String, DefId>,
}

/// Cards per card type and colours in a [`Sample`].
const PER_GROUP: usize = 2;

impl Sample {
    fn new(set: &CardSet) -> Sample {
        let mut counts: std::collections::HashMap<(CardKind, dzero_core::Colours), usize> =
            std::collections::HashMap::new();
        let mut groups = Vec::new();
        let mut by_name = std::collections::HashMap::new();
        for c in &set.cards {
            let Some(def) = set.db.get(c.def) else {
                continue;
            };
            by_name.entry(def.name.clone()).or_insert(c.def);
            if def.kind.in_dimension_deck() {
                continue;
            }
            let n = counts.entry((def.kind, def.colours)).or_default();
            if *n < PER_GROUP {
                *n += 1;
                groups.push(c.def);
            }
        }
        Sample { groups, by_name }
    }

    /// The cards to pay `def`'s card costs with.
    fn for_card(&self, def: &CardDef) -> Vec<DefId> {
        let mut out = self.groups.clone();
        for part in def.text.split('「').skip(1) {
            if let Some((name, _)) = part.split_once('」')
                && let Some(&d) = self.by_name.get(name)
                && !out.contains(&d)
            {
                out.push(d);
            }
        }
        out
    }
}

/// [`position`]; with `planes`, under `rules` with the dimension deck `deck` (bottom first)
/// and the die's faces `rolls`, the card being the deck's first copy of `card`.
fn position_with(
    set: &CardSet,
    p: &Props,
    card: DefId,
    at: Loc,
    pool: Option<&[DefId]>,
    planes: Option<(RuleSet, &[DefId], &[DieFace])>,
) -> Option<(Game, CardId)> {
    let rules = planes.map_or(set.rules, |(r, _, _)| r);
    let mut b = Builder::new(rules, 1).active(Player::One, 3);
    for &def in pool.unwrap_or_default() {
        b.add(Player::One, def, Loc::Graveyard);
    }
    for pl in Player::BOTH {
        for _ in 0..20 {
            b.add(pl, p.unit, Loc::Deck);
        }
        for &e in &p.energy {
            for _ in 0..6 {
                b.add(pl, e, Loc::Energy);
            }
        }
        for _ in 0..3 {
            b.add(pl, p.unit, Loc::Smash);
        }
    }
    b.add(Player::One, p.unit, Loc::Square(Square::battle(0, 2)));
    b.add(Player::Two, p.unit, Loc::Square(Square::battle(2, 0)));
    b.add(Player::Two, p.unit, Loc::Square(Square::battle(1, 2)));
    b.add(
        Player::One,
        p.base,
        Loc::Square(Square::base(Player::One, 2)),
    );
    b.add(
        Player::Two,
        p.base,
        Loc::Square(Square::base(Player::Two, 0)),
    );
    for _ in 0..2 {
        b.add(Player::One, p.unit, Loc::Hand);
    }
    let me = match planes {
        Some((_, deck, rolls)) => {
            b.die(rolls);
            let ids = b.dimension_deck(deck);
            deck.iter()
                .position(|&d| d == card)
                .and_then(|i| ids.get(i).copied())?
        }
        None => b.add(Player::One, card, at),
    };
    if at == Loc::Deck {
        // On top of the deck, face up: the plan zone.
        b.plan(Player::One);
    }
    let mut g = b.build(&set.db, Phase::Main).ok()?;
    g.set_strict(true);
    Some((g, me))
}

/// Plays on from an action: its announcement is completed (the first option of each piece, X
/// at most 1, paid automatically), then both players pass and every choice takes its first
/// option, until the stack is empty and no choice is pending (bounded).
fn run(set: &CardSet, g: &mut Game, first: Action) -> Result<(), String> {
    g.apply(&set.db, first).map_err(|e| refused(&e))?;
    let mut options = Vec::new();
    while let Decision::Pick(_, step) = g.decision() {
        g.legal_actions(&set.db, &mut options);
        let pick = |k: &Pick| *k != Pick::Cancel;
        let mut picks = options.iter().filter_map(|a| match a {
            Action::Pick(k) if pick(k) => Some(*k),
            _ => None,
        });
        let chosen = match step {
            Step::Payment => Some(Pick::PayAuto),
            Step::X => picks.take(2).last(),
            _ => picks.next(),
        };
        let Some(k) = chosen else {
            return Err(format!("no way to choose {step:?} was offered"));
        };
        g.apply(&set.db, Action::Pick(k)).map_err(|e| refused(&e))?;
    }
    for _ in 0..500 {
        if g.result().is_some()
            || (g.stack().is_empty() && g.choice().is_none() && g.frames().len() <= 1)
        {
            return Ok(());
        }
        let a = if g.choice().is_some() {
            Action::Choose(0)
        } else {
            Action::Pass
        };
        g.apply(&set.db, a).map_err(|e| refused(&e))?;
    }
    Ok(())
}

/// Why the smoke play stopped at an action: a card effect's own failure (a script error names
/// its file and line), else the engine refusing an action it offered, as data for a bug report.
fn refused(e: &ActionError) -> String {
    match e {
        ActionError::EffectFailed(f) => match &f.failure {
            Failure::Message(m) => format!("a card effect failed: {m}"),
            other => format!("a card effect failed: {other:?}"),
        },
        other => format!("the engine refused an action it offered: {other:?}"),
    }
}

fn fail(texts: &mut Texts<'_>, src: &CardSource, def: &CardDef, what: &str, msg: &str) -> Problem {
    texts
        .problem(
            &src.file,
            src.span.clone(),
            format!("smoke play ({what}) failed: {msg}"),
        )
        .card(&def.name)
}

/// The script errors smoke play of `src` raised, each at its file and line; without any, the
/// engine's `failures`.
fn script_or(
    set: &CardSet,
    root: &SetRoot,
    src: &CardSource,
    def: &CardDef,
    failures: Vec<Problem>,
) -> Vec<Problem> {
    let script_errors = set.host.take_errors();
    if script_errors.is_empty() {
        return failures;
    }
    script_errors
        .into_iter()
        .map(|e| {
            let p = match script_file(root, &e.file) {
                Some(f) => {
                    let source = files::read_text(&f.real, MAX_FILE_BYTES).unwrap_or_default();
                    script_problem(&f.shown, &source, &e)
                }
                None => Problem::file(&src.file, format!("{} ({})", e.message, e.location())),
            };
            p.card(&def.name)
        })
        .collect()
}

/// What smoke play tries with a card.
#[derive(Clone, Copy)]
enum Try {
    /// Play it from hand.
    Play,
    /// Activate its ● ability with this index.
    Ability(u8),
}

impl Try {
    fn matches(self, a: &Action, me: CardId) -> bool {
        match (self, a) {
            (Try::Play, Action::Announce(Use::Play { card, .. })) => *card == me,
            (Try::Ability(i), Action::Announce(Use::Activate { card, ability })) => {
                *card == me && *ability == i
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for Try {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Try::Play => f.write_str("play"),
            Try::Ability(i) => write!(f, "ability {}", i + 1),
        }
    }
}

/// Where to put a card so its ● ability (working in `zones`) can be activated.
fn ability_loc(kind: CardKind, zones: dzero_core::ZoneSet) -> Loc {
    let zone = [
        Zone::Field,
        Zone::Hand,
        Zone::Graveyard,
        Zone::Energy,
        Zone::Smash,
        Zone::Remove,
        Zone::Plan,
        Zone::Deck,
    ]
    .into_iter()
    .find(|z| zones.contains(*z))
    .unwrap_or(Zone::Field);
    match zone {
        Zone::Field if kind == CardKind::Base => Loc::Square(Square::base(Player::One, 0)),
        Zone::Field | Zone::Bound => Loc::Square(Square::battle(0, 0)),
        Zone::Hand => Loc::Hand,
        Zone::Graveyard => Loc::Graveyard,
        Zone::Energy => Loc::Energy,
        Zone::Smash => Loc::Smash,
        Zone::Remove => Loc::Remove,
        Zone::Deck | Zone::Stack | Zone::Plan => Loc::Deck,
        Zone::Command | Zone::Dormant => Loc::Command,
    }
}

/// The outcome of smoke play.
pub struct Smoke {
    /// Plays and activations actually tried (a card that cannot be played in the generated
    /// position, e.g. for want of a formation, is skipped).
    pub tried: usize,
    /// Problems found.
    pub problems: Vec<Problem>,
}

/// Smoke-plays every card of `set` (which gains a few vanilla helper cards).
pub fn smoke_play(set: &mut CardSet) -> Smoke {
    smoke_cards(set, |_| true)
}

/// Smoke-plays the cards of `set` whose definitions `wanted` accepts.
pub fn smoke_cards(set: &mut CardSet, wanted: impl Fn(DefId) -> bool) -> Smoke {
    let mut tried = 0;
    let p = props(&mut set.db);
    let mut problems = Vec::new();
    let root = SetRoot::new(&set.dir);
    let mut texts = Texts::new(&root);
    let sample = Sample::new(set);
    let _ = set.host.take_errors();
    for src in set.cards.iter().filter(|c| wanted(c.def)) {
        let Some(def) = set.db.get(src.def) else {
            continue;
        };
        if def.kind.in_dimension_deck() {
            let (deck, rolls) =
                crate::smoke_dimension::deck_and_rolls(p.dimension, src.def, def.kind);
            let rules = crate::smoke_dimension::rules_for(set.rules);
            let planes = Some((rules, deck.as_slice(), rolls.as_slice()));
            let mut failures = Vec::new();
            if let Some((mut g, _)) = position_with(set, &p, src.def, Loc::Command, None, planes) {
                match crate::smoke_dimension::roll_all(&set.db, &mut g, rolls.len(), |g, a| {
                    run(set, g, a)
                }) {
                    Ok(n) => tried += n,
                    Err(msg) => failures.push(fail(&mut texts, src, def, "rolls", &msg)),
                }
            }
            problems.extend(script_or(set, &root, src, def, failures));
            continue;
        }
        let pool = sample.for_card(def);
        let play_pays_cards = def
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Play(dzero_core::PlayModifier::Costs(_))));
        let mut tries = vec![(
            Try::Play,
            Loc::Hand,
            play_pays_cards.then_some(pool.as_slice()),
        )];
        for (i, a) in def.abilities.iter().enumerate() {
            if let Ability::Activated(act) = a {
                let pool = (!act.card_costs.is_empty()).then_some(pool.as_slice());
                tries.push((
                    Try::Ability(i as u8),
                    ability_loc(def.kind, act.zones),
                    pool,
                ));
            }
        }
        let mut failures = Vec::new();
        for (what, loc, pool) in tries {
            let Some((mut g, me)) = position(set, &p, src.def, loc, pool) else {
                continue;
            };
            let mut legal = Vec::new();
            g.legal_actions(&set.db, &mut legal);
            let Some(action) = legal.into_iter().find(|a| what.matches(a, me)) else {
                continue;
            };
            tried += 1;
            if let Err(msg) = run(set, &mut g, action) {
                failures.push(fail(&mut texts, src, def, &what.to_string(), &msg));
            }
        }
        problems.extend(script_or(set, &root, src, def, failures));
    }
    Smoke { tried, problems }
}
