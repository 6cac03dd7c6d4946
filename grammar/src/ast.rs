//! The typed syntax tree of one DSL line. Every node carries the [`Span`] (bytes) of the text it
//! came from, so later errors (unknown Lua function, wrong card type) can point back at it.

use dzero_core::{Area, Colour, Cost, Line as BoardLine, Timing, Zone};
use std::fmt;

/// A byte range `start..end` of the parsed text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span moved `by` bytes to the right (e.g. into file offsets).
    pub fn shifted(self, by: usize) -> Span {
        Span {
            start: self.start.saturating_add(by),
            end: self.end.saturating_add(by),
        }
    }

    /// The span as a range, for slicing and for diagnostic libraries.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

/// One line of card text: a keyword or an ability.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// 加速 / `accel` (R17.8).
    Accel(Span),
    /// 速攻 / `haste` (R17.7).
    Haste(Span),
    /// 隊列召喚―種類[cost] (R17.10, A23).
    Formation(Formation),
    /// 盟約―<「A」+「B」>[cost] (R17.11, A24).
    Covenant(Covenant),
    /// ○○ゾーン効果『ability』 (R17.9).
    Zone(ZoneEffect),
    /// ○ a strategy's effect written as printed.
    Spell(crate::ast_effect::SpellLine),
    /// An ability working on the field.
    Ability(AbilityLine),
    /// 追加コストとして、… (R5.8, R8.1).
    PlayCosts(crate::costs_printed::PlayCostsLine),
}

impl Line {
    /// The span of the whole line (without surrounding spaces).
    pub fn span(&self) -> Span {
        match self {
            Line::Accel(s) | Line::Haste(s) => *s,
            Line::Formation(f) => f.span,
            Line::Covenant(c) => c.span,
            Line::Zone(z) => z.span,
            Line::Spell(s) => s.span,
            Line::Ability(a) => a.span(),
            Line::PlayCosts(c) => c.span,
        }
    }
}

/// A 隊列召喚 formation kind from the built-in table (A23; docs/dsl.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FormationKind {
    /// 縦列 (`column`): a card of yours in the own-area square of a line → the centre-area
    /// square of that line.
    Column,
    /// 横列 (`row`): cards of yours in the other two own-area squares → the remaining one.
    Row,
    /// 中央 (`centre`): cards of yours in all three own-area squares → the centre square.
    Centre,
    /// `<a1+c1→b2>`: cards of yours in the required squares → the destination
    /// (`ast_formation.rs`).
    Squares(crate::ast_formation::FormationSquares),
}

impl FormationKind {
    /// Every kind, in documentation order.
    pub const ALL: [FormationKind; 3] = [
        FormationKind::Column,
        FormationKind::Row,
        FormationKind::Centre,
    ];

    /// The Japanese name used on cards (empty for [`FormationKind::Squares`], named by the
    /// card).
    pub fn name(self) -> &'static str {
        match self {
            FormationKind::Column => "縦列",
            FormationKind::Row => "横列",
            FormationKind::Centre => "中央",
            FormationKind::Squares(_) => "",
        }
    }

    /// The ASCII spelling (empty for [`FormationKind::Squares`]).
    pub fn ascii(self) -> &'static str {
        match self {
            FormationKind::Column => "column",
            FormationKind::Row => "row",
            FormationKind::Centre => "centre",
            FormationKind::Squares(_) => "",
        }
    }

    /// The kind named `s` (Japanese or ASCII, ASCII case-insensitive; `center` too).
    pub fn from_name(s: &str) -> Option<FormationKind> {
        let lower = s.to_ascii_lowercase();
        FormationKind::ALL
            .into_iter()
            .find(|k| k.name() == s || k.ascii() == lower)
            .or((lower == "center").then_some(FormationKind::Centre))
    }
}

/// 隊列召喚―種類[cost].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Formation {
    /// The whole keyword.
    pub span: Span,
    /// The formation kind.
    pub kind: FormationKind,
    /// The name a card gives a formation written with its squares (鶴翼 in
    /// `隊列召喚―鶴翼<a1+c1→b2>[無2]`), if any.
    pub name: Option<String>,
    /// Span of the kind's name.
    pub kind_span: Span,
    /// The 隊列召喚 cost (replaces the use cost, A23).
    pub cost: CostExpr,
}

impl Formation {
    /// What follows 隊列召喚―: the kind's name, or the card's name and squares.
    pub fn title(&self) -> String {
        match self.kind {
            FormationKind::Squares(sq) => format!("{}{sq}", self.name.as_deref().unwrap_or("")),
            k => k.name().to_owned(),
        }
    }
}

/// A card name in 「」 or "".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Name {
    /// The name without quotes or surrounding spaces.
    pub text: String,
    /// Span of the name including its quotes.
    pub span: Span,
}

/// 盟約―<「A」+「B」>[cost].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Covenant {
    /// The whole keyword.
    pub span: Span,
    /// The card named 「A」.
    pub a: Name,
    /// The card named 「B」.
    pub b: Name,
    /// The energy part of the cost.
    pub cost: CostExpr,
    /// The printed wrapper ●○○ゾーン効果『…』《timing》; `None`: from the hand at the card's
    /// printed timing.
    pub wrapper: Option<CovenantWrapper>,
}

