//! The services the admin settings page lists, declared once: the cloud providers of the
//! provider table and the clone engines (their admin cards), then payment and the
//! databases. What the database accepts as a key's service comes from here too
//! (`crate::register`).

use std::sync::LazyLock;

use domain::kinds::CloneEngineId;

use crate::PROVIDERS;

/// A service as the admin settings page shows it.
#[derive(Debug)]
pub struct ServiceInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// "AI/ML", "Cloud", "Payment" or "Database".
    pub category: &'static str,
    pub description: &'static str,
    /// The environment variable that carries the key.
    pub secret_name: String,
    pub docs_url: &'static str,
    pub key_url: &'static str,
    /// False for Postgres and Redis: their address is configuration, not a stored key.
    pub can_store_key: bool,
}

/// Services that are not speech providers.
pub const STRIPE: &str = "stripe";
pub const POSTGRES: &str = "postgres";
pub const REDIS: &str = "redis";

/// The cloud providers from the provider table, then payment and the databases.
pub static SERVICES: LazyLock<Vec<ServiceInfo>> = LazyLock::new(|| {
    let providers = PROVIDERS.iter().filter_map(|p| {
        let card = p.admin.as_ref()?;
        Some(ServiceInfo {
            id: p.id.as_str(),
            name: card.name,
            category: card.category,
            description: card.description,
            secret_name: p.secret_name()?,
            docs_url: card.docs_url,
            key_url: card.key_url,
            can_store_key: true,
        })
    });
    // Clone engines: their keys sit in `[providers.<id>]` like the speech providers'.
    let clone_engines = CloneEngineId::ALL.iter().filter_map(|&engine| {
        let card = crate::clone_engine_card(engine)?;
        Some(ServiceInfo {
            id: engine.as_str(),
            name: card.name,
            category: card.category,
            description: card.description,
            secret_name: format!("APP__PROVIDERS__{}__API_KEY", engine.as_str().to_uppercase()),
            docs_url: card.docs_url,
            key_url: card.key_url,
            can_store_key: true,
        })
    });
    let others = [
        ServiceInfo {
            id: STRIPE,
            name: "Stripe",
            category: "Payment",
            description: "Kartenzahlungen für Guthaben-Aufladungen (Checkout).",
            secret_name: "APP__PAYMENTS__STRIPE_SECRET_KEY".into(),
            docs_url: "https://docs.stripe.com/payments/checkout",
            key_url: "https://dashboard.stripe.com/apikeys",
            can_store_key: true,
        },
        ServiceInfo {
            id: POSTGRES,
            name: "PostgreSQL",
            category: "Database",
            description: "Konten, Guthaben, Aufträge und das Hauptbuch.",
            secret_name: "APP__DATABASE__URL".into(),
            docs_url: "https://www.postgresql.org/docs/",
            key_url: "https://www.postgresql.org/download/",
            can_store_key: false,
        },
        ServiceInfo {
            id: REDIS,
            name: "Redis",
            category: "Database",
            description: "Warteschlange zwischen API und Workern, Anmelde- und Demo-Limits.",
            secret_name: "APP__REDIS__URL".into(),
            docs_url: "https://redis.io/docs/latest/",
            key_url: "https://redis.io/downloads/",
            can_store_key: false,
        },
    ];
    let mut services: Vec<ServiceInfo> = providers.collect();
    services.extend(clone_engines);
    // Payment sits between the AI services and the databases on the page.
    services.extend(others);
    services
});

/// What the connection test of a service does.
pub enum ServiceCheck {
    /// A short synthesis with one of the provider's voices.
    Speech(crate::ProviderId),
    /// An authenticated request to Stripe.
    Stripe,
    Postgres,
    Redis,
    /// Not testable (yet): the German reason.
    Unavailable(&'static str),
}

impl ServiceInfo {
    pub fn check(&self) -> ServiceCheck {
        match self.id {
            POSTGRES => ServiceCheck::Postgres,
            REDIS => ServiceCheck::Redis,
            STRIPE => ServiceCheck::Stripe,
            id => match id.parse() {
                Ok(provider) => ServiceCheck::Speech(provider),
                Err(_) => ServiceCheck::Unavailable("Für diesen Dienst gibt es keinen Verbindungstest."),
            },
        }
    }
}
