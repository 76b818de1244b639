//! Everything `api` and `worker` share. The use cases sit in `use_cases/`, one module per
//! feature (each takes the `Services` and the `Caller` and owns its whole flow); what they
//! stand on is every other module here (the run lifecycle, the caller, configuration,
//! keys, mail, the limiters, telemetry) and the crates under `shared/`, re-exported at
//! their paths: `audio`, `domain` (pure rules, German reading), `storage` (`db`, `files`,
//! `queue`) and `providers` (the provider table, `engine`, `payments`, `http_body`). A
//! building block never reaches up into a use case (the architecture test holds it).

// Use cases: `use_cases/`, one module per feature.
pub mod use_cases;

// What they stand on.
pub mod caller;
pub mod catalogue;
pub mod config;
pub mod cpu;
pub mod credentials;
pub mod error;
pub mod keyed_locks;
pub mod keyring;
pub mod mail;
pub mod rate_limit;
pub mod run;
pub mod secrets;
pub mod services;
pub mod telemetry;
pub mod text_to_mp3;
pub mod timeline;
pub mod token;

// Their own crates under `shared/`, at their paths.
pub use audio;
pub use domain;
pub use providers::{self, engine, http_body, payments};
pub use storage::{db, files, queue};

pub use caller::Caller;
pub use error::{Error, Result};
pub use services::Services;
