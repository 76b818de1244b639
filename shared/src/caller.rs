//! Who is calling: one value every use case receives. A caller is an anonymous visitor
//! (with the live demo's browser id, if any), a signed-in browser session, or a program
//! holding an API key (the `/v1` developer API). Use cases ask the caller for
//! what they need (`user()`, `admin()`, `fresh_admin()`), so authorization sits in one
//! place and reads the same on every surface.
//!
//! Admin power is only ever granted through [`Caller::admin`] (a browser session of an
//! admin that proved the second factor) or [`Caller::fresh_admin`] (the same, plus a
//! password re-entry within [`REAUTH_WINDOW_MINUTES`]): never by reading the role column,
//! so no branch anywhere (recordings, global labels, the global dictionary) can be opened
//! by a password alone or by an API key. Reads need `admin()`; changes of money,
//! accounts, roles, who may use a voice and of what every customer sees or hears (global
//! dictionary entries, categories and tags) need `fresh_admin()`.

use std::net::IpAddr;

use chrono::{Duration, Utc};

pub use crate::db::sessions::Session;
use crate::db::users::User;
use crate::domain::kinds::Role;
use crate::error::{Error, Result};

/// How long a password re-entry unlocks the admin changes.
pub const REAUTH_WINDOW_MINUTES: i64 = 10;

#[derive(Debug, Clone)]
pub struct Caller {
    /// The client's address (per-client limits).
    pub ip: IpAddr,
    pub identity: Identity,
    /// The live demo's browser id (a cookie), once the browser has one.
    pub demo_browser: Option<String>,
    /// The User-Agent header (at most 300 characters): a new session keeps it, so its
    /// owner can tell the sessions apart.
    pub user_agent: Option<String>,
}

#[derive(Debug, Clone)]
pub enum Identity {
    /// Not signed in.
    Anonymous,
    /// Signed in through the session cookie.
    Session(Session),
    /// A program calling `/v1` with one of the user's API keys.
    ApiKey(KeyHolder),
}

#[derive(Debug, Clone)]
pub struct KeyHolder {
    pub user: User,
    pub key_id: uuid::Uuid,
}

impl Caller {
    pub fn anonymous(ip: IpAddr) -> Self {
        Caller { ip, identity: Identity::Anonymous, demo_browser: None, user_agent: None }
    }

    /// The signed-in user, or 401.
    pub fn user(&self) -> Result<&User> {
        match &self.identity {
            Identity::Session(session) => Ok(&session.user),
            Identity::ApiKey(holder) => Ok(&holder.user),
            Identity::Anonymous => Err(Error::Unauthenticated),
        }
    }

    /// The browser session: account, billing and admin use cases need one; an API key
    /// reaches only generation, the library and the reads the developer API offers.
    pub fn session(&self) -> Result<&Session> {
        match &self.identity {
            Identity::Session(session) => Ok(session),
            Identity::ApiKey(_) => Err(Error::Forbidden),
            Identity::Anonymous => Err(Error::Unauthenticated),
        }
    }

    /// A signed-in admin whose session proved the second factor, or 401 / 403. An admin
    /// account can move money and read every user's data, so a stolen password alone
    /// must not open it.
    pub fn admin(&self) -> Result<&User> {
        let session = self.session()?;
        if session.user.role != Role::Admin {
            return Err(Error::Forbidden);
        }
        if !session.second_factor {
            return Err(Error::SecondFactorRequired);
        }
        Ok(&session.user)
    }

    /// An admin who re-entered the password within [`REAUTH_WINDOW_MINUTES`].
    pub fn fresh_admin(&self) -> Result<&User> {
        let user = self.admin()?;
        let at = self.session()?.reauthenticated_at;
        if at.is_none_or(|at| Utc::now() - at >= Duration::minutes(REAUTH_WINDOW_MINUTES)) {
            return Err(Error::ReauthRequired);
        }
        Ok(user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role) -> User {
        User {
            id: uuid::Uuid::new_v4(),
            name: "Ada".into(),
            email: "ada@example.de".into(),
            organization: "Firma".into(),
            role,
            balance_cent: 0,
            created_at: Utc::now(),
        }
    }

    fn session(role: Role, reauthenticated_minutes_ago: Option<i64>) -> Caller {
        session_with(role, reauthenticated_minutes_ago, true)
    }

    fn session_with(role: Role, reauthenticated_minutes_ago: Option<i64>, second_factor: bool) -> Caller {
        Caller {
            ip: [127, 0, 0, 1].into(),
            identity: Identity::Session(Session {
                user: user(role),
                token_hash: "h".into(),
                reauthenticated_at: reauthenticated_minutes_ago.map(|m| Utc::now() - Duration::minutes(m)),
                second_factor,
            }),
            demo_browser: None,
            user_agent: None,
        }
    }

    #[test]
    fn anonymous_callers_are_401_and_users_403_on_admin_use_cases() {
        let anonymous = Caller::anonymous([127, 0, 0, 1].into());
        assert!(matches!(anonymous.user(), Err(Error::Unauthenticated)));
        assert!(matches!(anonymous.admin(), Err(Error::Unauthenticated)));
        assert!(matches!(session(Role::User, Some(1)).admin(), Err(Error::Forbidden)));
        assert!(session(Role::Admin, None).admin().is_ok());
    }

    #[test]
    fn the_admin_area_needs_a_session_that_proved_the_second_factor() {
        assert!(matches!(session_with(Role::Admin, Some(1), false).admin(), Err(Error::SecondFactorRequired)));
        assert!(matches!(session_with(Role::Admin, Some(1), false).fresh_admin(), Err(Error::SecondFactorRequired)));
        // A user without it is still just forbidden, not asked to set anything up.
        assert!(matches!(session_with(Role::User, Some(1), false).admin(), Err(Error::Forbidden)));
    }

    #[test]
    fn an_admin_api_key_never_carries_admin_power() {
        let caller = Caller {
            ip: [127, 0, 0, 1].into(),
            identity: Identity::ApiKey(KeyHolder { user: user(Role::Admin), key_id: uuid::Uuid::new_v4() }),
            demo_browser: None,
            user_agent: None,
        };
        assert!(caller.user().is_ok());
        assert!(matches!(caller.admin(), Err(Error::Forbidden)));
        assert!(matches!(caller.fresh_admin(), Err(Error::Forbidden)));
    }

    #[test]
    fn admin_settings_need_a_password_reentry_within_ten_minutes() {
        assert!(matches!(session(Role::Admin, None).fresh_admin(), Err(Error::ReauthRequired)));
        assert!(matches!(session(Role::Admin, Some(11)).fresh_admin(), Err(Error::ReauthRequired)));
        assert!(session(Role::Admin, Some(9)).fresh_admin().is_ok());
        assert!(matches!(session(Role::User, Some(1)).fresh_admin(), Err(Error::Forbidden)));
    }
}
