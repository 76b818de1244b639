//! The admins' user management, the use cases: the list with its four figures, search and
//! the spec's sort rules; creating, editing (name, organisation, role, sign-in disabled)
//! and deleting accounts; correcting a balance with a reason; and the audit log that
//! records every one of these actions with the state before and after. Reading needs an
//! admin whose session proved the second factor; every change also a password re-entry
//! within the last ten minutes (`fresh_admin`), and none may leave the installation
//! without an active admin.

use serde_json::json;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::audit::{self, Entry, NewEntry};
use crate::db::users::{self, AdminGuard, AdminUser, UserStats};
use crate::db::{self, ledger};
use crate::domain::email::Email;
use crate::domain::input;
use crate::domain::kinds::{AuditAction, Role};
use crate::error::{Error, Result};
use crate::services::Services;

/// Columns the list sorts by (the spec's names).
#[derive(Debug, Clone, Copy, Default)]
pub enum UserSort {
    Organization,
    Name,
    GuthabenCent,
    #[default]
    CreatedAt,
}

/// The order of the sorted column.
#[derive(Debug, Clone, Copy)]
pub enum Direction {
    Asc,
    Desc,
}

/// The admin page: its four figures and the accounts.
#[derive(Debug)]
pub struct UserOverview {
    pub stats: UserStats,
    pub users: Vec<AdminUser>,
}

/// Most accounts one list shows (search narrows it down).
const LIST_LIMIT: i64 = 500;

/// The accounts whose name, e-mail address or organisation contains `search`, sorted by
/// `sort` (default `created_at`) in `direction` (default: descending for `created_at`,
/// ascending for the others).
pub async fn list(
    svc: &Services,
    caller: &Caller,
    search: Option<&str>,
    sort: Option<UserSort>,
    direction: Option<Direction>,
) -> Result<UserOverview> {
    caller.admin()?;
    let search = input::trim(search.unwrap_or(""));
    input::no_controls("search", search, false)?;
    let search: String = search.chars().take(100).collect();
    let sort = sort.unwrap_or_default();
    let descending = match (direction, sort) {
        (Some(direction), _) => matches!(direction, Direction::Desc),
        (None, UserSort::CreatedAt) => true,
        (None, _) => false,
    };
    let column = match sort {
        UserSort::Organization => "organization",
        UserSort::Name => "name",
        UserSort::GuthabenCent => "balance",
        UserSort::CreatedAt => "created_at",
    };
    Ok(UserOverview {
        stats: users::stats(&svc.pool).await?,
        users: users::list_for_admin(&svc.pool, &search, column, descending, LIST_LIMIT).await?,
    })
}

fn snapshot(user: &AdminUser) -> serde_json::Value {
    json!({
        "name": user.name, "email": user.email, "organization": user.organization, "role": user.role,
        "balance_cent": user.balance_cent, "disabled": user.disabled,
    })
}

async fn record(
    db: impl sqlx::PgExecutor<'_>,
    admin: &users::User,
    action: AuditAction,
    target: &AdminUser,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
    reason: Option<&str>,
) -> Result<()> {
    let entry = NewEntry {
        actor_id: admin.id,
        actor_email: &admin.email,
        action,
        target_user_id: Some(target.id),
        target_email: Some(&target.email),
        subject: None,
        before,
        after,
        reason,
    };
    Ok(audit::insert(db, &entry).await?)
}

async fn target(svc: &Services, id: Uuid) -> Result<AdminUser> {
    users::get_for_admin(&svc.pool, id).await?.ok_or(Error::NotFound("Dieses Konto gibt es nicht."))
}

/// A new account as the admin types it in.
#[derive(Debug)]
pub struct NewUserInput {
    pub name: String,
    pub email: String,
    pub organization: String,
    pub password: String,
    /// Default `user`.
    pub role: Option<Role>,
}

/// "Neuen Benutzer hinzufügen": a confirmed account, with the sign-up rules for every
/// field; no start credit (that comes with a confirmation of one's own).
pub async fn create(svc: &Services, caller: &Caller, input: NewUserInput) -> Result<AdminUser> {
    let admin = caller.fresh_admin()?.clone();
    let name = input::name("name", "Name", &input.name)?;
    let organization = input::name("organization", "Organisation", &input.organization)?;
    let email = Email::parse(&input.email)?;
    let password_hash = crate::credentials::new_password_hash(svc, &input.password, [email.as_str(), &name]).await?;
    let new_user = users::NewUser {
        name: &name,
        email: email.as_str(),
        organization: &organization,
        password_hash: &password_hash,
        role: input.role.unwrap_or(Role::User),
        confirmed: true,
    };
    let mut tx = svc.pool.begin().await?;
    let id = users::insert(&mut *tx, &new_user).await.map_err(Error::from).map_err(|e| {
        if e.is_unique_violation(users::EMAIL_UNIQUE) {
            Error::field("email", "Für diese E-Mail-Adresse besteht bereits ein Konto.")
        } else {
            e
        }
    })?;
    let created = users::get_for_admin(&mut *tx, id).await?.ok_or(Error::NotFound("Dieses Konto gibt es nicht."))?;
    record(&mut *tx, &admin, AuditAction::UserCreated, &created, None, Some(snapshot(&created)), None).await?;
    tx.commit().await?;
    Ok(created)
}

