//! The state hash as versions 1 to 3 took it: the state's JSON before a stack item recorded the
//! object whose ability it is (R7.3, A46) and before the game recorded the turn's arrivals in
//! squares (A48). Both are left out of the bytes, so a hash written then is checked as written.

/// The bytes of `json`, a serialized game, without the fields version 4 added: each stack
/// item's `"me"` and the game's closing `"entries"` (its last field).
pub(crate) fn without_later_fields(json: &[u8]) -> Vec<u8> {
    const ME: &[u8] = b",\"me\":{";
    const ENTRIES: &[u8] = b",\"entries\":[";
    let body = match find_last(json, ENTRIES) {
        Some(at) if json.ends_with(b"]}") => [&json[..at], b"}"].concat(),
        _ => json.to_vec(),
    };
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i..].starts_with(ME) {
            // An object reference holds no nested object: it ends at the first closing brace.
            if let Some(end) = body[i + ME.len()..].iter().position(|&b| b == b'}') {
                i += ME.len() + end + 1;
                continue;
            }
        }
        out.push(body[i]);
        i += 1;
    }
    out
}

/// Where `needle` last starts in `hay`.
fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::without_later_fields;

    #[test]
    fn the_stack_items_object_and_the_turns_arrivals_are_left_out() {
        let now = br#"{"a":1,"stack":[{"x":0,"answers":[],"me":{"card":4,"inc":2}}],"entries":[{"card":4}]}"#;
        assert_eq!(
            without_later_fields(now),
            br#"{"a":1,"stack":[{"x":0,"answers":[]}]}"#.to_vec()
        );
        let old = br#"{"a":1,"stack":[]}"#;
        assert_eq!(without_later_fields(old), old.to_vec());
    }
}
