//! Where audio and voice recordings live: the filesystem (one machine) or an S3 bucket
//! (several machines; any S3-compatible store), chosen by `storage.backend`. Keys are
//! made by the server (`{user}/{job}.mp3`), never taken from requests.

mod fs;
mod s3;

use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

use async_trait::async_trait;
use secrecy::SecretString;
use serde::Deserialize;
use tokio::io::{AsyncRead, AsyncReadExt};
use uuid::Uuid;

pub use fs::FsStorage;
pub use s3::S3Storage;

/// What a caller is told while the store cannot be reached.
pub const STORE_DOWN: &str =
    "Der Audiospeicher ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.";

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

    /// Stores the file at `path` under `key` without holding it in memory (an export of a
    /// whole book). This default reads it whole; the stores stream it.
    async fn put_file(&self, key: &str, path: &std::path::Path) -> std::io::Result<()> {
        let bytes = tokio::fs::read(path).await?;
        self.put(key, &bytes).await
    }

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

/// A project chapter's joined audio, one file per version (`audio_hash`, the paragraph
/// jobs it was joined from): two joins of one chapter running at once never write the
/// same file, so the one recorded is always the file of its hash.
pub fn chapter_key(user_id: Uuid, chapter_id: Uuid, audio_hash: &str) -> String {
    let version: String = audio_hash.chars().take(16).collect();
    format!("{user_id}/chapters/{chapter_id}-{version}.mp3")
}

/// A project export (`m4b`, `mp3` or `zip`).
pub fn export_key(user_id: Uuid, export_id: Uuid, extension: &str) -> String {
    format!("{user_id}/exports/{export_id}.{extension}")
}

/// A project's cover picture: a new key per upload (a cached old picture never shows
/// for the new one).
pub fn cover_key(user_id: Uuid, project_id: Uuid, extension: &str) -> String {
    format!("{user_id}/covers/{project_id}-{}.{extension}", Uuid::new_v4().simple())
}

pub fn audio_key(user_id: Uuid, job_id: Uuid) -> String {
    format!("{user_id}/{job_id}.mp3")
}

/// Where a clone's recording is kept (spec: `{userId}/voice-training-{voiceId}-step-{n}.webm`;
/// the consent statement as `...-consent.webm`).
pub fn sample_key(user_id: Uuid, voice_id: Uuid, kind: domain::kinds::SampleKind, step: i32) -> String {
    match kind {
        domain::kinds::SampleKind::Training => format!("{user_id}/voice-training-{voice_id}-step-{step}.webm"),
        domain::kinds::SampleKind::Consent => format!("{user_id}/voice-training-{voice_id}-consent.webm"),
    }
}

pub fn store(settings: &StorageSettings) -> Arc<dyn AudioStorage> {
    match settings.backend {
        StorageBackend::Fs => Arc::new(FsStorage::new(&settings.dir)),
        StorageBackend::S3 => Arc::new(S3Storage::new(&settings.s3)),
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct StorageSettings {
    #[serde(default)]
    pub backend: StorageBackend,
    /// The filesystem store's root.
    pub dir: PathBuf,
    #[serde(default)]
    pub s3: S3Settings,
}

/// Where audio lives: this machine's disk, or an S3 bucket all machines share.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StorageBackend {
    #[default]
    Fs,
    S3,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct S3Settings {
    pub bucket: String,
    pub region: String,
    /// An S3-compatible service's address (MinIO, Garage, ...); empty: AWS.
    pub endpoint: String,
    /// The store's address as browsers reach it, when it differs from `endpoint`
    /// (e.g. `http://minio:9000` inside compose, `https://audio.example.com` outside);
    /// presigned links are made for it.
    pub public_endpoint: String,
    /// `host/bucket/key` instead of `bucket.host/key` (most S3-compatible services).
    pub path_style: bool,
    pub access_key_id: String,
    pub secret_access_key: SecretString,
    /// How long a presigned link for the browser stays valid.
    pub link_seconds: u64,
}

impl S3Settings {
    /// The origin browsers fetch presigned links from (for the page's CSP and the
    /// bucket's CORS rule).
    pub fn browser_origin(&self) -> Option<String> {
        let endpoint = if self.public_endpoint.is_empty() { &self.endpoint } else { &self.public_endpoint };
        let url = if endpoint.is_empty() {
            match self.path_style {
                true => format!("https://s3.{}.amazonaws.com", self.region),
                false => format!("https://{}.s3.{}.amazonaws.com", self.bucket, self.region),
            }
        } else {
            let endpoint = url::Url::parse(endpoint).ok()?;
            match self.path_style {
                true => endpoint.origin().ascii_serialization(),
                false => format!("{}://{}.{}", endpoint.scheme(), self.bucket, endpoint.authority()),
            }
        };
        Some(url.trim_end_matches('/').to_owned())
    }
}

impl Default for S3Settings {
    fn default() -> Self {
        S3Settings {
            bucket: "stimmwerk".into(),
            region: "us-east-1".into(),
            endpoint: String::new(),
            public_endpoint: String::new(),
            path_style: true,
            access_key_id: String::new(),
            secret_access_key: SecretString::from(String::new()),
            link_seconds: 3600,
        }
    }
}
