//! Which mailboxes got their start credit: once each, however often they sign up.

use sqlx::PgConnection;
use uuid::Uuid;

/// Records the mailbox's bonus; false when it had one already.
pub async fn claim(conn: &mut PgConnection, mailbox: &str, user_id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "INSERT INTO signup_bonuses (mailbox, user_id) VALUES ($1, $2) ON CONFLICT (mailbox) DO NOTHING",
        mailbox,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
