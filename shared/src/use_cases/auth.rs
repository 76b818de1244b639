//! Accounts, the use cases: sign-up with e-mail confirmation (the start credit comes
//! with the confirmation, once per mailbox), sign-in (limited so that an attacker is hurt,
//! not the owner), mailed one-time sign-in links, sign-out, the admin's password
//! re-entry, the first admin, and purging what expired.

use chrono::{DateTime, Duration, Utc};
use secrecy::ExposeSecret;
use sqlx::PgPool;
use uuid::Uuid;

use crate::caller::{Caller, REAUTH_WINDOW_MINUTES};
use crate::config::AdminSettings;
use crate::credentials;
use crate::db::{self, ledger, users};
use crate::domain::email::Email;
use crate::domain::input;
use crate::domain::kinds::{Role, TokenPurpose};
use crate::domain::password::{self, NewPassword};
use crate::error::{Error, Result};
use crate::mail;
use crate::rate_limit::MailKind;
use crate::services::Services;
use crate::token;

pub struct SignUp<'a> {
    pub name: &'a str,
    pub organization: &'a str,
    pub email: &'a str,
    pub password: &'a str,
}

fn base_url(svc: &Services) -> &str {
    svc.settings.http.public_url.trim_end_matches('/')
}

/// Creates the account and mails the confirmation link. Whether the address has an
/// account already is not told to the caller (it would reveal who is a customer): the
/// answer is the same, and the address's owner gets a mail instead.
///
/// An address whose account was never confirmed belongs to nobody yet: a new sign-up
/// takes that account over (its password, name and organisation replace the old ones and
/// whatever the first registrant left goes, `users::take_over_unconfirmed`), so a
/// stranger who registered someone else's address first cannot have the owner confirm
/// the stranger's password.
///
/// Sign-ups are limited per client only. Per address only the mails are: past
/// `signups_per_mailbox_per_day` sign-up mails a day to an address, a sign-up is answered
/// the same and changes the account as any other (the newest password counts), but mails
/// nothing and leaves the mailed confirmation links working. So a stranger who signs up
/// with someone's address again and again fills no inbox, and cannot lock the owner out:
/// she signs up, then confirms through the newest mail with her password.
pub async fn sign_up(svc: &Services, caller: &Caller, input: SignUp<'_>) -> Result<()> {
    let name = input::name("name", "Name", input.name)?;
    let organization = input::name("organization", "Organisation", input.organization)?;
    let email = Email::parse(input.email)?;
    if input.password.chars().count() < password::MIN_PASSWORD_CHARS {
        NewPassword::parse(input.password, &[])?;
    }
    svc.limits.account.reserve_signup(caller.ip).await?;
    let password_hash = credentials::new_password_hash(svc, input.password, [email.as_str(), &name]).await?;
    let mail = svc.limits.account.reserve_signup_mail(email.as_str(), &email.mailbox()).await?;

    let user = users::NewUser {
        name: &name,
        email: email.as_str(),
        organization: &organization,
        password_hash: &password_hash,
        role: Role::User,
        confirmed: false,
    };
    match users::insert(&svc.pool, &user).await.map_err(Error::from) {
        Ok(user_id) if mail => send_confirmation(svc, user_id, &email).await,
        // No mail left for the address today: the account waits for a resent link.
        Ok(_) => Ok(()),
        Err(e) if e.is_unique_violation(users::EMAIL_UNIQUE) => {
            let mut tx = svc.pool.begin().await?;
            let taken_over =
                users::take_over_unconfirmed(&mut tx, email.as_str(), &name, &organization, &password_hash, !mail)
                    .await?;
            tx.commit().await?;
            if let Some(user_id) = taken_over {
                return if mail { send_confirmation(svc, user_id, &email).await } else { Ok(()) };
            }
            match users::credentials_by_email(&svc.pool, email.as_str()).await? {
                Some(account) if account.confirmed && mail => {
                    send(svc, mail::already_registered(email.as_str(), &format!("{}/auth", base_url(svc)))).await
                }
                // Confirmed or deleted in between by someone else's request; nothing to add.
                _ => Ok(()),
            }
        }
        Err(e) => Err(e),
    }
}

