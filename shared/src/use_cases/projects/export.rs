//! Exports of a whole project, made by the worker from the joined chapters:
//! - `m4b`: an audiobook (AAC in MP4) with a chapter mark per chapter;
//! - `mp3`: one MP3 with ID3v2 chapter frames (CHAP/CTOC), the chapters copied as they are;
//! - `zip`: the chapter MP3s, numbered.
//!
//! A profile says how the audio is made ready (`ExportProfile`): as the chapters are
//! ("Standard"), for Audible's ACX (each chapter at 44.1 kHz, 192 kb/s constant, RMS
//! -20 dB, peaks under -3 dB, room tone at head and tail), or for podcasts (-16 LUFS,
//! 128 kb/s). Every export carries the project's publication details and cover
//! (`publication`): title, author, narrator, album, year, genre, publisher, comment.
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
use crate::domain::audio_profile;
use crate::domain::download_name::DownloadName;
pub use crate::domain::kinds::ExportProfile;
pub use crate::domain::project::ExportFormat;
use crate::domain::project::{EXPORTS_KEPT_PER_FORMAT, ParagraphState};
use crate::error::{Error, Result};
use crate::queue::ExportProject;
use crate::run::Outcome;
use crate::services::Services;

/// What an export is asked to make.
#[derive(Debug, Clone, Copy)]
pub struct ExportRequest {
    pub format: ExportFormat,
    pub profile: ExportProfile,
    /// Paragraphs changed since their render go out as last rendered (else a 409 says how
    /// many there are).
    pub use_rendered: bool,
}

