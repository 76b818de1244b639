//! The engines of a running process, rebuilt when an admin stores or removes a key, so
//! every process picks up key changes within seconds.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use sqlx::PgPool;

use super::{effective, secret_box};
use crate::config::Settings;
use crate::db::provider_keys;
use crate::engine::Engines;
use crate::error::Result;

#[derive(Clone)]
pub struct LiveEngines {
    /// The engines and the key-store version they were built from (`None`: not loaded).
    current: Arc<RwLock<(Arc<Engines>, Option<String>)>>,
}

impl LiveEngines {
    /// Engines that never change (tests, benchmarks).
    pub fn fixed(engines: Engines) -> Self {
        Self { current: Arc::new(RwLock::new((Arc::new(engines), None))) }
    }

    pub fn current(&self) -> Arc<Engines> {
        self.current.read().expect("engines lock").0.clone()
    }

    /// Loads the engines from configuration and the key store.
    pub async fn load(pool: &PgPool, settings: &Settings) -> Result<Self> {
        let live = Self::fixed(Engines::default());
        live.refresh(pool, settings).await?;
        Ok(live)
    }

    /// Rebuilds the engines if the stored keys changed since the last look.
    pub async fn refresh(&self, pool: &PgPool, settings: &Settings) -> Result<()> {
        let stored = provider_keys::list(pool).await?;
        let version: String = stored.iter().map(|k| format!("{}@{};", k.service, k.updated_at)).collect();
        if self.current.read().expect("engines lock").1.as_deref() == Some(version.as_str()) {
            return Ok(());
        }
        let providers = effective(settings, &stored, secret_box(settings)?.as_ref());
        let engines = crate::providers::build_engines(
            &settings.worker.engine_override,
            &providers,
            &settings.cloning.engine,
            crate::files::store(&settings.storage),
        );
        *self.current.write().expect("engines lock") = (Arc::new(engines), Some(version));
        Ok(())
    }

    /// Looks for key changes every few seconds, for as long as the process runs.
    pub fn spawn_refresh(&self, pool: PgPool, settings: Arc<Settings>, every: Duration) {
        let live = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                if let Err(e) = live.refresh(&pool, &settings).await {
                    tracing::warn!(error = %e, "refreshing speech engines failed");
                }
            }
        });
    }
}
