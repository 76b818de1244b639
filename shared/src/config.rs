//! One `Settings` value, loaded once at start-up: `config/default.toml`, then `APP__*`
//! environment variables. Invalid configuration stops the process with a clear message.

use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;

// Each store and provider carries the settings it is opened with; `Settings` composes them.
pub use providers::{ProviderSection, ProviderSettings};
pub use storage::db::DatabaseSettings;
pub use storage::files::{S3Settings, StorageBackend, StorageSettings};
pub use storage::queue::RedisSettings;

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
    #[serde(default)]
    pub site: SiteSettings,
    pub library: LibrarySettings,
    pub api: ApiSettings,
    pub webhooks: WebhookSettings,
    pub cloning: CloningSettings,
    pub log: LogSettings,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LogSettings {
    pub format: LogFormat,
}

/// Readable lines for a terminal, or JSON lines for a log collector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CloningSettings {
    /// `auto` (ElevenLabs when its key is set, else Replicate when its key is set, else
    /// local), or one of `local`, `elevenlabs`, `replicate`.
    pub engine: String,
    /// Largest recording accepted, in bytes.
    pub max_upload_bytes: usize,
    /// A training running longer is shown as stuck (with a reset).
    pub stuck_after_minutes: i64,
    /// A training the provider has not finished by then is cancelled and failed.
    pub training_timeout_minutes: i64,
    /// Runs of one training (a worker died, the provider failed for the moment).
    pub max_attempts: i32,
    /// Seconds between two looks at a provider's running training.
    pub poll_every_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WebhookSettings {
    /// Lets endpoints resolve to loopback and private addresses (tests with a local
    /// receiver). Off in production: a webhook must not reach internal services.
    pub allow_private_addresses: bool,
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ApiSettings {
    /// Requests per minute and API key on `/v1`.
    pub requests_per_minute: u32,
    /// Keys a user may hold at once (revoked ones do not count).
    pub max_keys_per_user: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LibrarySettings {
    /// Days a completed audio is kept unless saved permanently.
    pub expiry_days: i64,
    /// Minutes between two runs of the expiry job.
    pub expire_every_minutes: u64,
}

/// The optional password in front of the whole site (a closed beta, a staging copy).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SiteSettings {
    /// Unset or empty: the site is open.
    pub password: Option<SecretString>,
}

impl SiteSettings {
    pub fn password(&self) -> Option<&SecretString> {
        use secrecy::ExposeSecret;
        self.password.as_ref().filter(|p| !p.expose_secret().is_empty())
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct HttpSettings {
    pub host: String,
    pub port: u16,
    pub public_url: String,
    pub web_dist: PathBuf,
    pub secure_cookies: bool,
    /// Reverse proxies whose `X-Forwarded-For` is believed (`domain::client_ip`):
    /// networks or addresses, as a list or one comma-separated string (environment).
    #[serde(default, deserialize_with = "trusted_proxies")]
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Where `/metrics` (with `/healthz`, `/readyz`) is served, e.g. "127.0.0.1:9100";
    /// empty: not served.
    #[serde(default)]
    pub metrics_address: String,
}

fn trusted_proxies<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<ipnet::IpNet>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Entries {
        One(String),
        Many(Vec<String>),
    }
    let entries = match Entries::deserialize(deserializer)? {
        Entries::One(text) => text.split(',').map(str::to_owned).filter(|e| !e.trim().is_empty()).collect(),
        Entries::Many(list) => list,
    };
    entries
        .iter()
        .map(|entry| crate::domain::client_ip::parse_trusted(entry))
        .collect::<Result<_, _>>()
        .map_err(|e| serde::de::Error::custom(format!("http.trusted_proxies: {e}")))
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
    /// Sign-in attempts one client (IPv4 address or IPv6 /64) may make per window.
    pub login_max_failures_per_ip: u32,
    /// Sign-in attempts for one address from one client per window.
    pub login_max_failures_per_email: u32,
    pub login_window_secs: u64,
    /// Attempts for one address (from anywhere) before each further one waits, the wait
    /// doubling from 2 s up to `login_max_delay_secs`.
    pub login_free_attempts_per_email: u32,
    pub login_max_delay_secs: u64,
    pub signups_per_client_per_hour: u32,
    /// Sign-up mails per address per day (and as many shared by the `+tag` forms of a
    /// mailbox). Sign-ups past it go on without a mail; they are never refused per
    /// address (the name is kept for existing configurations).
    pub signups_per_mailbox_per_day: u32,
    /// How long a mailed sign-in link works.
    pub login_link_minutes: i64,
    /// The code step of a two-factor sign-in (defaults: `CodeLimits::default`).
    #[serde(default)]
    pub codes: CodeLimits,
}

/// Wrong codes (from the app, or recovery codes) counted per account in Redis, where a
/// correct password cannot reset them.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct CodeLimits {
    /// Wrong codes per account before each further one waits, doubling from 2 s.
    pub free_per_account: u32,
    pub max_delay_secs: u64,
    /// Wrong codes per account within a day that lock the code step of password-started
    /// sign-ins for `lock_hours` (the owner is mailed; a mailed sign-in link still works).
    pub lock_after: u32,
    pub lock_hours: u64,
    /// Codes that sign-ins started with a mailed link may try per account and day.
    pub link_codes_per_day: u32,
    /// Codes one client (IPv4 address or IPv6 /64) may try per hour, across accounts.
    pub per_client_per_hour: u32,
}

impl Default for CodeLimits {
    fn default() -> Self {
        CodeLimits {
            free_per_account: 3,
            max_delay_secs: 300,
            lock_after: 10,
            lock_hours: 6,
            link_codes_per_day: 10,
            per_client_per_hour: 30,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerSettings {
    /// Where the worker serves `/metrics`, `/healthz` and `/readyz`; empty: not served.
    #[serde(default)]
    pub metrics_address: String,
    pub concurrency: usize,
    /// Seconds between two runs of the sweep (recovery of lost and stuck jobs).
    pub sweep_every_secs: u64,
    pub chunk_concurrency: usize,
    pub max_attempts: i32,
    /// Seconds between two heartbeats of a job being synthesized.
    pub heartbeat_secs: u64,
    pub stuck_after_secs: i64,
    pub requeue_after_secs: i64,
    /// After SIGTERM, how long jobs in flight may finish before the rest is handed back.
    pub shutdown_grace_secs: u64,
    pub engine_override: String,
}

impl WorkerSettings {
    pub fn heartbeat(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.heartbeat_secs.max(1))
    }
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

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentSettings {
    /// Unset or empty: top-ups are not set up (the web app says so).
    pub stripe_secret_key: Option<SecretString>,
    /// The webhook endpoint's signing secret (`whsec_…`).
    pub stripe_webhook_secret: Option<SecretString>,
    /// Scheme and host of Stripe's API; tests point it at a fake.
    #[serde(default = "stripe_base_url")]
    pub stripe_base_url: String,
    /// Where customers write about payments (shown in the top-up dialog, also without
    /// Stripe). Empty: not shown.
    #[serde(default)]
    pub support_email: String,
    /// Bank transfer as the way to top up without Stripe (an admin books the credit on
    /// arrival). Any field empty: not offered.
    #[serde(default)]
    pub bank_transfer: BankTransferSettings,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct BankTransferSettings {
    pub account_holder: String,
    pub iban: String,
    pub bic: String,
}

fn stripe_base_url() -> String {
    "https://api.stripe.com".into()
}

impl Default for PaymentSettings {
    fn default() -> Self {
        Self {
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_base_url: stripe_base_url(),
            support_email: String::new(),
            bank_transfer: BankTransferSettings::default(),
        }
    }
}

const DEFAULTS: &str = include_str!("../../config/default.toml");

impl Settings {
    /// Built-in defaults, then an optional `config/local.toml`, then `APP__*` variables.
    pub fn load() -> Result<Self, config::ConfigError> {
        Self::load_from(None)
    }

    /// [`Settings::load`] with `environment` read instead of the process's variables
    /// (a deployment's environment, checked by a test). A variable or key that names no
    /// setting stops the start: a misspelt `APP__MAIL__SMTP_URL` would otherwise leave
    /// the mails in a folder without a word.
    pub fn load_from(environment: Option<config::Map<String, String>>) -> Result<Self, config::ConfigError> {
        let config = config::Config::builder()
            .add_source(config::File::from_str(DEFAULTS, config::FileFormat::Toml))
            .add_source(config::File::with_name("config/local").required(false))
            .add_source(
                config::Environment::with_prefix("APP").prefix_separator("__").separator("__").source(environment),
            )
            .build()?;
        let mut unknown = Vec::new();
        let settings = serde_ignored::deserialize(config, |path| unknown.push(variable_name(&path.to_string())))?;
        if unknown.is_empty() {
            Ok(settings)
        } else {
            Err(config::ConfigError::Message(format!("unknown settings: {}", unknown.join(", "))))
        }
    }
}

/// The environment variable that sets the setting at `path` (`mail.smtp_url`).
fn variable_name(path: &str) -> String {
    format!("APP__{}", path.replace('.', "__").to_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn environment(pairs: &[(&str, &str)]) -> config::Map<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_variable_that_names_no_setting_stops_the_start_with_its_name() {
        let error = Settings::load_from(Some(environment(&[("APP__MAIL__SMTP_UR", "smtp://x")]))).unwrap_err();
        assert!(error.to_string().contains("APP__MAIL__SMTP_UR"), "{error}");
    }

    #[test]
    fn variables_set_the_settings_they_name() {
        let settings = Settings::load_from(Some(environment(&[
            ("APP__MAIL__SMTP_URL", "smtp://mail.example.com"),
            ("APP__LOG__FORMAT", "json"),
        ])))
        .unwrap();
        assert_eq!(settings.log.format, LogFormat::Json);
        assert!(settings.mail.smtp_url.is_some());
    }
}
