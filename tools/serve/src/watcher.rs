//! The served sets' watcher: one thread, started with the server, passes each debounced batch
//! of saved files to [`Server::files_changed`], which reloads them in every running game.

use crate::lobby::Server;
use dzero_cardpool::SetWatcher;
use std::sync::Arc;
use std::time::Duration;

/// Saves closer together than this are reloaded together.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// Watches the server's set folders ([`Server::watched`]) in a thread of its own until the
/// process ends; an error when a folder cannot be watched.
pub fn start(server: Arc<Server>) -> Result<(), String> {
    let (first, rest) = server
        .watched()
        .split_first()
        .ok_or("no set folder to watch")?;
    let mut watch = SetWatcher::new(first, DEBOUNCE)?;
    for dir in rest {
        watch.add(dir)?;
    }
    std::thread::Builder::new()
        .name("dzero-watch".into())
        .spawn(move || {
            while let Ok(paths) = watch.next(None) {
                server.files_changed(&paths);
            }
        })
        .map_err(|e| format!("cannot start the set watcher: {e}"))?;
    Ok(())
}
