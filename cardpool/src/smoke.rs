//! Smoke play: every card is played, and every ● ability activated, in a generated game (a
//! dimension-deck card is opened in the command zone and the die rolled, smoke_dimension.rs);
//! any script error fails validation.

use crate::diag::Problem;
use crate::files::{self, MAX_FILE_BYTES, SetRoot};
use crate::load::{CardSet, CardSource, script_file, script_problem};
use crate::set_checks::Texts;
use dzero_core::{
    Ability, Action, Builder, CardDb, CardDef, CardId, CardKind, Colour, Cost, DefId, DieFace,
    Game, Loc, Phase, Player, RuleSet, Square, Zone,
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
/// `pool`, One's graveyard also holds one copy of every card of the set (to pay card costs).
fn position(set: &CardSet, p: &Props, card: DefId, at: Loc, pool: bool) -> Option<(Game, CardId)> {
    position_with(set, p, card, at, pool, None)
}

/// [`position`]; with `planes`, under `rules` with the dimension deck `deck` (bottom first)
/// and the die's faces `rolls`, the card being the deck's first copy of `card`.
fn position_with(
    set: &CardSet,
    p: &Props,
    card: DefId,
    at: Loc,
    pool: bool,
    planes: Option<(RuleSet, &[DefId], &[DieFace])>,
) -> Option<(Game, CardId)> {
    let rules = planes.map_or(set.rules, |(r, _, _)| r);
    let mut b = Builder::new(rules, 1).active(Player::One, 3);
    if pool {
        for c in &set.cards {
            b.add(Player::One, c.def, Loc::Graveyard);
        }
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

/// Plays on from an action: both players pass and every choice takes its first option, until
/// the stack is empty and no choice is pending (bounded).
fn run(set: &CardSet, g: &mut Game, first: Action) -> Result<(), String> {
    g.apply(&set.db, first).map_err(|e| e.to_string())?;
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
        g.apply(&set.db, a).map_err(|e| e.to_string())?;
    }
    Ok(())
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
        match self {
            Try::Play => matches!(a, Action::Play { card, .. } if *card == me),
            Try::Ability(i) => {
                matches!(a, Action::Activate { card, ability, .. } if *card == me && *ability == i)
            }
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
        Zone::Field => Loc::Square(Square::battle(0, 0)),
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
            if let Some((mut g, _)) = position_with(set, &p, src.def, Loc::Command, false, planes) {
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
        let mut tries = vec![(Try::Play, Loc::Hand, false)];
        for (i, a) in def.abilities.iter().enumerate() {
            if let Ability::Activated(act) = a {
                let pool = !act.card_costs.is_empty();
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
