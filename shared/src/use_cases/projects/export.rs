//! Exports of a whole project, made by the worker from the joined chapters:
//! - `m4b`: an audiobook (AAC in MP4) with a chapter mark per chapter;
//! - `mp3`: one MP3 with ID3v2 chapter frames (CHAP/CTOC), the chapters copied as they are;
//! - `zip`: the chapter MP3s, numbered.
//!
//! Bounded memory whatever the length: the chapters are streamed from the store to
//! temporary files, ffmpeg (a separate process) reads and writes files, and the result is
//! streamed to the store (`put_file`). Progress comes from ffmpeg's `-progress` output.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::json;
use tokio::io::{AsyncBufReadExt, BufReader};
use uuid::Uuid;

use super::not_found;
use super::views::{ExportView, export_view};
use crate::caller::Caller;
use crate::db::project_exports::{self, ExportRow};
use crate::db::{self, projects};
use crate::domain::download_name::DownloadName;
pub use crate::domain::project::ExportFormat;
use crate::domain::project::{EXPORTS_KEPT_PER_FORMAT, ParagraphState};
use crate::error::{Error, Result};
use crate::queue::ExportProject;
use crate::run::Outcome;
use crate::services::Services;

/// Starts an export once every chapter is rendered and joined; one at a time per format
/// and project. With an Idempotency-Key, a retry of the same request answers the export
/// the first one started (however far it got); the same key for another project or format
/// is refused (409).
pub async fn create(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    format: ExportFormat,
    base: &str,
    idempotency_key: Option<&str>,
) -> Result<ExportView> {
    let user = caller.user()?;
    let key = crate::domain::input::idempotency_key(idempotency_key)?;
    let fingerprint = crate::domain::project::export_fingerprint(project_id, format);
    let idempotency = key.map(|key| projects::Idempotency { key, fingerprint: &fingerprint });
    // A retry is answered before the project is looked at again: its export is under way
    // or done, and the rules below (ready, one running per format) would refuse it.
    if idempotency.is_some()
        && let Some(row) = replayed_export(&mut *svc.pool.acquire().await?, user.id, idempotency.as_ref()).await?
    {
        return Ok(export_view(row, base));
    }
    let project = super::get(svc, caller, project_id, base).await?;
    let ready = !project.chapters.is_empty()
        && project.chapters.iter().all(|c| c.state == ParagraphState::Done && c.audio.is_some());
    if !ready {
        return Err(Error::Conflict("Bitte vertonen Sie zuerst alle Kapitel.".into()));
    }
    let mut tx = svc.pool.begin().await?;
    projects::lock_owner(&mut tx, user.id).await?;
    // Under the lock: a retry sent while the first request was still writing finds it here.
    if let Some(row) = replayed_export(&mut tx, user.id, idempotency.as_ref()).await? {
        return Ok(export_view(row, base));
    }
    if project_exports::unfinished(&mut *tx, project_id, format.as_str()).await? > 0 {
        return Err(Error::Conflict("Ein Export in diesem Format läuft bereits.".into()));
    }
    let id = project_exports::insert(&mut *tx, project_id, user.id, format.as_str(), idempotency.as_ref()).await?;
    tx.commit().await?;
    if let Err(e) = svc.queue.push::<ExportProject>(id).await {
        tracing::warn!(export_id = %id, error = %e, "enqueue failed; the sweep will retry");
    }
    let row = project_exports::get_for_user(&svc.pool, id, user.id).await?.ok_or_else(not_found)?;
    Ok(export_view(row, base))
}

/// The export an earlier request with this key started, if it asked the same; 409 if it
/// asked something else. A key whose export was since pruned starts a new one.
async fn replayed_export(
    conn: &mut sqlx::PgConnection,
    user_id: Uuid,
    idempotency: Option<&projects::Idempotency<'_>>,
) -> Result<Option<ExportRow>> {
    let Some(idempotency) = idempotency else { return Ok(None) };
    let Some((id, earlier)) = project_exports::find_by_idempotency_key(&mut *conn, user_id, idempotency.key).await?
    else {
        return Ok(None);
    };
    Error::unless_same_request(earlier.as_deref(), idempotency.fingerprint)?;
    Ok(project_exports::get_for_user(conn, id, user_id).await?)
}

/// A finished export's file: (storage key, format, download name). 404 for anyone else.
pub async fn file(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    export_id: Uuid,
) -> Result<(String, ExportFormat, DownloadName)> {
    let user = caller.user()?;
    let not_found = || Error::NotFound("Export nicht gefunden.");
    let row =
        project_exports::get_for_user(&svc.pool, export_id, user.id).await?.filter(|r| r.project_id == project_id);
    let row = row.ok_or_else(not_found)?;
    let project = projects::get(&svc.pool, project_id, user.id).await?.ok_or_else(not_found)?;
    let format = row.format;
    let key = row.storage_key.ok_or_else(not_found)?;
    Ok((key, format, DownloadName::from_title(&project.title)))
}

