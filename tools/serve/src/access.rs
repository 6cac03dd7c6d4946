//! Who may talk to the server: every request must name the served address in its `Host`
//! header (a DNS-rebinding page names its own domain there), and a request a browser sends
//! from a page must come from the server's own page or an origin given with `--allow-origin`
//! (another site's page opening the WebSocket is refused). Both are refused with 403.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The addresses and origins the server answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// The port bound.
    port: u16,
    /// Host names accepted (lowercase, IPv6 in brackets), without the port.
    names: Vec<String>,
    /// Whether any IP address is accepted as the host name (bound to every interface: the
    /// machine's own addresses are not known; a rebinding page always names a domain).
    any_ip: bool,
    /// Origins accepted besides the page's own (`scheme://host[:port]`, lowercase).
    origins: Vec<String>,
}

impl Access {
    /// The server bound at `bound`: its own page's origin and `origins` (already checked by
    /// [`origin`]) may open the WebSocket; requests must name 127.0.0.1, localhost, [::1] or
    /// the bound address, with the port.
    pub fn new(bound: SocketAddr, origins: Vec<String>) -> Access {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let ip = bound.ip();
        if !ip.is_unspecified() {
            names.push(host_name(ip));
        }
        Access {
            port: bound.port(),
            names,
            any_ip: ip.is_unspecified(),
            origins,
        }
    }

    /// Whether a request with these headers is answered; why not, if it is not.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), String> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .ok_or("no Host header")?
            .to_ascii_lowercase();
        if !self.host_allowed(&host) {
            return Err(format!("Host {host:?} is not this server's address"));
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            // Browsers send an Origin with every WebSocket request and every cross-site one;
            // a request without it comes from a program on this machine, not from a page.
            return Ok(());
        };
        let origin = origin
            .to_str()
            .map_err(|_| "an Origin that is not text".to_string())?
            .to_ascii_lowercase();
        if origin == format!("http://{host}") || self.origins.contains(&origin) {
            Ok(())
        } else {
            Err(format!(
                "Origin {origin:?} is not this server's page (allow it with --allow-origin)"
            ))
        }
    }

    /// Whether `host` (a Host header, lowercase) names this server.
    fn host_allowed(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
            _ => (host, (self.port == 80).then_some(80)),
        };
        if port != Some(self.port) {
            return false;
        }
        self.names.iter().any(|n| n == name) || (self.any_ip && is_ip_literal(name))
    }
}

/// An IP address as a Host header names it (IPv6 in brackets).
fn host_name(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// Whether a Host header's name is an IP address (IPv6 in brackets).
fn is_ip_literal(name: &str) -> bool {
    match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => name.parse::<std::net::Ipv4Addr>().is_ok(),
    }
}

/// An `--allow-origin` value checked and written as browsers send it: `http://` or
/// `https://`, a host and an optional port, nothing after.
pub fn origin(text: &str) -> Result<String, String> {
    let lower = text.trim_end_matches('/').to_ascii_lowercase();
    let rest = lower
        .strip_prefix("http://")
        .or_else(|| lower.strip_prefix("https://"))
        .ok_or_else(|| format!("{text:?}: an origin starts with http:// or https://"))?;
    if rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
        return Err(format!(
            "{text:?}: an origin is a scheme, a host and a port (http://host:port), nothing more"
        ));
    }
    Ok(lower)
}

/// Refuses (403) a request [`Access::check`] refuses; passes the others on.
pub async fn guard(State(access): State<Arc<Access>>, req: Request, next: Next) -> Response {
    match access.check(req.headers()) {
        Ok(()) => next.run(req).await,
        Err(why) => (StatusCode::FORBIDDEN, format!("refused: {why}\n")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    fn local() -> Access {
        Access::new("127.0.0.1:8080".parse().unwrap(), Vec::new())
    }

    #[test]
    fn the_loopback_names_with_the_port_are_served() {
        let a = local();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "LOCALHOST:8080",
        ] {
            assert_eq!(a.check(&headers(host, None)), Ok(()), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost.evil.example:8080",
            "192.168.1.5:8080",
            "[::2]:8080",
            "",
        ] {
            assert!(a.check(&headers(host, None)).is_err(), "{host}");
        }
        assert!(a.check(&HeaderMap::new()).is_err(), "no Host at all");
    }

    #[test]
    fn the_page_s_own_origin_and_allowed_ones_open_the_socket() {
        let a = Access::new(
            "127.0.0.1:8080".parse().unwrap(),
            vec!["https://tools.example".into()],
        );
        let ok = [
            ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("localhost:8080", "http://localhost:8080"),
            ("localhost:8080", "https://tools.example"),
        ];
        for (host, origin) in ok {
            assert_eq!(a.check(&headers(host, Some(origin))), Ok(()), "{origin}");
        }
        let refused = [
            ("127.0.0.1:8080", "http://evil.example"),
            ("127.0.0.1:8080", "http://localhost:8080"),
            ("127.0.0.1:8080", "null"),
            ("127.0.0.1:8080", "https://127.0.0.1:8080"),
            ("127.0.0.1:8080", "http://127.0.0.1:8081"),
        ];
        for (host, origin) in refused {
            assert!(a.check(&headers(host, Some(origin))).is_err(), "{origin}");
        }
    }

    #[test]
    fn a_host_option_adds_its_address() {
        let lan = Access::new("192.168.1.5:9000".parse().unwrap(), Vec::new());
        assert_eq!(lan.check(&headers("192.168.1.5:9000", None)), Ok(()));
        assert!(lan.check(&headers("10.0.0.1:9000", None)).is_err());
        let all = Access::new("0.0.0.0:9000".parse().unwrap(), Vec::new());
        for host in ["10.0.0.1:9000", "[fe80::1]:9000", "localhost:9000"] {
            assert_eq!(all.check(&headers(host, None)), Ok(()), "{host}");
        }
        assert!(
            all.check(&headers("rebound.evil.example:9000", None))
                .is_err()
        );
        let v6 = Access::new("[::1]:80".parse().unwrap(), Vec::new());
        assert_eq!(
            v6.check(&headers("[::1]", None)),
            Ok(()),
            "port 80 may go unnamed"
        );
    }

    #[test]
    fn allowed_origins_are_checked() {
        assert_eq!(
            origin("HTTPS://Tools.Example:8443/"),
            Ok("https://tools.example:8443".into())
        );
        for bad in [
            "tools.example",
            "ftp://x",
            "http://",
            "http://x/path",
            "http://u@x",
        ] {
            assert!(origin(bad).is_err(), "{bad}");
        }
    }
}
