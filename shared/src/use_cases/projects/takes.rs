//! Takes: every render of a paragraph is kept (the newest few), can be listened to, and
//! one of them is chosen. Choosing a take is free: it is audio that was paid for already.
//! A take is a version of the paragraph, so choosing one puts its text (and its speed and
//! pitch) back; the chapter is joined again from the chosen takes.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{dictionary_of, owned_chapter};
use crate::caller::Caller;
use crate::cpu::CpuPool;
use crate::db::{project_takes, projects};
use crate::domain::kinds::JobStatus;
use crate::domain::project::{self, Delivery};
use crate::error::{Error, Result};
use crate::services::Services;

/// One take as the editor lists it.
#[derive(Debug, Clone)]
pub struct TakeView {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub status: JobStatus,
    pub text: String,
    pub voice_id: Option<Uuid>,
    pub delivery: Delivery,
    pub duration_seconds: Option<f64>,
    /// The paragraph uses this take now.
    pub chosen: bool,
    /// Its text differs from the paragraph's now (choosing it puts this text back).
    pub other_text: bool,
    /// Where it is heard, once finished.
    pub audio_url: Option<String>,
}

const NO_PARAGRAPH: Error = Error::NotFound("Absatz nicht gefunden.");
const NO_TAKE: Error = Error::NotFound("Fassung nicht gefunden.");

/// The paragraph's chapter, when the paragraph is in one of the caller's projects.
async fn owned_paragraph(svc: &Services, caller: &Caller, project_id: Uuid, paragraph_id: Uuid) -> Result<Uuid> {
    let user = caller.user()?;
    projects::chapter_of_paragraph(&svc.pool, paragraph_id, project_id, user.id).await?.ok_or(NO_PARAGRAPH)
}

/// The paragraph's takes, newest first.
pub async fn list(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    base: &str,
) -> Result<Vec<TakeView>> {
    owned_paragraph(svc, caller, project_id, paragraph_id).await?;
    let current = projects::paragraph_text_hash(&svc.pool, paragraph_id).await?.ok_or(NO_PARAGRAPH)?;
    let rows = project_takes::list(&svc.pool, paragraph_id).await?;
    Ok(rows
        .into_iter()
        .map(|t| TakeView {
            audio_url: (t.status == JobStatus::Completed)
                .then(|| format!("{base}/{project_id}/paragraphs/{paragraph_id}/takes/{}/audio", t.id)),
            id: t.id,
            created_at: t.created_at,
            status: t.status,
            other_text: t.text_hash != current,
            text: t.text,
            voice_id: t.voice_id,
            delivery: t.delivery.0,
            duration_seconds: t.duration_seconds,
            chosen: t.chosen,
        })
        .collect())
}

/// Where a finished take's audio is stored (the caller's only).
pub async fn audio_key(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    take_id: Uuid,
) -> Result<String> {
    owned_paragraph(svc, caller, project_id, paragraph_id).await?;
    let take = project_takes::get(&svc.pool, take_id, paragraph_id).await?.ok_or(NO_TAKE)?;
    take.audio_key.filter(|_| take.status == JobStatus::Completed).ok_or(NO_TAKE)
}

/// Where the paragraph's chosen take is stored: the paragraph heard on its own.
pub async fn paragraph_audio_key(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
) -> Result<String> {
    owned_paragraph(svc, caller, project_id, paragraph_id).await?;
    let chosen = project_takes::list(&svc.pool, paragraph_id).await?.into_iter().find(|t| t.chosen);
    chosen
        .filter(|t| t.status == JobStatus::Completed)
        .and_then(|t| t.audio_key)
        .ok_or(Error::NotFound("Dieser Absatz ist noch nicht vertont."))
}

/// Makes `take_id` the paragraph's take (free of charge), puts its text back, and joins
/// the chapter again. Only a finished take can be chosen; the project's size cap holds.
pub async fn choose(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    paragraph_id: Uuid,
    take_id: Uuid,
) -> Result<Uuid> {
    let user = caller.user()?;
    let chapter_id = owned_paragraph(svc, caller, project_id, paragraph_id).await?;
    let (project, _) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let take = project_takes::get(&svc.pool, take_id, paragraph_id).await?.ok_or(NO_TAKE)?;
    if take.status != JobStatus::Completed {
        return Err(Error::Conflict("Nur eine fertig vertonte Fassung lässt sich wählen.".into()));
    }
    let entries = dictionary_of(svc, &project).await?.entries;
    let text = take.text.clone();
    let terms_now = CpuPool::global().run(move || project::terms_fingerprint(&text, &entries)).await?;
    let mut tx = svc.pool.begin().await?;
    projects::lock_project(&mut tx, project_id, user.id).await?.ok_or_else(super::not_found)?;
    projects::lock_chapter(&mut tx, chapter_id).await?;
    // Read under the locks: the take may have been pruned, the paragraph moved or edited.
    let take = project_takes::get(&mut *tx, take_id, paragraph_id).await?.ok_or(NO_TAKE)?;
    let besides = projects::characters_besides(&mut *tx, project_id, paragraph_id).await?;
    if besides + take.characters as i64 > crate::domain::manuscript::MAX_MANUSCRIPT_CHARS as i64 {
        return Err(Error::Conflict("Mit dieser Fassung wäre das Projekt länger als erlaubt.".into()));
    }
    let pause = projects::paragraph_delivery(&mut *tx, paragraph_id).await?.ok_or(NO_PARAGRAPH)?.pause_after_ms;
    let delivery = Delivery { pause_after_ms: pause, ..take.delivery.0 };
    project_takes::choose(&mut tx, &take, delivery, &terms_now).await?;
    projects::touch(&mut *tx, project_id).await?;
    tx.commit().await?;
    super::render::queue_assembly_if_done(svc, chapter_id).await?;
    Ok(chapter_id)
}
