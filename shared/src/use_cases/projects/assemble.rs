//! Joining a chapter (worker): its paragraphs' chosen takes, their MP3 frames in order,
//! each paragraph's pause after it, as one MP3 (never decoded, never the chapter as
//! samples in memory), with the paragraphs' timed texts moved to where they now start.
//! Each take was levelled to the target loudness when it was made, so the joins need no
//! second pass. A chapter is joined once every chosen take is finished, whether or not a
//! paragraph changed since (what was heard stays playable until it is rendered again);
//! a chapter already joined from the same takes and pauses is left alone.

use serde_json::json;
use uuid::Uuid;

use crate::audio;
use crate::db::{self, projects};
use crate::domain::kinds::JobStatus;
use crate::domain::project::{self, PARAGRAPH_PAUSE_MS};
use crate::domain::timed_text::TimedText;
use crate::error::{Error, Result};
use crate::run::Outcome;
use crate::services::Services;

/// Where a chapter stands for joining.
pub struct Plan {
    /// Every paragraph has a chosen take and each is finished.
    pub ready: bool,
    /// Joined already from exactly these takes and pauses.
    pub up_to_date: bool,
    chapter: projects::ChapterRow,
    project: projects::ProjectRow,
}

/// What a chapter's joined audio is made of now (see `domain::project::audio_hash`).
pub(crate) fn current_audio_hash(chapter: &projects::ChapterRow, facts: &[&projects::ParagraphFacts]) -> String {
    project::audio_hash(
        facts.iter().filter_map(|p| p.job_id.map(|job| (job, p.delivery.pause_ms()))),
        chapter.pause_after_ms.max(0) as u32,
    )
}

pub async fn plan(svc: &Services, chapter_id: Uuid) -> Result<Option<Plan>> {
    let Some((chapter, project)) = projects::chapter_with_project(&svc.pool, chapter_id).await? else {
        return Ok(None);
    };
    let facts = projects::chapter_facts(&svc.pool, chapter_id).await?;
    let ready = !facts.is_empty() && facts.iter().all(|p| p.job_status == Some(JobStatus::Completed));
    let hash = current_audio_hash(&chapter, &facts.iter().collect::<Vec<_>>());
    let up_to_date = chapter.audio_key.is_some() && chapter.audio_hash.as_deref() == Some(hash.as_str());
    Ok(Some(Plan { ready, up_to_date, chapter, project }))
}

/// Joins the chapter `chapter_id` if its takes are finished and it is not joined yet.
pub async fn run(svc: &Services, chapter_id: Uuid) -> Result<Outcome> {
    let Some(plan) = plan(svc, chapter_id).await? else { return Ok(Outcome::Skipped) };
    if !plan.ready || plan.up_to_date {
        return Ok(Outcome::Skipped);
    }
    let parts = projects::chapter_audio_parts(&svc.pool, chapter_id).await?;
    // What is joined is what these rows say now, which may be newer than the plan.
    let pause_after = plan.chapter.pause_after_ms.max(0) as u32;
    let hash = project::audio_hash(parts.iter().map(|p| (p.job_id, p.delivery.pause_ms())), pause_after);
    let (mp3, duration_seconds, timed_text, joined) = join(svc, &parts, pause_after).await?;
    let key = crate::files::chapter_key(plan.project.user_id, chapter_id, &hash);
    svc.storage.put(&key, &mp3).await.map_err(|e| Error::Internal(e.into()))?;
    if !record(svc, chapter_id, &key, duration_seconds, &timed_text, &hash, &joined).await? {
        return Ok(Outcome::Skipped);
    }
    let payload = json!({
        "type": "project.rendered",
        "created_at": chrono::Utc::now(),
        "data": {
            "project": { "id": plan.project.id, "title": plan.project.title },
            "chapter": {
                "id": chapter_id,
                "title": plan.chapter.title,
                "duration_seconds": duration_seconds,
                "audio_url": format!("/v1/projects/{}/chapters/{chapter_id}/audio", plan.project.id),
            }
        }
    });
    db::webhooks::enqueue_event(&svc.pool, plan.project.user_id, "project.rendered", &payload).await?;
    tracing::info!(%chapter_id, duration_seconds, "chapter joined");
    Ok(Outcome::Completed)
}

