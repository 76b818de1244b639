//! Rendering a chapter: one job per stale (or failed) paragraph, created and charged in
//! one transaction under the chapter's lock, then queued. The jobs are ordinary jobs: the
//! worker speaks them, retries passing failures and refunds a paragraph that fails for
//! good, alone. A second render of the same chapter finds nothing stale and charges
//! nothing, so a double click or a retried request never pays twice.
//!
//! When a chapter's last paragraph is done, [`paragraph_finished`] queues the joining of
//! its audio (`assemble`) and tells the owner's webhook (`project.rendered`).

use serde_json::json;
use uuid::Uuid;

use super::views::{ChapterDetail, Window, voice_of};
use super::{Dictionary, content_hash, fresh_terms, owned_chapter, state_of};
use crate::caller::Caller;
use crate::db::{self, jobs, ledger, project_takes as takes, projects};
use crate::domain::kinds::JobSource;
use crate::domain::money::generation_cost_cent;
use crate::domain::project::{self, Delivery, TAKES_KEPT};
use crate::domain::speech_budget::{self, SpeechSize};
use crate::error::{Error, Result};
use crate::queue::{AssembleChapter, Synthesize};
use crate::services::Services;

pub struct Rendered {
    pub chapter: ChapterDetail,
    pub charged_cent: i64,
    pub balance_cent: i64,
}

/// A paragraph to render: its row, the voice that speaks it, its content hash.
struct Stale<'a> {
    row: &'a projects::ParagraphRow,
    voice_id: Uuid,
    hash: String,
    /// The voice cast for each quotation (none: the narrator).
    cast: Vec<Option<Uuid>>,
}

