//! The account page, the use cases: edit name and organisation, change the password
//! (ends every other session and revokes the API keys), see and end sessions ("Überall
//! abmelden" revokes the API keys too), the transaction history from the ledger (paged,
//! and as CSV), and deleting the account with everything it owns (its ledger rows stay,
//! without the person, for bookkeeping; never the last active admin).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::{self, ledger, users};
use crate::domain::input;
use crate::domain::kinds::AuditAction;
use crate::error::{Error, Result};
use crate::services::Services;

pub async fn update_profile(svc: &Services, caller: &Caller, name: &str, organization: &str) -> Result<users::User> {
    let user = caller.user()?;
    let name = input::name("name", "Name", name)?;
    let organization = input::name("organization", "Organisation", organization)?;
    users::update_profile(&svc.pool, user.id, &name, &organization).await?.ok_or(Error::Unauthenticated)
}

/// Checks the caller's current password, counted like a sign-in attempt (reserved
/// before the check, so parallel guesses cannot pass the limit; after it, even the right
/// password waits). A wrong one is told on the form field `field`. Every check of the
/// password in a signed-in session goes through here (password change, switching
/// two-factor sign-in on and off, deleting the account).
pub(crate) async fn check_current_password(
    svc: &Services,
    caller: &Caller,
    typed: &str,
    field: &'static str,
) -> Result<()> {
    let user = caller.user()?;
    let attempt = svc.limits.login.reserve(caller.ip, &user.email).await?;
    if !crate::credentials::password_matches(svc, user.id, typed).await? {
        return Err(Error::field(field, "Das aktuelle Passwort ist falsch."));
    }
    svc.limits.login.succeeded(attempt).await
}

/// Sets a new password after checking the current one; every other session ends, every
/// API key is revoked (it may have been made by whoever knew the old password), and
/// sign-ins waiting for their code with the old password end.
pub async fn change_password(svc: &Services, caller: &Caller, current: &str, new: &str) -> Result<()> {
    let user = caller.user()?.clone();
    let session = caller.session()?;
    check_current_password(svc, caller, current, "current_password").await?;
    let hash = crate::credentials::new_password_hash(svc, new, [&user.email, &user.name])
        .await
        .map_err(|e| e.field_moved("password", "new_password"))?;
    let mut tx = svc.pool.begin().await?;
    users::set_password_hash(&mut *tx, user.id, &hash).await?;
    db::sessions::delete_others(&mut *tx, user.id, &session.token_hash).await?;
    db::api_keys::revoke_all_for_user(&mut *tx, user.id).await?;
    db::two_factor::delete_challenges_for_user(&mut *tx, user.id).await?;
    let target = Some((user.id, user.email.as_str()));
    db::audit::record(&mut *tx, &user, AuditAction::PasswordChanged, None, target, None, None).await?;
    tx.commit().await?;
    let reset_url = format!("{}/auth?forgot=1", svc.settings.http.public_url.trim_end_matches('/'));
    svc.mailer.notify(crate::mail::password_changed(&user.email, &reset_url)).await;
    Ok(())
}

/// A live session as its owner sees it.
#[derive(Debug)]
pub struct SessionInfo {
    /// A short, stable handle of the session (not its secret).
    pub handle: String,
    /// Where it was opened from (IPv4 address or IPv6 /64).
    pub client: Option<String>,
    /// Browser and system, as the browser named them ("Chrome auf Linux").
    pub device: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The session of this request.
    pub current: bool,
}

pub async fn sessions(svc: &Services, caller: &Caller) -> Result<Vec<SessionInfo>> {
    let session = caller.session()?;
    let rows = db::sessions::list_for_user(&svc.pool, session.user.id).await?;
    Ok(rows
        .into_iter()
        .map(|row| SessionInfo {
            handle: row.token_hash.chars().take(12).collect(),
            current: row.token_hash == session.token_hash,
            client: row.client,
            device: row.user_agent.as_deref().and_then(crate::domain::device::describe),
            created_at: row.created_at,
            expires_at: row.expires_at,
        })
        .collect())
}

/// What "Überall abmelden" ended.
#[derive(Debug)]
pub struct SignedOutEverywhere {
    pub sessions_ended: u64,
    pub api_keys_revoked: u64,
    /// For the page, in German ("Alle Sitzungen beendet und 2 API-Schlüssel widerrufen.").
    pub message: String,
}

