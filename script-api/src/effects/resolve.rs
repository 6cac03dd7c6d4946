//! The effect handle `g`: what a resolving Lua effect can do. Each function borrows the
//! [`Resolve`](dzero_core::Resolve) only for its own duration and never calls Lua while holding it.

use crate::context::{Shared, copied_string};
use crate::docs::{Class, Entry, entry};
use crate::effects::args::{
    check_self, current, dest_arg, duration, exists, keywords_arg, prompt_arg,
};
use crate::effects::placement::{square_kind_ok, square_ok};
use crate::effects::suspend::{choice_result, effect_error_text, suspend_marker};
use crate::error::misuse;
use crate::objects::args::{
    card_arg, card_list_arg, i32_arg, int_arg, item_arg, object_arg, player_arg, square_arg,
    str_arg,
};
use crate::objects::memory::{mem_key, mem_scope, mem_value_arg};
use crate::objects::values::{CardRef, card_list, card_value, square_value};
use dzero_core::{CardId, Change, ChoiceOption, Dest, Duration, Zone};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

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
        let (c, pin) = object_arg(lua, arg(&a, 1), "g:damage(card, amount)")?;
        let n = i32_arg(lua, arg(&a, 2), "g:damage(card, amount)")?;
        sh.resolve(lua, "damage", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
            Ok(r.damage(c, n))
        })
    });
    def!("counter", |lua, sh, a| {
        let id = item_arg(lua, arg(&a, 1), "g:counter(item)")?;
        sh.resolve(lua, "counter", |r| Ok(r.counter(id)))
    });
    def!("take_control", |lua, sh, a| {
        let what = "g:take_control(unit, duration)";
        let (c, pin) = object_arg(lua, arg(&a, 1), what)?;
        sh.resolve(lua, "take_control", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
            // 「コントロールを得る」 without a duration lasts: nil is indefinite here.
            let until = match arg(&a, 2) {
                Value::Nil => Some(Duration::Indefinite),
                v => duration(lua, r, v, what)?,
            };
            Ok(until.is_some_and(|until| r.take_control(c, until)))
        })
    });
    def!("destroy", |lua, sh, a| {
        let (c, pin) = object_arg(lua, arg(&a, 1), "g:destroy(card)")?;
        sh.resolve(lua, "destroy", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
                let (c, pin) = object_arg(lua, arg(&a, 1), &what)?;
                let v = arg(&a, 2);
                let change = match name {
                    "boost" => Change::Power(i32_arg(lua, v, &what)?),
                    "smash_boost" => Change::Smash(i32_arg(lua, v, &what)?),
                    "grant" => Change::Grant(keywords_arg(lua, v, &what)?),
                    _ => Change::Revoke(keywords_arg(lua, v, &what)?),
                };
                sh.resolve(lua, name, |r| {
                    if !current(lua, r, c, pin)? {
                        return Ok(Default::default());
                    }
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
        let (c, pin) = object_arg(lua, arg(&a, 1), what)?;
        let key = mem_key(lua, arg(&a, 2), what)?;
        let scope = mem_scope(lua, arg(&a, 4), Some(c), what)?;
        sh.resolve(lua, "remember", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
        let (c, pin) = object_arg(lua, arg(&a, 1), what)?;
        let name = str_arg(lua, arg(&a, 2), what)?;
        sh.resolve(lua, "grant_ability", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
        let (c, pin) = object_arg(lua, arg(&a, 1), "g:freeze(card)")?;
        sh.resolve(lua, "freeze", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
            Ok(r.freeze(c))
        })
    });
    def!("release", |lua, sh, a| {
        let (c, pin) = object_arg(lua, arg(&a, 1), "g:release(card)")?;
        sh.resolve(lua, "release", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
        let (c, pin) = object_arg(lua, arg(&a, 1), "g:discard(card)")?;
        sh.resolve(lua, "discard", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
            if !r.view().in_zone(c, Zone::Hand) {
                return Ok(false);
            }
            Ok(r.put(c, Dest::Graveyard))
        })
    });
    def!("put", |lua, sh, a| {
        let what = "g:put(card, destination, frozen)";
        let (c, pin) = object_arg(lua, arg(&a, 1), what)?;
        let frozen = arg(&a, 3).as_boolean().unwrap_or(false);
        let dest = dest_arg(lua, arg(&a, 2), frozen, what)?;
        sh.resolve(lua, "put", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
        let (c, pin) = object_arg(lua, arg(&a, 1), what)?;
        let sq = square_arg(lua, arg(&a, 2), what)?;
        sh.resolve(lua, "move", |r| {
            if !current(lua, r, c, pin)? {
                return Ok(Default::default());
            }
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
                .map_err(|e| misuse(lua, format!("{what}: {}", effect_error_text(&e))))
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
                Value::String(s) => ChoiceOption::Label(copied_string(lua, s, what)?),
                Value::Integer(n) => ChoiceOption::Number(i32::try_from(*n).unwrap_or(0)),
                Value::UserData(ud) if ud.is::<CardRef>() => {
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
        let prompt = prompt_arg(lua, arg(&a, 3), "choose an option", what)?;
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
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a card", what)?;
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
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a square", what)?;
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
        let what = "g:yes_no(player, prompt)";
        let p = player_arg(lua, arg(&a, 1), what)?;
        let prompt = prompt_arg(lua, arg(&a, 2), "yes or no?", what)?;
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
        let prompt = prompt_arg(lua, arg(&a, 3), "choose a card from your deck", what)?;
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
    crate::effects::show::add_show(lua, sh, &t)?;
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

/// Documents the `Resolve` class.
pub(crate) const RESOLVE_CLASS: Class = Class {
    name: "Resolve",
    reached: "`g` in `resolve = function(g, e)`",
    doc: "What a resolving effect can do. Only valid while the effect resolves. Choices block the script: the engine suspends the effect, asks the player, then re-runs it from the start with the answers, so effects must be deterministic.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
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
    entry!(
        "Resolve",
        Method,
        "counter",
        [("item", "StackItem")],
        "boolean",
        "Counters an item of the current stack (「解決を失敗させる」, 「無効にする」): it leaves the stack without resolving; a played card goes to its owner\'s graveyard; a negated move leaves the unit in place, its cost paid. It counts as resolved to no purpose (R7.5, R7.7). False if it is gone or is battle damage.",
        "g:counter(e.target)"
    ),
];
