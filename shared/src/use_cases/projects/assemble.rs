//! Joining a finished chapter (worker): its paragraphs' MP3s in order, a pause between
//! them, encoded as one MP3 paragraph by paragraph (never the whole chapter as samples in
//! memory), with the paragraphs' timed texts moved to where they now start. Each
//! paragraph was levelled to the target loudness when it was made, so the joins need no
//! second pass. A chapter already joined from the same paragraph jobs is left alone.

use serde_json::json;
use uuid::Uuid;

use super::views::voice_of;
use super::{dictionary_fingerprint, state_of};
use crate::audio::{self, Mp3Stream};
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
    hash: String,
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
        facts.iter().map(|p| state_of(p, voice_of(p.voice_id, chapter.voice_id, project.voice_id), &dictionary).0),
    );
    let hash = project::audio_hash(facts.iter().filter_map(|p| p.job_id));
    let up_to_date = chapter.audio_key.is_some() && chapter.audio_hash.as_deref() == Some(hash.as_str());
    Ok(Some(Plan { state, up_to_date, hash, chapter, project }))
}

/// Joins the chapter `chapter_id` if it is done and not joined yet.
pub async fn run(svc: &Services, chapter_id: Uuid) -> Result<Outcome> {
    let Some(plan) = plan(svc, chapter_id).await? else { return Ok(Outcome::Skipped) };
    if plan.state != ParagraphState::Done || plan.up_to_date {
        return Ok(Outcome::Skipped);
    }
    let parts = projects::chapter_audio_parts(&svc.pool, chapter_id).await?;
    let (mp3, duration_seconds, timed_text) = join(svc, &parts).await?;
    let key = crate::files::chapter_key(plan.project.user_id, chapter_id);
    svc.storage.put(&key, &mp3).await.map_err(|e| Error::Internal(e.into()))?;
    projects::set_chapter_audio(&svc.pool, chapter_id, &key, duration_seconds, &timed_text, &plan.hash).await?;
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

/// The paragraphs' audio one after another: MP3 bytes, seconds, timed text.
async fn join(svc: &Services, parts: &[projects::PartAudio]) -> Result<(Vec<u8>, f64, TimedText)> {
    let mut encoder: Option<Mp3Stream> = None;
    let (mut mp3, mut samples_so_far, mut rate) = (Vec::new(), 0u64, 0u32);
    let mut timed = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let key = part.audio_key.as_deref().ok_or_else(|| Error::Conflict("Ein Absatz hat kein Audio mehr.".into()))?;
        let bytes = svc.storage.read(key).await.map_err(|e| Error::Internal(e.into()))?;
        let first = i == 0;
        let current = encoder.take();
        let (next, encoded, pcm_rate, count) = tokio::task::spawn_blocking(move || {
            let pcm = audio::decode(&bytes, "mp3")?;
            let mut stream = match current {
                Some(stream) => stream,
                None => Mp3Stream::new(pcm.sample_rate)?,
            };
            let pause = if first { 0 } else { pcm.sample_rate as usize * PARAGRAPH_PAUSE_MS as usize / 1000 };
            let mut samples = vec![0i16; pause];
            samples.extend_from_slice(&pcm.samples);
            let encoded = stream.encode(&samples)?;
            Ok::<_, audio::AudioError>((stream, encoded, pcm.sample_rate, (pause, pcm.samples.len())))
        })
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .map_err(|e| Error::Internal(e.into()))?;
        if !first && pcm_rate != rate {
            return Err(Error::Conflict("Die Absätze haben verschiedene Abtastraten.".into()));
        }
        rate = pcm_rate;
        encoder = Some(next);
        mp3.extend_from_slice(&encoded);
        samples_so_far += count.0 as u64;
        let offset_ms = (samples_so_far * 1000 / rate as u64) as u32;
        if let Some(t) = &part.timed_text {
            timed.push((offset_ms, t.0.clone()));
        }
        samples_so_far += count.1 as u64;
    }
    let encoder = encoder.ok_or_else(|| Error::Conflict("Das Kapitel hat keine Absätze.".into()))?;
    mp3.extend(encoder.finish().map_err(|e| Error::Internal(e.into()))?);
    // The joined file is encoded once more: its own codec delay comes on top.
    let delay_ms = (audio::mp3_delay_seconds(rate) * 1000.0).round() as u32;
    let timed = TimedText::concat(timed.into_iter().map(|(offset, t)| (offset + delay_ms, t)));
    Ok((mp3, samples_so_far as f64 / rate.max(1) as f64, timed))
}
