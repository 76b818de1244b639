//! Tries at the site password (the optional gate in front of the whole site).

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;

use super::{client_key, digest};
use crate::error::Error;

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
