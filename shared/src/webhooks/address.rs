//! The address rule of webhooks: only http(s) URLs whose host resolves to public
//! addresses, so an endpoint cannot make the server call its own internal services
//! (databases, cloud metadata at 169.254.169.254, the admin of a router). Checked when
//! the endpoint is saved and again at every delivery, and the request goes to the
//! address that was checked (DNS rebinding cannot swap it).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::Url;

use crate::error::{Error, Result};

pub const MAX_URL_CHARS: usize = 2000;

/// A checked endpoint: the URL and the address to connect to.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: Url,
    pub host: String,
    pub addr: SocketAddr,
}

fn v4_is_public(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || a >= 240) // reserved
}

fn v6_is_public(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_is_public(v4);
    }
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || (first == 0x2001 && ip.segments()[1] == 0x0db8)) // documentation
}

/// Whether a webhook may be sent to this address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_is_public(v4),
        IpAddr::V6(v6) => v6_is_public(v6),
    }
}

fn refused(message: impl Into<String>) -> Error {
    Error::field("url", message)
}

/// Parses and resolves `raw`; every address it resolves to must be public unless
/// `allow_private` (tests with a local receiver).
pub async fn check(raw: &str, allow_private: bool) -> Result<Target> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(refused("Bitte geben Sie die Adresse Ihres Webhook-Empfängers an."));
    }
    if raw.chars().count() > MAX_URL_CHARS {
        return Err(refused(format!("Die Adresse darf höchstens {MAX_URL_CHARS} Zeichen lang sein.")));
    }
    let url = Url::parse(raw)
        .map_err(|_| refused("Bitte geben Sie eine vollständige Adresse wie https://example.com/webhook an."))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(refused("Nur http- und https-Adressen sind möglich."));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused("Die Adresse darf keine Zugangsdaten enthalten."));
    }
    let host = url.host_str().filter(|h| !h.is_empty()).ok_or_else(|| refused("Die Adresse braucht einen Host."))?;
    let host = host.trim_start_matches('[').trim_end_matches(']').to_owned();
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), port))
        .await
        .map_err(|_| refused(format!("Der Host „{host}“ ist nicht auflösbar.")))?
        .collect();
    let first = *addrs.first().ok_or_else(|| refused(format!("Der Host „{host}“ ist nicht auflösbar.")))?;
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(refused(
            "Diese Adresse zeigt auf ein internes oder privates Netz. Webhooks gehen nur an öffentlich erreichbare Adressen.",
        ));
    }
    Ok(Target { url, host, addr: first })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_not_public() {
        for internal in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
        ] {
            assert!(!is_public(internal.parse().unwrap()), "{internal}");
        }
        for public in ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[tokio::test]
    async fn only_public_http_urls_pass() {
        for bad in [
            "",
            "ftp://example.com/x",
            "https://user:pw@example.com/",
            "nicht eine url",
            "http://127.0.0.1:9/hook",
            "http://localhost/hook",
            "http://[::1]/hook",
            "http://10.0.0.1/hook",
            "http://169.254.169.254/latest",
        ] {
            assert!(check(bad, false).await.is_err(), "{bad}");
        }
        let local = check("http://127.0.0.1:8099/hook", true).await.unwrap();
        assert_eq!(local.addr, "127.0.0.1:8099".parse().unwrap());
        assert_eq!(local.host, "127.0.0.1");
    }
}
