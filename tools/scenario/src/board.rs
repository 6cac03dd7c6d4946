//! An ASCII picture of a game for failure reports: both base rows and the 3×3 battle space seen
//! from player One (P2's side on top), the stacks, zone sizes, phase and priority.

use crate::names::{phase_name, place_name, step_name};
use dzero_core::{
    CardDb, CardId, Game, GameResult, ItemKind, Loc, Player, Square, StackItem, Zone,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use unicode_width::UnicodeWidthChar;

/// Inner width of a square in the picture, in terminal columns.
const CELL: usize = 22;

/// Names cards for reports: by label when the setup gave one, else as a reference
/// (`P2 シングルモルト@b3`).
pub(crate) struct Namer<'a> {
    pub game: &'a Game,
    pub db: &'a CardDb,
    pub label_of: &'a BTreeMap<CardId, String>,
}

impl Namer<'_> {
    /// The printed name.
    pub fn name(&self, c: CardId) -> &str {
        self.game
            .card_state(c)
            .and_then(|cs| self.db.get(cs.def))
            .map_or("?", |d| d.name.as_str())
    }

    /// `P2 シングルモルト@b3`.
    pub fn plain(&self, c: CardId) -> String {
        let owner = self.game.card_state(c).map_or(Player::One, |cs| cs.owner);
        format!("{owner} {}@{}", self.name(c), place_name(self.game, c))
    }

    /// A part of a battle damage item: `attacker → defender 3000`.
    pub fn damage_part(&self, p: &dzero_core::DamagePart) -> String {
        format!(
            "{} → {} {}",
            self.short(p.from),
            self.short(p.to.card),
            p.amount
        )
    }

    /// The label, else [`Namer::plain`].
    pub fn short(&self, c: CardId) -> String {
        match self.label_of.get(&c) {
            Some(l) => l.clone(),
            None => self.plain(c),
        }
    }

    /// `malt (P2 シングルモルト@b3)`.
    pub fn long(&self, c: CardId) -> String {
        match self.label_of.get(&c) {
            Some(l) => format!("{l} ({})", self.plain(c)),
            None => self.plain(c),
        }
    }

    /// A stack item: `play rifle`, `move angel`, `damage (a → b 3000, b → a 1000)`.
    pub fn item(&self, item: &StackItem) -> String {
        let (tag, card) = item.summary();
        let word = match tag {
            dzero_core::ItemTag::Play => "play",
            dzero_core::ItemTag::CreatePlan => "create-plan",
            dzero_core::ItemTag::UpdatePlan => "update-plan",
            dzero_core::ItemTag::Move => "move",
            dzero_core::ItemTag::Activated => "ability",
            dzero_core::ItemTag::Triggered => "trigger",
            dzero_core::ItemTag::Damage => "damage",
            dzero_core::ItemTag::Roll => "roll",
        };
        match (&item.kind, card) {
            (ItemKind::Damage { parts }, _) => {
                let v: Vec<String> = parts
                    .iter()
                    .flatten()
                    .map(|p| self.damage_part(p))
                    .collect();
                format!("damage ({})", v.join(", "))
            }
            (_, Some(c)) => format!("{word} {}", self.short(c)),
            (_, None) => word.to_owned(),
        }
    }

    /// A stack item with its controller, square and targets.
    fn item_long(&self, item: &StackItem) -> String {
        let mut s = format!("{} by {}", self.item(item), item.controller);
        match &item.kind {
            ItemKind::Play {
                square: Some(sq), ..
            } => {
                let _ = write!(s, " into {sq}");
            }
            ItemKind::Move { to, .. } => {
                let _ = write!(s, " to {to}");
            }
            _ => {}
        }
        if !item.targets.is_empty() {
            let t: Vec<String> = item
                .targets
                .iter()
                .map(|t| match t {
                    dzero_core::HeldTarget::Card(r) => self.short(r.card),
                    dzero_core::HeldTarget::Square(s) => format!("square:{s}"),
                    dzero_core::HeldTarget::Player(p) => format!("player:{p}"),
                    dzero_core::HeldTarget::Item(i) => format!("item#{}", i.0),
                })
                .collect();
            let _ = write!(s, " → {}", t.join(", "));
        }
        if item.x > 0 {
            let _ = write!(s, " (X={})", item.x);
        }
        s
    }
}

