//! One seat's view of a duel as text: a pure function of an [`Observation`] and the [`Text`]
//! that names its cards, so any front end can show the same board.

use dzero_core::{
    Announcement, ItemTag, Keywords, Loc, Observation, Player, Pos, SeenCard, SeenPlanes,
    SeenZones, Square,
};
use dzero_text::{Lang, Text};
use std::fmt::Write as _;

/// The board as `obs`'s seat sees it: turn, phase and priority; the command zone of 次元戦 /
/// 次元探索戦; per player the zone counts,
/// the plan card and the base squares; the 3×3 battle space row by row (the seat's
/// opponent's side on top); the stacks, pending ones first; the battle and its step; the
/// seat's announcement in progress; the seat's hand.
pub fn board(obs: &Observation, text: &Text) -> String {
    let ja = text.lang() == Lang::Ja;
    let mut out = String::new();
    let priority = obs
        .priority
        .map_or_else(|| "-".to_string(), |p| p.to_string());
    if ja {
        let _ = writeln!(
            out,
            "ターン{}　{}の{}　優先権：{priority}",
            obs.turn,
            obs.active,
            text.phase(obs.phase)
        );
    } else {
        let _ = writeln!(
            out,
            "Turn {}, {}'s {} phase; priority: {priority}",
            obs.turn,
            obs.active,
            text.phase(obs.phase)
        );
    }
    if let Some(r) = obs.result {
        let _ = writeln!(out, "{}", text.result(r));
    }
    if let Some(planes) = &obs.command {
        command_zone(&mut out, planes, text);
    }
    let other = obs.seat.opponent();
    let cells = |squares: &mut dyn Iterator<Item = Square>| -> String {
        squares
            .map(|s| format!("{s}: {}", square(obs, s, text)))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    zones_line(&mut out, other, &obs.players[other.index()], text);
    let _ = writeln!(out, "  {}", cells(&mut Square::base_squares(other)));
    let rows: Vec<u8> = if obs.seat == Player::One {
        vec![2, 1, 0]
    } else {
        vec![0, 1, 2]
    };
    for row in rows {
        let cols: Vec<u8> = if obs.seat == Player::One {
            vec![0, 1, 2]
        } else {
            vec![2, 1, 0]
        };
        let _ = writeln!(
            out,
            "  {}",
            cells(&mut cols.into_iter().map(|c| Square::battle(row, c)))
        );
    }
    let _ = writeln!(out, "  {}", cells(&mut Square::base_squares(obs.seat)));
    zones_line(&mut out, obs.seat, &obs.players[obs.seat.index()], text);
    for (level, frame) in obs.frames.iter().enumerate() {
        let pending = level + 1 < obs.frames.len();
        let label = match (ja, pending) {
            (true, true) => "待機中のスタック",
            (true, false) => "スタック",
            (false, true) => "pending stack",
            (false, false) => "stack",
        };
        if let Some(b) = &frame.battle {
            let fighters: Vec<String> = b.fighters.iter().map(|f| text.card(f.unit.card)).collect();
            if ja {
                let _ = writeln!(
                    out,
                    "バトル {}：{}（{}）",
                    b.square,
                    fighters.join(" 対 "),
                    text.step(b.step)
                );
            } else {
                let _ = writeln!(
                    out,
                    "battle in {}: {} ({} step)",
                    b.square,
                    fighters.join(" vs "),
                    text.step(b.step)
                );
            }
        }
        if !frame.stack.is_empty() {
            let items: Vec<String> = frame
                .stack
                .iter()
                .rev()
                .map(|i| {
                    let card = match (i.card, i.tag, ja) {
                        (Some(c), ..) => format!(" {}", text.card(c)),
                        (None, ItemTag::Damage, _) => String::new(),
                        (None, _, true) => " 裏向きのカード".into(),
                        (None, _, false) => " face-down card".into(),
                    };
                    format!("{}{card} ({})", text.tag(i.tag), i.controller)
                })
                .collect();
            let _ = writeln!(out, "{label}: {}", items.join(", "));
        }
    }
    if let Some(a) = &obs.announcement {
        let _ = writeln!(out, "{}", announcement(a, text));
    }
    if let Some(hand) = &obs.players[obs.seat.index()].hand {
        let names: Vec<String> = hand.iter().map(|c| text.card(c.id)).collect();
        let label = if ja { "手札" } else { "hand" };
        let _ = writeln!(out, "{label}: {}", names.join(", "));
    }
    out
}

/// The seat's announcement in progress: what is used, the pieces chosen so far and the piece
/// chosen next, as one line.
pub(crate) fn announcement(a: &Announcement, text: &Text) -> String {
    let ja = text.lang() == Lang::Ja;
    let pieces = text.announcement_pieces(a);
    let what = text.announce(a.what);
    let next = text.piece(a.step);
    match (pieces.is_empty(), ja) {
        (true, true) => format!("宣言中：{what}（次は{next}）"),
        (false, true) => format!("宣言中：{what}、{}（次は{next}）", pieces.join("、")),
        (true, false) => format!("announcing: {what} (next: {next})"),
        (false, false) => format!("announcing: {what}; {} (next: {next})", pieces.join("; ")),
    }
}

/// The command zone (R19.8): the face-up card of 次元戦 or the cross of 次元探索戦 around the
/// token (the active dimension marked `*`), the dimension deck's size and the rolls this turn.
fn command_zone(out: &mut String, planes: &SeenPlanes, text: &Text) {
    let ja = text.lang() == Lang::Ja;
    let name = |c: &SeenCard| {
        let n = text.card(c.id);
        if planes.active == Some(c.id) {
            format!("*{n}*")
        } else {
            n
        }
    };
    let shown = match (&planes.up, planes.token) {
        (Some(up), _) => name(up),
        (None, Some(token)) => {
            let mut cross: Vec<&(Pos, SeenCard)> = planes.cross.iter().collect();
            cross.sort_by_key(|(p, _)| (p.row, p.col));
            cross
                .iter()
                .map(|(p, c)| {
                    let (dr, dc) = (p.row - token.row, p.col - token.col);
                    match direction(dr, dc, ja) {
                        Some(d) => format!("{d} {}", name(c)),
                        None => name(c),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        }
        (None, None) => "-".into(),
    };
    let _ = if ja {
        writeln!(
            out,
            "次元：{shown}　次元デッキ{}枚　このターンのダイス{}回",
            planes.deck, planes.rolls
        )
    } else {
        writeln!(
            out,
            "dimensions: {shown}  dimension deck {}  rolls this turn {}",
            planes.deck, planes.rolls
        )
    };
}

/// Where a place of the cross lies from the token (`None`: on it), as `up-left` or `左上`.
fn direction(dr: i8, dc: i8, ja: bool) -> Option<String> {
    let steps = |d: i8, back: &'static str, forth: &'static str| {
        std::iter::repeat_n(
            if d < 0 { back } else { forth },
            usize::from(d.unsigned_abs()),
        )
    };
    let parts: Vec<&str> = if ja {
        steps(dc, "左", "右").chain(steps(dr, "上", "下")).collect()
    } else {
        steps(dr, "up", "down")
            .chain(steps(dc, "left", "right"))
            .collect()
    };
    (!parts.is_empty()).then(|| parts.join(if ja { "" } else { "-" }))
}

/// One player's zone counts and plan card.
fn zones_line(out: &mut String, p: Player, z: &SeenZones, text: &Text) {
    let frozen = |cards: usize, frozen: usize| {
        if frozen == 0 {
            cards.to_string()
        } else {
            format!("{cards}({frozen}F)")
        }
    };
    let energy = frozen(z.energy.len(), z.energy.iter().filter(|c| c.frozen).count());
    let smash = frozen(z.smash.len(), z.smash.iter().filter(|c| c.frozen).count());
    let plan = z.plan.map_or_else(|| "-".to_string(), |c| text.card(c.id));
    let _ = if text.lang() == Lang::Ja {
        writeln!(
            out,
            "{p}　山札{}　手札{}　墓地{}　エネルギー{energy}　スマッシュ{smash}　リムーブ{}　プラン：{plan}",
            z.deck,
            z.hand_count,
            z.graveyard.len(),
            z.remove.len()
        )
    } else {
        writeln!(
            out,
            "{p}  deck {}  hand {}  graveyard {}  energy {energy}  smash {smash}  remove {}  plan: {plan}",
            z.deck,
            z.hand_count,
            z.graveyard.len(),
            z.remove.len()
        )
    };
}

/// The cards in one square, or `·`.
fn square(obs: &Observation, s: Square, text: &Text) -> String {
    let cards: Vec<String> = obs
        .field
        .iter()
        .filter(|c| c.loc == Loc::Square(s))
        .map(|c| unit(c, text))
        .collect();
    if cards.is_empty() {
        "·".into()
    } else {
        cards.join(" + ")
    }
}

/// A card in a square: name, controller, power, damage, smash, frozen or released, keywords.
fn unit(c: &SeenCard, text: &Text) -> String {
    let ja = text.lang() == Lang::Ja;
    let state = match (c.frozen, ja) {
        (true, true) => "フリーズ",
        (false, true) => "リリース",
        (true, false) => "frozen",
        (false, false) => "released",
    };
    let Some(st) = c.stats else {
        return format!("{} {state}", text.card(c.id));
    };
    let kws: Vec<&str> = [
        (Keywords::ACCEL, "加速", "accel"),
        (Keywords::HASTE, "速攻", "haste"),
        (Keywords::HEXPROOF, "相手の対象にならない", "hexproof"),
        (Keywords::SHROUD, "対象にならない", "shroud"),
    ]
    .into_iter()
    .filter(|(k, ..)| st.keywords.has(*k))
    .map(|(_, j, e)| if ja { j } else { e })
    .collect();
    let kws = if kws.is_empty() {
        String::new()
    } else {
        format!(" [{}]", kws.join(","))
    };
    let damage = if st.damage == 0 {
        String::new()
    } else {
        format!(" -{}", st.damage)
    };
    format!(
        "{} {} {}{damage} s{} {state}{kws}",
        text.card(c.id),
        st.controller,
        st.power,
        st.smash
    )
}
