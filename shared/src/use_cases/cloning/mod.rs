//! Voice cloning, the use cases: the wizard's setup and recording check, creating a clone
//! with the speaker's consent, its recordings (checked, stored, played back to the owner
//! and to admins), the training actions, edit, delete, and paying an open fee. The
//! training itself runs in the worker (`train_voice`), the monthly fee in `fees`.

pub mod fees;
pub mod recording;
mod samples;
pub mod training;
mod wizard;

use chrono::Utc;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::caps;
use crate::db::clones::{self, CloneRow, ListFilter, NewClone, NewSample, SampleRow};
use crate::domain::caps::Collection;
use crate::domain::clone_lifecycle::{self as rules, CloneState, MONTHLY_FEE_CENT, TrainingAction};
use crate::domain::input::{self, no_controls};
use crate::domain::kinds::{CloneEngineId, SampleKind, TrainingStatus};
use crate::error::{Error, Result};
use crate::files;
use crate::queue::TrainVoice;
use crate::services::Services;

pub use samples::{Upload, sample_audio, samples, upload_sample};
pub use wizard::{CloneSetup, Consents, CreateClone, RecordingCheck, TrainingText, check_recording, create, setup};

/// Clones are German voices (spec: clone language de-DE).
pub const CLONE_LANGUAGE: &str = "de-DE";
const DESCRIPTION_MAX: usize = 500;
const TAGS_MAX: usize = 20;
/// What the speaker reads aloud as the consent evidence.
pub const CONSENT_STATEMENT: &str = "Ich, {name}, bin damit einverstanden, dass Stimmwerk aus meinen Aufnahmen vom {date} \
    eine künstliche Version meiner Stimme erstellt, die nur mein Konto nutzen darf.";
/// The three boxes of the consent step, stored with the clone as given.
pub const CONSENT_TEXTS: [&str; 3] = [
    "Ich bestätige, dass es sich um meine eigene Stimme handelt oder dass mir die ausdrückliche Erlaubnis der sprechenden Person vorliegt.",
    "Ich willige ein, dass die Aufnahmen zur Sprachgenerierung auf dieser Plattform verwendet werden. Die geklonte Stimme steht nur mir bzw. meiner Organisation zur Verfügung.",
    "Ich akzeptiere die Nutzungsbedingungen und die Gebühr von 1,00 € pro Monat je aktiver geklonter Stimme.",
];

fn not_found() -> Error {
    Error::NotFound("Stimme nicht gefunden.")
}

/// A clone as the caller may see it: its row, and what the rules make of it. The
/// provider's voice id and the paid period are the owner's business: `None` in the row
/// for everyone else.
#[derive(Debug)]
pub struct CloneVoice {
    pub row: CloneRow,
    pub status: CloneState,
    /// True for the local engine: the UI says it imitates pitch and tempo only.
    pub approximation: bool,
    /// In training longer than expected.
    pub stuck: bool,
    /// False for a global clone of someone else (read-only).
    pub own: bool,
}

fn view(svc: &Services, mut row: CloneRow, user_id: Uuid) -> CloneVoice {
    let expected = chrono::Duration::minutes(svc.settings.cloning.stuck_after_minutes);
    let own = row.owner_id == user_id;
    let ever_paid = row.paid_until.is_some();
    if !own {
        row.provider_voice_id = None;
        row.paid_until = None;
    }
    CloneVoice {
        status: CloneState::of(row.training_status, row.fee_paused, ever_paid),
        stuck: rules::is_stuck(row.training_status, row.training_started_at, Utc::now(), expected),
        approximation: row.clone_engine.is_approximation(),
        own,
        row,
    }
}

/// The owner's clone used most.
#[derive(Debug)]
pub struct MostUsed {
    pub id: Uuid,
    pub name: String,
    pub times_used: i32,
}

/// The clone list's four cards.
#[derive(Debug)]
pub struct CloneStats {
    pub voices: i64,
    pub most_used: Option<MostUsed>,
    pub audios: i64,
    /// Active clones x 1 €.
    pub monthly_cost_cent: i64,
}

#[derive(Debug)]
pub struct CloneList {
    pub voices: Vec<CloneVoice>,
    pub stats: CloneStats,
}

