//! A voice's "Hörprobe": one short sentence in its language (`domain::voice_preview`),
//! rendered once per voice through the workers' demo lane, kept in the audio store and
//! served from there. Nobody is charged for it: the house pays one rendering per voice
//! (and per change of the voice), however often and by whomever it is heard.
//!
//! Who may hear which voice: visitors the demo voices, a signed-in user the voices they
//! may use and their own finished clone (before its fee is charged), an admin every voice.
//! A render holds the voice's lock in this process, so a burst of requests renders once;
//! a failed render is not tried again for a minute, so a broken provider is not hammered.

use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::{self, voices::Voice};
use crate::domain::kinds::Role;
use crate::domain::voice_preview;
use crate::error::{Error, Result};
use crate::services::Services;

const NOT_FOUND: &str = "Diese Stimme gibt es nicht.";
const BUSY: &str = "Die Hörprobe wird gerade erstellt. Bitte versuchen Sie es in einigen Sekunden erneut.";
/// How long a failed render keeps the voice from rendering again.
const RETRY_AFTER_FAILURE: Duration = Duration::from_secs(60);

/// A rendered preview in the audio store.
#[derive(Debug, Clone)]
pub struct Preview {
    pub storage_key: String,
    pub duration_seconds: f64,
}

/// Per voice: the lock a render holds, with when and why its last render failed.
pub type Renders = crate::keyed_locks::KeyedLocks<Uuid, Option<(Instant, String)>>;

/// The voice's preview, rendered first if it has none (or an outdated one).
pub async fn preview(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<Preview> {
    let voice = audible(svc, caller, voice_id).await?;
    let fingerprint = fingerprint(&voice);
    if let Some(ready) = stored(svc, voice_id, &fingerprint).await? {
        return Ok(ready);
    }
    let role = caller.user().map(|u| u.role).unwrap_or(Role::User);
    let engine_ready = svc.engines.current().usable(voice.provider).map(|_| ());
    engine_ready.map_err(|why| Error::Unavailable(why.reason_for(role).to_owned()))?;

    let lock = svc.preview_renders.of(voice_id);
    let mut last_failure = lock.lock().await;
    // Whoever held the lock before may have rendered it.
    if let Some(ready) = stored(svc, voice_id, &fingerprint).await? {
        return Ok(ready);
    }
    if let Some((at, message)) = last_failure.as_ref()
        && at.elapsed() < RETRY_AFTER_FAILURE
    {
        return Err(Error::Engine(message.clone()));
    }
    match render(svc, &voice, &fingerprint).await {
        Ok(preview) => {
            *last_failure = None;
            Ok(preview)
        }
        Err(e) => {
            if let Error::Engine(message) = &e {
                *last_failure = Some((Instant::now(), message.clone()));
            }
            Err(e)
        }
    }
}

/// The voice if the caller may hear it; the same 404 for a voice that does not exist and
/// one the caller may not hear.
async fn audible(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<Voice> {
    let voice = if caller.admin().is_ok() {
        db::voices::get(&svc.pool, voice_id).await?
    } else if let Ok(user) = caller.user() {
        db::voices::find_audible(&svc.pool, voice_id, user.id).await?
    } else {
        db::voices::list_demo(&svc.pool).await?.into_iter().find(|v| v.id == voice_id)
    };
    voice.ok_or(Error::NotFound(NOT_FOUND))
}

fn fingerprint(voice: &Voice) -> String {
    let input = voice_preview::fingerprint_input(
        voice.provider.as_str(),
        voice.api_name.as_deref().unwrap_or_default(),
        &voice.language,
    );
    hex::encode(Sha256::digest(input.as_bytes()))
}

async fn stored(svc: &Services, voice_id: Uuid, fingerprint: &str) -> Result<Option<Preview>> {
    Ok(db::voice_previews::get(&svc.pool, voice_id)
        .await?
        .filter(|row| row.fingerprint == fingerprint)
        .map(|row| Preview { storage_key: row.storage_key, duration_seconds: row.duration_seconds }))
}

async fn render(svc: &Services, voice: &Voice, fingerprint: &str) -> Result<Preview> {
    let mp3 = match crate::use_cases::demo::speak_in_lane(svc, voice.id, voice_preview::sentence(&voice.language), None)
        .await
    {
        Err(Error::Busy) => return Err(Error::Unavailable(BUSY.to_owned())),
        other => other?,
    };
    let storage_key = format!("previews/{}-{}.mp3", voice.id, &fingerprint[..16]);
    svc.storage.put(&storage_key, &mp3.bytes).await.map_err(|e| {
        tracing::error!(voice_id = %voice.id, error = %e, "voice preview not stored");
        Error::Unreachable(crate::files::STORE_DOWN)
    })?;
    let replaced =
        db::voice_previews::put(&svc.pool, voice.id, fingerprint, &storage_key, mp3.duration_seconds).await?;
    if let Some(old) = replaced
        && let Err(e) = svc.storage.delete(&old).await
    {
        tracing::warn!(voice_id = %voice.id, error = %e, "outdated voice preview not removed");
    }
    Ok(Preview { storage_key, duration_seconds: mp3.duration_seconds })
}
