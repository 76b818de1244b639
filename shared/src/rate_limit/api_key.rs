//! Requests per API key and minute.

use uuid::Uuid;

use super::{Limiter, Rule};
use crate::error::Error;

/// Requests one API key may make per minute (a fixed window counted in Redis, so every
/// api process shares it).
#[derive(Clone)]
pub struct ApiKeyPolicy {
    limiter: Limiter,
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

impl ApiKeyPolicy {
    pub fn new(limiter: Limiter, per_minute: u32) -> Self {
        ApiKeyPolicy { limiter, per_minute }
    }

    /// Counts one request of the key: `Ok(quota)` when within the limit, `Err(quota)`
    /// (remaining 0) when over it.
    pub async fn count(&self, key_id: Uuid) -> Result<Result<Quota, Quota>, Error> {
        let limit = self.per_minute;
        let counter =
            self.limiter.counter("limit", &["api-key", &key_id.simple().to_string()], Rule::Window { secs: 60, limit });
        let reset = |ms: i64| (ms.max(1000) as u64).div_ceil(1000);
        Ok(match self.limiter.reserve(&[&counter]).await? {
            Ok(reserved) => {
                let (count, ttl) = reserved.first;
                Ok(Quota { limit, remaining: (limit as u64).saturating_sub(count) as u32, reset_secs: reset(ttl) })
            }
            Err(wait) => Err(Quota { limit, remaining: 0, reset_secs: reset(wait) }),
        })
    }
}
