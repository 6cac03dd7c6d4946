//! dzero-tests: cross-crate integration and scenario tests live in `tests/`.
