//! Long-form projects ("Projekte"), the use cases: a manuscript (pasted or uploaded) in
//! chapters and paragraphs; its costs before anything is charged; edits that make only
//! the edited paragraph stale ([`edit`]); rendering a chapter as one job per stale
//! paragraph, charged once through the ledger ([`render`]); joining a finished chapter
//! into one MP3 with its timed text ([`assemble`]); exports ([`export`]); chapters split
//! and merged by hand ([`structure`]).
//!
//! Every read and write names the caller: another user's project is a 404.

pub mod assemble;
pub mod characters;
pub mod edit;
pub mod export;
pub mod listen;
pub mod publication;
pub mod render;
pub mod structure;
pub mod takes;
mod views;

use uuid::Uuid;

pub use views::{
    ChapterAudio, ChapterDetail, ChapterSummary, ExportView, ParagraphView, ProjectDetail, ProjectSummary, Window,
};

use crate::caller::Caller;
use crate::db::{self, projects};
use crate::domain::manuscript::{self, Format, Manuscript};
use crate::domain::money::generation_cost_cent;
use crate::domain::project::{self, ParagraphState};
use crate::error::{Error, Result};
use crate::services::Services;

/// Most projects one account keeps (each may hold 500,000 characters).
pub const MAX_PROJECTS_PER_USER: i64 = 100;

pub fn not_found() -> Error {
    Error::NotFound("Projekt nicht gefunden.")
}

/// A new project from pasted text: chapters from its headings (`manuscript`). With an
/// Idempotency-Key, a retry of the same request answers the project the first one made
/// (nothing new, the per-account cap not used twice); the same key with another request
/// is refused (409), as for jobs.
pub async fn create(
    svc: &Services,
    caller: &Caller,
    title: &str,
    text: &str,
    voice_id: Option<Uuid>,
    idempotency_key: Option<&str>,
) -> Result<Uuid> {
    let user = caller.user()?;
    let key = crate::domain::input::idempotency_key(idempotency_key)?;
    let fingerprint = project::create_fingerprint(title, text, voice_id);
    let idempotency = key.map(|key| projects::Idempotency { key, fingerprint: &fingerprint });
    // A retry is answered before the manuscript is read again, and whatever changed since
    // (a voice no longer usable, the cap reached by this very project) cannot refuse it.
    if let Some(id) = replayed_project(&svc.pool, user.id, idempotency.as_ref()).await? {
        return Ok(id);
    }
    // Reading a manuscript takes time that grows with it: on the CPU pool, not on the
    // async threads that answer everyone else.
    let pasted = text.to_owned();
    let manuscript = crate::cpu::CpuPool::global()
        .run(move || manuscript::from_plain_text(&pasted))
        .await?
        .map_err(|e| Error::from(rename_file_field(e, "text")))?;
    store(svc, caller, Some(title), manuscript, voice_id, idempotency.as_ref()).await
}

/// The project an earlier request with this key made, if it asked the same; 409 if it
/// asked something else.
async fn replayed_project(
    db: impl sqlx::PgExecutor<'_>,
    user_id: Uuid,
    idempotency: Option<&projects::Idempotency<'_>>,
) -> Result<Option<Uuid>> {
    let Some(idempotency) = idempotency else { return Ok(None) };
    let Some((id, earlier)) = projects::find_by_idempotency_key(db, user_id, idempotency.key).await? else {
        return Ok(None);
    };
    Error::unless_same_request(earlier.as_deref(), idempotency.fingerprint)?;
    Ok(Some(id))
}

