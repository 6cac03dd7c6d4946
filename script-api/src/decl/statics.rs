//! `card:static{...}`: a ★ declaration (characteristic changes, damage replacement,
//! prohibitions, permissions, cost and timing changes) read from its table.

use crate::convert;
use crate::decl::fields::{Applies, fields, func};
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{names, str_arg, zones};
use crate::objects::relation::{Relation, relation};
use dzero_core::{Keywords, Side, ZoneSet};
use mlua::{Function, Lua, Value};

/// A constant or a function computing a number.
pub(crate) enum NumOrFn {
    /// A constant.
    Num(i32),
    /// A function of `(self, subject)`.
    Fn(Function),
}

/// A ★ declaration.
pub(crate) struct StaticDecl {
    /// Where the ability works.
    pub zones: ZoneSet,
    /// Which cards the characteristic changes and `untargetable` apply to.
    pub applies: Applies,
    /// Power added to each card it applies to.
    pub power: Option<NumOrFn>,
    /// Smash added to each card it applies to.
    pub smash: Option<NumOrFn>,
    /// Keywords granted to each card it applies to.
    pub keywords: Keywords,
    /// `(self, recipient, amount, source) -> amount`: replaces damage about to be dealt.
    pub damage: Option<Function>,
    /// The smash-zone count at which this card's owner loses, or `(self, player, limit) -> limit`.
    pub smash_loss: Option<NumOrFn>,
    /// `(self, player, cause) -> bool`: a player does not lose.
    pub forbid_lose: Option<Function>,
    /// Who cannot target the cards it applies to.
    pub untargetable: Option<Side>,
    /// `(self, card, player) -> bool`: a card cannot be targeted.
    pub forbid_target: Option<Function>,
    /// `(self, card, player, square, method) -> bool`: a card cannot be played.
    pub forbid_play: Option<Function>,
    /// `(self, unit, square) -> bool`: a unit cannot move.
    pub forbid_move: Option<Function>,
    /// `(self, unit) -> bool`: a unit cannot smash.
    pub forbid_smash: Option<Function>,
    /// `(self, card) -> bool`: a card is not released.
    pub forbid_release: Option<Function>,
    /// `(self, card, cost) -> cost`: changes another card's play cost.
    pub play_cost: Option<Function>,
    /// `(self, unit, square) -> bool`: a unit may move diagonally.
    pub permit_diagonal_move: Option<Function>,
    /// `(self, unit) -> bool`: a unit may smash from its own area.
    pub permit_own_area_smash: Option<Function>,
    /// `(self, card, timing) -> timing`: changes a card's play timing.
    pub play_timing: Option<Function>,
    /// The name of this card's `card:grantable` the cards it applies to have while it applies.
    pub grants: Option<String>,
}

/// Reads an integer or a function computing one.
pub(crate) fn num_or_fn(lua: &Lua, v: Value, what: &str) -> mlua::Result<NumOrFn> {
    match v {
        Value::Function(f) => Ok(NumOrFn::Fn(f)),
        Value::Integer(n) => i32::try_from(n)
            .map(NumOrFn::Num)
            .map_err(|_| misuse(lua, format!("{what}: {n} is out of range"))),
        other => Err(misuse(
            lua,
            format!(
                "{what} must be an integer or a function, not {}",
                other.type_name()
            ),
        )),
    }
}

