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
//! One limiter (`Limiter`: one Redis script that reserves, one that forgives) and named
//! policies, each in its file, that say which counters an attempt touches and what each
//! allows (`Rule`): `login` (passwords), `code` (the second factor), `account` (sign-ups
//! and mails), `gate` (the site password), `demo` (live-demo tries), `api_key`
//! (requests per key) and `reads` (reads that grow with a user's data). `Limits` holds them all.

mod account;
mod api_key;
mod code;
mod demo;
mod gate;
mod login;
mod reads;

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;
use sha2::{Digest, Sha256};

pub use account::{AccountPolicy, MailKind};
pub use api_key::{ApiKeyPolicy, Quota};
pub use code::{CodeAttempt, CodePolicy};
pub use demo::{DemoPolicy, DemoTry};
pub use gate::{GATE_LOCK_SECS, GATE_MAX_FAILURES, GatePolicy, GateStanding};
pub use login::{LoginAttempt, LoginPolicy};
pub use reads::{PROJECT_READS_PER_MINUTE, ReadPolicy};

use crate::config::Settings;
use crate::error::Error;

const HOUR: u64 = 3600;
const DAY: u64 = 86_400;

/// Every named limit of the product, each a policy over the one limiter.
#[derive(Clone)]
pub struct Limits {
    pub login: LoginPolicy,
    /// The code step of a two-factor sign-in (and of switching it off).
    pub code: CodePolicy,
    pub account: AccountPolicy,
    pub demo: DemoPolicy,
    pub gate: GatePolicy,
    pub api_key: ApiKeyPolicy,
    /// Reads that grow with a user's data (projects).
    pub reads: ReadPolicy,
}

impl Limits {
    pub fn new(conn: ConnectionManager, settings: &Settings) -> Self {
        let limiter = Limiter { conn, prefix: settings.redis.queue_prefix.clone() };
        Limits {
            login: LoginPolicy::new(limiter.clone(), &settings.auth),
            code: CodePolicy::new(limiter.clone(), &settings.auth.codes),
            account: AccountPolicy::new(limiter.clone(), &settings.auth),
            demo: DemoPolicy::new(limiter.clone(), &settings.demo),
            gate: GatePolicy::new(limiter.clone()),
            api_key: ApiKeyPolicy::new(limiter.clone(), settings.api.requests_per_minute),
            reads: ReadPolicy::new(limiter),
        }
    }
}

/// What one counter allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// At most `limit` attempts in a window of `secs` from the first one.
    Window { secs: u64, limit: u32 },
    /// `free` attempts a day, then a pause before each next one, doubling from 2 s up to
    /// `max_delay_secs`; with `lock_after`, the attempt that reaches that count locks the
    /// counter's owner out for `lock_secs` instead.
    Backoff { free: u32, max_delay_secs: u64, lock_after: Option<u32>, lock_secs: u64 },
    /// At `after` attempts within `window_secs`, locked for `lock_secs`; then it starts over.
    Lock { after: u32, lock_secs: u64, window_secs: u64 },
}

/// One counter an attempt touches: its key (a backoff also keeps `<key>:wait` and
/// `<key>:lock`) and its rule.
#[derive(Debug, Clone)]
pub struct Counter {
    key: String,
    rule: Rule,
}

/// A reserved attempt, as the script answered it.
#[derive(Debug, Clone, Copy)]
struct Reserved {
    /// This attempt reached a backoff's `lock_after`.
    started_lock: bool,
    /// The first counter's count and milliseconds until it expires.
    first: (u64, i64),
}

/// Reserves one attempt on every counter, in order, atomically: first refuses while a
/// backoff's pause or lock or a `Lock` runs (counting nothing); then counts each counter,
/// and a full window refuses and takes back what this call counted. A backoff's pause
/// or lock starts with the attempt that earns it. Policies put their windows first.
/// KEYS: per counter its key, wait key and lock key.
/// ARGV: per counter its kind ('w', 'b' or 'l') and four numbers (see `Rule::args`).
/// Returns {wait ms (0: go on), 1 if a lock started, the first counter's count and ms to expiry}.
static RESERVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local function bump(key, ttl)
          local n = redis.call('INCR', key)
          if n == 1 then redis.call('EXPIRE', key, ttl) end
          return n
        end
        local counters = #ARGV / 5
        for i = 0, counters - 1 do
          local kind, a, k = ARGV[5 * i + 1], 5 * i, 3 * i
          if kind == 'b' then
            local lock = redis.call('PTTL', KEYS[k + 3])
            if lock > 0 then return {lock, 0, 0, 0} end
            local wait = redis.call('PTTL', KEYS[k + 2])
            if wait > 0 then return {wait, 0, 0, 0} end
          elseif kind == 'l' then
            if tonumber(redis.call('GET', KEYS[k + 1]) or '0') >= tonumber(ARGV[a + 2]) then
              return {math.max(redis.call('PTTL', KEYS[k + 1]), 1), 0, 0, 0}
            end
          end
        end
        local started, first = 0, 0
        for i = 0, counters - 1 do
          local kind, a, k = ARGV[5 * i + 1], 5 * i, 3 * i
          local n
          if kind == 'w' then
            n = bump(KEYS[k + 1], ARGV[a + 2])
            if n > tonumber(ARGV[a + 3]) then
              local wait = math.max(redis.call('PTTL', KEYS[k + 1]), 1)
              for j = 0, i do redis.call('DECR', KEYS[3 * j + 1]) end
              return {wait, 0, 0, 0}
            end
          elseif kind == 'b' then
            n = bump(KEYS[k + 1], 86400)
            local free, lock_after = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 4])
            if lock_after > 0 and n >= lock_after then
              redis.call('SET', KEYS[k + 3], '1', 'PX', ARGV[a + 5])
              started = 1
            elseif n > free then
              local delay = math.min(1000 * 2 ^ (n - free), tonumber(ARGV[a + 3]))
              redis.call('SET', KEYS[k + 2], '1', 'PX', math.floor(delay))
            end
          else
            n = redis.call('INCR', KEYS[k + 1])
            redis.call('EXPIRE', KEYS[k + 1], n >= tonumber(ARGV[a + 2]) and ARGV[a + 3] or ARGV[a + 4])
          end
          if i == 0 then first = n end
        end
        return {0, started, first, redis.call('PTTL', KEYS[1])}
        ",
    )
});

