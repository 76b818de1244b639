//! Reading one chapter with its paragraphs, and edits: a chapter's title and voice, a
//! paragraph's text and voice. An edit changes the content hash of what it touches, so
//! those paragraphs (and no others) become stale.

use uuid::Uuid;

use super::views::{self, ChapterDetail, Window};
use super::{dictionary_of, owned_chapter, reading_of};
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
    let reading = reading_of(svc, &project).await?;
    let facts = projects::chapter_facts(&svc.pool, chapter_id).await?;
    let mut texts = projects::texts(&svc.pool, chapter_id, &window.ids(&facts)).await?;
    let base = base.to_owned();
    // States (a hash per paragraph) and costs grow with the chapter: on the CPU pool.
    CpuPool::global()
        .run(move || views::chapter_detail(&chapter, &facts, window, &mut texts, project.voice_id, &reading, &base))
        .await
}

/// A voice the caller may use, or the field error.
async fn usable_voice(svc: &Services, user_id: Uuid, voice_id: Uuid) -> Result<()> {
    db::voices::find_usable(&svc.pool, voice_id, user_id)
        .await?
        .map(drop)
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))
}

/// Renames the chapter, gives it its own voice (`Some(None)`: the project's again) and/or
/// sets the pause after it. A new pause joins the chapter again (free: no paragraph is
/// spoken again).
pub async fn update_chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    title: Option<&str>,
    voice_id: Option<Option<Uuid>>,
    pause_after_ms: Option<u32>,
) -> Result<()> {
    let user = caller.user()?;
    projects::chapter(&svc.pool, chapter_id, project_id, user.id)
        .await?
        .ok_or(Error::NotFound("Kapitel nicht gefunden."))?;
    let title = title.map(|t| project::title("title", t)).transpose()?;
    if let Some(Some(voice)) = voice_id {
        usable_voice(svc, user.id, voice).await?;
    }
    if pause_after_ms.is_some_and(|ms| ms > project::MAX_PAUSE_MS) {
        return Err(Error::field("pause_after_ms", "Die Pause darf höchstens 10 Sekunden lang sein."));
    }
    let mut tx = svc.pool.begin().await?;
    projects::lock_chapter(&mut tx, chapter_id).await?;
    projects::update_chapter(&mut *tx, chapter_id, title.as_deref(), voice_id).await?;
    if let Some(ms) = pause_after_ms {
        projects::set_chapter_pause(&mut *tx, chapter_id, ms as i32).await?;
    }
    projects::touch(&mut *tx, project_id).await?;
    tx.commit().await?;
    if pause_after_ms.is_some() {
        super::render::queue_assembly_if_done(svc, chapter_id).await?;
    }
    Ok(())
}

/// What an edit of a paragraph asks for; `None` leaves a field as it is.
#[derive(Debug, Default, Clone)]
pub struct ParagraphEdit {
    pub text: Option<String>,
    pub voice_id: Option<Option<Uuid>>,
    pub delivery: Option<project::Delivery>,
    /// The character (or none: the narrator) for each quotation of the text, in order.
    pub casting: Option<Vec<Option<Uuid>>>,
}

/// Changes a paragraph's text, voice, delivery and/or casting; it alone becomes stale
/// (a new pause only joins its chapter again). A new text's dictionary matches are kept
/// with it, so the project's reads need not match it again.
pub async fn update_paragraph(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    edit: ParagraphEdit,
) -> Result<Uuid> {
    let user = caller.user()?;
    let chapter_id = projects::chapter_of_paragraph(&svc.pool, paragraph_id, project_id, user.id)
        .await?
        .ok_or(Error::NotFound("Absatz nicht gefunden."))?;
    let (project, chapter) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let text = edit.text.as_deref().map(SynthesisText::parse).transpose()?;
    if let Some(Some(voice)) = edit.voice_id {
        usable_voice(svc, user.id, voice).await?;
    }
    let current = projects::chapter_facts(&svc.pool, chapter_id)
        .await?
        .into_iter()
        .find(|p| p.id == paragraph_id)
        .ok_or(Error::NotFound("Absatz nicht gefunden."))?;
    if let Some(delivery) = edit.delivery {
        // Checked against the voice that will speak it (the edit's, else the current one).
        let voice = edit.voice_id.unwrap_or(current.voice_id).or(chapter.voice_id).or(project.voice_id);
        let caps = match voice {
            Some(voice) => db::voices::find_usable(&svc.pool, voice, user.id)
                .await?
                .map(|v| crate::providers::of(v.provider).delivery)
                .unwrap_or_default(),
            None => Default::default(),
        };
        delivery.checked(caps)?;
    }
    if let Some(casting) = &edit.casting {
        // One place per quotation a paragraph can hold (5,000 characters, two marks each).
        if casting.len() > 2_500 {
            return Err(Error::field("casting", "Zu viele Zitate."));
        }
        let cast = super::characters::ids(svc, project_id).await?;
        if casting.iter().flatten().any(|id| !cast.contains(id)) {
            return Err(Error::field("casting", "Diese Figur gibt es in diesem Projekt nicht."));
        }
    }
    let hash = text.as_ref().map(|t| project::text_hash(t.as_str()));
    let terms = match &text {
        Some(text) => {
            let entries = dictionary_of(svc, &project).await?.entries;
            let text = text.as_str().to_owned();
            Some(CpuPool::global().run(move || project::terms_fingerprint(&text, &entries)).await?)
        }
        None => None,
    };
    let new_text = match (&text, &hash, &terms) {
        (Some(t), Some(hash), Some(terms)) => {
            Some(projects::NewText { text: t.as_str(), characters: t.char_count() as i32, hash, terms })
        }
        _ => None,
    };
    let mut tx = svc.pool.begin().await?;
    projects::lock_project(&mut tx, project_id, user.id).await?.ok_or_else(super::not_found)?;
    if let Some(new_text) = &new_text {
        // Under the project's lock, so two edits cannot each find room that only one has:
        // edits never grow a project past what a manuscript may hold.
        let besides = projects::characters_besides(&mut *tx, project_id, paragraph_id).await?;
        let most = MAX_MANUSCRIPT_CHARS as i64;
        if besides + new_text.characters as i64 > most {
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
    let change = projects::ParagraphChange {
        text: new_text,
        voice_id: edit.voice_id,
        delivery: edit.delivery,
        casting: edit.casting.as_deref(),
    };
    projects::update_paragraph(&mut *tx, paragraph_id, &change).await?;
    projects::touch(&mut *tx, project_id).await?;
    tx.commit().await?;
    // A new pause changes only the join: the chapter is joined again, nothing is charged.
    let pause_changed = edit.delivery.is_some_and(|d| d.pause_ms() != current.delivery.pause_ms());
    if pause_changed {
        super::render::queue_assembly_if_done(svc, chapter_id).await?;
    }
    Ok(chapter_id)
}
