//! Redis subscriptions: a request of this process waiting for a worker's answer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::Notify;
use uuid::Uuid;

use super::{Job, Queue};

/// Subscribes to a Redis channel for good (reconnecting after a pause) and hands every
/// message's payload to `on_message`. A lost subscription loses messages, so every
/// listener also has a slow fallback of its own.
pub fn spawn_subscriber(
    redis_url: String,
    channel: String,
    on_message: impl Fn(String) + Send + Sync + 'static,
) -> tokio::task::JoinHandle<()> {
    use futures::StreamExt;
    tokio::spawn(async move {
        loop {
            let subscribed = async {
                let client = redis::Client::open(redis_url.as_str())?;
                let mut pubsub = client.get_async_pubsub().await?;
                pubsub.subscribe(&channel).await?;
                let mut messages = pubsub.on_message();
                while let Some(message) = messages.next().await {
                    on_message(message.get_payload::<String>().unwrap_or_default());
                }
                redis::RedisResult::Ok(())
            };
            if let Err(e) = subscribed.await {
                tracing::warn!(%channel, error = %e, "subscription lost, reconnecting");
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    })
}

/// Requests of this process waiting for their jobs to end (a caller waiting for a
/// worker's answer), woken by `Queue::announce_done`: one subscription per process and
/// kind, started on first use.
#[derive(Clone, Default)]
pub struct DoneWaiters {
    waiting: Arc<Mutex<HashMap<Uuid, Arc<Notify>>>>,
    subscribed: Arc<OnceLock<()>>,
}

/// One waiting request; it stops listening when dropped, however the request ends.
pub struct Waiter {
    id: Uuid,
    notify: Arc<Notify>,
    waiters: DoneWaiters,
}

impl Waiter {
    /// Until the job is announced (or was announced since the waiter was made).
    pub async fn notified(&self) {
        self.notify.notified().await;
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        self.waiters.waiting.lock().expect("waiters").remove(&self.id);
    }
}

impl DoneWaiters {
    /// Registers interest in `id`; call it before the job is queued, so that no
    /// announcement is missed. One `DoneWaiters` serves one job kind.
    pub fn expect<J: Job>(&self, queue: &Queue, redis_url: &str, id: Uuid) -> Waiter {
        self.subscribed.get_or_init(|| {
            let waiting = self.waiting.clone();
            spawn_subscriber(redis_url.to_owned(), queue.done_channel::<J>(), move |payload| {
                let Ok(id) = payload.parse::<Uuid>() else { return };
                if let Some(notify) = waiting.lock().expect("waiters").get(&id) {
                    notify.notify_one();
                }
            });
        });
        let notify = Arc::new(Notify::new());
        self.waiting.lock().expect("waiters").insert(id, notify.clone());
        Waiter { id, notify, waiters: self.clone() }
    }
}