/// One chapter of the export.
struct Chapter {
    title: String,
    file: PathBuf,
    seconds: f64,
}

/// Makes the export `export_id` (one delivery of the worker's job).
pub async fn run(svc: &Services, export_id: Uuid) -> Result<Outcome> {
    let Some(row) = project_exports::claim(&svc.pool, export_id).await? else {
        return Ok(Outcome::Skipped);
    };
    match make(svc, &row).await {
        Ok(true) => Ok(Outcome::Completed),
        Ok(false) => Ok(Outcome::Skipped),
        Err(e) if row.attempts < svc.settings.worker.max_attempts => {
            tracing::warn!(%export_id, attempt = row.attempts, error = %e, "export failed for the moment, will retry");
            project_exports::release(&svc.pool, export_id, false).await?;
            Ok(Outcome::Retry)
        }
        Err(e) => {
            tracing::warn!(%export_id, error = %e, "export failed for good");
            project_exports::fail(
                &svc.pool,
                export_id,
                "Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
            )
            .await?;
            prune(svc, export_id).await;
            Ok(Outcome::Failed)
        }
    }
}

/// Keeps the newest [`EXPORTS_KEPT_PER_FORMAT`] finished exports of the project in the
/// format of `export_id` (which just finished) and deletes the older ones, rows and files.
/// Run when an export finishes, not when one starts: the user keeps three downloadable
/// files while a new one is made. An older file being downloaded right now is removed
/// under the reader: a local file stays readable through its open handle, and an object
/// store serves a GET that has started.
async fn prune(svc: &Services, export_id: Uuid) {
    let keys = match project_exports::prune_beside(&svc.pool, export_id, EXPORTS_KEPT_PER_FORMAT).await {
        Ok(keys) => keys,
        // The new export is done; the older ones go with the next one that finishes.
        Err(e) => return tracing::warn!(%export_id, error = %e, "older exports not pruned"),
    };
    for key in keys {
        if let Err(e) = svc.storage.delete(&key).await {
            tracing::warn!(%key, error = %e, "a pruned export's file was not removed");
        }
    }
}

async fn make(svc: &Services, row: &ExportRow) -> Result<bool> {
    let format = row.format;
    let project = projects::get(&svc.pool, row.project_id, row.user_id).await?.ok_or_else(not_found)?;
    let dir = tempfile::tempdir().map_err(|e| Error::Internal(e.into()))?;
    let chapters = fetch_chapters(svc, project.id, dir.path()).await?;
    let total: f64 = chapters.iter().map(|c| c.seconds).sum();
    let out = dir.path().join(format!("export.{}", format.as_str()));
    let (id, attempt) = (row.id, row.attempts);
    let report = |done: f64| {
        let pool = svc.pool.clone();
        async move {
            project_exports::progress(&pool, id, attempt, 0.1 + 0.85 * (done / total.max(1.0))).await.unwrap_or(false)
        }
    };
    match format {
        ExportFormat::Zip => zip_chapters(&chapters, &out).await?,
        ExportFormat::M4b | ExportFormat::Mp3 => ffmpeg(format, &chapters, dir.path(), &out, report).await?,
    }
    let size = tokio::fs::metadata(&out).await.map_err(|e| Error::Internal(e.into()))?.len();
    let key = crate::files::export_key(row.user_id, row.id, format.as_str());
    svc.storage.put_file(&key, &out).await.map_err(|e| Error::Internal(e.into()))?;
    let finished = project_exports::Finished {
        key: &key,
        size_bytes: size as i64,
        duration_seconds: total,
        library_text: &format.library_text(&project.title),
    };
    let mut tx = svc.pool.begin().await?;
    // Overtaken by another attempt, or the project (and with it the export) deleted
    // meanwhile: the file has no owner.
    let Some(job_id) = project_exports::complete(&mut tx, row.id, row.attempts, &finished).await? else {
        drop(tx);
        svc.storage.delete(&key).await.ok();
        return Ok(false);
    };
    tx.commit().await?;
    prune(svc, row.id).await;
    let payload = json!({
        "type": "export.completed",
        "created_at": chrono::Utc::now(),
        "data": { "export": {
            "id": row.id, "project_id": row.project_id, "format": format.as_str(), "size_bytes": size,
            "download_url": format!("/v1/projects/{}/exports/{}/download", row.project_id, row.id),
            "job_id": job_id,
        }}
    });
    db::webhooks::enqueue_event(&svc.pool, row.user_id, "export.completed", &payload).await?;
    Ok(true)
}

