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

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;
use sha2::{Digest, Sha256};

use uuid::Uuid;

use crate::config::{AuthSettings, CodeLimits, DemoSettings};
use crate::error::Error;

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

/// Sign-in attempt reserved: per client, per (address, client), and the address's delay.
/// KEYS: client, pair, address attempts, address wait.
/// ARGV: window, client limit, pair limit, free attempts per address, max delay (ms).
static LOGIN: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local wait = redis.call('PTTL', KEYS[4])
        if wait > 0 then return wait end
        local function bump(key, ttl)
          local n = redis.call('INCR', key)
          if n == 1 then redis.call('EXPIRE', key, ttl) end
          return n
        end
        local c = bump(KEYS[1], ARGV[1])
        if c > tonumber(ARGV[2]) then return redis.call('PTTL', KEYS[1]) end
        local p = bump(KEYS[2], ARGV[1])
        if p > tonumber(ARGV[3]) then return redis.call('PTTL', KEYS[2]) end
        local a = bump(KEYS[3], 86400)
        local free = tonumber(ARGV[4])
        if a > free then
          local delay = math.min(1000 * 2 ^ (a - free), tonumber(ARGV[5]))
          redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
        end
        return 0
        ",
    )
});

#[derive(Clone)]
pub struct LoginLimiter {
    conn: ConnectionManager,
    prefix: String,
    window_secs: u64,
    max_per_client: u32,
    max_per_pair: u32,
    free_per_address: u32,
    max_delay_secs: u64,
    /// The code step of a two-factor sign-in (and of switching it off).
    pub codes: CodeLimiter,
}

/// One reserved sign-in attempt; `succeeded` clears the counters it proves innocent.
pub struct LoginAttempt {
    client: String,
    pair: String,
    address: String,
    address_wait: String,
}

impl LoginLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, settings: &AuthSettings) -> Self {
        Self {
            prefix: format!("{prefix}:login"),
            window_secs: settings.login_window_secs,
            max_per_client: settings.login_max_failures_per_ip,
            max_per_pair: settings.login_max_failures_per_email,
            free_per_address: settings.login_free_attempts_per_email,
            max_delay_secs: settings.login_max_delay_secs,
            codes: CodeLimiter::new(conn.clone(), prefix, &settings.codes),
            conn,
        }
    }

    /// The address's attempt counter and pause key.
    fn address_keys(&self, address: &str) -> (String, String) {
        let address = digest(address);
        (format!("{}:address:{address}", self.prefix), format!("{}:wait:{address}", self.prefix))
    }

    fn attempt(&self, ip: IpAddr, address: &str) -> LoginAttempt {
        let client = digest(&client_key(ip));
        let (address_key, address_wait) = self.address_keys(address);
        LoginAttempt {
            pair: format!("{}:pair:{}:{client}", self.prefix, digest(address)),
            client: format!("{}:client:{client}", self.prefix),
            address_wait,
            address: address_key,
        }
    }

    /// Reserves one attempt for `address` (as normalised) from this client, or refuses
    /// with how long to wait. Call before checking the password.
    pub async fn reserve(&self, ip: IpAddr, address: &str) -> Result<LoginAttempt, Error> {
        let attempt = self.attempt(ip, address);
        let wait: i64 = LOGIN
            .key(&attempt.client)
            .key(&attempt.pair)
            .key(&attempt.address)
            .key(&attempt.address_wait)
            .arg(self.window_secs)
            .arg(self.max_per_client)
            .arg(self.max_per_pair)
            .arg(self.free_per_address)
            .arg(self.max_delay_secs * 1000)
            .invoke_async(&mut self.conn.clone())
            .await?;
        if wait > 0 { Err(retry_after(wait)) } else { Ok(attempt) }
    }

    /// The password was right: the address and this client's pair start clean, and the
    /// client gets its reservation back.
    pub async fn succeeded(&self, attempt: LoginAttempt) -> Result<(), Error> {
        let _: () = redis::pipe()
            .del(&[&attempt.pair, &attempt.address, &attempt.address_wait])
            .ignore()
            .decr(&attempt.client, 1)
            .ignore()
            .query_async(&mut self.conn.clone())
            .await?;
        Ok(())
    }

    /// The owner proved the address another way (a mailed sign-in link): its delay ends.
    pub async fn address_proven(&self, address: &str) -> Result<(), Error> {
        let (address, address_wait) = self.address_keys(address);
        let _: () = redis::pipe().del(&[&address, &address_wait]).ignore().query_async(&mut self.conn.clone()).await?;
        Ok(())
    }

    /// A sign-in of a two-factor account passed its code: the address and this client's
    /// pair start clean (a right password alone does not clear them).
    pub async fn second_factor_passed(&self, ip: IpAddr, address: &str) -> Result<(), Error> {
        let attempt = self.attempt(ip, address);
        let _: () = redis::pipe()
            .del(&[&attempt.pair, &attempt.address, &attempt.address_wait])
            .ignore()
            .query_async(&mut self.conn.clone())
            .await?;
        Ok(())
    }
}