/// The wrapper of the printed 盟約 wording: the zone it is activated from and its timing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CovenantWrapper {
    /// The zone.
    pub zone: ZoneName,
    /// Span of the zone keyword.
    pub zone_span: Span,
    /// The activation timing.
    pub timing: Timing,
    /// Span of 《timing》.
    pub timing_span: Span,
}

/// A zone that a zone effect names (R17.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ZoneName {
    /// 墓地効果 / `graveyard`.
    Graveyard,
    /// 手札効果 / `hand`.
    Hand,
    /// プランゾーン効果 / `plan`.
    Plan,
    /// エネルギーゾーン効果 / `energy`.
    Energy,
    /// スマッシュゾーン効果 / `smash`.
    Smash,
    /// リムーブゾーン効果 / `remove`.
    Remove,
}

impl ZoneName {
    /// The core zone the card is in while the effect works (the plan card is in the deck).
    pub fn zone(self) -> Zone {
        match self {
            ZoneName::Graveyard => Zone::Graveyard,
            ZoneName::Hand => Zone::Hand,
            ZoneName::Plan => Zone::Plan,
            ZoneName::Energy => Zone::Energy,
            ZoneName::Smash => Zone::Smash,
            ZoneName::Remove => Zone::Remove,
        }
    }

    /// The Japanese keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            ZoneName::Graveyard => "墓地効果",
            ZoneName::Hand => "手札効果",
            ZoneName::Plan => "プランゾーン効果",
            ZoneName::Energy => "エネルギーゾーン効果",
            ZoneName::Smash => "スマッシュゾーン効果",
            ZoneName::Remove => "リムーブゾーン効果",
        }
    }
}

/// ○○ゾーン効果『ability』.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ZoneEffect {
    /// The whole line.
    pub span: Span,
    /// The zone.
    pub zone: ZoneName,
    /// Span of the zone keyword.
    pub zone_span: Span,
    /// The ability that works in that zone.
    pub ability: AbilityLine,
}

/// An ability: a ★ modifier, a ● activated ability or a ★/◆ pointing to Lua.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AbilityLine {
    /// ★ パワー+1000 (中央エリア).
    Modifier(Modifier),
    /// ● [cost]《timing》 lua:name.
    Activated(ActivatedLine),
    /// ★ lua:name or ◆ lua:name.
    Scripted(ScriptedLine),
    /// ◆ condition、effect written as printed.
    Triggered(crate::ast_effect::TriggeredLine),
    /// ★ …場合、かわりに… (a replacement effect).
    Replacement(crate::ast_clause::Replacement),
    /// ★ about other cards or rules, written as printed.
    Static(crate::ast_static::StaticLine),
    /// ☆ a play or cost modifier, written as printed.
    Play(crate::ast_static::PlayLine),
}

impl AbilityLine {
    /// The span of the ability.
    pub fn span(&self) -> Span {
        match self {
            AbilityLine::Modifier(m) => m.span,
            AbilityLine::Activated(a) => a.span,
            AbilityLine::Scripted(s) => s.span,
            AbilityLine::Triggered(t) => t.span,
            AbilityLine::Replacement(r) => r.span,
            AbilityLine::Static(s) => s.span,
            AbilityLine::Play(p) => p.span,
        }
    }
}

/// Which characteristic a ★ modifier changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stat {
    /// パワー / `power`.
    Power,
    /// スマッシュ / `smash`.
    Smash,
}

/// Where a card must be for a ★ modifier to apply, seen from its controller (issue 11).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// An area (R1.11).
    Area(Area),
    /// A line (R1.12).
    Line(BoardLine),
}

/// A place condition with its span.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Condition {
    /// The place.
    pub place: Place,
    /// Span of the condition, including parentheses or `in`.
    pub span: Span,
}

/// ★ パワー±N / スマッシュ±N, optionally only in an area or line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Modifier {
    /// The whole ability.
    pub span: Span,
    /// Power or smash.
    pub stat: Stat,
    /// The signed change.
    pub delta: i32,
    /// Span of sign and number.
    pub delta_span: Span,
    /// No condition: always (while the ability works).
    pub condition: Option<Condition>,
}

/// A reference to a function of the card's Lua script: `lua:name`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptRef {
    /// The function name.
    pub name: String,
    /// Span of `lua:name`.
    pub span: Span,
}

/// ● [cost]《timing》 followed by `lua:name` or an effect written as printed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActivatedLine {
    /// The whole ability.
    pub span: Span,
    /// Activation cost (energy, フリーズ, 廃棄; free when only cards pay).
    pub cost: CostExpr,
    /// Costs paid with cards, as printed inside the brackets (R5.8).
    pub card_costs: Vec<crate::costs_printed::PrintedCost>,
    /// Activation timing.
    pub timing: Timing,
    /// Span of 《timing》.
    pub timing_span: Span,
    /// The effect.
    pub effect: EffectSource,
}