/// The project's joined chapters, streamed from the store into `dir`.
async fn fetch_chapters(svc: &Services, project_id: Uuid, dir: &Path) -> Result<Vec<Chapter>> {
    let mut out = Vec::new();
    for (i, chapter) in projects::chapters(&svc.pool, project_id).await?.into_iter().enumerate() {
        let (Some(key), Some(seconds)) = (chapter.audio_key, chapter.duration_seconds) else {
            return Err(Error::Conflict("Ein Kapitel ist nicht vertont.".into()));
        };
        let file = dir.join(format!("{:03}.mp3", i + 1));
        let (mut reader, _) = svc.storage.open(&key).await.map_err(|e| Error::Internal(e.into()))?;
        let mut target = tokio::fs::File::create(&file).await.map_err(|e| Error::Internal(e.into()))?;
        tokio::io::copy(&mut reader, &mut target).await.map_err(|e| Error::Internal(e.into()))?;
        out.push(Chapter { title: chapter.title, file, seconds });
    }
    Ok(out)
}

/// ffmpeg's metadata file: one chapter per chapter, in milliseconds, without titles. No
/// escaping makes a title safe in this file: ffmpeg's reader (5.1, as we ship it) takes
/// any line break after a backslash as escaped, even after an escaped one (`\\`), so a title
/// ending in `\` swallowed the next chapter mark. The titles go to ffmpeg as arguments
/// instead ([`chapter_titles`]), verbatim.
fn ffmetadata(chapters: &[Chapter]) -> String {
    let mut out = String::from(";FFMETADATA1\n");
    let mut at = 0.0;
    for c in chapters {
        let (start, end) = ((at * 1000.0) as u64, ((at + c.seconds) * 1000.0) as u64);
        out.push_str(&format!("[CHAPTER]\nTIMEBASE=1/1000\nSTART={start}\nEND={end}\n"));
        at += c.seconds;
    }
    out
}

/// ffmpeg's arguments naming chapter `i` of the output `title` (`-metadata:c:i title=…`):
/// an argument is not parsed beyond its first `=`, so every character of a title (at
/// most 200, no control characters) arrives as it is.
fn chapter_titles(chapters: &[Chapter]) -> Vec<String> {
    let mut args = Vec::with_capacity(chapters.len() * 2);
    for (i, c) in chapters.iter().enumerate() {
        args.push(format!("-metadata:c:{i}"));
        args.push(format!("title={}", c.title));
    }
    args
}

/// M4B (AAC) or MP3 (copied) with chapters, by ffmpeg; `report` gets the seconds done.
async fn ffmpeg<F, Fut>(format: ExportFormat, chapters: &[Chapter], dir: &Path, out: &Path, report: F) -> Result<()>
where
    F: Fn(f64) -> Fut,
    Fut: Future<Output = bool>,
{
    let io = |e: std::io::Error| Error::Internal(e.into());
    let list: String = chapters.iter().map(|c| format!("file '{}'\n", c.file.display())).collect();
    tokio::fs::write(dir.join("list.txt"), list).await.map_err(io)?;
    tokio::fs::write(dir.join("chapters.txt"), ffmetadata(chapters)).await.map_err(io)?;
    let mut command = tokio::process::Command::new("ffmpeg");
    command.args(["-v", "error", "-nostats", "-progress", "pipe:1", "-y", "-f", "concat", "-safe", "0", "-i"]);
    command.arg(dir.join("list.txt")).arg("-i").arg(dir.join("chapters.txt"));
    command.args(["-map", "0:a", "-map_metadata", "1", "-map_chapters", "1"]).args(chapter_titles(chapters));
    match format {
        ExportFormat::M4b => command.args(["-c:a", "aac", "-b:a", "64k", "-f", "mp4"]),
        _ => command.args(["-c", "copy", "-id3v2_version", "3", "-write_id3v1", "0", "-f", "mp3"]),
    };
    let mut child =
        command.arg(out).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true).spawn().map_err(io)?;
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let mut last = std::time::Instant::now();
    while let Some(line) = lines.next_line().await.map_err(io)? {
        let Some(us) = line.strip_prefix("out_time_us=").and_then(|v| v.parse::<f64>().ok()) else { continue };
        if last.elapsed().as_secs_f64() >= 1.0 {
            last = std::time::Instant::now();
            if !report(us / 1e6).await {
                return Err(Error::Conflict("Der Export wurde von einem anderen Durchlauf übernommen.".into()));
            }
        }
    }
    let output = child.wait_with_output().await.map_err(io)?;
    if !output.status.success() {
        return Err(Error::Internal(anyhow::anyhow!("ffmpeg: {}", String::from_utf8_lossy(&output.stderr).trim())));
    }
    Ok(())
}

