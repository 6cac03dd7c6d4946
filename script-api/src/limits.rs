//! Resource limits of one Lua state.

/// Resource limits of one Lua state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Lua VM instructions one outermost script call may execute (nested calls share it).
    pub instructions: u64,
    /// Bytes the whole Lua state may allocate.
    pub memory: usize,
}

impl Default for Limits {
    /// 2 million instructions per call (a few milliseconds), 64 MiB per state.
    fn default() -> Limits {
        Limits {
            instructions: 2_000_000,
            memory: 64 << 20,
        }
    }
}
