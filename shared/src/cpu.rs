//! CPU-heavy work (argon2 hashing, the password-strength check, the normaliser and the
//! pronunciation dictionary over a text) runs here: on the
//! blocking threads, never on the async ones that answer every other request, and at
//! most a fixed number at once, so a burst of sign-ups waits instead of exhausting memory
//! (each argon2 takes 19 MiB) and cores.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::{Error, Result};

/// Keeps the memory of the hashing from staying resident. glibc's malloc otherwise gives
/// every thread an arena of its own and, after the first large block is freed, raises
/// its mmap threshold above 19 MiB, so every argon2 buffer is carved from an arena and
/// kept after use (the API grew to over 100 MiB under a sign-in burst). With large
/// blocks always mapped and returned, and two arenas, it stays near 50 MiB. Called
/// first thing in each binary, before any request or job allocates.
pub fn keep_memory_small() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets allocator parameters (under glibc's own lock).
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[derive(Clone)]
pub struct CpuPool {
    slots: Arc<Semaphore>,
}

impl CpuPool {
    pub fn new(slots: usize) -> Self {
        Self { slots: Arc::new(Semaphore::new(slots.max(1))) }
    }

    /// One slot per core (at least two).
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(2, |n| n.get()).max(2))
    }

    /// The process's one pool (one slot per core): hashing, the normaliser and the
    /// pronunciation dictionary share it, so together they never take more than the cores.
    pub fn global() -> Self {
        static POOL: std::sync::LazyLock<CpuPool> = std::sync::LazyLock::new(CpuPool::per_core);
        POOL.clone()
    }

    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
        let _slot = self.slots.acquire().await.map_err(|e| Error::Internal(e.into()))?;
        tokio::task::spawn_blocking(work).await.map_err(|e| Error::Internal(e.into()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_slots_run_at_once() {
        let pool = CpuPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..12).map(|_| {
            let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
            tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
                .unwrap()
            })
        });
        for job in futures::future::join_all(jobs).await {
            job.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
