//! The session cookie (and the two-factor step's and the site gate's): HttpOnly, SameSite=Lax, Path=/; Secure with the `__Host-` prefix
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

    /// The second step of a sign-in: HttpOnly, only for the sign-in routes, five minutes.
    pub fn challenge_name(&self) -> &'static str {
        if self.secure { "__Secure-stimmwerk_2fa" } else { "stimmwerk_2fa" }
    }

    pub fn challenge(&self, token: String) -> Cookie<'static> {
        Cookie::build((self.challenge_name(), token))
            .http_only(true)
            .secure(self.secure)
            .same_site(SameSite::Strict)
            .path("/api/auth")
            .max_age(Duration::minutes(shared::two_factor::CHALLENGE_MINUTES))
            .build()
    }

    pub fn challenge_removal(&self) -> Cookie<'static> {
        Cookie::build((self.challenge_name(), "")).path("/api/auth").build()
    }

    /// The site gate's pass: HttpOnly, for the browser session only (no expiry).
    pub fn gate_name(&self) -> &'static str {
        if self.secure { "__Host-stimmwerk_gate" } else { "stimmwerk_gate" }
    }

    pub fn gate(&self, pass: String) -> Cookie<'static> {
        Cookie::build((self.gate_name(), pass))
            .http_only(true)
            .secure(self.secure)
            .same_site(SameSite::Lax)
            .path("/")
            .build()
    }

    pub fn removal(&self) -> Cookie<'static> {
        Cookie::build((self.name(), "")).path("/").build()
    }
}
