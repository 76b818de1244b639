//! Listening to a chapter: its joined MP3 and when each sentence is spoken. Players ask
//! for the audio in many byte ranges, so this reads the one chapter row (owner checked)
//! and nothing of its paragraphs. What is served is the chapter as last joined: the audio
//! and its timed text are stored together, so they always match, and while an edited
//! paragraph is rendered again the previous version stays playable.

use uuid::Uuid;

use super::owned_chapter;
use crate::caller::Caller;
use crate::db::projects;
use crate::domain::timed_text::TimedText;
use crate::error::{Error, Result};

const NOT_JOINED: Error = Error::NotFound("Das Kapitel ist noch nicht vertont.");

/// Where the chapter's joined MP3 is stored.
pub async fn chapter_audio_key(
    svc: &crate::services::Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
) -> Result<String> {
    let (_, chapter) = owned_chapter(svc, caller.user()?.id, project_id, chapter_id).await?;
    chapter.audio_key.ok_or(NOT_JOINED)
}

/// The chapter's title and timed text.
pub async fn chapter_timed_text(
    svc: &crate::services::Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
) -> Result<(String, TimedText)> {
    let (_, chapter) = owned_chapter(svc, caller.user()?.id, project_id, chapter_id).await?;
    chapter.audio_key.as_ref().ok_or(NOT_JOINED)?;
    let timed = projects::chapter_timed_text(&svc.pool, chapter_id).await?.ok_or(NOT_JOINED)?;
    Ok((chapter.title, timed))
}
