//! The game log: each step's events as lines of text, everything or only what one seat sees.

use dzero_core::{Action, CardDb, Event, Game, Player, SeenEvent};
use dzero_sim::Watch;
use dzero_text::{Lang, Text};
use std::io::Write;

/// Writes each step's events, and each answered choice, as readable lines to `out`.
pub struct Narrator<'a, W: Write> {
    db: &'a CardDb,
    lang: Lang,
    seat: Option<Player>,
    out: W,
}

impl<'a, W: Write> Narrator<'a, W> {
    /// A log of everything that happens (a spectator's, or a replay's).
    pub fn all(db: &'a CardDb, lang: Lang, out: W) -> Narrator<'a, W> {
        Narrator {
            db,
            lang,
            seat: None,
            out,
        }
    }

    /// A log of what `seat` sees (A29): others' hidden cards appear only as such.
    pub fn seat(db: &'a CardDb, lang: Lang, seat: Player, out: W) -> Narrator<'a, W> {
        Narrator {
            db,
            lang,
            seat: Some(seat),
            out,
        }
    }

    /// Writes the events of the last step of `game` (or of its setup).
    pub fn log(&mut self, game: &Game) {
        let text = Text::new(game, self.db, self.lang);
        let seen: Vec<SeenEvent> = match self.seat {
            Some(s) => game.observe_events(s),
            None => game.events().iter().map(|e| SeenEvent::Shown(*e)).collect(),
        };
        for e in seen {
            if let Some(line) = self.line(&text, e) {
                let _ = writeln!(self.out, "{line}");
            }
        }
    }

    /// One event's line; passes and phase ends are implied by the next line.
    fn line(&self, text: &Text, e: SeenEvent) -> Option<String> {
        let ja = self.lang == Lang::Ja;
        Some(match e {
            SeenEvent::Shown(Event::Passed { .. } | Event::PhaseEnded { .. }) => return None,
            SeenEvent::Shown(e) => text.event(&e),
            SeenEvent::Drew { player } if ja => format!("{player}がカードを1枚引いた"),
            SeenEvent::Drew { player } => format!("{player} draws a card"),
            SeenEvent::Moved { owner, from, to } => {
                let (from, to) = (text.loc(from), text.loc(to));
                if ja {
                    format!("{owner}のカード1枚が{from}から{to}に移った")
                } else {
                    format!("a card of {owner} moves from {from} to {to}")
                }
            }
            SeenEvent::Unseen { .. } => return None,
        })
    }
}

impl<W: Write> Watch for Narrator<'_, W> {
    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        let Action::Choose(i) = action else { return };
        let Some(c) = game.choice() else { return };
        let text = Text::new(game, self.db, self.lang);
        let line = match c.options.get(usize::from(*i)) {
            Some(o) if self.seat.is_none_or(|s| s == seat) => {
                let answer = text.option(o);
                let question = text.question(&c.question);
                if self.lang == Lang::Ja {
                    format!("{seat}は{answer}を選んだ（{question}）")
                } else {
                    format!("{seat} chooses {answer} ({question})")
                }
            }
            _ if self.lang == Lang::Ja => format!("{seat}が選択した"),
            _ => format!("{seat} answers a choice"),
        };
        let _ = writeln!(self.out, "{line}");
    }

    fn after(&mut self, game: &Game) {
        self.log(game);
    }
}
