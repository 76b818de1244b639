//! One `Settings` value, loaded once at start-up: `config/default.toml`, then `APP__*`
//! environment variables. Invalid configuration stops the process with a clear message.

use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub database: DatabaseSettings,
    pub redis: RedisSettings,
    pub http: HttpSettings,
    pub storage: StorageSettings,
    pub mail: MailSettings,
    pub admin: AdminSettings,
    pub auth: AuthSettings,
    pub worker: WorkerSettings,
    pub providers: ProviderSettings,
    pub demo: DemoSettings,
    pub secrets: SecretsSettings,
    #[serde(default)]
    pub payments: PaymentSettings,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    pub url: String,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    pub url: String,
    pub queue_prefix: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct HttpSettings {
    pub host: String,
    pub port: u16,
    pub public_url: String,
    pub web_dist: PathBuf,
    pub secure_cookies: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct StorageSettings {
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MailSettings {
    pub from: String,
    pub outbox_dir: PathBuf,
    pub smtp_url: Option<SecretString>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AdminSettings {
    pub email: String,
    pub name: String,
    pub organization: String,
    pub password: SecretString,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub session_days: i64,
    pub confirmation_hours: i64,
    pub signup_bonus_cent: i64,
    pub login_max_failures_per_ip: u32,
    pub login_max_failures_per_email: u32,
    pub login_window_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerSettings {
    pub concurrency: usize,
    pub chunk_concurrency: usize,
    pub max_attempts: i32,
    pub stuck_after_secs: i64,
    pub requeue_after_secs: i64,
    pub engine_override: String,
}

/// The cloud speech providers. A provider is used only when its API key is set.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ProviderSettings {
    pub openai: ProviderSection,
    pub google: ProviderSection,
    pub gemini: ProviderSection,
    pub murf: ProviderSection,
}

/// The cloud providers' ids as in `voices.provider`, in the order of the fields below.
const CLOUD_PROVIDERS: [&str; 4] = ["openai_tts", "cloud_tts", "gemini_tts", "murf_tts"];

impl ProviderSettings {
    /// Each cloud provider's id with its section.
    pub fn sections(&self) -> impl Iterator<Item = (&'static str, &ProviderSection)> {
        CLOUD_PROVIDERS.into_iter().zip([&self.openai, &self.google, &self.gemini, &self.murf])
    }

    pub fn section(&self, provider: &str) -> Option<&ProviderSection> {
        self.sections().find_map(|(id, section)| (id == provider).then_some(section))
    }

    /// The section of one provider id, for laying a stored key over it.
    pub fn section_mut(&mut self, provider: &str) -> Option<&mut ProviderSection> {
        CLOUD_PROVIDERS
            .into_iter()
            .zip([&mut self.openai, &mut self.google, &mut self.gemini, &mut self.murf])
            .find_map(|(id, section)| (id == provider).then_some(section))
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ProviderSection {
    /// Unset or empty: the provider is not available.
    pub api_key: Option<SecretString>,
    pub base_url: String,
    /// Model (or model version) name; empty where the provider has none.
    pub model: String,
    /// Per request, including reading the audio.
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    pub tries_per_browser: u32,
    pub tries_per_ip: u32,
    pub concurrency: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SecretsSettings {
    pub encryption_key: SecretString,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct PaymentSettings {
    pub stripe_secret_key: Option<SecretString>,
}

const DEFAULTS: &str = include_str!("../../config/default.toml");

impl Settings {
    /// Built-in defaults, then an optional `config/local.toml`, then `APP__*` variables.
    pub fn load() -> Result<Self, config::ConfigError> {
        config::Config::builder()
            .add_source(config::File::from_str(DEFAULTS, config::FileFormat::Toml))
            .add_source(config::File::with_name("config/local").required(false))
            .add_source(
                config::Environment::with_prefix("APP")
                    .prefix_separator("__")
                    .separator("__"),
            )
            .build()?
            .try_deserialize()
    }
}
