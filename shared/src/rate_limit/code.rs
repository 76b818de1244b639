//! Wrong second-factor codes per account and per client (see the module notes of
//! `rate_limit`).

use std::net::IpAddr;

use uuid::Uuid;

use super::{Counter, HOUR, Limiter, Rule, client_key, digest, retry_after};
use crate::config::CodeLimits;
use crate::error::Error;

/// Codes per client per hour; per account a pause after a few wrong ones and a lock of
/// the password-started code step after `lock_after` a day; sign-ins started with a
/// mailed link count on their own daily budget instead (the owner still gets in).
#[derive(Clone)]
pub struct CodePolicy {
    limiter: Limiter,
    limits: CodeLimits,
}

/// One reserved code attempt, counted as wrong until it proves right (so parallel
/// guesses cannot pass a limit).
pub struct CodeAttempt {
    client: Counter,
    /// The account's counter: wrong codes, or the codes of link-started sign-ins.
    account: Counter,
    via_link: bool,
    /// This attempt reached the day's limit: when its code is wrong, the code step of
    /// password-started sign-ins is now locked (mail the owner).
    pub starts_lock: bool,
}

impl CodePolicy {
    pub fn new(limiter: Limiter, limits: &CodeLimits) -> Self {
        Self { limiter, limits: limits.clone() }
    }

    /// How long the lock lasts, in hours (for the owner's mail).
    pub fn lock_hours(&self) -> u64 {
        self.limits.lock_hours
    }

    /// Reserves one code attempt for the account from this client, or refuses with how
    /// long to wait. `via_link`: the sign-in started with a mailed link (its own budget,
    /// not the lock). Call before checking the code.
    pub async fn reserve(&self, ip: IpAddr, user_id: Uuid, via_link: bool) -> Result<CodeAttempt, Error> {
        let limits = &self.limits;
        let account = user_id.simple().to_string();
        let client = self.limiter.counter(
            "code",
            &["client", &digest(&client_key(ip))],
            Rule::Window { secs: HOUR, limit: limits.per_client_per_hour },
        );
        let account = match via_link {
            true => self.limiter.counter(
                "code",
                &["link", &account],
                Rule::Window { secs: 86_400, limit: limits.link_codes_per_day },
            ),
            false => self.limiter.counter(
                "code",
                &["failures", &account],
                Rule::Backoff {
                    free: limits.free_per_account,
                    max_delay_secs: limits.max_delay_secs,
                    lock_after: Some(limits.lock_after.max(1)),
                    lock_secs: limits.lock_hours.max(1) * HOUR,
                },
            ),
        };
        match self.limiter.reserve(&[&client, &account]).await? {
            Ok(reserved) => Ok(CodeAttempt { client, account, via_link, starts_lock: reserved.started_lock }),
            Err(wait) => Err(retry_after(wait)),
        }
    }

    /// The code was right: the attempt is given back, with the lock it started and the
    /// account's pause (the wrong codes before it stay counted for the day).
    pub async fn succeeded(&self, attempt: CodeAttempt) -> Result<(), Error> {
        let mut forget = Vec::new();
        if !attempt.via_link {
            forget.push(attempt.account.wait_key());
            if attempt.starts_lock {
                forget.push(attempt.account.lock_key());
            }
        }
        self.limiter.forgive(&[&attempt.client, &attempt.account], &forget).await
    }
}