/// Renders the chapter's stale paragraphs, charging exactly them in one booking named
/// after the project and chapter. Each paragraph gets a new take (its job); the takes
/// before stay, the oldest beyond [`TAKES_KEPT`] go.
pub async fn chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    base: &str,
) -> Result<Rendered> {
    let user = caller.user()?;
    let (project, chapter) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let Dictionary { entries, fingerprint: dictionary } = fresh_terms(svc, &project).await?;
    let reading = super::reading_with(svc, &project, dictionary.clone()).await?;
    let mut tx = svc.pool.begin().await?;
    projects::lock_chapter(&mut tx, chapter_id).await?;
    // Read under the lock: a render that ran meanwhile has set its jobs.
    let rows = projects::paragraphs(&mut *tx, chapter_id).await?;
    let mut stale = Vec::new();
    let mut voices: std::collections::HashMap<Uuid, db::voices::Voice> = Default::default();
    for row in &rows {
        let voice_id = voice_of(row.facts.voice_id, chapter.voice_id, project.voice_id)
            .ok_or_else(|| Error::field("voice_id", "Bitte wählen Sie eine Stimme für das Projekt."))?;
        if !state_of(&row.facts, Some(voice_id), &reading).needs_rendering() {
            continue;
        }
        if let Some(name) = reading.voiceless_character(&row.facts) {
            return Err(Error::field(
                "casting",
                format!("Die Figur »{name}« hat keine Stimme mehr. Bitte wählen Sie eine neue Stimme für sie."),
            ));
        }
        let hash = content_hash(&row.facts, Some(voice_id), &dictionary);
        let cast = reading.cast_voices(&row.facts);
        for voice_id in std::iter::once(voice_id).chain(cast.iter().flatten().copied()) {
            if let std::collections::hash_map::Entry::Vacant(slot) = voices.entry(voice_id) {
                let voice = db::voices::find_usable(&mut *tx, voice_id, user.id)
                    .await?
                    .ok_or_else(|| Error::field("voice_id", "Eine Stimme dieses Kapitels ist nicht mehr verfügbar."))?;
                svc.engines
                    .current()
                    .usable(voice.provider)
                    .map_err(|why| Error::field("voice_id", why.reason_for(user.role)))?;
                slot.insert(voice);
            }
        }
        stale.push(Stale { row, voice_id, hash, cast });
    }
    if stale.is_empty() {
        tx.commit().await?;
        // Nothing to render but no joined audio (a worker died while joining): join now.
        queue_assembly_if_done(svc, chapter_id).await?;
        let chapter =
            super::edit::chapter_view(svc, caller, project_id, chapter_id, base, Window::first_page()).await?;
        let balance_cent = db::users::balance(&svc.pool, user.id).await?;
        return Ok(Rendered { chapter, charged_cent: 0, balance_cent });
    }
    // Each paragraph is charged for what it will be spoken as (`domain::speech_budget`),
    // and keeps which dictionary entries it is read with.
    let texts: Vec<(String, String)> =
        stale.iter().map(|s| (s.row.text.clone(), voices[&s.voice_id].language.clone())).collect();
    let (sizes, terms): (Vec<SpeechSize>, Vec<String>) = crate::cpu::CpuPool::global()
        .run(move || {
            texts
                .iter()
                .map(|(text, language)| {
                    (speech_budget::measure(text, &entries, language), project::terms_fingerprint(text, &entries))
                })
                .unzip()
        })
        .await?;
    let costs = billable_costs(&stale.iter().map(|s| s.row.facts.position).collect::<Vec<_>>(), &sizes)?;
    let total: i64 = costs.iter().sum();
    let name = project::render_booking_name(&project.title, chapter.position, stale.len());
    let render_id =
        takes::insert_render(&mut tx, project_id, chapter_id, user.id, &name, stale.len() as i32, total).await?;
    if ledger::project_render(&mut tx, user.id, total, render_id, project_id, &name).await?.is_none() {
        let balance = db::users::balance(&mut *tx, user.id).await?;
        return Err(Error::InsufficientBalance { needed: total, balance });
    }
    let mut queued = Vec::new();
    let mut pruned = Vec::new();
    for ((stale, cost), terms) in stale.iter().zip(costs).zip(&terms) {
        let (row, voice) = (stale.row, &voices[&stale.voice_id]);
        let delivery = row.facts.delivery.0;
        let job_id = Uuid::new_v4();
        let new_job = jobs::NewJob {
            id: job_id,
            user_id: user.id,
            text: &row.text,
            voice,
            options: job_options(project_id, delivery, voice, &row.text, &stale.cast, &voices),
            cost_cent: cost,
            source_type: JobSource::Project,
            idempotency_key: None,
            fingerprint: &stale.hash,
            enqueued: true,
            characters: row.facts.characters,
        };
        jobs::insert(&mut tx, &new_job).await?.ok_or_else(|| Error::Internal(anyhow::anyhow!("job id taken")))?;
        db::voices::count_clone_use(&mut tx, voice).await?;
        let mut cast_voices: Vec<Uuid> =
            stale.cast.iter().flatten().copied().filter(|v| *v != stale.voice_id).collect();
        cast_voices.sort();
        cast_voices.dedup();
        for cast_voice in cast_voices {
            db::voices::count_clone_use(&mut tx, &voices[&cast_voice]).await?;
        }
        let sound = reading.sound_of(&row.facts);
        let take = takes::NewTake {
            paragraph_id: row.facts.id,
            job_id,
            render_id,
            text: &row.text,
            characters: row.facts.characters,
            text_hash: &row.facts.text_hash,
            voice_id: stale.voice_id,
            delivery,
            terms,
            sound: &sound,
        };
        takes::insert(&mut tx, &take).await?;
        let from = projects::RenderedFrom {
            hash: &stale.hash,
            text_hash: &row.facts.text_hash,
            voice_id: stale.voice_id,
            dictionary: &dictionary,
            sound: &sound,
            terms,
        };
        projects::set_paragraph_job(&mut tx, row.facts.id, job_id, &from).await?;
        pruned.extend(takes::prune(&mut tx, row.facts.id, TAKES_KEPT).await?);
        queued.push(job_id);
    }
    projects::touch(&mut *tx, project_id).await?;
    let balance_cent = db::users::balance(&mut *tx, user.id).await?;
    tx.commit().await?;
    tracing::info!(%project_id, %chapter_id, paragraphs = queued.len(), charged = total, "chapter rendering");
    for key in pruned.into_iter().filter_map(|p| p.audio_key) {
        if let Err(e) = svc.storage.delete(&key).await {
            tracing::warn!(key, error = %e, "an old take's file was not removed");
        }
    }
    for job_id in queued {
        if let Err(e) = svc.queue.push::<Synthesize>(job_id).await {
            tracing::warn!(%job_id, error = %e, "enqueue failed; the sweep will retry");
            jobs::clear_enqueued(&svc.pool, job_id).await.ok();
        }
    }
    let chapter = super::edit::chapter_view(svc, caller, project_id, chapter_id, base, Window::first_page()).await?;
    Ok(Rendered { chapter, charged_cent: total, balance_cent })
}

