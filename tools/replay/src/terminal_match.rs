//! A human's decisions between the duels of a match at a terminal (R2.5, R2.6): the deck and
//! sideboard shown numbered by name, swaps typed as `s D S [N]` until `done` (a refused swap
//! shows its reason and changes nothing), and, having lost, a choice to play first or second.

use crate::terminal::Terminal;
use dzero_core::{CardDb, DefId, GameResult, Player, RuleSet};
use dzero_sim::{MatchDeck, MatchPlayer, Swap};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// The help shown for `h` between duels.
const HELP: &str = "s D S    swap one copy of deck entry D for one of sideboard entry S
s D S N  swap N copies
reset    forget the swaps typed so far
done     play the next duel with the swaps typed (Enter alone too)
h        this help
q        quit (with --save, the match so far is saved)";

/// The human of a match: reads the terminal shared with its duels.
pub struct TerminalMatch<'a, R: BufRead, W: Write> {
    terminal: &'a RefCell<Terminal<R, W>>,
    db: &'a CardDb,
    rules: RuleSet,
}

impl<'a, R: BufRead, W: Write> TerminalMatch<'a, R, W> {
    /// The human at `terminal` (also its duels' player), naming cards by `db`, swapping under
    /// `rules`.
    pub fn new(
        terminal: &'a RefCell<Terminal<R, W>>,
        db: &'a CardDb,
        rules: RuleSet,
    ) -> TerminalMatch<'a, R, W> {
        TerminalMatch {
            terminal,
            db,
            rules,
        }
    }

    /// The card's name.
    fn name(&self, d: DefId) -> String {
        self.db
            .get(d)
            .map_or_else(|| format!("#{}", d.0), |c| c.name.clone())
    }

    /// `cards` grouped by definition in first-seen order, with their counts.
    fn entries(cards: &[DefId]) -> Vec<(DefId, usize)> {
        let mut counts: BTreeMap<DefId, usize> = BTreeMap::new();
        let mut order = Vec::new();
        for &d in cards {
            let n = counts.entry(d).or_default();
            if *n == 0 {
                order.push(d);
            }
            *n += 1;
        }
        order.into_iter().map(|d| (d, counts[&d])).collect()
    }

    /// Shows `deck` numbered by entry.
    fn show(&self, t: &mut Terminal<R, W>, deck: &MatchDeck) {
        for (title, cards) in [("deck", &deck.cards), ("sideboard", &deck.sideboard)] {
            t.say(&format!("your {title} ({} cards):", cards.len()));
            for (i, (d, n)) in Self::entries(cards).into_iter().enumerate() {
                t.say(&format!("  {}. {n} {}", i + 1, self.name(d)));
            }
        }
    }

    /// The swap a line `s D S [N]` adds, from the entries of `now`; an error says what is
    /// wrong with the line.
    fn parse_swap(&self, line: &str, now: &MatchDeck) -> Result<Swap, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str, what: &str, most: usize| -> Result<usize, String> {
            match w.parse::<usize>() {
                Ok(n) if (1..=most).contains(&n) => Ok(n),
                _ => Err(format!("`{w}` is not a {what} from 1 to {most}")),
            }
        };
        let [_, d, s, rest @ ..] = words.as_slice() else {
            return Err("type s D S [N]: deck entry D, sideboard entry S, N copies".into());
        };
        let deck = Self::entries(&now.cards);
        let side = Self::entries(&now.sideboard);
        let d = deck[number(d, "deck entry", deck.len())? - 1].0;
        let s = side[number(s, "sideboard entry", side.len())? - 1].0;
        let n = match rest {
            [] => 1,
            [n] => number(n, "count", 10)?,
            _ => return Err("type s D S [N]: deck entry D, sideboard entry S, N copies".into()),
        };
        Ok(Swap {
            out: vec![d; n],
            into: vec![s; n],
        })
    }
}

impl<R: BufRead, W: Write> MatchPlayer for TerminalMatch<'_, R, W> {
    fn swap(&mut self, me: Player, deck: &MatchDeck, duels: &[GameResult]) -> Swap {
        let mut t = self.terminal.borrow_mut();
        let mut swap = Swap::default();
        if t.quit() {
            return swap;
        }
        t.say(&format!(
            "\n{me}: before duel {}, swap cards between deck and sideboard (R2.5); h for help",
            duels.len() + 1
        ));
        let mut now = deck.clone();
        self.show(&mut t, &now);
        loop {
            let Some(line) = t.read("swap (s D S [N], done)> ") else {
                return swap;
            };
            match line.as_str() {
                "" | "done" => return swap,
                "h" => t.say(HELP),
                "reset" => {
                    swap = Swap::default();
                    now = deck.clone();
                    self.show(&mut t, &now);
                }
                _ if line.starts_with("s ") => {
                    let added = self.parse_swap(&line, &now).and_then(|more| {
                        let next = now.swapped(self.db, &self.rules, &more)?;
                        Ok((more, next))
                    });
                    match added {
                        Ok((more, next)) => {
                            swap.out.extend(more.out);
                            swap.into.extend(more.into);
                            now = next;
                            self.show(&mut t, &now);
                        }
                        Err(e) => t.say(&format!("refused: {e}")),
                    }
                }
                _ => t.say(&format!(
                    "`{line}` is not a swap: type s D S [N], done, reset or h"
                )),
            }
        }
    }

    fn play_first(&mut self, me: Player, duels: &[GameResult]) -> bool {
        let mut t = self.terminal.borrow_mut();
        if t.quit() {
            return true;
        }
        t.say(&format!(
            "{me}: you lost duel {}, so you choose who plays duel {} first (R2.6)",
            duels.len(),
            duels.len() + 1
        ));
        loop {
            let Some(line) = t.read("play first or second? (f/s)> ") else {
                return true;
            };
            match line.as_str() {
                "f" | "first" => return true,
                "s" | "second" => return false,
                _ => t.say(&format!("`{line}` is neither: type f or s")),
            }
        }
    }
}