/// A new project from an uploaded file (TXT, Markdown, DOCX, EPUB). The parsing runs on
/// the CPU pool: a large EPUB takes time the async threads must not spend.
pub async fn import(
    svc: &Services,
    caller: &Caller,
    file_name: &str,
    bytes: Vec<u8>,
    title: Option<&str>,
    voice_id: Option<Uuid>,
) -> Result<Uuid> {
    caller.user()?;
    let format = Format::from_file_name(file_name).ok_or_else(|| {
        Error::field("file", "Bitte laden Sie eine TXT-, Markdown-, DOCX-, EPUB- oder PDF-Datei hoch.")
    })?;
    let manuscript = crate::cpu::CpuPool::global()
        .run(move || manuscript::parse(format, &bytes))
        .await
        .map_err(|e| Error::Internal(anyhow::anyhow!("manuscript parsing stopped: {e}")))?
        .map_err(Error::from)?;
    let fallback = file_name.rsplit_once('.').map_or(file_name, |(stem, _)| stem);
    let title = title.map(str::trim).filter(|t| !t.is_empty()).or(manuscript.title.as_deref()).unwrap_or(fallback);
    let title = title.to_owned();
    store(svc, caller, Some(&title), manuscript, voice_id, None).await
}

fn rename_file_field(mut invalid: crate::domain::Invalid, field: &'static str) -> crate::domain::Invalid {
    if let Some(message) = invalid.fields.remove("file") {
        invalid.fields.insert(field, message);
    }
    invalid
}

/// Writes the manuscript in one transaction, within the per-account cap.
async fn store(
    svc: &Services,
    caller: &Caller,
    title: Option<&str>,
    manuscript: Manuscript,
    voice_id: Option<Uuid>,
    idempotency: Option<&projects::Idempotency<'_>>,
) -> Result<Uuid> {
    let user = caller.user()?;
    let title = project::title("title", title.unwrap_or_default())?;
    let voice_id = voice_id.ok_or_else(|| Error::field("voice_id", "Bitte wählen Sie eine Stimme aus."))?;
    db::voices::find_usable(&svc.pool, voice_id, user.id)
        .await?
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))?;
    let mut tx = svc.pool.begin().await?;
    // One statement decides the cap under the user's lock: parallel creates cannot pass it.
    projects::lock_owner(&mut tx, user.id).await?;
    // Under the same lock: a retry sent while the first request was still writing waits
    // for it and finds its project here, before the cap is counted.
    if let Some(id) = replayed_project(&mut *tx, user.id, idempotency).await? {
        return Ok(id);
    }
    if projects::count_for_user(&mut *tx, user.id).await? >= MAX_PROJECTS_PER_USER {
        return Err(Error::Conflict(format!(
            "Sie haben bereits {MAX_PROJECTS_PER_USER} Projekte. Bitte löschen Sie zuerst ein altes."
        )));
    }
    let project_id = projects::insert_project(&mut tx, user.id, &title, voice_id, idempotency).await?;
    for (position, chapter) in manuscript.chapters.iter().enumerate() {
        let chapter_title =
            project::title("title", &chapter.title).unwrap_or_else(|_| project::default_chapter_title(position));
        let chapter_id = projects::insert_chapter(&mut tx, project_id, position as i32, &chapter_title, None).await?;
        let characters: Vec<i32> = chapter.paragraphs.iter().map(|p| p.chars().count() as i32).collect();
        let hashes: Vec<String> = chapter.paragraphs.iter().map(|p| project::text_hash(p)).collect();
        projects::insert_paragraphs(&mut tx, chapter_id, &chapter.paragraphs, &characters, &hashes).await?;
    }
    tx.commit().await?;
    Ok(project_id)
}

pub async fn list(svc: &Services, caller: &Caller) -> Result<Vec<ProjectSummary>> {
    let user = caller.user()?;
    let rows = projects::list(&svc.pool, user.id).await?;
    Ok(rows.into_iter().map(ProjectSummary::from).collect())
}

/// The project with every chapter's state and costs (what rendering each would charge),
/// and its exports. `base` is where the caller finds it (`/api/projects` or `/v1/projects`).
/// Counted per account as a read (`rate_limit::reads`): its work grows with the project.
pub async fn get(svc: &Services, caller: &Caller, project_id: Uuid, base: &str) -> Result<ProjectDetail> {
    svc.limits.reads.reserve_project_read(caller.user()?.id).await?;
    view(svc, caller, project_id, base).await
}

