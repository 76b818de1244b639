//! The integration tests: one binary (one link of the whole workspace, not one per
//! file), one module per area. Each test gets the real API on a random port against a
//! fresh Postgres database (`#[sqlx::test]`) and real Redis under a unique key prefix
//! (see `common`). Run one area with `cargo test -p testsuite --test integration jobs::`.

mod account;
mod admin;
mod admin_users;
mod architecture;
mod auth;
mod backup;
mod billing;
mod cloning;
mod common;
mod contract;
mod demo;
mod deployment;
mod developer_api;
mod engines;
mod jobs;
mod library;
mod observability;
mod project_editing;
mod project_limits;
mod project_takes;
mod projects;
mod pronunciation;
mod proxy;
mod publication;
mod recovery;
mod resilience;
mod security;
mod site_gate;
mod speech_budget;
mod storage;
mod timed_text;
mod two_factor;
mod voice_previews;
mod webhooks;
mod workers;
