//! Accounts: sign-up with e-mail confirmation, sign-in, sessions, the first admin.

use chrono::{Duration, Utc};
use secrecy::ExposeSecret;
use sqlx::PgPool;
use uuid::Uuid;

use crate::config::{AdminSettings, AuthSettings};
use crate::db::{self, ledger, users};
use crate::domain::email::Email;
use crate::domain::password::{self, NewPassword};
use crate::error::{Error, Result};
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

/// Creates the account with its sign-up credit (one ledger row) in one transaction.
pub async fn sign_up(pool: &PgPool, settings: &AuthSettings, input: SignUp<'_>) -> Result<SignedUp> {
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
            role: "user",
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

/// Checks the password and opens a session. Returns the session token for the cookie.
pub async fn sign_in(pool: &PgPool, settings: &AuthSettings, email: &str, password: &str) -> Result<(Uuid, String)> {
    let credentials = users::credentials_by_email(pool, email.trim()).await?;
    let hash = credentials.as_ref().map_or(password::dummy_hash(), |c| c.password_hash.as_str());
    let password = password.to_owned();
    let hash = hash.to_owned();
    // argon2 takes tens of milliseconds of CPU: keep it off the async threads.
    let valid = tokio::task::spawn_blocking(move || password::verify_password(&password, &hash))
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    let credentials = match credentials {
        Some(c) if valid => c,
        _ => return Err(Error::InvalidCredentials),
    };
    if !credentials.confirmed {
        return Err(Error::EmailNotConfirmed);
    }
    let session_token = token::random_token();
    let expires = Utc::now() + Duration::days(settings.session_days);
    db::sessions::insert(pool, &token::hash_token(&session_token), credentials.id, expires).await?;
    Ok((credentials.id, session_token))
}

pub async fn session_user(pool: &PgPool, session_token: &str) -> Result<Option<users::User>> {
    Ok(db::sessions::user(pool, &token::hash_token(session_token)).await?)
}

pub async fn sign_out(pool: &PgPool, session_token: &str) -> Result<()> {
    db::sessions::delete(pool, &token::hash_token(session_token)).await?;
    Ok(())
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
            role: "admin",
            confirmed: true,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Some(password))
}

/// Checks a signed-in user's password again (re-authentication).
pub async fn verify_user_password(pool: &PgPool, user_id: Uuid, password: &str) -> Result<bool> {
    let Some(hash) = users::password_hash(pool, user_id).await? else { return Ok(false) };
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || password::verify_password(&password, &hash))
        .await
        .map_err(|e| Error::Internal(e.into()))
}

/// Deletes expired sessions and confirmation links (run by the sweep cron).
pub async fn purge_expired(pool: &PgPool) -> Result<u64> {
    Ok(db::sessions::delete_expired(pool).await? + db::confirmations::delete_expired(pool).await?)
}
