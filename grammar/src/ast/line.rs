//! The syntax tree of one whole line of card text: a keyword (加速, 速攻, 隊列召喚, 盟約), a zone
//! effect, a strategy's ○ effect, an ability or an additional-cost line.

use super::ability::{AbilityLine, EffectBody};
use super::covenant::Covenant;
use super::formation::Formation;
use super::printed_cost::PlayCostsLine;
use super::zone_name::ZoneName;
use crate::span::Span;

/// One line of card text: a keyword or an ability.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// 加速 / `accel` (R17.8).
    Accel(Span),
    /// 速攻 / `haste` (R17.7).
    Haste(Span),
    /// 隊列召喚―種類\[cost\] (R17.10, A23).
    Formation(Formation),
    /// 盟約―<「A」+「B」>\[cost\] (R17.11, A24).
    Covenant(Covenant),
    /// ○○ゾーン効果『ability』 (R17.9).
    Zone(ZoneEffect),
    /// ○ a strategy's effect written as printed.
    Spell(SpellLine),
    /// An ability working on the field.
    Ability(AbilityLine),
    /// 追加コストとして、… (R5.8, R8.1).
    PlayCosts(PlayCostsLine),
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

/// ○ a strategy's effect written as printed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpellLine {
    /// The whole line.
    pub span: Span,
    /// Written with ○ (東方零次元 prints it; D0 prints the effect alone).
    pub marked: bool,
    /// The effect.
    pub body: EffectBody,
}
