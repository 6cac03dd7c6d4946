//! The Lua API as data: every function, method and field with its type, a one-line description
//! and a one-line example. `docs/lua-api.md` and the LuaLS stub `docs/dzero.d.lua` are generated
//! from this table ([`markdown`], [`lua_stub`]), and tests check both files are up to date and
//! that every entry exists in the running API, so documentation and code cannot drift.

/// What an entry documents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A field read as `obj.name`.
    Field,
    /// A method called as `obj:name(...)`.
    Method,
    /// A function called as `ns.name(...)` (or a global function).
    Function,
}

/// One API item.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The class or namespace (`Card`, `Resolve`, `game`, `_G` for globals).
    pub class: &'static str,
    /// Field, method or function.
    pub kind: Kind,
    /// The name.
    pub name: &'static str,
    /// Parameters `(name, LuaLS type)`; a name ending in `?` is optional.
    pub params: &'static [(&'static str, &'static str)],
    /// The LuaLS type of the field or of the return value (`""` for none).
    pub ty: &'static str,
    /// One line of documentation.
    pub doc: &'static str,
    /// A one-line example.
    pub example: &'static str,
}

/// A documented class or namespace.
#[derive(Clone, Copy, Debug)]
pub struct Class {
    /// Its name in the stub.
    pub name: &'static str,
    /// How scripts reach it.
    pub reached: &'static str,
    /// What it is.
    pub doc: &'static str,
}

