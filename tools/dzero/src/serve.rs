//! `dzero serve`: the browser play table.

use dzero_core::RuleSet;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// Serves the sets' play table on `host:port` (games under `rules` when given) and prints its
/// address.
pub fn serve(paths: &[PathBuf], rules: Option<RuleSet>, host: IpAddr, port: u16) -> ExitCode {
    let ready = |addr: SocketAddr| say!("serving the play table at http://{addr}/");
    match dzero_serve::run(paths, rules, SocketAddr::new(host, port), ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
