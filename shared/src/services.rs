//! What every use case stands on, built once per process: the database, the queues,
//! audio storage, the live engines, configuration, mail and the limiters. The API and
//! the worker hold one `Services` each and hand it to the use cases.

use std::sync::Arc;

use sqlx::PgPool;

use crate::catalogue::Catalogue;
use crate::config::Settings;
use crate::cpu::CpuPool;
use crate::files::AudioStorage;
use crate::keyring::live::LiveEngines;
use crate::mail::Mailer;
use crate::queue::Queue;
use crate::rate_limit::Limits;

#[derive(Clone)]
pub struct Services {
    pub pool: PgPool,
    pub queue: Queue,
    pub storage: Arc<dyn AudioStorage>,
    pub engines: LiveEngines,
    pub catalogue: Arc<Catalogue>,
    pub settings: Arc<Settings>,
    pub mailer: Arc<Mailer>,
    /// Every named rate limit (`rate_limit`).
    pub limits: Limits,
    /// Where password hashing runs: off the async threads, a bounded number at once.
    pub cpu: CpuPool,
    /// The live-demo requests this process waits for (the workers' demo lane answers).
    pub demo_answers: crate::queue::DoneWaiters,
    /// The voice previews this process renders (one render per voice at a time).
    pub preview_renders: Arc<crate::keyed_locks::KeyedLocks<uuid::Uuid, Option<(std::time::Instant, String)>>>,
    /// Names this set of services: the runs it holds (`crate::run`) are handed back at
    /// its shutdown, not at another's in the same process (tests run many).
    pub instance: uuid::Uuid,
}

impl Services {
    /// Connects to Redis and loads the engines (configuration plus stored keys).
    pub async fn new(settings: Settings, pool: PgPool) -> anyhow::Result<Self> {
        let queue = Queue::connect(&settings.redis).await?;
        let engines = LiveEngines::load(&pool, &settings).await?;
        Self::with_engines(settings, pool, queue, engines)
    }

    pub fn with_engines(settings: Settings, pool: PgPool, queue: Queue, engines: LiveEngines) -> anyhow::Result<Self> {
        // Counters recorded before the recorder exists would be lost.
        crate::telemetry::metrics();
        Ok(Services {
            limits: Limits::new(queue.connection(), &settings),
            cpu: CpuPool::global(),
            demo_answers: Default::default(),
            preview_renders: Default::default(),
            instance: uuid::Uuid::new_v4(),
            storage: crate::files::store(&settings.storage),
            mailer: Arc::new(Mailer::from_settings(&settings.mail)?),
            catalogue: Arc::new(Catalogue::builtin()),
            engines,
            queue,
            pool,
            settings: Arc::new(settings),
        })
    }
}
