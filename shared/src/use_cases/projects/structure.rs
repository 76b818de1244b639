//! Chapters by hand: a user splits a chapter at a paragraph (it becomes the first of a new
//! chapter right after) and merges a chapter into the one before (the undo of a split).
//!
//! Paragraph rows move as they are, with their job and the content hash that job was made
//! for, and a new chapter speaks with the voice of the one it came from: nothing already
//! rendered becomes stale, so nothing is charged again. What does change is which
//! paragraph jobs each chapter's joined audio is made of; its `audio_hash` no longer
//! matches, the audio is shown as not joined, and the joining (no synthesis) is queued.
//!
//! Each change runs in one transaction under the project's row lock (two splits or merges
//! of one project run one after the other, and positions stay dense: 0, 1, 2, …) and the
//! locks of the chapters it touches (a render of one of them waits, or is waited for: its
//! new jobs move with their paragraphs).

use uuid::Uuid;

use super::not_found;
use crate::caller::Caller;
use crate::db::projects;
use crate::domain::manuscript::MAX_CHAPTERS;
use crate::domain::project;
use crate::error::{Error, Result};
use crate::services::Services;

pub struct Split {
    /// The chapter the paragraph now begins.
    pub chapter_id: Uuid,
    /// False when the paragraph already began a chapter: nothing changed (so a retried
    /// request makes no second chapter).
    pub created: bool,
}

fn paragraph_not_found() -> Error {
    Error::NotFound("Absatz nicht gefunden.")
}

fn chapter_not_found() -> Error {
    Error::NotFound("Kapitel nicht gefunden.")
}

/// Splits the paragraph's chapter before it: the paragraph and those after it become a new
/// chapter right after, titled `title` (default "Kapitel N", N its place).
pub async fn split(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    title: Option<&str>,
) -> Result<Split> {
    let user = caller.user()?;
    let title = title.map(|t| project::title("title", t)).transpose()?;
    let mut tx = svc.pool.begin().await?;
    projects::lock_project(&mut tx, project_id, user.id).await?.ok_or_else(not_found)?;
    let place = projects::paragraph_place(&mut *tx, paragraph_id, project_id).await?.ok_or_else(paragraph_not_found)?;
    // Positions hold still under the project's lock; the chapter itself is read under its
    // own, so its voice is the one the new chapter takes.
    let chapter =
        projects::lock_chapter_at(&mut tx, project_id, place.chapter_position).await?.ok_or_else(chapter_not_found)?;
    let position = place.position;
    if position == 0 {
        return Ok(Split { chapter_id: chapter.id, created: false });
    }
    if projects::count_chapters(&mut *tx, project_id).await? >= MAX_CHAPTERS as i64 {
        return Err(Error::Conflict(format!(
            "Ein Projekt hat höchstens {MAX_CHAPTERS} Kapitel. Bitte führen Sie zuerst zwei Kapitel zusammen."
        )));
    }
    let new_position = chapter.position + 1;
    let title = title.unwrap_or_else(|| project::default_chapter_title(new_position as usize));
    projects::move_chapters_after(&mut tx, project_id, chapter.position, 1).await?;
    // The chapter's own voice goes along: its paragraphs keep speaking (and hashing) alike.
    let new_chapter = projects::insert_chapter(&mut tx, project_id, new_position, &title, chapter.voice_id).await?;
    let moved = projects::move_paragraphs_from(&mut tx, chapter.id, position, new_chapter).await?;
    tx.commit().await?;
    tracing::info!(%project_id, from = %chapter.id, to = %new_chapter, moved, "chapter split");
    for chapter_id in [chapter.id, new_chapter] {
        join_again(svc, chapter_id).await;
    }
    Ok(Split { chapter_id: new_chapter, created: true })
}

/// Merges the chapter into the one before: its paragraphs are appended there in order,
/// and the chapter (with its joined audio) is gone. Answers the chapter merged into.
pub async fn merge(svc: &Services, caller: &Caller, project_id: Uuid, chapter_id: Uuid) -> Result<Uuid> {
    let user = caller.user()?;
    let mut tx = svc.pool.begin().await?;
    let project = projects::lock_project(&mut tx, project_id, user.id).await?.ok_or_else(not_found)?;
    let chapter = projects::chapter(&mut *tx, chapter_id, project_id, user.id).await?.ok_or_else(chapter_not_found)?;
    if chapter.position == 0 {
        return Err(Error::Conflict(
            "Das erste Kapitel hat kein voriges Kapitel, mit dem es zusammengeführt werden kann.".into(),
        ));
    }
    // Positions are dense under the project's lock: the one before is at position - 1. Both
    // are locked in position order and read under their locks (a voice may have changed).
    let previous =
        projects::lock_chapter_at(&mut tx, project_id, chapter.position - 1).await?.ok_or_else(chapter_not_found)?;
    let chapter =
        projects::lock_chapter_at(&mut tx, project_id, chapter.position).await?.ok_or_else(chapter_not_found)?;
    let keep_voice = project::voice_to_keep_when_merged(chapter.voice_id, previous.voice_id, project.voice_id);
    let moved = projects::append_paragraphs(&mut tx, chapter.id, previous.id, keep_voice).await?;
    let audio_key = projects::delete_chapter(&mut tx, chapter.id).await?;
    projects::move_chapters_after(&mut tx, project_id, chapter.position, -1).await?;
    tx.commit().await?;
    tracing::info!(%project_id, from = %chapter.id, into = %previous.id, moved, "chapters merged");
    if let Some(key) = audio_key
        && let Err(e) = svc.storage.delete(&key).await
    {
        tracing::warn!(%key, error = %e, "a merged chapter's audio was not removed");
    }
    join_again(svc, previous.id).await;
    Ok(previous.id)
}

/// Queues the joining of a chapter whose paragraphs are all done. The change is committed
/// already: a queue that fails now is logged, and rendering the chapter (which charges
/// nothing when nothing is stale) queues the joining again.
async fn join_again(svc: &Services, chapter_id: Uuid) {
    if let Err(e) = super::render::queue_assembly_if_done(svc, chapter_id).await {
        tracing::warn!(%chapter_id, error = %e, "joining after a split or merge not queued");
    }
}