/// Where an ability's effect is written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EffectSource {
    /// A function of the card's Lua script.
    Lua(ScriptRef),
    /// Sentences written as printed.
    Text(crate::ast_effect::EffectBody),
}

impl fmt::Display for EffectSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EffectSource::Lua(s) => write!(f, "lua:{}", s.name),
            EffectSource::Text(b) => write!(f, "{b}"),
        }
    }
}

/// Whether a Lua-backed ability is ★ or ◆.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScriptKind {
    /// ★ a static ability.
    Static,
    /// ◆ a triggered ability.
    Triggered,
}

/// ★ lua:name or ◆ lua:name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptedLine {
    /// The whole ability.
    pub span: Span,
    /// ★ or ◆.
    pub kind: ScriptKind,
    /// The Lua function.
    pub script: ScriptRef,
}

/// A parsed cost: its terms with spans and the core [`Cost`] they add up to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CostExpr {
    /// The cost text (inside any brackets).
    pub span: Span,
    /// The terms in written order.
    pub terms: Vec<CostTerm>,
    /// The resulting cost.
    pub cost: Cost,
}

/// One term of a cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CostTerm {
    /// What the term says.
    pub kind: CostTermKind,
    /// Its span.
    pub span: Span,
}

/// What a cost term says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CostTermKind {
    /// `0`: the whole cost is free.
    Free,
    /// Energy: a colour (None = colourless 無) and an amount.
    Energy {
        /// The colour, or `None` for colourless.
        colour: Option<Colour>,
        /// A number or X.
        amount: Amount,
    },
    /// 廃棄 / `discard` (R5.7).
    Discard,
    /// フリーズ / `freeze` (R5.6).
    Freeze,
}

/// How much energy a term asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Amount {
    /// A fixed number.
    N(u8),
    /// X, chosen on payment (R5.5).
    X,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// The canonical Japanese spelling of a line; parsing it gives the same line (spans aside).
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Accel(_) => f.write_str("加速"),
            Line::Haste(_) => f.write_str("速攻"),
            Line::Formation(x) => write!(f, "隊列召喚―{}[{}]", x.title(), x.cost),
            Line::Covenant(x) => match x.wrapper {
                None => write!(f, "盟約―<{}+{}>[{}]", x.a, x.b, x.cost),
                Some(w) => write!(
                    f,
                    "●{}『盟約―<{}+{}>[{}]』《{}》",
                    w.zone.keyword(),
                    x.a,
                    x.b,
                    x.cost,
                    timing_word(w.timing)
                ),
            },
            Line::Zone(z) => write!(f, "{}『{}』", z.zone.keyword(), z.ability),
            Line::Spell(s) => write!(f, "{s}"),
            Line::Ability(a) => write!(f, "{a}"),
            Line::PlayCosts(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.contains(['「', '」']) {
            write!(f, "\"{}\"", self.text)
        } else {
            write!(f, "「{}」", self.text)
        }
    }
}

impl fmt::Display for CostExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cost)
    }
}

impl fmt::Display for AbilityLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbilityLine::Modifier(m) => {
                let stat = match m.stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if m.delta < 0 { '-' } else { '+' };
                write!(f, "★ {stat}{sign}{}", m.delta.unsigned_abs())?;
                match m.condition {
                    Some(c) => write!(f, " ({})", c.place),
                    None => Ok(()),
                }
            }
            AbilityLine::Activated(a) => {
                f.write_str("● [")?;
                // Only cards pay: the free energy cost is not written.
                if a.card_costs.is_empty() || a.cost.cost != Cost::FREE {
                    write!(f, "{}", a.cost)?;
                }
                for (i, c) in a.card_costs.iter().enumerate() {
                    let gap = i > 0 || a.cost.cost != Cost::FREE;
                    write!(f, "{}{c}", if gap { " " } else { "" })?;
                }
                write!(f, "]《{}》 {}", timing_word(a.timing), a.effect)
            }
            AbilityLine::Scripted(s) => {
                let mark = match s.kind {
                    ScriptKind::Static => '★',
                    ScriptKind::Triggered => '◆',
                };
                write!(f, "{mark} lua:{}", s.script.name)
            }
            AbilityLine::Triggered(t) => write!(f, "{t}"),
            AbilityLine::Replacement(r) => write!(f, "{r}"),
            AbilityLine::Static(s) => write!(f, "{s}"),
            AbilityLine::Play(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Place::Area(Area::Own) => "自軍エリア",
            Place::Area(Area::Centre) => "中央エリア",
            Place::Area(Area::Enemy) => "敵軍エリア",
            Place::Line(BoardLine::Left) => "左ライン",
            Place::Line(BoardLine::Centre) => "中央ライン",
            Place::Line(BoardLine::Right) => "右ライン",
        })
    }
}

/// The Japanese name of a timing.
fn timing_word(t: Timing) -> &'static str {
    match t {
        Timing::Normal => "ノーマル",
        Timing::Quick => "クイック",
        Timing::Battle => "バトル",
    }
}