/// Starts an export once every chapter is rendered and joined; one at a time per format
/// and project. With an Idempotency-Key, a retry of the same request answers the export
/// the first one started (however far it got); the same key for another project or format
/// is refused (409).
pub async fn create(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    request: ExportRequest,
    base: &str,
    idempotency_key: Option<&str>,
) -> Result<ExportView> {
    let ExportRequest { format, profile, use_rendered } = request;
    let user = caller.user()?;
    let key = crate::domain::input::idempotency_key(idempotency_key)?;
    let fingerprint = crate::domain::project::export_fingerprint(project_id, format, profile);
    let idempotency = key.map(|key| projects::Idempotency { key, fingerprint: &fingerprint });
    // A retry is answered before the project is looked at again: its export is under way
    // or done, and the rules below (ready, one running per format) would refuse it.
    if idempotency.is_some()
        && let Some(row) = replayed_export(&mut *svc.pool.acquire().await?, user.id, idempotency.as_ref()).await?
    {
        return Ok(export_view(row, base));
    }
    let project = super::view(svc, caller, project_id, base).await?;
    check_ready(&project, use_rendered)?;
    if profile == ExportProfile::Acx
        && let Some(refusal) =
            super::publication::get(svc, caller, project_id, base).await?.cover.and_then(|c| c.acx_refusal)
    {
        return Err(Error::Conflict(format!(
            "{refusal} Bitte laden Sie ein passendes Cover hoch oder entfernen Sie es."
        )));
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
    let id =
        project_exports::insert(&mut *tx, project_id, user.id, format.as_str(), profile, idempotency.as_ref()).await?;
    tx.commit().await?;
    if let Err(e) = svc.queue.push::<ExportProject>(id).await {
        tracing::warn!(export_id = %id, error = %e, "enqueue failed; the sweep will retry");
    }
    let row = project_exports::get_for_user(&svc.pool, id, user.id).await?.ok_or_else(not_found)?;
    Ok(export_view(row, base))
}

/// Whether the project can be exported: every chapter joined once and none being rendered
/// or joined. Paragraphs changed since their render are exported as last rendered only
/// when the caller says so (`use_rendered`); otherwise the answer says how many there are.
fn check_ready(project: &super::ProjectDetail, use_rendered: bool) -> Result<()> {
    if project.chapters.is_empty() || project.chapters.iter().any(|c| c.audio.is_none()) {
        return Err(Error::Conflict("Bitte vertonen Sie zuerst alle Kapitel.".into()));
    }
    let busy = |c: &super::ChapterSummary| {
        c.state == ParagraphState::Rendering || c.audio.as_ref().is_some_and(|a| !a.current) && c.stale_paragraphs == 0
    };
    if project.chapters.iter().any(busy) {
        return Err(Error::Conflict(
            "Einige Kapitel werden gerade vertont. Bitte warten Sie, bis sie fertig sind.".into(),
        ));
    }
    if project.stale_paragraphs > 0 && !use_rendered {
        let n = project.stale_paragraphs;
        let what = if n == 1 { "1 Absatz ist".to_owned() } else { format!("{n} Absätze sind") };
        return Err(Error::Conflict(format!(
            "{what} seit der letzten Vertonung geändert. Exportieren Sie die zuletzt vertonte Fassung oder vertonen Sie zuerst neu."
        )));
    }
    Ok(())
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
    let (id, attempt) = (row.id, row.attempts);
    // Copying hundreds of chapters takes a while: each one proves the run alive.
    let alive = || {
        let pool = svc.pool.clone();
        async move { project_exports::progress(&pool, id, attempt, 0.05).await.unwrap_or(false) }
    };
    let chapters = fetch_chapters(svc, project.id, dir.path(), alive).await?;
    let details = super::publication::for_export(svc, &project).await?;
    let cover = fetch_cover(svc, &details, dir.path()).await?;
    let total: f64 = chapters.iter().map(|c| c.seconds).sum();
    let out = dir.path().join(format!("export.{}", format.as_str()));
    // Progress: preparing the chapters for the profile is the first half where there is
    // one, the container the rest.
    let prepared_share = if row.profile == ExportProfile::Standard { 0.0 } else { 0.5 };
    let report = |from: f64, share: f64| {
        let pool = svc.pool.clone();
        move |done: f64| {
            let pool = pool.clone();
            async move {
                let progress = 0.1 + 0.85 * (from + share * done / total.max(1.0));
                project_exports::progress(&pool, id, attempt, progress).await.unwrap_or(false)
            }
        }
    };
    let chapters = prepare(row.profile, chapters, dir.path(), report(0.0, prepared_share)).await?;
    let metadata = Metadata::of(&project.title, &details);
    let container = report(prepared_share, 1.0 - prepared_share);
    match format {
        ExportFormat::Zip => zip_chapters(&chapters, cover.as_deref(), &out).await?,
        ExportFormat::M4b | ExportFormat::Mp3 => {
            let media = Media { format, profile: row.profile, metadata: &metadata, cover: cover.as_deref() };
            ffmpeg(media, &chapters, dir.path(), &out, container).await?
        }
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
async fn fetch_chapters<F, Fut>(svc: &Services, project_id: Uuid, dir: &Path, alive: F) -> Result<Vec<Chapter>>
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let mut out = Vec::new();
    for (i, chapter) in projects::chapters(&svc.pool, project_id).await?.into_iter().enumerate() {
        let (Some(key), Some(seconds)) = (chapter.audio_key, chapter.duration_seconds) else {
            return Err(Error::Conflict("Ein Kapitel ist nicht vertont.".into()));
        };
        let file = dir.join(format!("{:03}.mp3", i + 1));
        copy_from_store(svc, &key, &file).await?;
        out.push(Chapter { title: chapter.title, file, seconds });
        if !alive().await {
            return Err(Error::Conflict("Der Export wurde von einem anderen Durchlauf übernommen.".into()));
        }
    }
    Ok(out)
}

/// The project's cover, from the store into `dir`.
async fn fetch_cover(
    svc: &Services,
    details: &super::publication::ExportDetails,
    dir: &Path,
) -> Result<Option<PathBuf>> {
    let Some((key, cover)) = &details.cover else { return Ok(None) };
    let file = dir.join(format!("cover.{}", cover.kind.extension()));
    copy_from_store(svc, key, &file).await?;
    Ok(Some(file))
}

/// A stored object streamed into a local file (never held whole in memory).
async fn copy_from_store(svc: &Services, key: &str, file: &Path) -> Result<()> {
    let (mut reader, _) = svc.storage.open(key).await.map_err(|e| Error::Internal(e.into()))?;
    let mut target = tokio::fs::File::create(file).await.map_err(|e| Error::Internal(e.into()))?;
    tokio::io::copy(&mut reader, &mut target).await.map_err(|e| Error::Internal(e.into()))?;
    Ok(())
}

/// The tags every export carries, as ffmpeg names them: the title and album are the
/// project's title, the artist the author, the composer the narrator (the voice; the
/// audiobook taggers' convention), the copyright the year and publisher.
struct Metadata(Vec<(&'static str, String)>);

impl Metadata {
    fn of(title: &str, details: &super::publication::ExportDetails) -> Metadata {
        let p = &details.publication;
        let mut tags = vec![("title", title.to_owned()), ("album", title.to_owned())];
        let mut add = |key: &'static str, value: &str| {
            if !value.trim().is_empty() {
                tags.push((key, value.to_owned()));
            }
        };
        add("artist", &p.author);
        add("album_artist", &p.author);
        add("composer", details.narrator.as_deref().unwrap_or_default());
        add("genre", if p.genre.is_empty() { "Hörbuch" } else { &p.genre });
        add("date", &p.year.map(|y| y.to_string()).unwrap_or_default());
        add("publisher", &p.publisher);
        let copyright = match (p.year, p.publisher.as_str()) {
            (_, "") => String::new(),
            (Some(year), publisher) => format!("© {year} {publisher}"),
            (None, publisher) => format!("© {publisher}"),
        };
        add("copyright", &copyright);
        add("comment", &p.comment);
        Metadata(tags)
    }

    /// `-metadata key=value` for each tag: an argument, not a file, so no value needs
    /// escaping.
    fn args(&self) -> Vec<String> {
        self.0.iter().flat_map(|(key, value)| ["-metadata".to_owned(), format!("{key}={value}")]).collect()
    }
}

/// What ffmpeg makes of the chapters: the container, the profile's encoding, the tags.
struct Media<'a> {
    format: ExportFormat,
    profile: ExportProfile,
    metadata: &'a Metadata,
    cover: Option<&'a Path>,
}

/// The profile's chapter files: as they are for "Standard"; for ACX and podcasts each
/// chapter made anew by ffmpeg with the profile's level, rate and padding (one chapter
/// at a time, file to file).
async fn prepare<F, Fut>(profile: ExportProfile, chapters: Vec<Chapter>, dir: &Path, report: F) -> Result<Vec<Chapter>>
where
    F: Fn(f64) -> Fut,
    Fut: Future<Output = bool>,
{
    if profile == ExportProfile::Standard {
        return Ok(chapters);
    }
    let mut out = Vec::with_capacity(chapters.len());
    let mut done = 0.0;
    for (i, chapter) in chapters.into_iter().enumerate() {
        let file = dir.join(format!("{profile}-{:03}.mp3", i + 1));
        // A quarter of the chapter's share for measuring it, the rest for making it.
        let seconds = chapter.seconds;
        let measuring = |t: f64| done + 0.25 * t.min(seconds);
        let filter = match profile {
            ExportProfile::Acx => {
                audio_profile::acx_filter(measure(&chapter.file, RMS, &report, measuring).await?, seconds)
            }
            _ => audio_profile::podcast_filter(measure(&chapter.file, LOUDNESS, &report, measuring).await?),
        };
        let mut command = ffmpeg_command("error");
        command.arg("-i").arg(&chapter.file).args(["-map", "0:a", "-af", &filter]);
        command.args(audio_profile::mp3_args(profile)).arg(&file);
        run_ffmpeg(command, &report, |t: f64| done + 0.25 * seconds + 0.75 * t.min(seconds)).await?;
        done += seconds;
        let seconds = probe_seconds(&file).await?;
        out.push(Chapter { title: chapter.title, file, seconds });
    }
    Ok(out)
}

/// ffmpeg with its progress on stdout (`-progress pipe:1`) and its log on stderr at
/// `level`; no input from the terminal, outputs overwritten.
fn ffmpeg_command(level: &str) -> tokio::process::Command {
    let mut command = tokio::process::Command::new("ffmpeg");
    command.args(["-hide_banner", "-nostdin", "-nostats", "-progress", "pipe:1", "-y", "-v", level]);
    command.stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    command
}

/// Runs ffmpeg to its end, telling `report` about every second how far it got (the
/// seconds of audio done, mapped by `at`): the export's heartbeat, so a long chapter is
/// not taken for a dead run. Its log when it succeeds. The log is read beside the
/// progress, so a chatty filter cannot fill its pipe and stall it.
async fn run_ffmpeg<F, Fut>(mut command: tokio::process::Command, report: &F, at: impl Fn(f64) -> f64) -> Result<String>
where
    F: Fn(f64) -> Fut,
    Fut: Future<Output = bool>,
{
    let io = |e: std::io::Error| Error::Internal(e.into());
    let mut child = command.spawn().map_err(io)?;
    let mut stderr = child.stderr.take().expect("piped");
    let log = tokio::spawn(async move {
        let mut bytes = Vec::new();
        tokio::io::AsyncReadExt::read_to_end(&mut stderr, &mut bytes).await.map(|_| bytes)
    });
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    // Alive from the start: a pass shorter than the reporting interval reports too.
    if !report(at(0.0)).await {
        return Err(Error::Conflict("Der Export wurde von einem anderen Durchlauf übernommen.".into()));
    }
    let mut last = std::time::Instant::now();
    while let Some(line) = lines.next_line().await.map_err(io)? {
        let Some(us) = line.strip_prefix("out_time_us=").and_then(|v| v.parse::<f64>().ok()) else { continue };
        if last.elapsed().as_secs_f64() >= 1.0 {
            last = std::time::Instant::now();
            if !report(at(us / 1e6)).await {
                return Err(Error::Conflict("Der Export wurde von einem anderen Durchlauf übernommen.".into()));
            }
        }
    }
    let status = child.wait().await.map_err(io)?;
    let log = log.await.map_err(|e| Error::Internal(e.into()))?.map_err(io)?;
    let log = String::from_utf8_lossy(&log).into_owned();
    if !status.success() {
        return Err(Error::Internal(anyhow::anyhow!("ffmpeg: {}", log.trim())));
    }
    Ok(log)
}

/// What ffmpeg measures of a chapter: its analysis filter, the part of the log after
/// which the figure is summed up, and the figure's label.
struct Measurement {
    filter: &'static str,
    summary: &'static str,
    label: &'static str,
}

/// The RMS level of the whole file in dBFS (`astats`).
const RMS: Measurement = Measurement { filter: "astats=metadata=0", summary: "Overall", label: "RMS level dB:" };
/// The integrated loudness in LUFS (EBU R128, `ebur128`).
const LOUDNESS: Measurement = Measurement { filter: "ebur128", summary: "Summary:", label: "I:" };

async fn measure<F, Fut>(file: &Path, what: Measurement, report: &F, at: impl Fn(f64) -> f64) -> Result<f64>
where
    F: Fn(f64) -> Fut,
    Fut: Future<Output = bool>,
{
    let mut command = ffmpeg_command("info");
    command.arg("-i").arg(file).args(["-map", "0:a", "-af", what.filter, "-f", "null", "-"]);
    let log = run_ffmpeg(command, report, at).await?;
    let summary = &log[log.rfind(what.summary).unwrap_or(0)..];
    summary
        .lines()
        .find_map(|l| {
            let (_, value) = l.split_once(what.label)?;
            let value = value.split_whitespace().next()?;
            if value == "-inf" { Some(f64::NEG_INFINITY) } else { value.parse::<f64>().ok() }
        })
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("no {} from ffmpeg: {}", what.label, log.trim())))
}

