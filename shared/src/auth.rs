//! Accounts, the use cases: sign-up with e-mail confirmation, sign-in (rate-limited per
//! client and per address), sign-out, the admin's password re-entry, the first admin.

use chrono::{DateTime, Duration, Utc};
use secrecy::ExposeSecret;
use sqlx::PgPool;
use uuid::Uuid;

use crate::caller::{Caller, REAUTH_WINDOW_MINUTES};
use crate::config::{AdminSettings, AuthSettings};
use crate::db::{self, ledger, users};
use crate::domain::email::Email;
use crate::domain::kinds::Role;
use crate::domain::password::{self, NewPassword};
use crate::error::{Error, Result};
use crate::mail;
use crate::services::Services;
use crate::token;

pub struct SignUp<'a> {
    pub name: &'a str,
    pub organization: &'a str,
    pub email: &'a str,
    pub password: &'a str,
}

/// A new, unconfirmed account and the token of its confirmation link.
pub struct SignedUp {
    pub user_id: Uuid,
    pub email: Email,
    pub confirmation_token: String,
}

fn required(field: &'static str, value: &str, label: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::field(field, format!("{label} ist erforderlich.")));
    }
    if value.chars().count() > 200 {
        return Err(Error::field(field, format!("{label} darf höchstens 200 Zeichen lang sein.")));
    }
    Ok(value.to_owned())
}

/// Creates the account and mails the confirmation link.
pub async fn sign_up(svc: &Services, _caller: &Caller, input: SignUp<'_>) -> Result<()> {
    let signed_up = create_account(&svc.pool, &svc.settings.auth, &input).await?;
    let link = format!(
        "{}/api/auth/confirm?token={}",
        svc.settings.http.public_url.trim_end_matches('/'),
        signed_up.confirmation_token
    );
    let mail = mail::confirmation(signed_up.email.as_str(), input.name.trim(), &link);
    if let Err(e) = svc.mailer.send(mail).await {
        // The account is committed either way; there is no resend endpoint yet, so a lost
        // mail needs the confirmation link re-issued by hand (README, "Known gaps").
        tracing::error!(user_id = %signed_up.user_id, error = %e, "confirmation mail not sent");
    }
    Ok(())
}

/// Creates the account with its sign-up credit (one ledger row) in one transaction.
async fn create_account(pool: &PgPool, settings: &AuthSettings, input: &SignUp<'_>) -> Result<SignedUp> {
    let name = required("name", input.name, "Name")?;
    let organization = required("organization", input.organization, "Organisation")?;
    let email = Email::parse(input.email)?;
    let password_hash = NewPassword::parse(input.password)?.hash()?;

    let mut tx = pool.begin().await?;
    let user_id = users::insert(
        &mut *tx,
        &users::NewUser {
            name: &name,
            email: email.as_str(),
            organization: &organization,
            password_hash: &password_hash,
            role: Role::User,
            confirmed: false,
        },
    )
    .await
    .map_err(Error::from)
    .map_err(|e| {
        if e.is_unique_violation(users::EMAIL_UNIQUE) {
            Error::field("email", "Für diese E-Mail-Adresse besteht bereits ein Konto.")
        } else {
            e
        }
    })?;
    if settings.signup_bonus_cent > 0 {
        ledger::credit(&mut tx, user_id, settings.signup_bonus_cent, ledger::Kind::SignupBonus, None).await?;
    }
    let confirmation_token = token::random_token();
    let expires = Utc::now() + Duration::hours(settings.confirmation_hours);
    db::confirmations::insert(&mut *tx, &token::hash_token(&confirmation_token), user_id, expires).await?;
    tx.commit().await?;
    Ok(SignedUp { user_id, email, confirmation_token })
}

/// Confirms the e-mail address behind a link. False for an unknown or expired token.
pub async fn confirm_email(pool: &PgPool, confirmation_token: &str) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let Some(user_id) = db::confirmations::consume(&mut *tx, &token::hash_token(confirmation_token)).await? else {
        return Ok(false);
    };
    users::confirm_email(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(true)
}

/// A new session: its user and the token for the cookie.
pub struct SignedIn {
    pub user: users::User,
    pub session_token: String,
}