/// A paragraph job's options: its project (whose dictionary entries apply), the speed and
/// pitch its voice can take, and, when characters speak its quotations, which voice reads
/// which part of its text (`domain::project::voice_parts`), each voice as the job needs it.
fn job_options(
    project_id: Uuid,
    delivery: Delivery,
    voice: &db::voices::Voice,
    text: &str,
    cast: &[Option<Uuid>],
    voices: &std::collections::HashMap<Uuid, db::voices::Voice>,
) -> serde_json::Value {
    let caps = crate::providers::of(voice.provider).delivery;
    let mut options = json!({ "project_id": project_id });
    if cast.iter().any(Option::is_some) {
        let parts: Vec<serde_json::Value> = project::voice_parts(text, cast)
            .into_iter()
            .map(|(range, cast_voice)| {
                let speaker = cast_voice.and_then(|id| voices.get(&id)).unwrap_or(voice);
                json!({
                    "start": range.start,
                    "end": range.end,
                    "voice_id": speaker.id,
                    "provider": speaker.provider,
                    "api_name": speaker.api_name,
                    "language": speaker.language,
                })
            })
            .collect();
        options["parts"] = json!(parts);
    }
    if let Some(speed) = delivery.speed.filter(|_| caps.speed) {
        options["rate"] = json!(speed);
    }
    if let Some(pitch) = delivery.pitch.filter(|_| caps.pitch) {
        options["pitch"] = json!(pitch);
    }
    options
}

/// What each stale paragraph (at these positions) is charged for how it will be spoken; a
/// paragraph spoken longer or with more pauses than one text may is refused by its number.
fn billable_costs(positions: &[i32], sizes: &[SpeechSize]) -> Result<Vec<i64>> {
    positions
        .iter()
        .zip(sizes)
        .map(|(position, size)| {
            size.check().map_err(|mut invalid| {
                invalid.message = format!("Absatz {}: {}", position + 1, invalid.message);
                Error::from(invalid)
            })?;
            Ok(generation_cost_cent(size.billable_chars()))
        })
        .collect()
}

/// After a project job completed: when its chapter's takes are all finished now, queue
/// the joining.
pub async fn paragraph_finished(svc: &Services, job_id: Uuid) -> Result<()> {
    let Some((chapter_id, _)) = projects::chapter_of_job(&svc.pool, job_id).await? else {
        return Ok(());
    };
    queue_assembly_if_done(svc, chapter_id).await
}

/// Queues the joining of the chapter when every chosen take is finished and its audio is
/// not joined from exactly them (also after a take was chosen, a pause changed, or a
/// split or merge moved finished paragraphs).
pub(crate) async fn queue_assembly_if_done(svc: &Services, chapter_id: Uuid) -> Result<()> {
    let Some(plan) = super::assemble::plan(svc, chapter_id).await? else {
        return Ok(());
    };
    if plan.ready && !plan.up_to_date {
        svc.queue.push::<AssembleChapter>(chapter_id).await.map_err(|e| Error::Internal(e.into()))?;
    }
    Ok(())
}
