//! The work queues between `api` and `worker`: apalis on Redis, one queue per job kind.
//! Postgres holds every job's state; a queue payload is only the row's id, so a lost or
//! repeated message is harmless (the sweep pushes lost rows again, a claim by conditional
//! update ignores repeats). After a push the queue publishes on the kind's wake channel so
//! idle workers fetch at once instead of waiting for their next poll.

use apalis::prelude::TaskSink;
use apalis_redis::{Config, ConnectionManager, RedisStorage};
use redis::AsyncCommands;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::config::RedisSettings;
use crate::error::Error;

/// A kind of background job whose state is a Postgres row and whose payload is its id.
/// The handler, retry policy and recovery of each kind live in `worker/src/jobs/`.
pub trait Job: Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static {
    /// Stable name, used in logs and worker names.
    const NAME: &'static str;
    /// The Redis queue, below the installation's prefix.
    const QUEUE: &'static str;

    fn new(id: Uuid) -> Self;
    fn id(&self) -> Uuid;
}

/// Declares a job payload `{ id }` (the API enqueues these, so they live in `shared`).
macro_rules! job_payload {
    ($(#[$meta:meta])* $name:ident, $job_name:literal, $queue:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        pub struct $name {
            pub id: Uuid,
        }

        impl Job for $name {
            const NAME: &'static str = $job_name;
            const QUEUE: &'static str = $queue;
            fn new(id: Uuid) -> Self {
                Self { id }
            }
            fn id(&self) -> Uuid {
                self.id
            }
        }
    };
}

job_payload!(
    /// Turn one paid `tts_jobs` row into an MP3.
    Synthesize,
    "synthesize",
    "tts:synthesize"
);

job_payload!(
    /// Train (or keep training) one clone voice (`voices` row in training_in_progress).
    TrainVoice,
    "train_voice",
    "clone:train"
);

#[derive(Clone)]
pub struct Queue {
    conn: ConnectionManager,
    prefix: String,
}

impl Queue {
    pub async fn connect(settings: &RedisSettings) -> Result<Self, Error> {
        let conn = apalis_redis::connect(settings.url.as_str()).await?;
        Ok(Self { conn, prefix: settings.queue_prefix.clone() })
    }

    pub fn queue_name<J: Job>(&self) -> String {
        format!("{}:{}", self.prefix, J::QUEUE)
    }

    /// The channel the kind's workers listen on for wake-ups.
    pub fn wake_channel<J: Job>(&self) -> String {
        format!("{}:wake", self.queue_name::<J>())
    }

    /// The apalis backend of one job kind (the worker consumes it, `push` feeds it).
    pub fn storage<J: Job>(&self) -> RedisStorage<J> {
        RedisStorage::new(self.conn.clone()).with_config(Config::default().queue(self.queue_name::<J>()))
    }

    /// Pushes one job id and wakes the kind's workers.
    pub async fn push<J: Job>(&self, id: Uuid) -> Result<(), Error> {
        self.storage::<J>()
            .push(J::new(id))
            .await
            .map_err(|e| Error::Internal(anyhow::anyhow!("enqueue {} {id}: {e}", J::NAME)))?;
        let mut conn = self.conn.clone();
        let _: i64 = conn.publish(self.wake_channel::<J>(), 1).await?;
        Ok(())
    }

    /// Jobs of a kind waiting to be picked up.
    pub async fn depth<J: Job>(&self) -> Result<u64, Error> {
        let key = Config::default().queue(self.queue_name::<J>()).active_jobs_list();
        let mut conn = self.conn.clone();
        Ok(conn.llen(key).await?)
    }

    pub fn connection(&self) -> ConnectionManager {
        self.conn.clone()
    }

    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Round trip to Redis (connection test on the admin page).
    pub async fn ping(&self) -> Result<(), Error> {
        let mut conn = self.conn.clone();
        let _: String = redis::cmd("PING").query_async(&mut conn).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_is_only_the_rows_id() {
        let id = Uuid::new_v4();
        assert_eq!(serde_json::to_value(Synthesize::new(id)).unwrap(), serde_json::json!({ "id": id }));
        assert_eq!(Synthesize::QUEUE, "tts:synthesize");
    }
}
