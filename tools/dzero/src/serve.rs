//! `dzero serve`: the browser play table.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// Serves the sets' play table on `host:port` and prints its address.
pub fn serve(paths: &[PathBuf], host: IpAddr, port: u16) -> ExitCode {
    let ready = |addr: SocketAddr| say!("serving the play table at http://{addr}/");
    match dzero_serve::run(paths, SocketAddr::new(host, port), ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