/// A right password or code gives attempts back. KEYS: counters to give one back (never
/// below zero), then keys to forget. ARGV: how many to give back.
static FORGIVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        for i, key in ipairs(KEYS) do
          if i <= tonumber(ARGV[1]) then
            if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
          else
            redis.call('DEL', key)
          end
        end
        return 0
        ",
    )
});

impl Rule {
    /// The rule's kind and numbers as `RESERVE` reads them.
    fn args(self) -> (&'static str, [u64; 4]) {
        match self {
            Rule::Window { secs, limit } => ("w", [secs, limit.into(), 0, 0]),
            Rule::Backoff { free, max_delay_secs, lock_after, lock_secs } => {
                ("b", [free.into(), max_delay_secs * 1000, lock_after.unwrap_or(0).into(), lock_secs.max(1) * 1000])
            }
            Rule::Lock { after, lock_secs, window_secs } => ("l", [after.into(), lock_secs, window_secs, 0]),
        }
    }
}

impl Counter {
    /// The counter with its pause and lock: what forgetting it deletes.
    fn keys(&self) -> [String; 3] {
        [self.key.clone(), self.wait_key(), self.lock_key()]
    }

    fn wait_key(&self) -> String {
        format!("{}:wait", self.key)
    }

    fn lock_key(&self) -> String {
        format!("{}:lock", self.key)
    }
}

/// The one limiter: Redis, the installation's key prefix, and the two scripts.
#[derive(Clone)]
pub struct Limiter {
    conn: ConnectionManager,
    prefix: String,
}

impl Limiter {
    /// A counter of `policy` named by `parts` (digests or ids, never raw input).
    fn counter(&self, policy: &str, parts: &[&str], rule: Rule) -> Counter {
        Counter { key: format!("{}:{policy}:{}", self.prefix, parts.join(":")), rule }
    }

    async fn reserve(&self, counters: &[&Counter]) -> Result<Result<Reserved, i64>, Error> {
        let mut invocation = RESERVE.prepare_invoke();
        for counter in counters {
            invocation.key(&counter.key).key(counter.wait_key()).key(counter.lock_key());
            let (kind, numbers) = counter.rule.args();
            invocation.arg(kind);
            for n in numbers {
                invocation.arg(n);
            }
        }
        let (wait, started, count, ttl): (i64, i64, i64, i64) = invocation.invoke_async(&mut self.conn.clone()).await?;
        Ok(if wait > 0 {
            Err(wait)
        } else {
            Ok(Reserved { started_lock: started == 1, first: (count.max(0) as u64, ttl) })
        })
    }

    /// Gives one attempt back on each of `give_back` and deletes the keys of `forget`.
    async fn forgive(&self, give_back: &[&Counter], forget: &[String]) -> Result<(), Error> {
        let mut invocation = FORGIVE.prepare_invoke();
        for counter in give_back {
            invocation.key(&counter.key);
        }
        for key in forget {
            invocation.key(key);
        }
        let _: i64 = invocation.arg(give_back.len()).invoke_async(&mut self.conn.clone()).await?;
        Ok(())
    }

    /// A counter's count and milliseconds until it expires, without counting.
    async fn peek(&self, counter: &Counter) -> Result<(u32, i64), Error> {
        let (count, ttl): (Option<u32>, i64) =
            redis::pipe().get(&counter.key).pttl(&counter.key).query_async(&mut self.conn.clone()).await?;
        Ok((count.unwrap_or(0), ttl))
    }
}

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

fn retry_after(wait_ms: i64) -> Error {
    Error::RateLimited { retry_after_secs: (wait_ms.max(1000) as u64).div_ceil(1000) }
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
