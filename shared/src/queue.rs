//! The work queue between `api` and `worker`: apalis on Redis. Postgres holds the job
//! state; the queue payload is only the job id. After a push the queue publishes on a
//! wake channel so idle workers fetch at once instead of waiting for their next poll.

use apalis::prelude::TaskSink;
use apalis_redis::{Config, ConnectionManager, RedisStorage};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::config::RedisSettings;
use crate::error::Error;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SynthesizeJob {
    pub job_id: Uuid,
}

#[derive(Clone)]
pub struct JobQueue {
    storage: RedisStorage<SynthesizeJob>,
    conn: ConnectionManager,
    wake_channel: String,
}

impl JobQueue {
    pub async fn connect(settings: &RedisSettings) -> Result<Self, Error> {
        let conn = apalis_redis::connect(settings.url.as_str()).await?;
        let config = Config::default().queue(Self::queue_name(&settings.queue_prefix));
        Ok(Self {
            storage: RedisStorage::new(conn.clone()).with_config(config),
            conn,
            wake_channel: Self::wake_channel(&settings.queue_prefix),
        })
    }

    pub fn queue_name(prefix: &str) -> String {
        format!("{prefix}:tts:synthesize")
    }

    pub fn wake_channel(prefix: &str) -> String {
        format!("{prefix}:tts:wake")
    }

    /// Pushes one job id and wakes the workers.
    pub async fn push(&self, job_id: Uuid) -> Result<(), Error> {
        let mut storage = self.storage.clone();
        storage
            .push(SynthesizeJob { job_id })
            .await
            .map_err(|e| Error::Internal(anyhow::anyhow!("enqueue {job_id}: {e}")))?;
        let mut conn = self.conn.clone();
        let _: i64 = conn.publish(&self.wake_channel, 1).await?;
        Ok(())
    }

    /// The apalis backend the worker consumes.
    pub fn storage(&self) -> RedisStorage<SynthesizeJob> {
        self.storage.clone()
    }

    pub fn connection(&self) -> ConnectionManager {
        self.conn.clone()
    }
}

impl JobQueue {
    /// Round trip to Redis (connection test on the admin page).
    pub async fn ping(&self) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        let _: String = redis::cmd("PING").query_async(&mut conn).await?;
        Ok(())
    }
}
