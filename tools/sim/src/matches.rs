//! Matches (R2.3–R2.6, A26): up to three duels between two deck lists with sideboards, the
//! first to win two winning; between duels each player may swap cards between deck and
//! sideboard, and the loser of the previous duel chooses who plays first.

use dzero_cardpool::DeckText;
use dzero_core::{
    CardDb, DefId, Game, GameResult, MatchFormat, Observation, Player, RuleSet, check_deck,
};
use dzero_text::Lang;

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
        check_deck(db, rules, Player::One, &next.cards)
            .map_err(|e| DeckText::new(db, Lang::En).setup_error(&e))?;
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

    /// A duel ended and another follows: `end` is what this seat saw of it at its end (the opponent's revealed
    /// cards among it). Called before [`MatchPlayer::swap`] and [`MatchPlayer::play_first`].
    fn duel_over(&mut self, me: Player, end: &Observation) {
        let _ = (me, end);
    }
}

/// How a duel of a match was set up, beside its game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DuelStart {
    /// The duel's number, from 1.
    pub number: u32,
    /// Each seat's swap just before it (empty before the first duel, R2.5).
    pub swaps: [Swap; 2],
    /// The seat that chose its first player (R2.6); none when it was random (A26).
    pub chose: Option<Player>,
}

/// The match's result once `duels` decide it under `format`: a winner of two duels (R2.4),
/// the winner of a single duel, or a draw after the last duel (A26); none while it goes on.
pub fn match_result(format: MatchFormat, duels: &[GameResult]) -> Option<GameResult> {
    let wins = |p: Player| duels.iter().filter(|r| **r == GameResult::Win(p)).count();
    let most = match format {
        MatchFormat::Single => 1,
        MatchFormat::BestOfThree => 3,
    };
    let needed = most / 2 + 1;
    if let Some(p) = Player::BOTH.into_iter().find(|&p| wins(p) >= needed) {
        return Some(GameResult::Win(p));
    }
    (duels.len() >= most).then_some(GameResult::Draw)
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

/// Plays a match between `decks` under `rules`, with the dimension deck `dimensions` when the
/// rules have one (R19.2): each duel is set up from the decks as they then are and played to
/// its end by `duel`; `players` swap between duels and the loser
/// chooses who plays first. A single-duel rule set plays one duel (A26). The decks given are
/// not changed: the lists are restored after the match (R2.5).
pub fn play_match(
    db: &CardDb,
    rules: &RuleSet,
    decks: &[MatchDeck; 2],
    dimensions: &[DefId],
    seed: u64,
    players: &mut [&mut dyn MatchPlayer; 2],
    duel: &mut dyn FnMut(Game) -> Result<Game, String>,
) -> Result<MatchOutcome, String> {
    play_match_with(
        db,
        rules,
        decks,
        dimensions,
        seed,
        players,
        &mut |_, game| duel(game),
    )
}

/// [`play_match`], `duel` also told each duel's number, the swaps before it and who chose
/// its first player (to record it).
pub fn play_match_with(
    db: &CardDb,
    rules: &RuleSet,
    decks: &[MatchDeck; 2],
    dimensions: &[DefId],
    seed: u64,
    players: &mut [&mut dyn MatchPlayer; 2],
    duel: &mut dyn FnMut(&DuelStart, Game) -> Result<Game, String>,
) -> Result<MatchOutcome, String> {
    let mut now = decks.clone();
    let mut out = MatchOutcome {
        duels: Vec::new(),
        first: Vec::new(),
        winner: None,
    };
    let mut start = DuelStart {
        number: 1,
        ..DuelStart::default()
    };
    loop {
        let k = start.number - 1;
        let first = match out.duels.last() {
            // R2.6: the loser of the previous duel chooses.
            Some(GameResult::Win(w)) => {
                let loser = w.opponent();
                start.chose = Some(loser);
                Some(if players[loser.index()].play_first(loser, &out.duels) {
                    loser
                } else {
                    *w
                })
            }
            // A26: after a drawn duel (and in the first), the first player is random (R3.2).
            Some(GameResult::Draw) | None => None,
        };
        let game = Game::new_with(
            db,
            *rules,
            [&now[0].cards, &now[1].cards],
            dimensions,
            duel_seed(seed, k),
            first,
        )
        .map_err(|e| {
            let e = DeckText::new(db, Lang::En).setup_error(&e);
            format!("duel {}: {e}", start.number)
        })?;
        out.first.push(game.first_player());
        let end = duel(&start, game)?;
        let result = end
            .result()
            .ok_or_else(|| format!("duel {} ended without a result", start.number))?;
        out.duels.push(result);
        if let Some(r) = match_result(rules.match_format, &out.duels) {
            out.winner = match r {
                GameResult::Win(p) => Some(p),
                GameResult::Draw => None,
            };
            return Ok(out);
        }
        let mut next = DuelStart {
            number: start.number + 1,
            ..DuelStart::default()
        };
        for p in Player::BOTH {
            players[p.index()].duel_over(p, &end.observe(db, p));
        }
        for p in Player::BOTH {
            let swap = players[p.index()].swap(p, &now[p.index()], &out.duels);
            now[p.index()] = now[p.index()]
                .swapped(db, rules, &swap)
                .map_err(|e| format!("{p}'s swap before duel {} is refused: {e}", next.number))?;
            next.swaps[p.index()] = swap;
        }
        start = next;
    }
}

/// Checks that `rules` plays matches (`--match`): a single-duel rule set plays one duel, no
/// match (A26).
pub fn match_rules(rules: &RuleSet) -> Result<(), String> {
    if rules.match_format == MatchFormat::BestOfThree {
        return Ok(());
    }
    Err(format!(
        "--match: rule set {} plays single duels without sideboards, so a match is one duel \
         (A26); drop --match, or play a best-of-three rule set (--rules official)",
        rules.name
    ))
}

/// Checks that every deck of `decks` (named by `files`) has a sideboard to play a match with
/// (R2.3).
pub fn sideboards<F: AsRef<std::path::Path>>(
    files: &[F],
    decks: &[dzero_cardpool::Deck],
) -> Result<(), String> {
    match files
        .iter()
        .zip(decks)
        .find(|(_, d)| d.sideboard.is_empty())
    {
        Some((f, _)) => Err(format!(
            "--match: {} has no [sideboard] section; every deck of a match needs one (R2.3)",
            f.as_ref().display()
        )),
        None => Ok(()),
    }
}

/// Duel `k`'s seed in a match seeded `seed`.
pub fn duel_seed(seed: u64, k: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(k))
}
