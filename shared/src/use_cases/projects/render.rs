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
use super::{content_hash, owned_chapter, state_of};
use crate::caller::Caller;
use crate::db::{self, jobs, ledger, projects};
use crate::domain::kinds::JobSource;
use crate::domain::money::generation_cost_cent;
use crate::domain::project::ParagraphState;
use crate::domain::speech_budget::{self, SpeechSize};
use crate::error::{Error, Result};
use crate::queue::{AssembleChapter, Synthesize};
use crate::services::Services;

pub struct Rendered {
    pub chapter: ChapterDetail,
    pub charged_cent: i64,
    pub balance_cent: i64,
}

/// Renders the chapter's stale paragraphs, charging exactly them.
pub async fn chapter(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    chapter_id: Uuid,
    base: &str,
) -> Result<Rendered> {
    let user = caller.user()?;
    let (project, chapter) = owned_chapter(svc, user.id, project_id, chapter_id).await?;
    let entries = crate::use_cases::pronunciation::entries_for(&svc.pool, Some(user.id)).await?;
    let dictionary = crate::domain::project::dictionary_fingerprint(&entries);
    let mut tx = svc.pool.begin().await?;
    projects::lock_chapter(&mut tx, chapter_id).await?;
    // Read under the lock: a render that ran meanwhile has set its jobs.
    let rows = projects::paragraphs(&mut *tx, chapter_id).await?;
    let mut stale = Vec::new();
    let mut voices: std::collections::HashMap<Uuid, db::voices::Voice> = Default::default();
    for row in &rows {
        let voice_id = voice_of(row.facts.voice_id, chapter.voice_id, project.voice_id)
            .ok_or_else(|| Error::field("voice_id", "Bitte wählen Sie eine Stimme für das Projekt."))?;
        if !state_of(&row.facts, Some(voice_id), &dictionary).needs_rendering() {
            continue;
        }
        let hash = content_hash(&row.facts, Some(voice_id), &dictionary);
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
        stale.push((row, voice_id, hash));
    }
    // Each paragraph is charged for what it will be spoken as (`domain::speech_budget`).
    let texts: Vec<(String, String)> =
        stale.iter().map(|(row, voice, _)| (row.text.clone(), voices[voice].language.clone())).collect();
    let sizes: Vec<SpeechSize> = crate::cpu::CpuPool::global()
        .run(move || texts.iter().map(|(text, language)| speech_budget::measure(text, &entries, language)).collect())
        .await?;
    let costs = billable_costs(&stale.iter().map(|(row, _, _)| row.facts.position).collect::<Vec<_>>(), &sizes)?;
    let stale_total: i64 = costs.iter().sum();
    let mut queued = Vec::new();
    let mut charged = 0;
    for ((row, voice_id, hash), cost) in stale.iter().zip(costs) {
        let voice = &voices[voice_id];
        let job_id = Uuid::new_v4();
        let new_job = jobs::NewJob {
            id: job_id,
            user_id: user.id,
            text: &row.text,
            voice,
            options: json!({}),
            cost_cent: cost,
            source_type: JobSource::Project,
            idempotency_key: None,
            fingerprint: hash,
            enqueued: true,
            characters: row.facts.characters,
        };
        jobs::insert(&mut tx, &new_job).await?.ok_or_else(|| Error::Internal(anyhow::anyhow!("job id taken")))?;
        if ledger::debit(&mut tx, user.id, cost, ledger::JobDebit::Charge, job_id).await?.is_none() {
            let balance = db::users::balance(&mut *tx, user.id).await?;
            return Err(Error::InsufficientBalance { needed: stale_total, balance: balance + charged });
        }
        db::voices::count_clone_use(&mut tx, voice).await?;
        let from = projects::RenderedFrom {
            hash,
            text_hash: &row.facts.text_hash,
            voice_id: *voice_id,
            dictionary: &dictionary,
        };
        projects::set_paragraph_job(&mut tx, row.facts.id, job_id, &from).await?;
        charged += cost;
        queued.push(job_id);
    }
    let balance_cent = db::users::balance(&mut *tx, user.id).await?;
    tx.commit().await?;
    if !queued.is_empty() {
        tracing::info!(%project_id, %chapter_id, paragraphs = queued.len(), charged, "chapter rendering");
    }
    for job_id in queued {
        if let Err(e) = svc.queue.push::<Synthesize>(job_id).await {
            tracing::warn!(%job_id, error = %e, "enqueue failed; the sweep will retry");
            jobs::clear_enqueued(&svc.pool, job_id).await.ok();
        }
    }
    // Nothing left to render but no joined audio (a worker died while joining): join now.
    if charged == 0 {
        queue_assembly_if_done(svc, chapter_id).await?;
    }
    let chapter = super::edit::chapter_view(svc, caller, project_id, chapter_id, base, Window::first_page()).await?;
    Ok(Rendered { chapter, charged_cent: charged, balance_cent })
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

/// After a project job completed: when its chapter is now fully done, queue the joining.
pub async fn paragraph_finished(svc: &Services, job_id: Uuid) -> Result<()> {
    let Some((chapter_id, _)) = projects::chapter_of_job(&svc.pool, job_id).await? else {
        return Ok(());
    };
    queue_assembly_if_done(svc, chapter_id).await
}

/// Queues the joining of the chapter when every paragraph is done and its audio is not
/// joined from exactly them (also after a split or merge moved finished paragraphs).
pub(crate) async fn queue_assembly_if_done(svc: &Services, chapter_id: Uuid) -> Result<()> {
    let Some(plan) = super::assemble::plan(svc, chapter_id).await? else {
        return Ok(());
    };
    if plan.state == ParagraphState::Done && !plan.up_to_date {
        svc.queue.push::<AssembleChapter>(chapter_id).await.map_err(|e| Error::Internal(e.into()))?;
    }
    Ok(())
}