/// Records the joined file if the chapter still consists of exactly the paragraph jobs it
/// was joined from (under the chapter's lock, which splits, merges and renders take too),
/// and removes the file it replaces. A join overtaken by a change (a split, a render, the
/// chapter merged away) removes its own file instead: the change queued the join that
/// counts. Answers whether it was recorded.
async fn record(
    svc: &Services,
    chapter_id: Uuid,
    key: &str,
    duration_seconds: f64,
    timed_text: &TimedText,
    hash: &str,
    joined: &[projects::JoinedPart],
) -> Result<bool> {
    let mut tx = svc.pool.begin().await?;
    let state = projects::lock_for_join(&mut tx, chapter_id).await?;
    let current = state.as_ref().map(|s| {
        let pause = |own: i32| if own < 0 { PARAGRAPH_PAUSE_MS } else { own as u32 };
        let parts = s.job_ids.iter().zip(&s.pauses).map(|(job, own)| (*job, pause(*own)));
        project::audio_hash(parts, s.pause_after_ms.max(0) as u32)
    });
    let recorded = current.as_deref() == Some(hash);
    if recorded {
        projects::set_chapter_audio(&mut tx, chapter_id, key, duration_seconds, timed_text, hash, joined).await?;
    }
    tx.commit().await?;
    let stored = state.and_then(|s| s.audio_key);
    // The file this join replaced, or its own when it was overtaken; never the file the
    // chapter records (an earlier join of the same paragraphs wrote the same file).
    let unused = match (recorded, stored) {
        (true, previous) => previous.filter(|previous| previous != key),
        (false, stored) => Some(key.to_owned()).filter(|own| stored.as_ref() != Some(own)),
    };
    if let Some(unused) = unused
        && let Err(e) = svc.storage.delete(&unused).await
    {
        // A leftover file costs space, not correctness: nothing refers to it.
        tracing::warn!(%chapter_id, key = unused, error = %e, "removing an unused chapter file failed");
    }
    Ok(recorded)
}

/// The paragraphs' audio one after another: MP3 bytes, seconds, timed text, and where
/// each paragraph sits. Their MP3 frames are copied as they are (`audio::frames`), with
/// encoded silence between them (each paragraph's own pause, and the chapter's after the
/// last), so a chapter costs no decoding and no second encoding; a paragraph's times move
/// by the samples before it, counted from the frames.
async fn join(
    svc: &Services,
    parts: &[projects::PartAudio],
    pause_after_ms: u32,
) -> Result<(Vec<u8>, f64, TimedText, Vec<projects::JoinedPart>)> {
    let internal = |e: audio::AudioError| Error::Internal(e.into());
    let (mut mp3, mut samples, mut rate) = (Vec::new(), 0u64, None::<u32>);
    let mut pauses: std::collections::HashMap<u32, audio::frames::Mp3Frames> = Default::default();
    let mut timed = Vec::with_capacity(parts.len());
    let mut joined = Vec::with_capacity(parts.len());
    let mut pause_before = 0u32;
    for part in parts {
        let key = part.audio_key.as_deref().ok_or_else(|| Error::Conflict("Ein Absatz hat kein Audio mehr.".into()))?;
        let bytes = svc.storage.read(key).await.map_err(|e| Error::Internal(e.into()))?;
        // The first paragraph sets the chapter's rate; reading frames is quick, bringing
        // another rate to it is not: off the async threads.
        let (frames, later) = tokio::task::spawn_blocking(move || match rate {
            Some(rate) => audio::frames::at_rate(&bytes, rate),
            None => audio::frames::of(&bytes).map(|f| (f, 0.0)),
        })
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .map_err(internal)?;
        let rate = *rate.get_or_insert(frames.sample_rate);
        if samples > 0 {
            add_silence(&mut pauses, &mut mp3, &mut samples, rate, pause_before)?;
        }
        let start_ms = (samples * 1000 / rate as u64) as u32;
        if let Some(t) = &part.timed_text {
            timed.push((start_ms + (later * 1000.0).round() as u32, t.0.clone()));
        }
        mp3.extend_from_slice(&frames.bytes);
        samples += frames.samples;
        let end_ms = (samples * 1000 / rate as u64) as u32;
        joined.push(projects::JoinedPart { paragraph_id: part.paragraph_id, job_id: part.job_id, start_ms, end_ms });
        pause_before = part.delivery.pause_ms();
    }
    let rate = rate.ok_or_else(|| Error::Conflict("Das Kapitel hat keine Absätze.".into()))?;
    if pause_after_ms > 0 {
        add_silence(&mut pauses, &mut mp3, &mut samples, rate, pause_after_ms + BETWEEN_FILES_MS)?;
    }
    Ok((mp3, samples as f64 / rate as f64, TimedText::concat(timed), joined))
}

/// The encoder's delay and padding at each end of a paragraph (about 0.1 s together) and
/// the silent tail every file ends with: silence there is already between two files.
const BETWEEN_FILES_MS: u32 = 100 + crate::text_to_mp3::TAIL_MS;

/// Appends encoded silence that makes the gap after a paragraph `gap_ms` long (the gap
/// between two files counted), each length encoded once per chapter.
fn add_silence(
    pauses: &mut std::collections::HashMap<u32, audio::frames::Mp3Frames>,
    mp3: &mut Vec<u8>,
    samples: &mut u64,
    rate: u32,
    gap_ms: u32,
) -> Result<()> {
    let ms = gap_ms.saturating_sub(BETWEEN_FILES_MS);
    if ms == 0 {
        return Ok(());
    }
    let pause = match pauses.entry(ms) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => {
            e.insert(audio::frames::silence(rate, ms).map_err(|e| Error::Internal(e.into()))?)
        }
    };
    mp3.extend_from_slice(&pause.bytes);
    *samples += pause.samples;
    Ok(())
}