/// A file's duration in seconds, by ffprobe.
async fn probe_seconds(file: &Path) -> Result<f64> {
    let output = tokio::process::Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0"])
        .arg(file)
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .map_err(|e| Error::Internal(anyhow::anyhow!("no duration from ffprobe: {e}")))
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

/// M4B (AAC) or MP3 (copied) with chapters, tags and cover, by ffmpeg; `report` gets the
/// seconds done.
async fn ffmpeg<F, Fut>(media: Media<'_>, chapters: &[Chapter], dir: &Path, out: &Path, report: F) -> Result<()>
where
    F: Fn(f64) -> Fut,
    Fut: Future<Output = bool>,
{
    let io = |e: std::io::Error| Error::Internal(e.into());
    let list: String = chapters.iter().map(|c| format!("file '{}'\n", c.file.display())).collect();
    tokio::fs::write(dir.join("list.txt"), list).await.map_err(io)?;
    tokio::fs::write(dir.join("chapters.txt"), ffmetadata(chapters)).await.map_err(io)?;
    let mut command = ffmpeg_command("error");
    command.args(["-f", "concat", "-safe", "0"]);
    command.arg("-i").arg(dir.join("list.txt")).arg("-i").arg(dir.join("chapters.txt"));
    if let Some(cover) = media.cover {
        command.arg("-i").arg(cover);
    }
    command.args(["-map", "0:a", "-map_metadata", "1", "-map_chapters", "1"]).args(chapter_titles(chapters));
    command.args(media.metadata.args());
    if media.cover.is_some() {
        // The cover goes in as it is, shown as the front cover.
        command.args(["-map", "2:v", "-c:v", "copy", "-disposition:v", "attached_pic"]);
        command.args(["-metadata:s:v", "title=Cover", "-metadata:s:v", "comment=Cover (front)"]);
    }
    match media.format {
        ExportFormat::M4b => command.args(audio_profile::aac_args(media.profile)).args(["-f", "mp4"]),
        _ => command.args(["-c:a", "copy", "-id3v2_version", "3", "-write_id3v1", "0", "-f", "mp3"]),
    };
    command.arg(out);
    run_ffmpeg(command, &report, |t| t).await?;
    Ok(())
}

/// The chapter MP3s in a ZIP ("01 Titel.mp3"), stored as they are (MP3 does not shrink),
/// with the cover beside them.
async fn zip_chapters(chapters: &[Chapter], cover: Option<&Path>, out: &Path) -> Result<()> {
    let mut files: Vec<(String, PathBuf)> = chapters
        .iter()
        .enumerate()
        .map(|(i, c)| (format!("{:02} {}.mp3", i + 1, safe_name(&c.title)), c.file.clone()))
        .collect();
    if let Some(cover) = cover {
        let extension = cover.extension().and_then(|e| e.to_str()).unwrap_or("jpg");
        files.push((format!("Cover.{extension}"), cover.to_owned()));
    }
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

    /// A chapter of real speech (eSpeak NG through the product's own audio path), made
    /// ready by each profile, measured by ffmpeg (`scripts/check-audio.sh`): ACX's figures
    /// and the podcast's loudness hold.
    #[tokio::test]
    async fn a_chapter_made_ready_for_acx_or_a_podcast_passes_every_figure_of_its_profile() {
        let text = "Am Morgen lag Nebel über dem Fluss, und die Stadt war noch still. Die Händlerin öffnete \
                    ihren Laden und stellte die Körbe vor die Tür. Ein Junge lief mit einer Zeitung unter dem Arm \
                    über die nasse Brücke. Niemand ahnte, dass an diesem Tag alles anders werden würde.";
        let speech = crate::text_to_mp3::Speech {
            text,
            voice: "de+f2",
            language: "de-DE",
            rate: None,
            pitch: None,
            instructions: None,
            dictionary: &[],
        };
        let rendered = crate::text_to_mp3::render(&crate::engine::LocalEngine::default(), speech, 2).await.unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("001.mp3");
        std::fs::write(&file, &rendered.mp3.bytes).unwrap();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/check-audio.sh");
        for profile in [ExportProfile::Acx, ExportProfile::Podcast] {
            let chapter = Chapter { title: "Eins".into(), file: file.clone(), seconds: rendered.mp3.duration_seconds };
            let ready = prepare(profile, vec![chapter], dir.path(), |_| async { true }).await.unwrap();
            let check = std::process::Command::new(script)
                .arg(&ready[0].file)
                .args(["--profile", profile.as_str()])
                .output()
                .unwrap();
            let report = String::from_utf8_lossy(&check.stdout);
            assert!(check.status.success(), "{profile}: {report}");
            assert!(ready[0].seconds > rendered.mp3.duration_seconds, "{profile}: padded with room tone");
        }
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
            let metadata = Metadata(Vec::new());
            let media = Media { format, profile: ExportProfile::Standard, metadata: &metadata, cover: None };
            ffmpeg(media, &chapters, dir.path(), &out, |_| async { true }).await.unwrap();
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
