//! A match around the scenario's duel (R2.3–R2.6, A26): the decks and sideboards of `[match]`,
//! the `next_duel` step that swaps cards and starts the next duel with the first player the
//! loser chose, and the expectations on the duel number, the match's result and sideboards.

use super::check::Names;
use super::match_state::MatchState;
use super::runner::{Runner, decision_text, list_text, result_text};
use crate::outcome::Finding;
use crate::spec::{Named, StepSpec};
use dzero_cardpool::DeckText;
use dzero_core::{DefId, Game, GameResult, Player};
use dzero_sim::matches::{Swap, duel_seed, match_result};
use dzero_text::Lang;

impl Runner<'_> {
    /// The results of the match's duels: those before, and the current one once it is over.
    fn duels(&self) -> Vec<GameResult> {
        let mut out = self
            .matchup
            .as_ref()
            .map_or_else(Vec::new, |m| m.duels.clone());
        out.extend(self.game.result());
        out
    }

    /// `next_duel`: the current duel must be over and the match not decided; the loser of the
    /// duel chooses the first player (R2.6; random after a draw, A26), each player's swap is
    /// made (R2.5), and the next duel starts from the decks as they then are.
    pub(super) fn next_duel(
        &mut self,
        st: &StepSpec,
        first: Option<Player>,
        swaps: &[(Vec<Named>, Vec<Named>); 2],
    ) -> Vec<Finding> {
        let Some(state) = &self.matchup else {
            return vec![Finding::error("next_duel", "the scenario has no [match]")];
        };
        let Some(result) = self.game.result() else {
            return vec![Finding::new(
                "the duel before next_duel",
                "over",
                format!("not over: {}", decision_text(self.game.decision())),
            )];
        };
        let rules = *self.game.rules();
        let mut duels = state.duels.clone();
        duels.push(result);
        if let Some(r) = match_result(rules.match_format, &duels) {
            return vec![Finding::new(
                "the match (R2.4)",
                "another duel to play",
                format!("over: {}", result_text(Some(r))),
            )];
        }
        // R2.6: the loser of the duel chooses; A26: after a draw the first player is random.
        let chooser = match result {
            GameResult::Win(w) => Some(w.opponent()),
            GameResult::Draw => None,
        };
        let who = |p: Option<Player>| p.map_or_else(|| "random".to_owned(), |p| p.to_string());
        if chooser.is_some() != first.is_some() {
            return vec![Finding::new(
                "who plays first (R2.6, A26)",
                who(first),
                match chooser {
                    Some(l) => format!("chosen by {l}, the loser of duel {}", duels.len()),
                    None => format!("random: duel {} was a draw", duels.len()),
                },
            )];
        }
        if let Some(by) = st.by
            && Some(by) != chooser
        {
            return vec![Finding::new(
                "who decides (`by`)",
                by.to_string(),
                chooser.map_or_else(
                    || "nobody: the first player is random".to_owned(),
                    |p| format!("{p}, the loser of duel {} (R2.6)", duels.len()),
                ),
            )];
        }
        let index = Names::new(self.db);
        let mut decks = state.decks.clone();
        for p in Player::BOTH {
            let (out, into) = &swaps[p.index()];
            let list = |l: &[Named]| -> Vec<DefId> {
                l.iter().filter_map(|n| index.find(&n.name)).collect()
            };
            let swap = Swap {
                out: list(out),
                into: list(into),
            };
            match decks[p.index()].swapped(self.db, &rules, &swap) {
                Ok(d) => decks[p.index()] = d,
                Err(e) => {
                    return vec![Finding::new(
                        format!("{p}'s swap (R2.5)"),
                        "a legal swap",
                        format!("refused: {e}"),
                    )];
                }
            }
        }
        let number = state.number + 1;
        let game = Game::new_with(
            self.db,
            rules,
            [&decks[0].cards, &decks[1].cards],
            &[],
            duel_seed(self.s.setup.seed, number - 1),
            first,
        );
        match game {
            Ok(mut g) => {
                g.set_strict(self.s.setup.strict);
                self.events.extend_from_slice(g.events());
                self.game = g;
                // The labels named the first duel's cards: the next duel has none of them.
                self.labels.clear();
                self.label_of.clear();
                self.matchup = Some(MatchState {
                    decks,
                    duels,
                    number,
                });
                Vec::new()
            }
            Err(e) => vec![Finding::new(
                format!("duel {number}"),
                "set up",
                DeckText::new(self.db, Lang::En).setup_error(&e),
            )],
        }
    }

    /// A finding when the duel being played is not number `n`.
    pub(super) fn duel_check(&self, n: u32) -> Option<Finding> {
        let actual = self.matchup.as_ref().map_or(1, |m| m.number);
        (actual != n).then(|| Finding::new("duel of the match", n.to_string(), actual.to_string()))
    }

    /// A finding when the match's result is not `want` (R2.4, A26).
    pub(super) fn match_check(&self, want: Option<GameResult>, text: &str) -> Option<Finding> {
        let actual = match_result(self.game.rules().match_format, &self.duels());
        (actual != want).then(|| Finding::new("result of the match", text, result_text(actual)))
    }

    /// A finding when `p`'s sideboard does not hold exactly the cards `want` (R2.5).
    pub(super) fn sideboard_check(&self, p: Player, want: &[Named]) -> Option<Finding> {
        let Some(m) = &self.matchup else {
            return Some(Finding::error(
                format!("{p}'s sideboard"),
                "the scenario has no [match]",
            ));
        };
        let name = |d: DefId| self.db.get(d).map_or("?".to_owned(), |c| c.name.clone());
        let index = Names::new(self.db);
        let mut expected: Vec<String> = want
            .iter()
            .map(|n| index.find(&n.name).map_or_else(|| n.name.clone(), name))
            .collect();
        let mut actual: Vec<String> = m.decks[p.index()]
            .sideboard
            .iter()
            .map(|&d| name(d))
            .collect();
        expected.sort();
        actual.sort();
        (expected != actual).then(|| {
            Finding::new(
                format!("{p}'s sideboard"),
                list_text(&expected),
                list_text(&actual),
            )
        })
    }
}
