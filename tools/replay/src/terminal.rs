//! A human player at a terminal: shows the seat's board and its legal actions numbered, reads
//! a line per decision. Costs are paid automatically unless the human picks a payment.

use crate::board::board;
use dzero_core::{Action, CardId, Game, Loc, Payment, SeenChoice};
use dzero_sim::{Chooser, SeatView};
use dzero_text::{Lang, Text};
use std::io::{BufRead, Write};

/// At most this many payments are tried when listing the alternatives of one action.
const MAX_TRIED: usize = 4096;

/// The help shown for `h`.
const HELP: &str = "N      take action N (its cost paid automatically)
N p    list the ways to pay action N's energy cost and pick one
h      this help
q      quit (with --save, the game so far is saved)";

/// A human player reading decisions from `input` and showing the board on `out`.
pub struct Terminal<R: BufRead, W: Write> {
    input: R,
    out: W,
    lang: Lang,
    quit: bool,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    /// A player reading lines from `input`, writing in `lang` to `out`.
    pub fn new(input: R, out: W, lang: Lang) -> Terminal<R, W> {
        Terminal {
            input,
            out,
            lang,
            quit: false,
        }
    }

    /// Whether the human quit (`q` or the end of the input).
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Writes a line of text.
    pub(crate) fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    /// The next input line between duels, trimmed; none, the human having quit, at `q` or the
    /// end of the input.
    pub(crate) fn read(&mut self, prompt: &str) -> Option<String> {
        let line = self.line(prompt).filter(|l| l != "q");
        self.quit |= line.is_none();
        line
    }

    /// The next input line, trimmed; none at the end of the input.
    fn line(&mut self, prompt: &str) -> Option<String> {
        let _ = write!(self.out, "{prompt}");
        let _ = self.out.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(self.out);
                None
            }
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// Lets the human pick a payment for `action`; none when they go back.
    fn pick_payment(
        &mut self,
        view: &SeatView<'_>,
        game: &Game,
        text: &Text,
        action: &Action,
    ) -> Option<Action> {
        let ways = payments(view, game, action);
        if ways.is_empty() {
            let _ = writeln!(
                self.out,
                "no payment to choose: this action costs no energy, or only the automatic payment works"
            );
            return None;
        }
        for (i, way) in ways.iter().enumerate() {
            let cards: Vec<String> = way.iter().map(|&c| text.card(c)).collect();
            let _ = writeln!(self.out, "  {}. freeze {}", i + 1, cards.join(", "));
        }
        loop {
            let line = self.line("payment (number, Enter to go back)> ")?;
            if line.is_empty() {
                return None;
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=ways.len()).contains(&n) => {
                    return Some(with_payment(action, Payment::Cards(ways[n - 1].clone())));
                }
                _ => {
                    let _ = writeln!(
                        self.out,
                        "type a number from 1 to {}, or Enter to go back",
                        ways.len()
                    );
                }
            }
        }
    }
}

impl<R: BufRead, W: Write> Chooser for Terminal<R, W> {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        if self.quit {
            return None;
        }
        // A duel the seat cannot tell from this one names the cards it may see.
        let game = view.determinize(0);
        let text = Text::new(&game, view.db(), self.lang);
        let obs = view.observe();
        let mut actions = Vec::new();
        view.actions(&mut actions);
        let options = match &obs.choice {
            Some(SeenChoice::Yours {
                question, options, ..
            }) => {
                let _ = writeln!(self.out, "{}", text.question(question));
                options.clone()
            }
            _ => Vec::new(),
        };
        let _ = write!(self.out, "\n{}", board(&obs, &text));
        let _ = writeln!(self.out, "{}", text.decision(view.decision()));
        for (i, a) in actions.iter().enumerate() {
            let shown = match (a, &options) {
                (Action::Choose(k), o) if usize::from(*k) < o.len() => {
                    text.option(&o[usize::from(*k)])
                }
                _ => text.action(a),
            };
            let _ = writeln!(self.out, "  {}. {shown}", i + 1);
        }
        loop {
            let Some(line) = self.line(&format!("{} (1-{}, h: help)> ", obs.seat, actions.len()))
            else {
                self.quit = true;
                return None;
            };
            let (number, pay) = match line.split_once(char::is_whitespace) {
                Some((n, rest)) if rest.trim() == "p" => (n, true),
                _ => (line.as_str(), false),
            };
            match number {
                "q" => {
                    self.quit = true;
                    return None;
                }
                "h" => {
                    let _ = writeln!(self.out, "{HELP}");
                    continue;
                }
                _ => {}
            }
            match number.parse::<usize>() {
                Ok(n) if (1..=actions.len()).contains(&n) => {
                    let action = &actions[n - 1];
                    if !pay {
                        return Some(action.clone());
                    }
                    if let Some(paid) = self.pick_payment(view, &game, &text, action) {
                        return Some(paid);
                    }
                }
                Ok(_) => {
                    let _ = writeln!(
                        self.out,
                        "no action {number}: type a number from 1 to {} (h for help)",
                        actions.len()
                    );
                }
                Err(_) if line.is_empty() => {
                    let _ = writeln!(
                        self.out,
                        "type an action's number from 1 to {} (h for help)",
                        actions.len()
                    );
                }
                Err(_) => {
                    let _ = writeln!(
                        self.out,
                        "`{line}` is not an action: type its number, `N p` to choose how to pay, h for help, q to quit"
                    );
                }
            }
        }
    }
}

/// `action` paid with `payment` (an action without an energy cost unchanged).
fn with_payment(action: &Action, payment: Payment) -> Action {
    let mut a = action.clone();
    match &mut a {
        Action::Play { payment: p, .. }
        | Action::CreatePlan { payment: p }
        | Action::UpdatePlan { payment: p }
        | Action::Move { payment: p, .. }
        | Action::Activate { payment: p, .. } => *p = payment,
        _ => {}
    }
    a
}

/// The smallest sets of the seat's released energy and smash cards that pay `action`, each
/// tried on `game` (a copy the seat cannot tell from the duel; smash cards named by place).
fn payments(view: &SeatView<'_>, game: &Game, action: &Action) -> Vec<Vec<CardId>> {
    if with_payment(action, Payment::Cards(Vec::new())) == *action {
        return Vec::new();
    }
    let seat = view.seat();
    let zones = &view.observe().players[seat.index()];
    let mut sources: Vec<CardId> = zones
        .energy
        .iter()
        .filter(|c| !c.frozen)
        .map(|c| c.id)
        .collect();
    sources.extend(
        zones
            .smash
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.frozen)
            .filter_map(|(i, _)| CardId::at_place(seat, Loc::Smash, i)),
    );
    let pays = |cards: &[CardId]| {
        let mut g = game.clone();
        g.apply(
            view.db(),
            with_payment(action, Payment::Cards(cards.to_vec())),
        )
        .is_ok()
    };
    let mut tried = 0;
    for size in 1..=sources.len() {
        let mut found = Vec::new();
        let mut pick: Vec<usize> = (0..size).collect();
        loop {
            let cards: Vec<CardId> = pick.iter().map(|&i| sources[i]).collect();
            tried += 1;
            if pays(&cards) {
                found.push(cards);
            }
            if tried >= MAX_TRIED || !next_combination(&mut pick, sources.len()) {
                break;
            }
        }
        if !found.is_empty() || tried >= MAX_TRIED {
            return found;
        }
    }
    Vec::new()
}

/// Advances `pick` (increasing indices below `n`) to the next combination; false after the
/// last.
fn next_combination(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for i in (0..k).rev() {
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
