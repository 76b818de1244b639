//! Wrong second-factor codes per account and per client (see the module notes of
//! `rate_limit`).

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;
use uuid::Uuid;

use super::{client_key, digest, retry_after};
use crate::config::CodeLimits;
use crate::error::Error;

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
