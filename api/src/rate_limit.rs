//! Failed sign-ins are counted per client IP and per e-mail address in Redis (fixed
//! windows). Over the limit, sign-in answers 429 until the window ends. Only failures
//! count, and a success clears the address's counter, so an attacker cannot lock a
//! user out for longer than one window (ASVS 6.1.1, 6.3.1).

use std::net::IpAddr;

use redis::AsyncCommands;
use redis::aio::ConnectionManager;
use shared::Error;
use shared::config::AuthSettings;

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
