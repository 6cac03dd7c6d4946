//! Game objects as Lua sees them: cards, players and squares (cached userdata, so the same card
//! is always the same Lua value), the `game` query table, `target.*` specs and event tables.

use crate::convert;
use crate::runtime::{Caches, Shared, misuse};
use dzero_core::{
    CardId, CardKind, Colour, Cost, Event, ItemTag, Loc, MemKey, MemScope, MemValue, Player, Side,
    Square, TargetKind, View, XEnergy, Zone,
};
use mlua::{AnyUserData, Lua, MetaMethod, Table, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// A card of the current game (by id).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct CardRef(pub CardId);

/// A player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct PlayerRef(pub Player);

/// A square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SquareRef(pub Square);

/// A target spec built by `target.unit{...}`; its filter function is the user value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TargetDesc {
    pub kind: TargetKind,
    pub side: Side,
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
            let ud = Value::UserData(lua.create_any_userdata(CardRef(c))?);
            t.raw_set(key, &ud)?;
            Ok(ud)
        }
    }
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

pub(crate) fn type_name(v: &Value) -> String {
    match v {
        Value::UserData(ud) => {
            if ud.is::<CardRef>() {
                "card".into()
            } else if ud.is::<PlayerRef>() {
                "player".into()
            } else if ud.is::<SquareRef>() {
                "square".into()
            } else if ud.is::<crate::targeting::ItemRef>() {
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

/// Reads an argument held by userdata of type `U`; `what` names the function and argument and
/// `noun` what was expected, for the error.
fn userdata_arg<U: 'static, R>(
    lua: &Lua,
    v: &Value,
    what: &str,
    noun: &str,
    get: impl FnOnce(&U) -> R,
) -> mlua::Result<R> {
    if let Value::UserData(ud) = v
        && let Ok(u) = ud.borrow::<U>()
    {
        return Ok(get(&u));
    }
    Err(misuse(
        lua,
        format!("{what}: {noun} was expected, got {}", type_name(v)),
    ))
}

/// Reads a card argument; `what` names the function and argument for the error.
pub(crate) fn card_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<CardId> {
    userdata_arg(lua, v, what, "a card", |c: &CardRef| c.0)
}

/// Reads a player argument.
pub(crate) fn player_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Player> {
    userdata_arg(lua, v, what, "a player", |p: &PlayerRef| p.0)
}

/// Reads a square argument: a square object or a name such as `"b2"` / `"P1-base1"`.
pub(crate) fn square_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Square> {
    match v {
        Value::UserData(ud) => {
            if let Ok(s) = ud.borrow::<SquareRef>() {
                return Ok(s.0);
            }
        }
        Value::String(s) => {
            let name = s.to_string_lossy();
            return convert::square(&name).ok_or_else(|| {
                misuse(
                    lua,
                    format!("{what}: no square named '{name}' (a1–c3, P1-base1–P2-base3)"),
                )
            });
        }
        _ => {}
    }
    Err(misuse(
        lua,
        format!("{what}: a square was expected, got {}", type_name(v)),
    ))
}

/// Reads a string argument.
pub(crate) fn str_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_string_lossy()),
        _ => Err(misuse(
            lua,
            format!("{what}: a string was expected, got {}", type_name(v)),
        )),
    }
}

/// Reads an integer argument (floats with an integral value are accepted).
pub(crate) fn int_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(n) if n.fract() == 0.0 && n.is_finite() => Ok(*n as i64),
        _ => Err(misuse(
            lua,
            format!("{what}: an integer was expected, got {}", type_name(v)),
        )),
    }
}

/// Reads an integer that fits an `i32` (power, damage amounts).
pub(crate) fn i32_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i32> {
    let n = int_arg(lua, v, what)?;
    i32::try_from(n).map_err(|_| misuse(lua, format!("{what}: {n} is out of range")))
}

/// Reads a list of cards.
pub(crate) fn card_list_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Vec<CardId>> {
    let Value::Table(t) = v else {
        return Err(misuse(
            lua,
            format!("{what}: a list of cards was expected, got {}", type_name(v)),
        ));
    };
    let mut out = Vec::new();
    for i in 1..=t.raw_len() {
        out.push(card_arg(lua, &t.raw_get(i)?, &format!("{what}[{i}]"))?);
    }
    Ok(out)
}

/// Reads a memory key: a name of 1 to [`MemKey::MAX`] bytes.
pub(crate) fn mem_key(lua: &Lua, v: &Value, what: &str) -> mlua::Result<MemKey> {
    let name = str_arg(lua, v, what)?;
    MemKey::new(&name).ok_or_else(|| {
        misuse(
            lua,
            format!(
                "{what}: memory keys are 1 to {} bytes, not '{name}'",
                MemKey::MAX
            ),
        )
    })
}

