---@meta dzero
-- dzero card-script API: type definitions for the Lua language server (LuaLS).
-- Generated from dzero-script-api's docs::API table; do not edit by hand.

---A keyword (加速, 速攻, cannot be targeted by the opponent's / any cards).
---@alias Keyword "accel"|"haste"|"hexproof"|"shroud"

---A zone; `field` means the squares; `plan` is the plan card (also in the deck); `command` is where the active dimension and a face-up phenomenon work (R19): a dimension's ◆ and ★ declare `zones = "command"`, and their conditions are shared, `self.controller` being each player (A42).
---@alias ZoneName "deck"|"hand"|"graveyard"|"energy"|"smash"|"remove"|"field"|"stack"|"plan"|"command"

---A colour (the card symbols 赤 黒 青 白 緑 are accepted too).
---@alias ColourName "red"|"black"|"blue"|"white"|"green"

---An action timing (R6.1).
---@alias TimingName "normal"|"quick"|"battle"

---A phase of the turn.
---@alias PhaseName "mulligan"|"release"|"draw"|"energy"|"main"|"smash"|"recovery"

---A card type.
---@alias CardKind "unit"|"base"|"strategy"

---An area seen from a card's controller (its owner unless control changed).
---@alias AreaName "own"|"centre"|"enemy"

---A line seen from a player.
---@alias LineName "left"|"centre"|"right"

---A card's relation to the ability's own card; "own" and "opponent" compare controllers (owners outside the squares).
---@alias Relation "self"|"own"|"opponent"|"any"|"own_units"|"opponent_units"|"units"|"line_units"|"adjacent_units"

---How long a change lasts: until the end of this turn's recovery phase (A31); until the battle in progress ends (an error outside a battle); until the end of the effect controller's next turn; while the effect's card stays in play; while the subject stays where it is. A card means: while that card stays in play.
---@alias DurationName "end_of_turn"|"end_of_battle"|"end_of_your_next_turn"|"while_source_in_play"|"indefinite"

---Where `g:put` sends a card; a square or a square name puts it into play.
---@alias Destination "deck_top"|"deck_bottom"|"hand"|"graveyard"|"energy"|"smash"|"remove"|Square|string

---An engine event a ◆ ability listens to (`played`: a card was played; `phase_ended`: a phase of the turn ended, before the next began; `plan_closed`: a plan zone ended, seen by its card's ◆ from the plan zone; `turn_ending`: 「ターン終了時」, the recovery phase began — ◆ triggering on it resolve in an end-of-turn window of the same turn, with priority for quick-timing actions; `targeted`: a card, square, player or item became a target of an item put on the stack, `card = "self"` meaning this card was; `countered`: an item was made to fail or negated by an effect; `rolled`: the dimension die was rolled, `ev.player` and `ev.face` = "P"|"C"|"blank" (R19.11–R19.14); `revealed`: a dimension-deck card was turned face up, `ev.setup` true during setup, when phenomena do not trigger (R19.9); `bottomed`, `token_moved`: R19.12, R19.18; `hand_shown`: a hand card was shown to `ev.player` by 「公開する」, A47).
---@alias EventKind "turn_began"|"phase_began"|"phase_ended"|"mulligan"|"drew"|"moved"|"placed"|"destroyed"|"damaged"|"frozen"|"released"|"stacked"|"resolved"|"passed"|"battle_began"|"battle_step"|"battle_ended"|"smashed"|"plan_opened"|"shuffled"|"triggered"|"trigger_voided"|"effect_failed"|"game_over"|"plan_closed"|"turn_ending"|"played"|"targeted"|"countered"|"rolled"|"revealed"|"bottomed"|"token_moved"|"hand_shown"

---Why a card moved: played (declared, or put into its square by the resolving play), moved by a move action (R10), put by a card's effect, paid as a cost (R5), or by a game rule (drawing, smashing, battle, resolution).
---@alias CauseName "played"|"moved"|"effect"|"cost"|"rule"

---How long a remembered value lasts: `object` until the card changes zones (it is then a new object, R7.3), `turn` until the end of the turn (A31), `game` for the whole game.
---@alias MemoryScope "object"|"turn"|"game"

---A value the engine remembers for a card or the game; a remembered card that has since changed zones reads back as nil.
---@alias MemoryValue integer|boolean|Card|Player|Square

---The moves a replacement listens to: any move into a graveyard (destruction, discards, costs, a resolved strategy …), or destruction only (from a square into the graveyard, 001 破壊).
---@alias ReplaceEvent "to_graveyard"|"destroyed"

---Where a replacement puts the card instead (its owner's zone).
---@alias InsteadName "remove"|"smash"|"hand"|"deck_top"|"deck_bottom"

---What deals damage: a unit's battle damage, a strategy's ○ effect, or an ability's effect.
---@alias DamageKind "battle"|"strategy"|"ability"

---A loss condition: too many smash-zone cards (RE1) or an empty deck (RE2).
---@alias LossCause "smash"|"deck_out"

---A cost as printed (`"赤1 無2 フリーズ"`) or as a table.
---@alias CostSpec string|Cost

---What a card-file DSL line `lua:NAME` uses: the field NAME of the table the card's script returns (`return { NAME = ... }`). A `● [cost]《timing》 lua:NAME` line takes the effect — a function `(g, e)` or a table `{ target = ..., resolve = ... }` (as `card:on_play`); `◆ lua:NAME` a table as for `card:trigger`; `★ lua:NAME` a table as for `card:static`.
---@alias DslExport fun(g: Resolve, e: EffectInfo)|OnPlaySpec|TriggerSpec|StaticSpec

---The table a card script returns for its DSL lines; annotate it for completion of `g` and `e`: `---@type DslExports` before `local exports = { burn = function(g, e) g:damage(e.target, 2000) end }`, then `return exports`.
---@alias DslExports table<string, DslExport>

---A chosen target: a card, a square, a player or a stack item.
---@alias Target Card|Square|Player|StackItem

---The card the script defines. Declare its abilities at the top level of the script.
---@class CardDecl
---@field name string The card's printed name. Example: `print(card.name)`
---@field kind CardKind The card's type. Example: `if card.kind == "unit" then end`
local CardDecl = {}

---Declares a ★ static ability.
---
---Example: `card:static { applies_to = "own_units", power = 500 }`
---@param spec StaticSpec
function CardDecl:static(spec) end

---Declares a ★ replacement effect on zone changes (「…場合、かわりに…」).
---
---Example: `card:replace { event = "to_graveyard", applies_to = "self", instead = "remove" }`
---@param spec ReplaceSpec
function CardDecl:replace(spec) end

---Declares a ◆ triggered ability.
---
---Example: `card:trigger { on = "placed", card = "self", resolve = function(g, e) g:draw(e.controller) end }`
---@param spec TriggerSpec
function CardDecl:trigger(spec) end

---Declares a ● activated ability.
---
---Example: `card:activated { cost = "白1 フリーズ", target = target.unit(), resolve = function(g, e) g:damage(e.target, 2000) end }`
---@param spec ActivatedSpec
function CardDecl:activated(spec) end

---Declares a ☆ alternative play method.
---
---Example: `card:play_method { name = "転生", from = "graveyard", cost = "無1" }`
---@param spec PlayMethodSpec
function CardDecl:play_method(spec) end

---Declares a ☆ change to this card's own use cost (works from any zone). It applies to every way the card is played, ☆ play methods included: `method` is the method's name (nil for the normal play), so return nil for a method to leave its cost alone.
---
---Example: `card:play_cost(function(self, cost, method) if method then return nil end cost.colourless = 0 return cost end)`
---@param change fun(self: Card, cost: Cost, method: string?): CostSpec?
function CardDecl:play_cost(change) end

---Declares additional costs paid with cards by every play of this card (「追加コストとして、手札を1枚捨てる」): chosen and paid when it is played, with its energy (R5.8, R5.9); once per card.
---
---Example: `card:play_costs { { zones = "hand", to = "graveyard" } }`
---@param costs CardCostSpec[]
function CardDecl:play_costs(costs) end

---Declares a strategy's ○ effect.
---
---Example: `card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }`
---@param spec OnPlaySpec
function CardDecl:on_play(spec) end

---Declares an ability for this card's effects to grant (inactive on the card itself).
---
---Example: `card:grantable { name = "draw_on_smash", trigger = { on = "smashed", card = "self", resolve = function(g, e) g:draw(e.controller) end } }`
---@param spec GrantableSpec
function CardDecl:grantable(spec) end

---★ a static ability: characteristic changes, damage replacement, prohibitions, cost changes. Works while the card is in `zones` (default: in a square).
---@class StaticSpec
---@field zones? ZoneName|ZoneName[] Where the ability works (default "field"). Example: `card:static { zones = "graveyard", power = 1000 }`
---@field applies_to? Relation|fun(self: Card, subject: Card): boolean Which cards `power`, `smash`, `keywords` and `untargetable` affect (default "self"). Example: `card:static { applies_to = "line_units", power = 1000 }`
---@field power? integer|fun(self: Card, subject: Card): integer Power change. Example: `card:static { power = function(self) return self.area == "enemy" and 2000 or 0 end }`
---@field smash? integer|fun(self: Card, subject: Card): integer Smash change. Example: `card:static { smash = 1 }`
---@field keywords? Keyword|Keyword[] Keywords granted. Example: `card:static { keywords = "accel" }`
---@field damage? fun(self: Card, unit: Card, amount: integer, source: DamageSource): integer Replaces damage about to be dealt to any unit by `source`; returns the new amount. Example: `card:static { damage = function(self, u, n) return u == self and n - 1000 or n end }`
---@field untargetable? "opponent"|"any" The affected cards can't be targeted by the opponent's (or any) cards. Example: `card:static { applies_to = "own_units", untargetable = "opponent" }`
---@field forbid_target? fun(self: Card, subject: Card, by: Player): boolean Forbids targeting `subject` by cards of `by`. Example: `card:static { forbid_target = function(self, c, by) return c == self end }`
---@field forbid_play? fun(self: Card, card: Card, player: Player, square: Square?, method: string?): boolean Forbids `player` playing `card` into `square` (nil for strategies) by the ☆ method named `method` (nil: from hand or plan zone). A prohibition beats a permission (R16.2). Example: `card:static { forbid_play = function(self, c, p, s) return p ~= self.owner and s ~= nil and s:area(p) == "centre" end }`
---@field forbid_move? fun(self: Card, unit: Card, to: Square): boolean Forbids moving `unit` to the square `to`. A prohibition beats a permission (R16.2). Example: `card:static { forbid_move = function(self, u, to) return u.controller ~= self.controller and to:adjacent(self.square) end }`
---@field forbid_smash? fun(self: Card, unit: Card): boolean Forbids `unit` smashing. Example: `card:static { forbid_smash = function(self, u) return u.area == "centre" end }`
---@field forbid_release? fun(self: Card, card: Card): boolean Forbids releasing `card` in its release phase. Example: `card:static { forbid_release = function(self, c) return c.zone == "energy" end }`
---@field play_cost? fun(self: Card, card: Card, cost: Cost): CostSpec Changes the use cost of cards being played (nil keeps it). Example: `card:static { play_cost = function(self, c, cost) cost.colourless = math.max(0, cost.colourless - 1) return cost end }`
---@field smash_loss? integer|fun(self: Card, player: Player, limit: integer): integer The number of smash-zone cards at which a player loses (RE1, R15.4): an integer changes it for this card's owner (「あなたは…10枚になるまで敗北しない」); a function gets each player and the number so far. Example: `card:static { smash_loss = 10 }`
---@field permit_diagonal_move? fun(self: Card, unit: Card, to: Square): boolean Permits moving `unit` to the diagonally adjacent square `to` (「斜めに移動できる」); every other move rule still applies, and a `forbid_move` still wins. Example: `card:static { permit_diagonal_move = function(self, u) return u == self end }`
---@field forbid_lose? fun(self: Card, player: Player, cause: LossCause): boolean Forbids `player` losing for `cause` (R15.4, R16.1: card text beats the rules). Example: `card:static { forbid_lose = function(self, p, cause) return p == self.owner and cause == "deck_out" end }`
---@field permit_own_area_smash? fun(self: Card, unit: Card): boolean Permits `unit` to smash from its controller's own area (「自軍エリアからスマッシュできる」); a frozen unit still cannot, and a `forbid_smash` still wins. Example: `card:static { permit_own_area_smash = function(self, u) return u == self end }`
---@field play_timing? fun(self: Card, card: Card, timing: TimingName): TimingName Changes the timing `card` may be played at (nil keeps it), e.g. 「このカードはバトルタイミングでプレイできる」; the plan card is always played at normal timing (R9.6). Example: `card:static { zones = "hand", play_timing = function(self, c) if c == self then return "battle" end end }`
---@field grants? string The name of this card's `card:grantable` ● or ◆ ability that every card `applies_to` accepts has while this ★ works (「あなたのユニットは『●…』を持つ」, R17.1, A49): a card joining the group has it, one leaving the group or the ★ leaving play loses it; an activated ability already on the stack still resolves (R7.3). Example: `card:static { applies_to = "own_units", grants = "rally" }`
local StaticSpec = {}

---★ a replacement effect on zone changes (「…場合、かわりに…」): a static ability, so it works while the card is in `zones` and an effect granting it makes a temporary one. The card goes straight to the new zone: nothing sees it arrive in the old one, and a destruction replaced away from the graveyard reports no `destroyed` event. Each replacement applies at most once to a move; when several apply, the moving card's owner chooses which applies first.
---@class ReplaceSpec
---@field event? ReplaceEvent The moves it listens to (default "to_graveyard"). Example: `card:replace { event = "destroyed", instead = "smash" }`
---@field applies_to? Relation|fun(self: Card, card: Card): boolean Which moving cards it replaces (default "self"; "any" for every card). Example: `card:replace { applies_to = "opponent", instead = "remove" }`
---@field instead InsteadName Where the card goes instead (required). Example: `card:replace { instead = "remove" }`
---@field zones? ZoneName|ZoneName[] Where this card must be for the replacement to work (default "field"). Example: `card:replace { zones = "hand", instead = "deck_bottom" }`
---@field optional? boolean 「…してもよい」: this card's owner chooses whether it applies (inside a resolution, or before anyone receives priority). Example: `card:replace { event = "destroyed", instead = "hand", optional = true }`
---@field prompt? string The question asked for an optional replacement. Example: `card:replace { instead = "hand", optional = true, prompt = "return it to your hand?" }`
---@field payoff? fun(g: Resolve, e: EffectInfo) 「そうしたなら、…」: runs right after the replaced move, as part of the action that moved the card (its choices too); `e.event` is the `moved` event as made, `e.controller` this card's owner. Example: `card:replace { instead = "hand", optional = true, payoff = function(g, e) g:draw(e.controller) end }`
---@field payoff_target? TargetSpec 「そうした場合、対象の…」: the payoff's targets, chosen by this card's owner as the replacement applies (R7.4, A50) and read as `e.target` / `e.targets`; with no legal target the payoff does nothing and the replacement still applies. Example: `card:replace { event = "destroyed", instead = "hand", optional = true, payoff_target = target.unit { side = "opponent" }, payoff = function(g, e) g:damage(e.target, 1000) end }`
local ReplaceSpec = {}

---Who deals damage about to be replaced.
---@class DamageSource
---@field card? Card The card whose battle damage or effect it is. Example: `if src.card and src.card.kind == "strategy" then end`
---@field kind DamageKind What deals it. Example: `if src.kind == "strategy" then return 0 end`
local DamageSource = {}

---◆ a triggered ability: an event, built-in conditions, an optional `when` test, optional targets and the effect.
---@class TriggerSpec
---@field on EventKind|EventKind[] The event(s) the ability listens to. Example: `card:trigger { on = {"destroyed", "damaged"}, resolve = function(g, e) end }`
---@field zones? ZoneName|ZoneName[] Where the card must be (the zone before the event for events moving the card itself). Example: `card:trigger { on = "destroyed", card = "self", zones = "field", resolve = function(g, e) end }`
---@field card? Relation The card the event is about must have this relation to this card when the event happens. Example: `card:trigger { on = "placed", card = "self", resolve = function(g, e) end }`
---@field player? "me"|"opponent" The player the event is about must be this card's owner or the opponent. Example: `card:trigger { on = "drew", player = "opponent", resolve = function(g, e) end }`
---@field phase? PhaseName For phase_began / phase_ended: which phase. Example: `card:trigger { on = "phase_ended", phase = "main", resolve = function(g, e) end }`
---@field from? ZoneName|ZoneName[] For moved / placed / played: only cards that came from these zones; a played card counts as coming from the zone it was played from (`"plan"` for the plan card, R9.6), never the stack. Example: `card:trigger { on = "placed", card = "self", from = "plan", resolve = function(g, e) end }`
---@field method? string|string[] For moved / placed / played: only cards played by these methods: `"normal"` or a ☆ method's name (`"隊列召喚"` also accepts `"隊列召喚―縦列"`). Example: `card:trigger { on = "placed", card = "self", method = "隊列召喚", resolve = function(g, e) end }`
---@field cause? CauseName|CauseName[] For moved / placed / played: only cards that moved for these reasons. Example: `card:trigger { on = "placed", card = "own_units", cause = "effect", resolve = function(g, e) end }`
---@field when? fun(self: Card, ev: Event): boolean A further condition, checked when the event happens. Example: `card:trigger { on = "damaged", when = function(self, ev) return ev.amount >= 3000 end, resolve = function(g, e) end }`
---@field target? TargetSpec Targets, chosen when the ability goes on the stack; none legal voids it. Example: `card:trigger { on = "placed", card = "self", target = target.unit(), resolve = function(g, e) end }`
---@field resolve fun(g: Resolve, e: EffectInfo) The effect. Example: `card:trigger { on = "smashed", card = "self", resolve = function(g, e) g:draw(e.controller) end }`
local TriggerSpec = {}

---● an activated ability `[cost]《timing》effect` (R17.3).
---@class ActivatedSpec
---@field cost? CostSpec The activation cost (default free). Example: `card:activated { cost = "黒1 無1 廃棄", resolve = function(g, e) end }`
---@field self_pays? boolean 「このカードもこのコストの支払いに使える」: this card may pay the cost's energy too, frozen like any energy card of its zone (R5.2, R5.3, A51); without it the card whose ability it is pays none of it. Example: `card:activated { zones = "energy", cost = "無2", self_pays = true, resolve = function(g, e) g:draw(e.controller) end }`
---@field timing? TimingName The activation timing (default "quick"). Example: `card:activated { timing = "battle", resolve = function(g, e) end }`
---@field zones? ZoneName|ZoneName[] Where the card must be to activate (default "field"). Example: `card:activated { zones = "graveyard", cost = "無1", resolve = function(g, e) end }`
---@field target? TargetSpec Targets chosen on activation. Example: `card:activated { target = target.unit { side = "opponent" }, resolve = function(g, e) end }`
---@field card_costs? CardCostSpec[] Cards paid as part of the cost, chosen on activation. Example: `card:activated { card_costs = { { zones = "hand", to = "remove" } }, resolve = function(g, e) end }`
---@field condition? (fun(self: Card, uses: integer): boolean) When the card text limits activation (「…にしか使えない」): activation is legal only while it returns true; `uses` is how many times this card (as the object it is now) activated this ability this turn (「この能力は1ターンに1回しか使えない」). Example: `card:activated { condition = function(self, uses) return uses < 1 end, resolve = function(g, e) end }`
---@field resolve fun(g: Resolve, e: EffectInfo) The effect. Example: `card:activated { resolve = function(g, e) g:draw(e.controller) end }`
local ActivatedSpec = {}

---Cards paid as part of a ● cost or as an additional play cost, chosen on declaration and paid at once before the item is stacked (R5.8, R5.9, e.g. 盟約); a cost that cannot be paid makes the action illegal.
---@class CardCostSpec
---@field zones? ZoneName|ZoneName[] Zones the card may come from (default any). Example: `{ zones = {"hand", "field"} }`
---@field filter? fun(self: Card, candidate: Card): boolean Which cards qualify. Example: `{ filter = function(self, c) return c.play_name == "チルノ" end }`
---@field to? "remove"|"graveyard"|"hand"|"freeze" Where the card goes (default "remove"): `graveyard` (from the hand: discarding), its owner's `hand` (not from a hand), or `freeze`: it stays and is frozen (a released card in a square, R5.6). Example: `{ to = "graveyard" }`
---@field this? boolean Paid with the ability's card itself, no choice (「このカードを手札に戻す」); its zone must be in `zones`. Not for play costs. Example: `{ this = true, zones = "field", to = "hand" }`
---@field count? 1|"x" How many cards: 1 (default; list one entry per card for more) or `"x"`: X cards, X chosen on declaration and seen by the effect as `e.x` (「カードをX枚選び、除外する」): any X the zones allow, each card chosen one at a time. Example: `{ zones = "graveyard", count = "x", to = "remove" }`
local CardCostSpec = {}

---☆ an alternative way to play this card (works from any zone).
---@class PlayMethodSpec
---@field name string The method's name shown to players. Example: `card:play_method { name = "隊列召喚―縦列" }`
---@field from? ZoneName|ZoneName[] Zones the card may be played from (default "hand"). Example: `card:play_method { name = "転生", from = "graveyard" }`
---@field cost? CostSpec Replaces the use cost. Example: `card:play_method { name = "安価", cost = "無1" }`
---@field timing? TimingName Replaces the printed timing. Example: `card:play_method { name = "奇襲", timing = "battle" }`
---@field squares? fun(self: Card): (Square|string)[] The squares this method may play the card into. Example: `card:play_method { name = "縦列", squares = function(self) return { "b2" } end }`
---@field centre_exempt? boolean A unit played into the centre this way is not destroyed by RE7. Example: `card:play_method { name = "隊列召喚", centre_exempt = true }`
---@field condition? fun(self: Card, player: Player): boolean The method can only be used while this holds for the player playing the card. Example: `card:play_method { name = "援軍", timing = "battle", condition = function(self, p) return #p:units() >= 3 end }`
local PlayMethodSpec = {}

---○ a strategy's effect.
---@class OnPlaySpec
---@field target? TargetSpec Targets chosen when the strategy is played. Example: `card:on_play { target = target.unit(), resolve = function(g, e) end }`
---@field resolve fun(g: Resolve, e: EffectInfo) The effect. Example: `card:on_play { resolve = function(g, e) g:draw(e.controller, 2) end }`
local OnPlaySpec = {}

---An ability this card's effects grant for a duration (「…は『…』を得る」, a temporary rule, a delayed trigger). It does nothing on the card itself; `g:grant_ability` gives it to a card, `g:add_rule` to the game, `g:delay` to the game until it has triggered once.
---@class GrantableSpec
---@field name string The name effects grant it by; unique within the card. Example: `card:grantable { name = "ward", static = { untargetable = "opponent" } }`
---@field trigger? TriggerSpec A ◆ ability: granted to a card, `self` is that card; held by the game (`g:add_rule`, `g:delay`), `self` is this card and it triggers wherever this card is. Example: `card:grantable { name = "later", trigger = { on = "turn_began", player = "me", resolve = function(g, e) g:draw(e.controller) end } }`
---@field static? StaticSpec A ★ ability: granted to a card it works in the zones it names, with that card as `self`; held by the game it works everywhere with this card as `self` (a temporary rule). Its changes apply at the grant's timestamp (R16.3). Example: `card:grantable { name = "no_strategies", static = { forbid_play = function(self, c) return c.is_strategy and c.owner ~= self.owner end } }`
---@field replace? ReplaceSpec A ★ replacement (as `card:replace`): granted to a card with `applies_to = "self"` it replaces that card's moves; held by the game (`g:add_rule`) it is a temporary replacement, e.g. 「このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く」. Example: `card:grantable { name = "exile", replace = { event = "to_graveyard", applies_to = "any", instead = "remove" } }`
---@field activated? ActivatedSpec A ● ability the card it is granted to can activate. Example: `card:grantable { name = "ping", activated = { cost = "無1", resolve = function(g, e) g:draw(e.controller) end } }`
local GrantableSpec = {}

---Options of a target spec (R7.4).
---@class TargetOptions
---@field side? "any"|"own"|"opponent" Whose cards (relative to the controller; default "any"). Example: `target.unit { side = "own" }`
---@field count? integer Number of distinct targets, 1–4 (default 1). Example: `target.unit { count = 2 }`
---@field up_to? boolean Up to `count` targets (「…まで選び」): fewer, or none, may be chosen. Example: `target.unit { up_to = true }`
---@field filter? fun(self: Card, candidate: Target, e: FilterContext?): boolean A further condition on candidates (cards; squares, players or items for those specs); `e.event` is the trigger of a ◆ ability (nil elsewhere). Example: `target.unit { filter = function(self, c) return c.power <= 3000 end }`
---@field zone? ZoneName|ZoneName[] target.card: the zones searched (required): field, hand, graveyard, plan, energy, smash, remove. Example: `target.card { zone = "graveyard", side = "own" }`
---@field kind? string target.card: the card type ("unit", "base", "strategy"); target.item: the item kind ("any" but battle damage, "play", "strategy", "move", "ability"; default "any"). Example: `target.item { kind = "strategy" }`
local TargetOptions = {}

---Target specs for `target = ...` fields.
---@class target_api
target = {}

---A card in the named zones (`zone` is required; never the deck or the stack), e.g. in a graveyard; side is the owner. Legal while it stays the same object (R7.3).
---
---Example: `target.card { zone = "graveyard", side = "own", kind = "unit" }`
---@param opts TargetOptions
---@return TargetSpec
function target.card(opts) end

---A square; side own / opponent means a square of that player's area or base squares (the centre area is nobody's).
---
---Example: `target.square { filter = function(self, s) return s:unit(self.owner.opponent) ~= nil end }`
---@param opts? TargetOptions
---@return TargetSpec
function target.square(opts) end

---A player (side "own": the controller, "opponent": the other player).
---
---Example: `target.player { side = "opponent" }`
---@param opts? TargetOptions
---@return TargetSpec
function target.player(opts) end

---An item on the current stack (a pending stack counts as non-existent, R11.4; battle damage is never a target); side is its controller. Illegal once it left the stack.
---
---Example: `target.item { kind = "strategy" }`
---@param opts? TargetOptions
---@return TargetSpec
function target.item(opts) end

---A unit in the battle space.
---
---Example: `target.unit()`
---@param opts? TargetOptions
---@return TargetSpec
function target.unit(opts) end

---A base in a base space.
---
---Example: `target.base { side = "opponent" }`
---@param opts? TargetOptions
---@return TargetSpec
function target.base(opts) end

---A unit or a base.
---
---Example: `target.unit_or_base()`
---@param opts? TargetOptions
---@return TargetSpec
function target.unit_or_base(opts) end

---A target spec, checked by the engine when targets are chosen and again on resolution (R7.5).
---@class TargetSpec
---@field count integer Number of targets. Example: `local n = target.unit { count = 2 }.count`
local TargetSpec = {}

---Queries about the game as a whole (while an ability runs).
---@class game_api
game = {}

---The active player.
---
---Example: `if game.active() == self.owner then end`
---@return Player
function game.active() end

---The current phase.
---
---Example: `if game.phase() == "main" then end`
---@return PhaseName
function game.phase() end

---The turn number, from 1.
---
---Example: `local t = game.turn()`
---@return integer
function game.turn() end

---Cards in squares, in arrival order.
---
---Example: `for _, c in ipairs(game.field()) do end`
---@return Card[]
function game.field() end

---A square by name.
---
---Example: `local s = game.square("b2")`
---@param name string
---@return Square
function game.square(name) end

---The nine battle squares.
---
---Example: `for _, s in ipairs(game.battle_squares()) do end`
---@return Square[]
function game.battle_squares() end

---A player's three base squares.
---
---Example: `local bs = game.base_squares(self.owner)`
---@param player Player
---@return Square[]
function game.base_squares(player) end

---Player 1 or 2.
---
---Example: `local p1 = game.player(1)`
---@param n integer
---@return Player
function game.player(n) end

---The battle in progress, if any.
---
---Example: `local b = game.battle() if b then print(b.attacker.name) end`
---@return BattleInfo?
function game.battle() end

---A value an effect remembered for the whole game with `g:remember_game` (default scope "game").
---
---Example: `local n = game.recall("strategies", "turn") or 0`
---@param key string
---@param scope? "turn"|"game"
---@return MemoryValue?
function game.recall(key, scope) end

---The battle in progress.
---@class BattleInfo
---@field square Square Where it is fought. Example: `game.battle().square`
---@field attacker Card The attacker (R11.3). Example: `game.battle().attacker`
---@field defender Card The other unit. Example: `game.battle().defender`
---@field step "first"|"second"|"end" The battle step. Example: `game.battle().step`
local BattleInfo = {}

---A card of the game. The same card is always the same value, so cards work as table keys and compare with `==`.
---@class Card
---@field id integer The card's id in this game. Example: `print(self.id)`
---@field name string Full printed name. Example: `if c.name == "チルノ" then end`
---@field play_name string The name in play, without a 〈…〉 part (R18.4). Example: `if c.play_name == "チルノ" then end`
---@field kind CardKind Card type. Example: `if c.kind == "base" then end`
---@field is_unit boolean Whether it is a unit. Example: `if c.is_unit then end`
---@field is_base boolean Whether it is a base. Example: `if c.is_base then end`
---@field is_strategy boolean Whether it is a strategy. Example: `if c.is_strategy then end`
---@field power integer Current power after continuous effects. Example: `if c.power >= 5000 then end`
---@field smash integer Current smash. Example: `local n = c.smash`
---@field printed_power integer Printed power. Example: `local p = c.printed_power`
---@field printed_smash integer Printed smash. Example: `local s = c.printed_smash`
---@field damage integer Damage on the unit. Example: `if c.damage > 0 then end`
---@field frozen boolean Whether it is frozen. Example: `if not c.frozen then end`
---@field race string Race (units). Example: `if c.race == "コロボックル" then end`
---@field text string Rules text. Example: `print(c.text)`
---@field zone ZoneName The zone it is in. Example: `if c.zone == "graveyard" then end`
---@field in_play boolean Whether it is in a square. Example: `if c.in_play then end`
---@field played_from? ZoneName The zone this card was played from, while it is the object that was played (on the stack or in its square): `"plan"` for the plan card; nil for a card put, drawn or moved otherwise. Example: `if c.played_from == "plan" then end`
---@field play_method? string How this card was played: `"normal"` or the ☆ method's name; nil when it was not played. Example: `if c.play_method ~= "normal" then end`
---@field came_from ZoneName The zone this card came from by its last relocation (a played card: the zone it was played from; a moved unit: `"field"`). Example: `if c.came_from == "graveyard" then end`
---@field cause CauseName Why this card made its last relocation. Example: `if c.cause == "effect" then end`
---@field put_by? Card The card whose effect put this card where it is, if an effect did. Example: `local src = c.put_by`
---@field timing TimingName Printed timing. Example: `if c.timing == "battle" then end`
---@field owner Player Its owner. Example: `if c.owner ~= self.owner then end`
---@field controller Player Who controls it: its owner, unless a control change is in force on it in a square (`g:take_control`). Example: `if c.controller ~= c.owner then end`
---@field square? Square Its square, if in play. Example: `local s = c.square`
---@field area? AreaName The area of its square seen from its controller (battle squares only). Example: `if self.area == "enemy" then end`
---@field line? LineName The line of its square seen from its owner. Example: `if c.line == "centre" then end`
---@field colours ColourName[] Its colours. Example: `for _, col in ipairs(c.colours) do end`
---@field keywords Keyword[] Its current keywords. Example: `print(table.concat(c.keywords, ","))`
---@field cost Cost Printed use cost. Example: `if c.cost.total <= 2 then end`
---@field use_cost Cost Use cost after ☆ and ★ cost changes (such as 橙's), wherever the card is. Example: `if c.use_cost.total <= 2 then end`
---@field move_cost? Cost Printed move cost (units). Example: `local m = c.move_cost`
---@field last_square? Square The square it was in when it last left a square (while it has not changed zones since). Example: `local s = e.me.last_square`
---@field alive boolean Whether this handle still names the object it was made for: false for `e.me` once the card of a ● or ◆ item has changed zones since the item went on the stack (R7.3); effects on such a handle do nothing. Always true for other handles. Example: `if e.me.alive then g:boost(e.me, 1000) end`
---@field entered? table How and when this card, as the object it is now, last entered a square this turn (A48): `turn`, `order` (1 for the turn's first arrival in a square), `square`, and as on a placed event `from`, `cause` (`"played"`, `"effect"`, `"moved"`, …), `method`, `played_from`, `by`, `by_player`; nil if it has not entered a square this turn. Example: `local played_now = e.me.entered and e.me.entered.cause == "played"`
local Card = {}

---Whether it currently has a keyword.
---
---Example: `if c:has("accel") then end`
---@param keyword Keyword
---@return boolean
function Card:has(keyword) end

---Whether it has a colour.
---
---Example: `if c:is_colour("red") then end`
---@param colour ColourName
---@return boolean
function Card:is_colour(colour) end

---Whether both are in adjacent squares.
---
---Example: `if c:adjacent(self) then end`
---@param other Card
---@return boolean
function Card:adjacent(other) end

---Whether both are in squares of the same line.
---
---Example: `if unit:same_line(self) then end`
---@param other Card
---@return boolean
function Card:same_line(other) end

---A value an effect remembered for this card with `g:remember` (default scope "object"); works in hooks and conditions too.
---
---Example: `local chosen = self:recall("chosen")`
---@param key string
---@param scope? MemoryScope
---@return MemoryValue?
function Card:recall(key, scope) end

---What it was like just before it last left a square (last-known information), while it has not changed zones since; nil otherwise.
---
---Example: `local power = e.me:last_known().power`
---@return LastKnown?
function Card:last_known() end

---Whether both handles name the same object: the same card, not changed zones in between (R7.3). `==` compares cards only.
---
---Example: `if e.me:is_same(e.event.card) then end`
---@param other Card
---@return boolean
function Card:is_same(other) end

---A player.
---@class Player
---@field index integer 1 or 2. Example: `if p.index == 1 then end`
---@field name string "P1" or "P2". Example: `print(p.name)`
---@field opponent Player The other player. Example: `g:draw(e.controller.opponent)`
---@field is_active boolean Whether it is this player's turn. Example: `if self.owner.is_active then end`
local Player = {}

---Cards in hand.
---
---Example: `local h = p:hand()`
---@return Card[]
function Player:hand() end

---Deck, bottom first.
---
---Example: `local n = #p:deck()`
---@return Card[]
function Player:deck() end

---Graveyard, bottom first.
---
---Example: `local gy = p:graveyard()`
---@return Card[]
function Player:graveyard() end

---Energy zone.
---
---Example: `local en = p:energy()`
---@return Card[]
function Player:energy() end

---Smash zone.
---
---Example: `if #p:smash_zone() >= 6 then end`
---@return Card[]
function Player:smash_zone() end

---Remove zone.
---
---Example: `local r = p:removed()`
---@return Card[]
function Player:removed() end

---The cards in squares the player controls.
---
---Example: `local mine = p:field()`
---@return Card[]
function Player:field() end

---Cards of a zone by name.
---
---Example: `local gy = p:zone("graveyard")`
---@param name ZoneName
---@return Card[]
function Player:zone(name) end

---The units in squares the player controls (its own, and others it took control of).
---
---Example: `for _, u in ipairs(p:units()) do end`
---@return Card[]
function Player:units() end

---The bases in squares the player controls.
---
---Example: `local b = p:bases()`
---@return Card[]
function Player:bases() end

---The unit the player controls in a square.
---
---Example: `local u = p:unit_at("b2")`
---@param square Square|string
---@return Card?
function Player:unit_at(square) end

---The plan card, if the plan zone is open.
---
---Example: `local pc = p:plan()`
---@return Card?
function Player:plan() end

---A square: battle squares `a1`–`c3` (column a–c from player 1's left, row 1–3 from player 1's side) and base squares `P1-base1`…`P2-base3`.
---@class Square
---@field name string `a1`–`c3` or `P1-base1`… Example: `print(s.name)`
---@field row integer Row 1–3 from player 1's side (0 / 4 for base squares). Example: `if s.row == 2 then end`
---@field col integer Column 1–3 from player 1's left. Example: `local c = s.col`
---@field is_battle boolean Whether it is a battle square. Example: `if s.is_battle then end`
---@field is_base boolean Whether it is a base square. Example: `if s.is_base then end`
---@field owner? Player The owner of a base square. Example: `if s.owner == self.owner then end`
local Square = {}

---Its area seen from a player.
---
---Example: `if s:area(self.owner) == "centre" then end`
---@param player Player
---@return AreaName?
function Square:area(player) end

---Its line seen from a player.
---
---Example: `local l = s:line(self.owner)`
---@param player Player
---@return LineName
function Square:line(player) end

---Orthogonally adjacent battle squares (R1.13).
---
---Example: `if s:adjacent("b2") then end`
---@param other Square|string
---@return boolean
function Square:adjacent(other) end

---Same line (column).
---
---Example: `if s:same_line(self.square) then end`
---@param other Square|string
---@return boolean
function Square:same_line(other) end

---Adjacent battle squares.
---
---Example: `for _, n in ipairs(s:neighbours()) do end`
---@return Square[]
function Square:neighbours() end

---Cards in the square.
---
---Example: `if #s:cards() == 0 then end`
---@return Card[]
function Square:cards() end

---A player's unit in the square.
---
---Example: `local foe = s:unit(self.owner.opponent)`
---@param player Player
---@return Card?
function Square:unit(player) end

---A cost as a table: energy per colour plus the rest.
---@class Cost
---@field red integer Red energy. Example: `cost.red = cost.red + 1`
---@field black integer Black energy. Example: `cost.black = 0`
---@field blue integer Blue energy. Example: `local b = cost.blue`
---@field white integer White energy. Example: `local w = cost.white`
---@field green integer Green energy. Example: `local gr = cost.green`
---@field colourless integer Colourless energy (無). Example: `cost.colourless = math.max(0, cost.colourless - 1)`
---@field x? ColourName|"colourless" The energy an X part is paid with. Example: `if cost.x then end`
---@field freeze boolean Freeze this card (フリーズ). Example: `cost.freeze = true`
---@field discard boolean Put this card into the graveyard (廃棄). Example: `cost.discard = false`
---@field total integer Total printed energy (read only). Example: `if cost.total > 3 then end`
local Cost = {}

---What a resolving effect can do. Only valid while the effect resolves. Choices block the script: the engine suspends the effect, asks the player, then re-runs it from the start with the answers, so effects must be deterministic.
---@class Resolve
local Resolve = {}

---Deals damage to a unit in the battle space after replacement effects; returns the amount dealt.
---
---Example: `g:damage(e.target, 3000)`
---@param unit Card
---@param amount integer
---@return integer
function Resolve:damage(unit, amount) end

---Destroys a card in a square.
---
---Example: `g:destroy(e.target)`
---@param card Card
---@return boolean
function Resolve:destroy(card) end

---The effect's controller gains control of a unit in a battle square (default: indefinitely); it returns to its owner when the duration ends and goes to its owner's zones when it leaves the squares. False when it is not a unit in a battle square.
---
---Example: `g:take_control(e.target, "end_of_turn")`
---@param unit Card
---@param duration? DurationName|Card
---@return boolean
function Resolve:take_control(unit, duration) end

---Power ± (default until end of turn); false when nothing changed, e.g. with "end_of_battle" outside a battle.
---
---Example: `g:boost(e.target, 2000)`
---@param card Card
---@param delta integer
---@param duration? DurationName|Card
---@return boolean
function Resolve:boost(card, delta, duration) end

---Smash ±.
---
---Example: `g:smash_boost(e.target, 1, "while_source_in_play")`
---@param card Card
---@param delta integer
---@param duration? DurationName|Card
---@return boolean
function Resolve:smash_boost(card, delta, duration) end

---Grants keywords.
---
---Example: `g:grant(e.target, "hexproof")`
---@param card Card
---@param keywords Keyword|Keyword[]
---@param duration? DurationName|Card
---@return boolean
function Resolve:grant(card, keywords, duration) end

---Removes keywords.
---
---Example: `g:revoke(e.target, "accel")`
---@param card Card
---@param keywords Keyword|Keyword[]
---@param duration? DurationName|Card
---@return boolean
function Resolve:revoke(card, keywords, duration) end

---Gives `card` the ability this card declared with `card:grantable { name = ... }` for the duration (default until end of turn), as the object it is now: it ends when the card changes zone (R7.3). 「ターン終了時まで、対象のユニットは『…』を得る」.
---
---Example: `g:grant_ability(e.target, "draw_on_smash")`
---@param card Card
---@param name string
---@param duration? DurationName|Card
---@return boolean
function Resolve:grant_ability(card, name, duration) end

---Puts this card's grantable `name` in force for the whole game for the duration (default until end of turn): a temporary rule, prohibition, permission or replacement (a ★), or a ◆ that triggers each time. 「このターン、相手はストラテジーをプレイできない」.
---
---Example: `g:add_rule("no_strategies")`
---@param name string
---@param duration? DurationName|Card
---@return boolean
function Resolve:add_rule(name, duration) end

---A delayed trigger: this card's grantable ◆ `name` triggers once, the next time its event happens (before the duration ends; default: whenever that is), then ends. 「次のあなたのターンの開始時、…」.
---
---Example: `g:delay("next_turn_draw")`
---@param name string
---@param duration? DurationName|Card
---@return boolean
function Resolve:delay(name, duration) end

---Freezes a card.
---
---Example: `g:freeze(e.target)`
---@param card Card
---@return boolean
function Resolve:freeze(card) end

---Releases a card.
---
---Example: `g:release(e.me)`
---@param card Card
---@return boolean
function Resolve:release(card) end

---Draws cards (default 1); returns how many were drawn.
---
---Example: `g:draw(e.controller, 2)`
---@param player Player
---@param n? integer
---@return integer
function Resolve:draw(player, n) end

---Puts a card from its owner's hand into the graveyard.
---
---Example: `g:discard(e.controller:hand()[1])`
---@param card Card
---@return boolean
function Resolve:discard(card) end

---Puts a card into a zone, or into a square (not played: no 速攻, no RE7).
---
---Example: `g:put(c, "energy")`
---@param card Card
---@param to Destination
---@param frozen? boolean
---@return boolean
function Resolve:put(card, to, frozen) end

---Destroys several cards in squares at the same time; their owners order them in their graveyards (R1.7). Returns how many were destroyed.
---
---Example: `g:destroy_all(e.controller.opponent:units())`
---@param cards Card[]
---@return integer
function Resolve:destroy_all(cards) end

---Puts several cards into one zone at the same time (not a square); cards reaching a graveyard or deck together are ordered there by their owners (R1.7). Returns how many moved.
---
---Example: `g:put_all(e.controller:hand(), "deck_bottom")`
---@param cards Card[]
---@param to Destination
---@return integer
function Resolve:put_all(cards, to) end

---Puts cards into squares at the same time (frozen unless `frozen` is false): they arrive together, so units of one player arriving together in one square are all destroyed (RE5, bases RE6) and units of both players arriving together in one square are both attackers (A21). Returns how many were placed.
---
---Example: `g:put_together({ { e.target, "b2" } })`
---@param placements { [1]: Card, [2]: Square|string }[]
---@param frozen? boolean
---@return integer
function Resolve:put_together(placements, frozen) end

---Moves a card in play to another square by an effect; it keeps its state.
---
---Example: `g:move(e.target, "b3")`
---@param card Card
---@param square Square|string
---@return boolean
function Resolve:move(card, square) end

---Shuffles a deck.
---
---Example: `g:shuffle(e.controller)`
---@param player Player
function Resolve:shuffle(player) end

---A whole number from 1 to n, from the game's seeded generator (replays draw the same).
---
---Example: `local h = e.controller.opponent:hand(); if #h > 0 then g:discard(h[g:random(#h)]) end`
---@param n integer
---@return integer
function Resolve:random(n) end

---The top n cards of a deck, top first.
---
---Example: `local top = g:look(e.controller, 3)`
---@param player Player
---@param n integer
---@return Card[]
function Resolve:look(player, n) end

---Reorders the top of a deck (top first); must be a permutation of the top cards.
---
---Example: `g:reorder_top(p, { top[2], top[1] })`
---@param player Player
---@param cards Card[]
function Resolve:reorder_top(player, cards) end

---Asks a player to choose an option; returns it and its index (nil without options).
---
---Example: `local v = g:choose(e.controller, {"draw", "boost"}, "choose one")`
---@param player Player
---@param options (string|integer|Card|Square)[]
---@param prompt? string
---@return any
---@return integer
function Resolve:choose(player, options, prompt) end

---Asks a player to choose a card.
---
---Example: `local c = g:choose_card(p, p:hand(), "discard a card")`
---@param player Player
---@param cards Card[]
---@param prompt? string
---@return Card?
function Resolve:choose_card(player, cards, prompt) end

---Asks a player to choose a square.
---
---Example: `local s = g:choose_square(p, game.base_squares(p))`
---@param player Player
---@param squares (Square|string)[]
---@param prompt? string
---@return Square?
function Resolve:choose_square(player, squares, prompt) end

---Asks a yes/no question.
---
---Example: `if g:yes_no(e.controller, "draw a card?") then end`
---@param player Player
---@param prompt? string
---@return boolean
function Resolve:yes_no(player, prompt) end

---Chooses a matching card from the deck, puts it (default into the hand), then shuffles the deck.
---
---Example: `g:search(e.controller, function(c) return c.race == "妖精" end)`
---@param player Player
---@param filter? fun(card: Card): boolean
---@param prompt? string
---@param to? Destination
---@return Card?
function Resolve:search(player, filter, prompt, to) end

---Remembers a value for a card (nil forgets it; keys are 1–23 bytes; default scope "object"). Kept by the engine in the game state, so a re-run after a choice starts from the values before the effect.
---
---Example: `g:remember(e.me, "uses", (e.me:recall("uses", "game") or 0) + 1, "game")`
---@param card Card
---@param key string
---@param value MemoryValue?
---@param scope? MemoryScope
---@return boolean
function Resolve:remember(card, key, value, scope) end

---Remembers a value for the whole game, shared by every card (nil forgets it; default scope "game").
---
---Example: `g:remember_game("strategies", (game.recall("strategies", "turn") or 0) + 1, "turn")`
---@param key string
---@param value MemoryValue?
---@param scope? "turn"|"game"
---@return boolean
function Resolve:remember_game(key, value, scope) end

---Counters an item of the current stack (「解決を失敗させる」, 「無効にする」): it leaves the stack without resolving; a played card goes to its owner's graveyard; a negated move leaves the unit in place, its cost paid. It counts as resolved to no purpose (R7.5, R7.7). False if it is gone or is battle damage.
---
---Example: `g:counter(e.target)`
---@param item StackItem
---@return boolean
function Resolve:counter(item) end

---Shows a card in a hand to `player` (「公開する」, A47): that player's seat sees it until it leaves the hand; no other seat does. False for a card not in a hand.
---
---Example: `g:show(e.target, e.controller:opponent())`
---@param card Card
---@param player Player
---@return boolean
function Resolve:show(card, player) end

---What this resolution is about.
---@class EffectInfo
---@field me? Card The card whose effect this is. For a ● or ◆ item whose card has changed zones since it went on the stack, the old object (R7.3): effects on it do nothing and `e.me.alive` is false. Example: `local me = e.me`
---@field controller Player The player controlling the effect. Example: `g:draw(e.controller)`
---@field target? Target The first target still legal (R7.5): a card, or a square, player or stack item for those specs. Example: `g:damage(e.target, 1000)`
---@field targets Target[] All targets still legal, in the order chosen. Example: `for _, t in ipairs(e.targets) do end`
---@field x integer The X paid. Example: `g:damage(e.target, 1000 * e.x)`
---@field event? Event The event that triggered a ◆ ability. Example: `local amount = e.event.amount`
---@field cost_square? Square The last square of this card if it was discarded as a cost. Example: `local s = e.cost_square`
---@field from? ZoneName For a strategy: the zone it was played from (`"hand"`, `"plan"`, …). Example: `local amount = e.from == "plan" and 8000 or 6000`
local EffectInfo = {}

---An item on the stack (a played card, a move, an ability), by identity.
---@class StackItem
---@field id integer Its identity, unique in the game. Example: `local id = e.target.id`
---@field on_stack boolean Whether it is still on the current stack. Example: `if e.target.on_stack then end`
---@field kind? string While on the stack: "strategy", "play", "move", "activated", "triggered", "create_plan", "update_plan" or "damage". Example: `if e.target.kind == "move" then end`
---@field card? Card While on the stack: the card it came from (the played card, the moving unit, the ability's card). Example: `local c = e.target.card`
---@field controller? Player While on the stack: who controls it. Example: `local p = e.target.controller`
local StackItem = {}

---A card as it was just before it last left a square.
---@class LastKnown
---@field square Square Its last square. Example: `local s = e.me:last_known().square`
---@field owner Player Its owner. Example: `local p = e.me:last_known().owner`
---@field power integer Its power then, after continuous effects. Example: `g:damage(e.target, e.me:last_known().power)`
---@field smash integer Its smash then. Example: `local n = e.me:last_known().smash`
---@field damage integer The damage it had. Example: `local d = e.me:last_known().damage`
---@field frozen boolean Whether it was frozen. Example: `if e.me:last_known().frozen then end`
---@field keywords Keyword[] Its keywords then. Example: `local k = e.me:last_known().keywords`
local LastKnown = {}

---What a target filter sees besides the candidate: `event`, the triggering event of a ◆ ability.
---@class FilterContext
---@field event? Event The event that triggered the ◆ ability whose targets are being chosen or checked. Example: `target.unit { filter = function(self, c, e) return c.square:adjacent(e.event.square) end }`
local FilterContext = {}

---An engine event: `kind` plus the fields of that kind.
---@class Event
---@field target? Target targeted: what became a target (a card, square, player or stack item). Example: `if ev.target == self then end`
---@field by? Card targeted / countered: the card whose item targeted, or whose effect countered; moved / placed by an effect: the card whose effect it was. Example: `local src = ev.by`
---@field kind EventKind The event kind. Example: `if ev.kind == "placed" then end`
---@field card? Card The card the event is about (the unit for smashed). Example: `if ev.card == self then end`
---@field player? Player The player the event is about. Example: `if ev.player == self.owner then end`
---@field turn? integer turn_began / turn_ending: the turn number. Example: `local t = ev.turn`
---@field phase? PhaseName phase_began / phase_ended: the phase. Example: `if ev.phase == "main" then end`
---@field square? Square placed / destroyed / battles: the square. Example: `local s = ev.square`
---@field played? boolean placed: whether it was played (not put by an effect or moved). Example: `if ev.played then end`
---@field amount? integer damaged: the amount after replacement effects. Example: `if ev.amount >= 3000 then end`
---@field source? Card damaged: the card that dealt it. Example: `local src = ev.source`
---@field from? ZoneName moved: the zone it came from (`"plan"` for the plan card, not `"deck"`); placed: the zone it came from, for a played card the zone it was played from. Example: `if ev.from == "hand" then end`
---@field cause? CauseName moved / placed: why the card moved. Example: `if ev.cause == "effect" then end`
---@field method? string moved / placed by a play: `"normal"` or the ☆ method's name. Example: `if ev.method == "normal" then end`
---@field played_from? ZoneName moved / placed by a play: the zone the card was played from. Example: `if ev.played_from == "plan" then end`
---@field by_player? Player moved / placed by an effect: the player controlling the effect. Example: `local p = ev.by_player`
---@field to? ZoneName moved: the zone it went to. Example: `if ev.to == "graveyard" then end`
---@field from_square? Square moved: the square it left. Example: `local s = ev.from_square`
---@field to_square? Square moved: the square it entered. Example: `local s = ev.to_square`
---@field tag? string stacked / resolved: the item kind (play, move, activated, triggered, damage, …). Example: `if ev.tag == "move" then end`
---@field fizzled? boolean resolved: failed because every target became illegal. Example: `if ev.fizzled then end`
---@field attacker? Card battle_began: the attacker. Example: `local a = ev.attacker`
---@field defender? Card battle_began: the defender. Example: `local d = ev.defender`
---@field step? string battle_step: first, second or end. Example: `if ev.step == "second" then end`
---@field winner? Card|Player battle_ended: the winning unit; game_over: the winning player. Example: `if ev.winner == self then end`
---@field unit? Card smashed: the smashing unit. Example: `local u = ev.unit`
---@field victim? Player smashed: the player whose deck lost cards. Example: `local v = ev.victim`
---@field cards? integer smashed: how many cards. Example: `local n = ev.cards`
---@field draw? boolean game_over: the duel was a draw. Example: `if ev.draw then end`
local Event = {}

---The card this script defines; its methods declare abilities.
---@type CardDecl
card = nil

---A shared module loaded by the host (tables are read-only).
---
---Example: `local common = use("common")`
---@param name string
---@return any
function use(name) end

---Writes a line to the host's log (not to the terminal).
---
---Example: `print("power", self.power)`
---@param ... any
function print(...) end

