//! The report as readable tables (the default output) and as CSV (for spreadsheets).

use crate::report::{DeckReport, Lengths, MatchReport, Matchup, Report};
use std::fmt::Write as _;

/// `s` padded to `width` terminal columns (wide CJK characters take two).
fn padded(s: &str, width: usize) -> String {
    let cols: usize = s.chars().map(|c| if c >= '\u{1100}' { 2 } else { 1 }).sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(cols)))
}

/// A rate as a percentage, or `-`.
fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |x| format!("{:.1}%", x * 100.0))
}

/// A signed difference in percentage points, or `-`.
fn points(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |x| format!("{:+.1}", x * 100.0))
}

/// `min/median/mean/p90/max`.
fn lengths(l: &Lengths) -> String {
    format!("{}/{}/{:.1}/{}/{}", l.min, l.median, l.mean, l.p90, l.max)
}

/// The width of a table's first column: its title or its widest `a vs b` pairing, in cells.
fn pairing_width<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>, title: &str) -> usize {
    pairs
        .map(|(a, b)| a.chars().count() + b.chars().count() + 4)
        .max()
        .unwrap_or(0)
        .max(title.len())
        * 2
}

/// A table of matchups under `title`.
fn matchups(out: &mut String, title: &str, rows: &[Matchup]) {
    if rows.is_empty() {
        return;
    }
    let w = pairing_width(rows.iter().map(|m| (m.a.as_str(), m.b.as_str())), title);
    let _ = writeln!(
        out,
        "{} {:>6} {:>6} {:>6} {:>5} {:>5} {:>7} {:>17} {:>7} {:>26} {:>19}",
        padded(title, w),
        "games",
        "wins",
        "losses",
        "draws",
        "unfin",
        "win%",
        "95% CI",
        "first%",
        "turns min/med/mean/p90/max",
        "actions"
    );
    for m in rows {
        let _ = writeln!(
            out,
            "{} {:>6} {:>6} {:>6} {:>5} {:>5} {:>7} {:>17} {:>7} {:>26} {:>19}",
            padded(&format!("{} vs {}", m.a, m.b), w),
            m.games,
            m.wins,
            m.losses,
            m.draws,
            m.unfinished,
            pct(Some(m.win_rate)),
            format!(
                "{}–{}",
                pct(Some(m.win_rate_ci[0])),
                pct(Some(m.win_rate_ci[1]))
            ),
            pct(Some(m.first_player_win_rate)),
            lengths(&m.turns),
            lengths(&m.actions)
        );
    }
    out.push('\n');
}

/// A table of match rows under `title`.
fn match_rows(out: &mut String, title: &str, rows: &[MatchReport]) {
    if rows.is_empty() {
        return;
    }
    let w = pairing_width(rows.iter().map(|m| (m.a.as_str(), m.b.as_str())), title);
    let _ = writeln!(
        out,
        "{} {:>7} {:>6} {:>6} {:>5} {:>5} {:>7} {:>17} {:>8} {:>6} {:>11}",
        padded(title, w),
        "matches",
        "wins",
        "losses",
        "draws",
        "unfin",
        "win%",
        "95% CI",
        "3 duels",
        "draw%",
        "duels/match"
    );
    for m in rows {
        let _ = writeln!(
            out,
            "{} {:>7} {:>6} {:>6} {:>5} {:>5} {:>7} {:>17} {:>8} {:>6} {:>11.2}",
            padded(&format!("{} vs {}", m.a, m.b), w),
            m.matches,
            m.wins,
            m.losses,
            m.draws,
            m.unfinished,
            pct(Some(m.win_rate)),
            format!(
                "{}–{}",
                pct(Some(m.win_rate_ci[0])),
                pct(Some(m.win_rate_ci[1]))
            ),
            pct(Some(m.three_duel_rate)),
            pct(Some(m.draw_rate)),
            m.mean_duels
        );
    }
    out.push('\n');
}

/// A deck's card table.
fn deck(out: &mut String, d: &DeckReport) {
    let _ = writeln!(
        out,
        "deck {}: {} games, {} wins, {} losses, {} draws, {} unfinished, win rate {}",
        d.deck,
        d.games,
        d.wins,
        d.losses,
        d.draws,
        d.unfinished,
        pct(d.win_rate)
    );
    let w = d
        .cards
        .iter()
        .map(|c| c.card.chars().count() * 2)
        .max()
        .unwrap_or(0)
        .max(4);
    let _ = writeln!(
        out,
        "  {} {:>6} {:>6} {:>8} {:>8} {:>8} {:>6}",
        padded("card", w),
        "drawn",
        "played",
        "win%drw",
        "win%ply",
        "improve",
        "errors"
    );
    for c in &d.cards {
        let _ = writeln!(
            out,
            "  {} {:>6} {:>6} {:>8} {:>8} {:>8} {:>6}",
            padded(&c.card, w),
            c.drawn,
            c.played,
            pct(c.win_rate_drawn),
            pct(c.win_rate_played),
            points(c.improvement_drawn),
            c.effect_errors
        );
    }
    out.push('\n');
}