/// Reserves one code attempt before the code is checked, counted as wrong until it
/// proves right, so parallel guesses cannot pass a limit.
/// KEYS: account failures, account wait, account lock, link codes, client.
/// ARGV: via link (0/1), free per account, max delay (ms), lock after, lock (ms), link
/// codes per day, codes per client per hour.
/// Returns {wait ms (0: go on), the account's count, 1 when this attempt started the lock}.
static CODE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local function bump(key, ttl)
          local n = redis.call('INCR', key)
          if n == 1 then redis.call('EXPIRE', key, ttl) end
          return n
        end
        local via_link = ARGV[1] == '1'
        if not via_link then
          local lock = redis.call('PTTL', KEYS[3])
          if lock > 0 then return {lock, 0, 0} end
          local wait = redis.call('PTTL', KEYS[2])
          if wait > 0 then return {wait, 0, 0} end
        end
        local c = bump(KEYS[5], 3600)
        if c > tonumber(ARGV[7]) then return {math.max(redis.call('PTTL', KEYS[5]), 1), 0, 0} end
        if via_link then
          local l = bump(KEYS[4], 86400)
          if l > tonumber(ARGV[6]) then return {math.max(redis.call('PTTL', KEYS[4]), 1), 0, 0} end
          return {0, l, 0}
        end
        local n = bump(KEYS[1], 86400)
        if n >= tonumber(ARGV[4]) then
          redis.call('SET', KEYS[3], '1', 'PX', ARGV[5])
          return {0, n, 1}
        end
        local free = tonumber(ARGV[2])
        if n > free then
          local delay = math.min(1000 * 2 ^ (n - free), tonumber(ARGV[3]))
          redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
        end
        return {0, n, 0}
        ",
    )
});

/// A right code gives its reservation back (and the lock it started, and the delay).
/// KEYS: as `CODE`. ARGV: via link (0/1), started the lock (0/1).
static CODE_RIGHT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local function give_back(key)
          local n = tonumber(redis.call('GET', key) or '0')
          if n > 0 then redis.call('DECR', key) end
        end
        give_back(KEYS[5])
        if ARGV[1] == '1' then
          give_back(KEYS[4])
        else
          give_back(KEYS[1])
          redis.call('DEL', KEYS[2])
          if ARGV[2] == '1' then redis.call('DEL', KEYS[3]) end
        end
        return 0
        ",
    )
});

/// Wrong codes per account and per client (see the module's notes).
#[derive(Clone)]
pub struct CodeLimiter {
    conn: ConnectionManager,
    prefix: String,
    limits: CodeLimits,
}

/// One reserved code attempt.
pub struct CodeAttempt {
    keys: [String; 5],
    via_link: bool,
    /// This attempt reached the day's limit: when its code is wrong, the code step of
    /// password-started sign-ins is now locked (mail the owner).
    pub starts_lock: bool,
}

