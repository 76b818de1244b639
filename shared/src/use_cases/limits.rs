//! The limits and prices the web app shows, served by the server so they are stated once.

use serde::Serialize;

use crate::config::Settings;
use crate::domain::money::{CHARS_PER_CENT, generation_cost_cent};
use crate::domain::text::MAX_GENERATION_CHARS;
use crate::use_cases::demo::DEMO_MAX_CHARS;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Limits)]
pub struct Limits {
    /// Longest text of one generation, in Unicode characters of the trimmed text.
    pub text_max_chars: usize,
    /// Price: one cent per this many characters, rounded up ...
    pub chars_per_cent: i64,
    /// ... and at least this many cents.
    pub min_cost_cent: i64,
    pub demo_max_chars: usize,
    pub demo_tries_per_day: u32,
    /// Credit of a new account.
    pub signup_bonus_cent: i64,
}

pub fn limits(settings: &Settings) -> Limits {
    Limits {
        text_max_chars: MAX_GENERATION_CHARS,
        chars_per_cent: CHARS_PER_CENT,
        min_cost_cent: generation_cost_cent(0),
        demo_max_chars: DEMO_MAX_CHARS,
        demo_tries_per_day: settings.demo.tries_per_browser,
        signup_bonus_cent: settings.auth.signup_bonus_cent,
    }
}
