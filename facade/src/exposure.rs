//! Where copydesk may listen: any address over HTTPS, but plain HTTP only on loopback unless the
//! operator says a proxy in front already encrypts the traffic.

use std::net::SocketAddr;

/// A refusal to serve plain HTTP on an address other machines can reach.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "copydesk will not listen on {bind} over plain HTTP: that address can be reached from other \
     machines, and session cookies and brokerage passwords would cross the network unencrypted. \
     Give --tls-cert and --tls-key to serve HTTPS, listen on a loopback address such as \
     127.0.0.1:8080, or pass --insecure-http when a proxy in front of copydesk already encrypts the \
     traffic"
)]
pub struct PlainHttpRefused {
    /// The address asked for.
    pub bind: SocketAddr,
}

/// Checks that listening on `bind` keeps secrets off the network in plain text.
///
/// # Errors
/// [`PlainHttpRefused`] for a non-loopback address without TLS, unless `insecure_http` is set.
pub fn check_exposure(
    bind: SocketAddr,
    tls: bool,
    insecure_http: bool,
) -> Result<(), PlainHttpRefused> {
    if tls || insecure_http || bind.ip().is_loopback() {
        Ok(())
    } else {
        Err(PlainHttpRefused { bind })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(text: &str) -> SocketAddr {
        text.parse().expect("a socket address")
    }

    #[test]
    fn plain_http_is_refused_beyond_loopback_only() {
        assert_eq!(check_exposure(addr("127.0.0.1:8080"), false, false), Ok(()));
        assert_eq!(check_exposure(addr("[::1]:8080"), false, false), Ok(()));
        assert_eq!(
            check_exposure(addr("0.0.0.0:8080"), false, false),
            Err(PlainHttpRefused {
                bind: addr("0.0.0.0:8080")
            })
        );
        assert!(check_exposure(addr("[::]:8080"), false, false).is_err());
        assert!(check_exposure(addr("192.168.1.20:8080"), false, false).is_err());
        assert_eq!(check_exposure(addr("0.0.0.0:8080"), true, false), Ok(()));
        assert_eq!(check_exposure(addr("0.0.0.0:8080"), false, true), Ok(()));
    }

    #[test]
    fn the_refusal_says_why_and_what_to_do() {
        let message = PlainHttpRefused {
            bind: addr("0.0.0.0:8080"),
        }
        .to_string();
        for part in [
            "0.0.0.0:8080",
            "plain HTTP",
            "session cookies and brokerage passwords",
            "--tls-cert",
            "--insecure-http",
        ] {
            assert!(message.contains(part), "{message}");
        }
    }
}