impl CodeLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, limits: &CodeLimits) -> Self {
        Self { conn, prefix: format!("{prefix}:code"), limits: limits.clone() }
    }

    /// How long the lock lasts, in hours (for the owner's mail).
    pub fn lock_hours(&self) -> u64 {
        self.limits.lock_hours
    }

    /// Reserves one code attempt for the account from this client, or refuses with how
    /// long to wait. `via_link`: the sign-in started with a mailed link (its own budget,
    /// not the lock). Call before checking the code.
    pub async fn reserve(&self, ip: IpAddr, user_id: Uuid, via_link: bool) -> Result<CodeAttempt, Error> {
        let account = user_id.simple();
        let keys = [
            format!("{}:failures:{account}", self.prefix),
            format!("{}:wait:{account}", self.prefix),
            format!("{}:lock:{account}", self.prefix),
            format!("{}:link:{account}", self.prefix),
            format!("{}:client:{}", self.prefix, digest(&client_key(ip))),
        ];
        let mut invocation = CODE.prepare_invoke();
        for key in &keys {
            invocation.key(key);
        }
        let limits = &self.limits;
        let (wait, _count, starts_lock): (i64, i64, i64) = invocation
            .arg(u8::from(via_link))
            .arg(limits.free_per_account)
            .arg(limits.max_delay_secs * 1000)
            .arg(limits.lock_after.max(1))
            .arg(limits.lock_hours.max(1) * 3_600_000)
            .arg(limits.link_codes_per_day)
            .arg(limits.per_client_per_hour)
            .invoke_async(&mut self.conn.clone())
            .await?;
        if wait > 0 {
            return Err(retry_after(wait));
        }
        Ok(CodeAttempt { keys, via_link, starts_lock: starts_lock == 1 })
    }

    /// The code was right: the attempt is given back, with the lock it started and the
    /// account's delay (the wrong codes before it stay counted for the day).
    pub async fn succeeded(&self, attempt: CodeAttempt) -> Result<(), Error> {
        let mut invocation = CODE_RIGHT.prepare_invoke();
        for key in &attempt.keys {
            invocation.key(key);
        }
        let _: i64 = invocation
            .arg(u8::from(attempt.via_link))
            .arg(u8::from(attempt.starts_lock))
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(())
    }
}

/// Sign-ups per client and per mailbox, and sign-in links per client and per address.
#[derive(Clone)]
pub struct AccountLimiter {
    conn: ConnectionManager,
    prefix: String,
    signups_per_client: u32,
    signups_per_mailbox: u32,
}

const HOUR: u64 = 3600;
const DAY: u64 = 86_400;
/// Mails of one kind one address or one client may ask for per hour.
const MAILS_PER_HOUR: u32 = 3;
const MAILS_PER_CLIENT_PER_HOUR: u32 = 10;

impl AccountLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, settings: &AuthSettings) -> Self {
        Self {
            conn,
            prefix: format!("{prefix}:account"),
            signups_per_client: settings.signups_per_client_per_hour,
            signups_per_mailbox: settings.signups_per_mailbox_per_day,
        }
    }

    pub async fn reserve_signup(&self, ip: IpAddr, mailbox: &str) -> Result<(), Error> {
        let client = format!("{}:signup-client:{}", self.prefix, digest(&client_key(ip)));
        let mailbox = format!("{}:signup-mailbox:{}", self.prefix, digest(mailbox));
        reserve(&self.conn, &[(&client, HOUR, self.signups_per_client), (&mailbox, DAY, self.signups_per_mailbox)])
            .await
    }

    /// One more mail of this kind to `address` from this client (sign-in links, password
    /// resets, confirmation mails): 3 per address and 10 per client per hour, each kind
    /// counted on its own.
    pub async fn reserve_mail(&self, kind: MailKind, ip: IpAddr, address: &str) -> Result<(), Error> {
        let kind = kind.as_str();
        let client = format!("{}:{kind}-client:{}", self.prefix, digest(&client_key(ip)));
        let address = format!("{}:{kind}-address:{}", self.prefix, digest(address));
        reserve(&self.conn, &[(&client, HOUR, MAILS_PER_CLIENT_PER_HOUR), (&address, HOUR, MAILS_PER_HOUR)]).await
    }
}

