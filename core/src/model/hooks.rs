//! Which hooks a ★ continuous effect implements, so the engine asks an effect only about what
//! it can change (a smash-loss effect is never asked about power).

use serde::{Deserialize, Serialize};

/// A set of [`crate::StaticEffect`] hooks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
pub struct Hooks(u8);

impl Default for Hooks {
    /// Every hook: asking an effect that cannot answer is only slower.
    fn default() -> Hooks {
        Hooks::ALL
    }
}

impl Hooks {
    /// No hook.
    pub const NONE: Hooks = Hooks(0);
    /// [`crate::StaticEffect::characteristics`]: power, smash, keywords.
    pub const CHARACTERISTICS: Hooks = Hooks(1);
    /// [`crate::StaticEffect::damage`] / [`crate::StaticEffect::damage_from`].
    pub const DAMAGE: Hooks = Hooks(1 << 1);
    /// [`crate::StaticEffect::smash_loss`].
    pub const SMASH_LOSS: Hooks = Hooks(1 << 2);
    /// [`crate::StaticEffect::forbids`].
    pub const FORBID: Hooks = Hooks(1 << 3);
    /// [`crate::StaticEffect::play_cost`].
    pub const PLAY_COST: Hooks = Hooks(1 << 4);
    /// [`crate::StaticEffect::permits`].
    pub const PERMIT: Hooks = Hooks(1 << 5);
    /// [`crate::StaticEffect::play_timing`].
    pub const PLAY_TIMING: Hooks = Hooks(1 << 6);
    /// [`crate::StaticEffect::granted`] / [`crate::StaticEffect::grants_to`].
    pub const GRANT: Hooks = Hooks(1 << 7);
    /// Every hook (the default: an effect that does not say is asked everything).
    pub const ALL: Hooks = Hooks(u8::MAX);

    /// Both sets.
    pub const fn with(self, other: Hooks) -> Hooks {
        Hooks(self.0 | other.0)
    }

    /// Whether every hook of `other` is in this set.
    pub const fn contains(self, other: Hooks) -> bool {
        self.0 & other.0 == other.0
    }
}

#[cfg(test)]
mod tests {
    use super::Hooks;

    #[test]
    fn sets_combine_and_contain() {
        let h = Hooks::FORBID.with(Hooks::PERMIT);
        assert!(h.contains(Hooks::FORBID) && h.contains(Hooks::PERMIT));
        assert!(!h.contains(Hooks::CHARACTERISTICS));
        assert!(!Hooks::NONE.contains(Hooks::DAMAGE));
        assert!(Hooks::ALL.contains(h));
    }
}