/// Display width of `s`.
fn width(s: &str) -> usize {
    s.chars().map(|c| c.width().unwrap_or(0)).sum()
}

/// `s` cut to at most `w` columns (with `~` when cut) and padded with spaces to exactly `w`.
fn fit(s: &str, w: usize) -> String {
    let mut out = String::new();
    if width(s) <= w {
        out.push_str(s);
    } else {
        let mut used = 0;
        for c in s.chars() {
            let cw = c.width().unwrap_or(0);
            if used + cw > w - 1 {
                break;
            }
            out.push(c);
            used += cw;
        }
        out.push('~');
    }
    let pad = w.saturating_sub(width(&out));
    out.push_str(&" ".repeat(pad));
    out
}

/// The lines of one square: two per card (name; owner, power/damage, frozen, label).
fn cell(n: &Namer<'_>, sq: Square) -> Vec<String> {
    let view = n.game.view(n.db);
    let mut lines = Vec::new();
    for &c in n.game.field() {
        if n.game.location(c) != Some(Loc::Square(sq)) {
            continue;
        }
        let owner = n.game.card_state(c).map_or(Player::One, |cs| cs.owner);
        lines.push(n.name(c).to_owned());
        let mut stats = owner.to_string();
        if sq.is_battle() {
            let _ = write!(stats, " {}/{}", view.power(c), view.damage(c));
        }
        if view.frozen(c) {
            stats.push_str(" F");
        }
        if let Some(l) = n.label_of.get(&c) {
            let _ = write!(stats, " ({l})");
        }
        lines.push(stats);
    }
    lines
}

fn border(out: &mut String, ch: char) {
    out.push_str("    +");
    for _ in 0..3 {
        out.push_str(&ch.to_string().repeat(CELL + 2));
        out.push('+');
    }
    out.push('\n');
}

fn row(out: &mut String, n: &Namer<'_>, label: &str, squares: [Square; 3], note: &str) {
    let cells: Vec<Vec<String>> = squares.iter().map(|&s| cell(n, s)).collect();
    let height = cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
    for i in 0..height {
        let _ = write!(out, "{:>3} |", if i == 0 { label } else { "" });
        for c in &cells {
            let text = c.get(i).map_or("", String::as_str);
            let _ = write!(out, " {} |", fit(text, CELL));
        }
        if i == 0 && !note.is_empty() {
            let _ = write!(out, " {note}");
        }
        out.push('\n');
    }
}

fn zones_line(g: &Game, n: &Namer<'_>, p: Player) -> String {
    let frozen = g
        .zone(p, Zone::Energy)
        .iter()
        .filter(|&&c| g.card_state(c).is_some_and(|cs| cs.frozen))
        .count();
    let plan = g.plan_card(p).map_or("-".to_owned(), |c| {
        n.label_of
            .get(&c)
            .cloned()
            .unwrap_or_else(|| n.name(c).to_owned())
    });
    format!(
        "{p}: hand {}, deck {}, plan {plan}, energy {} ({frozen} frozen), smash {}, graveyard {}, remove {}",
        g.zone_len(p, Zone::Hand),
        g.zone_len(p, Zone::Deck),
        g.zone_len(p, Zone::Energy),
        g.zone_len(p, Zone::Smash),
        g.zone_len(p, Zone::Graveyard),
        g.zone_len(p, Zone::Remove),
    )
}

fn stack_lines(out: &mut String, n: &Namer<'_>, title: &str, items: &[StackItem]) {
    if items.is_empty() {
        let _ = writeln!(out, "{title}: empty");
        return;
    }
    let _ = writeln!(out, "{title} (bottom first):");
    for (i, item) in items.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}", i + 1, n.item_long(item));
    }
}

