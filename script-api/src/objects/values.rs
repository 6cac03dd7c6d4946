//! Game objects as Lua values: the userdata types scripts hold (cards, players, squares, stack
//! items, target specs), their cached values, so the same card is always the same Lua value,
//! and the type names error messages use.

use crate::context::{Caches, Shared};
use crate::docs::Alias;
use dzero_core::{CardId, ItemId, Player, Side, Square, Target, TargetKind};
use mlua::{Lua, Table, Value};

/// A card of the current game (by id); with an incarnation, the object it was (R7.3): effects
/// given such a handle do nothing once the card has changed zones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct CardRef(pub CardId, pub Option<u16>);

/// A player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct PlayerRef(pub Player);

/// A square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SquareRef(pub Square);

/// An item on the stack, by id; its fields read the item while it is on the active stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ItemRef(pub ItemId);

/// A target spec built by `target.unit{...}`; its filter function is the user value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TargetDesc {
    /// What may be targeted.
    pub kind: TargetKind,
    /// Whose cards (or squares, players, items) may be targeted.
    pub side: Side,
    /// How many targets are chosen.
    pub count: u8,
    /// Whether fewer targets, or none, may be chosen (「…まで」).
    pub up_to: bool,
}

/// The Lua value of a card (cached).
pub(crate) fn card_value(lua: &Lua, sh: &Shared, c: CardId) -> mlua::Result<Value> {
    let t = sh.cache(lua, |c| &c.cards)?;
    let key = i64::from(c.0) + 1;
    match t.raw_get::<Value>(key)? {
        v @ Value::UserData(_) => Ok(v),
        _ => {
            let ud = Value::UserData(lua.create_any_userdata(CardRef(c, None))?);
            t.raw_set(key, &ud)?;
            Ok(ud)
        }
    }
}

/// The Lua value of one object of a card (R7.3): a handle that keeps naming that object, not
/// cached (the card's usual value follows the card).
pub(crate) fn object_value(lua: &Lua, r: dzero_core::TargetRef) -> mlua::Result<Value> {
    Ok(Value::UserData(
        lua.create_any_userdata(CardRef(r.card, Some(r.inc)))?,
    ))
}

/// The Lua value of a player (cached).
pub(crate) fn player_value(lua: &Lua, sh: &Shared, p: Player) -> mlua::Result<Value> {
    sh.cache(lua, |c| &c.players)?.raw_get(p.index() as i64 + 1)
}

/// The Lua value of a square (cached).
pub(crate) fn square_value(lua: &Lua, sh: &Shared, s: Square) -> mlua::Result<Value> {
    sh.cache(lua, |c| &c.squares)?.raw_get(s.index() as i64 + 1)
}

/// A Lua list of cards.
pub(crate) fn card_list(
    lua: &Lua,
    sh: &Shared,
    cards: impl IntoIterator<Item = CardId>,
) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (i, c) in cards.into_iter().enumerate() {
        t.raw_set(i + 1, card_value(lua, sh, c)?)?;
    }
    Ok(t)
}

/// The Lua value of a target: a card, a square, a player or an item.
pub(crate) fn target_value(lua: &Lua, sh: &Shared, t: Target) -> mlua::Result<Value> {
    match t {
        Target::Card(c) => card_value(lua, sh, c),
        Target::Square(s) => square_value(lua, sh, s),
        Target::Player(p) => player_value(lua, sh, p),
        Target::Item(i) => Ok(Value::UserData(lua.create_any_userdata(ItemRef(i))?)),
    }
}

/// A Lua list of targets.
pub(crate) fn target_list(lua: &Lua, sh: &Shared, targets: &[Target]) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (i, &x) in targets.iter().enumerate() {
        t.raw_set(i + 1, target_value(lua, sh, x)?)?;
    }
    Ok(t)
}

/// The script name of a value's type (`card`, `player`, … for userdata).
pub(crate) fn type_name(v: &Value) -> String {
    match v {
        Value::UserData(ud) => {
            if ud.is::<CardRef>() {
                "card".into()
            } else if ud.is::<PlayerRef>() {
                "player".into()
            } else if ud.is::<SquareRef>() {
                "square".into()
            } else if ud.is::<ItemRef>() {
                "stack item".into()
            } else if ud.is::<TargetDesc>() {
                "target spec".into()
            } else {
                "userdata".into()
            }
        }
        other => other.type_name().into(),
    }
}

/// Fills the object caches (players and squares made once; cards as they are first seen).
pub(crate) fn fill_caches(lua: &Lua, sh: &Shared) -> mlua::Result<()> {
    let cards = lua.create_table()?;
    let players = lua.create_table()?;
    for p in Player::BOTH {
        players.raw_set(p.index() + 1, lua.create_any_userdata(PlayerRef(p))?)?;
    }
    let squares = lua.create_table()?;
    for i in 0..Square::COUNT as u8 {
        if let Some(s) = Square::from_index(i) {
            squares.raw_set(usize::from(i) + 1, lua.create_any_userdata(SquareRef(s))?)?;
        }
    }
    *sh.caches.borrow_mut() = Some(Caches {
        cards: lua.create_registry_value(cards)?,
        players: lua.create_registry_value(players)?,
        squares: lua.create_registry_value(squares)?,
    });
    Ok(())
}

/// Documents the named type `Target`.
pub(crate) const TARGET_ALIAS: Alias = (
    "Target",
    "Card|Square|Player|StackItem",
    "A chosen target: a card, a square, a player or a stack item.",
);
