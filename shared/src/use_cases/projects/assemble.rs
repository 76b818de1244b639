//! Joining a finished chapter (worker): its paragraphs' MP3 frames in order, a pause
//! between them, as one MP3 (never decoded, never the chapter as samples in memory), with
//! the paragraphs' timed texts moved to where they now start. Each paragraph was levelled
//! to the target loudness when it was made, so the joins need no second pass. A chapter
//! already joined from the same paragraph jobs is left alone.

use serde_json::json;
use uuid::Uuid;

use super::views::voice_of;
use super::{dictionary_fingerprint, state_of};
use crate::audio;
use crate::db::{self, projects};
use crate::domain::project::{self, PARAGRAPH_PAUSE_MS, ParagraphState};
use crate::domain::timed_text::TimedText;
use crate::error::{Error, Result};
use crate::run::Outcome;
use crate::services::Services;

/// Where a chapter stands for joining.
pub struct Plan {
    pub state: ParagraphState,
    /// Joined already from exactly these paragraph jobs.
    pub up_to_date: bool,
    chapter: projects::ChapterRow,
    project: projects::ProjectRow,
}

pub async fn plan(svc: &Services, chapter_id: Uuid) -> Result<Option<Plan>> {
    let Some((chapter, project)) = projects::chapter_with_project(&svc.pool, chapter_id).await? else {
        return Ok(None);
    };
    let dictionary = dictionary_fingerprint(svc, project.user_id).await?;
    let facts: Vec<projects::ParagraphFacts> =
        projects::paragraphs(&svc.pool, chapter_id).await?.into_iter().map(|r| r.facts).collect();
    let state = ParagraphState::of_chapter(
        facts.iter().map(|p| state_of(p, voice_of(p.voice_id, chapter.voice_id, project.voice_id), &dictionary)),
    );
    let hash = project::audio_hash(facts.iter().filter_map(|p| p.job_id));
    let up_to_date = chapter.audio_key.is_some() && chapter.audio_hash.as_deref() == Some(hash.as_str());
    Ok(Some(Plan { state, up_to_date, chapter, project }))
}

/// Joins the chapter `chapter_id` if it is done and not joined yet.
pub async fn run(svc: &Services, chapter_id: Uuid) -> Result<Outcome> {
    let Some(plan) = plan(svc, chapter_id).await? else { return Ok(Outcome::Skipped) };
    if plan.state != ParagraphState::Done || plan.up_to_date {
        return Ok(Outcome::Skipped);
    }
    let parts = projects::chapter_audio_parts(&svc.pool, chapter_id).await?;
    // What is joined is what these rows say now, which may be newer than the plan.
    let hash = project::audio_hash(parts.iter().map(|p| p.job_id));
    let (mp3, duration_seconds, timed_text) = join(svc, &parts).await?;
    let key = crate::files::chapter_key(plan.project.user_id, chapter_id, &hash);
    svc.storage.put(&key, &mp3).await.map_err(|e| Error::Internal(e.into()))?;
    if !record(svc, chapter_id, &key, duration_seconds, &timed_text, &hash).await? {
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
) -> Result<bool> {
    let mut tx = svc.pool.begin().await?;
    let state = projects::lock_for_join(&mut tx, chapter_id).await?;
    let current = state.as_ref().map(|s| project::audio_hash(s.job_ids.iter().copied()));
    let recorded = current.as_deref() == Some(hash);
    if recorded {
        projects::set_chapter_audio(&mut tx, chapter_id, key, duration_seconds, timed_text, hash).await?;
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

/// The paragraphs' audio one after another: MP3 bytes, seconds, timed text. Their MP3
/// frames are copied as they are (`audio::frames`), with encoded silence between them, so
/// a chapter costs no decoding and no second encoding; a paragraph's times move by the
/// samples before it, counted from the frames.
async fn join(svc: &Services, parts: &[projects::PartAudio]) -> Result<(Vec<u8>, f64, TimedText)> {
    let internal = |e: audio::AudioError| Error::Internal(e.into());
    let (mut mp3, mut samples, mut rate) = (Vec::new(), 0u64, None::<u32>);
    let mut pause: Option<audio::frames::Mp3Frames> = None;
    let mut timed = Vec::with_capacity(parts.len());
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
            let pause = match &pause {
                Some(pause) => pause,
                None => pause.insert(audio::frames::silence(rate, PAUSE_FRAMES_MS).map_err(internal)?),
            };
            mp3.extend_from_slice(&pause.bytes);
            samples += pause.samples;
        }
        if let Some(t) = &part.timed_text {
            let offset_ms = (samples * 1000 / rate as u64) as u32 + (later * 1000.0).round() as u32;
            timed.push((offset_ms, t.0.clone()));
        }
        mp3.extend_from_slice(&frames.bytes);
        samples += frames.samples;
    }
    let rate = rate.ok_or_else(|| Error::Conflict("Das Kapitel hat keine Absätze.".into()))?;
    Ok((mp3, samples as f64 / rate as f64, TimedText::concat(timed)))
}

/// The encoded silence between two paragraphs: the encoder's delay and padding at each
/// end of a paragraph (about 0.1 s together) and the silent tail every file ends with
/// make up the rest of [`PARAGRAPH_PAUSE_MS`].
const PAUSE_FRAMES_MS: u32 = PARAGRAPH_PAUSE_MS - 100 - crate::text_to_mp3::TAIL_MS;