fn state_filter(status: Option<&str>) -> Result<Option<&str>> {
    match status {
        None | Some("all") | Some("") => Ok(None),
        Some(s @ ("training_needed" | "training_in_progress" | "completed" | "failed" | "paused")) => Ok(Some(s)),
        Some(_) => Err(Error::field("status", "Unbekannter Status.")),
    }
}

/// The caller's clones and the global ones of others, with the cards (which count the
/// caller's own clones only). `search`: part of the name or description; `status`: `all`
/// (the default) or a status.
pub async fn list(svc: &Services, caller: &Caller, search: Option<&str>, status: Option<&str>) -> Result<CloneList> {
    let user_id = caller.user()?.id;
    let search = search.map(str::trim).filter(|s| !s.is_empty());
    let filter = ListFilter { search, state: state_filter(status)? };
    let rows = clones::list_visible(&svc.pool, user_id, filter).await?;
    let all = if search.is_none() && filter.state.is_none() {
        None
    } else {
        Some(clones::list_visible(&svc.pool, user_id, ListFilter::default()).await?)
    };
    let own: Vec<&CloneRow> = all.as_ref().unwrap_or(&rows).iter().filter(|r| r.owner_id == user_id).collect();
    let most_used = own
        .iter()
        .filter(|r| r.times_used > 0)
        .max_by_key(|r| (r.times_used, r.last_used_at))
        .map(|r| MostUsed { id: r.id, name: r.name.clone(), times_used: r.times_used });
    let counts = clones::counts(&svc.pool, user_id).await?;
    let stats = CloneStats {
        voices: own.len() as i64,
        most_used,
        audios: counts.audios,
        monthly_cost_cent: counts.completed * MONTHLY_FEE_CENT,
    };
    Ok(CloneList { voices: rows.into_iter().map(|r| view(svc, r, user_id)).collect(), stats })
}

/// The caller's clones in training for longer than expected (the diagnostics card).
pub async fn stuck(svc: &Services, caller: &Caller) -> Result<Vec<CloneVoice>> {
    let user_id = caller.user()?.id;
    let filter = ListFilter { search: None, state: Some("training_in_progress") };
    let rows = clones::list_visible(&svc.pool, user_id, filter).await?;
    Ok(rows.into_iter().map(|r| view(svc, r, user_id)).filter(|v| v.stuck && v.own).collect())
}

