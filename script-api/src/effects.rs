//! The effect handle `g`: what a resolving Lua effect can do. Each function borrows the
//! [`Resolve`] only for its own duration and never calls Lua while holding it.

use crate::convert;
use crate::objects::{
    card_arg, card_list, card_list_arg, card_value, event_table, i32_arg, int_arg, mem_key,
    mem_scope, mem_value_arg, player_arg, player_value, square_arg, square_value, str_arg,
};
use crate::runtime::{Shared, misuse};
use dzero_core::{
    CardId, CardKind, Change, ChoiceOption, Dest, Duration, EffectError, Keywords, Player, Resolve,
    Square, TargetRef, View, Zone,
};
use dzero_text::{Lang, Text};
use mlua::{Function, LightUserData, Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// The marker a choice function returns when the effect must suspend; the Lua wrapper yields it.
static SUSPEND_MARK: u8 = 0;

/// The suspension marker as a Lua value.
pub(crate) fn suspend_marker() -> Value {
    Value::LightUserData(LightUserData(
        std::ptr::addr_of!(SUSPEND_MARK) as *mut std::ffi::c_void
    ))
}

/// Names of the `g` functions that may suspend (wrapped in Lua to yield).
pub(crate) const CHOICES: [&str; 5] =
    ["choose", "choose_card", "choose_square", "yes_no", "search"];

fn check_self(lua: &Lua, v: &Value, name: &str) -> mlua::Result<()> {
    match v {
        Value::Table(_) => Ok(()),
        _ => Err(misuse(
            lua,
            format!("call it as g:{name}(...) with a colon, not g.{name}(...)"),
        )),
    }
}

fn exists(lua: &Lua, r: &Resolve<'_>, c: CardId) -> mlua::Result<()> {
    if r.view().exists(c) {
        Ok(())
    } else {
        Err(misuse(
            lua,
            format!("card #{} is not a card of this game", c.0),
        ))
    }
}

/// Parses a duration: nil / "end_of_turn", "end_of_battle", "end_of_your_next_turn",
/// "while_source_in_play", "indefinite", or a card (while that card stays in play). None:
/// "end_of_battle" outside a battle, a duration that is already over.
fn duration(lua: &Lua, r: &Resolve<'_>, v: &Value, what: &str) -> mlua::Result<Option<Duration>> {
    match v {
        Value::Nil => Ok(Some(Duration::EndOfTurn)),
        Value::String(s) => match s.to_string_lossy().as_str() {
            "end_of_turn" | "until_end_of_turn" => Ok(Some(Duration::EndOfTurn)),
            "while_source_in_play" | "while_in_play" | "while_this_in_play" => {
                Ok(Some(r.while_source_in_play()))
            }
            "indefinite" | "while_subject_in_play" => Ok(Some(Duration::Indefinite)),
            "end_of_battle" | "until_end_of_battle" => Ok(r.until_end_of_battle()),
            "end_of_your_next_turn" | "until_end_of_your_next_turn" => {
                Ok(Some(r.until_end_of_next_turn(r.controller())))
            }
            other => Err(misuse(
                lua,
                format!(
                    "{what}: unknown duration '{other}' (\"end_of_turn\", \"end_of_battle\", \
                     \"end_of_your_next_turn\", \"while_source_in_play\", \"indefinite\" or \
                     a card)"
                ),
            )),
        },
        Value::UserData(_) => {
            let c = card_arg(lua, v, what)?;
            let inc =
                r.view().game.card_state(c).map(|s| s.inc).ok_or_else(|| {
                    misuse(lua, format!("card #{} is not a card of this game", c.0))
                })?;
            Ok(Some(Duration::WhileInPlay(TargetRef { card: c, inc })))
        }
        other => Err(misuse(
            lua,
            format!("{what}: a duration was expected, got {}", other.type_name()),
        )),
    }
}

/// The result of granting `name`: an error naming it when the card declares no such ability.
fn granted(lua: &Lua, done: bool, name: &str) -> mlua::Result<bool> {
    if done {
        Ok(true)
    } else {
        Err(misuse(
            lua,
            format!(
                "this card declares no grantable ability named '{name}' (declare it with \
                 card:grantable {{ name = \"{name}\", ... }})"
            ),
        ))
    }
}

fn keywords_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Keywords> {
    let one = |v: &Value| -> mlua::Result<Keywords> {
        let n = str_arg(lua, v, what)?;
        convert::keyword(&n)
            .ok_or_else(|| misuse(lua, format!("{what}: {}", convert::unknown_keyword(&n))))
    };
    match v {
        Value::Table(t) => {
            let mut k = Keywords::NONE;
            for i in 1..=t.raw_len() {
                k = k.with(one(&t.raw_get(i)?)?);
            }
            Ok(k)
        }
        v => one(v),
    }
}

/// Where `g:put` sends a card.
fn dest_arg(lua: &Lua, v: &Value, frozen: bool, what: &str) -> mlua::Result<Dest> {
    if let Value::String(s) = v {
        let name = s.to_string_lossy();
        let d = match name.as_str() {
            "deck_top" | "deck" => Some(Dest::DeckTop),
            "deck_bottom" => Some(Dest::DeckBottom),
            "hand" => Some(Dest::Hand),
            "graveyard" => Some(Dest::Graveyard),
            "energy" => Some(Dest::Energy),
            "smash" => Some(Dest::Smash),
            "remove" => Some(Dest::Remove),
            _ => None,
        };
        if let Some(d) = d {
            return Ok(d);
        }
    }
    let sq = square_arg(lua, v, what).map_err(|_| {
        misuse(
            lua,
            format!(
                "{what}: a destination was expected: \"deck_top\", \"deck_bottom\", \"hand\", \
                 \"graveyard\", \"energy\", \"smash\", \"remove\" or a square"
            ),
        )
    })?;
    Ok(Dest::Square(sq, frozen))
}

/// Whether `card` may be put into `sq` (units: battle squares; bases: their owner's base space,
/// free of another base).
fn square_ok(v: &View<'_>, card: CardId, sq: Square) -> Result<(), String> {
    square_kind_ok(v, card, sq)?;
    let taken = v.def(card).kind == CardKind::Base
        && v.field()
            .iter()
            .any(|&c| c != card && v.square(c) == Some(sq) && v.def(c).kind == CardKind::Base);
    if taken {
        Err(format!("base square {sq} already holds a base"))
    } else {
        Ok(())
    }
}

/// Whether `card` is of a kind `sq` takes (units: battle squares; bases: their owner's base
/// space), occupied or not.
fn square_kind_ok(v: &View<'_>, card: CardId, sq: Square) -> Result<(), String> {
    match v.def(card).kind {
        CardKind::Unit if sq.is_battle() => Ok(()),
        CardKind::Unit => Err(format!("a unit cannot be put into base square {sq}")),
        CardKind::Base if sq.base_owner() == Some(v.owner(card)) => Ok(()),
        CardKind::Base => Err(format!(
            "a base can only be put into its owner's base space, not {sq}"
        )),
        CardKind::Strategy => Err("a strategy cannot be put into a square".into()),
        CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {
            Err("dimensions and phenomena stay in the command zone (R19.8)".into())
        }
    }
}

/// Converts the outcome of a core choice into a Lua result (the marker when suspended).
fn choice_result(
    lua: &Lua,
    sh: &Shared,
    res: Result<Option<usize>, EffectError>,
) -> mlua::Result<Option<usize>> {
    match res {
        Ok(v) => Ok(v),
        Err(EffectError::Suspended) => {
            sh.suspended.set(true);
            Ok(None)
        }
        Err(e) => Err(misuse(
            lua,
            sh.view(lua, "g:choose", |v| Ok(effect_error_text(v, &e)))?,
        )),
    }
}

/// A core call's error as a script error's text: its failure in English (dzero-text).
fn effect_error_text(view: &View<'_>, e: &EffectError) -> String {
    match e {
        EffectError::Failed(f) => Text::new(view.game, view.db, Lang::En).failure(f),
        EffectError::Suspended => "the effect is waiting for a choice".into(),
    }
}

fn prompt_arg(lua: &Lua, v: &Value, default: &str) -> mlua::Result<String> {
    match v {
        Value::Nil => Ok(default.to_owned()),
        v => str_arg(lua, v, "prompt"),
    }
}

/// Builds the raw `g` function table (the prelude wraps the choice functions).
pub(crate) fn g_table(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    macro_rules! def {
        ($name:literal, |$lua:ident, $sh:ident, $args:ident| $body:expr) => {{
            let $sh = Rc::clone(sh);
            t.raw_set(
                $name,
                lua.create_function(move |$lua, $args: MultiValue| {
                    let $args: Vec<Value> = $args.into_vec();
                    check_self($lua, $args.first().unwrap_or(&Value::Nil), $name)?;
                    $body
                })?,
            )?;
        }};
    }
    fn arg(a: &[Value], i: usize) -> &Value {
        a.get(i).unwrap_or(&Value::Nil)
    }

    def!("damage", |lua, sh, a| {
        let c = card_arg(lua, arg(&a, 1), "g:damage(card, amount)")?;
        let n = i32_arg(lua, arg(&a, 2), "g:damage(card, amount)")?;
        sh.resolve(lua, "damage", |r| {
            exists(lua, r, c)?;
            Ok(r.damage(c, n))
        })
    });
    def!("counter", |lua, sh, a| {
        let id = crate::targeting::item_arg(lua, arg(&a, 1), "g:counter(item)")?;
        sh.resolve(lua, "counter", |r| Ok(r.counter(id)))
    });
    def!("take_control", |lua, sh, a| {
        let what = "g:take_control(unit, duration)";
        let c = card_arg(lua, arg(&a, 1), what)?;
        sh.resolve(lua, "take_control", |r| {
            exists(lua, r, c)?;
            // 「コントロールを得る」 without a duration lasts: nil is indefinite here.
            let until = match arg(&a, 2) {
                Value::Nil => Some(Duration::Indefinite),
                v => duration(lua, r, v, what)?,
            };
            Ok(until.is_some_and(|until| r.take_control(c, until)))
        })
    });
    def!("destroy", |lua, sh, a| {
        let c = card_arg(lua, arg(&a, 1), "g:destroy(card)")?;
        sh.resolve(lua, "destroy", |r| {
            exists(lua, r, c)?;
            Ok(r.destroy(c))
        })
    });
    // Changes until a duration: power or smash by a delta, keywords granted or revoked.
    for (name, arg_name) in [
        ("boost", "delta"),
        ("smash_boost", "delta"),
        ("grant", "keyword"),
        ("revoke", "keyword"),
    ] {
        let sh = Rc::clone(sh);
        t.raw_set(
            name,
            lua.create_function(move |lua, a: MultiValue| {
                let a = a.into_vec();
                check_self(lua, arg(&a, 0), name)?;
                let what = format!("g:{name}(card, {arg_name}, duration)");
                let c = card_arg(lua, arg(&a, 1), &what)?;
                let v = arg(&a, 2);
                let change = match name {
                    "boost" => Change::Power(i32_arg(lua, v, &what)?),
                    "smash_boost" => Change::Smash(i32_arg(lua, v, &what)?),
                    "grant" => Change::Grant(keywords_arg(lua, v, &what)?),
                    _ => Change::Revoke(keywords_arg(lua, v, &what)?),
                };
                sh.resolve(lua, name, |r| {
                    exists(lua, r, c)?;
                    // Outside a battle, "until end of battle" gives the change no time.
                    Ok(duration(lua, r, arg(&a, 3), &what)?
                        .is_some_and(|until| r.change(c, change, until)))
                })
            })?,
        )?;
    }
    // Engine-kept memory: part of the game state, so rolled back with a suspended or failed
    // resolution.
    def!("remember", |lua, sh, a| {
        let what = "g:remember(card, key, value, scope)";
        let c = card_arg(lua, arg(&a, 1), what)?;
        let key = mem_key(lua, arg(&a, 2), what)?;
        let scope = mem_scope(lua, arg(&a, 4), Some(c), what)?;
        sh.resolve(lua, "remember", |r| {
            exists(lua, r, c)?;
            let value = mem_value_arg(lua, &r.view(), arg(&a, 3), what)?;
            Ok(r.remember(scope, key, value))
        })
    });
    def!("remember_game", |lua, sh, a| {
        let what = "g:remember_game(key, value, scope)";
        let key = mem_key(lua, arg(&a, 1), what)?;
        let scope = mem_scope(lua, arg(&a, 3), None, what)?;
        sh.resolve(lua, "remember_game", |r| {
            let value = mem_value_arg(lua, &r.view(), arg(&a, 2), what)?;
            Ok(r.remember(scope, key, value))
        })
    });
    // Abilities the card declared with `card:grantable`, granted for a duration.
    def!("grant_ability", |lua, sh, a| {
        let what = "g:grant_ability(card, name, duration)";
        let c = card_arg(lua, arg(&a, 1), what)?;
        let name = str_arg(lua, arg(&a, 2), what)?;
        sh.resolve(lua, "grant_ability", |r| {
            exists(lua, r, c)?;
            let Some(until) = duration(lua, r, arg(&a, 3), what)? else {
                return Ok(false);
            };
            granted(lua, r.grant_ability(Some(c), &name, until, false), &name)
        })
    });
    def!("add_rule", |lua, sh, a| {
        let what = "g:add_rule(name, duration)";
        let name = str_arg(lua, arg(&a, 1), what)?;
        sh.resolve(lua, "add_rule", |r| {
            let Some(until) = duration(lua, r, arg(&a, 2), what)? else {
                return Ok(false);
            };
            granted(lua, r.grant_ability(None, &name, until, false), &name)
        })
    });
    def!("delay", |lua, sh, a| {
        let what = "g:delay(name, duration)";
        let name = str_arg(lua, arg(&a, 1), what)?;
        sh.resolve(lua, "delay", |r| {
            let until = match arg(&a, 2) {
                Value::Nil => Some(Duration::Indefinite),
                v => duration(lua, r, v, what)?,
            };
            let Some(until) = until else {
                return Ok(false);
            };
            granted(lua, r.grant_ability(None, &name, until, true), &name)
        })
    });
    def!("freeze", |lua, sh, a| {
        let c = card_arg(lua, arg(&a, 1), "g:freeze(card)")?;
        sh.resolve(lua, "freeze", |r| {
            exists(lua, r, c)?;
            Ok(r.freeze(c))
        })
    });
    def!("release", |lua, sh, a| {
        let c = card_arg(lua, arg(&a, 1), "g:release(card)")?;
        sh.resolve(lua, "release", |r| {
            exists(lua, r, c)?;
            Ok(r.release(c))
        })
    });
    def!("draw", |lua, sh, a| {
        let p = player_arg(lua, arg(&a, 1), "g:draw(player, n)")?;
        let n = match arg(&a, 2) {
            Value::Nil => 1,
            v => int_arg(lua, v, "g:draw(player, n)")?.clamp(0, 60) as u32,
        };
        sh.resolve(lua, "draw", |r| Ok(r.draw(p, n)))
    });
    def!("discard", |lua, sh, a| {
        let c = card_arg(lua, arg(&a, 1), "g:discard(card)")?;
        sh.resolve(lua, "discard", |r| {
            exists(lua, r, c)?;
            if !r.view().in_zone(c, Zone::Hand) {
                return Ok(false);
            }
            Ok(r.put(c, Dest::Graveyard))
        })
    });
    def!("put", |lua, sh, a| {
        let what = "g:put(card, destination, frozen)";
        let c = card_arg(lua, arg(&a, 1), what)?;
        let frozen = arg(&a, 3).as_boolean().unwrap_or(false);
        let dest = dest_arg(lua, arg(&a, 2), frozen, what)?;
        sh.resolve(lua, "put", |r| {
            exists(lua, r, c)?;
            if let Dest::Square(sq, _) = dest {
                square_ok(&r.view(), c, sq).map_err(|m| misuse(lua, format!("{what}: {m}")))?;
            }
            Ok(r.put(c, dest))
        })
    });
    // Several cards at the same time: their owners order them in a graveyard or deck (R1.7).
    def!("destroy_all", |lua, sh, a| {
        let what = "g:destroy_all(cards)";
        let cards = card_list_arg(lua, arg(&a, 1), what)?;
        sh.resolve(lua, "destroy_all", |r| {
            for &c in &cards {
                exists(lua, r, c)?;
            }
            Ok(r.destroy_all(&cards))
        })
    });
    def!("put_all", |lua, sh, a| {
        let what = "g:put_all(cards, destination)";
        let cards = card_list_arg(lua, arg(&a, 1), what)?;
        let dest = dest_arg(lua, arg(&a, 2), false, what)?;
        if let Dest::Square(..) = dest {
            return Err(misuse(
                lua,
                format!("{what}: a square holds one card; put cards into squares with g:put"),
            ));
        }
        sh.resolve(lua, "put_all", |r| {
            for &c in &cards {
                exists(lua, r, c)?;
            }
            Ok(r.put_all(&cards, dest))
        })
    });
    def!("put_together", |lua, sh, a| {
        let what = "g:put_together({ {card, square}, ... }, frozen)";
        let Value::Table(list) = arg(&a, 1) else {
            return Err(misuse(
                lua,
                format!("{what}: a list of {{card, square}} pairs was expected"),
            ));
        };
        let mut placements = Vec::new();
        for i in 1..=list.raw_len().min(64) {
            let Value::Table(pair) = list.raw_get::<Value>(i)? else {
                return Err(misuse(
                    lua,
                    format!("{what}: entry {i} is not a {{card, square}} pair"),
                ));
            };
            let c = card_arg(lua, &pair.raw_get::<Value>(1)?, what)?;
            let sq = square_arg(lua, &pair.raw_get::<Value>(2)?, what)?;
            placements.push((c, sq));
        }
        let frozen = !matches!(arg(&a, 2), Value::Boolean(false));
        sh.resolve(lua, "put_together", |r| {
            let v = r.view();
            // Occupied squares are fine: RE5 / RE6 decide who stays.
            for &(c, sq) in &placements {
                exists(lua, r, c)?;
                square_kind_ok(&v, c, sq).map_err(|m| misuse(lua, format!("{what}: {m}")))?;
            }
            Ok(r.put_together(&placements, frozen))
        })
    });
    def!("move", |lua, sh, a| {
        let what = "g:move(card, square)";
        let c = card_arg(lua, arg(&a, 1), what)?;
        let sq = square_arg(lua, arg(&a, 2), what)?;
        sh.resolve(lua, "move", |r| {
            exists(lua, r, c)?;
            let v = r.view();
            if v.square(c).is_none() {
                return Ok(false);
            }
            square_ok(&v, c, sq).map_err(|m| misuse(lua, format!("{what}: {m}")))?;
            let frozen = v.frozen(c);
            Ok(r.put(c, Dest::Square(sq, frozen)))
        })
    });
    def!("shuffle", |lua, sh, a| {
        let p = player_arg(lua, arg(&a, 1), "g:shuffle(player)")?;
        sh.resolve(lua, "shuffle", |r| {
            r.shuffle(p);
            Ok(())
        })
    });
    def!("random", |lua, sh, a| {
        let what = "g:random(n)";
        let n = int_arg(lua, arg(&a, 1), what)?;
        let n = u32::try_from(n)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| misuse(lua, format!("{what}: n must be at least 1, got {n}")))?;
        sh.resolve(lua, "random", |r| Ok(r.random(n)))
    });
    def!("look", |lua, sh, a| {
        let what = "g:look(player, n)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let n = int_arg(lua, arg(&a, 2), what)?.clamp(0, 60) as usize;
        let cards = sh.resolve(lua, "look", |r| Ok(r.top_cards(p, n)))?;
        card_list(lua, &sh, cards)
    });
    def!("reorder_top", |lua, sh, a| {
        let what = "g:reorder_top(player, cards)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let order = card_list_arg(lua, arg(&a, 2), what)?;
        sh.resolve(lua, "reorder_top", |r| {
            r.reorder_top(p, &order)
                .map_err(|e| misuse(lua, format!("{what}: {}", effect_error_text(&r.view(), &e))))
        })
    });
    def!("choose", |lua, sh, a| {
        let what = "g:choose(player, options, prompt)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let Value::Table(opts) = arg(&a, 2) else {
            return Err(misuse(lua, format!("{what}: options must be a list")));
        };
        let mut values = Vec::new();
        let mut options = Vec::new();
        for i in 1..=opts.raw_len() {
            let v: Value = opts.raw_get(i)?;
            let o = match &v {
                Value::String(s) => ChoiceOption::Label(s.to_string_lossy()),
                Value::Integer(n) => ChoiceOption::Number(i32::try_from(*n).unwrap_or(0)),
                Value::UserData(ud) if ud.is::<crate::objects::CardRef>() => {
                    ChoiceOption::Card(card_arg(lua, &v, what)?)
                }
                Value::UserData(_) => ChoiceOption::Square(square_arg(lua, &v, what)?),
                other => {
                    return Err(misuse(
                        lua,
                        format!(
                            "{what}: options[{i}] must be a string, an integer, a card or a square, not {}",
                            other.type_name()
                        ),
                    ));
                }
            };
            values.push(v);
            options.push(o);
        }
        let prompt = prompt_arg(lua, arg(&a, 3), "choose an option")?;
        let res = sh.resolve(lua, "choose", |r| Ok(r.choose(p, prompt.as_str(), options)))?;
        match choice_result(lua, &sh, res)? {
            _ if sh.suspended.get() => Ok(MultiValue::from_vec(vec![suspend_marker()])),
            Some(i) => Ok(MultiValue::from_vec(vec![
                values.get(i).cloned().unwrap_or(Value::Nil),
                Value::Integer(i as i64 + 1),
            ])),
            None => Ok(MultiValue::from_vec(vec![Value::Nil])),
        }
    });
    def!("choose_card", |lua, sh, a| {
        let what = "g:choose_card(player, cards, prompt)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let cards = card_list_arg(lua, arg(&a, 2), what)?;
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a card")?;
        let res = sh.resolve(lua, "choose_card", |r| {
            for &c in &cards {
                exists(lua, r, c)?;
            }
            let opts = cards.iter().map(|&c| ChoiceOption::Card(c)).collect();
            Ok(r.choose(p, prompt.as_str(), opts))
        })?;
        match choice_result(lua, &sh, res)? {
            _ if sh.suspended.get() => Ok(suspend_marker()),
            Some(i) => card_value(lua, &sh, cards[i]),
            None => Ok(Value::Nil),
        }
    });
    def!("choose_square", |lua, sh, a| {
        let what = "g:choose_square(player, squares, prompt)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let Value::Table(list) = arg(&a, 2) else {
            return Err(misuse(lua, format!("{what}: squares must be a list")));
        };
        let mut squares = Vec::new();
        for i in 1..=list.raw_len() {
            squares.push(square_arg(lua, &list.raw_get(i)?, what)?);
        }
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a square")?;
        let res = sh.resolve(lua, "choose_square", |r| {
            let opts = squares.iter().map(|&s| ChoiceOption::Square(s)).collect();
            Ok(r.choose(p, prompt.as_str(), opts))
        })?;
        match choice_result(lua, &sh, res)? {
            _ if sh.suspended.get() => Ok(suspend_marker()),
            Some(i) => square_value(lua, &sh, squares[i]),
            None => Ok(Value::Nil),
        }
    });
    def!("yes_no", |lua, sh, a| {
        let p = player_arg(lua, arg(&a, 1), "g:yes_no(player, prompt)")?;
        let prompt = prompt_arg(lua, arg(&a, 2), "yes or no?")?;
        let res = sh.resolve(lua, "yes_no", |r| {
            let opts = vec![
                ChoiceOption::Label("yes".into()),
                ChoiceOption::Label("no".into()),
            ];
            Ok(r.choose(p, prompt.as_str(), opts))
        })?;
        match choice_result(lua, &sh, res)? {
            _ if sh.suspended.get() => Ok(suspend_marker()),
            Some(i) => Ok(Value::Boolean(i == 0)),
            None => Ok(Value::Boolean(false)),
        }
    });
    def!("search", |lua, sh, a| {
        let what = "g:search(player, filter, prompt, destination)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let filter = match arg(&a, 2) {
            Value::Nil => None,
            Value::Function(f) => Some(f.clone()),
            other => {
                return Err(misuse(
                    lua,
                    format!(
                        "{what}: filter must be a function(card) or nil, not {}",
                        other.type_name()
                    ),
                ));
            }
        };
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a card from your deck")?;
        let dest = match arg(&a, 4) {
            Value::Nil => Dest::Hand,
            v => dest_arg(lua, v, false, what)?,
        };
        let deck = sh.view(lua, "g:search", |v| Ok(v.game.zone(p, Zone::Deck)))?;
        let candidates = filter_cards(lua, &sh, deck, filter.as_ref())?;
        let res = sh.resolve(lua, "search", |r| {
            let opts = candidates.iter().map(|&c| ChoiceOption::Card(c)).collect();
            Ok(r.choose(p, prompt.as_str(), opts))
        })?;
        let chosen = match choice_result(lua, &sh, res)? {
            _ if sh.suspended.get() => return Ok(suspend_marker()),
            Some(i) => Some(candidates[i]),
            None => None,
        };
        sh.resolve(lua, "search", |r| {
            if let Some(c) = chosen {
                if let Dest::Square(sq, _) = dest {
                    square_ok(&r.view(), c, sq).map_err(|m| misuse(lua, format!("{what}: {m}")))?;
                }
                r.put(c, dest);
            }
            r.shuffle(p);
            Ok(())
        })?;
        chosen.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
    });
    Ok(t)
}