/// Reads the table of `card:static{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<StaticDecl> {
    const KNOWN: &[&str] = &[
        "zones",
        "applies_to",
        "power",
        "smash",
        "keywords",
        "damage",
        "smash_loss",
        "forbid_lose",
        "untargetable",
        "forbid_target",
        "forbid_play",
        "forbid_move",
        "forbid_smash",
        "forbid_release",
        "play_cost",
        "permit_diagonal_move",
        "permit_own_area_smash",
        "play_timing",
        "grants",
    ];
    let mut d = StaticDecl {
        zones: ZoneSet::FIELD,
        applies: Applies::Rel(Relation::Me),
        power: None,
        smash: None,
        keywords: Keywords::NONE,
        damage: None,
        smash_loss: None,
        forbid_lose: None,
        untargetable: None,
        forbid_target: None,
        forbid_play: None,
        forbid_move: None,
        forbid_smash: None,
        forbid_release: None,
        play_cost: None,
        permit_diagonal_move: None,
        permit_own_area_smash: None,
        play_timing: None,
        grants: None,
    };
    let mut applies_set = false;
    for (k, v) in fields(lua, spec, "card:static", KNOWN)? {
        let what = format!("card:static{{{k}}}");
        match k.as_str() {
            "zones" => d.zones = zones(lua, &v, &what)?,
            "applies_to" => {
                applies_set = true;
                d.applies = match v {
                    Value::Function(f) => Applies::Fn(f),
                    v => Applies::Rel(relation(lua, &v, &what)?),
                }
            }
            "power" => d.power = Some(num_or_fn(lua, v, &what)?),
            "smash" => d.smash = Some(num_or_fn(lua, v, &what)?),
            "keywords" => {
                for n in names(lua, &v, &what)? {
                    let kw = convert::keyword(&n).ok_or_else(|| {
                        misuse(lua, format!("{what}: {}", convert::unknown_keyword(&n)))
                    })?;
                    d.keywords = d.keywords.with(kw);
                }
            }
            "damage" => d.damage = Some(func(lua, v, &what)?),
            "smash_loss" => d.smash_loss = Some(num_or_fn(lua, v, &what)?),
            "forbid_lose" => d.forbid_lose = Some(func(lua, v, &what)?),
            "untargetable" => {
                let n = str_arg(lua, &v, &what)?;
                d.untargetable = Some(match n.as_str() {
                    "opponent" => Side::Opponent,
                    "any" => Side::Any,
                    _ => {
                        return Err(misuse(
                            lua,
                            format!("{what} must be \"opponent\" or \"any\", not '{n}'"),
                        ));
                    }
                });
            }
            "forbid_target" => d.forbid_target = Some(func(lua, v, &what)?),
            "forbid_play" => d.forbid_play = Some(func(lua, v, &what)?),
            "forbid_move" => d.forbid_move = Some(func(lua, v, &what)?),
            "forbid_smash" => d.forbid_smash = Some(func(lua, v, &what)?),
            "forbid_release" => d.forbid_release = Some(func(lua, v, &what)?),
            "play_cost" => d.play_cost = Some(func(lua, v, &what)?),
            "permit_diagonal_move" => d.permit_diagonal_move = Some(func(lua, v, &what)?),
            "permit_own_area_smash" => d.permit_own_area_smash = Some(func(lua, v, &what)?),
            "play_timing" => d.play_timing = Some(func(lua, v, &what)?),
            "grants" => d.grants = Some(str_arg(lua, &v, &what)?),
            _ => {}
        }
    }
    if d.untargetable.is_some() && !applies_set {
        // "This card can't be targeted" is the natural reading without applies_to.
        d.applies = Applies::Rel(Relation::Me);
    }
    Ok(d)
}

