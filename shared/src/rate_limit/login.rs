//! Sign-in attempts: per client, per (address, client), and per address a growing
//! delay (see the module notes of `rate_limit`).

use std::net::IpAddr;

use super::{Counter, Limiter, Rule, client_key, digest, retry_after};
use crate::config::AuthSettings;
use crate::error::Error;

/// Sign-in attempts per client and per (address, client) in a window, and per address
/// a pause that grows after a few (never a hard lock: the owner must still get in).
#[derive(Clone)]
pub struct LoginPolicy {
    limiter: Limiter,
    window_secs: u64,
    max_per_client: u32,
    max_per_pair: u32,
    free_per_address: u32,
    max_delay_secs: u64,
}

/// One reserved sign-in attempt; `succeeded` clears the counters it proves innocent.
pub struct LoginAttempt {
    client: Counter,
    pair: Counter,
    address: Counter,
}

impl LoginPolicy {
    pub fn new(limiter: Limiter, settings: &AuthSettings) -> Self {
        Self {
            limiter,
            window_secs: settings.login_window_secs,
            max_per_client: settings.login_max_failures_per_ip,
            max_per_pair: settings.login_max_failures_per_email,
            free_per_address: settings.login_free_attempts_per_email,
            max_delay_secs: settings.login_max_delay_secs,
        }
    }

    /// The address's counter, with its pause.
    fn address(&self, address: &str) -> Counter {
        let rule = Rule::Backoff {
            free: self.free_per_address,
            max_delay_secs: self.max_delay_secs,
            lock_after: None,
            lock_secs: 0,
        };
        self.limiter.counter("login", &["address", &digest(address)], rule)
    }

    fn attempt(&self, ip: IpAddr, address: &str) -> LoginAttempt {
        let client = digest(&client_key(ip));
        let window = |limit| Rule::Window { secs: self.window_secs, limit };
        LoginAttempt {
            pair: self.limiter.counter("login", &["pair", &digest(address), &client], window(self.max_per_pair)),
            client: self.limiter.counter("login", &["client", &client], window(self.max_per_client)),
            address: self.address(address),
        }
    }

    /// Reserves one attempt for `address` (as normalised) from this client, or refuses
    /// with how long to wait. Call before checking the password.
    pub async fn reserve(&self, ip: IpAddr, address: &str) -> Result<LoginAttempt, Error> {
        let attempt = self.attempt(ip, address);
        match self.limiter.reserve(&[&attempt.client, &attempt.pair, &attempt.address]).await? {
            Ok(_) => Ok(attempt),
            Err(wait) => Err(retry_after(wait)),
        }
    }

    /// The password was right: the address and this client's pair start clean, and the
    /// client gets its reservation back.
    pub async fn succeeded(&self, attempt: LoginAttempt) -> Result<(), Error> {
        self.limiter.forgive(&[&attempt.client], &[attempt.pair.keys(), attempt.address.keys()].concat()).await
    }

    /// The owner proved the address another way (a mailed sign-in link): its delay ends.
    pub async fn address_proven(&self, address: &str) -> Result<(), Error> {
        self.limiter.forgive(&[], &self.address(address).keys()).await
    }

    /// A sign-in of a two-factor account passed its code: the address and this client's
    /// pair start clean (a right password alone does not clear them).
    pub async fn second_factor_passed(&self, ip: IpAddr, address: &str) -> Result<(), Error> {
        let attempt = self.attempt(ip, address);
        self.limiter.forgive(&[], &[attempt.pair.keys(), attempt.address.keys()].concat()).await
    }
}