/// Mails a visitor can ask us to send.
#[derive(Debug, Clone, Copy)]
pub enum MailKind {
    LoginLink,
    PasswordReset,
    Confirmation,
}

impl MailKind {
    fn as_str(self) -> &'static str {
        match self {
            MailKind::LoginLink => "link",
            MailKind::PasswordReset => "reset",
            MailKind::Confirmation => "confirm",
        }
    }
}

/// Wrong site passwords a client may enter before it waits, and how long it waits.
pub const GATE_MAX_FAILURES: u32 = 3;
pub const GATE_LOCK_SECS: u64 = 30;
/// How long a client's failed tries are remembered when it stops short of the lock.
const GATE_WINDOW_SECS: u64 = 900;

/// Reserves a try at the site password: refuses while the client is locked, else counts
/// the try as failed until it proves right (so parallel guesses cannot exceed the limit);
/// the try that reaches the limit starts the lock. KEYS: the client's failures.
/// ARGV: max failures, lock seconds, window seconds. Returns the wait (ms) or 0.
static GATE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local n = tonumber(redis.call('GET', KEYS[1]) or '0')
        if n >= tonumber(ARGV[1]) then return math.max(redis.call('PTTL', KEYS[1]), 1) end
        n = redis.call('INCR', KEYS[1])
        if n >= tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2])
        else redis.call('EXPIRE', KEYS[1], ARGV[3]) end
        return 0
        ",
    )
});

/// Tries at the site password per client (the optional gate in front of the whole site).
#[derive(Clone)]
pub struct GateLimiter {
    conn: ConnectionManager,
    prefix: String,
}

/// A client's standing at the gate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GateStanding {
    pub failures: u32,
    /// Seconds the client still waits; 0 when it may try.
    pub locked_secs: u64,
}

impl GateLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str) -> Self {
        Self { conn, prefix: format!("{prefix}:gate") }
    }

    fn key(&self, ip: IpAddr) -> String {
        format!("{}:{}", self.prefix, digest(&client_key(ip)))
    }

    pub async fn standing(&self, ip: IpAddr) -> Result<GateStanding, Error> {
        let (failures, ttl_ms): (Option<u32>, i64) =
            redis::pipe().get(self.key(ip)).pttl(self.key(ip)).query_async(&mut self.conn.clone()).await?;
        let failures = failures.unwrap_or(0);
        let locked_secs = if failures >= GATE_MAX_FAILURES { (ttl_ms.max(1000) as u64).div_ceil(1000) } else { 0 };
        Ok(GateStanding { failures, locked_secs })
    }

    /// Reserves one try; `Err(locked seconds)` while the client waits.
    pub async fn reserve(&self, ip: IpAddr) -> Result<Result<(), u64>, Error> {
        let wait: i64 = GATE
            .key(self.key(ip))
            .arg(GATE_MAX_FAILURES)
            .arg(GATE_LOCK_SECS)
            .arg(GATE_WINDOW_SECS)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(if wait > 0 { Err((wait as u64).div_ceil(1000)) } else { Ok(()) })
    }

    /// The password was right: the client's failures are forgotten.
    pub async fn succeeded(&self, ip: IpAddr) -> Result<(), Error> {
        let _: i64 = redis::cmd("DEL").arg(self.key(ip)).query_async(&mut self.conn.clone()).await?;
        Ok(())
    }
}

/// Live-demo tries per day, per browser id (cookie) and per client. A try is reserved
/// before synthesis and given back if synthesis fails, so only successful generations
/// count and parallel requests cannot overshoot.
#[derive(Clone)]
pub struct DemoLimiter {
    conn: ConnectionManager,
    prefix: String,
    per_browser: u32,
    per_ip: u32,
}

pub struct DemoTry {
    keys: [String; 2],
    pub remaining: u32,
}