/// Named string types.
pub const ALIASES: &[(&str, &str, &str)] = &[
    (
        "Keyword",
        r#""accel"|"haste"|"hexproof"|"shroud""#,
        "A keyword (加速, 速攻, cannot be targeted by the opponent's / any cards).",
    ),
    (
        "ZoneName",
        r#""deck"|"hand"|"graveyard"|"energy"|"smash"|"remove"|"field"|"stack"|"plan"|"command""#,
        "A zone; `field` means the squares; `plan` is the plan card (also in the deck); `command` is where the active dimension and a face-up phenomenon work (R19): a dimension's ◆ and ★ declare `zones = \"command\"`, and their conditions are shared, `self.controller` being each player (A42).",
    ),
    (
        "ColourName",
        r#""red"|"black"|"blue"|"white"|"green""#,
        "A colour (the card symbols 赤 黒 青 白 緑 are accepted too).",
    ),
    (
        "TimingName",
        r#""normal"|"quick"|"battle""#,
        "An action timing (R6.1).",
    ),
    (
        "PhaseName",
        r#""mulligan"|"release"|"draw"|"energy"|"main"|"smash"|"recovery""#,
        "A phase of the turn.",
    ),
    ("CardKind", r#""unit"|"base"|"strategy""#, "A card type."),
    (
        "AreaName",
        r#""own"|"centre"|"enemy""#,
        "An area seen from a card's controller (its owner unless control changed).",
    ),
    (
        "LineName",
        r#""left"|"centre"|"right""#,
        "A line seen from a player.",
    ),
    (
        "Relation",
        r#""self"|"own"|"opponent"|"any"|"own_units"|"opponent_units"|"units"|"line_units"|"adjacent_units""#,
        "A card's relation to the ability's own card; \"own\" and \"opponent\" compare controllers (owners outside the squares).",
    ),
    (
        "DurationName",
        r#""end_of_turn"|"end_of_battle"|"end_of_your_next_turn"|"while_source_in_play"|"indefinite""#,
        "How long a change lasts: until the end of this turn's recovery phase (A31); until the \
         battle in progress ends (an error outside a battle); until the end of the effect \
         controller's next turn; while the effect's card stays in play; while the subject stays \
         where it is. A card means: while that card stays in play.",
    ),
    (
        "Destination",
        r#""deck_top"|"deck_bottom"|"hand"|"graveyard"|"energy"|"smash"|"remove"|Square|string"#,
        "Where `g:put` sends a card; a square or a square name puts it into play.",
    ),
    (
        "EventKind",
        r#""turn_began"|"phase_began"|"phase_ended"|"mulligan"|"drew"|"moved"|"placed"|"destroyed"|"damaged"|"frozen"|"released"|"stacked"|"resolved"|"passed"|"battle_began"|"battle_step"|"battle_ended"|"smashed"|"plan_opened"|"shuffled"|"triggered"|"trigger_voided"|"effect_failed"|"game_over"|"plan_closed"|"turn_ending"|"played"|"targeted"|"countered"|"rolled"|"revealed"|"bottomed"|"token_moved""#,
        "An engine event a ◆ ability listens to (`played`: a card was played; `phase_ended`: a phase of the turn ended, before the next began; `plan_closed`: a plan zone ended, seen by its card's ◆ from the plan zone; `turn_ending`: 「ターン終了時」, the recovery phase began — ◆ triggering on it resolve in an end-of-turn window of the same turn, with priority for quick-timing actions; `targeted`: a card, square, player or item became a target of an item put on the stack, `card = \"self\"` meaning this card was; `countered`: an item was made to fail or negated by an effect; `rolled`: the dimension die was rolled, `ev.player` and `ev.face` = \"P\"|\"C\"|\"blank\" (R19.11–R19.14); `revealed`: a dimension-deck card was turned face up, `ev.setup` true during setup, when phenomena do not trigger (R19.9); `bottomed`, `token_moved`: R19.12, R19.18).",
    ),
    (
        "CauseName",
        r#""played"|"moved"|"effect"|"cost"|"rule""#,
        "Why a card moved: played (declared, or put into its square by the resolving play), moved by a move action (R10), put by a card's effect, paid as a cost (R5), or by a game rule (drawing, smashing, battle, resolution).",
    ),
    (
        "MemoryScope",
        r#""object"|"turn"|"game""#,
        "How long a remembered value lasts: `object` until the card changes zones (it is then a new object, R7.3), `turn` until the end of the turn (A31), `game` for the whole game.",
    ),
    (
        "MemoryValue",
        "integer|boolean|Card|Player|Square",
        "A value the engine remembers for a card or the game; a remembered card that has since changed zones reads back as nil.",
    ),
    (
        "ReplaceEvent",
        r#""to_graveyard"|"destroyed""#,
        "The moves a replacement listens to: any move into a graveyard (destruction, discards, costs, a resolved strategy …), or destruction only (from a square into the graveyard, 001 破壊).",
    ),
    (
        "InsteadName",
        r#""remove"|"smash"|"hand"|"deck_top"|"deck_bottom""#,
        "Where a replacement puts the card instead (its owner's zone).",
    ),
    (
        "DamageKind",
        r#""battle"|"strategy"|"ability""#,
        "What deals damage: a unit's battle damage, a strategy's ○ effect, or an ability's effect.",
    ),
    (
        "LossCause",
        r#""smash"|"deck_out""#,
        "A loss condition: too many smash-zone cards (RE1) or an empty deck (RE2).",
    ),
    (
        "CostSpec",
        "string|Cost",
        "A cost as printed (`\"赤1 無2 フリーズ\"`) or as a table.",
    ),
    (
        "DslExport",
        "fun(g: Resolve, e: EffectInfo)|OnPlaySpec|TriggerSpec|StaticSpec",
        "What a card-file DSL line `lua:NAME` uses: the field NAME of the table the card's script returns (`return { NAME = ... }`). A `● [cost]《timing》 lua:NAME` line takes the effect — a function `(g, e)` or a table `{ target = ..., resolve = ... }` (as `card:on_play`); `◆ lua:NAME` a table as for `card:trigger`; `★ lua:NAME` a table as for `card:static`.",
    ),
    (
        "DslExports",
        "table<string, DslExport>",
        "The table a card script returns for its DSL lines; annotate it for completion of `g` and `e`: `---@type DslExports` before `local exports = { burn = function(g, e) g:damage(e.target, 2000) end }`, then `return exports`.",
    ),
    (
        "Target",
        "Card|Square|Player|StackItem",
        "A chosen target: a card, a square, a player or a stack item.",
    ),
];

/// The classes and namespaces, in documentation order.
pub const CLASSES: &[Class] = &[
    Class {
        name: "_G",
        reached: "globals",
        doc: "What every card script sees besides the safe Lua base (string, table, math, utf8, coroutine, pairs, pcall, …). There is no io, os, package, debug, load, dofile or require.",
    },
    Class {
        name: "CardDecl",
        reached: "`card` (load time)",
        doc: "The card the script defines. Declare its abilities at the top level of the script.",
    },
    Class {
        name: "StaticSpec",
        reached: "`card:static { ... }`",
        doc: "★ a static ability: characteristic changes, damage replacement, prohibitions, cost changes. Works while the card is in `zones` (default: in a square).",
    },
    Class {
        name: "ReplaceSpec",
        reached: "`card:replace { ... }`",
        doc: "★ a replacement effect on zone changes (「…場合、かわりに…」): a static ability, so it works while the card is in `zones` and an effect granting it makes a temporary one. The card goes straight to the new zone: nothing sees it arrive in the old one, and a destruction replaced away from the graveyard reports no `destroyed` event. Each replacement applies at most once to a move; when several apply, the moving card's owner chooses which applies first.",
    },
    Class {
        name: "DamageSource",
        reached: "4th argument of a `damage` hook",
        doc: "Who deals damage about to be replaced.",
    },
    Class {
        name: "TriggerSpec",
        reached: "`card:trigger { ... }`",
        doc: "◆ a triggered ability: an event, built-in conditions, an optional `when` test, optional targets and the effect.",
    },
    Class {
        name: "ActivatedSpec",
        reached: "`card:activated { ... }`",
        doc: "● an activated ability `[cost]《timing》effect` (R17.3).",
    },
    Class {
        name: "CardCostSpec",
        reached: "`card_costs = { {...} }`",
        doc: "Cards paid as part of a ● cost or as an additional play cost, chosen on declaration and paid at once before the item is stacked (R5.8, R5.9, e.g. 盟約); a cost that cannot be paid makes the action illegal.",
    },
    Class {
        name: "PlayMethodSpec",
        reached: "`card:play_method { ... }`",
        doc: "☆ an alternative way to play this card (works from any zone).",
    },
    Class {
        name: "OnPlaySpec",
        reached: "`card:on_play { ... }`",
        doc: "○ a strategy's effect.",
    },
    Class {
        name: "GrantableSpec",
        reached: "`card:grantable { ... }`",
        doc: "An ability this card's effects grant for a duration (「…は『…』を得る」, a temporary rule, a delayed trigger). It does nothing on the card itself; `g:grant_ability` gives it to a card, `g:add_rule` to the game, `g:delay` to the game until it has triggered once.",
    },
    Class {
        name: "TargetOptions",
        reached: "`target.unit { ... }`",
        doc: "Options of a target spec (R7.4).",
    },
    Class {
        name: "target",
        reached: "`target`",
        doc: "Target specs for `target = ...` fields.",
    },
    Class {
        name: "TargetSpec",
        reached: "`target.unit()`",
        doc: "A target spec, checked by the engine when targets are chosen and again on resolution (R7.5).",
    },
    Class {
        name: "game",
        reached: "`game`",
        doc: "Queries about the game as a whole (while an ability runs).",
    },
    Class {
        name: "BattleInfo",
        reached: "`game.battle()`",
        doc: "The battle in progress.",
    },
    Class {
        name: "Card",
        reached: "`self`, `e.target`, lists",
        doc: "A card of the game. The same card is always the same value, so cards work as table keys and compare with `==`.",
    },
    Class {
        name: "Player",
        reached: "`card.owner`, `e.controller`",
        doc: "A player.",
    },
    Class {
        name: "Square",
        reached: "`card.square`, `game.square(\"b2\")`",
        doc: "A square: battle squares `a1`–`c3` (column a–c from player 1's left, row 1–3 from player 1's side) and base squares `P1-base1`…`P2-base3`.",
    },
    Class {
        name: "Cost",
        reached: "`card.cost`, cost hooks",
        doc: "A cost as a table: energy per colour plus the rest.",
    },
    Class {
        name: "Resolve",
        reached: "`g` in `resolve = function(g, e)`",
        doc: "What a resolving effect can do. Only valid while the effect resolves. Choices block the script: the engine suspends the effect, asks the player, then re-runs it from the start with the answers, so effects must be deterministic.",
    },
    Class {
        name: "EffectInfo",
        reached: "`e` in `resolve = function(g, e)`",
        doc: "What this resolution is about.",
    },
    Class {
        name: "StackItem",
        reached: "`e.target` of a `target.item` spec",
        doc: "An item on the stack (a played card, a move, an ability), by identity.",
    },
    Class {
        name: "LastKnown",
        reached: "`card:last_known()`",
        doc: "A card as it was just before it last left a square.",
    },
    Class {
        name: "FilterContext",
        reached: "third argument of a target filter",
        doc: "What a target filter sees besides the candidate: `event`, the triggering event of a ◆ ability.",
    },
    Class {
        name: "Event",
        reached: "`e.event`, `when = function(self, ev)`",
        doc: "An engine event: `kind` plus the fields of that kind.",
    },
];

macro_rules! entry {
    ($class:literal, $kind:ident, $name:literal, [$(($p:literal, $t:literal)),*], $ty:literal, $doc:literal, $ex:literal) => {
        Entry {
            class: $class,
            kind: Kind::$kind,
            name: $name,
            params: &[$(($p, $t)),*],
            ty: $ty,
            doc: $doc,
            example: $ex,
        }
    };
}

/// Every API item.
pub const API: &[Entry] = &[
    // ---- globals
    entry!(
        "_G",
        Field,
        "card",
        [],
        "CardDecl",
        "The card this script defines; its methods declare abilities.",
        "card:static { power = 1000 }"
    ),
    entry!(
        "_G",
        Field,
        "target",
        [],
        "target",
        "Target specs.",
        "target.unit { side = \"opponent\" }"
    ),
    entry!(
        "_G",
        Field,
        "game",
        [],
        "game",
        "Game queries.",
        "local units = game.field()"
    ),
    entry!(
        "_G",
        Function,
        "use",
        [("name", "string")],
        "any",
        "A shared module loaded by the host (tables are read-only).",
        "local common = use(\"common\")"
    ),
    entry!(
        "_G",
        Function,
        "print",
        [("...", "any")],
        "",
        "Writes a line to the host's log (not to the terminal).",
        "print(\"power\", self.power)"
    ),
    // ---- card declarations
    entry!(
        "CardDecl",
        Field,
        "name",
        [],
        "string",
        "The card's printed name.",
        "print(card.name)"
    ),
    entry!(
        "CardDecl",
        Field,
        "kind",
        [],
        "CardKind",
        "The card's type.",
        "if card.kind == \"unit\" then end"
    ),
    entry!(
        "CardDecl",
        Method,
        "static",
        [("spec", "StaticSpec")],
        "",
        "Declares a ★ static ability.",
        "card:static { applies_to = \"own_units\", power = 500 }"
    ),
    entry!(
        "CardDecl",
        Method,
        "replace",
        [("spec", "ReplaceSpec")],
        "",
        "Declares a ★ replacement effect on zone changes (「…場合、かわりに…」).",
        "card:replace { event = \"to_graveyard\", applies_to = \"self\", instead = \"remove\" }"
    ),
    entry!(
        "CardDecl",
        Method,
        "trigger",
        [("spec", "TriggerSpec")],
        "",
        "Declares a ◆ triggered ability.",
        "card:trigger { on = \"placed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "activated",
        [("spec", "ActivatedSpec")],
        "",
        "Declares a ● activated ability.",
        "card:activated { cost = \"白1 フリーズ\", target = target.unit(), resolve = function(g, e) g:damage(e.target, 2000) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_method",
        [("spec", "PlayMethodSpec")],
        "",
        "Declares a ☆ alternative play method.",
        "card:play_method { name = \"転生\", from = \"graveyard\", cost = \"無1\" }"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_cost",
        [(
            "change",
            "fun(self: Card, cost: Cost, method: string?): CostSpec?"
        )],
        "",
        "Declares a ☆ change to this card's own use cost (works from any zone). It applies to every way the card is played, ☆ play methods included: `method` is the method's name (nil for the normal play), so return nil for a method to leave its cost alone.",
        "card:play_cost(function(self, cost, method) if method then return nil end cost.colourless = 0 return cost end)"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_costs",
        [("costs", "CardCostSpec[]")],
        "",
        "Declares additional costs paid with cards by every play of this card (「追加コストとして、手札を1枚捨てる」): chosen and paid when it is played, with its energy (R5.8, R5.9); once per card.",
        "card:play_costs { { zones = \"hand\", to = \"graveyard\" } }"
    ),
    entry!(
        "CardDecl",
        Method,
        "on_play",
        [("spec", "OnPlaySpec")],
        "",
        "Declares a strategy's ○ effect.",
        "card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "grantable",
        [("spec", "GrantableSpec")],
        "",
        "Declares an ability for this card's effects to grant (inactive on the card itself).",
        "card:grantable { name = \"draw_on_smash\", trigger = { on = \"smashed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "name",
        [],
        "string",
        "The name effects grant it by; unique within the card.",
        "card:grantable { name = \"ward\", static = { untargetable = \"opponent\" } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "trigger",
        [],
        "TriggerSpec?",
        "A ◆ ability: granted to a card, `self` is that card; held by the game (`g:add_rule`, `g:delay`), `self` is this card and it triggers wherever this card is.",
        "card:grantable { name = \"later\", trigger = { on = \"turn_began\", player = \"me\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "static",
        [],
        "StaticSpec?",
        "A ★ ability: granted to a card it works in the zones it names, with that card as `self`; held by the game it works everywhere with this card as `self` (a temporary rule). Its changes apply at the grant's timestamp (R16.3).",
        "card:grantable { name = \"no_strategies\", static = { forbid_play = function(self, c) return c.is_strategy and c.owner ~= self.owner end } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "replace",
        [],
        "ReplaceSpec?",
        "A ★ replacement (as `card:replace`): granted to a card with `applies_to = \"self\"` it replaces that card's moves; held by the game (`g:add_rule`) it is a temporary replacement, e.g. 「このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く」.",
        "card:grantable { name = \"exile\", replace = { event = \"to_graveyard\", applies_to = \"any\", instead = \"remove\" } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "activated",
        [],
        "ActivatedSpec?",
        "A ● ability the card it is granted to can activate.",
        "card:grantable { name = \"ping\", activated = { cost = \"無1\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
    // ---- ★
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
        "DamageSource",
        Field,
        "card",
        [],
        "Card?",
        "The card whose battle damage or effect it is.",
        "if src.card and src.card.kind == \"strategy\" then end"
    ),
    entry!(
        "DamageSource",
        Field,
        "kind",
        [],
        "DamageKind",
        "What deals it.",
        "if src.kind == \"strategy\" then return 0 end"
    ),
    // ---- ★ replacement effects on zone changes
    entry!(
        "ReplaceSpec",
        Field,
        "event",
        [],
        "ReplaceEvent?",
        "The moves it listens to (default \"to_graveyard\").",
        "card:replace { event = \"destroyed\", instead = \"smash\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "applies_to",
        [],
        "Relation|fun(self: Card, card: Card): boolean?",
        "Which moving cards it replaces (default \"self\"; \"any\" for every card).",
        "card:replace { applies_to = \"opponent\", instead = \"remove\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "instead",
        [],
        "InsteadName",
        "Where the card goes instead (required).",
        "card:replace { instead = \"remove\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where this card must be for the replacement to work (default \"field\").",
        "card:replace { zones = \"hand\", instead = \"deck_bottom\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "optional",
        [],
        "boolean?",
        "「…してもよい」: this card's owner chooses whether it applies (inside a resolution, or before anyone receives priority).",
        "card:replace { event = \"destroyed\", instead = \"hand\", optional = true }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "prompt",
        [],
        "string?",
        "The question asked for an optional replacement.",
        "card:replace { instead = \"hand\", optional = true, prompt = \"return it to your hand?\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "payoff",
        [],
        "fun(g: Resolve, e: EffectInfo)?",
        "「そうしたなら、…」: runs right after the replaced move, as part of the action that moved the card (its choices too); `e.event` is the `moved` event as made, `e.controller` this card's owner.",
        "card:replace { instead = \"hand\", optional = true, payoff = function(g, e) g:draw(e.controller) end }"
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
    // ---- ◆
    entry!(
        "TriggerSpec",
        Field,
        "on",
        [],
        "EventKind|EventKind[]",
        "The event(s) the ability listens to.",
        "card:trigger { on = {\"destroyed\", \"damaged\"}, resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where the card must be (the zone before the event for events moving the card itself).",
        "card:trigger { on = \"destroyed\", card = \"self\", zones = \"field\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "card",
        [],
        "Relation?",
        "The card the event is about must have this relation to this card when the event happens.",
        "card:trigger { on = \"placed\", card = \"self\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "player",
        [],
        "\"me\"|\"opponent\"?",
        "The player the event is about must be this card's owner or the opponent.",
        "card:trigger { on = \"drew\", player = \"opponent\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "phase",
        [],
        "PhaseName?",
        "For phase_began / phase_ended: which phase.",
        "card:trigger { on = \"phase_ended\", phase = \"main\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "from",
        [],
        "ZoneName|ZoneName[]?",
        "For moved / placed / played: only cards that came from these zones; a played card counts as coming from the zone it was played from (`\"plan\"` for the plan card, R9.6), never the stack.",
        "card:trigger { on = \"placed\", card = \"self\", from = \"plan\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "method",
        [],
        "string|string[]?",
        "For moved / placed / played: only cards played by these methods: `\"normal\"` or a ☆ method's name (`\"隊列召喚\"` also accepts `\"隊列召喚―縦列\"`).",
        "card:trigger { on = \"placed\", card = \"self\", method = \"隊列召喚\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "cause",
        [],
        "CauseName|CauseName[]?",
        "For moved / placed / played: only cards that moved for these reasons.",
        "card:trigger { on = \"placed\", card = \"own_units\", cause = \"effect\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "when",
        [],
        "fun(self: Card, ev: Event): boolean?",
        "A further condition, checked when the event happens.",
        "card:trigger { on = \"damaged\", when = function(self, ev) return ev.amount >= 3000 end, resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets, chosen when the ability goes on the stack; none legal voids it.",
        "card:trigger { on = \"placed\", card = \"self\", target = target.unit(), resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:trigger { on = \"smashed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end }"
    ),
    // ---- ●
    entry!(
        "ActivatedSpec",
        Field,
        "cost",
        [],
        "CostSpec?",
        "The activation cost (default free).",
        "card:activated { cost = \"黒1 無1 廃棄\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "timing",
        [],
        "TimingName?",
        "The activation timing (default \"quick\").",
        "card:activated { timing = \"battle\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where the card must be to activate (default \"field\").",
        "card:activated { zones = \"graveyard\", cost = \"無1\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets chosen on activation.",
        "card:activated { target = target.unit { side = \"opponent\" }, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "card_costs",
        [],
        "CardCostSpec[]?",
        "Cards paid as part of the cost, chosen on activation.",
        "card:activated { card_costs = { { zones = \"hand\", to = \"remove\" } }, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "condition",
        [],
        "(fun(self: Card, uses: integer): boolean)?",
        "When the card text limits activation (「…にしか使えない」): activation is legal only while it returns true; `uses` is how many times this card (as the object it is now) activated this ability this turn (「この能力は1ターンに1回しか使えない」).",
        "card:activated { condition = function(self, uses) return uses < 1 end, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:activated { resolve = function(g, e) g:draw(e.controller) end }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Zones the card may come from (default any).",
        "{ zones = {\"hand\", \"field\"} }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "filter",
        [],
        "fun(self: Card, candidate: Card): boolean?",
        "Which cards qualify.",
        "{ filter = function(self, c) return c.play_name == \"チルノ\" end }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "to",
        [],
        "\"remove\"|\"graveyard\"|\"hand\"|\"freeze\"?",
        "Where the card goes (default \"remove\"): `graveyard` (from the hand: discarding), its owner's `hand` (not from a hand), or `freeze`: it stays and is frozen (a released card in a square, R5.6).",
        "{ to = \"graveyard\" }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "this",
        [],
        "boolean?",
        "Paid with the ability's card itself, no choice (「このカードを手札に戻す」); its zone must be in `zones`. Not for play costs.",
        "{ this = true, zones = \"field\", to = \"hand\" }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "count",
        [],
        "1|\"x\"?",
        "How many cards: 1 (default; list one entry per card for more) or `\"x\"`: X cards, X chosen on declaration and seen by the effect as `e.x` (「カードをX枚選び、除外する」): any X the zones allow, each card chosen one at a time.",
        "{ zones = \"graveyard\", count = \"x\", to = \"remove\" }"
    ),
    // ---- ☆ and ○
    entry!(
        "PlayMethodSpec",
        Field,
        "name",
        [],
        "string",
        "The method's name shown to players.",
        "card:play_method { name = \"隊列召喚―縦列\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "from",
        [],
        "ZoneName|ZoneName[]?",
        "Zones the card may be played from (default \"hand\").",
        "card:play_method { name = \"転生\", from = \"graveyard\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "cost",
        [],
        "CostSpec?",
        "Replaces the use cost.",
        "card:play_method { name = \"安価\", cost = \"無1\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "timing",
        [],
        "TimingName?",
        "Replaces the printed timing.",
        "card:play_method { name = \"奇襲\", timing = \"battle\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "squares",
        [],
        "fun(self: Card): (Square|string)[]?",
        "The squares this method may play the card into.",
        "card:play_method { name = \"縦列\", squares = function(self) return { \"b2\" } end }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "centre_exempt",
        [],
        "boolean?",
        "A unit played into the centre this way is not destroyed by RE7.",
        "card:play_method { name = \"隊列召喚\", centre_exempt = true }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "condition",
        [],
        "fun(self: Card, player: Player): boolean?",
        "The method can only be used while this holds for the player playing the card.",
        "card:play_method { name = \"援軍\", timing = \"battle\", condition = function(self, p) return #p:units() >= 3 end }"
    ),
    entry!(
        "OnPlaySpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets chosen when the strategy is played.",
        "card:on_play { target = target.unit(), resolve = function(g, e) end }"
    ),
    entry!(
        "OnPlaySpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:on_play { resolve = function(g, e) g:draw(e.controller, 2) end }"
    ),
    // ---- targets
    entry!(
        "TargetOptions",
        Field,
        "side",
        [],
        "\"any\"|\"own\"|\"opponent\"?",
        "Whose cards (relative to the controller; default \"any\").",
        "target.unit { side = \"own\" }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "count",
        [],
        "integer?",
        "Number of distinct targets, 1–4 (default 1).",
        "target.unit { count = 2 }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "up_to",
        [],
        "boolean?",
        "Up to `count` targets (「…まで選び」): fewer, or none, may be chosen.",
        "target.unit { up_to = true }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "filter",
        [],
        "fun(self: Card, candidate: Target, e: FilterContext?): boolean?",
        "A further condition on candidates (cards; squares, players or items for those specs); `e.event` is the trigger of a ◆ ability (nil elsewhere).",
        "target.unit { filter = function(self, c) return c.power <= 3000 end }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "zone",
        [],
        "ZoneName|ZoneName[]?",
        "target.card: the zones searched (required): field, hand, graveyard, plan, energy, smash, remove.",
        "target.card { zone = \"graveyard\", side = \"own\" }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "kind",
        [],
        "string?",
        "target.card: the card type (\"unit\", \"base\", \"strategy\"); target.item: the item kind (\"any\" but battle damage, \"play\", \"strategy\", \"move\", \"ability\"; default \"any\").",
        "target.item { kind = \"strategy\" }"
    ),
    entry!(
        "target",
        Function,
        "card",
        [("opts", "TargetOptions")],
        "TargetSpec",
        "A card in the named zones (`zone` is required; never the deck or the stack), e.g. in a graveyard; side is the owner. Legal while it stays the same object (R7.3).",
        "target.card { zone = \"graveyard\", side = \"own\", kind = \"unit\" }"
    ),
    entry!(
        "target",
        Function,
        "square",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A square; side own / opponent means a square of that player\'s area or base squares (the centre area is nobody\'s).",
        "target.square { filter = function(self, s) return s:unit(self.owner.opponent) ~= nil end }"
    ),
    entry!(
        "target",
        Function,
        "player",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A player (side \"own\": the controller, \"opponent\": the other player).",
        "target.player { side = \"opponent\" }"
    ),
    entry!(
        "target",
        Function,
        "item",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "An item on the current stack (a pending stack counts as non-existent, R11.4; battle damage is never a target); side is its controller. Illegal once it left the stack.",
        "target.item { kind = \"strategy\" }"
    ),
    entry!(
        "target",
        Function,
        "unit",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A unit in the battle space.",
        "target.unit()"
    ),
    entry!(
        "target",
        Function,
        "base",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A base in a base space.",
        "target.base { side = \"opponent\" }"
    ),
    entry!(
        "target",
        Function,
        "unit_or_base",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A unit or a base.",
        "target.unit_or_base()"
    ),
    entry!(
        "TargetSpec",
        Field,
        "count",
        [],
        "integer",
        "Number of targets.",
        "local n = target.unit { count = 2 }.count"
    ),
    // ---- game
    entry!(
        "game",
        Function,
        "active",
        [],
        "Player",
        "The active player.",
        "if game.active() == self.owner then end"
    ),
    entry!(
        "game",
        Function,
        "phase",
        [],
        "PhaseName",
        "The current phase.",
        "if game.phase() == \"main\" then end"
    ),
    entry!(
        "game",
        Function,
        "turn",
        [],
        "integer",
        "The turn number, from 1.",
        "local t = game.turn()"
    ),
    entry!(
        "game",
        Function,
        "field",
        [],
        "Card[]",
        "Cards in squares, in arrival order.",
        "for _, c in ipairs(game.field()) do end"
    ),
    entry!(
        "game",
        Function,
        "square",
        [("name", "string")],
        "Square",
        "A square by name.",
        "local s = game.square(\"b2\")"
    ),
    entry!(
        "game",
        Function,
        "battle_squares",
        [],
        "Square[]",
        "The nine battle squares.",
        "for _, s in ipairs(game.battle_squares()) do end"
    ),
    entry!(
        "game",
        Function,
        "base_squares",
        [("player", "Player")],
        "Square[]",
        "A player's three base squares.",
        "local bs = game.base_squares(self.owner)"
    ),
    entry!(
        "game",
        Function,
        "player",
        [("n", "integer")],
        "Player",
        "Player 1 or 2.",
        "local p1 = game.player(1)"
    ),
    entry!(
        "game",
        Function,
        "battle",
        [],
        "BattleInfo?",
        "The battle in progress, if any.",
        "local b = game.battle() if b then print(b.attacker.name) end"
    ),
    entry!(
        "game",
        Function,
        "recall",
        [("key", "string"), ("scope?", "\"turn\"|\"game\"")],
        "MemoryValue?",
        "A value an effect remembered for the whole game with `g:remember_game` (default scope \"game\").",
        "local n = game.recall(\"strategies\", \"turn\") or 0"
    ),
    entry!(
        "BattleInfo",
        Field,
        "square",
        [],
        "Square",
        "Where it is fought.",
        "game.battle().square"
    ),
    entry!(
        "BattleInfo",
        Field,
        "attacker",
        [],
        "Card",
        "The attacker (R11.3).",
        "game.battle().attacker"
    ),
    entry!(
        "BattleInfo",
        Field,
        "defender",
        [],
        "Card",
        "The other unit.",
        "game.battle().defender"
    ),
    entry!(
        "BattleInfo",
        Field,
        "step",
        [],
        "\"first\"|\"second\"|\"end\"",
        "The battle step.",
        "game.battle().step"
    ),
    // ---- Card
    entry!(
        "Card",
        Field,
        "id",
        [],
        "integer",
        "The card's id in this game.",
        "print(self.id)"
    ),
    entry!(
        "Card",
        Field,
        "name",
        [],
        "string",
        "Full printed name.",
        "if c.name == \"チルノ\" then end"
    ),
    entry!(
        "Card",
        Field,
        "play_name",
        [],
        "string",
        "The name in play, without a 〈…〉 part (R18.4).",
        "if c.play_name == \"チルノ\" then end"
    ),
    entry!(
        "Card",
        Field,
        "kind",
        [],
        "CardKind",
        "Card type.",
        "if c.kind == \"base\" then end"
    ),
    entry!(
        "Card",
        Field,
        "is_unit",
        [],
        "boolean",
        "Whether it is a unit.",
        "if c.is_unit then end"
    ),
    entry!(
        "Card",
        Field,
        "is_base",
        [],
        "boolean",
        "Whether it is a base.",
        "if c.is_base then end"
    ),
    entry!(
        "Card",
        Field,
        "is_strategy",
        [],
        "boolean",
        "Whether it is a strategy.",
        "if c.is_strategy then end"
    ),
    entry!(
        "Card",
        Field,
        "power",
        [],
        "integer",
        "Current power after continuous effects.",
        "if c.power >= 5000 then end"
    ),
    entry!(
        "Card",
        Field,
        "smash",
        [],
        "integer",
        "Current smash.",
        "local n = c.smash"
    ),
    entry!(
        "Card",
        Field,
        "printed_power",
        [],
        "integer",
        "Printed power.",
        "local p = c.printed_power"
    ),
    entry!(
        "Card",
        Field,
        "printed_smash",
        [],
        "integer",
        "Printed smash.",
        "local s = c.printed_smash"
    ),
    entry!(
        "Card",
        Field,
        "damage",
        [],
        "integer",
        "Damage on the unit.",
        "if c.damage > 0 then end"
    ),
    entry!(
        "Card",
        Field,
        "frozen",
        [],
        "boolean",
        "Whether it is frozen.",
        "if not c.frozen then end"
    ),
    entry!(
        "Card",
        Field,
        "race",
        [],
        "string",
        "Race (units).",
        "if c.race == \"コロボックル\" then end"
    ),
    entry!(
        "Card",
        Field,
        "text",
        [],
        "string",
        "Rules text.",
        "print(c.text)"
    ),
    entry!(
        "Card",
        Field,
        "zone",
        [],
        "ZoneName",
        "The zone it is in.",
        "if c.zone == \"graveyard\" then end"
    ),
    entry!(
        "Card",
        Field,
        "in_play",
        [],
        "boolean",
        "Whether it is in a square.",
        "if c.in_play then end"
    ),
    entry!(
        "Card",
        Field,
        "played_from",
        [],
        "ZoneName?",
        "The zone this card was played from, while it is the object that was played (on the stack or in its square): `\"plan\"` for the plan card; nil for a card put, drawn or moved otherwise.",
        "if c.played_from == \"plan\" then end"
    ),
    entry!(
        "Card",
        Field,
        "play_method",
        [],
        "string?",
        "How this card was played: `\"normal\"` or the ☆ method's name; nil when it was not played.",
        "if c.play_method ~= \"normal\" then end"
    ),
    entry!(
        "Card",
        Field,
        "came_from",
        [],
        "ZoneName",
        "The zone this card came from by its last relocation (a played card: the zone it was played from; a moved unit: `\"field\"`).",
        "if c.came_from == \"graveyard\" then end"
    ),
    entry!(
        "Card",
        Field,
        "cause",
        [],
        "CauseName",
        "Why this card made its last relocation.",
        "if c.cause == \"effect\" then end"
    ),
    entry!(
        "Card",
        Field,
        "put_by",
        [],
        "Card?",
        "The card whose effect put this card where it is, if an effect did.",
        "local src = c.put_by"
    ),
    entry!(
        "Card",
        Field,
        "timing",
        [],
        "TimingName",
        "Printed timing.",
        "if c.timing == \"battle\" then end"
    ),
    entry!(
        "Card",
        Field,
        "owner",
        [],
        "Player",
        "Its owner.",
        "if c.owner ~= self.owner then end"
    ),
    entry!(
        "Card",
        Field,
        "controller",
        [],
        "Player",
        "Who controls it: its owner, unless a control change is in force on it in a square (`g:take_control`).",
        "if c.controller ~= c.owner then end"
    ),
    entry!(
        "Card",
        Field,
        "square",
        [],
        "Square?",
        "Its square, if in play.",
        "local s = c.square"
    ),
    entry!(
        "Card",
        Field,
        "area",
        [],
        "AreaName?",
        "The area of its square seen from its controller (battle squares only).",
        "if self.area == \"enemy\" then end"
    ),
    entry!(
        "Card",
        Field,
        "line",
        [],
        "LineName?",
        "The line of its square seen from its owner.",
        "if c.line == \"centre\" then end"
    ),
    entry!(
        "Card",
        Field,
        "colours",
        [],
        "ColourName[]",
        "Its colours.",
        "for _, col in ipairs(c.colours) do end"
    ),
    entry!(
        "Card",
        Field,
        "keywords",
        [],
        "Keyword[]",
        "Its current keywords.",
        "print(table.concat(c.keywords, \",\"))"
    ),
    entry!(
        "Card",
        Field,
        "cost",
        [],
        "Cost",
        "Printed use cost.",
        "if c.cost.total <= 2 then end"
    ),
    entry!(
        "Card",
        Field,
        "use_cost",
        [],
        "Cost",
        "Use cost after ☆ and ★ cost changes (such as 橙's), wherever the card is.",
        "if c.use_cost.total <= 2 then end"
    ),
    entry!(
        "Card",
        Field,
        "move_cost",
        [],
        "Cost?",
        "Printed move cost (units).",
        "local m = c.move_cost"
    ),
    entry!(
        "Card",
        Method,
        "has",
        [("keyword", "Keyword")],
        "boolean",
        "Whether it currently has a keyword.",
        "if c:has(\"accel\") then end"
    ),
    entry!(
        "Card",
        Method,
        "is_colour",
        [("colour", "ColourName")],
        "boolean",
        "Whether it has a colour.",
        "if c:is_colour(\"red\") then end"
    ),
    entry!(
        "Card",
        Method,
        "adjacent",
        [("other", "Card")],
        "boolean",
        "Whether both are in adjacent squares.",
        "if c:adjacent(self) then end"
    ),
    entry!(
        "Card",
        Method,
        "same_line",
        [("other", "Card")],
        "boolean",
        "Whether both are in squares of the same line.",
        "if unit:same_line(self) then end"
    ),
    entry!(
        "Card",
        Method,
        "recall",
        [("key", "string"), ("scope?", "MemoryScope")],
        "MemoryValue?",
        "A value an effect remembered for this card with `g:remember` (default scope \"object\"); works in hooks and conditions too.",
        "local chosen = self:recall(\"chosen\")"
    ),
    // ---- Player
    entry!(
        "Player",
        Field,
        "index",
        [],
        "integer",
        "1 or 2.",
        "if p.index == 1 then end"
    ),
    entry!(
        "Player",
        Field,
        "name",
        [],
        "string",
        "\"P1\" or \"P2\".",
        "print(p.name)"
    ),
    entry!(
        "Player",
        Field,
        "opponent",
        [],
        "Player",
        "The other player.",
        "g:draw(e.controller.opponent)"
    ),
    entry!(
        "Player",
        Field,
        "is_active",
        [],
        "boolean",
        "Whether it is this player's turn.",
        "if self.owner.is_active then end"
    ),
    entry!(
        "Player",
        Method,
        "hand",
        [],
        "Card[]",
        "Cards in hand.",
        "local h = p:hand()"
    ),
    entry!(
        "Player",
        Method,
        "deck",
        [],
        "Card[]",
        "Deck, bottom first.",
        "local n = #p:deck()"
    ),
    entry!(
        "Player",
        Method,
        "graveyard",
        [],
        "Card[]",
        "Graveyard, bottom first.",
        "local gy = p:graveyard()"
    ),
    entry!(
        "Player",
        Method,
        "energy",
        [],
        "Card[]",
        "Energy zone.",
        "local en = p:energy()"
    ),
    entry!(
        "Player",
        Method,
        "smash_zone",
        [],
        "Card[]",
        "Smash zone.",
        "if #p:smash_zone() >= 6 then end"
    ),
    entry!(
        "Player",
        Method,
        "removed",
        [],
        "Card[]",
        "Remove zone.",
        "local r = p:removed()"
    ),
    entry!(
        "Player",
        Method,
        "field",
        [],
        "Card[]",
        "The cards in squares the player controls.",
        "local mine = p:field()"
    ),
    entry!(
        "Player",
        Method,
        "zone",
        [("name", "ZoneName")],
        "Card[]",
        "Cards of a zone by name.",
        "local gy = p:zone(\"graveyard\")"
    ),
    entry!(
        "Player",
        Method,
        "units",
        [],
        "Card[]",
        "The units in squares the player controls (its own, and others it took control of).",
        "for _, u in ipairs(p:units()) do end"
    ),
    entry!(
        "Player",
        Method,
        "bases",
        [],
        "Card[]",
        "The bases in squares the player controls.",
        "local b = p:bases()"
    ),
    entry!(
        "Player",
        Method,
        "unit_at",
        [("square", "Square|string")],
        "Card?",
        "The unit the player controls in a square.",
        "local u = p:unit_at(\"b2\")"
    ),
    entry!(
        "Player",
        Method,
        "plan",
        [],
        "Card?",
        "The plan card, if the plan zone is open.",
        "local pc = p:plan()"
    ),
    // ---- Square
    entry!(
        "Square",
        Field,
        "name",
        [],
        "string",
        "`a1`–`c3` or `P1-base1`…",
        "print(s.name)"
    ),
    entry!(
        "Square",
        Field,
        "row",
        [],
        "integer",
        "Row 1–3 from player 1's side (0 / 4 for base squares).",
        "if s.row == 2 then end"
    ),
    entry!(
        "Square",
        Field,
        "col",
        [],
        "integer",
        "Column 1–3 from player 1's left.",
        "local c = s.col"
    ),
    entry!(
        "Square",
        Field,
        "is_battle",
        [],
        "boolean",
        "Whether it is a battle square.",
        "if s.is_battle then end"
    ),
    entry!(
        "Square",
        Field,
        "is_base",
        [],
        "boolean",
        "Whether it is a base square.",
        "if s.is_base then end"
    ),
    entry!(
        "Square",
        Field,
        "owner",
        [],
        "Player?",
        "The owner of a base square.",
        "if s.owner == self.owner then end"
    ),
    entry!(
        "Square",
        Method,
        "area",
        [("player", "Player")],
        "AreaName?",
        "Its area seen from a player.",
        "if s:area(self.owner) == \"centre\" then end"
    ),
    entry!(
        "Square",
        Method,
        "line",
        [("player", "Player")],
        "LineName",
        "Its line seen from a player.",
        "local l = s:line(self.owner)"
    ),
    entry!(
        "Square",
        Method,
        "adjacent",
        [("other", "Square|string")],
        "boolean",
        "Orthogonally adjacent battle squares (R1.13).",
        "if s:adjacent(\"b2\") then end"
    ),
    entry!(
        "Square",
        Method,
        "same_line",
        [("other", "Square|string")],
        "boolean",
        "Same line (column).",
        "if s:same_line(self.square) then end"
    ),
    entry!(
        "Square",
        Method,
        "neighbours",
        [],
        "Square[]",
        "Adjacent battle squares.",
        "for _, n in ipairs(s:neighbours()) do end"
    ),
    entry!(
        "Square",
        Method,
        "cards",
        [],
        "Card[]",
        "Cards in the square.",
        "if #s:cards() == 0 then end"
    ),
    entry!(
        "Square",
        Method,
        "unit",
        [("player", "Player")],
        "Card?",
        "A player's unit in the square.",
        "local foe = s:unit(self.owner.opponent)"
    ),
    // ---- Cost
    entry!(
        "Cost",
        Field,
        "red",
        [],
        "integer",
        "Red energy.",
        "cost.red = cost.red + 1"
    ),
    entry!(
        "Cost",
        Field,
        "black",
        [],
        "integer",
        "Black energy.",
        "cost.black = 0"
    ),
    entry!(
        "Cost",
        Field,
        "blue",
        [],
        "integer",
        "Blue energy.",
        "local b = cost.blue"
    ),
    entry!(
        "Cost",
        Field,
        "white",
        [],
        "integer",
        "White energy.",
        "local w = cost.white"
    ),
    entry!(
        "Cost",
        Field,
        "green",
        [],
        "integer",
        "Green energy.",
        "local gr = cost.green"
    ),
    entry!(
        "Cost",
        Field,
        "colourless",
        [],
        "integer",
        "Colourless energy (無).",
        "cost.colourless = math.max(0, cost.colourless - 1)"
    ),
    entry!(
        "Cost",
        Field,
        "x",
        [],
        "ColourName|\"colourless\"?",
        "The energy an X part is paid with.",
        "if cost.x then end"
    ),
    entry!(
        "Cost",
        Field,
        "freeze",
        [],
        "boolean",
        "Freeze this card (フリーズ).",
        "cost.freeze = true"
    ),
    entry!(
        "Cost",
        Field,
        "discard",
        [],
        "boolean",
        "Put this card into the graveyard (廃棄).",
        "cost.discard = false"
    ),
    entry!(
        "Cost",
        Field,
        "total",
        [],
        "integer",
        "Total printed energy (read only).",
        "if cost.total > 3 then end"
    ),
    // ---- Resolve (g)
    entry!(
        "Resolve",
        Method,
        "damage",
        [("unit", "Card"), ("amount", "integer")],
        "integer",
        "Deals damage to a unit in the battle space after replacement effects; returns the amount dealt.",
        "g:damage(e.target, 3000)"
    ),
    entry!(
        "Resolve",
        Method,
        "destroy",
        [("card", "Card")],
        "boolean",
        "Destroys a card in a square.",
        "g:destroy(e.target)"
    ),
    entry!(
        "Resolve",
        Method,
        "take_control",
        [("unit", "Card"), ("duration?", "DurationName|Card")],
        "boolean",
        "The effect's controller gains control of a unit in a battle square (default: indefinitely); it returns to its owner when the duration ends and goes to its owner's zones when it leaves the squares. False when it is not a unit in a battle square.",
        "g:take_control(e.target, \"end_of_turn\")"
    ),
    entry!(
        "Resolve",
        Method,
        "boost",
        [
            ("card", "Card"),
            ("delta", "integer"),
            ("duration?", "DurationName|Card")
        ],
        "boolean",
        "Power ± (default until end of turn); false when nothing changed, e.g. with \"end_of_battle\" outside a battle.",
        "g:boost(e.target, 2000)"
    ),
    entry!(
        "Resolve",
        Method,
        "smash_boost",
        [
            ("card", "Card"),
            ("delta", "integer"),
            ("duration?", "DurationName|Card")
        ],
        "boolean",
        "Smash ±.",
        "g:smash_boost(e.target, 1, \"while_source_in_play\")"
    ),
    entry!(
        "Resolve",
        Method,
        "grant",
        [
            ("card", "Card"),
            ("keywords", "Keyword|Keyword[]"),
            ("duration?", "DurationName|Card")
        ],
        "boolean",
        "Grants keywords.",
        "g:grant(e.target, \"hexproof\")"
    ),
    entry!(
        "Resolve",
        Method,
        "revoke",
        [
            ("card", "Card"),
            ("keywords", "Keyword|Keyword[]"),
            ("duration?", "DurationName|Card")
        ],
        "boolean",
        "Removes keywords.",
        "g:revoke(e.target, \"accel\")"
    ),
    entry!(
        "Resolve",
        Method,
        "grant_ability",
        [
            ("card", "Card"),
            ("name", "string"),
            ("duration?", "DurationName|Card")
        ],
        "boolean",
        "Gives `card` the ability this card declared with `card:grantable { name = ... }` for the duration (default until end of turn), as the object it is now: it ends when the card changes zone (R7.3). 「ターン終了時まで、対象のユニットは『…』を得る」.",
        "g:grant_ability(e.target, \"draw_on_smash\")"
    ),
    entry!(
        "Resolve",
        Method,
        "add_rule",
        [("name", "string"), ("duration?", "DurationName|Card")],
        "boolean",
        "Puts this card's grantable `name` in force for the whole game for the duration (default until end of turn): a temporary rule, prohibition, permission or replacement (a ★), or a ◆ that triggers each time. 「このターン、相手はストラテジーをプレイできない」.",
        "g:add_rule(\"no_strategies\")"
    ),
    entry!(
        "Resolve",
        Method,
        "delay",
        [("name", "string"), ("duration?", "DurationName|Card")],
        "boolean",
        "A delayed trigger: this card's grantable ◆ `name` triggers once, the next time its event happens (before the duration ends; default: whenever that is), then ends. 「次のあなたのターンの開始時、…」.",
        "g:delay(\"next_turn_draw\")"
    ),
    entry!(
        "Resolve",
        Method,
        "freeze",
        [("card", "Card")],
        "boolean",
        "Freezes a card.",
        "g:freeze(e.target)"
    ),
    entry!(
        "Resolve",
        Method,
        "release",
        [("card", "Card")],
        "boolean",
        "Releases a card.",
        "g:release(e.me)"
    ),
    entry!(
        "Resolve",
        Method,
        "draw",
        [("player", "Player"), ("n?", "integer")],
        "integer",
        "Draws cards (default 1); returns how many were drawn.",
        "g:draw(e.controller, 2)"
    ),
    entry!(
        "Resolve",
        Method,
        "discard",
        [("card", "Card")],
        "boolean",
        "Puts a card from its owner's hand into the graveyard.",
        "g:discard(e.controller:hand()[1])"
    ),
    entry!(
        "Resolve",
        Method,
        "put",
        [
            ("card", "Card"),
            ("to", "Destination"),
            ("frozen?", "boolean")
        ],
        "boolean",
        "Puts a card into a zone, or into a square (not played: no 速攻, no RE7).",
        "g:put(c, \"energy\")"
    ),
    entry!(
        "Resolve",
        Method,
        "destroy_all",
        [("cards", "Card[]")],
        "integer",
        "Destroys several cards in squares at the same time; their owners order them in their graveyards (R1.7). Returns how many were destroyed.",
        "g:destroy_all(e.controller.opponent:units())"
    ),
    entry!(
        "Resolve",
        Method,
        "put_all",
        [("cards", "Card[]"), ("to", "Destination")],
        "integer",
        "Puts several cards into one zone at the same time (not a square); cards reaching a graveyard or deck together are ordered there by their owners (R1.7). Returns how many moved.",
        "g:put_all(e.controller:hand(), \"deck_bottom\")"
    ),
    entry!(
        "Resolve",
        Method,
        "put_together",
        [
            ("placements", "{ [1]: Card, [2]: Square|string }[]"),
            ("frozen?", "boolean")
        ],
        "integer",
        "Puts cards into squares at the same time (frozen unless `frozen` is false): they arrive together, so units of one player arriving together in one square are all destroyed (RE5, bases RE6) and units of both players arriving together in one square are both attackers (A21). Returns how many were placed.",
        "g:put_together({ { e.target, \"b2\" } })"
    ),
    entry!(
        "Resolve",
        Method,
        "move",
        [("card", "Card"), ("square", "Square|string")],
        "boolean",
        "Moves a card in play to another square by an effect; it keeps its state.",
        "g:move(e.target, \"b3\")"
    ),
    entry!(
        "Resolve",
        Method,
        "shuffle",
        [("player", "Player")],
        "",
        "Shuffles a deck.",
        "g:shuffle(e.controller)"
    ),
    entry!(
        "Resolve",
        Method,
        "random",
        [("n", "integer")],
        "integer",
        "A whole number from 1 to n, from the game's seeded generator (replays draw the same).",
        "local h = e.controller.opponent:hand(); if #h > 0 then g:discard(h[g:random(#h)]) end"
    ),
    entry!(
        "Resolve",
        Method,
        "look",
        [("player", "Player"), ("n", "integer")],
        "Card[]",
        "The top n cards of a deck, top first.",
        "local top = g:look(e.controller, 3)"
    ),
    entry!(
        "Resolve",
        Method,
        "reorder_top",
        [("player", "Player"), ("cards", "Card[]")],
        "",
        "Reorders the top of a deck (top first); must be a permutation of the top cards.",
        "g:reorder_top(p, { top[2], top[1] })"
    ),
    entry!(
        "Resolve",
        Method,
        "choose",
        [
            ("player", "Player"),
            ("options", "(string|integer|Card|Square)[]"),
            ("prompt?", "string")
        ],
        "any, integer",
        "Asks a player to choose an option; returns it and its index (nil without options).",
        "local v = g:choose(e.controller, {\"draw\", \"boost\"}, \"choose one\")"
    ),
    entry!(
        "Resolve",
        Method,
        "choose_card",
        [
            ("player", "Player"),
            ("cards", "Card[]"),
            ("prompt?", "string")
        ],
        "Card?",
        "Asks a player to choose a card.",
        "local c = g:choose_card(p, p:hand(), \"discard a card\")"
    ),
    entry!(
        "Resolve",
        Method,
        "choose_square",
        [
            ("player", "Player"),
            ("squares", "(Square|string)[]"),
            ("prompt?", "string")
        ],
        "Square?",
        "Asks a player to choose a square.",
        "local s = g:choose_square(p, game.base_squares(p))"
    ),
    entry!(
        "Resolve",
        Method,
        "yes_no",
        [("player", "Player"), ("prompt?", "string")],
        "boolean",
        "Asks a yes/no question.",
        "if g:yes_no(e.controller, \"draw a card?\") then end"
    ),
    entry!(
        "Resolve",
        Method,
        "search",
        [
            ("player", "Player"),
            ("filter?", "fun(card: Card): boolean"),
            ("prompt?", "string"),
            ("to?", "Destination")
        ],
        "Card?",
        "Chooses a matching card from the deck, puts it (default into the hand), then shuffles the deck.",
        "g:search(e.controller, function(c) return c.race == \"妖精\" end)"
    ),
    entry!(
        "Resolve",
        Method,
        "remember",
        [
            ("card", "Card"),
            ("key", "string"),
            ("value", "MemoryValue?"),
            ("scope?", "MemoryScope")
        ],
        "boolean",
        "Remembers a value for a card (nil forgets it; keys are 1–23 bytes; default scope \"object\"). Kept by the engine in the game state, so a re-run after a choice starts from the values before the effect.",
        "g:remember(e.me, \"uses\", (e.me:recall(\"uses\", \"game\") or 0) + 1, \"game\")"
    ),
    entry!(
        "Resolve",
        Method,
        "remember_game",
        [
            ("key", "string"),
            ("value", "MemoryValue?"),
            ("scope?", "\"turn\"|\"game\"")
        ],
        "boolean",
        "Remembers a value for the whole game, shared by every card (nil forgets it; default scope \"game\").",
        "g:remember_game(\"strategies\", (game.recall(\"strategies\", \"turn\") or 0) + 1, \"turn\")"
    ),
    // ---- EffectInfo (e)
    entry!(
        "EffectInfo",
        Field,
        "me",
        [],
        "Card?",
        "The card whose effect this is.",
        "local me = e.me"
    ),
    entry!(
        "EffectInfo",
        Field,
        "controller",
        [],
        "Player",
        "The player controlling the effect.",
        "g:draw(e.controller)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "target",
        [],
        "Target?",
        "The first target still legal (R7.5): a card, or a square, player or stack item for those specs.",
        "g:damage(e.target, 1000)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "targets",
        [],
        "Target[]",
        "All targets still legal, in the order chosen.",
        "for _, t in ipairs(e.targets) do end"
    ),
    entry!(
        "EffectInfo",
        Field,
        "x",
        [],
        "integer",
        "The X paid.",
        "g:damage(e.target, 1000 * e.x)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "event",
        [],
        "Event?",
        "The event that triggered a ◆ ability.",
        "local amount = e.event.amount"
    ),
    entry!(
        "EffectInfo",
        Field,
        "cost_square",
        [],
        "Square?",
        "The last square of this card if it was discarded as a cost.",
        "local s = e.cost_square"
    ),
    entry!(
        "EffectInfo",
        Field,
        "from",
        [],
        "ZoneName?",
        "For a strategy: the zone it was played from (`\"hand\"`, `\"plan\"`, …).",
        "local amount = e.from == \"plan\" and 8000 or 6000"
    ),
    entry!(
        "StackItem",
        Field,
        "id",
        [],
        "integer",
        "Its identity, unique in the game.",
        "local id = e.target.id"
    ),
    entry!(
        "StackItem",
        Field,
        "on_stack",
        [],
        "boolean",
        "Whether it is still on the current stack.",
        "if e.target.on_stack then end"
    ),
    entry!(
        "StackItem",
        Field,
        "kind",
        [],
        "string?",
        "While on the stack: \"strategy\", \"play\", \"move\", \"activated\", \"triggered\", \"create_plan\", \"update_plan\" or \"damage\".",
        "if e.target.kind == \"move\" then end"
    ),
    entry!(
        "StackItem",
        Field,
        "card",
        [],
        "Card?",
        "While on the stack: the card it came from (the played card, the moving unit, the ability\'s card).",
        "local c = e.target.card"
    ),
    entry!(
        "StackItem",
        Field,
        "controller",
        [],
        "Player?",
        "While on the stack: who controls it.",
        "local p = e.target.controller"
    ),
    entry!(
        "Resolve",
        Method,
        "counter",
        [("item", "StackItem")],
        "boolean",
        "Counters an item of the current stack (「解決を失敗させる」, 「無効にする」): it leaves the stack without resolving; a played card goes to its owner\'s graveyard; a negated move leaves the unit in place, its cost paid. It counts as resolved to no purpose (R7.5, R7.7). False if it is gone or is battle damage.",
        "g:counter(e.target)"
    ),
    entry!(
        "Card",
        Field,
        "last_square",
        [],
        "Square?",
        "The square it was in when it last left a square (while it has not changed zones since).",
        "local s = e.me.last_square"
    ),
    entry!(
        "Card",
        Method,
        "last_known",
        [],
        "LastKnown?",
        "What it was like just before it last left a square (last-known information), while it has not changed zones since; nil otherwise.",
        "local power = e.me:last_known().power"
    ),
    entry!(
        "LastKnown",
        Field,
        "square",
        [],
        "Square",
        "Its last square.",
        "local s = e.me:last_known().square"
    ),
    entry!(
        "LastKnown",
        Field,
        "owner",
        [],
        "Player",
        "Its owner.",
        "local p = e.me:last_known().owner"
    ),
    entry!(
        "LastKnown",
        Field,
        "power",
        [],
        "integer",
        "Its power then, after continuous effects.",
        "g:damage(e.target, e.me:last_known().power)"
    ),
    entry!(
        "LastKnown",
        Field,
        "smash",
        [],
        "integer",
        "Its smash then.",
        "local n = e.me:last_known().smash"
    ),
    entry!(
        "LastKnown",
        Field,
        "damage",
        [],
        "integer",
        "The damage it had.",
        "local d = e.me:last_known().damage"
    ),
    entry!(
        "LastKnown",
        Field,
        "frozen",
        [],
        "boolean",
        "Whether it was frozen.",
        "if e.me:last_known().frozen then end"
    ),
    entry!(
        "LastKnown",
        Field,
        "keywords",
        [],
        "Keyword[]",
        "Its keywords then.",
        "local k = e.me:last_known().keywords"
    ),
    entry!(
        "Event",
        Field,
        "target",
        [],
        "Target?",
        "targeted: what became a target (a card, square, player or stack item).",
        "if ev.target == self then end"
    ),
    entry!(
        "Event",
        Field,
        "by",
        [],
        "Card?",
        "targeted / countered: the card whose item targeted, or whose effect countered; moved / placed by an effect: the card whose effect it was.",
        "local src = ev.by"
    ),
    entry!(
        "FilterContext",
        Field,
        "event",
        [],
        "Event?",
        "The event that triggered the ◆ ability whose targets are being chosen or checked.",
        "target.unit { filter = function(self, c, e) return c.square:adjacent(e.event.square) end }"
    ),
    // ---- Event
    entry!(
        "Event",
        Field,
        "kind",
        [],
        "EventKind",
        "The event kind.",
        "if ev.kind == \"placed\" then end"
    ),
    entry!(
        "Event",
        Field,
        "card",
        [],
        "Card?",
        "The card the event is about (the unit for smashed).",
        "if ev.card == self then end"
    ),
    entry!(
        "Event",
        Field,
        "player",
        [],
        "Player?",
        "The player the event is about.",
        "if ev.player == self.owner then end"
    ),
    entry!(
        "Event",
        Field,
        "turn",
        [],
        "integer?",
        "turn_began / turn_ending: the turn number.",
        "local t = ev.turn"
    ),
    entry!(
        "Event",
        Field,
        "phase",
        [],
        "PhaseName?",
        "phase_began / phase_ended: the phase.",
        "if ev.phase == \"main\" then end"
    ),
    entry!(
        "Event",
        Field,
        "square",
        [],
        "Square?",
        "placed / destroyed / battles: the square.",
        "local s = ev.square"
    ),
    entry!(
        "Event",
        Field,
        "played",
        [],
        "boolean?",
        "placed: whether it was played (not put by an effect or moved).",
        "if ev.played then end"
    ),
    entry!(
        "Event",
        Field,
        "amount",
        [],
        "integer?",
        "damaged: the amount after replacement effects.",
        "if ev.amount >= 3000 then end"
    ),
    entry!(
        "Event",
        Field,
        "source",
        [],
        "Card?",
        "damaged: the card that dealt it.",
        "local src = ev.source"
    ),
    entry!(
        "Event",
        Field,
        "from",
        [],
        "ZoneName?",
        "moved: the zone it came from (`\"plan\"` for the plan card, not `\"deck\"`); placed: the zone it came from, for a played card the zone it was played from.",
        "if ev.from == \"hand\" then end"
    ),
    entry!(
        "Event",
        Field,
        "cause",
        [],
        "CauseName?",
        "moved / placed: why the card moved.",
        "if ev.cause == \"effect\" then end"
    ),
    entry!(
        "Event",
        Field,
        "method",
        [],
        "string?",
        "moved / placed by a play: `\"normal\"` or the ☆ method's name.",
        "if ev.method == \"normal\" then end"
    ),
    entry!(
        "Event",
        Field,
        "played_from",
        [],
        "ZoneName?",
        "moved / placed by a play: the zone the card was played from.",
        "if ev.played_from == \"plan\" then end"
    ),
    entry!(
        "Event",
        Field,
        "by_player",
        [],
        "Player?",
        "moved / placed by an effect: the player controlling the effect.",
        "local p = ev.by_player"
    ),
    entry!(
        "Event",
        Field,
        "to",
        [],
        "ZoneName?",
        "moved: the zone it went to.",
        "if ev.to == \"graveyard\" then end"
    ),
    entry!(
        "Event",
        Field,
        "from_square",
        [],
        "Square?",
        "moved: the square it left.",
        "local s = ev.from_square"
    ),
    entry!(
        "Event",
        Field,
        "to_square",
        [],
        "Square?",
        "moved: the square it entered.",
        "local s = ev.to_square"
    ),
    entry!(
        "Event",
        Field,
        "tag",
        [],
        "string?",
        "stacked / resolved: the item kind (play, move, activated, triggered, damage, …).",
        "if ev.tag == \"move\" then end"
    ),
    entry!(
        "Event",
        Field,
        "fizzled",
        [],
        "boolean?",
        "resolved: failed because every target became illegal.",
        "if ev.fizzled then end"
    ),
    entry!(
        "Event",
        Field,
        "attacker",
        [],
        "Card?",
        "battle_began: the attacker.",
        "local a = ev.attacker"
    ),
    entry!(
        "Event",
        Field,
        "defender",
        [],
        "Card?",
        "battle_began: the defender.",
        "local d = ev.defender"
    ),
    entry!(
        "Event",
        Field,
        "step",
        [],
        "string?",
        "battle_step: first, second or end.",
        "if ev.step == \"second\" then end"
    ),
    entry!(
        "Event",
        Field,
        "winner",
        [],
        "Card|Player?",
        "battle_ended: the winning unit; game_over: the winning player.",
        "if ev.winner == self then end"
    ),
    entry!(
        "Event",
        Field,
        "unit",
        [],
        "Card?",
        "smashed: the smashing unit.",
        "local u = ev.unit"
    ),
    entry!(
        "Event",
        Field,
        "victim",
        [],
        "Player?",
        "smashed: the player whose deck lost cards.",
        "local v = ev.victim"
    ),
    entry!(
        "Event",
        Field,
        "cards",
        [],
        "integer?",
        "smashed: how many cards.",
        "local n = ev.cards"
    ),
    entry!(
        "Event",
        Field,
        "draw",
        [],
        "boolean?",
        "game_over: the duel was a draw.",
        "if ev.draw then end"
    ),
];

fn lua_param(name: &str) -> &str {
    name.trim_end_matches('?')
}

/// The entries of one class, in table order.
pub fn entries_of(class: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    API.iter().filter(move |e| e.class == class)
}

fn signature(e: &Entry) -> String {
    let params = e
        .params
        .iter()
        .map(|(n, t)| format!("{n}: {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let ret = if e.ty.is_empty() {
        String::new()
    } else {
        format!(" → {}", e.ty)
    };
    let owner = match e.class {
        "_G" => String::new(),
        "CardDecl" => "card".into(),
        "Resolve" => "g".into(),
        "EffectInfo" => "e".into(),
        "Event" => "ev".into(),
        c if c.chars().next().is_some_and(char::is_uppercase) => c.to_lowercase(),
        c => c.to_owned(),
    };
    let sep = match (e.kind, owner.is_empty()) {
        (_, true) => "",
        (Kind::Method, false) => ":",
        _ => ".",
    };
    match e.kind {
        Kind::Field => format!("{owner}{sep}{}: {}", e.name, e.ty),
        _ => format!("{owner}{sep}{}({params}){ret}", e.name),
    }
}

/// The API reference in Markdown (`docs/lua-api.md`).
pub fn markdown() -> String {
    let mut out = String::from(
        "# dzero Lua card API\n\n\
         <!-- Generated from dzero-script-api's docs::API table; do not edit by hand. -->\n\n\
         A card's behaviour is a small Lua 5.4 file. The host (`ScriptHost::load_card`) runs it \
         once, at load time, in a sandbox; the file declares the card's abilities on `card`, and \
         the engine calls the declared functions during play. Editors get completion and type \
         checks from `docs/dzero.d.lua` (LuaLS: add `docs` to `workspace.library`).\n\n\
         ```lua\n\
         -- 小さなカマキリ: ★ +1000 power in the centre area, +2000 in the enemy area\n\
         card:static { power = function(self) return ({centre = 1000, enemy = 2000})[self.area] or 0 end }\n\
         -- プラズマ・ライフル: ○ 3000 damage to a unit\n\
         card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }\n\
         ```\n\n\
         ## Rules for scripts\n\n\
         - **Deterministic.** A choice (`g:choose…`, `g:yes_no`, `g:search`) suspends the effect; \
         the engine asks the player and then runs the effect again from the start with the \
         answers. Effects must give the same questions for the same game, so keep no state in \
         upvalues and draw random numbers only with `g:random` (`math.random` is not available).\n\
         - **Durations belong to the engine.** `g:boost(c, 1000)` lasts until end of turn; pass \
         `\"end_of_battle\"`, `\"end_of_your_next_turn\"`, `\"while_source_in_play\"`, \
         `\"indefinite\"` or a card for other durations.\n\
         - **Errors are reported, not fatal.** A failing effect does nothing and is reported with \
         card, file and line; a failing ★ hook or trigger condition counts as \"no change\" / \
         \"does not trigger\" and is logged (`ScriptHost::errors`). Each call has an instruction \
         budget and the Lua state a memory cap.\n\
         - **No shared globals.** Globals a script defines at load time are its own; assigning \
         globals while the game runs is an error; shared tables (`string`, `game`, modules) are \
         read-only.\n\
         - **Nothing outlives a call.** Once a script has loaded, the tables it made (its globals, \
         what its functions capture, what it returns) are read-only, and a function may not \
         assign a variable declared outside it that outlives the load: that is an error at load \
         time, with the line. Coroutines and iterators work only in the call that made them.\n\
         - **Every call is bounded.** Loops, patterns, `string.rep`/`format`, `table.sort` and \
         the like all count against the instruction budget, `pcall` cannot catch a spent budget, \
         and an ability that used up its budget no longer runs until its script is reloaded. \
         `__gc` metamethods are refused. `print` keeps at most 1000 lines / 64 KiB per run, \
         tagged with the card (`dzero watch` shows them); error messages are cut to 2 KiB.\n\
         - **Repeatable in every process.** `pairs`/`next` never follow memory addresses: plain \
         keys come in Lua's order, then cards, players and squares by id; other table or \
         function keys are refused. `tostring` shows no address and `string.format`'s `%p` is \
         not available.\n\
         - **Memory belongs to the engine.** What a card must remember (\"once per turn\", \
         \"the card chosen when this entered\", a count) goes in `g:remember` / \
         `g:remember_game` and is read back with `card:recall` / `game.recall`: it is saved, \
         replayed and rolled back with the game, and forgotten when the card changes zones or \
         the turn ends, as its scope says. A ● condition receives how many times the ability \
         was used this turn.\n\n",
    );
    out.push_str("## Names\n\n| type | values | meaning |\n|---|---|---|\n");
    for (name, values, doc) in ALIASES {
        out.push_str(&format!(
            "| `{name}` | {} | {doc} |\n",
            values.replace('|', " \\| ")
        ));
    }
    for class in CLASSES {
        out.push_str(&format!(
            "\n## {} — {}\n\n{}\n\n",
            class.name, class.reached, class.doc
        ));
        for e in entries_of(class.name) {
            out.push_str(&format!(
                "- `{}` — {}<br>e.g. `{}`\n",
                signature(e),
                e.doc,
                e.example
            ));
        }
    }
    out
}

/// The LuaLS type stub (`docs/dzero.d.lua`).
pub fn lua_stub() -> String {
    let mut out = String::from(
        "---@meta dzero\n\
         -- dzero card-script API: type definitions for the Lua language server (LuaLS).\n\
         -- Generated from dzero-script-api's docs::API table; do not edit by hand.\n\n",
    );
    for (name, values, doc) in ALIASES {
        out.push_str(&format!("---{doc}\n---@alias {name} {values}\n\n"));
    }
    for class in CLASSES {
        let table_name = match class.name {
            "_G" => continue,
            "target" | "game" => format!("{}_api", class.name),
            n => n.to_owned(),
        };
        out.push_str(&format!("---{}\n---@class {table_name}\n", class.doc));
        for e in entries_of(class.name).filter(|e| e.kind == Kind::Field) {
            let (name, ty) = match e.ty.strip_suffix('?') {
                Some(t) => (format!("{}?", e.name), t),
                None => (e.name.to_owned(), e.ty),
            };
            out.push_str(&format!(
                "---@field {name} {ty} {} Example: `{}`\n",
                e.doc, e.example
            ));
        }
        let var = class.name.to_owned();
        if matches!(class.name, "target" | "game") {
            out.push_str(&format!("{var} = {{}}\n\n"));
        } else {
            out.push_str(&format!("local {var} = {{}}\n\n"));
        }
        for e in entries_of(class.name).filter(|e| e.kind != Kind::Field) {
            out.push_str(&function_stub(e, &var));
        }
    }
    for e in entries_of("_G") {
        match e.kind {
            Kind::Field => {
                let ty = if e.ty == "target" || e.ty == "game" {
                    format!("{}_api", e.ty)
                } else {
                    e.ty.to_owned()
                };
                if e.name == "target" || e.name == "game" {
                    continue;
                }
                out.push_str(&format!(
                    "---{}\n---@type {ty}\n{} = nil\n\n",
                    e.doc, e.name
                ));
            }
            _ => out.push_str(&function_stub(e, "")),
        }
    }
    out
}

fn function_stub(e: &Entry, var: &str) -> String {
    let mut s = format!("---{}\n---\n---Example: `{}`\n", e.doc, e.example);
    for (n, t) in e.params {
        if *n == "..." {
            s.push_str(&format!("---@param ... {t}\n"));
        } else {
            s.push_str(&format!("---@param {n} {t}\n"));
        }
    }
    for ret in e.ty.split(", ").filter(|t| !t.is_empty()) {
        s.push_str(&format!("---@return {ret}\n"));
    }
    let params = e
        .params
        .iter()
        .map(|(n, _)| lua_param(n))
        .collect::<Vec<_>>()
        .join(", ");
    let sep = if e.kind == Kind::Method { ":" } else { "." };
    if var.is_empty() {
        s.push_str(&format!("function {}({params}) end\n\n", e.name));
    } else {
        s.push_str(&format!("function {var}{sep}{}({params}) end\n\n", e.name));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_class_doc_and_example() {
        for e in API {
            assert!(CLASSES.iter().any(|c| c.name == e.class), "{}", e.name);
            assert!(!e.doc.is_empty() && !e.example.is_empty(), "{}", e.name);
            assert!(
                !e.doc.contains('\n') && !e.example.contains('\n'),
                "{}",
                e.name
            );
        }
        for c in CLASSES {
            assert!(
                entries_of(c.name).next().is_some(),
                "{} has no entry",
                c.name
            );
        }
    }

    #[test]
    fn entries_are_unique() {
        for (i, a) in API.iter().enumerate() {
            assert!(
                !API[..i]
                    .iter()
                    .any(|b| b.class == a.class && b.name == a.name),
                "{}.{} twice",
                a.class,
                a.name
            );
        }
    }
}
