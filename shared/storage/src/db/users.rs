use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use domain::kinds::{Role, TokenPurpose};

#[derive(Debug, Clone)]
pub struct User {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub organization: String,
    pub role: Role,
    pub balance_cent: i64,
    pub created_at: DateTime<Utc>,
}

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub organization: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
    pub confirmed: bool,
}

/// Unique constraint on the (normalised) e-mail address.
pub const EMAIL_UNIQUE: &str = "users_email_key";

pub async fn insert(db: impl PgExecutor<'_>, user: &NewUser<'_>) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        r#"INSERT INTO users (name, email, organization, password_hash, role, email_confirmed_at)
           VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END)
           RETURNING id"#,
        user.name,
        user.email,
        user.organization,
        user.password_hash,
        user.role as Role,
        user.confirmed,
    )
    .fetch_one(db)
    .await
}

pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as!(
        User,
        r#"SELECT id, name, email, organization, role AS "role: Role", balance_cent, created_at FROM users WHERE id = $1"#,
        id
    )
    .fetch_optional(db)
    .await
}

pub struct Credentials {
    pub id: Uuid,
    pub password_hash: String,
    pub confirmed: bool,
    /// An admin disabled sign-in for this account.
    pub disabled: bool,
}

pub async fn credentials_by_email(db: impl PgExecutor<'_>, email: &str) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as!(
        Credentials,
        r#"SELECT id, password_hash, email_confirmed_at IS NOT NULL AS "confirmed!",
                  disabled_at IS NOT NULL AS "disabled!"
           FROM users WHERE email = $1"#,
        email
    )
    .fetch_optional(db)
    .await
}

/// Marks the address confirmed; returns the address, `None` for an unknown user.
pub async fn confirm_email(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1 RETURNING email",
        id
    )
    .fetch_optional(db)
    .await
}

/// Whether someone signed up again with the unconfirmed address of this account (then
/// its confirmation asks for the password of the last sign-up).
pub async fn signup_contested(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("SELECT signup_contested FROM users WHERE id = $1", id)
        .fetch_optional(db)
        .await?
        .unwrap_or(false))
}

/// Deletes accounts whose address was never confirmed within `hours`, so the address is
/// free again. Returns how many.
pub async fn delete_unconfirmed(db: impl PgExecutor<'_>, hours: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        r#"DELETE FROM users
           WHERE email_confirmed_at IS NULL
             AND created_at < now() - make_interval(hours => $1::bigint::int)"#,
        hours
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

pub async fn id_by_email(db: impl PgExecutor<'_>, email: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("SELECT id FROM users WHERE email = $1", email).fetch_optional(db).await
}

pub async fn balance(db: impl PgExecutor<'_>, id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!("SELECT balance_cent FROM users WHERE id = $1", id).fetch_one(db).await
}

pub async fn password_hash(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("SELECT password_hash FROM users WHERE id = $1", id).fetch_optional(db).await
}

pub async fn set_password_hash(db: impl PgExecutor<'_>, id: Uuid, password_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE users SET password_hash = $2 WHERE id = $1", id, password_hash).execute(db).await?;
    Ok(())
}

pub async fn update_profile(
    db: impl PgExecutor<'_>,
    id: Uuid,
    name: &str,
    organization: &str,
) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as!(
        User,
        r#"UPDATE users SET name = $2, organization = $3 WHERE id = $1
           RETURNING id, name, email, organization, role AS "role: Role", balance_cent, created_at"#,
        id,
        name,
        organization
    )
    .fetch_optional(db)
    .await
}

/// Whether the account is the only admin who may sign in (a quick look before anything
/// irreversible; the guarded statements below decide).
pub async fn is_last_active_admin(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM users WHERE id = $1 AND role = 'admin' AND disabled_at IS NULL)
              AND NOT EXISTS (SELECT 1 FROM users WHERE id <> $1 AND role = 'admin' AND disabled_at IS NULL)
           AS "last!""#,
        id
    )
    .fetch_one(db)
    .await
}

/// What a change guarded by [`delete_unless_last_admin`] or [`update_unless_last_admin`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminGuard {
    Done,
    NotFound,
    /// Refused: no other admin who may sign in would be left.
    LastAdmin,
}

