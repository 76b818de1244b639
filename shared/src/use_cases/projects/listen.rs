//! Listening to a chapter: its joined MP3 and when each sentence is spoken. Players ask
//! for the audio in many byte ranges, so this reads the one chapter row (owner checked)
//! and nothing of its paragraphs. What is served is the chapter as last joined: the audio
//! and its timed text are stored together, so they always match, and while an edited
//! paragraph is rendered again the previous version stays playable.

use uuid::Uuid;

use super::owned_chapter;
use crate::caller::Caller;
use crate::db::projects;
use crate::domain::project::ParagraphState;
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
    let (timed, _) = projects::chapter_timed_text(&svc.pool, chapter_id).await?.ok_or(NOT_JOINED)?;
    Ok((chapter.title, timed))
}

/// Where one paragraph is heard in the chapter's joined audio.
#[derive(Debug, Clone)]
pub struct HeardPart {
    pub paragraph_id: Uuid,
    pub start_ms: u32,
    pub end_ms: u32,
    /// What is heard there is the paragraph as it is now: its chosen take, made from what
    /// the paragraph is now. False for a paragraph changed (or given another take) since
    /// the chapter was joined: the transcript marks it.
    pub current: bool,
}

/// Where each paragraph sits in the chapter's joined audio, and which of them changed
/// since: the transcript marks those and plays any paragraph from its start.
pub async fn chapter_parts(
    svc: &crate::services::Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
) -> Result<Vec<HeardPart>> {
    let (project, chapter) = owned_chapter(svc, caller.user()?.id, project_id, chapter_id).await?;
    let (_, parts) = projects::chapter_timed_text(&svc.pool, chapter_id).await?.ok_or(NOT_JOINED)?;
    let reading = super::reading_of(svc, &project).await?;
    let facts = projects::chapter_facts(&svc.pool, chapter_id).await?;
    let heard_now: std::collections::HashMap<Uuid, (Option<Uuid>, bool)> = facts
        .iter()
        .map(|f| {
            let voice = super::views::voice_of(f.voice_id, chapter.voice_id, project.voice_id);
            (f.id, (f.job_id, super::state_of(f, voice, &reading) == ParagraphState::Done))
        })
        .collect();
    Ok(parts
        .into_iter()
        .map(|p| HeardPart {
            current: heard_now.get(&p.paragraph_id) == Some(&(Some(p.job_id), true)),
            paragraph_id: p.paragraph_id,
            start_ms: p.start_ms,
            end_ms: p.end_ms,
        })
        .collect())
}
