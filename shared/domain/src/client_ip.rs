//! Who is really calling when a reverse proxy sits in front: the address of the TCP peer,
//! unless that peer is a proxy the operator trusts; then the `X-Forwarded-For` chain is
//! read from the right, past every trusted proxy, and the first address not trusted is
//! the client's. Entries further left were written by whoever sent the request and prove
//! nothing, so a client cannot choose its address by sending the header itself.

use std::net::IpAddr;

use ipnet::IpNet;

/// The client's address, for limits and logs.
///
/// `forwarded_for` are the values of every `X-Forwarded-For` header line, in order.
pub fn client_ip<'a>(peer: IpAddr, forwarded_for: impl IntoIterator<Item = &'a str>, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*ip)));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for.into_iter().flat_map(|value| value.split(',')).map(str::trim).collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        // An entry that is no address ends the chain: what lies left of it is not ours to read.
        let Some(ip) = parse_hop(hop) else { break };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// "203.0.113.9", "2001:db8::1", "[2001:db8::1]:443" or "203.0.113.9:5000".
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    hop.parse::<std::net::SocketAddr>().ok().map(|addr| canonical(addr.ip()))
}

/// IPv4 seen through an IPv6 socket (`::ffff:10.0.0.1`) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    }
}

/// Parses the configured proxies: networks ("10.0.0.0/8") or single addresses.
pub fn parse_trusted(entry: &str) -> Result<IpNet, String> {
    let entry = entry.trim();
    entry
        .parse::<IpNet>()
        .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("kein Netz und keine Adresse: {entry:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn proxies() -> Vec<IpNet> {
        ["10.0.0.0/8", "127.0.0.1"].iter().map(|e| parse_trusted(e).unwrap()).collect()
    }

    #[test]
    fn without_a_trusted_peer_the_header_is_ignored() {
        let spoofed = ["1.2.3.4"];
        assert_eq!(client_ip(ip("198.51.100.7"), spoofed, &proxies()), ip("198.51.100.7"));
        // No proxy configured: never read, even from loopback.
        assert_eq!(client_ip(ip("127.0.0.1"), spoofed, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_entry_is_the_client() {
        // The client sent its own header ("1.2.3.4"); the proxy appended the real address.
        let chain = ["1.2.3.4, 203.0.113.9"];
        assert_eq!(client_ip(ip("10.0.0.5"), chain, &proxies()), ip("203.0.113.9"));
        // Two proxies of ours in a row, over two header lines.
        let lines = ["1.2.3.4, 203.0.113.9", "10.0.0.6"];
        assert_eq!(client_ip(ip("10.0.0.5"), lines, &proxies()), ip("203.0.113.9"));
        assert_eq!(client_ip(ip("::ffff:10.0.0.5"), ["[2001:db8::7]:443"], &proxies()), ip("2001:db8::7"));
    }

    #[test]
    fn garbage_or_a_missing_header_leaves_the_last_address_known() {
        assert_eq!(client_ip(ip("10.0.0.5"), ["evil, 203.0.113.9"], &proxies()), ip("203.0.113.9"));
        assert_eq!(client_ip(ip("10.0.0.5"), ["203.0.113.9, unknown"], &proxies()), ip("10.0.0.5"));
        assert_eq!(client_ip(ip("10.0.0.5"), [], &proxies()), ip("10.0.0.5"));
        // Only proxies of ours: the leftmost of them.
        assert_eq!(client_ip(ip("10.0.0.5"), ["10.0.0.9, 10.0.0.8"], &proxies()), ip("10.0.0.9"));
    }

    #[test]
    fn configured_entries_are_networks_or_addresses() {
        assert!(parse_trusted("192.168.0.0/16").is_ok());
        assert!(parse_trusted(" ::1 ").is_ok());
        assert!(parse_trusted("proxy.local").unwrap_err().contains("proxy.local"));
    }
}
