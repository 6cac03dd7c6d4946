//! Which game is which: game `k` of a run gets its deck pairing, who sits where and its seed
//! from the run's seed and `k` alone, so any thread count and any shard split play the same
//! games. Shards are contiguous ranges of game numbers.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The pairs of deck indices a run plays: every pair of distinct decks (a round robin), or
/// one deck against itself when only one is given.
pub fn pairings(decks: usize) -> Vec<[usize; 2]> {
    if decks == 1 {
        return vec![[0, 0]];
    }
    (0..decks)
        .flat_map(|i| (i + 1..decks).map(move |j| [i, j]))
        .collect()
}

/// Who plays game `k`: its deck pairing, which deck and which player sits in each seat, and
/// the game's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Index into [`pairings`].
    pub pairing: usize,
    /// Deck index per seat (seat one first).
    pub decks: [usize; 2],
    /// Player spec index per seat.
    pub players: [usize; 2],
    /// Which spec plays the pairing's first deck ("side a").
    pub side_a_player: usize,
    /// Whether seat one holds the pairing's second deck.
    pub swapped: bool,
    /// The game's seed.
    pub seed: u64,
}

/// The seating of game `k`: pairings cycle fastest; then, per round of pairings, the decks
/// swap seats every round and the two players (when two are given) swap decks every two
/// rounds, so over four rounds every player meets every deck in every seat once.
pub fn seating(k: u64, pairings: &[[usize; 2]], specs: usize, seed: u64) -> Seating {
    let count = pairings.len().max(1) as u64;
    let pairing = (k % count) as usize;
    let round = k / count;
    let swapped = round % 2 == 1;
    let side_a_player = if specs == 2 {
        ((round / 2) % 2) as usize
    } else {
        0
    };
    let side_b_player = if specs == 2 { 1 - side_a_player } else { 0 };
    let [a, b] = pairings[pairing];
    let (decks, players) = if swapped {
        ([b, a], [side_b_player, side_a_player])
    } else {
        ([a, b], [side_a_player, side_b_player])
    };
    Seating {
        pairing,
        decks,
        players,
        side_a_player,
        swapped,
        seed: game_seed(seed, k),
    }
}

/// SplitMix64's output function.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of game `k` of a run seeded `seed` (distinct games get unrelated seeds).
pub fn game_seed(seed: u64, k: u64) -> u64 {
    mix(mix(seed) ^ k)
}

/// The `index`-th (from 1) of `count` contiguous, disjoint ranges of a run's game numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which range, from 1.
    pub index: u64,
    /// How many ranges.
    pub count: u64,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game numbers of this shard of a run of `games` games.
    pub fn range(&self, games: u64) -> Range<u64> {
        let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = |why: &str| format!("bad shard `{s}`: {why} (expected K/N with 1 <= K <= N)");
        let (k, n) = s.split_once('/').ok_or_else(|| bad("no `/`"))?;
        let index: u64 = k.trim().parse().map_err(|_| bad("K is not a number"))?;
        let count: u64 = n.trim().parse().map_err(|_| bad("N is not a number"))?;
        if count == 0 || index == 0 || index > count {
            return Err(bad("K is out of range"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_games_into_contiguous_disjoint_ranges() {
        let parts: Vec<_> = (1..=3)
            .map(|i| Shard { index: i, count: 3 }.range(10))
            .collect();
        assert_eq!(parts, vec![0..3, 3..6, 6..10]);
        assert_eq!(Shard::WHOLE.range(7), 0..7);
        assert_eq!(Shard { index: 5, count: 5 }.range(u64::MAX).end, u64::MAX);
    }

    #[test]
    fn shard_text_is_checked() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["4/3", "0/3", "1/0", "3", "a/3", "1/b"] {
            let e = bad.parse::<Shard>().unwrap_err();
            assert!(e.starts_with(&format!("bad shard `{bad}`")), "{e}");
        }
    }

    #[test]
    fn round_robin_pairs_every_deck_once() {
        assert_eq!(pairings(1), vec![[0, 0]]);
        assert_eq!(pairings(3), vec![[0, 1], [0, 2], [1, 2]]);
    }

    #[test]
    fn every_player_gets_every_deck_in_every_seat_equally_often() {
        let p = pairings(2);
        let mut seen = std::collections::BTreeMap::new();
        for k in 0..4 {
            let s = seating(k, &p, 2, 9);
            for seat in 0..2 {
                *seen
                    .entry((s.players[seat], s.decks[seat], seat))
                    .or_insert(0) += 1;
            }
        }
        assert_eq!(seen.len(), 8);
        assert!(seen.values().all(|&n| n == 1));
    }

    #[test]
    fn seeds_depend_on_the_run_seed_and_game_number_only() {
        assert_eq!(game_seed(5, 17), game_seed(5, 17));
        assert_ne!(game_seed(5, 17), game_seed(5, 18));
        assert_ne!(game_seed(5, 17), game_seed(6, 17));
    }
}
