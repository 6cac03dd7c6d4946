//! The report as one self-contained HTML page: inline CSS and SVG charts (a win-rate matrix,
//! a game-length histogram, per-card impact bars); no script, no network.

use crate::report::{Lengths, MatchReports, Report};
use std::fmt::Write as _;

/// `s` with HTML's special characters escaped.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A colour from red (0) through white (0.5) to green (1).
fn shade(x: f64) -> String {
    let x = x.clamp(0.0, 1.0);
    let (r, g) = if x < 0.5 {
        (255.0, 255.0 * x * 2.0)
    } else {
        (255.0 * (1.0 - x) * 2.0, 255.0)
    };
    let b = 255.0 * (1.0 - (x - 0.5).abs() * 2.0);
    format!("rgb({:.0},{:.0},{:.0})", r, g, b)
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;\
text-align:right}th{background:#f4f4f4}td.l,th.l{text-align:left}svg text{font-size:12px}\
h2{margin-top:2em}";

/// The win-rate matrix: row deck's win rate against column deck.
fn matrix(out: &mut String, r: &Report) {
    let names: Vec<&str> = r.run.decks.iter().map(|d| d.name.as_str()).collect();
    let n = names.len();
    let (cell, left, top) = (70.0, 140.0, 30.0);
    let _ = write!(
        out,
        "<svg width=\"{}\" height=\"{}\">",
        left + cell * n as f64,
        top + cell * n as f64
    );
    for (i, name) in names.iter().enumerate() {
        let c = left + cell * i as f64 + cell / 2.0;
        let y = top + cell * i as f64 + cell / 2.0;
        let _ = write!(
            out,
            "<text x=\"{c}\" y=\"20\" text-anchor=\"middle\">{}</text>\
             <text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>",
            esc(name),
            left - 6.0,
            esc(name)
        );
    }
    for m in &r.deck_pairings {
        let (Some(i), Some(j)) = (
            names.iter().position(|n| *n == m.a),
            names.iter().position(|n| *n == m.b),
        ) else {
            continue;
        };
        let b_rate = if m.games > 0 {
            m.losses as f64 / m.games as f64
        } else {
            0.0
        };
        for (row, col, x) in [(i, j, m.win_rate), (j, i, b_rate)] {
            let (cx, cy) = (left + cell * col as f64, top + cell * row as f64);
            let _ = write!(
                out,
                "<rect x=\"{cx}\" y=\"{cy}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" \
                 stroke=\"#999\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.1}%</text>",
                shade(x),
                cx + cell / 2.0,
                cy + cell / 2.0 + 4.0,
                x * 100.0
            );
        }
    }
    out.push_str("</svg>");
}

/// A histogram of game lengths.
fn histogram(out: &mut String, l: &Lengths, unit: &str) {
    let (w, h, bottom) = (40.0, 160.0, 40.0);
    let most = l
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let _ = write!(
        out,
        "<svg width=\"{}\" height=\"{}\">",
        w * l.histogram.len() as f64 + 20.0,
        h + bottom
    );
    for (i, b) in l.histogram.iter().enumerate() {
        let bh = h * b.games as f64 / most;
        let x = 10.0 + w * i as f64;
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"{}\" height=\"{bh}\" fill=\"#4a7fb5\">\
             <title>{}–{} {unit}: {} games</title></rect>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            h - bh,
            w - 4.0,
            b.from,
            b.to,
            b.games,
            x + w / 2.0,
            h + 16.0,
            b.from
        );
    }
    let _ = write!(
        out,
        "<text x=\"10\" y=\"{}\">{unit} per game (bucket start)</text></svg>",
        h + 34.0
    );
}

/// Bars of each card's improvement when drawn, centred on zero.
fn impact(out: &mut String, r: &Report) {
    for d in &r.decks {
        let cards: Vec<_> = d
            .cards
            .iter()
            .filter_map(|c| c.improvement_drawn.map(|x| (c, x)))
            .collect();
        let _ = write!(out, "<h3>{}</h3>", esc(&d.deck));
        let (row, label, half) = (18.0, 220.0, 200.0);
        let span = cards.iter().map(|(_, x)| x.abs()).fold(0.05_f64, f64::max);
        let _ = write!(
            out,
            "<svg width=\"{}\" height=\"{}\">\
             <line x1=\"{}\" y1=\"0\" x2=\"{}\" y2=\"{}\" stroke=\"#333\"/>",
            label + 2.0 * half + 60.0,
            row * cards.len() as f64 + 4.0,
            label + half,
            label + half,
            row * cards.len() as f64 + 4.0
        );
        for (i, (c, x)) in cards.iter().enumerate() {
            let y = row * i as f64 + 2.0;
            let len = half * x.abs() / span;
            let bx = if *x < 0.0 {
                label + half - len
            } else {
                label + half
            };
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
                 <rect x=\"{bx}\" y=\"{y}\" width=\"{len}\" height=\"{}\" fill=\"{}\"/>\
                 <text x=\"{}\" y=\"{}\">{:+.1}</text>",
                label - 6.0,
                y + 12.0,
                esc(&c.card),
                row - 4.0,
                if *x < 0.0 { "#c0504d" } else { "#4f9a4f" },
                label + 2.0 * half + 4.0,
                y + 12.0,
                x * 100.0
            );
        }
        out.push_str("</svg>");
    }
}