impl DemoLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, settings: &DemoSettings) -> Self {
        Self {
            conn,
            prefix: format!("{prefix}:demo"),
            per_browser: settings.tries_per_browser,
            per_ip: settings.tries_per_ip,
        }
    }

    pub fn tries(&self) -> u32 {
        self.per_browser
    }

    fn keys(&self, browser: &str, ip: IpAddr) -> [String; 2] {
        let day = chrono::Utc::now().format("%Y-%m-%d");
        [
            format!("{}:{day}:browser:{}", self.prefix, digest(browser)),
            format!("{}:{day}:client:{}", self.prefix, digest(&client_key(ip))),
        ]
    }

    /// Tries left today for this browser and client.
    pub async fn remaining(&self, browser: &str, ip: IpAddr) -> Result<u32, Error> {
        let mut conn = self.conn.clone();
        let [b, i] = self.keys(browser, ip);
        let (used_b, used_i): (Option<u32>, Option<u32>) = redis::pipe().get(&b).get(&i).query_async(&mut conn).await?;
        Ok(self.per_browser.saturating_sub(used_b.unwrap_or(0)).min(self.per_ip.saturating_sub(used_i.unwrap_or(0))))
    }

    /// Reserves one try, or `None` when the day's tries are used up.
    pub async fn reserve(&self, browser: &str, ip: IpAddr) -> Result<Option<DemoTry>, Error> {
        let mut conn = self.conn.clone();
        let keys = self.keys(browser, ip);
        let (used_b, _, used_i, _): (u32, bool, u32, bool) = redis::pipe()
            .incr(&keys[0], 1)
            .expire(&keys[0], 2 * DAY as i64)
            .incr(&keys[1], 1)
            .expire(&keys[1], 2 * DAY as i64)
            .query_async(&mut conn)
            .await?;
        let attempt = DemoTry {
            remaining: self.per_browser.saturating_sub(used_b).min(self.per_ip.saturating_sub(used_i)),
            keys,
        };
        if used_b > self.per_browser || used_i > self.per_ip {
            self.release(attempt).await?;
            return Ok(None);
        }
        Ok(Some(attempt))
    }

    /// Gives a reserved try back (synthesis failed, or the limit was exceeded).
    pub async fn release(&self, attempt: DemoTry) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        let _: (i64, i64) =
            redis::pipe().decr(&attempt.keys[0], 1).decr(&attempt.keys[1], 1).query_async(&mut conn).await?;
        Ok(())
    }
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

/// Requests one API key may make per minute (a fixed window counted in Redis, so every
/// api process shares it).
#[derive(Clone)]
pub struct ApiKeyLimiter {
    conn: ConnectionManager,
    prefix: String,
    per_minute: u32,
}

/// Where a key stands in its window after this request: the `X-RateLimit-*` headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    pub limit: u32,
    pub remaining: u32,
    /// Seconds until the window starts again.
    pub reset_secs: u64,
}

/// KEYS: the counter; ARGV: window seconds. Returns the count and the ms until expiry.
static COUNT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
        local n = redis.call('INCR', KEYS[1])
        if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
        return {n, redis.call('PTTL', KEYS[1])}
        ",
    )
});

impl ApiKeyLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, per_minute: u32) -> Self {
        ApiKeyLimiter { conn, prefix: prefix.to_owned(), per_minute }
    }

    /// Counts one request of the key: `Ok(quota)` when within the limit, `Err(quota)`
    /// (remaining 0) when over it.
    pub async fn count(&self, key_id: uuid::Uuid) -> Result<Result<Quota, Quota>, Error> {
        let key = format!("{}:limit:api-key:{}", self.prefix, key_id.simple());
        let (n, pttl): (u64, i64) = COUNT.key(key).arg(60).invoke_async(&mut self.conn.clone()).await?;
        let reset_secs = (pttl.max(1000) as u64).div_ceil(1000);
        let limit = self.per_minute;
        let remaining = (limit as u64).saturating_sub(n) as u32;
        let quota = Quota { limit, remaining, reset_secs };
        Ok(if n > limit as u64 { Err(quota) } else { Ok(quota) })
    }
}