/// The picture of `game`; `label_of` names labelled cards.
pub(crate) fn render_board(
    game: &Game,
    db: &CardDb,
    label_of: &BTreeMap<CardId, String>,
) -> String {
    let n = Namer { game, db, label_of };
    let mut out = String::new();
    let priority = game.priority().map_or("none".to_owned(), |p| p.to_string());
    let _ = writeln!(
        out,
        "turn {}, {} active, {} phase, priority {priority}",
        game.turn(),
        game.active(),
        phase_name(game.phase())
    );
    match game.result() {
        Some(GameResult::Win(p)) => {
            let _ = writeln!(out, "the duel is over: {p} wins");
        }
        Some(GameResult::Draw) => {
            let _ = writeln!(out, "the duel is over: a draw");
        }
        None => {}
    }
    if let Some(b) = game.battle() {
        let attackers: Vec<String> = b
            .fighters
            .iter()
            .filter(|f| f.attacker)
            .map(|f| n.short(f.unit.card))
            .collect();
        let _ = writeln!(
            out,
            "battle in {}: {} step, attacker {}",
            b.square,
            step_name(b.step),
            attackers.join(" and ")
        );
    }
    let _ = writeln!(
        out,
        "      {}",
        ["a", "b", "c"]
            .iter()
            .map(|c| fit(&format!("{c:^width$}", width = CELL), CELL + 3))
            .collect::<String>()
            .trim_end()
    );
    border(&mut out, '-');
    row(
        &mut out,
        &n,
        "P2",
        [0, 1, 2].map(|c| Square::base(Player::Two, c)),
        "P2 base",
    );
    border(&mut out, '=');
    for r in (0..3u8).rev() {
        let label = (r + 1).to_string();
        row(
            &mut out,
            &n,
            &label,
            [0, 1, 2].map(|c| Square::battle(r, c)),
            "",
        );
        border(&mut out, if r == 0 { '=' } else { '-' });
    }
    row(
        &mut out,
        &n,
        "P1",
        [0, 1, 2].map(|c| Square::base(Player::One, c)),
        "P1 base",
    );
    border(&mut out, '-');
    stack_lines(&mut out, &n, "stack", game.stack());
    let frames = game.frames();
    if frames.len() >= 2 {
        stack_lines(
            &mut out,
            &n,
            "pending stack",
            &frames[frames.len() - 2].stack,
        );
    }
    if let Some(c) = game.choice() {
        let opts: Vec<String> = c
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let t = match o {
                    dzero_core::ChoiceOption::Card(c) => n.short(*c),
                    dzero_core::ChoiceOption::Position(p) => format!("({:+}, {:+})", p.row, p.col),
                    dzero_core::ChoiceOption::Cards(t) if t.is_empty() => {
                        dzero_text::Text::new(game, db, dzero_text::Lang::En).option(o)
                    }
                    dzero_core::ChoiceOption::Cards(t) => t
                        .as_slice()
                        .iter()
                        .map(|&t| match t {
                            dzero_core::Target::Card(c) => n.short(c),
                            other => format!("{other:?}"),
                        })
                        .collect::<Vec<_>>()
                        .join(" + "),
                    dzero_core::ChoiceOption::Player(p) => p.to_string(),
                    dzero_core::ChoiceOption::Item(i) => format!("item#{}", i.0),
                    dzero_core::ChoiceOption::Square(s) => s.to_string(),
                    dzero_core::ChoiceOption::Number(x) => x.to_string(),
                    dzero_core::ChoiceOption::Label(l) => l.clone(),
                };
                format!("{}: {t}", i + 1)
            })
            .collect();
        let _ = writeln!(
            out,
            "choice for {}: {} ({})",
            c.player,
            dzero_text::Text::new(game, db, dzero_text::Lang::En).question(&c.question),
            opts.join(", ")
        );
    }
    for p in Player::BOTH {
        let _ = writeln!(out, "{}", zones_line(game, &n, p));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_counts_wide_characters() {
        assert_eq!(width("シングルモルト"), 14);
        assert_eq!(fit("ab", 4), "ab  ");
        assert_eq!(width(&fit("紅符「スカーレット・シュート」", 10)), 10);
        assert!(fit("紅符「スカーレット・シュート」", 10).contains('~'));
    }
}
