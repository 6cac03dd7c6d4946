//! A human player at a terminal: shows the seat's board and its options numbered, reads a line
//! per decision. A use of a card is announced (the options grouped per card), then its pieces
//! are picked one by one with `c` to withdraw; the energy is paid automatically unless the
//! human announced with `N p`, which offers the energy cards one by one.

use crate::board::{announcement, board};
use crate::menu::Menu;
use dzero_core::{Action, Decision, Pick, SeenChoice, Step};
use dzero_sim::{Chooser, SeatView};
use dzero_text::{Lang, Text};
use std::io::{BufRead, Write};

/// The help shown for `h`.
const HELP: &str = "N      take option N (after announcing a card, its pieces are asked one by one)
N p    the same, paying the energy by hand: the energy cards are offered one by one
c      cancel the announcement being made (nothing changes)
h      this help
q      quit (with --save, the game so far is saved)
Without `p`, the energy is paid automatically.";

/// The help shown for `h` in Japanese.
const HELP_JA: &str = "N      選択肢Nを選ぶ（カードを宣言したら、その内容を1つずつ選ぶ）
N p    同じく選び、エネルギーを手で支払う（支払うカードを1枚ずつ選ぶ）
c      宣言を取り消す（何も変わらない）
h      このヘルプ
q      終了（--save があれば、ここまでのゲームを保存する）
p を付けなければ、エネルギーは自動で支払われる。";

/// A human player reading decisions from `input` and showing the board on `out`.
pub struct Terminal<R: BufRead, W: Write> {
    input: R,
    out: W,
    lang: Lang,
    quit: bool,
    /// The announcement being made is paid card by card (`N p`).
    by_hand: bool,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    /// A player reading lines from `input`, writing in `lang` to `out`.
    pub fn new(input: R, out: W, lang: Lang) -> Terminal<R, W> {
        Terminal {
            input,
            out,
            lang,
            quit: false,
            by_hand: false,
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

    /// The hint for a line that is no option of `menu`.
    fn hint(&self, line: &str, menu: &Menu) -> String {
        let n = menu.len();
        let ja = self.lang == Lang::Ja;
        match line.parse::<usize>() {
            Ok(k) if ja => format!("選択肢{k}はない：1から{n}の数を入力（h：ヘルプ）"),
            Ok(k) => format!("no action {k}: type a number from 1 to {n} (h for help)"),
            Err(_) if line.is_empty() && ja => {
                format!("選択肢の番号（1から{n}）を入力（h：ヘルプ）")
            }
            Err(_) if line.is_empty() => {
                format!("type an action's number from 1 to {n} (h for help)")
            }
            Err(_) if ja => format!(
                "`{line}` は選択肢ではない：番号、手で支払うなら `N p`、h でヘルプ、q で終了"
            ),
            Err(_) => format!(
                "`{line}` is not an action: type its number, `N p` to pay by hand, h for help, \
                 q to quit"
            ),
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
        let decision = view.decision();
        if !matches!(decision, Decision::Pick(..)) {
            self.by_hand = false;
        }
        let auto = Action::Pick(Pick::PayAuto);
        if matches!(decision, Decision::Pick(_, Step::Payment))
            && !self.by_hand
            && actions.contains(&auto)
        {
            let _ = if self.lang == Lang::Ja {
                writeln!(self.out, "{}はエネルギーを自動で支払う", obs.seat)
            } else {
                writeln!(self.out, "{} pays the energy automatically", obs.seat)
            };
            return Some(auto);
        }
        if let Some(SeenChoice::Yours { question, .. }) = &obs.choice {
            let _ = writeln!(self.out, "{}", text.question(question));
        }
        let menu = Menu::new(&actions, &obs, &game, view.db(), &text);
        // The board was shown at the announcement: each piece shows the announcement so far.
        match &obs.announcement {
            Some(a) => {
                let _ = writeln!(self.out, "\n{}", announcement(a, &text));
            }
            None => {
                let _ = write!(self.out, "\n{}", board(&obs, &text));
            }
        }
        let _ = writeln!(self.out, "{}", text.decision(decision));
        let _ = write!(self.out, "{}", menu.listing());
        let ja = self.lang == Lang::Ja;
        let prompt = match (menu.cancel(), ja) {
            (Some(_), false) => format!("{} (1-{}, c: cancel, h: help)> ", obs.seat, menu.len()),
            (Some(_), true) => format!("{} (1-{}, c：取り消し, h：ヘルプ)> ", obs.seat, menu.len()),
            (None, false) => format!("{} (1-{}, h: help)> ", obs.seat, menu.len()),
            (None, true) => format!("{} (1-{}, h：ヘルプ)> ", obs.seat, menu.len()),
        };
        loop {
            let Some(line) = self.line(&prompt) else {
                self.quit = true;
                return None;
            };
            let (number, by_hand) = match line.split_once(char::is_whitespace) {
                Some((n, rest)) if rest.trim() == "p" => (n, true),
                _ => (line.as_str(), false),
            };
            match number {
                "q" => {
                    self.quit = true;
                    return None;
                }
                "h" => {
                    let _ = writeln!(self.out, "{}", if ja { HELP_JA } else { HELP });
                    continue;
                }
                "c" | "cancel" => match menu.cancel() {
                    Some(cancel) => return Some(cancel),
                    None if ja => {
                        let _ = writeln!(self.out, "取り消す宣言はない");
                        continue;
                    }
                    None => {
                        let _ = writeln!(self.out, "there is no announcement to cancel");
                        continue;
                    }
                },
                _ => {}
            }
            let Some(action) = number.parse().ok().and_then(|n| menu.get(n)) else {
                let hint = self.hint(number, &menu);
                let _ = writeln!(self.out, "{hint}");
                continue;
            };
            if by_hand {
                if !matches!(action, Action::Announce(_) | Action::Pick(_)) {
                    let _ = writeln!(
                        self.out,
                        "{}",
                        if ja {
                            "`N p` は宣言するときに使う：これは宣言ではない"
                        } else {
                            "`N p` pays an announcement by hand: this option announces nothing"
                        }
                    );
                    continue;
                }
                self.by_hand = true;
            }
            return Some(action.clone());
        }
    }
}