/// [`get`] without counting it as a read: the answer of a write.
pub async fn view(svc: &Services, caller: &Caller, project_id: Uuid, base: &str) -> Result<ProjectDetail> {
    let user = caller.user()?;
    let project = projects::get(&svc.pool, project_id, user.id).await?.ok_or_else(not_found)?;
    let reading = reading_of(svc, &project).await?;
    let chapters = projects::chapters(&svc.pool, project_id).await?;
    let facts = projects::facts(&svc.pool, project_id).await?;
    let exports = db::project_exports::list(&svc.pool, project_id).await?;
    let spent_cent = projects::spent_cent(&svc.pool, project_id).await?;
    let base = base.to_owned();
    // A state and a cost per paragraph: on the CPU pool, not the async threads.
    crate::cpu::CpuPool::global()
        .run(move || views::project_detail(project, chapters, &facts, &reading, exports, spent_cent, &base))
        .await
}

/// One of the caller's projects and one of its chapters; 404 for anything else.
pub(crate) async fn owned_chapter(
    svc: &Services,
    user_id: Uuid,
    project_id: Uuid,
    chapter_id: Uuid,
) -> Result<(projects::ProjectRow, projects::ChapterRow)> {
    let project = projects::get(&svc.pool, project_id, user_id).await?.ok_or_else(not_found)?;
    let chapter = projects::chapter(&svc.pool, chapter_id, project_id, user_id)
        .await?
        .ok_or(Error::NotFound("Kapitel nicht gefunden."))?;
    Ok((project, chapter))
}

/// The state of one paragraph, as its content is now: its chosen take's, when that take
/// was made from what the paragraph would be read as now: its text, voice, delivery, and
/// the dictionary entries that match its text (an entry for another word changes
/// nothing). Compared as stored, no hashing per paragraph on a read. Paragraphs rendered
/// before the matched entries were kept are judged by the whole dictionary
/// (`dictionary`, its fingerprint), and before that by their job's content hash.
pub(crate) fn state_of(facts: &projects::ParagraphFacts, voice: Option<Uuid>, reading: &Reading) -> ParagraphState {
    let dictionary = reading.dictionary.as_str();
    let made_from_this = match (&facts.job_text_hash, &facts.job_dictionary) {
        (Some(text), Some(made_with)) => {
            let read_alike = match &facts.job_terms {
                Some(terms) => facts.terms_now.as_ref() == Some(terms),
                None => made_with == dictionary,
            };
            let sounds_alike = facts.job_sound.as_deref().unwrap_or("") == reading.sound_of(facts);
            *text == facts.text_hash && facts.job_voice_id == voice && read_alike && sounds_alike
        }
        _ => facts.job_hash.as_deref() == Some(content_hash(facts, voice, dictionary).as_str()),
    };
    ParagraphState::of_match(made_from_this, facts.job_status)
}

/// A paragraph's content hash (text, voice, dictionary): the fingerprint of its job.
pub(crate) fn content_hash(facts: &projects::ParagraphFacts, voice: Option<Uuid>, dictionary: &str) -> String {
    project::paragraph_hash(&facts.text_hash, voice, dictionary)
}

/// What decides how a project's paragraphs are read besides their own fields: the
/// dictionary's fingerprint (for paragraphs rendered before their matched entries were
/// kept) and the cast (each character's name and voice).
pub(crate) struct Reading {
    pub dictionary: String,
    pub cast: std::collections::HashMap<Uuid, (String, Option<Uuid>)>,
}

impl Reading {
    /// The voice cast for each of the paragraph's quotations (none: the narrator; also for
    /// a character since removed).
    pub fn cast_voices(&self, facts: &projects::ParagraphFacts) -> Vec<Option<Uuid>> {
        facts.casting.iter().map(|c| c.and_then(|id| self.cast.get(&id).and_then(|(_, voice)| *voice))).collect()
    }

