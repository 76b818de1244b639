//! The one error type of the `shared` crate, and so the one error vocabulary of the
//! product: each variant a caller can cause carries a German message, and the API maps
//! the variants to HTTP responses in one place (`api::error`).

use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input. `fields` maps form fields to messages.
    #[error("{message}")]
    Validation { title: &'static str, message: String, fields: BTreeMap<&'static str, String> },
    /// A request the server cannot read (malformed JSON, bad parameters).
    #[error("{0}")]
    BadRequest(String),
    #[error("Die Anfrage ist zu groß.")]
    TooLarge,
    #[error("Bitte senden Sie JSON (Content-Type: application/json).")]
    UnsupportedMediaType,
    #[error("Diese Methode ist für diese Adresse nicht erlaubt.")]
    MethodNotAllowed,
    #[error("Die Adresse der Anfrage ist zu lang.")]
    UriTooLong,
    #[error("Die Kopfzeilen der Anfrage sind zu groß.")]
    HeadersTooLarge,
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    /// An audio past its time: the file was deleted.
    #[error("Dieses Audio ist abgelaufen und wurde gelöscht.")]
    Expired,
    #[error("Sie benötigen {needed} Cent für diese Konvertierung. Ihr aktuelles Guthaben: {balance} Cent.")]
    InsufficientBalance { needed: i64, balance: i64 },
    #[error("Bitte melden Sie sich an.")]
    Unauthenticated,
    /// A `/v1` request without a valid API key (missing, malformed, unknown, revoked).
    #[error("{0}")]
    InvalidApiKey(&'static str),
    #[error("Dafür fehlen Ihnen die Berechtigungen.")]
    Forbidden,
    /// A state-changing browser request without the CSRF header.
    #[error("Die Anfrage wurde aus Sicherheitsgründen abgelehnt (fehlender X-Requested-With-Header).")]
    Csrf,
    #[error("E-Mail oder Passwort ist falsch.")]
    InvalidCredentials,
    /// A signed-in user's password re-entry was wrong.
    #[error("Das Passwort ist falsch.")]
    WrongPassword,
    #[error("Bitte bestätigen Sie Ihr Passwort.")]
    ReauthRequired,
    #[error("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in der Bestätigungs-E-Mail.")]
    EmailNotConfirmed,
    #[error("Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.")]
    AccountDisabled,
    /// The password was right; the account asks for a code from its authenticator app.
    #[error("Bitte geben Sie den Code aus Ihrer Authenticator-App ein.")]
    TwoFactorRequired,
    /// The site has a password and this browser has not entered it.
    #[error("Bitte geben Sie zuerst das Zugangspasswort ein.")]
    SiteLocked,
    /// Three wrong site passwords: the client waits.
    #[error("Zu viele fehlgeschlagene Versuche. Warten Sie {retry_after_secs} Sekunden.")]
    SiteGateWait { retry_after_secs: u64 },
    /// An admin whose session has not proved a second factor.
    #[error(
        "Für den Admin-Bereich ist die Zwei-Faktor-Anmeldung nötig. Bitte schalten Sie sie auf Ihrer Kontoseite ein und melden Sie sich mit einem Code an."
    )]
    SecondFactorRequired,
    #[error("Zu viele Versuche. Bitte warten Sie {}.", minutes_text(*retry_after_secs))]
    RateLimited { retry_after_secs: u64 },
    /// The live demo's tries for today are used up.
    #[error("{0}")]
    DemoLimit(String),
    /// A speech engine failed while the caller waited (German message from the engine).
    #[error("{0}")]
    Engine(String),
    #[error("Die Demo ist gerade ausgelastet. Bitte versuchen Sie es in einigen Sekunden erneut.")]
    Busy,
    /// The payment provider failed while the caller waited (a German sentence; the
    /// provider's own words go to the log).
    #[error("{0}")]
    Payment(&'static str),
    /// A feature this installation has not set up (German reason).
    #[error("{0}")]
    Unavailable(String),
    /// Something the answer needs is down for the moment (the audio store); try again soon.
    #[error("{0}")]
    Unreachable(&'static str),
    #[error(transparent)]
    Database(sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A validation error about one form field.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        crate::domain::Invalid::field(field, message).into()
    }

    /// A validation error with its own toast title and no field.
    pub fn invalid(title: &'static str, message: impl Into<String>) -> Self {
        crate::domain::Invalid::new(title, message).into()
    }

    /// The validation message of field `from` told of field `to` instead: a rule names the
    /// field as the use case calls it, a route names it as its caller sent it.
    pub fn field_moved(self, from: &str, to: &'static str) -> Self {
        match self {
            Error::Validation { title, message, mut fields } => {
                if let Some(text) = fields.remove(from) {
                    fields.insert(to, text);
                }
                Error::Validation { title, message, fields }
            }
            other => other,
        }
    }

    /// The same validation error, also shown at a form field.
    pub fn on(self, field: &'static str) -> Self {
        match self {
            Error::Validation { title, message, mut fields } => {
                fields.insert(field, message.clone());
                Error::Validation { title, message, fields }
            }
            other => other,
        }
    }

    /// Passes when a request sent again under an Idempotency-Key asks what the first one
    /// asked (their fingerprints match); another request under the key is a 409, so a key
    /// never answers for something it was not sent with (jobs, projects, exports).
    pub fn unless_same_request(earlier: Option<&str>, fingerprint: &str) -> Result<()> {
        match earlier == Some(fingerprint) {
            true => Ok(()),
            false => {
                Err(Error::Conflict("Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.".into()))
            }
        }
    }

    /// True when `self` is a unique-constraint violation of `constraint`.
    pub fn is_unique_violation(&self, constraint: &str) -> bool {
        match self {
            Error::Database(sqlx::Error::Database(db)) => {
                db.is_unique_violation() && db.constraint() == Some(constraint)
            }
            _ => false,
        }
    }
}

/// What a domain rule refused.
impl From<crate::domain::Invalid> for Error {
    fn from(invalid: crate::domain::Invalid) -> Self {
        Error::Validation { title: invalid.title, message: invalid.message, fields: invalid.fields }
    }
}

/// What callers read while Postgres cannot be reached.
pub const DATABASE_DOWN: &str =
    "Stimmwerk ist gerade nicht erreichbar (Datenbank). Bitte versuchen Sie es in einigen Sekunden erneut.";

impl From<storage::db::caps::CapError> for Error {
    fn from(e: storage::db::caps::CapError) -> Self {
        match e {
            storage::db::caps::CapError::Full(invalid) => invalid.into(),
            storage::db::caps::CapError::Db(e) => e.into(),
        }
    }
}

impl From<storage::queue::QueueError> for Error {
    fn from(e: storage::queue::QueueError) -> Self {
        match e {
            storage::queue::QueueError::Redis(e) => e.into(),
            e @ storage::queue::QueueError::Enqueue { .. } => Error::Internal(anyhow::anyhow!(e)),
        }
    }
}

impl From<sqlx::Error> for Error {
    /// A database that does not answer is a 503 for a moment, not a 500: nothing was
    /// changed, and the same request will work once it is back.
    fn from(e: sqlx::Error) -> Self {
        if database_lost(&e) {
            tracing::error!(error = %e, "database unreachable");
            return Error::Unreachable(DATABASE_DOWN);
        }
        Error::Database(e)
    }
}

/// True when `e` says the database went away, whatever its shape: no connection from
/// the pool in time, a socket that broke mid-query (I/O, TLS, a cut-off message), a
/// server that is shutting down or starting (SQLSTATE 57P01-57P03: "terminating
/// connection due to administrator command"), or any connection exception (class 08).
/// Nothing the request asked for was done, so it is a 503 to try again, not a 500.
pub fn database_lost(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::BeginFailed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| lost_connection_state(&code)),
        _ => false,
    }
}

