//! The JSON Schema (draft-07) of scenario files, for editors. The scenario reader's serde types
//! keep every value's location and accept shapes serde cannot describe (a card as a name or a
//! table), so the schema is written here; a test checks that its keys are exactly the keys the
//! reader accepts, table by table.

use crate::spec::REJECTIONS;
use serde_json::{Value, json};

fn string(description: &str) -> Value {
    json!({ "type": "string", "description": description })
}

fn strings(description: &str) -> Value {
    json!({ "type": "array", "items": { "type": "string" }, "description": description })
}

fn one_of(values: &[&str], description: &str) -> Value {
    json!({ "type": "string", "enum": values, "description": description })
}

fn integer(min: i64, description: &str) -> Value {
    json!({ "type": "integer", "minimum": min, "description": description })
}

/// A table of card reference = value.
fn per_card(value: Value, description: &str) -> Value {
    json!({ "type": "object", "additionalProperties": value, "description": description })
}

const PLAYER: [&str; 2] = ["P1", "P2"];

/// A setup entry: a card name, or a table with the card and its keys.
fn card_entry() -> Value {
    json!({
        "anyOf": [
            { "type": "string", "description": "the printed card name" },
            {
                "type": "object",
                "additionalProperties": false,
                "required": ["card"],
                "properties": {
                    "card": string("the printed card name"),
                    "at": string("the square (units and bases)"),
                    "label": string("a name for this one card in the steps"),
                    "count": { "type": "integer", "minimum": 1, "maximum": 200, "description": "that many copies" },
                    "frozen": { "type": "boolean", "description": "put frozen (sideways)" },
                    "damage": integer(0, "damage a unit has already taken this turn"),
                }
            }
        ]
    })
}

fn player() -> Value {
    let list = |d: &str| json!({ "type": "array", "items": card_entry(), "description": d });
    json!({
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "hand": list("the hand"),
            "deck": list("the deck, top first"),
            "deck_size": integer(0, "the deck's size; filler cards go under the listed ones"),
            "plan": card_entry(),
            "energy": list("the energy zone"),
            "smash": list("the smash zone"),
            "graveyard": list("the graveyard, top first"),
            "remove": list("the remove zone"),
            "units": list("units in battle squares (`at` required)"),
            "bases": list("bases in this player's base squares (`at` required)"),
        }
    })
}

/// A deck list: card names with copies.
fn deck_list(description: &str) -> Value {
    json!({
        "type": "array",
        "description": description,
        "items": {
            "anyOf": [
                { "type": "string", "description": "the printed card name" },
                {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["card"],
                    "properties": {
                        "card": string("the printed card name"),
                        "count": { "type": "integer", "minimum": 1, "maximum": 200, "description": "that many copies" },
                    }
                }
            ]
        }
    })
}

fn match_deck() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["deck"],
        "properties": {
            "deck": deck_list("the deck the match is played with"),
            "sideboard": deck_list("the sideboard (R2.3)"),
        }
    })
}

fn swap() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "out": strings("cards from the deck to the sideboard"),
            "into": strings("cards from the sideboard to the deck"),
        }
    })
}

fn distance() -> Value {
    json!({
        "type": "array",
        "description": "次元探索戦: steps between two places of the cross (R19.19, A40)",
        "items": {
            "type": "object",
            "additionalProperties": false,
            "required": ["from", "to", "steps"],
            "properties": {
                "from": string("a dimension, `token`, or a position"),
                "to": string("a dimension, `token`, or a position"),
                "steps": integer(0, "orthogonal steps between them"),
            }
        }
    })
}

fn deck_expectation() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["legal"],
        "description": "a deck list checked against the scenario's rule set (R2.1, R2.2, R19.4–R19.7)",
        "properties": {
            "cards": deck_list("the deck"),
            "dimensions": deck_list("the dimension deck, checked when given"),
            "legal": { "type": "boolean", "description": "whether the deck is legal" },
            "breaks": strings("the IDs of the rules an illegal deck breaks"),
            "reason": string("text the reason must contain"),
        }
    })
}

fn counts() -> Value {
    let n = |d: &str| integer(0, d);
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": "zone sizes of this player",
        "properties": {
            "hand": n("cards in hand"),
            "deck": n("cards in the deck"),
            "energy": n("cards in the energy zone"),
            "frozen_energy": n("frozen cards in the energy zone"),
            "smash": n("cards in the smash zone"),
            "graveyard": n("cards in the graveyard"),
            "remove": n("cards in the remove zone"),
            "field": n("cards of this player in squares"),
        }
    })
}

