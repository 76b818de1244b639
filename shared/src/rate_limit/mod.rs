//! Limits counted in Redis, each attempt reserved atomically before the work it limits
//! (a Lua script increments and checks in one step), so parallel requests cannot slip
//! past a limit. Every key expires; keys carry hashes, never raw input, so their size is
//! bounded; IPv6 clients are grouped by their /64 network (one household or server).
//!
//! Sign-in (ASVS 6.1.1, 6.3.1) is limited so that the attacker is hurt, not the owner:
//! per client, per (address, client), and per address only by a growing delay (never a
//! hard lock), which a mailed sign-in link bypasses. For an account with two-factor
//! sign-in a right password alone clears nothing: only a right code does.
//!
//! The code step (ASVS 6.3.1 for the second factor) counts wrong codes per account and
//! per client in keys that no password touches: after a few a growing delay, after
//! `lock_after` a day the code step of password-started sign-ins is locked for hours
//! (the owner is mailed). A sign-in started with a mailed link has its own small daily
//! budget, so the owner, who holds mailbox and app, still gets in.
//!
//! One limiter per surface, each in its file: `login` (passwords), `code` (the second
//! factor), `account` (sign-ups and mails), `gate` (the site password), `demo` (live-demo
//! tries) and `api_key` (requests per key). They share the counting core below.

mod account;
mod api_key;
mod code;
mod demo;
mod gate;
mod login;

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;
use sha2::{Digest, Sha256};

pub use account::{AccountLimiter, MailKind};
pub use api_key::{ApiKeyLimiter, Quota};
pub use code::{CodeAttempt, CodeLimiter};
pub use demo::{DemoLimiter, DemoTry};
pub use gate::{GATE_LOCK_SECS, GATE_MAX_FAILURES, GateLimiter, GateStanding};
pub use login::{LoginAttempt, LoginLimiter};

use crate::error::Error;

const HOUR: u64 = 3600;
const DAY: u64 = 86_400;

/// The client a limit counts: the IPv4 address, or the /64 network of an IPv6 address.
pub fn client_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// A short, fixed-size stand-in for user input in a key.
fn digest(value: &str) -> String {
    hex::encode(&Sha256::digest(value.as_bytes())[..12])
}

/// Increments every key (setting its expiry when new) and refuses when any is over its
/// limit. Returns 0, or the milliseconds until the fullest refusing key expires.
/// KEYS: the counters; ARGV: window seconds and limit, per key.
static RESERVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local wait = 0
        for i, key in ipairs(KEYS) do
          local n = redis.call('INCR', key)
          if n == 1 then redis.call('EXPIRE', key, ARGV[2 * i - 1]) end
          if n > tonumber(ARGV[2 * i]) then wait = math.max(wait, redis.call('PTTL', key)) end
        end
        return wait
        ",
    )
});

fn retry_after(wait_ms: i64) -> Error {
    Error::RateLimited { retry_after_secs: (wait_ms.max(1000) as u64).div_ceil(1000) }
}

async fn reserve(conn: &ConnectionManager, counters: &[(&str, u64, u32)]) -> Result<(), Error> {
    let mut invocation = RESERVE.prepare_invoke();
    for (key, window, limit) in counters {
        invocation.key(*key).arg(*window).arg(*limit);
    }
    let wait: i64 = invocation.invoke_async(&mut conn.clone()).await?;
    if wait > 0 { Err(retry_after(wait)) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_grouped_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(other));
        assert_eq!(client_key("::ffff:10.0.0.7".parse().unwrap()), "10.0.0.7");
        assert_eq!(client_key("10.0.0.7".parse().unwrap()), "10.0.0.7");
    }

    #[test]
    fn keys_hold_a_digest_of_bounded_size_not_the_input() {
        assert_eq!(digest(&"a".repeat(100_000)).len(), 24);
        assert_ne!(digest("a@b.de"), digest("c@b.de"));
    }

    #[test]
    fn a_refusal_says_at_least_one_second() {
        assert!(matches!(retry_after(10), Error::RateLimited { retry_after_secs: 1 }));
        assert!(matches!(retry_after(873_400), Error::RateLimited { retry_after_secs: 874 }));
    }
}
