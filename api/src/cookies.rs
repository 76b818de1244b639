//! Every cookie the API sets, and every removal of one: the session cookie, the two-factor
//! step's, the site gate's and the demo's. HttpOnly and Path always; Secure (and the
//! `__Host-`/`__Secure-` prefix where the path allows it) when served over HTTPS. A
//! removal carries the same attributes as the cookie it removes: a browser ignores a
//! removal of a `__Host-` cookie without Secure, and that cookie would stay.

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

    /// A cookie with the attributes every cookie of ours has; `max_age` `None`: for the
    /// browser session.
    fn build(
        &self,
        name: &'static str,
        value: String,
        path: &'static str,
        same_site: SameSite,
        max_age: Option<Duration>,
    ) -> Cookie<'static> {
        let mut cookie =
            Cookie::build((name, value)).http_only(true).secure(self.secure).same_site(same_site).path(path).build();
        if let Some(max_age) = max_age {
            cookie.set_max_age(max_age);
        }
        cookie
    }

    pub fn name(&self) -> &'static str {
        if self.secure { "__Host-stimmwerk_session" } else { "stimmwerk_session" }
    }

    pub fn session(&self, token: String) -> Cookie<'static> {
        self.build(self.name(), token, "/", SameSite::Lax, Some(Duration::days(self.days)))
    }

    /// The second step of a sign-in: HttpOnly, only for the sign-in routes, five minutes.
    pub fn challenge_name(&self) -> &'static str {
        if self.secure { "__Secure-stimmwerk_2fa" } else { "stimmwerk_2fa" }
    }

    pub fn challenge(&self, token: String) -> Cookie<'static> {
        let minutes = Duration::minutes(shared::use_cases::two_factor::CHALLENGE_MINUTES);
        self.build(self.challenge_name(), token, "/api/auth", SameSite::Strict, Some(minutes))
    }

    pub fn challenge_removal(&self) -> Cookie<'static> {
        self.build(self.challenge_name(), String::new(), "/api/auth", SameSite::Strict, None)
    }

    /// The site gate's pass: HttpOnly, for the browser session only (no expiry; the pass
    /// itself stops working after `shared::use_cases::site_gate::PASS_HOURS`).
    pub fn gate_name(&self) -> &'static str {
        if self.secure { "__Host-stimmwerk_gate" } else { "stimmwerk_gate" }
    }

    pub fn gate(&self, pass: String) -> Cookie<'static> {
        self.build(self.gate_name(), pass, "/", SameSite::Lax, None)
    }

    /// The demo's browser id: only for the demo routes, two days.
    pub fn demo(&self, name: &'static str, id: String) -> Cookie<'static> {
        self.build(name, id, "/api/demo", SameSite::Lax, Some(Duration::days(2)))
    }

    pub fn removal(&self) -> Cookie<'static> {
        self.build(self.name(), String::new(), "/", SameSite::Lax, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_cookie(cookies: &SessionCookies) -> Vec<Cookie<'static>> {
        vec![
            cookies.session("t".into()),
            cookies.removal(),
            cookies.challenge("c".into()),
            cookies.challenge_removal(),
            cookies.gate("g".into()),
            cookies.demo("stimmwerk_demo", "d".into()),
        ]
    }

    #[test]
    fn in_secure_mode_every_cookie_and_every_removal_is_secure_and_http_only() {
        for cookie in every_cookie(&SessionCookies::new(true, 30)) {
            assert_eq!(cookie.secure(), Some(true), "{cookie}");
            assert_eq!(cookie.http_only(), Some(true), "{cookie}");
            assert!(cookie.path().is_some(), "{cookie}");
            if cookie.name().starts_with("__Host-") {
                assert_eq!(cookie.path(), Some("/"), "{cookie}");
            }
        }
        for cookie in every_cookie(&SessionCookies::new(false, 30)) {
            assert_ne!(cookie.secure(), Some(true), "plain http cannot keep Secure cookies: {cookie}");
        }
    }
}