/// A new single-use link token for `purpose`, valid for `valid` (only its hash is kept).
async fn issue(svc: &Services, purpose: TokenPurpose, user_id: Uuid, valid: Duration) -> Result<String> {
    let link_token = token::random_token();
    db::tokens::insert(&svc.pool, purpose, &token::hash_token(&link_token), user_id, Utc::now() + valid).await?;
    Ok(link_token)
}

async fn send_confirmation(svc: &Services, user_id: Uuid, email: &Email) -> Result<()> {
    let hours = svc.settings.auth.confirmation_hours;
    let confirmation_token = issue(svc, TokenPurpose::EmailConfirmation, user_id, Duration::hours(hours)).await?;
    let link = format!("{}/api/auth/confirm?token={confirmation_token}", base_url(svc));
    send(svc, mail::confirmation(email.as_str(), &link, hours)).await
}

/// A mail that cannot be sent is logged, not answered with an error: what it is about is
/// committed, and the caller can ask again (sign up again, request a new link).
async fn send(svc: &Services, message: mail::Mail) -> Result<()> {
    if let Err(e) = svc.mailer.send(message).await {
        tracing::error!(error = %e, "mail not sent");
    }
    Ok(())
}

/// What a confirmation link did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    Confirmed,
    /// Someone signed up again with this unconfirmed address: the link confirms only
    /// together with the password of the last sign-up ([`confirm_email_with_password`]).
    NeedsPassword,
    /// Unknown, used or expired.
    Invalid,
}

/// Confirms the e-mail address behind a link and grants the start credit, once per
/// mailbox; an address signed up with more than once waits for the password.
pub async fn confirm_email(svc: &Services, confirmation_token: &str) -> Result<Confirmation> {
    let token_hash = token::hash_token(confirmation_token);
    let Some(user_id) = db::tokens::find(&svc.pool, TokenPurpose::EmailConfirmation, &token_hash).await? else {
        return Ok(Confirmation::Invalid);
    };
    if users::signup_contested(&svc.pool, user_id).await? {
        return Ok(Confirmation::NeedsPassword);
    }
    Ok(if confirm(svc, &token_hash).await? { Confirmation::Confirmed } else { Confirmation::Invalid })
}

/// Confirms a contested address (see [`Confirmation::NeedsPassword`]) with the password
/// of its last sign-up: the owner, who got the link, proves which sign-up is hers. The
/// check shares the sign-in limits. A wrong password leaves the link working; the owner
/// can also sign up again, which makes her password the one the link asks for.
pub async fn confirm_email_with_password(
    svc: &Services,
    caller: &Caller,
    confirmation_token: &str,
    password: &str,
) -> Result<()> {
    let invalid = || Error::invalid("Link ungültig", "Der Bestätigungslink ist ungültig oder abgelaufen.");
    let token_hash = token::hash_token(confirmation_token);
    let user_id =
        db::tokens::find(&svc.pool, TokenPurpose::EmailConfirmation, &token_hash).await?.ok_or_else(invalid)?;
    let user = users::get(&svc.pool, user_id).await?.ok_or_else(invalid)?;
    let attempt = svc.limits.login.reserve(caller.ip, &user.email).await?;
    if !credentials::password_matches(svc, user_id, password).await? {
        return Err(Error::field(
            "password",
            "Das Passwort passt nicht zur letzten Registrierung mit dieser Adresse. Falls Sie sich nicht zuletzt \
             registriert haben, registrieren Sie sich bitte erneut; der Link der neuesten Bestätigungs-E-Mail gilt \
             dann für Ihr Passwort.",
        ));
    }
    svc.limits.login.succeeded(attempt).await?;
    if confirm(svc, &token_hash).await? { Ok(()) } else { Err(invalid()) }
}