/// Cards of `cards` for which `filter(card)` is truthy (all of them without a filter). Calls Lua
/// with no borrow of the game held.
fn filter_cards(
    lua: &Lua,
    sh: &Shared,
    cards: Vec<CardId>,
    filter: Option<&Function>,
) -> mlua::Result<Vec<CardId>> {
    let Some(f) = filter else { return Ok(cards) };
    let mut out = Vec::new();
    for c in cards {
        let v = card_value(lua, sh, c)?;
        if f.call::<Value>(v)?.as_boolean().unwrap_or(false) {
            out.push(c);
        }
    }
    Ok(out)
}

/// The effect-information table `e`: `me`, `controller`, `target`, `targets`, `x`, `event`,
/// `cost_square`, `from`.
pub(crate) fn effect_info(lua: &Lua, sh: &Shared) -> mlua::Result<Table> {
    type Info = (
        Option<CardId>,
        Player,
        Vec<dzero_core::Target>,
        u8,
        Option<dzero_core::Event>,
        Option<Square>,
        Option<dzero_core::Zone>,
    );
    let (source, controller, targets, x, event, cost_square, from): Info =
        sh.resolve(lua, "info", |r| {
            Ok((
                r.source(),
                r.controller(),
                r.chosen().to_vec(),
                r.x(),
                r.event(),
                r.cost_square(),
                r.played_from(),
            ))
        })?;
    let t = lua.create_table()?;
    if let Some(s) = source {
        t.raw_set("me", card_value(lua, sh, s)?)?;
    }
    t.raw_set("controller", player_value(lua, sh, controller)?)?;
    if let Some(&first) = targets.first() {
        t.raw_set("target", crate::targeting::target_value(lua, sh, first)?)?;
    }
    t.raw_set("targets", crate::targeting::target_list(lua, sh, &targets)?)?;
    t.raw_set("x", x)?;
    if let Some(e) = event {
        t.raw_set("event", event_table(lua, sh, &e)?)?;
    }
    if let Some(s) = cost_square {
        t.raw_set("cost_square", square_value(lua, sh, s)?)?;
    }
    if let Some(z) = from {
        t.raw_set("from", crate::convert::zone_name(z))?;
    }
    Ok(t)
}