/// Reads a memory scope: for a card `"object"` (default: until it changes zones), `"turn"` or
/// `"game"`; for the game as a whole (`card` = `None`) `"game"` (default) or `"turn"`.
pub(crate) fn mem_scope(
    lua: &Lua,
    v: &Value,
    card: Option<CardId>,
    what: &str,
) -> mlua::Result<MemScope> {
    let name = match v {
        Value::Nil => None,
        v => Some(str_arg(lua, v, what)?),
    };
    match (card, name.as_deref()) {
        (Some(c), None | Some("object")) => Ok(MemScope::Object(c)),
        (Some(c), Some("turn")) => Ok(MemScope::CardTurn(c)),
        (Some(c), Some("game")) => Ok(MemScope::CardGame(c)),
        (None, None | Some("game")) => Ok(MemScope::Game),
        (None, Some("turn")) => Ok(MemScope::Turn),
        (Some(_), Some(other)) => Err(misuse(
            lua,
            format!("{what}: unknown scope '{other}' (\"object\", \"turn\" or \"game\")"),
        )),
        (None, Some(other)) => Err(misuse(
            lua,
            format!("{what}: unknown scope '{other}' (\"turn\" or \"game\")"),
        )),
    }
}

/// Reads a value to remember: an integer, a boolean, a card (as the object it is now), a
/// player or a square; nil forgets.
pub(crate) fn mem_value_arg(
    lua: &Lua,
    view: &View<'_>,
    v: &Value,
    what: &str,
) -> mlua::Result<Option<MemValue>> {
    Ok(Some(match v {
        Value::Nil => return Ok(None),
        Value::Boolean(b) => MemValue::Bool(*b),
        Value::Integer(_) | Value::Number(_) => MemValue::Int(int_arg(lua, v, what)?),
        Value::UserData(ud) if ud.borrow::<CardRef>().is_ok() => {
            let c = valid(lua, view, card_arg(lua, v, what)?)?;
            MemValue::Card(view.object(c).ok_or_else(|| misuse(lua, "no such card"))?)
        }
        Value::UserData(ud) if ud.borrow::<PlayerRef>().is_ok() => {
            MemValue::Player(player_arg(lua, v, what)?)
        }
        Value::UserData(ud) if ud.borrow::<SquareRef>().is_ok() => {
            MemValue::Square(square_arg(lua, v, what)?)
        }
        other => {
            return Err(misuse(
                lua,
                format!(
                    "{what}: can remember an integer, a boolean, a card, a player or a square, \
                     not {}",
                    type_name(other)
                ),
            ));
        }
    }))
}

/// The value remembered under `key` in `scope`; a remembered card that has changed zones since
/// is another object (R7.3) and reads as nothing.
pub(crate) fn recalled(v: &View<'_>, scope: MemScope, key: MemKey) -> Option<MemValue> {
    v.recall(scope, key)
        .filter(|m| !matches!(m, MemValue::Card(r) if !v.is_current(*r)))
}

/// A remembered value as Lua.
pub(crate) fn mem_value(lua: &Lua, sh: &Shared, m: Option<MemValue>) -> mlua::Result<Value> {
    match m {
        None => Ok(Value::Nil),
        Some(MemValue::Int(n)) => Ok(Value::Integer(n)),
        Some(MemValue::Bool(b)) => Ok(Value::Boolean(b)),
        Some(MemValue::Card(r)) => card_value(lua, sh, r.card),
        Some(MemValue::Player(p)) => player_value(lua, sh, p),
        Some(MemValue::Square(s)) => square_value(lua, sh, s),
    }
}

/// Checks that a card belongs to the game in view.
pub(crate) fn valid(lua: &Lua, v: &View<'_>, c: CardId) -> mlua::Result<CardId> {
    if v.exists(c) {
        Ok(c)
    } else {
        Err(misuse(
            lua,
            format!("card #{} is not a card of this game", c.0),
        ))
    }
}

/// A cost as a Lua table: colour counts, `colourless`, `x`, `freeze`, `discard`, `total`.
pub(crate) fn cost_table(lua: &Lua, c: &Cost) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (name, col) in convert::COLOURS {
        t.raw_set(name, c.coloured[col.index()])?;
    }
    t.raw_set("colourless", c.colourless)?;
    match c.x {
        Some(XEnergy::Colourless) => t.raw_set("x", "colourless")?,
        Some(XEnergy::Colour(col)) => t.raw_set("x", convert::colour_name(col))?,
        None => {}
    }
    t.raw_set("freeze", c.freeze_self)?;
    t.raw_set("discard", c.discard_self)?;
    t.raw_set("total", c.total())?;
    Ok(t)
}

/// Reads a cost: a printed string (`"赤1 無2"`) or a table as made by [`cost_table`].
pub(crate) fn cost_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Cost> {
    match v {
        Value::String(s) => {
            convert::cost(&s.to_string_lossy()).map_err(|e| misuse(lua, format!("{what}: {e}")))
        }
        Value::Integer(0) => Ok(Cost::FREE),
        Value::Table(t) => {
            let mut c = Cost::FREE;
            for pair in t.pairs::<Value, Value>() {
                let (k, val) = pair?;
                let key = str_arg(lua, &k, what)?;
                let count = |val: &Value| -> mlua::Result<u8> {
                    let n = int_arg(lua, val, &format!("{what}.{key}"))?;
                    Ok(n.clamp(0, 255) as u8)
                };
                match key.as_str() {
                    "colourless" | "colorless" => c.colourless = count(&val)?,
                    "freeze" => c.freeze_self = val.as_boolean().unwrap_or(false),
                    "discard" => c.discard_self = val.as_boolean().unwrap_or(false),
                    "total" => {}
                    "x" => {
                        c.x = match &val {
                            Value::Nil | Value::Boolean(false) => None,
                            Value::String(s) if s.to_string_lossy() == "colourless" => {
                                Some(XEnergy::Colourless)
                            }
                            Value::String(s) => {
                                let n = s.to_string_lossy();
                                Some(XEnergy::Colour(convert::colour(&n).ok_or_else(|| {
                                    misuse(lua, format!("{what}.x: unknown colour '{n}'"))
                                })?))
                            }
                            _ => {
                                return Err(misuse(
                                    lua,
                                    format!("{what}.x: a colour name or \"colourless\" expected"),
                                ));
                            }
                        }
                    }
                    name => match convert::colour(name) {
                        Some(col) => c.coloured[col.index()] = count(&val)?,
                        None => {
                            return Err(misuse(
                                lua,
                                format!("{what}: unknown cost field '{name}'"),
                            ));
                        }
                    },
                }
            }
            Ok(c)
        }
        _ => Err(misuse(
            lua,
            format!(
                "{what}: a cost was expected (\"赤1 無2\" or a table), got {}",
                type_name(v)
            ),
        )),
    }
}