impl Report {
    /// The report as tables.
    pub fn to_text(&self) -> String {
        let r = &self.run;
        let mut out = String::new();
        let unit = if r.matches { "matches" } else { "games" };
        let _ = writeln!(
            out,
            "{} {unit}, players {}, seed {}, rules {}, at most {} actions per game, card files {}",
            r.games,
            r.players.join(" vs "),
            r.seed,
            r.rules,
            r.max_actions,
            r.cards
        );
        if !r.dimensions.is_empty() {
            let _ = writeln!(
                out,
                "dimension deck ({} cards): {}",
                r.dimensions.len(),
                r.dimensions.join(", ")
            );
        }
        out.push('\n');
        let duel = if let Some(m) = &self.matches {
            match_rows(&mut out, "match: deck pairing", &m.deck_pairings);
            match_rows(&mut out, "match: players", &m.player_pairings);
            match_rows(&mut out, "match: deck (player) pairing", &m.matchups);
            "duel: "
        } else {
            ""
        };
        matchups(
            &mut out,
            &format!("{duel}deck pairing"),
            &self.deck_pairings,
        );
        matchups(&mut out, &format!("{duel}players"), &self.player_pairings);
        matchups(
            &mut out,
            &format!("{duel}deck (player) pairing"),
            &self.matchups,
        );
        if let Some(all) = &self.all {
            let _ = writeln!(
                out,
                "all games: first player won {} ({}–{}); turns {}; actions {} (min/median/mean/p90/max)\n",
                pct(Some(all.first_player_win_rate)),
                pct(Some(all.first_player_ci[0])),
                pct(Some(all.first_player_ci[1])),
                lengths(&all.turns),
                lengths(&all.actions)
            );
        }
        for d in &self.decks {
            deck(&mut out, d);
        }
        let _ = writeln!(
            out,
            "effect errors: {} ({} naming no card)",
            self.effect_errors, self.unattributed_errors
        );
        out
    }

    /// The report as CSV: one row per matchup (`section` deck_pairing, player_pairing or
    /// matchup; in a run of matches also match_deck_pairing, match_player_pairing and
    /// match_matchup, whose `games` are matches) and per card (`section` card), sharing one
    /// header.
    pub fn to_csv(&self) -> Result<String, String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let header = [
            "section",
            "a",
            "b",
            "games",
            "wins",
            "losses",
            "draws",
            "unfinished",
            "win_rate",
            "win_rate_ci_low",
            "win_rate_ci_high",
            "first_player_win_rate",
            "turns_median",
            "actions_median",
            "drawn",
            "played",
            "win_rate_drawn",
            "win_rate_played",
            "improvement_drawn",
            "effect_errors",
            "three_duel_rate",
            "draw_rate",
        ];
        let e = |e: csv::Error| e.to_string();
        w.write_record(header).map_err(e)?;
        let opt = |x: Option<f64>| x.map_or_else(String::new, |x| x.to_string());
        let sections = [
            ("deck_pairing", &self.deck_pairings),
            ("player_pairing", &self.player_pairings),
            ("matchup", &self.matchups),
        ];
        for (section, rows) in sections {
            for m in rows {
                let row = [
                    section.to_owned(),
                    m.a.clone(),
                    m.b.clone(),
                    m.games.to_string(),
                    m.wins.to_string(),
                    m.losses.to_string(),
                    m.draws.to_string(),
                    m.unfinished.to_string(),
                    m.win_rate.to_string(),
                    m.win_rate_ci[0].to_string(),
                    m.win_rate_ci[1].to_string(),
                    m.first_player_win_rate.to_string(),
                    m.turns.median.to_string(),
                    m.actions.median.to_string(),
                ];
                let rest = std::iter::repeat_n(String::new(), header.len() - row.len());
                w.write_record(row.into_iter().chain(rest)).map_err(e)?;
            }
        }
        let match_sections = self.matches.iter().flat_map(|m| {
            [
                ("match_deck_pairing", &m.deck_pairings),
                ("match_player_pairing", &m.player_pairings),
                ("match_matchup", &m.matchups),
            ]
        });
        for (section, rows) in match_sections {
            for m in rows {
                let row = [
                    section.to_owned(),
                    m.a.clone(),
                    m.b.clone(),
                    m.matches.to_string(),
                    m.wins.to_string(),
                    m.losses.to_string(),
                    m.draws.to_string(),
                    m.unfinished.to_string(),
                    m.win_rate.to_string(),
                    m.win_rate_ci[0].to_string(),
                    m.win_rate_ci[1].to_string(),
                ];
                let blank = std::iter::repeat_n(String::new(), header.len() - row.len() - 2);
                let rates = [m.three_duel_rate.to_string(), m.draw_rate.to_string()];
                w.write_record(row.into_iter().chain(blank).chain(rates))
                    .map_err(e)?;
            }
        }
        for d in &self.decks {
            for c in &d.cards {
                let row = [
                    "card".to_owned(),
                    d.deck.clone(),
                    c.card.clone(),
                    d.games.to_string(),
                    d.wins.to_string(),
                    d.losses.to_string(),
                    d.draws.to_string(),
                    d.unfinished.to_string(),
                    opt(d.win_rate),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    c.drawn.to_string(),
                    c.played.to_string(),
                    opt(c.win_rate_drawn),
                    opt(c.win_rate_played),
                    opt(c.improvement_drawn),
                    c.effect_errors.to_string(),
                    String::new(),
                    String::new(),
                ];
                w.write_record(row).map_err(e)?;
            }
        }
        let bytes = w.into_inner().map_err(|e| e.to_string())?;
        String::from_utf8(bytes).map_err(|e| e.to_string())
    }
}
