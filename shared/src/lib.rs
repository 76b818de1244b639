//! Everything `api` and `worker` share. The use cases sit in `use_cases/`, one module per
//! feature (each takes the `Services` and the `Caller` and owns its whole flow); what they
//! stand on is every other module: `db/` (SQL next to the function that runs it),
//! `domain/` (pure rules), `engine/` (speech providers), `providers/` (the provider table
//! and keys), the run lifecycle, the queue, storage, audio, mail and the limiters. A
//! building block never reaches up into a use case (the architecture test holds it).

// Use cases: `use_cases/`, one module per feature.
pub mod use_cases;

// What they stand on.
pub mod caller;
pub mod catalogue;
pub mod config;
pub mod cpu;
pub mod credentials;
pub mod db;
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
pub mod telemetry;
pub mod text_to_mp3;
pub mod token;

// Their own crates under `shared/`, at their old paths.
pub use audio;
pub use domain;

pub use caller::Caller;
pub use error::{Error, Result};
pub use services::Services;