/// Registers cards, players, squares and target specs, and fills the object caches.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    register_card(lua, sh)?;
    register_player(lua, sh)?;
    register_square(lua, sh)?;
    crate::targeting::register(lua, sh)?;
    lua.register_userdata_type::<TargetDesc>(|reg| {
        reg.add_field_method_get("count", |_, t| Ok(t.count));
        reg.add_meta_method(MetaMethod::ToString, |_, t, ()| {
            Ok(format!("target({:?}, {:?}, {})", t.kind, t.side, t.count))
        });
    })?;
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

fn unknown_field(lua: &Lua, ty: &str, key: &Value) -> mlua::Error {
    let k = match key {
        Value::String(s) => s.to_string_lossy(),
        other => format!("<{}>", other.type_name()),
    };
    misuse(lua, format!("{ty} has no field '{k}'"))
}

fn register_card(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<CardRef>(move |reg| {
        macro_rules! field {
            ($name:literal, |$lua:ident, $v:ident, $c:ident| $body:expr) => {{
                let sh = Rc::clone(&sh);
                reg.add_field_method_get($name, move |$lua, this: &CardRef| {
                    sh.view($lua, concat!("card.", $name), |$v| {
                        let $c = valid($lua, $v, this.0)?;
                        $body
                    })
                });
            }};
        }
        reg.add_field_method_get("id", |_, this: &CardRef| Ok(this.0.0));
        crate::targeting::add_card_members(reg, &sh);
        field!("name", |lua, v, c| Ok(v.def(c).name.clone()));
        field!("play_name", |lua, v, c| Ok(v.def(c).play_name().to_owned()));
        field!("kind", |lua, v, c| Ok(convert::kind_name(v.def(c).kind)));
        field!("is_unit", |lua, v, c| Ok(v.def(c).kind == CardKind::Unit));
        field!("is_base", |lua, v, c| Ok(v.def(c).kind == CardKind::Base));
        field!("is_strategy", |lua, v, c| Ok(
            v.def(c).kind == CardKind::Strategy
        ));
        field!("power", |lua, v, c| Ok(v.power(c)));
        field!("smash", |lua, v, c| Ok(v.smash(c)));
        field!("printed_power", |lua, v, c| Ok(v.def(c).power));
        field!("printed_smash", |lua, v, c| Ok(v.def(c).smash));
        field!("damage", |lua, v, c| Ok(v.damage(c)));
        field!("frozen", |lua, v, c| Ok(v.frozen(c)));
        field!("race", |lua, v, c| Ok(v.def(c).race.clone()));
        field!("text", |lua, v, c| Ok(v.def(c).text.clone()));
        field!("zone", |lua, v, c| Ok(convert::zone_name(v.loc(c).zone())));
        field!("in_play", |lua, v, c| Ok(v.square(c).is_some()));
        for name in ["played_from", "came_from", "cause"] {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get(name, move |lua, this: &CardRef| {
                sh.view(lua, "card.provenance", |v| {
                    let c = valid(lua, v, this.0)?;
                    Ok(crate::provenance::card_field(v, c, name))
                })
            });
        }
        field!("play_method", |lua, v, c| Ok(v.play_method(c).map(str::to_owned)));
        {
            let sh2 = Rc::clone(&sh);
            field!("put_by", |lua, v, c| match v.arrival(c).cause {
                dzero_core::Cause::Effect { card: Some(by), .. } => card_value(lua, &sh2, by),
                _ => Ok(Value::Nil),
            });
        }
        field!("timing", |lua, v, c| Ok(match v.def(c).timing {
            dzero_core::Timing::Normal => "normal",
            dzero_core::Timing::Quick => "quick",
            dzero_core::Timing::Battle => "battle",
        }));
        {
            let sh2 = Rc::clone(&sh);
            field!("owner", |lua, v, c| player_value(lua, &sh2, v.owner(c)));
        }
        {
            let sh2 = Rc::clone(&sh);
            field!("controller", |lua, v, c| player_value(
                lua,
                &sh2,
                v.controller(c)
            ));
        }
        {
            let sh2 = Rc::clone(&sh);
            field!("square", |lua, v, c| match v.square(c) {
                Some(s) => square_value(lua, &sh2, s),
                None => Ok(Value::Nil),
            });
        }
        field!("area", |lua, v, c| Ok(v.area(c).map(convert::area_name)));
        field!("line", |lua, v, c| Ok(v
            .square(c)
            .map(|s| convert::line_name(s.line(v.controller(c))))));
        field!("colours", |lua, v, c| {
            let t = lua.create_table()?;
            for (i, col) in v.def(c).colours.iter().enumerate() {
                t.raw_set(i + 1, convert::colour_name(col))?;
            }
            Ok(t)
        });
        field!("keywords", |lua, v, c| {
            let t = lua.create_table()?;
            for (i, k) in convert::keyword_names(v.keywords(c)).enumerate() {
                t.raw_set(i + 1, k)?;
            }
            Ok(t)
        });
        field!("cost", |lua, v, c| cost_table(lua, &v.def(c).cost));
        field!("use_cost", |lua, v, c| cost_table(
            lua,
            &v.play_cost(c, v.def(c).cost)
        ));
        field!("move_cost", |lua, v, c| match &v.def(c).move_cost {
            Some(m) => Ok(Value::Table(cost_table(lua, m)?)),
            None => Ok(Value::Nil),
        });
        {
            let sh = Rc::clone(&sh);
            reg.add_method("has", move |lua, this: &CardRef, k: Value| {
                let name = str_arg(lua, &k, "card:has(keyword)")?;
                let kw = convert::keyword(&name)
                    .ok_or_else(|| misuse(lua, convert::unknown_keyword(&name)))?;
                sh.view(lua, "card:has", |v| Ok(v.keywords(valid(lua, v, this.0)?).has(kw)))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("is_colour", move |lua, this: &CardRef, k: Value| {
                let name = str_arg(lua, &k, "card:is_colour(colour)")?;
                let col: Colour = convert::colour(&name)
                    .ok_or_else(|| misuse(lua, format!("unknown colour '{name}'")))?;
                sh.view(lua, "card:is_colour", |v| {
                    Ok(v.def(valid(lua, v, this.0)?).colours.contains(col))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("adjacent", move |lua, this: &CardRef, o: Value| {
                let o = card_arg(lua, &o, "card:adjacent(other)")?;
                sh.view(lua, "card:adjacent", |v| {
                    let (a, b) = (valid(lua, v, this.0)?, valid(lua, v, o)?);
                    Ok(matches!((v.square(a), v.square(b)), (Some(x), Some(y)) if x.adjacent(y)))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("same_line", move |lua, this: &CardRef, o: Value| {
                let o = card_arg(lua, &o, "card:same_line(other)")?;
                sh.view(lua, "card:same_line", |v| {
                    let (a, b) = (valid(lua, v, this.0)?, valid(lua, v, o)?);
                    Ok(matches!((v.square(a), v.square(b)), (Some(x), Some(y)) if x.same_line(y)))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method(
                "recall",
                move |lua, this: &CardRef, (k, scope): (Value, Value)| {
                    let what = "card:recall(key, scope)";
                    let key = mem_key(lua, &k, what)?;
                    let scope = mem_scope(lua, &scope, Some(this.0), what)?;
                    let m = sh.view(lua, "card:recall", |v| {
                        valid(lua, v, this.0)?;
                        Ok(recalled(v, scope, key))
                    })?;
                    mem_value(lua, &sh, m)
                },
            );
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_meta_method(MetaMethod::ToString, move |lua, this: &CardRef, ()| {
                let name = sh
                    .view(lua, "tostring", |v| Ok(v.def(valid(lua, v, this.0)?).name.clone()))
                    .unwrap_or_else(|_| "card".into());
                Ok(format!("{name}#{}", this.0.0))
            });
        }
        reg.add_meta_method(MetaMethod::Eq, |_, this: &CardRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<CardRef>().is_ok_and(|c| c.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _this: &CardRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "card", &k))
        });
    })
}

fn zone_cards(v: &View<'_>, p: Player, z: Zone) -> Vec<CardId> {
    match z {
        Zone::Field => v
            .field()
            .iter()
            .copied()
            .filter(|&c| v.controller(c) == p)
            .collect(),
        _ => v.game.zone(p, z),
    }
}

fn register_player(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<PlayerRef>(move |reg| {
        reg.add_field_method_get("index", |_, p: &PlayerRef| Ok(p.0.index() + 1));
        reg.add_field_method_get("name", |_, p: &PlayerRef| Ok(p.0.to_string()));
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("opponent", move |lua, p: &PlayerRef| {
                player_value(lua, &sh, p.0.opponent())
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("is_active", move |lua, p: &PlayerRef| {
                sh.view(lua, "player.is_active", |v| Ok(v.active() == p.0))
            });
        }
        let zones: [(&str, Zone); 7] = [
            ("hand", Zone::Hand),
            ("deck", Zone::Deck),
            ("graveyard", Zone::Graveyard),
            ("energy", Zone::Energy),
            ("smash_zone", Zone::Smash),
            ("removed", Zone::Remove),
            ("field", Zone::Field),
        ];
        for (name, z) in zones {
            let sh = Rc::clone(&sh);
            reg.add_method(name, move |lua, p: &PlayerRef, ()| {
                let cards = sh.view(lua, name, |v| Ok(zone_cards(v, p.0, z)))?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("zone", move |lua, p: &PlayerRef, name: Value| {
                let name = str_arg(lua, &name, "player:zone(name)")?;
                let z = convert::zone(&name)
                    .ok_or_else(|| misuse(lua, format!("unknown zone '{name}'")))?;
                let cards = sh.view(lua, "player:zone", |v| Ok(zone_cards(v, p.0, z)))?;
                card_list(lua, &sh, cards)
            });
        }
        for (name, kind) in [("units", CardKind::Unit), ("bases", CardKind::Base)] {
            let sh = Rc::clone(&sh);
            reg.add_method(name, move |lua, p: &PlayerRef, ()| {
                let cards = sh.view(lua, name, |v| {
                    Ok(v.field()
                        .iter()
                        .copied()
                        .filter(|&c| v.controller(c) == p.0 && v.def(c).kind == kind)
                        .collect::<Vec<_>>())
                })?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("unit_at", move |lua, p: &PlayerRef, s: Value| {
                let s = square_arg(lua, &s, "player:unit_at(square)")?;
                let c = sh.view(lua, "player:unit_at", |v| Ok(v.unit_at(p.0, s)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("plan", move |lua, p: &PlayerRef, ()| {
                let c = sh.view(lua, "player:plan", |v| Ok(v.game.plan_card(p.0)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        reg.add_meta_method(MetaMethod::ToString, |_, p: &PlayerRef, ()| Ok(p.0.to_string()));
        reg.add_meta_method(MetaMethod::Eq, |_, this: &PlayerRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<PlayerRef>().is_ok_and(|p| p.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _p: &PlayerRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "player", &k))
        });
    })
}

fn register_square(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<SquareRef>(move |reg| {
        reg.add_field_method_get("name", |_, s: &SquareRef| Ok(s.0.to_string()));
        reg.add_field_method_get("row", |_, s: &SquareRef| Ok(i64::from(s.0.row()) + 1));
        reg.add_field_method_get("col", |_, s: &SquareRef| Ok(i64::from(s.0.col()) + 1));
        reg.add_field_method_get("is_battle", |_, s: &SquareRef| Ok(s.0.is_battle()));
        reg.add_field_method_get("is_base", |_, s: &SquareRef| Ok(!s.0.is_battle()));
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("owner", move |lua, s: &SquareRef| {
                s.0.base_owner()
                    .map_or(Ok(Value::Nil), |p| player_value(lua, &sh, p))
            });
        }
        reg.add_method("area", |lua, s: &SquareRef, p: Value| {
            let p = player_arg(lua, &p, "square:area(player)")?;
            Ok(s.0.area(p).map(convert::area_name))
        });
        reg.add_method("line", |lua, s: &SquareRef, p: Value| {
            let p = player_arg(lua, &p, "square:line(player)")?;
            Ok(convert::line_name(s.0.line(p)))
        });
        reg.add_method("adjacent", |lua, s: &SquareRef, o: Value| {
            Ok(s.0.adjacent(square_arg(lua, &o, "square:adjacent(other)")?))
        });
        reg.add_method("same_line", |lua, s: &SquareRef, o: Value| {
            Ok(s.0.same_line(square_arg(lua, &o, "square:same_line(other)")?))
        });
        {
            let sh = Rc::clone(&sh);
            reg.add_method("neighbours", move |lua, s: &SquareRef, ()| {
                let t = lua.create_table()?;
                for (i, n) in s.0.neighbours().enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, n)?)?;
                }
                Ok(t)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("cards", move |lua, s: &SquareRef, ()| {
                let cards = sh.view(lua, "square:cards", |v| {
                    Ok(v.field()
                        .iter()
                        .copied()
                        .filter(|&c| v.square(c) == Some(s.0))
                        .collect::<Vec<_>>())
                })?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("unit", move |lua, s: &SquareRef, p: Value| {
                let p = player_arg(lua, &p, "square:unit(player)")?;
                let c = sh.view(lua, "square:unit", |v| Ok(v.unit_at(p, s.0)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        reg.add_meta_method(MetaMethod::ToString, |_, s: &SquareRef, ()| Ok(s.0.to_string()));
        reg.add_meta_method(MetaMethod::Eq, |_, this: &SquareRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<SquareRef>().is_ok_and(|s| s.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _s: &SquareRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "square", &k))
        });
    })
}

/// The `game` table: queries about the game as a whole.
pub(crate) fn game_table(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "active",
            lua.create_function(move |lua, ()| {
                let p = sh.view(lua, "game.active", |v| Ok(v.active()))?;
                player_value(lua, &sh, p)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "phase",
            lua.create_function(move |lua, ()| {
                sh.view(lua, "game.phase", |v| {
                    Ok(convert::phase_name(v.game.phase()))
                })
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "turn",
            lua.create_function(move |lua, ()| sh.view(lua, "game.turn", |v| Ok(v.game.turn())))?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "field",
            lua.create_function(move |lua, ()| {
                let cards = sh.view(lua, "game.field", |v| Ok(v.field().to_vec()))?;
                card_list(lua, &sh, cards)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "square",
            lua.create_function(move |lua, name: Value| {
                let s = square_arg(lua, &name, "game.square(name)")?;
                square_value(lua, &sh, s)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "battle_squares",
            lua.create_function(move |lua, ()| {
                let t = lua.create_table()?;
                for (i, s) in Square::battle_squares().enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, s)?)?;
                }
                Ok(t)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "base_squares",
            lua.create_function(move |lua, p: Value| {
                let p = player_arg(lua, &p, "game.base_squares(player)")?;
                let t = lua.create_table()?;
                for (i, s) in Square::base_squares(p).enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, s)?)?;
                }
                Ok(t)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "player",
            lua.create_function(
                move |lua, n: Value| match int_arg(lua, &n, "game.player(n)")? {
                    1 => player_value(lua, &sh, Player::One),
                    2 => player_value(lua, &sh, Player::Two),
                    other => Err(misuse(
                        lua,
                        format!("game.player({other}): players are 1 and 2"),
                    )),
                },
            )?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "recall",
            lua.create_function(move |lua, (k, scope): (Value, Value)| {
                let what = "game.recall(key, scope)";
                let key = mem_key(lua, &k, what)?;
                let scope = mem_scope(lua, &scope, None, what)?;
                let m = sh.view(lua, "game.recall", |v| Ok(recalled(v, scope, key)))?;
                mem_value(lua, &sh, m)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "battle",
            lua.create_function(move |lua, ()| {
                let b = sh.view(lua, "game.battle", |v| Ok(v.game.battle().cloned()))?;
                let Some(b) = b else { return Ok(Value::Nil) };
                let t = lua.create_table()?;
                t.raw_set("square", square_value(lua, &sh, b.square)?)?;
                let [f0, f1] = b.fighters;
                let (att, def) = if f1.attacker && !f0.attacker {
                    (f1, f0)
                } else {
                    (f0, f1)
                };
                t.raw_set("attacker", card_value(lua, &sh, att.unit.card)?)?;
                t.raw_set("defender", card_value(lua, &sh, def.unit.card)?)?;
                t.raw_set("step", step_name(b.step))?;
                Ok(Value::Table(t))
            })?,
        )?;
    }
    Ok(t)
}

fn step_name(s: dzero_core::BattleStep) -> &'static str {
    match s {
        dzero_core::BattleStep::First => "first",
        dzero_core::BattleStep::Second => "second",
        dzero_core::BattleStep::End => "end",
    }
}

/// The `target` table: `target.unit{...}`, `target.base{...}`, `target.unit_or_base{...}`.
pub(crate) fn target_table(lua: &Lua) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (name, kind) in [
        ("unit", TargetKind::Unit),
        ("base", TargetKind::Base),
        ("unit_or_base", TargetKind::UnitOrBase),
    ] {
        t.raw_set(
            name,
            lua.create_function(move |lua, opts: Value| target_desc(lua, kind, name, &opts))?,
        )?;
    }
    crate::targeting::add_target_kinds(lua, &t)?;
    Ok(t)
}

pub(crate) fn target_desc(
    lua: &Lua,
    kind: TargetKind,
    name: &str,
    opts: &Value,
) -> mlua::Result<AnyUserData> {
    let what = format!("target.{name}");
    let mut desc = TargetDesc {
        kind,
        side: Side::Any,
        count: 1,
        up_to: false,
    };
    let mut filter = None;
    match opts {
        Value::Nil => {}
        Value::Table(t) => {
            for pair in t.pairs::<Value, Value>() {
                let (k, v) = pair?;
                let key = str_arg(lua, &k, &what)?;
                match key.as_str() {
                    "side" => {
                        let s = str_arg(lua, &v, &format!("{what}{{side}}"))?;
                        desc.side = convert::side(&s).ok_or_else(|| {
                            misuse(lua, format!("{what}: side must be \"any\", \"own\" or \"opponent\", not '{s}'"))
                        })?;
                    }
                    "count" => {
                        let n = int_arg(lua, &v, &format!("{what}{{count}}"))?;
                        if !(1..=dzero_core::MAX_TARGETS as i64).contains(&n) {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: count must be 1..{}, not {n}",
                                    dzero_core::MAX_TARGETS
                                ),
                            ));
                        }
                        desc.count = n as u8;
                    }
                    "up_to" => {
                        desc.up_to = v.as_boolean().ok_or_else(|| {
                            misuse(lua, format!("{what}: up_to must be true or false"))
                        })?;
                    }
                    "filter" => match v {
                        Value::Function(f) => filter = Some(f),
                        other => {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: filter must be a function(self, candidate), got {}",
                                    type_name(&other)
                                ),
                            ));
                        }
                    },
                    other => {
                        if !crate::targeting::kind_option(lua, &mut desc, other, &v, &what)? {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: unknown option '{other}' (side, count, up_to, \
                                     filter, zone, kind)"
                                ),
                            ));
                        }
                    }
                }
            }
        }
        other => {
            return Err(misuse(
                lua,
                format!("{what}: options must be a table, got {}", type_name(other)),
            ));
        }
    }
    let ud = lua.create_any_userdata(desc)?;
    if let Some(f) = filter {
        ud.set_user_value(f)?;
    }
    Ok(ud)
}

/// The script name of an event kind, with its index in [`EVENT_KINDS`].
pub(crate) const EVENT_KINDS: [&str; 33] = [
    "turn_began",
    "phase_began",
    "mulligan",
    "drew",
    "moved",
    "placed",
    "destroyed",
    "damaged",
    "frozen",
    "released",
    "stacked",
    "resolved",
    "passed",
    "battle_began",
    "battle_step",
    "battle_ended",
    "smashed",
    "plan_opened",
    "shuffled",
    "triggered",
    "trigger_voided",
    "effect_failed",
    "game_over",
    "phase_ended",
    "plan_closed",
    "turn_ending",
    "played",
    "targeted",
    "countered",
    "rolled",
    "revealed",
    "bottomed",
    "token_moved",
];

/// The index in [`EVENT_KINDS`] of an event.
pub(crate) fn event_kind(e: &Event) -> usize {
    usize::from(dzero_core::EventKinds::index(e))
}

/// The cards an event is about (for `card = "self"` conditions).
pub(crate) fn event_cards(e: &Event) -> [Option<CardId>; 2] {
    match *e {
        Event::Drew { card, .. }
        | Event::Moved { card, .. }
        | Event::Placed { card, .. }
        | Event::Destroyed { card, .. }
        | Event::Damaged { card, .. }
        | Event::Frozen { card }
        | Event::Released { card }
        | Event::PlanOpened { card, .. }
        | Event::PlanClosed { card, .. }
        | Event::Triggered { card }
        | Event::TriggerVoided { card } => [Some(card), None],
        Event::Targeted { target, .. } => [target.card(), None],
        Event::Stacked { card, .. }
        | Event::Resolved { card, .. }
        | Event::Countered { card, .. }
        | Event::EffectFailed { card, .. } => [card, None],
        Event::BattleBegan {
            attacker, defender, ..
        } => [Some(attacker), Some(defender)],
        Event::BattleEnded { winner, .. } => [winner, None],
        Event::Smashed { unit, .. } => [Some(unit), None],
        _ => [None, None],
    }
}

/// The player an event is about (for `player = "me"` conditions).
pub(crate) fn event_player(e: &Event) -> Option<Player> {
    match *e {
        Event::TurnBegan { player, .. }
        | Event::TurnEnding { player, .. }
        | Event::Mulligan { player }
        | Event::Drew { player, .. }
        | Event::Stacked { player, .. }
        | Event::Targeted { player, .. }
        | Event::Passed { player }
        | Event::PlanOpened { player, .. }
        | Event::PlanClosed { player, .. }
        | Event::Shuffled { player } => Some(player),
        Event::Smashed { victim, .. } => Some(victim),
        _ => None,
    }
}

fn tag_name(t: ItemTag) -> &'static str {
    match t {
        ItemTag::Play => "play",
        ItemTag::CreatePlan => "create_plan",
        ItemTag::UpdatePlan => "update_plan",
        ItemTag::Move => "move",
        ItemTag::Activated => "activated",
        ItemTag::Triggered => "triggered",
        ItemTag::Damage => "damage",
        ItemTag::Roll => "roll",
    }
}

fn loc_fields(lua: &Lua, sh: &Shared, t: &Table, prefix: &str, l: Loc) -> mlua::Result<()> {
    t.raw_set(prefix, convert::zone_name(l.zone()))?;
    if let Some(s) = l.square() {
        t.raw_set(format!("{prefix}_square"), square_value(lua, sh, s)?)?;
    }
    Ok(())
}

/// An event as a Lua table: `kind` plus the event's fields.
pub(crate) fn event_table(lua: &Lua, sh: &Shared, e: &Event) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("kind", EVENT_KINDS[event_kind(e)])?;
    let card = |t: &Table, k: &str, c: CardId| -> mlua::Result<()> {
        t.raw_set(k, card_value(lua, sh, c)?)
    };
    let player = |t: &Table, k: &str, p: Player| -> mlua::Result<()> {
        t.raw_set(k, player_value(lua, sh, p)?)
    };
    let square = |t: &Table, k: &str, s: Square| -> mlua::Result<()> {
        t.raw_set(k, square_value(lua, sh, s)?)
    };
    match *e {
        Event::TurnBegan { player: p, turn } | Event::TurnEnding { player: p, turn } => {
            player(&t, "player", p)?;
            t.raw_set("turn", turn)?;
        }
        Event::PhaseBegan { phase } | Event::PhaseEnded { phase } => {
            t.raw_set("phase", convert::phase_name(phase))?
        }
        Event::Mulligan { player: p }
        | Event::Passed { player: p }
        | Event::Shuffled { player: p } => player(&t, "player", p)?,
        Event::Drew { player: p, card: c }
        | Event::PlanOpened { player: p, card: c }
        | Event::PlanClosed { player: p, card: c } => {
            player(&t, "player", p)?;
            card(&t, "card", c)?;
        }
        Event::Moved {
            card: c,
            from,
            to,
            arrival,
        } => {
            card(&t, "card", c)?;
            loc_fields(lua, sh, &t, "from", from)?;
            loc_fields(lua, sh, &t, "to", to)?;
            crate::provenance::arrival_fields(lua, sh, &t, c, arrival, false)?;
        }
        Event::Placed {
            card: c,
            square: s,
            played,
            arrival,
        } => {
            card(&t, "card", c)?;
            square(&t, "square", s)?;
            t.raw_set("played", played)?;
            crate::provenance::arrival_fields(lua, sh, &t, c, arrival, true)?;
        }
        Event::Destroyed { card: c, square: s } => {
            card(&t, "card", c)?;
            square(&t, "square", s)?;
        }
        Event::Damaged {
            card: c,
            amount,
            source,
        } => {
            card(&t, "card", c)?;
            t.raw_set("amount", amount)?;
            if let Some(s) = source {
                card(&t, "source", s)?;
            }
        }
        Event::Frozen { card: c }
        | Event::Released { card: c }
        | Event::Triggered { card: c }
        | Event::TriggerVoided { card: c } => card(&t, "card", c)?,
        Event::Stacked {
            player: p,
            tag,
            card: c,
        } => {
            player(&t, "player", p)?;
            t.raw_set("tag", tag_name(tag))?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::Resolved {
            tag,
            card: c,
            fizzled,
        } => {
            t.raw_set("tag", tag_name(tag))?;
            t.raw_set("fizzled", fizzled)?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::Targeted {
            target,
            tag,
            by,
            player: p,
        } => {
            t.raw_set("target", crate::targeting::target_value(lua, sh, target)?)?;
            if let Some(c) = target.card() {
                card(&t, "card", c)?;
            }
            t.raw_set("tag", tag_name(tag))?;
            if let Some(b) = by {
                card(&t, "by", b)?;
            }
            player(&t, "player", p)?;
        }
        Event::Countered { tag, card: c, by } => {
            t.raw_set("tag", tag_name(tag))?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
            if let Some(b) = by {
                card(&t, "by", b)?;
            }
        }
        Event::BattleBegan {
            square: s,
            attacker,
            defender,
        } => {
            square(&t, "square", s)?;
            card(&t, "attacker", attacker)?;
            card(&t, "defender", defender)?;
        }
        Event::BattleStepBegan { step } => t.raw_set("step", step_name(step))?,
        Event::Rolled { player: p, face } => {
            player(&t, "player", p)?;
            t.raw_set("face", convert::face_name(face))?;
        }
        Event::Revealed { card: c, at, setup } => {
            card(&t, "card", c)?;
            t.raw_set("setup", setup)?;
            if let Some(at) = at {
                t.raw_set("row", at.row)?;
                t.raw_set("col", at.col)?;
            }
        }
        Event::Bottomed { card: c } => card(&t, "card", c)?,
        Event::TokenMoved { from, to } => {
            t.raw_set("from_row", from.row)?;
            t.raw_set("from_col", from.col)?;
            t.raw_set("row", to.row)?;
            t.raw_set("col", to.col)?;
        }
        Event::BattleEnded { square: s, winner } => {
            square(&t, "square", s)?;
            if let Some(w) = winner {
                card(&t, "winner", w)?;
            }
        }
        Event::Smashed {
            unit,
            victim,
            cards,
        } => {
            card(&t, "card", unit)?;
            card(&t, "unit", unit)?;
            player(&t, "victim", victim)?;
            t.raw_set("cards", cards)?;
        }
        Event::EffectFailed { card: c, .. } => {
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::GameOver { result } => match result {
            dzero_core::GameResult::Win(p) => player(&t, "winner", p)?,
            dzero_core::GameResult::Draw => t.raw_set("draw", true)?,
        },
    }
    Ok(t)
}

/// Whether `card` matches a built-in `applies_to` / `card =` relation to `me`.
pub(crate) fn relation_holds(v: &View<'_>, rel: Relation, me: CardId, card: CardId) -> bool {
    if !v.exists(card) || !v.exists(me) {
        return false;
    }
    let unit_in_play =
        || v.def(card).kind == CardKind::Unit && v.square(card).is_some_and(Square::is_battle);
    match rel {
        Relation::Me => card == me,
        Relation::Own => v.controller(card) == v.controller(me),
        Relation::Opponent => v.controller(card) != v.controller(me),
        Relation::Any => true,
        Relation::OwnUnits => v.controller(card) == v.controller(me) && unit_in_play(),
        Relation::OpponentUnits => v.controller(card) != v.controller(me) && unit_in_play(),
        Relation::Units => unit_in_play(),
        Relation::LineUnits => {
            unit_in_play()
                && v.controller(card) == v.controller(me)
                && matches!((v.square(me), v.square(card)), (Some(a), Some(b)) if a.same_line(b))
        }
        Relation::AdjacentUnits => {
            unit_in_play()
                && matches!((v.square(me), v.square(card)), (Some(a), Some(b)) if a.adjacent(b))
        }
    }
}

/// A built-in relation between a card and the ability's own card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Relation {
    /// The card itself.
    Me,
    /// Cards of the same controller (owner outside the squares).
    Own,
    /// Cards of the other player.
    Opponent,
    /// Any card.
    Any,
    /// The controller's units in the battle space.
    OwnUnits,
    /// The opponent's units in the battle space.
    OpponentUnits,
    /// All units in the battle space.
    Units,
    /// The controller's units in the same line as this card.
    LineUnits,
    /// Units in squares adjacent to this card's square.
    AdjacentUnits,
}

impl Relation {
    /// Parses a relation name.
    pub(crate) fn parse(name: &str) -> Option<Relation> {
        Some(match name {
            "self" | "me" => Relation::Me,
            "own" | "mine" => Relation::Own,
            "opponent" | "theirs" => Relation::Opponent,
            "any" => Relation::Any,
            "own_units" => Relation::OwnUnits,
            "opponent_units" => Relation::OpponentUnits,
            "units" => Relation::Units,
            "line_units" => Relation::LineUnits,
            "adjacent_units" => Relation::AdjacentUnits,
            _ => return None,
        })
    }
}
