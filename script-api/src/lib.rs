//! dzero-script-api: the Lua card-script binding (mlua) onto the core ability model.
