//! Everything `api` and `worker` share: configuration, domain rules, database access,
//! the job queue, audio storage, the voice catalogue, speech engines and the audio path.

pub mod audio;
pub mod auth;
pub mod catalogue;
pub mod config;
pub mod db;
pub mod demo;
pub mod domain;
pub mod engine;
pub mod error;
pub mod generation;
pub mod providers;
pub mod queue;
pub mod secrets;
pub mod storage;
pub mod synthesis;
pub mod token;

pub use error::{Error, Result};
