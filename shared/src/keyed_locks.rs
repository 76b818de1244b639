//! One async lock per key, made on first use: work that must not run twice at once for
//! the same thing (rendering one voice's preview) waits on its key's lock, other keys go
//! on. Each lock guards a value the holder may read and change (e.g. when the last try
//! failed). Keys are never removed: callers use it for small, bounded key sets.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

pub struct KeyedLocks<K, V> {
    locks: Mutex<HashMap<K, Arc<tokio::sync::Mutex<V>>>>,
}

impl<K, V> Default for KeyedLocks<K, V> {
    fn default() -> Self {
        Self { locks: Mutex::new(HashMap::new()) }
    }
}

impl<K: Eq + Hash, V: Default> KeyedLocks<K, V> {
    /// The lock of `key` (the same one for every caller with this key).
    pub fn of(&self, key: K) -> Arc<tokio::sync::Mutex<V>> {
        let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        locks.entry(key).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_key_is_one_lock_and_other_keys_go_on() {
        let locks: KeyedLocks<u32, u32> = KeyedLocks::default();
        let held = locks.of(1);
        let guard = held.lock().await;
        assert!(locks.of(1).try_lock().is_err(), "the same key waits");
        assert!(locks.of(2).try_lock().is_ok(), "another key goes on");
        drop(guard);
        *locks.of(1).lock().await += 1;
        assert_eq!(*locks.of(1).lock().await, 1, "the value stays with its key");
    }
}
