//! The filesystem store: one file per key below a root directory, written atomically
//! (a temporary file renamed into place).

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use uuid::Uuid;

use super::{AudioStorage, ObjectReader};

pub struct FsStorage {
    root: PathBuf,
}

impl FsStorage {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// Keys are server-made, but refuse anything that could leave the root anyway.
    fn path(&self, key: &str) -> std::io::Result<PathBuf> {
        let safe = !key.is_empty() && Path::new(key).components().all(|c| matches!(c, std::path::Component::Normal(_)));
        if !safe {
            return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "invalid storage key"));
        }
        Ok(self.root.join(key))
    }
}

#[async_trait]
impl AudioStorage for FsStorage {
    async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        let path = self.path(key)?;
        let dir = path.parent().expect("keys have a directory");
        tokio::fs::create_dir_all(dir).await?;
        let tmp = path.with_extension(format!("tmp-{}", Uuid::new_v4()));
        tokio::fs::write(&tmp, bytes).await?;
        tokio::fs::rename(&tmp, &path).await
    }

    async fn put_file(&self, key: &str, source: &std::path::Path) -> std::io::Result<()> {
        let path = self.path(key)?;
        let dir = path.parent().expect("keys have a directory");
        tokio::fs::create_dir_all(dir).await?;
        let tmp = path.with_extension(format!("tmp-{}", Uuid::new_v4()));
        tokio::fs::copy(source, &tmp).await?;
        tokio::fs::rename(&tmp, &path).await
    }

    async fn open(&self, key: &str) -> std::io::Result<(ObjectReader, u64)> {
        let file = tokio::fs::File::open(self.path(key)?).await?;
        let len = file.metadata().await?.len();
        Ok((Box::pin(file), len))
    }

    async fn delete(&self, key: &str) -> std::io::Result<()> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    async fn check(&self) -> std::io::Result<()> {
        tokio::fs::create_dir_all(&self.root).await?;
        let probe = self.root.join(format!(".ready-{}", Uuid::new_v4()));
        tokio::fs::write(&probe, b"ok").await?;
        tokio::fs::remove_file(&probe).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    #[tokio::test]
    async fn put_open_delete_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsStorage::new(dir.path());
        store.put("u/j.mp3", b"abc").await.unwrap();
        let (mut file, len) = store.open("u/j.mp3").await.unwrap();
        let mut buf = Vec::new();
        file.read_to_end(&mut buf).await.unwrap();
        assert_eq!((buf.as_slice(), len), (&b"abc"[..], 3));
        assert_eq!(store.read("u/j.mp3").await.unwrap(), b"abc");
        assert_eq!(store.link("u/j.mp3", "audio/mpeg", "inline").await.unwrap(), None, "served through the API");
        store.delete("u/j.mp3").await.unwrap();
        store.delete("u/j.mp3").await.unwrap();
        assert!(store.open("u/j.mp3").await.is_err());
    }

    #[tokio::test]
    async fn keys_cannot_escape_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsStorage::new(dir.path());
        assert!(store.put("../x.mp3", b"x").await.is_err());
        assert!(store.put("/etc/x", b"x").await.is_err());
    }
}