fn expect() -> Value {
    let mut v = json!({
        "type": "object",
        "additionalProperties": false,
        "description": "what must hold after the step",
        "properties": {
            "at": per_card(json!({ "type": "string" }), "where a card is: a square, hand, deck, plan, graveyard, energy, smash, remove, stack, command, bound or field"),
            "power": per_card(json!({ "type": "integer" }), "current power"),
            "damage": per_card(json!({ "type": "integer" }), "damage on a unit"),
            "frozen": per_card(json!({ "type": "boolean" }), "frozen (true) or released (false)"),
            "face_up": per_card(json!({ "type": "boolean" }), "lies face up (true) or face down (false), as its place says (R1.5)"),
            "keywords": per_card(json!({ "type": "array", "items": { "type": "string", "enum": ["accel", "haste", "hexproof", "shroud", "加速", "速攻"] } }), "has at least these keywords"),
            "keywords_exactly": per_card(json!({ "type": "array", "items": { "type": "string", "enum": ["accel", "haste", "hexproof", "shroud", "加速", "速攻"] } }), "has exactly these keywords, no other"),
            "resolved": per_card(json!({ "type": "string", "enum": ["resolved", "fizzled"] }), "an item from this card resolved during this step"),
            "stack": strings("the current stack, bottom first"),
            "pending": strings("the pending stack below the current battle, bottom first"),
            "priority": string("who holds priority: P1, P2 or none"),
            "decision": string("what the game waits for: act P1, energy P2, smash P1, mulligan P2, choose P1, over"),
            "phase": one_of(&["mulligan", "release", "draw", "energy", "main", "smash", "recovery"], "the phase"),
            "active": one_of(&PLAYER, "the active player"),
            "turn": integer(1, "the turn number"),
            "battle": string("the square of the battle in progress, or none"),
            "battle_step": one_of(&["first", "second", "end"], "the battle step"),
            "attackers": strings("the battle's attackers, in any order"),
            "offers": strings("the pending choice offers exactly these options; a combination of targets as `A + B`"),
            "legal": strings("these actions are among the legal actions"),
            "not_legal": strings("these actions are not among the legal actions"),
            "winner": string("the battle's winner, or none"),
            "battle_damage": {
                "type": "array",
                "description": "the parts of the topmost battle-damage item",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["from", "to", "amount"],
                    "properties": {
                        "from": string("the unit dealing the damage"),
                        "to": string("the unit receiving it"),
                        "amount": { "type": "integer" },
                    }
                }
            },
            "P1": counts(),
            "P2": counts(),
            "empty": {
                "type": "array",
                "description": "these zones hold nothing: stack, pending, or P1./P2. and hand, deck, plan, energy, smash, graveyard, remove or field",
                "items": {
                    "type": "string",
                    "pattern": "^(stack|pending|[Pp][12]\\.(hand|deck|plan|energy|smash|graveyard|remove|field))$"
                }
            },
            "result": string("the duel's result: P1 wins, P2 wins, draw or none"),
            "script_errors": integer(0, "script errors so far (with strict = false)"),
            "dimension": string("the active dimension (a label or card name), or none (R19.10, R19.17)"),
            "dimension_deck": integer(0, "cards in the dimension deck"),
        }
    });
    // The 次元探索戦, deck and match keys, added apart (one json! of every key is too deep).
    let more = json!({
            "layout": per_card(json!({ "type": "string" }), "次元探索戦: where the dimension lies in the cross: centre, up, right, down, left, (ROW, COL) or none (R19.16)"),
            "token": string("次元探索戦: where the token lies: centre, up, right, down, left or (ROW, COL) (R19.18)"),
            "distance": distance(),
            "deck": deck_expectation(),
            "duel": integer(1, "the number of the duel being played in the match (R2.4)"),
            "match": string("the match's result: P1 wins, P2 wins, draw or none (R2.4, A26)"),
            "sideboard": {
                "type": "object",
                "additionalProperties": false,
                "description": "each player's sideboard now, in any order (R2.5)",
                "properties": { "P1": strings("P1's sideboard"), "P2": strings("P2's sideboard") }
            },
    });
    if let (Some(props), Some(more)) = (v["properties"].as_object_mut(), more.as_object()) {
        props.extend(more.clone());
    }
    v
}

fn step() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": "at most one action, its parameters, and expectations checked after it",
        "properties": {
            "note": string("free text"),
            "by": one_of(&PLAYER, "who must decide before the action"),
            "play": string("play this card from hand or the plan zone"),
            "move": string("move this unit (with `to`)"),
            "activate": string("activate a ● ability of this card"),
            "create_plan": { "type": "boolean", "description": "create the plan zone" },
            "update_plan": { "type": "boolean", "description": "update the plan zone" },
            "pass": string("P1, P2 or both"),
            "pass_until": string("pass until: stack-empty, battle, no-battle, first-step, second-step, end-step, a phase, `P2 main`, next-turn"),
            "choose": { "type": ["integer", "string"], "description": "answer the pending choice: an option number from 1, a card, a square or a label" },
            "energy": string("energy phase: this card from hand, or none"),
            "smash": string("smash phase: smash with this unit, or none"),
            "mulligan": { "type": "boolean", "description": "take or decline the mulligan" },
            "roll": { "type": "boolean", "description": "roll the dimension die (R19.11)" },
            "next_duel": string("start the next duel of the match: who plays first, chosen by the loser (R2.6), or random after a draw (A26)"),
            "swap": {
                "type": "object",
                "additionalProperties": false,
                "description": "the swaps before the next duel (R2.5)",
                "properties": { "P1": swap(), "P2": swap() }
            },
            "square": string("the square to play into"),
            "to": string("the square to move to"),
            "target": string("one target"),
            "targets": strings("several targets"),
            "x": integer(0, "X for costs with X"),
            "method": string("a ☆ play method by name"),
            "ability": integer(1, "which ● ability (from 1)"),
            "cost_cards": strings("the cards paid for card costs, in order"),
            "pay": strings("pay with exactly these released energy / smash-zone cards"),
            "rejected": one_of(&REJECTIONS, "the action must be refused, for this reason"),
            "reason": string("text the refusal's message must contain"),
            "expect": expect(),
        }
    })
}

