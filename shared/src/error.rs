//! The one error type of the `shared` crate. Each variant a user can cause carries a
//! German message; the API maps the variants to HTTP responses in one place.

use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input. `fields` maps form fields to messages.
    #[error("{message}")]
    Validation {
        title: &'static str,
        message: String,
        fields: BTreeMap<&'static str, String>,
    },
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    #[error("Sie benötigen {needed} Cent für diese Konvertierung. Ihr aktuelles Guthaben: {balance} Cent.")]
    InsufficientBalance { needed: i64, balance: i64 },
    #[error("E-Mail oder Passwort ist falsch.")]
    InvalidCredentials,
    #[error("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in der Bestätigungs-E-Mail.")]
    EmailNotConfirmed,
    #[error("Zu viele Versuche. Bitte warten Sie {retry_after_secs} Sekunden.")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A validation error about one form field.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        let message = message.into();
        Error::Validation {
            title: "Ungültige Eingabe",
            fields: BTreeMap::from([(field, message.clone())]),
            message,
        }
    }

    /// A validation error with its own toast title and no field.
    pub fn invalid(title: &'static str, message: impl Into<String>) -> Self {
        Error::Validation { title, message: message.into(), fields: BTreeMap::new() }
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

impl From<redis::RedisError> for Error {
    fn from(e: redis::RedisError) -> Self {
        Error::Internal(anyhow::Error::new(e).context("redis"))
    }
}