    /// What the paragraph's delivery and cast make of its sound, kept with its take: a
    /// paragraph is stale when this changes.
    pub fn sound_of(&self, facts: &projects::ParagraphFacts) -> String {
        let parts = [facts.delivery.sound_key(), project::cast_key(&self.cast_voices(facts))];
        parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ")
    }

    /// The first character cast in the paragraph whose voice is gone: its quotations
    /// cannot be read as the user chose until it is recast (never swapped silently).
    pub fn voiceless_character(&self, facts: &projects::ParagraphFacts) -> Option<&str> {
        facts
            .casting
            .iter()
            .flatten()
            .find_map(|id| self.cast.get(id).filter(|(_, voice)| voice.is_none()).map(|(name, _)| name.as_str()))
    }
}

/// The project's dictionary (with every paragraph's matched entries worked out) and cast.
pub(crate) async fn reading_of(svc: &Services, project: &projects::ProjectRow) -> Result<Reading> {
    let dictionary = fresh_terms(svc, project).await?.fingerprint;
    reading_with(svc, project, dictionary).await
}

/// [`reading_of`] for a caller that has the dictionary already (a render needs its entries
/// too): the dictionary is read once.
pub(crate) async fn reading_with(
    svc: &Services,
    project: &projects::ProjectRow,
    dictionary: String,
) -> Result<Reading> {
    let cast = db::project_characters::list(&svc.pool, project.id)
        .await?
        .into_iter()
        .map(|c| (c.id, (c.name, c.voice_id)))
        .collect();
    Ok(Reading { dictionary, cast })
}

/// What a paragraph costs to render.
pub(crate) fn cost_of(facts: &projects::ParagraphFacts) -> i64 {
    generation_cost_cent(facts.characters.max(0) as usize)
}

/// The dictionary a project's texts are read with now.
pub(crate) struct Dictionary {
    pub entries: Vec<crate::domain::dictionary::Entry>,
    /// Of all its entries: when it differs from what the project saw last, the paragraphs'
    /// matched entries are worked out again.
    pub fingerprint: String,
}

pub(crate) async fn dictionary_of(svc: &Services, project: &projects::ProjectRow) -> Result<Dictionary> {
    let entries =
        crate::use_cases::pronunciation::entries_in(&svc.pool, Some(project.user_id), Some(project.id)).await?;
    let fingerprint = project::dictionary_fingerprint(&entries);
    Ok(Dictionary { entries, fingerprint })
}

/// The dictionary, with every paragraph's `terms_now` worked out for it. After a change of
/// the dictionary (the user's, the project's or a global entry) the project's next read
/// matches its texts once, on the CPU pool (bounded by the manuscript's size); every read
/// after that compares what is stored.
pub(crate) async fn fresh_terms(svc: &Services, project: &projects::ProjectRow) -> Result<Dictionary> {
    let dictionary = dictionary_of(svc, project).await?;
    if project.dictionary_seen.as_deref() == Some(dictionary.fingerprint.as_str()) {
        return Ok(dictionary);
    }
    let texts = projects::project_texts(&svc.pool, project.id).await?;
    let ids: Vec<Uuid> = texts.iter().map(|t| t.id).collect();
    let hashes: Vec<String> = texts.iter().map(|t| t.text_hash.clone()).collect();
    let entries = dictionary.entries.clone();
    let terms: Vec<String> = crate::cpu::CpuPool::global()
        .run(move || texts.iter().map(|t| project::terms_fingerprint(&t.text, &entries)).collect::<Vec<_>>())
        .await?;
    let mut tx = svc.pool.begin().await?;
    projects::set_terms_now(&mut tx, project.id, &ids, &hashes, &terms, &dictionary.fingerprint).await?;
    tx.commit().await?;
    Ok(dictionary)
}