/// Checks the password and opens a session. Failures count against the client and the
/// address; over the limit the attempt is refused before the password is checked.
pub async fn sign_in(svc: &Services, caller: &Caller, email: &str, password: &str) -> Result<SignedIn> {
    svc.login_limiter.check(caller.ip, email).await?;
    let credentials = match check_password(&svc.pool, email, password).await {
        Ok(credentials) => credentials,
        Err(e @ Error::InvalidCredentials) => {
            svc.login_limiter.record_failure(caller.ip, email).await?;
            return Err(e);
        }
        Err(e) => return Err(e),
    };
    svc.login_limiter.record_success(caller.ip, email).await?;
    if !credentials.confirmed {
        return Err(Error::EmailNotConfirmed);
    }
    let session_token = token::random_token();
    let expires = Utc::now() + Duration::days(svc.settings.auth.session_days);
    db::sessions::insert(&svc.pool, &token::hash_token(&session_token), credentials.id, expires).await?;
    let user = users::get(&svc.pool, credentials.id).await?.ok_or(Error::Unauthenticated)?;
    Ok(SignedIn { user, session_token })
}

async fn check_password(pool: &PgPool, email: &str, password: &str) -> Result<users::Credentials> {
    let credentials = users::credentials_by_email(pool, email.trim()).await?;
    let hash = credentials.as_ref().map_or(password::dummy_hash(), |c| c.password_hash.as_str()).to_owned();
    let valid = verify_off_thread(password, hash).await?;
    match credentials {
        Some(c) if valid => Ok(c),
        _ => Err(Error::InvalidCredentials),
    }
}

/// argon2 takes tens of milliseconds of CPU: keep it off the async threads.
async fn verify_off_thread(password: &str, hash: String) -> Result<bool> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || password::verify_password(&password, &hash))
        .await
        .map_err(|e| Error::Internal(e.into()))
}

/// Ends the caller's session (nothing to do without one).
pub async fn sign_out(svc: &Services, caller: &Caller) -> Result<()> {
    if let Ok(session) = caller.session() {
        db::sessions::delete(&svc.pool, &session.token_hash).await?;
    }
    Ok(())
}

/// An admin re-enters the password to unlock the admin settings for a few minutes.
/// The same failure counters as sign-in apply: the gate is no way around them.
/// Returns until when the settings stay unlocked.
pub async fn reauthenticate(svc: &Services, caller: &Caller, password: &str) -> Result<DateTime<Utc>> {
    let admin = caller.admin()?;
    let session = caller.session()?;
    svc.login_limiter.check(caller.ip, &admin.email).await?;
    let Some(hash) = users::password_hash(&svc.pool, admin.id).await? else { return Err(Error::Unauthenticated) };
    if !verify_off_thread(password, hash).await? {
        svc.login_limiter.record_failure(caller.ip, &admin.email).await?;
        return Err(Error::WrongPassword);
    }
    svc.login_limiter.record_success(caller.ip, &admin.email).await?;
    let at = db::sessions::mark_reauthenticated(&svc.pool, &session.token_hash).await?.ok_or(Error::Unauthenticated)?;
    Ok(at + Duration::minutes(REAUTH_WINDOW_MINUTES))
}

/// Creates the configured admin account when it does not exist yet. Returns the
/// password to print when one was generated.
pub async fn ensure_admin(pool: &PgPool, admin: &AdminSettings) -> Result<Option<String>> {
    let email = Email::parse(&admin.email)?;
    if users::id_by_email(pool, email.as_str()).await?.is_some() {
        return Ok(None);
    }
    let configured = admin.password.expose_secret();
    let password = if configured.is_empty() { token::random_token()[..20].to_owned() } else { configured.to_owned() };
    let mut tx = pool.begin().await?;
    users::insert(
        &mut *tx,
        &users::NewUser {
            name: &admin.name,
            email: email.as_str(),
            organization: &admin.organization,
            password_hash: &password::hash_password(&password)?,
            role: Role::Admin,
            confirmed: true,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Some(password))
}

/// Deletes expired sessions and confirmation links (run by the sweep cron).
pub async fn purge_expired(pool: &PgPool) -> Result<u64> {
    Ok(db::sessions::delete_expired(pool).await? + db::confirmations::delete_expired(pool).await?)
}
