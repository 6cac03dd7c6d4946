//! The largest numbers the DSL accepts; a larger number is a parse error.

/// Largest amount of one energy term.
pub const MAX_ENERGY: u32 = 99;
/// Largest power change of a ★ modifier.
pub const MAX_POWER_DELTA: u32 = 1_000_000;
/// Largest smash change of a ★ modifier.
pub const MAX_SMASH_DELTA: u32 = 99;
/// Largest number of cards drawn or discarded by one sentence.
pub const MAX_DRAW: u32 = 60;
/// Largest damage, power change or power/cost bound of an effect.
pub const MAX_EFFECT_NUMBER: u32 = 1_000_000;
/// Largest smash-zone count of 「…N枚になるまで敗北しない」.
pub const MAX_SMASH_LOSS: u32 = 99;
/// Largest unit count of a condition 「…がN体以上」.
pub const MAX_CONDITION_COUNT: u32 = 20;
/// Most cards one printed cost takes (a fixed number; X is chosen on declaration).
pub const MAX_COST_CARDS: u32 = 4;
