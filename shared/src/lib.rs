//! Everything `api` and `worker` share. Use cases sit at the top, one module per feature
//! (each takes the `Services` and the `Caller` and owns its whole flow); what they stand
//! on sits below them: `db/` (SQL next to the function that runs it), `domain/` (pure
//! rules), `engine/` (speech providers), `providers/` (the provider table and keys), the
//! queue, storage, audio, mail and the limiters.

// Use cases.
pub mod account;
pub mod admin_settings;
pub mod admin_users;
pub mod admin_voices;
pub mod api_keys;
pub mod auth;
pub mod backup;
pub mod billing;
pub mod cloning;
pub mod demo;
pub mod generation;
pub mod health;
pub mod library;
pub mod limits;
pub mod pronunciation;
pub mod site_gate;
pub mod speech;
pub mod two_factor;
pub mod voices;
pub mod webhooks;

// What they stand on.
pub mod audio;
pub mod caller;
pub mod catalogue;
pub mod config;
pub mod cpu;
pub mod credentials;
pub mod db;
pub mod domain;
pub mod engine;
pub mod error;
pub mod http_body;
pub mod mail;
pub mod payments;
pub mod providers;
pub mod queue;
pub mod rate_limit;
pub mod run;
pub mod secrets;
pub mod services;
pub mod storage;
pub mod synthesis;
pub mod telemetry;
pub mod token;

pub use caller::Caller;
pub use error::{Error, Result};
pub use services::Services;
