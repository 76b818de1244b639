//! Requests per API key and minute.

use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;

use crate::error::Error;

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
