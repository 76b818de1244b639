pub mod admin;
pub mod auth;
pub mod demo;
pub mod jobs;
pub mod voices;