/// The match table of a run of matches (R2.4): the duel tables follow it.
fn matches(out: &mut String, m: &MatchReports) {
    out.push_str(
        "<h2>Matches (best of three; the tables below count duels)</h2><table><tr>\
         <th class=\"l\">pairing</th><th>matches</th><th>wins</th><th>losses</th><th>draws</th>\
         <th>unfinished</th><th>match win rate (95% CI)</th><th>three duels</th><th>drawn</th>\
         <th>duels per match</th></tr>",
    );
    let rows = m
        .deck_pairings
        .iter()
        .chain(&m.player_pairings)
        .chain(&m.matchups);
    for r in rows {
        let _ = write!(
            out,
            "<tr><td class=\"l\">{} vs {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{:.1}% ({:.1}–{:.1}%)</td><td>{:.1}%</td><td>{:.1}%</td>\
             <td>{:.2}</td></tr>",
            esc(&r.a),
            esc(&r.b),
            r.matches,
            r.wins,
            r.losses,
            r.draws,
            r.unfinished,
            r.win_rate * 100.0,
            r.win_rate_ci[0] * 100.0,
            r.win_rate_ci[1] * 100.0,
            r.three_duel_rate * 100.0,
            r.draw_rate * 100.0,
            r.mean_duels
        );
    }
    out.push_str("</table>");
}

impl Report {
    /// The report as one self-contained HTML page.
    pub fn to_html(&self) -> String {
        let r = &self.run;
        let mut out = format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>dzero sim: balance report</title><style>{STYLE}</style></head><body>\
             <h1>Balance report</h1><p>{} {} · players {} · seed {} · rules {} · at most {} \
             actions per game · card files {}</p>",
            r.games,
            if r.matches { "matches" } else { "games" },
            esc(&r.players.join(" vs ")),
            r.seed,
            esc(&r.rules),
            r.max_actions,
            esc(&r.cards)
        );
        if !r.dimensions.is_empty() {
            let _ = write!(
                out,
                "<p>dimension deck ({} cards): {}</p>",
                r.dimensions.len(),
                esc(&r.dimensions.join(", "))
            );
        }
        if let Some(m) = &self.matches {
            matches(&mut out, m);
        }
        out.push_str("<h2>Win rates (row deck against column deck)</h2>");
        matrix(&mut out, self);
        out.push_str(
            "<table><tr><th class=\"l\">pairing</th><th>games</th><th>wins</th><th>losses</th>\
             <th>draws</th><th>unfinished</th><th>win rate (95% CI)</th><th>first player</th></tr>",
        );
        let rows = self
            .deck_pairings
            .iter()
            .chain(&self.player_pairings)
            .chain(&self.matchups);
        for m in rows {
            let _ = write!(
                out,
                "<tr><td class=\"l\">{} vs {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{}</td><td>{:.1}% ({:.1}–{:.1}%)</td><td>{:.1}%</td></tr>",
                esc(&m.a),
                esc(&m.b),
                m.games,
                m.wins,
                m.losses,
                m.draws,
                m.unfinished,
                m.win_rate * 100.0,
                m.win_rate_ci[0] * 100.0,
                m.win_rate_ci[1] * 100.0,
                m.first_player_win_rate * 100.0
            );
        }
        out.push_str("</table>");
        if let Some(all) = &self.all {
            out.push_str("<h2>Game length</h2>");
            histogram(&mut out, &all.turns, "turns");
            histogram(&mut out, &all.actions, "actions");
        }
        out.push_str(
            "<h2>Card impact: win rate when drawn minus the deck's (percentage points)</h2>",
        );
        impact(&mut out, self);
        let _ = writeln!(
            out,
            "<p>Effect errors: {} ({} naming no card)</p></body></html>",
            self.effect_errors, self.unattributed_errors
        );
        out
    }
}
