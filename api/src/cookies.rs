//! The session cookie: HttpOnly, SameSite=Lax, Path=/; Secure with the `__Host-` prefix
//! when served over HTTPS.

use axum_extra::extract::cookie::{Cookie, SameSite};
use time::Duration;

#[derive(Clone)]
pub struct SessionCookies {
    secure: bool,
    days: i64,
}

impl SessionCookies {
    pub fn new(secure: bool, days: i64) -> Self {
        Self { secure, days }
    }

    pub fn name(&self) -> &'static str {
        if self.secure { "__Host-stimmwerk_session" } else { "stimmwerk_session" }
    }

    pub fn session(&self, token: String) -> Cookie<'static> {
        Cookie::build((self.name(), token))
            .http_only(true)
            .secure(self.secure)
            .same_site(SameSite::Lax)
            .path("/")
            .max_age(Duration::days(self.days))
            .build()
    }

    pub fn removal(&self) -> Cookie<'static> {
        Cookie::build((self.name(), "")).path("/").build()
    }
}
