//! Reading one chapter with its paragraphs, and edits: a chapter's title and voice, a
//! paragraph's text and voice. An edit changes the content hash of what it touches, so
//! those paragraphs (and no others) become stale.

use uuid::Uuid;

use super::views::{ChapterDetail, ParagraphView, chapter_summary, voice_of};
use super::{cost_of, dictionary_fingerprint, owned_chapter, state_of};
use crate::caller::Caller;
use crate::db::{self, projects};
use crate::domain::project;
use crate::domain::text::SynthesisText;
use crate::error::{Error, Result};
use crate::services::Services;

/// One chapter with its paragraphs, their states and costs.
pub async fn chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    base: &str,
) -> Result<ChapterDetail> {
    let user = caller.user()?;
    let (project, chapter) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let dictionary = dictionary_fingerprint(svc, user.id).await?;
    let rows = projects::paragraphs(&svc.pool, chapter_id).await?;
    let facts: Vec<&projects::ParagraphFacts> = rows.iter().map(|r| &r.facts).collect();
    let summary = chapter_summary(&chapter, &facts, project.voice_id, &dictionary, base);
    let paragraphs = rows
        .iter()
        .map(|r| {
            let voice = voice_of(r.facts.voice_id, chapter.voice_id, project.voice_id);
            let (state, _) = state_of(&r.facts, voice, &dictionary);
            ParagraphView {
                id: r.facts.id,
                position: r.facts.position,
                text: r.text.clone(),
                voice_id: r.facts.voice_id,
                characters: r.facts.characters,
                cost_cent: cost_of(&r.facts),
                state,
                changed: state == project::ParagraphState::Stale && r.facts.job_id.is_some(),
                error: (state == project::ParagraphState::Failed).then(|| r.facts.job_error.clone()).flatten(),
            }
        })
        .collect();
    Ok(ChapterDetail { chapter: summary, paragraphs })
}

/// A voice the caller may use, or the field error.
async fn usable_voice(svc: &Services, user_id: Uuid, voice_id: Uuid) -> Result<()> {
    db::voices::find_usable(&svc.pool, voice_id, user_id)
        .await?
        .map(drop)
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))
}

/// Renames the chapter and/or gives it its own voice (`Some(None)`: the project's again).
pub async fn update_chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    title: Option<&str>,
    voice_id: Option<Option<Uuid>>,
) -> Result<()> {
    let user = caller.user()?;
    projects::chapter(&svc.pool, chapter_id, project_id, user.id)
        .await?
        .ok_or(Error::NotFound("Kapitel nicht gefunden."))?;
    let title = title.map(|t| project::title("title", t)).transpose()?;
    if let Some(Some(voice)) = voice_id {
        usable_voice(svc, user.id, voice).await?;
    }
    projects::update_chapter(&svc.pool, chapter_id, title.as_deref(), voice_id).await?;
    Ok(())
}

/// Changes a paragraph's text and/or voice; it alone becomes stale.
pub async fn update_paragraph(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    text: Option<&str>,
    voice_id: Option<Option<Uuid>>,
) -> Result<Uuid> {
    let user = caller.user()?;
    let chapter_id = projects::chapter_of_paragraph(&svc.pool, paragraph_id, project_id, user.id)
        .await?
        .ok_or(Error::NotFound("Absatz nicht gefunden."))?;
    let text = text.map(SynthesisText::parse).transpose()?;
    if let Some(Some(voice)) = voice_id {
        usable_voice(svc, user.id, voice).await?;
    }
    let hash = text.as_ref().map(|t| project::text_hash(t.as_str()));
    let text = text.as_ref().zip(hash.as_deref()).map(|(t, h)| (t.as_str(), t.char_count() as i32, h));
    projects::update_paragraph(&svc.pool, paragraph_id, text, voice_id).await?;
    Ok(chapter_id)
}
