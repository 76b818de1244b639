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
    shared::queue::spawn_subscriber(redis_url, channel, move |_| signal.notify_one());
    notify
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
