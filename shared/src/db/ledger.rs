//! The ledger: the only place that changes `users.balance_cent`. Each function changes
//! the balance and writes its ledger row; callers run them inside a transaction.

use sqlx::PgConnection;
use uuid::Uuid;

pub use crate::domain::kinds::LedgerKind as Kind;

/// Adds `amount_cent` (> 0) to the balance. Returns the new balance.
pub async fn credit(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    kind: Kind,
    job_id: Option<Uuid>,
) -> Result<i64, sqlx::Error> {
    let balance = sqlx::query_scalar!(
        "UPDATE users SET balance_cent = balance_cent + $2 WHERE id = $1 RETURNING balance_cent",
        user_id,
        amount_cent
    )
    .fetch_one(&mut *conn)
    .await?;
    insert_entry(conn, user_id, amount_cent, kind, job_id).await?;
    Ok(balance)
}

/// Takes `amount_cent` (> 0) from the balance if it covers it; the conditional update
/// holds the row lock, so concurrent debits can never take the balance below zero.
/// Returns the new balance, or `None` (nothing changed) when the balance is short.
pub async fn debit(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    job_id: Uuid,
) -> Result<Option<i64>, sqlx::Error> {
    let balance = sqlx::query_scalar!(
        r#"UPDATE users SET balance_cent = balance_cent - $2
           WHERE id = $1 AND balance_cent >= $2
           RETURNING balance_cent"#,
        user_id,
        amount_cent
    )
    .fetch_optional(&mut *conn)
    .await?;
    if balance.is_some() {
        insert_entry(conn, user_id, -amount_cent, Kind::Charge, Some(job_id)).await?;
    }
    Ok(balance)
}

async fn insert_entry(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    kind: Kind,
    job_id: Option<Uuid>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO ledger_entries (user_id, amount_cent, kind, job_id) VALUES ($1, $2, $3, $4)",
        user_id,
        amount_cent,
        kind as Kind,
        job_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Books a paid top-up: once per top-up (a unique index holds it).
pub async fn credit_top_up(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    top_up_id: Uuid,
) -> Result<i64, sqlx::Error> {
    let balance = sqlx::query_scalar!(
        "UPDATE users SET balance_cent = balance_cent + $2 WHERE id = $1 RETURNING balance_cent",
        user_id,
        amount_cent
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!(
        "INSERT INTO ledger_entries (user_id, amount_cent, kind, top_up_id) VALUES ($1, $2, 'top_up', $3)",
        user_id,
        amount_cent,
        top_up_id
    )
    .execute(conn)
    .await?;
    Ok(balance)
}

/// An admin's correction of a balance, up or down, with its reason. A correction down
/// never takes the balance below zero: `None` (nothing changed) when it would.
pub async fn adjust(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    reason: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let balance = sqlx::query_scalar!(
        r#"UPDATE users SET balance_cent = balance_cent + $2
           WHERE id = $1 AND balance_cent + $2 >= 0
           RETURNING balance_cent"#,
        user_id,
        amount_cent
    )
    .fetch_optional(&mut *conn)
    .await?;
    if balance.is_some() {
        sqlx::query!(
            "INSERT INTO ledger_entries (user_id, amount_cent, kind, note) VALUES ($1, $2, 'admin_adjustment', $3)",
            user_id,
            amount_cent,
            reason
        )
        .execute(conn)
        .await?;
    }
    Ok(balance)
}

/// One booking with the balance it left, as the account page lists it.
#[derive(Debug, Clone)]
pub struct Booking {
    pub id: i64,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub kind: Kind,
    pub amount_cent: i64,
    pub balance_after_cent: i64,
    pub job_id: Option<Uuid>,
    /// The reason of an admin's correction.
    pub note: Option<String>,
}

/// A user's bookings, newest first, with the running balance after each.
pub async fn history(
    db: impl sqlx::PgExecutor<'_>,
    user_id: Uuid,
    limit: i64,
    offset: i64,
) -> Result<Vec<Booking>, sqlx::Error> {
    sqlx::query_as!(
        Booking,
        r#"SELECT id, created_at, kind AS "kind: Kind", amount_cent, job_id, note,
                  (sum(amount_cent) OVER (ORDER BY created_at, id))::bigint AS "balance_after_cent!"
           FROM ledger_entries WHERE user_id = $1
           ORDER BY created_at DESC, id DESC
           LIMIT $2 OFFSET $3"#,
        user_id,
        limit,
        offset
    )
    .fetch_all(db)
    .await
}

pub async fn count(db: impl sqlx::PgExecutor<'_>, user_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM ledger_entries WHERE user_id = $1"#, user_id)
        .fetch_one(db)
        .await
}

/// Users whose stored balance differs from the sum of their ledger rows (should be none).
pub async fn drifted_users(conn: &mut PgConnection) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT u.id FROM users u
           LEFT JOIN ledger_entries l ON l.user_id = u.id
           GROUP BY u.id, u.balance_cent
           HAVING u.balance_cent <> coalesce(sum(l.amount_cent), 0)"#
    )
    .fetch_all(conn)
    .await
}
