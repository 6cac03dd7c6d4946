//! Matches (R2.3–R2.6, A26): up to three duels between two deck lists with sideboards, the
//! first to win two winning; between duels each player may swap cards between deck and
//! sideboard, and the loser of the previous duel chooses who plays first.

use dzero_core::{CardDb, DefId, Game, GameResult, MatchFormat, Player, RuleSet, check_deck};

/// One player's deck and sideboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDeck {
    /// The deck.
    pub cards: Vec<DefId>,
    /// The sideboard (R2.3).
    pub sideboard: Vec<DefId>,
}

/// A swap between duels: the cards `out` of the deck for the cards `into` from the sideboard
/// (R2.5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swap {
    /// Cards leaving the deck for the sideboard.
    pub out: Vec<DefId>,
    /// Cards leaving the sideboard for the deck.
    pub into: Vec<DefId>,
}

impl MatchDeck {
    /// The deck and sideboard after `swap` (R2.5: the deck keeps its size and the sideboard
    /// its); an illegal swap is refused with the reason, and `self` is unchanged.
    pub fn swapped(&self, db: &CardDb, rules: &RuleSet, swap: &Swap) -> Result<MatchDeck, String> {
        if swap.out.len() != swap.into.len() {
            return Err(format!(
                "{} card(s) out of the deck but {} in: the deck stays at {} cards and the \
                 sideboard at {} (R2.5)",
                swap.out.len(),
                swap.into.len(),
                self.cards.len(),
                self.sideboard.len()
            ));
        }
        let name = |d: DefId| {
            db.get(d)
                .map_or_else(|| format!("{d:?}"), |c| c.name.clone())
        };
        let mut next = self.clone();
        for &d in &swap.out {
            move_one(&mut next.cards, &mut next.sideboard, d)
                .ok_or_else(|| format!("no 「{}」 left in the deck to swap out (R2.5)", name(d)))?;
        }
        for &d in &swap.into {
            move_one(&mut next.sideboard, &mut next.cards, d).ok_or_else(|| {
                format!("no 「{}」 left in the sideboard to swap in (R2.5)", name(d))
            })?;
        }
        check_deck(db, rules, Player::One, &next.cards).map_err(|e| e.to_string())?;
        Ok(next)
    }
}

/// Moves one copy of `d` from `from` to the end of `to`; none when `from` has none.
fn move_one(from: &mut Vec<DefId>, to: &mut Vec<DefId>, d: DefId) -> Option<()> {
    let at = from.iter().position(|&c| c == d)?;
    from.remove(at);
    to.push(d);
    Some(())
}

/// What a player decides in a match, beside its duels.
pub trait MatchPlayer {
    /// The swap before the next duel (R2.5), knowing the duels so far.
    fn swap(&mut self, me: Player, deck: &MatchDeck, duels: &[GameResult]) -> Swap;

    /// Having lost the last duel: whether to play first (R2.6).
    fn play_first(&mut self, me: Player, duels: &[GameResult]) -> bool;
}

/// A match's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Each duel's result, in order.
    pub duels: Vec<GameResult>,
    /// Each duel's first player.
    pub first: Vec<Player>,
    /// The winner of two duels (R2.4), or none: a draw after three duels (A26).
    pub winner: Option<Player>,
}

/// Plays a match between `decks` under `rules`: each duel is set up from the decks as they
/// then are and played to its end by `duel`; `players` swap between duels and the loser
/// chooses who plays first. A single-duel rule set plays one duel (A26). The decks given are
/// not changed: the lists are restored after the match (R2.5).
pub fn play_match(
    db: &CardDb,
    rules: &RuleSet,
    decks: &[MatchDeck; 2],
    seed: u64,
    players: &mut [&mut dyn MatchPlayer; 2],
    duel: &mut dyn FnMut(Game) -> Result<Game, String>,
) -> Result<MatchOutcome, String> {
    let most = most_duels(rules);
    let mut now = decks.clone();
    let mut out = MatchOutcome {
        duels: Vec::new(),
        first: Vec::new(),
        winner: None,
    };
    for k in 0..most {
        let first = first_chooser(&out.duels).map(|loser| {
            if players[loser.index()].play_first(loser, &out.duels) {
                loser
            } else {
                loser.opponent()
            }
        });
        let game = Game::new_with_first(
            db,
            *rules,
            [&now[0].cards, &now[1].cards],
            duel_seed(seed, k),
            first,
        )
        .map_err(|e| format!("duel {}: {e}", k + 1))?;
        out.first.push(game.first_player());
        let end = duel(game)?;
        let result = end
            .result()
            .ok_or_else(|| format!("duel {} ended without a result", k + 1))?;
        out.duels.push(result);
        if let Some(winner) = match_end(rules, &out.duels) {
            out.winner = winner;
            break;
        }
        if k + 1 < most {
            for p in Player::BOTH {
                let swap = players[p.index()].swap(p, &now[p.index()], &out.duels);
                now[p.index()] = now[p.index()]
                    .swapped(db, rules, &swap)
                    .map_err(|e| format!("{p}'s swap before duel {} is refused: {e}", k + 2))?;
            }
        }
    }
    Ok(out)
}

/// Duel `k`'s seed in a match seeded `seed`.
pub fn duel_seed(seed: u64, k: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(k))
}

/// The most duels a match under `rules` plays: three in a best-of-three match (R2.4), one
/// under a single-duel rule set (A26).
pub fn most_duels(rules: &RuleSet) -> u32 {
    match rules.match_format {
        MatchFormat::Single => 1,
        MatchFormat::BestOfThree => 3,
    }
}

/// Whether a match under `rules` with these duel results is over, and if so its winner: the
/// first to win two duels (R2.4), the one duel's winner under a single-duel rule set, none
/// after three duels without two wins (A26).
pub fn match_end(rules: &RuleSet, duels: &[GameResult]) -> Option<Option<Player>> {
    let wins = |p: Player| duels.iter().filter(|r| **r == GameResult::Win(p)).count();
    if let Some(p) = Player::BOTH.into_iter().find(|&p| wins(p) == 2) {
        return Some(Some(p));
    }
    if duels.len() >= most_duels(rules) as usize {
        return Some(match duels.last() {
            Some(GameResult::Win(p)) if most_duels(rules) == 1 => Some(*p),
            _ => None,
        });
    }
    None
}

/// Who chooses who plays first in the next duel: the loser of the last duel (R2.6); none in
/// the first duel or after a drawn one, where the first player is random (A26, R3.2).
pub fn first_chooser(duels: &[GameResult]) -> Option<Player> {
    match duels.last() {
        Some(GameResult::Win(w)) => Some(w.opponent()),
        Some(GameResult::Draw) | None => None,
    }
}
