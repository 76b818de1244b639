//! Reads whose work grows with what a user stored: a project's page and a chapter's
//! paragraphs. Each is bounded (at most `MAX_PARAGRAPHS` facts, a page of paragraph
//! texts), and this counts them per account, so one account asking in a loop cannot keep
//! the CPU pool from everyone else. The editor reads a project every few seconds while a
//! chapter renders; the limit is far above that.

use uuid::Uuid;

use super::{Limiter, Rule, retry_after};
use crate::error::Error;

/// Project and chapter reads one account may make per minute.
pub const PROJECT_READS_PER_MINUTE: u32 = 240;

#[derive(Clone)]
pub struct ReadPolicy {
    limiter: Limiter,
}

impl ReadPolicy {
    pub fn new(limiter: Limiter) -> Self {
        Self { limiter }
    }

    /// One more project or chapter read by `user_id`; a German 429 past the limit.
    pub async fn reserve_project_read(&self, user_id: Uuid) -> Result<(), Error> {
        let counter = self.limiter.counter(
            "reads",
            &["project", &user_id.simple().to_string()],
            Rule::Window { secs: 60, limit: PROJECT_READS_PER_MINUTE },
        );
        self.limiter.reserve(&[&counter]).await?.map(drop).map_err(retry_after)
    }
}