/// "Überall abmelden": ends every session of the caller, this one included, and revokes
/// every API key (a program that holds one is signed in as well), in one transaction.
pub async fn sign_out_everywhere(svc: &Services, caller: &Caller) -> Result<SignedOutEverywhere> {
    let user_id = caller.user()?.id;
    let mut tx = svc.pool.begin().await?;
    let sessions_ended = db::sessions::delete_for_user(&mut *tx, user_id).await?;
    let api_keys_revoked = db::api_keys::revoke_all_for_user(&mut *tx, user_id).await?;
    db::two_factor::delete_challenges_for_user(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(SignedOutEverywhere { sessions_ended, api_keys_revoked, message: signed_out_message(api_keys_revoked) })
}

fn signed_out_message(api_keys_revoked: u64) -> String {
    match api_keys_revoked {
        0 => "Alle Sitzungen beendet.".to_owned(),
        1 => "Alle Sitzungen beendet und 1 API-Schlüssel widerrufen.".to_owned(),
        n => format!("Alle Sitzungen beendet und {n} API-Schlüssel widerrufen."),
    }
}

/// One page of the ledger's bookings, newest first.
#[derive(Debug)]
pub struct BookingPage {
    pub items: Vec<ledger::Booking>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// Page `page` (1-based) of `per_page` bookings (1 to 100, default 20).
pub async fn transactions(
    svc: &Services,
    caller: &Caller,
    page: Option<i64>,
    per_page: Option<i64>,
) -> Result<BookingPage> {
    let user = caller.user()?;
    let page = page.unwrap_or(1).max(1);
    let per_page = per_page.unwrap_or(20).clamp(1, 100);
    let offset = (page - 1).saturating_mul(per_page);
    let items = ledger::history(&svc.pool, user.id, per_page, offset).await?;
    let total = ledger::count(&svc.pool, user.id).await?;
    Ok(BookingPage { items, page, per_page, total })
}

/// Every booking as CSV for a spreadsheet: semicolons and decimal commas, as German
/// spreadsheet programs expect, and each time in Berlin time like the screen (the header
/// says so).
/// The first line of the transactions CSV.
pub const TRANSACTIONS_CSV_HEADER: &str =
    "Datum (Zeitzone Europe/Berlin);Art;Betrag (EUR);Guthaben danach (EUR);Auftrag";

pub async fn transactions_csv(svc: &Services, caller: &Caller) -> Result<String> {
    let user = caller.user()?;
    let bookings = ledger::history(&svc.pool, user.id, i64::MAX, 0).await?;
    let euros = |cents: i64| {
        let sign = if cents < 0 { "-" } else { "" };
        format!("{sign}{},{:02}", cents.unsigned_abs() / 100, cents.unsigned_abs() % 100)
    };
    let mut csv = String::from(TRANSACTIONS_CSV_HEADER);
    csv.push('\n');
    for b in bookings {
        let job = b.job_id.map(|id| id.to_string()).unwrap_or_default();
        csv.push_str(&format!(
            "{};{};{};{};{job}\n",
            b.created_at.with_timezone(&chrono_tz::Europe::Berlin).format("%d.%m.%Y %H:%M:%S"),
            kind_and_note(b.kind.label(), b.note.as_deref()),
            euros(b.amount_cent),
            euros(b.balance_after_cent)
        ));
    }
    Ok(csv)
}

/// The CSV's "Art": the kind, and what the booking was for where it says so (a project's
/// render by name, a correction's reason), without the separator a cell may not hold.
fn kind_and_note(label: &str, note: Option<&str>) -> String {
    match note {
        Some(note) => format!("{label}: {}", note.replace([';', '\n', '\r'], " ")),
        None => label.to_owned(),
    }
}

fn last_admin() -> Error {
    Error::Conflict("Das letzte Administratorkonto kann nicht gelöscht werden.".into())
}

/// Deletes the caller's account after checking the password: audio files, jobs, voices,
/// samples, sessions and the account row. The ledger keeps its rows without the user.
pub async fn delete_account(svc: &Services, caller: &Caller, password: &str) -> Result<()> {
    let user = caller.user()?.clone();
    check_current_password(svc, caller, password, "password").await?;
    erase(svc, user.id).await
}

/// Deletes an account with everything it owns: its rows (by cascade) and then its audio
/// files. Its ledger rows stay, without the person. Also used by the admins' user page.
/// Never the last admin who may sign in: the row goes in one guarded statement
/// (`users::delete_unless_last_admin`), so two admins deleting themselves at once leave one.
pub async fn erase(svc: &Services, user_id: Uuid) -> Result<()> {
    // A quick look first, so the last admin's voices are not removed before the refusal.
    if users::is_last_active_admin(&svc.pool, user_id).await? {
        return Err(last_admin());
    }
    // A voice is personal data: its recordings and the provider's copy go first.
    for voice_id in db::clones::owned_by(&svc.pool, user_id).await? {
        crate::use_cases::cloning::remove(svc, voice_id, Some(user_id)).await?;
    }
    let audio = db::jobs::audio_keys_for_user(&svc.pool, user_id).await?;
    let mut tx = svc.pool.begin().await?;
    match users::delete_unless_last_admin(&mut tx, user_id).await? {
        users::AdminGuard::Done => tx.commit().await?,
        users::AdminGuard::NotFound => return Err(Error::NotFound("Dieses Konto gibt es nicht.")),
        users::AdminGuard::LastAdmin => return Err(last_admin()),
    }
    for key in audio {
        if let Err(e) = svc.storage.delete(&key).await {
            tracing::warn!(%user_id, error = %e, "audio file of a deleted account not removed");
        }
    }
    tracing::info!(%user_id, "account deleted");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signing_out_everywhere_tells_how_many_keys_were_revoked() {
        assert_eq!(signed_out_message(0), "Alle Sitzungen beendet.");
        assert_eq!(signed_out_message(1), "Alle Sitzungen beendet und 1 API-Schlüssel widerrufen.");
        assert_eq!(signed_out_message(3), "Alle Sitzungen beendet und 3 API-Schlüssel widerrufen.");
    }

    #[test]
    fn password_errors_name_the_field_of_the_form() {
        let error = Error::field("password", "Zu kurz.").field_moved("password", "new_password");
        let Error::Validation { fields, .. } = error else { panic!() };
        assert_eq!(fields["new_password"], "Zu kurz.");
        assert!(!fields.contains_key("password"));
    }
}
