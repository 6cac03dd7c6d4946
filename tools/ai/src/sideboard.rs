//! The AI's decisions between the duels of a match (R2.5, R2.6), from what its seat saw: the
//! opponent's cards revealed at the end of each duel (graveyard, energy, remove zone, plan and
//! squares; never the hand or the deck) and its own lists (`docs/ai.md`).
//!
//! - **Swaps.** A unit is worth the share of the opponent's revealed units it destroys in a
//!   fight (printed power at least theirs, R11.13); a strategy or base is worth ½, an even
//!   trade. The least worthy deck cards go out for the worthiest sideboard cards, one pair at
//!   a time, while the sideboard card is worth more by at least [`MARGIN`]; nothing is swapped
//!   before any opposing unit was seen.
//! - **First player.** Having lost, it plays first when its deck's mean use cost is at most
//!   that of the opponent's revealed cards (the quicker deck takes the tempo), else second
//!   (the slower deck takes the draw the first player skips, R3.6).

use dzero_core::{CardDb, CardKind, DefId, GameResult, Observation, Player};
use dzero_sim::{MatchDeck, MatchPlayer, Swap};
use std::collections::BTreeMap;

/// How much more a sideboard card must be worth than the deck card it replaces.
pub const MARGIN: f64 = 0.25;

/// The AI of one seat of a match.
pub struct SideboardPlayer<'a> {
    db: &'a CardDb,
    /// The opponent's cards seen, by definition: the most copies seen at the end of one duel.
    seen: BTreeMap<DefId, usize>,
    /// The mean use cost of its deck as last swapped.
    own_mean: Option<f64>,
}

impl<'a> SideboardPlayer<'a> {
    /// A seat that has seen nothing yet, judging cards by `db`.
    pub fn new(db: &'a CardDb) -> SideboardPlayer<'a> {
        SideboardPlayer {
            db,
            seen: BTreeMap::new(),
            own_mean: None,
        }
    }

    /// The opponent's cards seen so far, with the copies seen.
    pub fn seen(&self) -> &BTreeMap<DefId, usize> {
        &self.seen
    }

    /// The printed powers of the opponent's units seen, one per copy.
    fn opposing_powers(&self) -> Vec<i32> {
        self.seen
            .iter()
            .filter_map(|(&d, &n)| {
                let c = self.db.get(d)?;
                (c.kind == CardKind::Unit).then_some(std::iter::repeat_n(c.power, n))
            })
            .flatten()
            .collect()
    }

    /// What `d` is worth against the opposing units whose powers are `powers` (not empty).
    fn worth(&self, d: DefId, powers: &[i32]) -> f64 {
        match self.db.get(d) {
            Some(c) if c.kind == CardKind::Unit => {
                let beaten = powers.iter().filter(|&&p| c.power >= p).count();
                beaten as f64 / powers.len() as f64
            }
            _ => 0.5,
        }
    }

    /// The use cost of `d` (0 when unknown).
    fn cost(&self, d: DefId) -> u32 {
        self.db.get(d).map_or(0, |c| c.cost.total())
    }
}

/// Sorts cards by worth (ascending when `worst_first`), ties by use cost (dearest out first,
/// cheapest in first), then by definition.
fn ranked(
    player: &SideboardPlayer<'_>,
    cards: &[DefId],
    powers: &[i32],
    worst_first: bool,
) -> Vec<(DefId, f64)> {
    let mut v: Vec<(DefId, f64)> = cards
        .iter()
        .map(|&d| (d, player.worth(d, powers)))
        .collect();
    v.sort_by(|a, b| {
        let by_worth = a.1.total_cmp(&b.1);
        let by_worth = if worst_first {
            by_worth
        } else {
            by_worth.reverse()
        };
        let by_cost = player.cost(b.0).cmp(&player.cost(a.0));
        let by_cost = if worst_first {
            by_cost
        } else {
            by_cost.reverse()
        };
        by_worth.then(by_cost).then(a.0.cmp(&b.0))
    });
    v
}

impl MatchPlayer for SideboardPlayer<'_> {
    fn swap(&mut self, _me: Player, deck: &MatchDeck, _duels: &[GameResult]) -> Swap {
        let powers = self.opposing_powers();
        let mut swap = Swap::default();
        let db = self.db;
        let costs = |cards: &[DefId]| {
            cards
                .iter()
                .map(|&d| db.get(d).map_or(0, |c| c.cost.total()))
                .collect::<Vec<_>>()
        };
        self.own_mean = mean(&costs(&deck.cards));
        if powers.is_empty() {
            return swap;
        }
        let out = ranked(self, &deck.cards, &powers, true);
        let into = ranked(self, &deck.sideboard, &powers, false);
        for ((o, worse), (i, better)) in out.into_iter().zip(into) {
            if better < worse + MARGIN {
                break;
            }
            swap.out.push(o);
            swap.into.push(i);
        }
        let mut after = deck.cards.clone();
        for (o, i) in swap.out.iter().zip(&swap.into) {
            if let Some(at) = after.iter().position(|c| c == o) {
                after[at] = *i;
            }
        }
        self.own_mean = mean(&costs(&after));
        swap
    }

    fn play_first(&mut self, _me: Player, _duels: &[GameResult]) -> bool {
        let seen: Vec<u32> = self
            .seen
            .iter()
            .flat_map(|(&d, &n)| std::iter::repeat_n(self.cost(d), n))
            .collect();
        let Some(theirs) = mean(&seen) else {
            return true;
        };
        self.own_mean.is_none_or(|mine| mine <= theirs)
    }

    fn duel_over(&mut self, me: Player, end: &Observation) {
        let them = me.opponent();
        let zones = &end.players[them.index()];
        let mut now: BTreeMap<DefId, usize> = BTreeMap::new();
        let field = end.field.iter().filter(|c| c.owner == them);
        for c in zones
            .graveyard
            .iter()
            .chain(&zones.energy)
            .chain(&zones.remove)
            .chain(&zones.plan)
            .chain(field)
        {
            *now.entry(c.def).or_default() += 1;
        }
        for (d, n) in now {
            let most = self.seen.entry(d).or_default();
            *most = (*most).max(n);
        }
    }
}

/// The mean of `xs`; none when empty.
fn mean(xs: &[u32]) -> Option<f64> {
    (!xs.is_empty()).then(|| f64::from(xs.iter().sum::<u32>()) / xs.len() as f64)
}