/// The SQLSTATEs of a lost server: class 08 (connection exception), 57P01 admin
/// shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections.
fn lost_connection_state(code: &str) -> bool {
    code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03" | "53300")
}

/// True when an error chain (an `anyhow` cause) holds a lost-database error anywhere.
pub fn chain_has_lost_database(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.downcast_ref::<sqlx::Error>().is_some_and(database_lost)
            || cause.downcast_ref::<std::io::Error>().is_some_and(|io| {
                matches!(
                    io.kind(),
                    std::io::ErrorKind::BrokenPipe
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionRefused
                )
            })
    })
}

/// What callers read while Redis cannot be reached: the answers that need it (sign-in
/// and sign-up limits, the live demo, the site gate) fail closed rather than let guesses
/// through uncounted.
pub const REDIS_DOWN: &str =
    "Stimmwerk ist gerade nicht erreichbar (Zwischenspeicher). Bitte versuchen Sie es in einigen Sekunden erneut.";

impl From<redis::RedisError> for Error {
    /// Like Postgres: a Redis that does not answer is a 503 for a moment.
    fn from(e: redis::RedisError) -> Self {
        if e.is_io_error() || e.is_connection_refusal() || e.is_connection_dropped() || e.is_timeout() {
            tracing::error!(error = %e, "redis unreachable");
            return Error::Unreachable(REDIS_DOWN);
        }
        Error::Internal(anyhow::Error::new(e).context("redis"))
    }
}

/// How long to wait, said the way people say it: "etwa 15 Minuten" for 873 s,
/// "30 Sekunden" below a minute.
fn minutes_text(secs: u64) -> String {
    match secs {
        0 | 1 => "1 Sekunde".into(),
        2..=59 => format!("{secs} Sekunden"),
        60 => "etwa 1 Minute".into(),
        _ => format!("etwa {} Minuten", secs.div_ceil(60)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_become_minutes_rounded_up() {
        assert_eq!(minutes_text(873), "etwa 15 Minuten");
        assert_eq!(minutes_text(60), "etwa 1 Minute");
        assert_eq!(minutes_text(61), "etwa 2 Minuten");
        assert_eq!(minutes_text(30), "30 Sekunden");
        assert_eq!(minutes_text(1), "1 Sekunde");
    }

    #[test]
    fn every_shape_of_a_lost_database_is_a_503_not_a_500() {
        for lost in ["57P01", "57P02", "57P03", "08006", "08003", "08000", "53300"] {
            assert!(lost_connection_state(lost), "{lost}");
        }
        for kept in ["23505", "40001", "22P02", "42P01"] {
            assert!(!lost_connection_state(kept), "{kept}");
        }
        let broken = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "broken pipe");
        assert!(matches!(Error::from(sqlx::Error::Io(broken)), Error::Unreachable(DATABASE_DOWN)));
        assert!(matches!(Error::from(sqlx::Error::PoolTimedOut), Error::Unreachable(_)));
        assert!(matches!(Error::from(sqlx::Error::Protocol("unexpected eof".into())), Error::Unreachable(_)));
        assert!(matches!(Error::from(sqlx::Error::RowNotFound), Error::Database(_)));
        let wrapped = anyhow::Error::new(sqlx::Error::PoolTimedOut).context("saving the job");
        assert!(chain_has_lost_database(&wrapped));
        assert!(!chain_has_lost_database(&anyhow::anyhow!("something else")));
    }

    #[test]
    fn waits_are_said_in_minutes() {
        assert_eq!(
            Error::RateLimited { retry_after_secs: 873 }.to_string(),
            "Zu viele Versuche. Bitte warten Sie etwa 15 Minuten."
        );
    }
}
