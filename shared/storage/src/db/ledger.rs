//! The ledger: the only place that changes `users.balance_cent`. Each function changes
//! the balance and writes its ledger row; callers run them inside a transaction.

use sqlx::PgConnection;
use uuid::Uuid;

pub use domain::kinds::LedgerKind as Kind;

/// What a booking points to besides its amount: the job it charges or refunds, the
/// top-up it credits, an admin's reason.
#[derive(Default)]
struct Reference<'a> {
    job_id: Option<Uuid>,
    top_up_id: Option<Uuid>,
    note: Option<&'a str>,
    /// A clone's monthly fee: the clone and the period it pays for.
    voice_id: Option<Uuid>,
    period_start: Option<chrono::DateTime<chrono::Utc>>,
    /// A project's render, and the project (kept for what the project cost).
    project_render_id: Option<Uuid>,
    project_id: Option<Uuid>,
}

/// Changes the balance by `delta_cent` and writes the ledger row, in the caller's
/// transaction. With `covered_only`, a change that would take the balance below zero
/// changes nothing (`None`); the conditional update holds the row lock, so concurrent
/// debits can never overdraw.
async fn book(
    conn: &mut PgConnection,
    user_id: Uuid,
    delta_cent: i64,
    kind: Kind,
    reference: Reference<'_>,
    covered_only: bool,
) -> Result<Option<i64>, sqlx::Error> {
    // One statement: the balance update and its ledger row travel in one round trip; the
    // ledger insert (a data-modifying CTE) runs only for the row the update returned.
    let balance = sqlx::query_scalar!(
        r#"WITH booked AS (
               UPDATE users SET balance_cent = balance_cent + $2
               WHERE id = $1 AND (NOT $3 OR balance_cent + $2 >= 0)
               RETURNING id, balance_cent
           ), entry AS (
               INSERT INTO ledger_entries (user_id, amount_cent, kind, job_id, top_up_id, note, voice_id, period_start,
                                           project_render_id, project_id)
               SELECT id, $2, $4, $5, $6, $7, $8, $9, $10, $11 FROM booked
           )
           SELECT balance_cent AS "balance_cent!" FROM booked"#,
        user_id,
        delta_cent,
        covered_only,
        kind as Kind,
        reference.job_id,
        reference.top_up_id,
        reference.note,
        reference.voice_id,
        reference.period_start,
        reference.project_render_id,
        reference.project_id
    )
    .fetch_optional(&mut *conn)
    .await?;
    Ok(balance)
}

/// Adds `amount_cent` (> 0) to the balance. Returns the new balance.
pub async fn credit(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    kind: Kind,
    job_id: Option<Uuid>,
) -> Result<i64, sqlx::Error> {
    book(conn, user_id, amount_cent, kind, Reference { job_id, ..Default::default() }, false)
        .await?
        .ok_or(sqlx::Error::RowNotFound)
}

/// What a job can be charged for. Each is booked at most once per job (unique indexes).
#[derive(Debug, Clone, Copy)]
pub enum JobDebit {
    /// Its generation.
    Charge,
    /// "Dauerhaft speichern".
    PermanentSave,
}

/// Takes `amount_cent` (> 0) for a job if the balance covers it. Returns the new
/// balance, or `None` (nothing changed) when the balance is short.
pub async fn debit(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    what: JobDebit,
    job_id: Uuid,
) -> Result<Option<i64>, sqlx::Error> {
    let kind = match what {
        JobDebit::Charge => Kind::Charge,
        JobDebit::PermanentSave => Kind::PermanentSave,
    };
    let reference = Reference { job_id: Some(job_id), ..Default::default() };
    book(conn, user_id, -amount_cent, kind, reference, true).await
}

/// A project's render of a chapter, booked once as one line named after it ("Projekt
/// »…« · Kapitel 2 · 4 Absätze"), if the balance covers it: `None` (nothing changed) when
/// it does not. Its paragraphs' jobs carry their own share for refunds.
pub async fn project_render(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    render_id: Uuid,
    project_id: Uuid,
    name: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let reference = Reference {
        project_render_id: Some(render_id),
        project_id: Some(project_id),
        note: Some(name),
        ..Default::default()
    };
    book(conn, user_id, -amount_cent, Kind::ProjectRender, reference, true).await
}

/// The refund of a job that failed for good: once per job (a unique index holds it). A
/// project paragraph's refund is named after its render and counts for its project.
pub async fn refund(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    job_id: Uuid,
    render: Option<&super::project_takes::RenderOf>,
) -> Result<i64, sqlx::Error> {
    let reference = Reference {
        job_id: Some(job_id),
        project_render_id: render.map(|r| r.render_id),
        project_id: render.map(|r| r.project_id),
        note: render.map(|r| r.name.as_str()),
        ..Default::default()
    };
    book(conn, user_id, amount_cent, Kind::Refund, reference, false).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Books a paid top-up: once per top-up (a unique index holds it).
pub async fn credit_top_up(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    top_up_id: Uuid,
) -> Result<i64, sqlx::Error> {
    let reference = Reference { top_up_id: Some(top_up_id), ..Default::default() };
    book(conn, user_id, amount_cent, Kind::TopUp, reference, false).await?.ok_or(sqlx::Error::RowNotFound)
}

/// An admin's correction of a balance, up or down, with its reason. A correction down
/// never takes the balance below zero: `None` (nothing changed) when it would.
pub async fn adjust(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    reason: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let reference = Reference { note: Some(reason), ..Default::default() };
    book(conn, user_id, amount_cent, Kind::AdminAdjustment, reference, true).await
}

/// Takes a clone's monthly fee for the period starting at `period_start`, if the balance
/// covers it: `None` (nothing changed) when it does not. Once per clone and period (a
/// unique index holds it).
pub async fn clone_fee(
    conn: &mut PgConnection,
    user_id: Uuid,
    amount_cent: i64,
    voice_id: Uuid,
    period_start: chrono::DateTime<chrono::Utc>,
) -> Result<Option<i64>, sqlx::Error> {
    let reference = Reference { voice_id: Some(voice_id), period_start: Some(period_start), ..Default::default() };
    book(conn, user_id, -amount_cent, Kind::CloneFee, reference, true).await
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