/// What an admin changes of an account; `None` leaves a field.
#[derive(Debug)]
pub struct UserUpdate {
    pub name: Option<String>,
    pub organization: Option<String>,
    pub role: Option<Role>,
    /// True: the account cannot sign in, and its sessions end.
    pub disabled: Option<bool>,
}

fn last_admin() -> Error {
    Error::Conflict(
        "Das letzte aktive Administratorkonto kann weder herabgestuft noch gesperrt oder gelöscht werden.".into(),
    )
}

/// Edits an account. Demoting or disabling an admin is refused when no other active admin
/// would remain (checked and changed in one guarded statement that locks the active
/// admins, so two admins demoting each other at once leave one).
pub async fn update(svc: &Services, caller: &Caller, id: Uuid, change: UserUpdate) -> Result<AdminUser> {
    let admin = caller.fresh_admin()?.clone();
    let before = target(svc, id).await?;
    let name = match &change.name {
        Some(name) => input::name("name", "Name", name)?,
        None => before.name.clone(),
    };
    let organization = match &change.organization {
        Some(organization) => input::name("organization", "Organisation", organization)?,
        None => before.organization.clone(),
    };
    let role = change.role.unwrap_or(before.role);
    let disabled = change.disabled.unwrap_or(before.disabled);
    if id == admin.id && (role != Role::Admin || disabled) {
        return Err(Error::Conflict("Die eigene Rolle und Anmeldung ändern Sie nicht hier.".into()));
    }
    let mut tx = svc.pool.begin().await?;
    match users::update_unless_last_admin(&mut tx, id, &name, &organization, role, disabled).await? {
        AdminGuard::Done => {}
        AdminGuard::LastAdmin => return Err(last_admin()),
        AdminGuard::NotFound => return Err(Error::NotFound("Dieses Konto gibt es nicht.")),
    }
    if disabled {
        db::sessions::delete_for_user(&mut *tx, id).await?;
    }
    let after = users::get_for_admin(&mut *tx, id).await?.ok_or(Error::NotFound("Dieses Konto gibt es nicht."))?;
    record(&mut *tx, &admin, AuditAction::UserUpdated, &after, Some(snapshot(&before)), Some(snapshot(&after)), None)
        .await?;
    tx.commit().await?;
    Ok(after)
}

/// Deletes an account the way its owner could (audio, voices, rows; bookings stay). Never
/// the last active admin: `account::erase` deletes the row in one guarded statement
/// (`users::delete_unless_last_admin`).
pub async fn delete(svc: &Services, caller: &Caller, id: Uuid) -> Result<()> {
    let admin = caller.fresh_admin()?.clone();
    if id == admin.id {
        return Err(Error::Conflict("Das eigene Konto löschen Sie auf der Kontoseite.".into()));
    }
    let before = target(svc, id).await?;
    crate::use_cases::account::erase(svc, id).await?;
    record(&svc.pool, &admin, AuditAction::UserDeleted, &before, Some(snapshot(&before)), None, None).await
}

/// Largest single correction: 10,000 euros.
const MAX_ADJUSTMENT_CENT: i64 = 1_000_000;

/// Corrects a balance by `amount_cent` (negative: takes away) with a reason: a ledger row
/// of kind `admin_adjustment` and an audit entry, in one transaction. A balance never goes
/// below zero.
pub async fn adjust_balance(
    svc: &Services,
    caller: &Caller,
    id: Uuid,
    amount_cent: i64,
    reason: &str,
) -> Result<AdminUser> {
    let admin = caller.fresh_admin()?.clone();
    if amount_cent == 0 || amount_cent.abs() > MAX_ADJUSTMENT_CENT {
        return Err(Error::field(
            "amount_cent",
            "Der Betrag muss zwischen -10.000 € und 10.000 € liegen und darf nicht 0 sein.",
        ));
    }
    input::no_controls("reason", reason, false)?;
    let reason = input::trim(reason);
    if reason.chars().count() < 3 || reason.chars().count() > 200 {
        return Err(Error::field("reason", "Bitte geben Sie einen Grund an (3 bis 200 Zeichen)."));
    }
    let before = target(svc, id).await?;
    let mut tx = svc.pool.begin().await?;
    if ledger::adjust(&mut tx, id, amount_cent, reason).await?.is_none() {
        return Err(Error::field("amount_cent", "Das Guthaben darf nicht unter 0 fallen."));
    }
    let after = users::get_for_admin(&mut *tx, id).await?.ok_or(Error::NotFound("Dieses Konto gibt es nicht."))?;
    let (was, is) = (json!({ "balance_cent": before.balance_cent }), json!({ "balance_cent": after.balance_cent }));
    record(&mut *tx, &admin, AuditAction::BalanceAdjusted, &after, Some(was), Some(is), Some(reason)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Page `page` (1-based, 50 entries a page) of the audit log, optionally only `action`
/// and/or only entries about the account `user_id`.
pub async fn audit_log(
    svc: &Services,
    caller: &Caller,
    action: Option<AuditAction>,
    user_id: Option<Uuid>,
    page: Option<i64>,
) -> Result<Vec<Entry>> {
    caller.admin()?;
    let page = page.unwrap_or(1).max(1);
    Ok(audit::list(&svc.pool, action, user_id, 50, (page - 1).saturating_mul(50)).await?)
}
