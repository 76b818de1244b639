//! Failed sign-ins are counted per client IP and per e-mail address in Redis (fixed
//! windows). Over the limit, sign-in answers 429 until the window ends. Only failures
//! count, and a success clears the address's counter, so an attacker cannot lock a
//! user out for longer than one window (ASVS 6.1.1, 6.3.1).

use std::net::IpAddr;

use crate::config::{AuthSettings, DemoSettings};
use crate::error::Error;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;

#[derive(Clone)]
pub struct LoginLimiter {
    conn: ConnectionManager,
    prefix: String,
    max_per_ip: u32,
    max_per_email: u32,
    window_secs: u64,
}

impl LoginLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, settings: &AuthSettings) -> Self {
        Self {
            conn,
            prefix: format!("{prefix}:login-failures"),
            max_per_ip: settings.login_max_failures_per_ip,
            max_per_email: settings.login_max_failures_per_email,
            window_secs: settings.login_window_secs,
        }
    }

    fn keys(&self, ip: IpAddr, email: &str) -> [(String, u32); 2] {
        [
            (format!("{}:ip:{ip}", self.prefix), self.max_per_ip),
            (format!("{}:email:{}", self.prefix, email.trim().to_lowercase()), self.max_per_email),
        ]
    }

    /// Refuses the attempt when either counter is at its limit.
    pub async fn check(&self, ip: IpAddr, email: &str) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        for (key, max) in self.keys(ip, email) {
            let failures: Option<u32> = conn.get(&key).await?;
            if failures.unwrap_or(0) >= max {
                let ttl: i64 = conn.ttl(&key).await?;
                return Err(Error::RateLimited { retry_after_secs: ttl.max(1) as u64 });
            }
        }
        Ok(())
    }

    pub async fn record_failure(&self, ip: IpAddr, email: &str) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        for (key, _) in self.keys(ip, email) {
            let count: u32 = conn.incr(&key, 1).await?;
            if count == 1 {
                let _: bool = conn.expire(&key, self.window_secs as i64).await?;
            }
        }
        Ok(())
    }

    pub async fn record_success(&self, ip: IpAddr, email: &str) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        let [_, (email_key, _)] = self.keys(ip, email);
        let _: i64 = conn.del(email_key).await?;
        Ok(())
    }
}

/// Live-demo tries per day, per browser id (cookie) and per client IP. A try is
/// reserved before synthesis and given back if synthesis fails, so only successful
/// generations count and parallel requests cannot overshoot.
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
        [format!("{}:{day}:browser:{browser}", self.prefix), format!("{}:{day}:ip:{ip}", self.prefix)]
    }

    /// Tries left today for this browser and address.
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
            .expire(&keys[0], 2 * 86_400)
            .incr(&keys[1], 1)
            .expire(&keys[1], 2 * 86_400)
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
