//! Additive queries and effect primitives used by the card-script bindings.
