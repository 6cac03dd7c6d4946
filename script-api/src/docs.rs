pub const API: &[()] = &[];
