//! Sign-ups, and the mails a visitor can ask us to send.

use std::net::IpAddr;

use super::{DAY, HOUR, Limiter, Rule, client_key, digest, retry_after};
use crate::config::AuthSettings;
use crate::error::Error;

/// Sign-ups per client and per mailbox, and mails of each kind per client and per address.
#[derive(Clone)]
pub struct AccountPolicy {
    limiter: Limiter,
    signups_per_client: u32,
    signups_per_mailbox: u32,
}

/// Mails of one kind one address or one client may ask for per hour.
const MAILS_PER_HOUR: u32 = 3;
const MAILS_PER_CLIENT_PER_HOUR: u32 = 10;

impl AccountPolicy {
    pub fn new(limiter: Limiter, settings: &AuthSettings) -> Self {
        Self {
            limiter,
            signups_per_client: settings.signups_per_client_per_hour,
            signups_per_mailbox: settings.signups_per_mailbox_per_day,
        }
    }

    pub async fn reserve_signup(&self, ip: IpAddr, mailbox: &str) -> Result<(), Error> {
        let client = self.limiter.counter(
            "account",
            &["signup-client", &digest(&client_key(ip))],
            Rule::Window { secs: HOUR, limit: self.signups_per_client },
        );
        let mailbox = self.limiter.counter(
            "account",
            &["signup-mailbox", &digest(mailbox)],
            Rule::Window { secs: DAY, limit: self.signups_per_mailbox },
        );
        self.limiter.reserve(&[&client, &mailbox]).await?.map(drop).map_err(retry_after)
    }

    /// One more mail of this kind to `address` from this client (sign-in links, password
    /// resets, confirmation mails): 3 per address and 10 per client per hour, each kind
    /// counted on its own.
    pub async fn reserve_mail(&self, kind: MailKind, ip: IpAddr, address: &str) -> Result<(), Error> {
        let kind = kind.as_str();
        let client = self.limiter.counter(
            "account",
            &[&format!("{kind}-client"), &digest(&client_key(ip))],
            Rule::Window { secs: HOUR, limit: MAILS_PER_CLIENT_PER_HOUR },
        );
        let address = self.limiter.counter(
            "account",
            &[&format!("{kind}-address"), &digest(address)],
            Rule::Window { secs: HOUR, limit: MAILS_PER_HOUR },
        );
        self.limiter.reserve(&[&client, &address]).await?.map(drop).map_err(retry_after)
    }
}

/// Mails a visitor can ask us to send.
#[derive(Debug, Clone, Copy)]
pub enum MailKind {
    LoginLink,
    PasswordReset,
    Confirmation,
}

impl MailKind {
    fn as_str(self) -> &'static str {
        match self {
            MailKind::LoginLink => "link",
            MailKind::PasswordReset => "reset",
            MailKind::Confirmation => "confirm",
        }
    }
}
