//! Tries at the site password (the optional gate in front of the whole site).

use std::net::IpAddr;

use super::{Counter, Limiter, Rule, client_key, digest};
use crate::error::Error;

/// Wrong site passwords a client may enter before it waits, and how long it waits.
pub const GATE_MAX_FAILURES: u32 = 3;
pub const GATE_LOCK_SECS: u64 = 30;
/// How long a client's failed tries are remembered when it stops short of the lock.
const GATE_WINDOW_SECS: u64 = 900;

/// Tries at the site password per client: each counts as failed until it proves right
/// (so parallel guesses cannot exceed the limit); the try that reaches the limit starts
/// the lock.
#[derive(Clone)]
pub struct GatePolicy {
    limiter: Limiter,
}

/// A client's standing at the gate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GateStanding {
    pub failures: u32,
    /// Seconds the client still waits; 0 when it may try.
    pub locked_secs: u64,
}

impl GatePolicy {
    pub fn new(limiter: Limiter) -> Self {
        Self { limiter }
    }

    fn counter(&self, ip: IpAddr) -> Counter {
        let rule = Rule::Lock { after: GATE_MAX_FAILURES, lock_secs: GATE_LOCK_SECS, window_secs: GATE_WINDOW_SECS };
        self.limiter.counter("gate", &[&digest(&client_key(ip))], rule)
    }

    pub async fn standing(&self, ip: IpAddr) -> Result<GateStanding, Error> {
        let (failures, ttl_ms) = self.limiter.peek(&self.counter(ip)).await?;
        let locked_secs = if failures >= GATE_MAX_FAILURES { (ttl_ms.max(1000) as u64).div_ceil(1000) } else { 0 };
        Ok(GateStanding { failures, locked_secs })
    }

    /// Reserves one try; `Err(locked seconds)` while the client waits.
    pub async fn reserve(&self, ip: IpAddr) -> Result<Result<(), u64>, Error> {
        Ok(match self.limiter.reserve(&[&self.counter(ip)]).await? {
            Ok(_) => Ok(()),
            Err(wait) => Err((wait as u64).div_ceil(1000)),
        })
    }

    /// The password was right: the client's failures are forgotten.
    pub async fn succeeded(&self, ip: IpAddr) -> Result<(), Error> {
        self.limiter.forgive(&[], &self.counter(ip).keys()).await
    }
}