/// Documents the `StaticSpec` class.
pub(crate) const STATIC_SPEC_CLASS: Class = Class {
    name: "StaticSpec",
    reached: "`card:static { ... }`",
    doc: "★ a static ability: characteristic changes, damage replacement, prohibitions, cost changes. Works while the card is in `zones` (default: in a square).",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "StaticSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where the ability works (default \"field\").",
        "card:static { zones = \"graveyard\", power = 1000 }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "applies_to",
        [],
        "Relation|fun(self: Card, subject: Card): boolean?",
        "Which cards `power`, `smash`, `keywords` and `untargetable` affect (default \"self\").",
        "card:static { applies_to = \"line_units\", power = 1000 }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "power",
        [],
        "integer|fun(self: Card, subject: Card): integer?",
        "Power change.",
        "card:static { power = function(self) return self.area == \"enemy\" and 2000 or 0 end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "smash",
        [],
        "integer|fun(self: Card, subject: Card): integer?",
        "Smash change.",
        "card:static { smash = 1 }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "keywords",
        [],
        "Keyword|Keyword[]?",
        "Keywords granted.",
        "card:static { keywords = \"accel\" }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "damage",
        [],
        "fun(self: Card, unit: Card, amount: integer, source: DamageSource): integer?",
        "Replaces damage about to be dealt to any unit by `source`; returns the new amount.",
        "card:static { damage = function(self, u, n) return u == self and n - 1000 or n end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "untargetable",
        [],
        "\"opponent\"|\"any\"?",
        "The affected cards can't be targeted by the opponent's (or any) cards.",
        "card:static { applies_to = \"own_units\", untargetable = \"opponent\" }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_target",
        [],
        "fun(self: Card, subject: Card, by: Player): boolean?",
        "Forbids targeting `subject` by cards of `by`.",
        "card:static { forbid_target = function(self, c, by) return c == self end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_play",
        [],
        "fun(self: Card, card: Card, player: Player, square: Square?, method: string?): boolean?",
        "Forbids `player` playing `card` into `square` (nil for strategies) by the ☆ method named `method` (nil: from hand or plan zone). A prohibition beats a permission (R16.2).",
        "card:static { forbid_play = function(self, c, p, s) return p ~= self.owner and s ~= nil and s:area(p) == \"centre\" end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_move",
        [],
        "fun(self: Card, unit: Card, to: Square): boolean?",
        "Forbids moving `unit` to the square `to`. A prohibition beats a permission (R16.2).",
        "card:static { forbid_move = function(self, u, to) return u.controller ~= self.controller and to:adjacent(self.square) end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_smash",
        [],
        "fun(self: Card, unit: Card): boolean?",
        "Forbids `unit` smashing.",
        "card:static { forbid_smash = function(self, u) return u.area == \"centre\" end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_release",
        [],
        "fun(self: Card, card: Card): boolean?",
        "Forbids releasing `card` in its release phase.",
        "card:static { forbid_release = function(self, c) return c.zone == \"energy\" end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "play_cost",
        [],
        "fun(self: Card, card: Card, cost: Cost): CostSpec?",
        "Changes the use cost of cards being played (nil keeps it).",
        "card:static { play_cost = function(self, c, cost) cost.colourless = math.max(0, cost.colourless - 1) return cost end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "smash_loss",
        [],
        "integer|fun(self: Card, player: Player, limit: integer): integer?",
        "The number of smash-zone cards at which a player loses (RE1, R15.4): an integer changes it for this card's owner (「あなたは…10枚になるまで敗北しない」); a function gets each player and the number so far.",
        "card:static { smash_loss = 10 }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "permit_diagonal_move",
        [],
        "fun(self: Card, unit: Card, to: Square): boolean?",
        "Permits moving `unit` to the diagonally adjacent square `to` (「斜めに移動できる」); every other move rule still applies, and a `forbid_move` still wins.",
        "card:static { permit_diagonal_move = function(self, u) return u == self end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "forbid_lose",
        [],
        "fun(self: Card, player: Player, cause: LossCause): boolean?",
        "Forbids `player` losing for `cause` (R15.4, R16.1: card text beats the rules).",
        "card:static { forbid_lose = function(self, p, cause) return p == self.owner and cause == \"deck_out\" end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "permit_own_area_smash",
        [],
        "fun(self: Card, unit: Card): boolean?",
        "Permits `unit` to smash from its controller's own area (「自軍エリアからスマッシュできる」); a frozen unit still cannot, and a `forbid_smash` still wins.",
        "card:static { permit_own_area_smash = function(self, u) return u == self end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "play_timing",
        [],
        "fun(self: Card, card: Card, timing: TimingName): TimingName?",
        "Changes the timing `card` may be played at (nil keeps it), e.g. 「このカードはバトルタイミングでプレイできる」; the plan card is always played at normal timing (R9.6).",
        "card:static { zones = \"hand\", play_timing = function(self, c) if c == self then return \"battle\" end end }"
    ),
    entry!(
        "StaticSpec",
        Field,
        "grants",
        [],
        "string?",
        "The name of this card's `card:grantable` ● or ◆ ability that every card `applies_to` accepts has while this ★ works (「あなたのユニットは『●…』を持つ」, R17.1, A49): a card joining the group has it, one leaving the group or the ★ leaving play loses it; an activated ability already on the stack still resolves (R7.3).",
        "card:static { applies_to = \"own_units\", grants = \"rally\" }"
    ),
];
