//! A clone's recordings: checked and stored for the owner, played back to the owner
//! and to admins who proved the second factor.

// The types and helpers of the clone use cases (`super`): the rows, the checks, the
// owner's clone.
use super::*;

/// A recording as uploaded.
pub struct Upload {
    pub kind: SampleKind,
    pub step: i32,
    pub transcript: Option<String>,
    pub webm: Vec<u8>,
}

/// Checks and stores a recording of the owner's clone; a new recording of a step
/// replaces the old one. Not while the clone trains or after it is trained.
pub async fn upload_sample(svc: &Services, caller: &Caller, voice_id: Uuid, upload: Upload) -> Result<SampleRow> {
    let clone = own_clone(svc, caller, voice_id).await?;
    if !matches!(clone.training_status, TrainingStatus::TrainingNeeded | TrainingStatus::Failed) {
        return Err(Error::Conflict("Aufnahmen lassen sich nur vor dem Training ändern.".into()));
    }
    let step = match upload.kind {
        SampleKind::Consent => 0,
        SampleKind::Training => {
            let known = sqlx::query_scalar!(
                r#"SELECT EXISTS (SELECT 1 FROM voice_training_texts WHERE step_number = $1) AS "known!""#,
                upload.step
            )
            .fetch_one(&svc.pool)
            .await?;
            if !known {
                return Err(Error::field("step", "Zu diesem Schritt gibt es keinen Trainingstext."));
            }
            upload.step
        }
    };
    let transcript = match upload.kind {
        SampleKind::Training => {
            sqlx::query_scalar!("SELECT content FROM voice_training_texts WHERE step_number = $1", step)
                .fetch_optional(&svc.pool)
                .await?
        }
        // The statement an admin reads as evidence: a NUL would reach Postgres (a 500), a
        // direction override would show other words. Checked before the recording is decoded.
        SampleKind::Consent => match upload.transcript {
            Some(t) => Some(input::shown_text("transcript", &t, 1000)?).filter(|t| !t.is_empty()),
            None => None,
        },
    };
    let size = upload.webm.len() as i64;
    let checked = recording::check(upload.webm, svc.settings.cloning.max_upload_bytes).await?;
    let key = files::sample_key(clone.owner_id, voice_id, upload.kind, step);
    svc.storage.put(&key, &checked.webm).await.map_err(|e| Error::Internal(e.into()))?;
    let row = clones::upsert_sample(
        &svc.pool,
        &NewSample {
            voice_id,
            user_id: clone.owner_id,
            kind: upload.kind,
            step,
            audio_path: &key,
            transcript: transcript.as_deref(),
            file_size_bytes: size,
            duration_seconds: checked.facts.duration_seconds,
        },
    )
    .await?;
    Ok(row)
}

/// A clone whose recordings the caller may hear: the owner's, or any for an admin whose
/// session proved the second factor (the consent statement is the evidence an admin
/// checks; a recording of a person's voice is what a clone is made from, so a password
/// alone must not open everyone's). Anyone else learns nothing: 404.
async fn audible_clone(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<()> {
    let user = caller.user()?;
    let owner = clones::owner(&svc.pool, voice_id).await?.ok_or_else(not_found)?;
    if owner == user.id || caller.admin().is_ok() { Ok(()) } else { Err(not_found()) }
}

/// The clone's recordings.
pub async fn samples(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<Vec<SampleRow>> {
    audible_clone(svc, caller, voice_id).await?;
    Ok(clones::samples(&svc.pool, voice_id).await?)
}

/// The storage key of one recording, after the check.
pub async fn sample_audio(svc: &Services, caller: &Caller, voice_id: Uuid, sample_id: Uuid) -> Result<String> {
    audible_clone(svc, caller, voice_id).await?;
    clones::samples(&svc.pool, voice_id)
        .await?
        .into_iter()
        .find(|s| s.id == sample_id)
        .map(|s| s.audio_path)
        .ok_or(Error::NotFound("Aufnahme nicht gefunden."))
}