async fn guard_outcome(conn: &mut PgConnection, id: Uuid, done: bool) -> Result<AdminGuard, sqlx::Error> {
    if done {
        return Ok(AdminGuard::Done);
    }
    let exists =
        sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM users WHERE id = $1) AS "e!""#, id).fetch_one(conn).await?;
    Ok(if exists { AdminGuard::LastAdmin } else { AdminGuard::NotFound })
}

// The guard of the two statements below, in one statement each: when the target is an
// active admin (role admin, not disabled), the statement locks the active admins
// (`FOR UPDATE`, in id order, so every guarded statement queues on the same first row)
// and acts only while another active admin is locked, which no parallel statement can
// then delete, demote or disable before this transaction ends. Two admins deleting
// themselves at once: the second waits, sees the first gone, and is refused.

/// Deletes the account unless it is the last active admin; its rows go with it (ledger
/// rows stay, without the user).
pub async fn delete_unless_last_admin(conn: &mut PgConnection, id: Uuid) -> Result<AdminGuard, sqlx::Error> {
    let deleted = sqlx::query_scalar!(
        r#"WITH target AS (
               SELECT id FROM users WHERE id = $1 AND role = 'admin' AND disabled_at IS NULL
           ), others AS (
               SELECT o.id FROM users o
               WHERE o.role = 'admin' AND o.disabled_at IS NULL AND EXISTS (SELECT 1 FROM target)
               ORDER BY o.id
               FOR UPDATE
           )
           DELETE FROM users u
           WHERE u.id = $1
             AND (NOT EXISTS (SELECT 1 FROM target) OR EXISTS (SELECT 1 FROM others WHERE others.id <> $1))
           RETURNING u.id"#,
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    guard_outcome(conn, id, deleted.is_some()).await
}

/// Changes what an admin may change, unless that leaves no active admin (the account is
/// the last one and loses the role or is disabled); `disabled` sets or clears the time of
/// disabling.
pub async fn update_unless_last_admin(
    conn: &mut PgConnection,
    id: Uuid,
    name: &str,
    organization: &str,
    role: Role,
    disabled: bool,
) -> Result<AdminGuard, sqlx::Error> {
    let updated = sqlx::query_scalar!(
        r#"WITH target AS (
               SELECT id FROM users WHERE id = $1 AND role = 'admin' AND disabled_at IS NULL
           ), others AS (
               SELECT o.id FROM users o
               WHERE o.role = 'admin' AND o.disabled_at IS NULL AND EXISTS (SELECT 1 FROM target)
               ORDER BY o.id
               FOR UPDATE
           )
           UPDATE users u SET name = $2, organization = $3, role = $4,
                  disabled_at = CASE WHEN $5 THEN coalesce(u.disabled_at, now()) END
           WHERE u.id = $1
             AND (($4 = 'admin' AND NOT $5)
                  OR NOT EXISTS (SELECT 1 FROM target)
                  OR EXISTS (SELECT 1 FROM others WHERE others.id <> $1))
           RETURNING u.id"#,
        id,
        name,
        organization,
        role as Role,
        disabled
    )
    .fetch_optional(&mut *conn)
    .await?;
    guard_outcome(conn, id, updated.is_some()).await
}