/// The chapter MP3s in a ZIP ("01 Titel.mp3"), stored as they are (MP3 does not shrink).
async fn zip_chapters(chapters: &[Chapter], out: &Path) -> Result<()> {
    let files: Vec<(String, PathBuf)> = chapters
        .iter()
        .enumerate()
        .map(|(i, c)| (format!("{:02} {}.mp3", i + 1, safe_name(&c.title)), c.file.clone()))
        .collect();
    let out = out.to_owned();
    tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(out)?);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for (name, path) in files {
            zip.start_file(name, options).map_err(std::io::Error::other)?;
            std::io::copy(&mut std::fs::File::open(path)?, &mut zip)?;
        }
        zip.finish().map_err(std::io::Error::other)?;
        Ok(())
    })
    .await
    .map_err(|e| Error::Internal(e.into()))?
    .map_err(|e| Error::Internal(e.into()))
}

/// A chapter title as a file name: letters, digits, spaces and `-_.,` only.
fn safe_name(title: &str) -> String {
    let name: String =
        title.chars().map(|c| if c.is_alphanumeric() || " -_.,".contains(c) { c } else { '_' }).take(80).collect();
    name.trim().to_owned()
}

/// Exports whose worker died go back to the queue, or fail once out of attempts.
pub async fn recover(svc: &Services) -> Result<u64> {
    let worker = &svc.settings.worker;
    let mut recovered = 0;
    for (id, status, attempts) in
        project_exports::stuck(&svc.pool, worker.stuck_after_secs, worker.requeue_after_secs).await?
    {
        if status == "processing" && attempts >= worker.max_attempts {
            project_exports::fail(
                &svc.pool,
                id,
                "Der Export wurde mehrfach unterbrochen. Bitte versuchen Sie es erneut.",
            )
            .await?;
            prune(svc, id).await;
        } else if status == "pending" || project_exports::release(&svc.pool, id, false).await? {
            svc.queue.push::<ExportProject>(id).await.ok();
        }
        recovered += 1;
    }
    Ok(recovered)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Titles with every character ffmetadata treats specially, a trailing backslash first.
    const HOSTILE_TITLES: [&str; 8] = ["Ende\\", "Mitte", "a=b", "c;d", "#e", "f\\g", "\\", "[CHAPTER] letzte; #=\\"];

    fn titled(dir: &Path, titles: &[&str]) -> Vec<Chapter> {
        titles
            .iter()
            .enumerate()
            .map(|(i, t)| Chapter { title: (*t).into(), file: dir.join(format!("{i:03}.mp3")), seconds: 1.0 })
            .collect()
    }

    #[test]
    fn chapter_marks_add_up_and_every_title_goes_to_ffmpeg_verbatim() {
        let chapters = [
            Chapter { title: "Eins; = zwei".into(), file: "a".into(), seconds: 61.5 },
            Chapter { title: "Drei".into(), file: "b".into(), seconds: 10.0 },
        ];
        let meta = ffmetadata(&chapters);
        assert_eq!(
            meta,
            ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=61500\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=61500\nEND=71500\n"
        );
        let hostile = titled(Path::new("x"), &HOSTILE_TITLES);
        assert!(!ffmetadata(&hostile).contains("title"), "no title is ever written into the file");
        let args = chapter_titles(&hostile);
        for (i, title) in HOSTILE_TITLES.iter().enumerate() {
            assert_eq!(
                (args[2 * i].as_str(), args[2 * i + 1].as_str()),
                (format!("-metadata:c:{i}").as_str(), format!("title={title}").as_str())
            );
        }
        assert_eq!(safe_name("Kapitel 1: Der/Anfang"), "Kapitel 1_ Der_Anfang");
    }

    /// The real ffmpeg writes M4B and MP3 with these titles, and ffprobe reads each chapter's
    /// title back as it was (before, "Ende\\" swallowed the next chapter mark).
    #[tokio::test]
    async fn every_chapter_title_survives_an_m4b_and_an_mp3_export() {
        let dir = tempfile::tempdir().unwrap();
        let chapters = titled(dir.path(), &HOSTILE_TITLES);
        for chapter in &chapters {
            let made = std::process::Command::new("ffmpeg")
                .args(["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "libmp3lame"])
                .arg(&chapter.file)
                .status()
                .unwrap();
            assert!(made.success());
        }
        for (format, name) in [(ExportFormat::M4b, "buch.m4b"), (ExportFormat::Mp3, "buch.mp3")] {
            let out = dir.path().join(name);
            ffmpeg(format, &chapters, dir.path(), &out, |_| async { true }).await.unwrap();
            let probe = std::process::Command::new("ffprobe")
                .args(["-v", "error", "-show_chapters", "-of", "json"])
                .arg(&out)
                .output()
                .unwrap();
            let probe: serde_json::Value = serde_json::from_slice(&probe.stdout).unwrap();
            let titles: Vec<&str> = probe["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["tags"]["title"].as_str().unwrap_or(""))
                .collect();
            assert_eq!(titles, HOSTILE_TITLES, "{name}");
        }
    }
}
