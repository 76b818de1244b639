//! Live-demo tries per browser and per client.

use std::net::IpAddr;

use super::{Counter, DAY, Limiter, Rule, client_key, digest};
use crate::config::DemoSettings;
use crate::error::Error;

/// Live-demo tries per day, per browser id (cookie) and per client. A try is reserved
/// before synthesis and given back if synthesis fails, so only successful generations
/// count and parallel requests cannot overshoot.
#[derive(Clone)]
pub struct DemoPolicy {
    limiter: Limiter,
    per_browser: u32,
    per_ip: u32,
}

pub struct DemoTry {
    counters: [Counter; 2],
    pub remaining: u32,
}

impl DemoPolicy {
    pub fn new(limiter: Limiter, settings: &DemoSettings) -> Self {
        Self { limiter, per_browser: settings.tries_per_browser, per_ip: settings.tries_per_ip }
    }

    pub fn tries(&self) -> u32 {
        self.per_browser
    }

    /// Today's counters (a day's keys live two days, so one reserved before midnight
    /// can still be given back after it).
    fn counters(&self, browser: &str, ip: IpAddr) -> [Counter; 2] {
        let day = chrono::Utc::now().format("%Y-%m-%d").to_string();
        [
            self.limiter.counter(
                "demo",
                &[&day, "browser", &digest(browser)],
                Rule::Window { secs: 2 * DAY, limit: self.per_browser },
            ),
            self.limiter.counter(
                "demo",
                &[&day, "client", &digest(&client_key(ip))],
                Rule::Window { secs: 2 * DAY, limit: self.per_ip },
            ),
        ]
    }

    /// Tries left today for this browser and client.
    pub async fn remaining(&self, browser: &str, ip: IpAddr) -> Result<u32, Error> {
        let [b, i] = self.counters(browser, ip);
        let (used_b, _) = self.limiter.peek(&b).await?;
        let (used_i, _) = self.limiter.peek(&i).await?;
        Ok(self.per_browser.saturating_sub(used_b).min(self.per_ip.saturating_sub(used_i)))
    }

    /// Reserves one try, or `None` when the day's tries are used up.
    pub async fn reserve(&self, browser: &str, ip: IpAddr) -> Result<Option<DemoTry>, Error> {
        let counters = self.counters(browser, ip);
        if self.limiter.reserve(&[&counters[0], &counters[1]]).await?.is_err() {
            return Ok(None);
        }
        let remaining = self.remaining(browser, ip).await?;
        Ok(Some(DemoTry { counters, remaining }))
    }

    /// Gives a reserved try back (synthesis failed).
    pub async fn release(&self, attempt: DemoTry) -> Result<(), Error> {
        self.limiter.forgive(&[&attempt.counters[0], &attempt.counters[1]], &[]).await
    }
}
