//! Sign-ups, and the mails a visitor can ask us to send.

use std::net::IpAddr;

use super::{Counter, DAY, HOUR, Limiter, Rule, client_key, digest, retry_after};
use crate::config::AuthSettings;
use crate::error::Error;

/// Sign-ups per client, sign-up mails per address, and mails of each kind per client and
/// per address.
#[derive(Clone)]
pub struct AccountPolicy {
    limiter: Limiter,
    signups_per_client: u32,
    signup_mails_per_address: u32,
}

/// Mails of one kind one address or one client may ask for per hour.
const MAILS_PER_HOUR: u32 = 3;
const MAILS_PER_CLIENT_PER_HOUR: u32 = 10;

impl AccountPolicy {
    pub fn new(limiter: Limiter, settings: &AuthSettings) -> Self {
        Self {
            limiter,
            signups_per_client: settings.signups_per_client_per_hour,
            signup_mails_per_address: settings.signups_per_mailbox_per_day,
        }
    }

    /// One more sign-up from this client (429 past the hourly limit). Sign-ups are not
    /// refused per address: anyone could use such a limit up and lock the owner out.
    pub async fn reserve_signup(&self, ip: IpAddr) -> Result<(), Error> {
        let client = self.limiter.counter(
            "account",
            &["signup-client", &digest(&client_key(ip))],
            Rule::Window { secs: HOUR, limit: self.signups_per_client },
        );
        self.limiter.reserve(&[&client]).await?.map(drop).map_err(retry_after)
    }

    /// Whether a sign-up may mail `address` (a confirmation or "already registered"):
    /// `signups_per_mailbox_per_day` mails a day per address, and as many again shared by
    /// all `+tag` forms of its mailbox (`anna+1@…`, `anna+2@…`), so an inbox gets a bounded
    /// number of sign-up mails a day, and tagged forms cannot use up the plain address's
    /// mails. False past either: the sign-up goes on without a mail.
    pub async fn reserve_signup_mail(&self, address: &str, mailbox: &str) -> Result<bool, Error> {
        let rule = Rule::Window { secs: DAY, limit: self.signup_mails_per_address };
        let exact = self.limiter.counter("account", &["signup-mail-address", &digest(address)], rule);
        let tagged = self.limiter.counter("account", &["signup-mail-tagged", &digest(mailbox)], rule);
        let counters: &[&Counter] = if address == mailbox { &[&exact] } else { &[&exact, &tagged] };
        Ok(self.limiter.reserve(counters).await?.is_ok())
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
