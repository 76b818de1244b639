//! Wake-ups for idle workers. The API publishes on a Redis channel after each push; a
//! subscriber turns messages into permits, and a slow fallback tick keeps the worker
//! fetching even if the subscription breaks. Pickup then takes one round trip, not a
//! polling interval.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;
use tokio::sync::Notify;

const FALLBACK_TICK: Duration = Duration::from_secs(1);

/// Subscribes forever (reconnecting) and notifies on every message.
pub fn spawn_subscriber(redis_url: String, channel: String) -> Arc<Notify> {
    let notify = Arc::new(Notify::new());
    let signal = notify.clone();
    tokio::spawn(async move {
        loop {
            if let Err(e) = subscribe(&redis_url, &channel, &signal).await {
                tracing::warn!(error = %e, "wake subscription lost, reconnecting");
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
    notify
}

async fn subscribe(redis_url: &str, channel: &str, signal: &Notify) -> redis::RedisResult<()> {
    let client = redis::Client::open(redis_url)?;
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.subscribe(channel).await?;
    let mut messages = pubsub.on_message();
    while messages.next().await.is_some() {
        signal.notify_one();
    }
    Ok(())
}

/// A stream that yields on every wake-up and at least once per fallback tick.
pub fn stream(notify: Arc<Notify>) -> BoxStream<'static, ()> {
    let woken = futures::stream::unfold(notify, |notify| async move {
        notify.notified().await;
        Some(((), notify))
    });
    let ticks = futures::stream::unfold((), |()| async {
        tokio::time::sleep(FALLBACK_TICK).await;
        Some(((), ()))
    });
    futures::stream::select(woken, ticks).boxed()
}
