//! Backup and restore of one installation: the Postgres database (`pg_dump`, custom
//! format) and every stored object the database refers to (audio, recordings, clone
//! references), read and written through the configured store, so a filesystem
//! installation can be restored onto S3 and back.
//!
//! A backup directory holds `database.dump`, `objects/<key>` and `manifest.json` (counts
//! and SHA-256 of every object). The database is dumped first: objects are never changed
//! after they are written, so every object the dump refers to is copied afterwards (one
//! deleted in between is reported as missing, and so is its row after a restore).
//! A restore needs an empty database (migrations may have run, no users yet).
//!
//! A backup holds every account, password hash and recording: what it writes is for its
//! owner alone, folders 0700 and files 0600, whatever the umask.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::process::Command;

use crate::domain::clone_ref::CloneRef;
use crate::files::AudioStorage;

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub objects: Vec<ObjectEntry>,
    /// Keys the database named whose objects were gone when the backup ran.
    pub missing: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ObjectEntry {
    pub key: String,
    pub bytes: u64,
    pub sha256: String,
}

/// Every storage key the database refers to.
async fn referenced_keys(pool: &sqlx::PgPool) -> anyhow::Result<Vec<String>> {
    let mut keys: Vec<String> = sqlx::query_scalar(
        "SELECT audio_key FROM tts_jobs WHERE audio_key IS NOT NULL
         UNION SELECT audio_path FROM voice_training_samples",
    )
    .fetch_all(pool)
    .await?;
    let refs: Vec<String> =
        sqlx::query_scalar("SELECT clone_ref FROM voices WHERE clone_ref IS NOT NULL").fetch_all(pool).await?;
    keys.extend(refs.iter().filter_map(|r| match r.parse::<CloneRef>() {
        Ok(CloneRef::Replicate { reference_key }) => Some(reference_key),
        _ => None,
    }));
    keys.sort();
    keys.dedup();
    Ok(keys)
}

/// A key as a path below `objects/`, refusing anything that could leave it.
fn object_path(dir: &Path, key: &str) -> anyhow::Result<PathBuf> {
    let safe = !key.is_empty() && Path::new(key).components().all(|c| matches!(c, std::path::Component::Normal(_)));
    anyhow::ensure!(safe, "unsafe storage key {key:?}");
    Ok(dir.join("objects").join(key))
}

/// Mode of every folder a backup creates.
pub const DIR_MODE: u32 = 0o700;
/// Mode of every file a backup writes.
pub const FILE_MODE: u32 = 0o600;

/// Creates `path` and its missing parents with [`DIR_MODE`] (a folder that existed
/// before keeps its mode).
async fn private_dir(path: &Path) -> std::io::Result<()> {
    tokio::fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(path).await
}

/// Creates `path` below `base` (both ours) and makes every folder from `path` up to
/// `base` [`DIR_MODE`], whoever created it.
async fn private_dir_below(base: &Path, path: &Path) -> std::io::Result<()> {
    private_dir(path).await?;
    for folder in path.ancestors().take_while(|folder| folder.starts_with(base)) {
        restrict_dir(folder).await?;
    }
    Ok(())
}

/// Makes sure a folder of ours is [`DIR_MODE`], whoever created it.
async fn restrict_dir(path: &Path) -> std::io::Result<()> {
    tokio::fs::set_permissions(path, std::fs::Permissions::from_mode(DIR_MODE)).await
}

/// Writes `bytes` to `path` readable by the owner alone ([`FILE_MODE`], also when the
/// file existed before).
async fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use tokio::io::AsyncWriteExt;
    let mut file =
        tokio::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(FILE_MODE).open(path).await?;
    file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE)).await?;
    file.write_all(bytes).await?;
    file.flush().await
}

/// Writes a backup of the database at `database_url` and of its objects in `store` to `dir`.
pub async fn backup(
    pool: &sqlx::PgPool,
    database_url: &str,
    store: &dyn AudioStorage,
    dir: &Path,
) -> anyhow::Result<Manifest> {
    let existed = tokio::fs::try_exists(dir).await.unwrap_or(false);
    let objects = dir.join("objects");
    private_dir_below(&objects, &objects).await?;
    if !existed {
        restrict_dir(dir).await?;
    }
    let dump = dir.join("database.dump");
    // pg_dump writes into the file as it is: created 0600 first, so the dump is never
    // readable by others, not even while it is being written.
    write_private(&dump, b"").await?;
    let status = Command::new("pg_dump")
        .args(["--format=custom", "--no-owner", "--file"])
        .arg(&dump)
        .arg(database_url)
        .status()
        .await
        .map_err(|e| anyhow::anyhow!("pg_dump not runnable (postgresql-client installed?): {e}"))?;
    anyhow::ensure!(status.success(), "pg_dump failed ({status})");
    tokio::fs::set_permissions(&dump, std::fs::Permissions::from_mode(FILE_MODE)).await?;

    let mut manifest = Manifest { created_at: chrono::Utc::now(), objects: Vec::new(), missing: Vec::new() };
    for key in referenced_keys(pool).await? {
        let bytes = match store.read(&key).await {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                manifest.missing.push(key);
                continue;
            }
            Err(e) => return Err(anyhow::anyhow!("reading {key}: {e}")),
        };
        let path = object_path(dir, &key)?;
        private_dir_below(&objects, path.parent().expect("below objects/")).await?;
        write_private(&path, &bytes).await?;
        let sha256 = hex::encode(Sha256::digest(&bytes));
        manifest.objects.push(ObjectEntry { key, bytes: bytes.len() as u64, sha256 });
    }
    write_private(&dir.join("manifest.json"), &serde_json::to_vec_pretty(&manifest)?).await?;
    Ok(manifest)
}

/// Restores the backup in `dir` into the empty database at `database_url` and `store`.
pub async fn restore(
    pool: &sqlx::PgPool,
    database_url: &str,
    store: &dyn AudioStorage,
    dir: &Path,
) -> anyhow::Result<Manifest> {
    let manifest: Manifest = serde_json::from_slice(&tokio::fs::read(dir.join("manifest.json")).await?)?;
    let has_users: Option<bool> = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users)").fetch_one(pool).await.ok();
    anyhow::ensure!(
        has_users != Some(true),
        "the target database has users already: restore needs an empty installation"
    );
    // Objects first: a restored row never points at a file that is not there yet.
    for object in &manifest.objects {
        let bytes = tokio::fs::read(object_path(dir, &object.key)?).await?;
        anyhow::ensure!(
            hex::encode(Sha256::digest(&bytes)) == object.sha256,
            "{} is damaged in the backup",
            object.key
        );
        store.put(&object.key, &bytes).await.map_err(|e| anyhow::anyhow!("writing {}: {e}", object.key))?;
    }
    let status = Command::new("pg_restore")
        .args(["--no-owner", "--clean", "--if-exists", "--single-transaction", "--exit-on-error", "--dbname"])
        .arg(database_url)
        .arg(dir.join("database.dump"))
        .status()
        .await
        .map_err(|e| anyhow::anyhow!("pg_restore not runnable (postgresql-client installed?): {e}"))?;
    anyhow::ensure!(status.success(), "pg_restore failed ({status})");
    Ok(manifest)
}
