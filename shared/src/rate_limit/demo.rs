//! Live-demo tries per browser and per client.

use std::net::IpAddr;

use redis::aio::ConnectionManager;

use super::{DAY, client_key, digest};
use crate::config::DemoSettings;
use crate::error::Error;

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