/// A new sign-up for an address whose account was never confirmed: the newcomer's
/// password, name and organisation replace the old ones, and whatever the unconfirmed
/// account held that could let its first registrant in again goes (API keys, two-factor
/// secret, recovery codes and challenges, sessions, mailed links). The period within
/// which it must be confirmed starts again. `keep_confirmation_links`: a sign-up that
/// mails no new link (the address's mails for the day are used up) leaves the mailed
/// confirmation links working, so the owner confirms through the newest mail she has;
/// the account is contested, so a link confirms only with the newest sign-up's password.
/// `None` when the address has no unconfirmed account (any more). Call inside a
/// transaction.
pub async fn take_over_unconfirmed(
    conn: &mut PgConnection,
    email: &str,
    name: &str,
    organization: &str,
    password_hash: &str,
    keep_confirmation_links: bool,
) -> Result<Option<Uuid>, sqlx::Error> {
    let Some(id) = sqlx::query_scalar!(
        r#"UPDATE users SET name = $2, organization = $3, password_hash = $4, created_at = now(),
                  signup_contested = true
           WHERE email = $1 AND email_confirmed_at IS NULL
           RETURNING id"#,
        email,
        name,
        organization,
        password_hash
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    sqlx::query!("DELETE FROM api_keys WHERE user_id = $1", id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM two_factor WHERE user_id = $1", id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM recovery_codes WHERE user_id = $1", id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM two_factor_challenges WHERE user_id = $1", id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM sessions WHERE user_id = $1", id).execute(&mut *conn).await?;
    if keep_confirmation_links {
        sqlx::query!(
            "DELETE FROM one_time_tokens WHERE user_id = $1 AND purpose <> $2",
            id,
            TokenPurpose::EmailConfirmation as TokenPurpose
        )
        .execute(&mut *conn)
        .await?;
    } else {
        sqlx::query!("DELETE FROM one_time_tokens WHERE user_id = $1", id).execute(&mut *conn).await?;
    }
    Ok(Some(id))
}

/// An account as the admin user list shows it.
#[derive(Debug, Clone)]
pub struct AdminUser {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub organization: String,
    pub role: Role,
    pub balance_cent: i64,
    pub created_at: DateTime<Utc>,
    pub confirmed: bool,
    pub disabled: bool,
}

/// Accounts whose name, e-mail or organisation contains `search` (case-insensitive),
/// sorted by `sort` ("organization", "name", "balance", "created_at").
pub async fn list_for_admin(
    db: impl PgExecutor<'_>,
    search: &str,
    sort: &str,
    descending: bool,
    limit: i64,
) -> Result<Vec<AdminUser>, sqlx::Error> {
    let pattern = format!("%{}%", search.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    sqlx::query_as!(
        AdminUser,
        r#"SELECT id, name, email, organization, role AS "role: Role", balance_cent, created_at,
                  email_confirmed_at IS NOT NULL AS "confirmed!", disabled_at IS NOT NULL AS "disabled!"
           FROM users
           WHERE $1 = '%%' OR name ILIKE $1 OR email ILIKE $1 OR organization ILIKE $1
           ORDER BY
             CASE WHEN $2 = 'organization' AND NOT $3 THEN lower(organization) END ASC,
             CASE WHEN $2 = 'organization' AND $3 THEN lower(organization) END DESC,
             CASE WHEN $2 = 'name' AND NOT $3 THEN lower(name) END ASC,
             CASE WHEN $2 = 'name' AND $3 THEN lower(name) END DESC,
             CASE WHEN $2 = 'balance' AND NOT $3 THEN balance_cent END ASC,
             CASE WHEN $2 = 'balance' AND $3 THEN balance_cent END DESC,
             CASE WHEN $2 = 'created_at' AND NOT $3 THEN created_at END ASC,
             CASE WHEN $2 = 'created_at' AND $3 THEN created_at END DESC,
             id
           LIMIT $4"#,
        pattern,
        sort,
        descending,
        limit
    )
    .fetch_all(db)
    .await
}

pub async fn get_for_admin(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<AdminUser>, sqlx::Error> {
    sqlx::query_as!(
        AdminUser,
        r#"SELECT id, name, email, organization, role AS "role: Role", balance_cent, created_at,
                  email_confirmed_at IS NOT NULL AS "confirmed!", disabled_at IS NOT NULL AS "disabled!"
           FROM users WHERE id = $1"#,
        id
    )
    .fetch_optional(db)
    .await
}

/// The admin page's four figures.
#[derive(Debug, Clone)]
pub struct UserStats {
    pub total_users: i64,
    /// Sum of every balance (the spec's "Gesamtumsatz").
    pub total_balance_cent: i64,
    pub organizations: i64,
    pub new_this_month: i64,
}

pub async fn stats(db: impl PgExecutor<'_>) -> Result<UserStats, sqlx::Error> {
    sqlx::query_as!(
        UserStats,
        r#"SELECT count(*) AS "total_users!",
                  coalesce(sum(balance_cent), 0)::bigint AS "total_balance_cent!",
                  count(DISTINCT lower(organization)) AS "organizations!",
                  count(*) FILTER (WHERE created_at >= date_trunc('month', now())) AS "new_this_month!"
           FROM users"#
    )
    .fetch_one(db)
    .await
}
