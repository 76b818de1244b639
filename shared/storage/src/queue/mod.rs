//! The work queues between `api` and `worker`: apalis on Redis, one queue per job kind.
//! Postgres holds every job's state; a queue payload is only the row's id, so a lost or
//! repeated message is harmless (the sweep pushes lost rows again, a claim by conditional
//! update ignores repeats). After a push the queue publishes on the kind's wake channel so
//! idle workers fetch at once instead of waiting for their next poll.
//!
//! `job` declares the payloads, `waiters` lets a request wait for a worker's answer;
//! the queue itself is below.

mod job;
mod waiters;

use std::sync::LazyLock;

use apalis::prelude::TaskSink;
use apalis_redis::{Config, ConnectionManager, RedisStorage};
use redis::AsyncCommands;
use uuid::Uuid;

pub use job::{AssembleChapter, DemoSpeech, ExportProject, Job, Synthesize, TrainVoice};
pub use waiters::{DoneWaiters, Waiter, spawn_subscriber};

use serde::Deserialize;

/// What a queue operation fails with; `shared::Error` makes a Redis that does not answer
/// a 503.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error(transparent)]
    Redis(#[from] redis::RedisError),
    /// apalis refused the job.
    #[error("enqueue {kind} {id}: {message}")]
    Enqueue { kind: &'static str, id: Uuid, message: String },
}

#[derive(Clone)]
pub struct Queue {
    conn: ConnectionManager,
    prefix: String,
}

impl Queue {
    pub async fn connect(settings: &RedisSettings) -> Result<Self, QueueError> {
        // A Redis that is down must fail a command within a second, not after the six
        // growing reconnect attempts (6 s) of the default: a submit then still answers
        // at once (its job waits in Postgres for the sweep), and a sign-in gets its 503.
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_number_of_retries(2)
            .set_max_delay(std::time::Duration::from_millis(300))
            .set_connection_timeout(Some(std::time::Duration::from_secs(1)))
            .set_response_timeout(Some(std::time::Duration::from_secs(2)));
        let conn = redis::Client::open(settings.url.as_str())?.get_connection_manager_with_config(config).await?;
        Ok(Self { conn, prefix: settings.queue_prefix.clone() })
    }

    pub fn queue_name<J: Job>(&self) -> String {
        format!("{}:{}", self.prefix, J::QUEUE)
    }

    /// The channel the kind's workers listen on for wake-ups.
    pub fn wake_channel<J: Job>(&self) -> String {
        format!("{}:wake", self.queue_name::<J>())
    }

    /// The Redis keys apalis uses for one job kind.
    pub fn keys<J: Job>(&self) -> Config {
        Config::default().queue(self.queue_name::<J>())
    }

    /// The apalis backend of one job kind (the worker consumes it, `push` feeds it).
    pub fn storage<J: Job>(&self) -> RedisStorage<J> {
        RedisStorage::new(self.conn.clone()).with_config(self.keys::<J>())
    }

    /// Pushes one job id, moves it (and any other due job) to the active list, and wakes
    /// the kind's workers.
    pub async fn push<J: Job>(&self, id: Uuid) -> Result<(), QueueError> {
        self.storage::<J>().push(J::new(id)).await.map_err(|e| QueueError::Enqueue {
            kind: J::NAME,
            id,
            message: e.to_string(),
        })?;
        self.promote_due::<J>().await?;
        Ok(())
    }

    /// apalis 1.0 puts every pushed job into the kind's scheduled set (run at: now), and
    /// each fetch moves all due entries to the active list with one Lua `unpack`, which
    /// fails beyond about 8,000 values. A backlog that grows while no worker fetches
    /// (workers down, or all slots busy with slow jobs) would then stop every worker of
    /// the kind for good. So a push moves due jobs itself, 500 at a time, and the set
    /// holds only jobs due later. Also wakes the kind's idle workers. Returns how many
    /// jobs were moved.
    pub async fn promote_due<J: Job>(&self) -> Result<u64, QueueError> {
        static PROMOTE: LazyLock<redis::Script> = LazyLock::new(|| {
            redis::Script::new(
                r#"
                -- KEYS: scheduled set, active list, signal list. ARGV: now (unix s), wake channel.
                local moved = 0
                while true do
                    local ids = redis.call("zrangebyscore", KEYS[1], 0, ARGV[1], "LIMIT", 0, 500)
                    if #ids == 0 then break end
                    redis.call("rpush", KEYS[2], unpack(ids))
                    redis.call("zrem", KEYS[1], unpack(ids))
                    moved = moved + #ids
                end
                if moved > 0 then
                    -- As apalis' fetch does after promoting: jobs are available.
                    redis.call("del", KEYS[3])
                    redis.call("lpush", KEYS[3], 1)
                end
                redis.call("publish", ARGV[2], 1)
                return moved
                "#,
            )
        });
        let config = self.keys::<J>();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs();
        let mut conn = self.conn.clone();
        Ok(PROMOTE
            .key(config.scheduled_jobs_set())
            .key(config.active_jobs_list())
            .key(config.signal_list())
            .arg(now)
            .arg(self.wake_channel::<J>())
            .invoke_async(&mut conn)
            .await?)
    }

    /// apalis keeps every finished task's payload, metadata and id in Redis for good (its
    /// own vacuum reads the whole payload hash in one script and leaves the id sets).
    /// Postgres holds each job's state, so the sweep forgets finished tasks, `batch` of
    /// each set at a time, and Redis holds only what is waiting or running. Returns how
    /// many tasks were forgotten.
    pub async fn forget_finished<J: Job>(&self, batch: usize) -> Result<u64, QueueError> {
        static FORGET: LazyLock<redis::Script> = LazyLock::new(|| {
            redis::Script::new(
                r#"
                -- KEYS: done set, dead set, payload hash, metadata prefix. ARGV: batch size.
                local forgotten = 0
                for _, set in ipairs({KEYS[1], KEYS[2]}) do
                    for _, id in ipairs(redis.call("spop", set, ARGV[1])) do
                        redis.call("hdel", KEYS[3], id)
                        redis.call("hdel", KEYS[4] .. ":result", id)
                        redis.call("del", KEYS[4] .. ":" .. id)
                        forgotten = forgotten + 1
                    end
                end
                return forgotten
                "#,
            )
        });
        let config = self.keys::<J>();
        let mut conn = self.conn.clone();
        Ok(FORGET
            .key(config.done_jobs_set())
            .key(config.dead_jobs_set())
            .key(config.job_data_hash())
            .key(config.job_meta_hash())
            .arg(batch)
            .invoke_async(&mut conn)
            .await?)
    }

    /// The channel on which a kind's finished jobs are announced (`DoneWaiters`).
    fn done_channel<J: Job>(&self) -> String {
        format!("{}:done", self.queue_name::<J>())
    }

    /// Tells the processes waiting for this job that it ended. A lost announcement
    /// costs a waiter only its fallback look.
    pub async fn announce_done<J: Job>(&self, id: Uuid) {
        let mut conn = self.conn.clone();
        let published: redis::RedisResult<i64> = conn.publish(self.done_channel::<J>(), id.to_string()).await;
        if let Err(e) = published {
            tracing::warn!(job = J::NAME, %id, error = %e, "end of job not announced");
        }
    }

    /// Jobs of a kind waiting to be picked up.
    pub async fn depth<J: Job>(&self) -> Result<u64, QueueError> {
        let key = self.keys::<J>().active_jobs_list();
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
    pub async fn ping(&self) -> Result<(), QueueError> {
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

#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    pub url: String,
    pub queue_prefix: String,
}
