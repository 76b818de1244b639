//! The use cases, one module per feature: each takes the `Services` and the `Caller`
//! (who is calling) and owns its whole flow (validate, authorize, charge, enqueue). The
//! web routes, the developer API, the worker and the tests call the same functions.

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
pub mod openai_speech;
pub mod projects;
pub mod pronunciation;
pub mod site_gate;
pub mod two_factor;
pub mod voice_previews;
pub mod voices;
pub mod webhooks;
