//! Where audio and voice recordings live: the filesystem (one machine) or an S3 bucket
//! (several machines; any S3-compatible store), chosen by `storage.backend`. Keys are
//! made by the server (`{user}/{job}.mp3`), never taken from requests.

mod fs;
mod s3;

use std::pin::Pin;
use std::sync::Arc;

use async_trait::async_trait;
use tokio::io::{AsyncRead, AsyncReadExt};
use uuid::Uuid;

pub use fs::FsStorage;
pub use s3::S3Storage;

use crate::config::{StorageBackend, StorageSettings};

/// An object's bytes as they arrive.
pub type ObjectReader = Pin<Box<dyn AsyncRead + Send>>;

#[async_trait]
pub trait AudioStorage: Send + Sync {
    /// Stores `bytes` under `key`, replacing an older object atomically.
    async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()>;
    /// Opens the object for streaming, with its length.
    async fn open(&self, key: &str) -> std::io::Result<(ObjectReader, u64)>;
    /// Removes the object; a missing object is not an error.
    async fn delete(&self, key: &str) -> std::io::Result<()>;
    /// Whether the store can be written now (for `/readyz`).
    async fn check(&self) -> std::io::Result<()>;

    /// The whole object.
    async fn read(&self, key: &str) -> std::io::Result<Vec<u8>> {
        let (mut reader, len) = self.open(key).await?;
        let mut bytes = Vec::with_capacity(len as usize);
        reader.read_to_end(&mut bytes).await?;
        Ok(bytes)
    }

    /// A link a browser may fetch the object from directly for a while (presigned), served
    /// with this content type and disposition; `None`: the API streams it.
    async fn link(&self, _key: &str, _content_type: &str, _disposition: &str) -> std::io::Result<Option<String>> {
        Ok(None)
    }
}

pub fn audio_key(user_id: Uuid, job_id: Uuid) -> String {
    format!("{user_id}/{job_id}.mp3")
}

/// Where a clone's recording is kept (spec: `{userId}/voice-training-{voiceId}-step-{n}.webm`;
/// the consent statement as `...-consent.webm`).
pub fn sample_key(user_id: Uuid, voice_id: Uuid, kind: crate::domain::kinds::SampleKind, step: i32) -> String {
    match kind {
        crate::domain::kinds::SampleKind::Training => format!("{user_id}/voice-training-{voice_id}-step-{step}.webm"),
        crate::domain::kinds::SampleKind::Consent => format!("{user_id}/voice-training-{voice_id}-consent.webm"),
    }
}

/// The store of this installation.
pub fn from_settings(settings: &crate::config::Settings) -> Arc<dyn AudioStorage> {
    store(&settings.storage)
}

pub fn store(settings: &StorageSettings) -> Arc<dyn AudioStorage> {
    match settings.backend {
        StorageBackend::Fs => Arc::new(FsStorage::new(&settings.dir)),
        StorageBackend::S3 => Arc::new(S3Storage::new(&settings.s3)),
    }
}
