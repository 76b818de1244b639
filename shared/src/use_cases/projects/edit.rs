//! Reading one chapter with its paragraphs, and edits: a chapter's title and voice, a
//! paragraph's text and voice. An edit changes the content hash of what it touches, so
//! those paragraphs (and no others) become stale.

use uuid::Uuid;

use super::views::{self, ChapterDetail, Window};
use super::{dictionary_fingerprint, owned_chapter};
use crate::caller::Caller;
use crate::cpu::CpuPool;
use crate::db::{self, projects};
use crate::domain::manuscript::MAX_MANUSCRIPT_CHARS;
use crate::domain::project;
use crate::domain::text::SynthesisText;
use crate::error::{Error, Result};
use crate::services::Services;

/// One chapter with a page of its paragraphs, their states and costs: the read behind
/// the editor (counted per account, `rate_limit::reads`).
pub async fn chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    base: &str,
    window: Window,
) -> Result<ChapterDetail> {
    svc.limits.reads.reserve_project_read(caller.user()?.id).await?;
    chapter_view(svc, caller, project_id, chapter_id, base, window).await
}

/// [`chapter`] without counting it as a read: the answer of a write.
pub async fn chapter_view(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    base: &str,
    window: Window,
) -> Result<ChapterDetail> {
    let user = caller.user()?;
    let (project, chapter) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let dictionary = dictionary_fingerprint(svc, user.id).await?;
    let facts = projects::chapter_facts(&svc.pool, chapter_id).await?;
    let mut texts = projects::texts(&svc.pool, chapter_id, &window.ids(&facts)).await?;
    let base = base.to_owned();
    // States (a hash per paragraph) and costs grow with the chapter: on the CPU pool.
    CpuPool::global()
        .run(move || views::chapter_detail(&chapter, &facts, window, &mut texts, project.voice_id, &dictionary, &base))
        .await
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
    let mut tx = svc.pool.begin().await?;
    if let Some((_, characters, _)) = text {
        // Under the project's lock, so two edits cannot each find room that only one has:
        // edits never grow a project past what a manuscript may hold.
        projects::lock_project(&mut tx, project_id, user.id).await?.ok_or_else(super::not_found)?;
        let besides = projects::characters_besides(&mut *tx, project_id, paragraph_id).await?;
        let most = MAX_MANUSCRIPT_CHARS as i64;
        if besides + characters as i64 > most {
            return Err(Error::field(
                "text",
                format!(
                    "Das Projekt darf höchstens {} Zeichen enthalten; für diesen Absatz bleiben {} Zeichen.",
                    crate::domain::caps::thousands(most),
                    crate::domain::caps::thousands((most - besides).max(0))
                ),
            ));
        }
    }
    projects::update_paragraph(&mut *tx, paragraph_id, text, voice_id).await?;
    tx.commit().await?;
    Ok(chapter_id)
}