pub async fn get(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<CloneVoice> {
    let user_id = caller.user()?.id;
    let row = clones::get_visible(&svc.pool, voice_id, user_id).await?.ok_or_else(not_found)?;
    Ok(view(svc, row, user_id))
}

fn new_clone_engine(svc: &Services) -> CloneEngineId {
    svc.engines.current().cloner_for_new().map(|c| c.id()).unwrap_or(CloneEngineId::Local)
}

fn clone_name(name: &str) -> Result<String> {
    Ok(input::name("name", "Der Name der Stimme", name)?)
}

fn description(text: Option<&str>) -> Result<Option<String>> {
    if let Some(text) = text {
        no_controls("description", text, true)?;
    }
    let text = text.map(input::trim).filter(|t| !t.is_empty());
    if text.is_some_and(|t| t.chars().count() > DESCRIPTION_MAX) {
        return Err(Error::field("description", format!("Höchstens {DESCRIPTION_MAX} Zeichen.")));
    }
    Ok(text.map(str::to_owned))
}

/// The owner's clone, for a change: 404 for anyone else (global clones included).
async fn own_clone(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<CloneRow> {
    let user_id = caller.user()?.id;
    clones::get_visible(&svc.pool, voice_id, user_id).await?.filter(|r| r.owner_id == user_id).ok_or_else(not_found)
}

/// Applies a training action to the owner's clone.
pub async fn act(svc: &Services, caller: &Caller, voice_id: Uuid, action: TrainingAction) -> Result<CloneVoice> {
    let clone = own_clone(svc, caller, voice_id).await?;
    let next = rules::next_status(clone.training_status, action).map_err(|r| Error::Conflict(r.to_string()))?;
    match (action, next) {
        (TrainingAction::Start, Some(_)) => training::start(svc, &clone).await?,
        (TrainingAction::Cancel | TrainingAction::Reset, Some(_)) => training::stop(svc, &clone).await?,
        _ => {}
    }
    get(svc, caller, voice_id).await
}

/// Changes name, description (an empty text removes it) and tags of the owner's clone;
/// `None` leaves a field.
pub async fn update(
    svc: &Services,
    caller: &Caller,
    voice_id: Uuid,
    name: Option<&str>,
    description_text: Option<&str>,
    tags: Option<&[String]>,
) -> Result<CloneVoice> {
    let clone = own_clone(svc, caller, voice_id).await?;
    let name = name.map(clone_name).transpose()?;
    let description = description_text.map(|d| description(Some(d))).transpose()?;
    let tags = tags.map(clean_tags).transpose()?;
    if tags.as_ref().is_some_and(|t| t.len() > TAGS_MAX) {
        return Err(Error::field("tags", format!("Höchstens {TAGS_MAX} Tags.")));
    }
    clones::update(
        &svc.pool,
        clone.id,
        clone.owner_id,
        name.as_deref(),
        description.as_ref().map(|d| d.as_deref()),
        tags.as_deref(),
    )
    .await?;
    get(svc, caller, voice_id).await
}

/// Tags as typed: trimmed, without empties and without repeats (case-insensitive).
fn clean_tags(tags: &[String]) -> Result<Vec<String>> {
    let mut clean: Vec<String> = Vec::new();
    for tag in tags {
        no_controls("tags", tag, false)?;
        let tag = input::trim(tag);
        if tag.is_empty() || clean.iter().any(|c| c.to_lowercase() == tag.to_lowercase()) {
            continue;
        }
        if tag.chars().count() > 50 {
            return Err(Error::field("tags", "Ein Tag darf höchstens 50 Zeichen lang sein."));
        }
        clean.push(tag.to_owned());
    }
    Ok(clean)
}

/// Deletes the owner's clone with its recordings and files, and the provider's voice.
pub async fn delete(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<()> {
    let user_id = caller.user()?.id;
    remove(svc, voice_id, Some(user_id)).await
}

/// Deletes a clone (any clone when `owner_id` is `None`), then cleans up outside the
/// database: files, the provider's running training and voice. Cleanup failures are
/// logged; the clone is gone either way.
pub async fn remove(svc: &Services, voice_id: Uuid, owner_id: Option<Uuid>) -> Result<()> {
    let mut tx = svc.pool.begin().await?;
    let removed = clones::delete(&mut tx, voice_id, owner_id).await?.ok_or_else(not_found)?;
    tx.commit().await?;
    for key in &removed.files {
        if let Err(e) = svc.storage.delete(key).await {
            tracing::warn!(%voice_id, error = %e, "recording of a deleted clone not removed");
        }
    }
    if let Some(cloner) = svc.engines.current().cloner(removed.clone_engine) {
        if let Some(training) = &removed.training_ref
            && let Err(e) = cloner.cancel(training).await
        {
            tracing::warn!(%voice_id, error = %e, "provider training of a deleted clone not cancelled");
        }
        if let Some(provider_voice) = &removed.provider_voice_id
            && let Err(e) = cloner.delete_voice(provider_voice).await
        {
            tracing::warn!(%voice_id, error = %e, "provider voice of a deleted clone not removed");
        }
    }
    Ok(())
}

/// Activates the owner's trained clone (after hearing its preview), or pays the open fee of
/// a paused one: the month starting now is charged, and the clone can be used at once.
pub async fn pay(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<CloneVoice> {
    let clone = own_clone(svc, caller, voice_id).await?;
    let state = CloneState::of(clone.training_status, clone.fee_paused, clone.paid_until.is_some());
    if !matches!(state, CloneState::Paused | CloneState::AwaitingActivation) {
        return Err(Error::Conflict("Für diese Stimme ist keine Gebühr offen.".into()));
    }
    match fees::charge(&svc.pool, voice_id).await? {
        fees::FeeResult::Short { balance_cent } => {
            Err(Error::InsufficientBalance { needed: MONTHLY_FEE_CENT, balance: balance_cent })
        }
        _ => get(svc, caller, voice_id).await,
    }
}

/// The queue payload of a clone's training.
pub(crate) async fn enqueue_training(svc: &Services, voice_id: Uuid) {
    if let Err(e) = svc.queue.push::<TrainVoice>(voice_id).await {
        tracing::warn!(%voice_id, error = %e, "enqueueing a training failed; the sweep will retry");
    }
}