/// The JSON Schema (draft-07) of scenario files.
pub fn scenario_schema() -> Value {
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "ScenarioFile",
        "description": "A dzero scenario file (docs/scenarios.md).",
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "title": string("shown in reports"),
            "description": string("free text"),
            "set": string("the set folder, relative to this file's folder"),
            "sets": strings("several set folders, the primary first"),
            "rules": string("the rule set: official, touhou, touhou-instant, or a rule-set file relative to this file's folder (docs/rules.md)"),
            "seed": integer(0, "the seed of the game's random number generator"),
            "strict": { "type": "boolean", "description": "whether a script error fails the step" },
            "active": one_of(&PLAYER, "the active player"),
            "turn": integer(1, "the turn number"),
            "phase": one_of(&["main", "release", "energy", "smash", "mulligan"], "where play starts"),
            "filler": string("the card the decks are filled with"),
            "dimensions": { "type": "array", "items": card_entry(), "description": "次元戦 / 次元探索戦: the dimension deck, bottom first (R19.8)" },
            "die": { "type": "array", "items": { "type": "string", "enum": ["P", "C", "blank"] }, "description": "the faces the next rolls of the dimension die show (R19.3)" },
            "layout": {
                "type": "object",
                "additionalProperties": false,
                "required": ["centre", "up", "right", "down", "left"],
                "description": "次元探索戦: the opening cross, dealt from the top of the dimension deck (R19.16)",
                "properties": {
                    "centre": card_entry(),
                    "up": card_entry(),
                    "right": card_entry(),
                    "down": card_entry(),
                    "left": card_entry(),
                }
            },
            "match": {
                "type": "object",
                "additionalProperties": false,
                "required": ["P1", "P2"],
                "description": "a match around the scenario's duel: each player's deck and sideboard (R2.3)",
                "properties": { "P1": match_deck(), "P2": match_deck() }
            },
            "P1": player(),
            "P2": player(),
            "step": { "type": "array", "items": step() },
        }
    })
}

/// Every schema file a set's editors read, as `(file name, pretty JSON)`: those of card files,
/// `set.toml` and rule-set files ([`dzero_cardpool::schemas::schema_files`]), then the scenario
/// files'.
pub fn all_schema_files() -> Vec<(&'static str, String)> {
    let mut files = dzero_cardpool::schemas::schema_files().to_vec();
    files.push((
        "scenario.schema.json",
        dzero_cardpool::schemas::schema_text(&scenario_schema()),
    ));
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// The keys serde lists as expected after an unknown key in the table `prefix` opens.
    fn accepted(prefix: &str) -> BTreeSet<String> {
        let text = format!("{prefix}zzz_unknown = 1\n");
        let problems = crate::parse::parse_scenario(Path::new("x.toml"), &text)
            .expect_err("an unknown key is a problem");
        let message: String = problems.iter().map(|p| p.render()).collect();
        let list = message
            .split("expected one of ")
            .nth(1)
            .unwrap_or_else(|| panic!("{message}"));
        let mut keys: BTreeSet<String> = list
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        // The rendered snippet quotes the unknown key itself too.
        keys.remove("zzz_unknown");
        keys
    }

    fn keys(v: &Value) -> BTreeSet<String> {
        v["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .cloned()
            .collect()
    }

    #[test]
    fn the_schema_names_exactly_the_keys_the_reader_accepts() {
        let s = scenario_schema();
        assert_eq!(keys(&s), accepted(""));
        assert_eq!(keys(&s["properties"]["P1"]), accepted("[P1]\n"));
        let step = &s["properties"]["step"]["items"];
        assert_eq!(keys(step), accepted("[[step]]\n"));
        let expect = &step["properties"]["expect"];
        assert_eq!(keys(expect), accepted("[[step]]\n[step.expect]\n"));
        assert_eq!(
            keys(&expect["properties"]["P1"]),
            accepted("[[step]]\n[step.expect.P1]\n")
        );
        let card = &s["properties"]["P1"]["properties"]["plan"]["anyOf"][1];
        assert_eq!(keys(card), accepted("[P1.plan]\ncard = \"x\"\n"));
    }
}