/// Changes the title and/or the voice.
pub async fn update(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    title: Option<&str>,
    voice_id: Option<Uuid>,
) -> Result<()> {
    let user = caller.user()?;
    let title = title.map(|t| project::title("title", t)).transpose()?;
    if let Some(voice) = voice_id {
        db::voices::find_usable(&svc.pool, voice, user.id)
            .await?
            .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))?;
    }
    if !projects::update(&svc.pool, project_id, user.id, title.as_deref(), voice_id).await? {
        return Err(not_found());
    }
    Ok(())
}

/// Deletes the project, its audio and exports for good; paragraphs still being rendered
/// are refunded (as deleting any unfinished job is).
pub async fn delete(svc: &Services, caller: &Caller, project_id: Uuid) -> Result<()> {
    let user = caller.user()?;
    let mut tx = svc.pool.begin().await?;
    let deleted = projects::delete(&mut tx, project_id, user.id).await?.ok_or_else(not_found)?;
    tx.commit().await?;
    for job_id in deleted.job_ids {
        match crate::use_cases::generation::delete(svc, caller, job_id).await {
            Ok(()) | Err(Error::NotFound(_)) => {}
            Err(e) => tracing::warn!(%job_id, error = %e, "a deleted project's paragraph job was not removed"),
        }
    }
    for key in deleted.keys {
        if let Err(e) = svc.storage.delete(&key).await {
            tracing::warn!(%key, error = %e, "a deleted project's file was not removed");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kinds::JobStatus;

    fn facts(job_hash: Option<String>, rendered_from: Option<(&str, Uuid, &str)>) -> projects::ParagraphFacts {
        projects::ParagraphFacts {
            id: Uuid::nil(),
            chapter_id: Uuid::nil(),
            position: 0,
            characters: 6,
            text_hash: project::text_hash("Hallo."),
            voice_id: None,
            job_id: Some(Uuid::nil()),
            job_hash,
            job_text_hash: rendered_from.map(|(t, _, _)| project::text_hash(t)),
            job_voice_id: rendered_from.map(|(_, v, _)| v),
            job_dictionary: rendered_from.map(|(_, _, d)| d.to_owned()),
            job_sound: None,
            job_terms: None,
            terms_now: None,
            delivery: sqlx::types::Json(Default::default()),
            casting: sqlx::types::Json(Vec::new()),
            job_status: Some(JobStatus::Completed),
            job_error: None,
        }
    }

    fn plain(dictionary: &str) -> Reading {
        Reading { dictionary: dictionary.into(), cast: Default::default() }
    }

    /// A paragraph is done while its audio was made from what it is now, judged from what
    /// was kept at its render (no hash per read), and for paragraphs rendered before
    /// that was kept, by their job's content hash.
    #[test]
    fn a_paragraph_is_done_while_its_audio_was_made_from_what_it_is_now() {
        let voice = Uuid::from_bytes([1; 16]);
        let kept = facts(None, Some(("Hallo.", voice, "d1")));
        assert_eq!(state_of(&kept, Some(voice), &plain("d1")), ParagraphState::Done);
        assert_eq!(state_of(&kept, Some(voice), &plain("d2")), ParagraphState::Stale, "another dictionary");
        assert_eq!(state_of(&kept, Some(Uuid::nil()), &plain("d1")), ParagraphState::Stale, "another voice");
        let edited = facts(None, Some(("Hallo!", voice, "d1")));
        assert_eq!(state_of(&edited, Some(voice), &plain("d1")), ParagraphState::Stale, "another text");
        let before = facts(None, None);
        let legacy = facts(Some(content_hash(&before, Some(voice), "d1")), None);
        assert_eq!(state_of(&legacy, Some(voice), &plain("d1")), ParagraphState::Done);
        assert_eq!(state_of(&legacy, Some(voice), &plain("d2")), ParagraphState::Stale);
    }
}
