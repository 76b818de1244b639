//! Sign-in attempts: per client, per (address, client), and per address a growing
//! delay (see the module notes of `rate_limit`).

use std::net::IpAddr;
use std::sync::LazyLock;

use redis::Script;
use redis::aio::ConnectionManager;

use super::{CodeLimiter, client_key, digest, retry_after};
use crate::config::AuthSettings;
use crate::error::Error;

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