/// Uses up the confirmation link, confirms the address and grants the start credit (once
/// per mailbox), in one transaction. False when the link was used meanwhile.
async fn confirm(svc: &Services, token_hash: &str) -> Result<bool> {
    let mut tx = svc.pool.begin().await?;
    let Some(user_id) = db::tokens::consume(&mut *tx, TokenPurpose::EmailConfirmation, token_hash).await? else {
        return Ok(false);
    };
    let Some(address) = users::confirm_email(&mut *tx, user_id).await? else { return Ok(false) };
    let bonus = svc.settings.auth.signup_bonus_cent;
    let mailbox = Email::parse(&address).map(|e| e.mailbox()).unwrap_or(address);
    if bonus > 0 && db::signup_bonuses::claim(&mut tx, &mailbox, user_id).await? {
        ledger::credit(&mut tx, user_id, bonus, ledger::Kind::SignupBonus, None).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The signed-in user as the web app sees it (`/api/me` and every sign-in answer).
#[derive(Debug, Clone)]
pub struct Me {
    pub user: users::User,
    /// This session proved a code from the authenticator app (the admin area needs it).
    pub second_factor: bool,
}

impl Me {
    /// The caller's view of themselves, with `user` freshly read or changed.
    pub fn of(caller: &Caller, user: users::User) -> Result<Me> {
        Ok(Me { user, second_factor: caller.session()?.second_factor })
    }
}

/// A new session: its user and the token for the cookie.
pub struct SignedIn {
    pub me: Me,
    pub session_token: String,
}

/// What a correct first factor leads to.
pub enum SignInStep {
    /// Signed in.
    Session(SignedIn),
    /// The account asks for a code: the challenge token for its short-lived cookie.
    SecondFactor { challenge: String },
}

/// The code step when the account has two-factor sign-in, else a session. `via_link`:
/// the first step was a mailed sign-in link, not the password.
async fn session_or_second_factor(
    svc: &Services,
    caller: &Caller,
    user_id: Uuid,
    second_factor: bool,
    via_link: bool,
) -> Result<SignInStep> {
    if second_factor {
        let challenge = crate::use_cases::two_factor::open_challenge(svc, user_id, via_link).await?;
        return Ok(SignInStep::SecondFactor { challenge });
    }
    Ok(SignInStep::Session(open_session(svc, caller, user_id, false).await?))
}

/// The second step of a sign-in: a code from the app (or a recovery code). Only now do
/// the address's sign-in counters start clean: a right password alone proves too little.
pub async fn sign_in_with_code(svc: &Services, caller: &Caller, challenge: &str, code: &str) -> Result<SignedIn> {
    let user = crate::use_cases::two_factor::complete_sign_in(svc, caller.ip, challenge, code).await?;
    svc.limits.login.second_factor_passed(caller.ip, &user.email).await?;
    open_session(svc, caller, user.id, true).await
}

async fn open_session(svc: &Services, caller: &Caller, user_id: Uuid, second_factor: bool) -> Result<SignedIn> {
    let session_token = token::random_token();
    let expires = Utc::now() + Duration::days(svc.settings.auth.session_days);
    let client = crate::rate_limit::client_key(caller.ip);
    let token_hash = token::hash_token(&session_token);
    let agent = caller.user_agent.as_deref();
    db::sessions::insert(&svc.pool, &token_hash, user_id, expires, &client, agent, second_factor).await?;
    let user = users::get(&svc.pool, user_id).await?.ok_or(Error::Unauthenticated)?;
    Ok(SignedIn { me: Me { user, second_factor }, session_token })
}

/// Checks the password and opens a session, or the code step of an account with
/// two-factor sign-in. The attempt is reserved with the limiter before the password is
/// checked, so a burst of parallel guesses cannot pass the limit. A right password clears
/// the counters only of an account without a second factor; otherwise the right code
/// does (`sign_in_with_code`), so whoever knows only the password keeps being counted.
pub async fn sign_in(svc: &Services, caller: &Caller, email: &str, password: &str) -> Result<SignInStep> {
    // An address we could never have stored has no account; it is limited all the same.
    let parsed = Email::parse(email).ok();
    let limited_as = parsed.as_ref().map_or_else(|| input::trim(email).to_lowercase(), |e| e.as_str().to_owned());
    let attempt = svc.limits.login.reserve(caller.ip, &limited_as).await?;
    let Some(email) = parsed else { return Err(Error::InvalidCredentials) };
    if password.chars().any(char::is_control) || password.chars().count() > password::MAX_PASSWORD_CHARS {
        return Err(Error::InvalidCredentials);
    }
    let credentials = users::credentials_by_email(&svc.pool, email.as_str()).await?;
    let hash = credentials.as_ref().map_or(credentials::dummy_hash(), |c| c.password_hash.as_str()).to_owned();
    let typed = password.to_owned();
    let valid = svc.cpu.run(move || credentials::verify_password(&typed, &hash)).await?;
    let credentials = match credentials {
        Some(c) if valid => c,
        _ => return Err(Error::InvalidCredentials),
    };
    let second_factor = crate::use_cases::two_factor::is_enabled(svc, credentials.id).await?;
    if !second_factor {
        svc.limits.login.succeeded(attempt).await?;
    }
    if credentials.disabled {
        return Err(Error::AccountDisabled);
    }
    if !credentials.confirmed {
        return Err(Error::EmailNotConfirmed);
    }
    session_or_second_factor(svc, caller, credentials.id, second_factor, false).await
}

/// Mails a one-time sign-in link to the address's owner, if the address has a confirmed
/// account. The answer is the same either way.
pub async fn request_login_link(svc: &Services, caller: &Caller, email: &str) -> Result<()> {
    let email = Email::parse(email)?;
    svc.limits.account.reserve_mail(MailKind::LoginLink, caller.ip, email.as_str()).await?;
    let Some(account) = users::credentials_by_email(&svc.pool, email.as_str()).await? else { return Ok(()) };
    if !account.confirmed || account.disabled {
        return Ok(());
    }
    let minutes = svc.settings.auth.login_link_minutes;
    let link_token = issue(svc, TokenPurpose::LoginLink, account.id, Duration::minutes(minutes)).await?;
    let link = format!("{}/api/auth/login-link?token={link_token}", base_url(svc));
    send(svc, mail::login_link(email.as_str(), &link, minutes)).await
}

/// Signs in with a mailed link (once). The owner proved the address, so its sign-in
/// delay ends. `None` for an unknown, used or expired link.
///
/// The link proves the mailbox only: an account with a second factor still asks for the
/// code, in a code step of its own (`via_link`) that the lock of password-started code
/// steps does not close, so the owner gets in while someone with only the password stays
/// locked out; its counters clear when the code is right.
pub async fn use_login_link(svc: &Services, caller: &Caller, link_token: &str) -> Result<Option<SignInStep>> {
    let Some(user_id) = db::tokens::consume(&svc.pool, TokenPurpose::LoginLink, &token::hash_token(link_token)).await?
    else {
        return Ok(None);
    };
    let Some(user) = users::get(&svc.pool, user_id).await? else { return Ok(None) };
    let second_factor = crate::use_cases::two_factor::is_enabled(svc, user_id).await?;
    if !second_factor {
        svc.limits.login.address_proven(&user.email).await?;
    }
    Ok(Some(session_or_second_factor(svc, caller, user_id, second_factor, true).await?))
}

/// How long a password reset link works.
const RESET_MINUTES: i64 = 60;

/// Mails a single-use link to set a new password, if the address has an account. The
/// answer is the same either way.
pub async fn request_password_reset(svc: &Services, caller: &Caller, email: &str) -> Result<()> {
    let email = Email::parse(email)?;
    svc.limits.account.reserve_mail(MailKind::PasswordReset, caller.ip, email.as_str()).await?;
    let Some(account) = users::credentials_by_email(&svc.pool, email.as_str()).await? else { return Ok(()) };
    let reset_token = issue(svc, TokenPurpose::PasswordReset, account.id, Duration::minutes(RESET_MINUTES)).await?;
    let link = format!("{}/auth/reset?token={reset_token}", base_url(svc));
    send(svc, mail::password_reset(email.as_str(), &link, RESET_MINUTES)).await
}

fn invalid_reset_link() -> Error {
    Error::invalid("Link ungültig", "Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.")
}

/// Whether a reset link still works (the page asks on opening, before the user types a
/// new password); does not use it up.
pub async fn check_reset_link(svc: &Services, reset_token: &str) -> Result<()> {
    let token_hash = token::hash_token(reset_token);
    db::tokens::find(&svc.pool, TokenPurpose::PasswordReset, &token_hash).await?.ok_or_else(invalid_reset_link)?;
    Ok(())
}

/// Sets a new password with a reset link (once). Every session of the account ends, every
/// API key is revoked, sign-ins waiting for their code end, and a two-factor secret that
/// was not set up after the address was confirmed goes (nobody who proved the mailbox
/// chose it); one set up later stays, so a reset is no way around the second factor. The
/// address's sign-in pause ends (its owner proved the address).
pub async fn reset_password(svc: &Services, reset_token: &str, new_password: &str) -> Result<()> {
    let token_hash = token::hash_token(reset_token);
    let user_id =
        db::tokens::find(&svc.pool, TokenPurpose::PasswordReset, &token_hash).await?.ok_or_else(invalid_reset_link)?;
    let user = users::get(&svc.pool, user_id).await?.ok_or_else(invalid_reset_link)?;
    // The password is checked before the link is used up: a weak one costs no new mail.
    let password_hash = credentials::new_password_hash(svc, new_password, [&user.email, &user.name]).await?;
    let mut tx = svc.pool.begin().await?;
    if db::tokens::consume(&mut *tx, TokenPurpose::PasswordReset, &token_hash).await?.is_none() {
        return Err(invalid_reset_link());
    }
    users::set_password_hash(&mut *tx, user_id, &password_hash).await?;
    db::sessions::delete_for_user(&mut *tx, user_id).await?;
    db::api_keys::revoke_all_for_user(&mut *tx, user_id).await?;
    db::two_factor::delete_challenges_for_user(&mut *tx, user_id).await?;
    if db::two_factor::drop_unless_set_up_after_confirmation(&mut tx, user_id).await? {
        tracing::info!(%user_id, "two-factor secret from before the confirmation removed at a password reset");
    }
    tx.commit().await?;
    svc.limits.login.address_proven(&user.email).await?;
    Ok(())
}

/// Sends the confirmation mail again to an address whose account is not confirmed yet.
/// The answer is the same whatever the address.
pub async fn resend_confirmation(svc: &Services, caller: &Caller, email: &str) -> Result<()> {
    let email = Email::parse(email)?;
    svc.limits.account.reserve_mail(MailKind::Confirmation, caller.ip, email.as_str()).await?;
    match users::credentials_by_email(&svc.pool, email.as_str()).await? {
        Some(account) if !account.confirmed => send_confirmation(svc, account.id, &email).await,
        _ => Ok(()),
    }
}

/// Ends the caller's session (nothing to do without one).
pub async fn sign_out(svc: &Services, caller: &Caller) -> Result<()> {
    if let Ok(session) = caller.session() {
        db::sessions::delete(&svc.pool, &session.token_hash).await?;
    }
    Ok(())
}

/// An admin re-enters the password to unlock the admin settings for a few minutes.
/// The same limits as sign-in apply: the gate is no way around them.
/// Returns until when the settings stay unlocked.
pub async fn reauthenticate(svc: &Services, caller: &Caller, password: &str) -> Result<DateTime<Utc>> {
    let admin = caller.admin()?;
    let session = caller.session()?;
    let attempt = svc.limits.login.reserve(caller.ip, &admin.email).await?;
    if !credentials::password_matches(svc, admin.id, password).await? {
        return Err(Error::WrongPassword);
    }
    svc.limits.login.succeeded(attempt).await?;
    let at = db::sessions::mark_reauthenticated(&svc.pool, &session.token_hash).await?.ok_or(Error::Unauthenticated)?;
    let (action, me) = (crate::domain::kinds::AuditAction::Reauthenticated, Some((admin.id, admin.email.as_str())));
    db::audit::record(&svc.pool, admin, action, None, me, None, None).await?;
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
    users::insert(
        pool,
        &users::NewUser {
            name: &admin.name,
            email: email.as_str(),
            organization: &admin.organization,
            password_hash: &credentials::hash_password(&password)?,
            role: Role::Admin,
            confirmed: true,
        },
    )
    .await?;
    Ok(Some(password))
}

/// Deletes expired sessions and sign-in links, and accounts never confirmed within the
/// confirmation period (their address is free again); their confirmation links go with
/// them.
pub async fn purge_expired(pool: &PgPool, confirmation_hours: i64) -> Result<u64> {
    Ok(db::sessions::delete_expired(pool).await?
        + db::tokens::delete_expired(pool).await?
        + users::delete_unconfirmed(pool, confirmation_hours).await?)
}
