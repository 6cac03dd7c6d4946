//! The options of one terminal prompt, numbered in a fixed order derived from the options
//! alone: at priority the uses grouped per card (hand cards in hand order, then cards on the
//! board, then cards in other zones), then the plan zone and the die, then pass; at any other
//! decision its options as listed. Cancelling an announcement is `c`, never a number.

use dzero_core::{Action, CardDb, CardId, Game, Loc, Observation, Pick, SeenChoice};
use dzero_text::{Lang, Text};
use std::fmt::Write as _;

/// One prompt's options: option N is always the same action while the prompt lasts.
pub(crate) struct Menu {
    /// The numbered options: option N is `numbered[N - 1]`.
    numbered: Vec<Action>,
    /// The lines showing them, group headings included.
    lines: Vec<String>,
    /// Withdrawing the announcement, when one is being made.
    cancel: Option<Action>,
}

/// Where an option sorts: its class (a card's use, another option, pass), then its card's
/// place, then its place among the listed options.
type Key = (u8, (u8, usize), usize);

impl Menu {
    /// The menu of `actions` (the seat's legal actions), named with `text` about `game` (a duel
    /// the seat cannot tell from the real one) as `obs` shows it.
    pub(crate) fn new(
        actions: &[Action],
        obs: &Observation,
        game: &Game,
        db: &CardDb,
        text: &Text,
    ) -> Menu {
        let cancel = Action::Pick(Pick::Cancel);
        let mut listed: Vec<(Key, Option<CardId>, &Action)> = actions
            .iter()
            .filter(|a| **a != cancel)
            .enumerate()
            .map(|(i, a)| match a {
                Action::Announce(what) => match what.card() {
                    Some(c) => ((0, place(c, i, obs), i), Some(c), a),
                    None => ((1, (0, 0), i), None, a),
                },
                Action::Pass => ((2, (0, 0), i), None, a),
                _ => ((1, (0, 0), i), None, a),
            })
            .collect();
        listed.sort_by_key(|(key, ..)| *key);
        let options = match &obs.choice {
            Some(SeenChoice::Yours { options, .. }) => options.as_slice(),
            _ => &[],
        };
        let mut lines = Vec::new();
        let mut heading = None;
        for (n, (_, card, action)) in listed.iter().enumerate() {
            if *card != heading {
                heading = *card;
                if let Some(c) = card {
                    lines.push(format!("  {}", where_is(*c, obs, game, db, text)));
                }
            }
            let shown = match action {
                Action::Choose(k) if usize::from(*k) < options.len() => {
                    text.option(&options[usize::from(*k)])
                }
                _ => text.action(action),
            };
            let indent = if card.is_some() { "    " } else { "  " };
            lines.push(format!("{indent}{}. {shown}", n + 1));
        }
        let cancel = actions.contains(&cancel).then_some(cancel);
        if let Some(c) = &cancel {
            lines.push(format!("  c. {}", text.action(c)));
        }
        Menu {
            numbered: listed.into_iter().map(|(.., a)| a.clone()).collect(),
            lines,
            cancel,
        }
    }

    /// How many numbered options.
    pub(crate) fn len(&self) -> usize {
        self.numbered.len()
    }

    /// Option `n` (from 1), if there is one.
    pub(crate) fn get(&self, n: usize) -> Option<&Action> {
        n.checked_sub(1).and_then(|i| self.numbered.get(i))
    }

    /// Withdrawing the announcement, when one is being made.
    pub(crate) fn cancel(&self) -> Option<Action> {
        self.cancel.clone()
    }

    /// The options as lines of text, one per option under its card's heading.
    pub(crate) fn listing(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let _ = writeln!(out, "{line}");
        }
        out
    }
}

/// Where card `c` sorts (the `i`th option): hand cards in hand order, then cards in squares
/// in arrival order, then cards elsewhere in the order of the options.
fn place(c: CardId, i: usize, obs: &Observation) -> (u8, usize) {
    let seat = obs.seat.index();
    let in_hand = obs.players[seat]
        .hand
        .as_ref()
        .and_then(|h| h.iter().position(|s| s.id == c));
    if let Some(k) = in_hand {
        return (0, k);
    }
    if let Some(k) = obs.field.iter().position(|s| s.id == c) {
        return (1, k);
    }
    (2, i)
}

/// A group's heading: where the card is and its name, with its printed cost in hand or in the
/// plan zone (`hand: 狼王ロボ#12 (赤2 無2)`).
fn where_is(c: CardId, obs: &Observation, game: &Game, db: &CardDb, text: &Text) -> String {
    let ja = text.lang() == Lang::Ja;
    let planned = obs.players[obs.seat.index()]
        .plan
        .as_ref()
        .is_some_and(|p| p.id == c);
    let place = match (c.place(), game.location(c)) {
        _ if planned && ja => Some("プランゾーン".to_string()),
        _ if planned => Some("plan zone".to_string()),
        (None, Some(loc)) => Some(text.loc(loc)),
        _ => None,
    };
    let cost = game
        .card_state(c)
        .and_then(|s| db.get(s.def))
        .filter(|_| planned || game.location(c) == Some(Loc::Hand))
        .map(|def| def.cost.to_string());
    let name = match (cost, ja) {
        (Some(cost), false) => format!("{} ({cost})", text.card(c)),
        (Some(cost), true) => format!("{}（{cost}）", text.card(c)),
        (None, _) => text.card(c),
    };
    match (place, ja) {
        (Some(place), false) => format!("{place}: {name}"),
        (Some(place), true) => format!("{place}：{name}"),
        (None, _) => name,
    }
}
