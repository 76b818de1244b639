//! Sign-ups, and the mails a visitor can ask us to send.

use std::net::IpAddr;

use redis::aio::ConnectionManager;

use super::{DAY, HOUR, client_key, digest, reserve};
use crate::config::AuthSettings;
use crate::error::Error;

/// Sign-ups per client and per mailbox, and sign-in links per client and per address.
#[derive(Clone)]
pub struct AccountLimiter {
    conn: ConnectionManager,
    prefix: String,
    signups_per_client: u32,
    signups_per_mailbox: u32,
}

/// Mails of one kind one address or one client may ask for per hour.
const MAILS_PER_HOUR: u32 = 3;
const MAILS_PER_CLIENT_PER_HOUR: u32 = 10;

impl AccountLimiter {
    pub fn new(conn: ConnectionManager, prefix: &str, settings: &AuthSettings) -> Self {
        Self {
            conn,
            prefix: format!("{prefix}:account"),
            signups_per_client: settings.signups_per_client_per_hour,
            signups_per_mailbox: settings.signups_per_mailbox_per_day,
        }
    }

    pub async fn reserve_signup(&self, ip: IpAddr, mailbox: &str) -> Result<(), Error> {
        let client = format!("{}:signup-client:{}", self.prefix, digest(&client_key(ip)));
        let mailbox = format!("{}:signup-mailbox:{}", self.prefix, digest(mailbox));
        reserve(&self.conn, &[(&client, HOUR, self.signups_per_client), (&mailbox, DAY, self.signups_per_mailbox)])
            .await
    }

    /// One more mail of this kind to `address` from this client (sign-in links, password
    /// resets, confirmation mails): 3 per address and 10 per client per hour, each kind
    /// counted on its own.
    pub async fn reserve_mail(&self, kind: MailKind, ip: IpAddr, address: &str) -> Result<(), Error> {
        let kind = kind.as_str();
        let client = format!("{}:{kind}-client:{}", self.prefix, digest(&client_key(ip)));
        let address = format!("{}:{kind}-address:{}", self.prefix, digest(address));
        reserve(&self.conn, &[(&client, HOUR, MAILS_PER_CLIENT_PER_HOUR), (&address, HOUR, MAILS_PER_HOUR)]).await
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
