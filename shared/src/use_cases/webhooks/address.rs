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

/// The IPv4 address in the last 32 bits.
fn low_v4(ip: Ipv6Addr) -> Ipv4Addr {
    let [.., a, b, c, d] = ip.octets();
    Ipv4Addr::new(a, b, c, d)
}

/// An IPv6 address is public only as global unicast (`2000::/3`) outside the special
/// blocks; forms that carry an IPv4 address are judged by that address, so
/// `::ffff:127.0.0.1` or `2002:7f00:1::` cannot reach what `127.0.0.1` cannot.
fn v6_is_public(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // IPv4-mapped ::ffff:a.b.c.d: a v4 address written as v6 (dual-stack sockets use it).
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_is_public(v4);
    }
    // NAT64 well-known prefix 64:ff9b::/96 (DNS64 networks hand out every IPv4-only host
    // so): judged by the IPv4 address the translator would call.
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return v4_is_public(low_v4(ip));
    }
    // Outside global unicast: IPv4-compatible (::a.b.c.d), IPv4-translated
    // (::ffff:0:a.b.c.d), local-use NAT64 (64:ff9b:1::/48), loopback, unspecified,
    // unique local, link-local, site-local, multicast, discard-only (100::/64).
    if s[0] & 0xe000 != 0x2000 {
        return false;
    }
    match s[0] {
        // 6to4: the IPv4 address of the relay-reached host sits in bits 16-48.
        0x2002 => {
            let [a, b] = s[1].to_be_bytes();
            let [c, d] = s[2].to_be_bytes();
            v4_is_public(Ipv4Addr::new(a, b, c, d))
        }
        // IETF protocol assignments 2001::/23: Teredo (2001::/32, a tunnel to an
        // obfuscated IPv4 address), benchmarking, ORCHID and the like; no web server.
        0x2001 if s[1] < 0x0200 => false,
        // Documentation (2001:db8::/32, 3fff::/20).
        0x2001 if s[1] == 0x0db8 => false,
        0x3fff if s[1] < 0x1000 => false,
        // Segment routing SIDs (5f00::/16).
        0x5f00 => false,
        _ => true,
    }
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

    fn refused(forms: &[&str]) {
        for form in forms {
            let ip: IpAddr = form.parse().unwrap_or_else(|_| panic!("{form} parses"));
            assert!(!is_public(ip), "{form} must not count as public");
        }
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_ipv4_compatible() {
        refused(&["::7f00:1", "::127.0.0.1", "::a00:1", "::a9fe:a9fe", "::c0a8:101", "::8.8.8.8"]);
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_ipv4_mapped() {
        refused(&["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:169.254.169.254", "::ffff:100.64.0.1"]);
        assert!(is_public("::ffff:93.184.216.34".parse().unwrap()));
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_ipv4_translated() {
        refused(&["::ffff:0:7f00:1", "::ffff:0:127.0.0.1", "::ffff:0:a00:1", "::ffff:0:808:808"]);
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_nat64() {
        refused(&["64:ff9b::7f00:1", "64:ff9b::127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::a00:1", "64:ff9b:1::a00:1"]);
        // A public host behind DNS64 stays reachable.
        assert!(is_public("64:ff9b::5db8:d822".parse().unwrap()));
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_6to4() {
        refused(&["2002:7f00:1::", "2002:7f00:0001::1", "2002:a00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101::1"]);
        assert!(is_public("2002:5db8:d822::1".parse().unwrap()), "6to4 of a public address");
    }

    #[test]
    fn ipv6_transition_forms_of_private_ipv4_are_not_public_teredo() {
        // Teredo carries the client's IPv4 inverted in its last 32 bits (here 127.0.0.1).
        refused(&["2001::80ff:fffe", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:a00:1::1"]);
    }

    #[test]
    fn only_global_unicast_ipv6_is_public() {
        refused(&[
            "::",
            "::1",
            "fc00::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "100::1",
            "2001:db8::1",
            "3fff::1",
            "5f00::1",
        ]);
        for public in ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"] {
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
