pub mod auth;
pub mod jobs;
pub mod voices;
