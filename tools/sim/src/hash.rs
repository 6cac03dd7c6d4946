//! A stable hash of a game state, equal in any process on any machine for equal states.

use dzero_core::Game;

/// FNV-1a (64-bit) of the state's JSON form: independent of the process, the platform's
/// hasher seeds and memory addresses.
pub fn state_hash(g: &Game) -> u64 {
    let bytes = serde_json::to_vec(g).unwrap_or_default();
    fnv1a(&bytes)
}

/// FNV-1a over `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::fnv1a;

    #[test]
    fn fnv1a_matches_the_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
