//! `dzero serve`: the browser play table.

use dzero_core::RuleSet;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// Serves the sets' play table on `host:port` (games under `rules` when given) to its own
/// page and pages of `origins`, and prints its address.
pub fn serve(
    paths: &[PathBuf],
    rules: Option<RuleSet>,
    host: IpAddr,
    port: u16,
    origins: Vec<String>,
) -> ExitCode {
    let ready = |addr: SocketAddr| say!("serving the play table at http://{addr}/");
    match dzero_serve::run(paths, rules, SocketAddr::new(host, port), origins, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// An `--allow-origin` value, as browsers send origins.
pub fn origin_arg(text: &str) -> Result<String, String> {
    dzero_serve::access::origin(text)
}
