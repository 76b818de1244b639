//! The wizard: what it needs to start, the recording check, and creating a clone with
//! the speaker's consent.

// The types and helpers of the clone use cases (`super`): the rows, the checks, the
// owner's clone.
use super::*;

/// One teleprompter text.
#[derive(Debug, sqlx::FromRow)]
pub struct TrainingText {
    pub step_number: i32,
    pub title: String,
    pub content: String,
    pub estimated_duration_minutes: i32,
}

/// What the wizard needs: the engine a new clone is made with, the texts, the limits.
#[derive(Debug)]
pub struct CloneSetup {
    pub engine: CloneEngineId,
    pub engine_label: &'static str,
    pub approximation: bool,
    pub monthly_fee_cent: i64,
    pub min_seconds: f64,
    pub max_seconds: f64,
    pub max_upload_bytes: usize,
    pub training_texts: Vec<TrainingText>,
    /// Read aloud and recorded; `{name}` and `{date}` are filled in by the wizard.
    pub consent_statement: &'static str,
    /// The three consent boxes, in order.
    pub consents: [&'static str; 3],
}

pub async fn setup(svc: &Services, caller: &Caller) -> Result<CloneSetup> {
    caller.user()?;
    let engine = new_clone_engine(svc);
    let training_texts = sqlx::query_as!(
        TrainingText,
        "SELECT step_number, title, content, estimated_duration_minutes FROM voice_training_texts ORDER BY step_number"
    )
    .fetch_all(&svc.pool)
    .await?;
    Ok(CloneSetup {
        engine,
        engine_label: engine.label(),
        approximation: engine.is_approximation(),
        monthly_fee_cent: MONTHLY_FEE_CENT,
        min_seconds: crate::domain::voice_sample::MIN_SECONDS,
        max_seconds: crate::domain::voice_sample::MAX_SECONDS,
        max_upload_bytes: svc.settings.cloning.max_upload_bytes,
        training_texts,
        consent_statement: CONSENT_STATEMENT,
        consents: CONSENT_TEXTS,
    })
}

/// What the checks measured of a recording.
#[derive(Debug)]
pub struct RecordingCheck {
    pub duration_seconds: f64,
    pub level_dbfs: f64,
}

/// Checks a recording without storing it (the wizard asks right after recording).
pub async fn check_recording(svc: &Services, caller: &Caller, webm: Vec<u8>) -> Result<RecordingCheck> {
    caller.user()?;
    let checked = recording::check(webm, svc.settings.cloning.max_upload_bytes).await?;
    Ok(RecordingCheck { duration_seconds: checked.facts.duration_seconds, level_dbfs: checked.facts.level_dbfs })
}

/// The three consents of the wizard's consent step.
#[derive(Debug)]
pub struct Consents {
    /// Own voice, or the speaker's explicit permission.
    pub own_voice: bool,
    /// Used only for speech on this platform, by this account.
    pub usage: bool,
    /// Terms and the monthly fee.
    pub terms: bool,
}

/// A new clone as the wizard sends it.
#[derive(Debug)]
pub struct CreateClone {
    pub name: String,
    /// Whose voice it is.
    pub cloned_from: String,
    pub description: Option<String>,
    pub teleprompter_text_size: i32,
    pub teleprompter_scroll_speed: i32,
    pub consents: Consents,
}

/// Creates a clone (training_needed) with the speaker's consent as given.
pub async fn create(svc: &Services, caller: &Caller, request: CreateClone) -> Result<CloneVoice> {
    let user = caller.user()?;
    let name = clone_name(&request.name)?;
    let cloned_from = input::name("cloned_from", "Die Klonquelle", &request.cloned_from)?;
    let description = description(request.description.as_deref())?;
    if !(12..=24).contains(&request.teleprompter_text_size) {
        return Err(Error::field("teleprompter_text_size", "Die Textgröße muss zwischen 12 und 24 px liegen."));
    }
    let speed = request.teleprompter_scroll_speed;
    if !(10..=100).contains(&speed) || speed % 5 != 0 {
        return Err(Error::field(
            "teleprompter_scroll_speed",
            "Die Geschwindigkeit muss zwischen 10 und 100 % in Schritten von 5 liegen.",
        ));
    }
    let consents = &request.consents;
    if !(consents.own_voice && consents.usage && consents.terms) {
        return Err(Error::invalid(
            "Einverständnis fehlt",
            "Bitte bestätigen Sie alle drei Erklärungen, bevor die Stimme erstellt wird.",
        ));
    }
    let consent_text = CONSENT_TEXTS.join("\n");
    let mut tx = svc.pool.begin().await?;
    caps::reserve(&mut tx, Collection::VoiceClones, Some(user.id), 1).await?;
    let id = clones::insert(
        &mut *tx,
        &NewClone {
            owner_id: user.id,
            name: &name,
            description: description.as_deref(),
            cloned_from: &cloned_from,
            language: CLONE_LANGUAGE,
            engine: new_clone_engine(svc),
            teleprompter_text_size: request.teleprompter_text_size,
            teleprompter_scroll_speed: speed,
            consent_text: &consent_text,
        },
    )
    .await?;
    tx.commit().await?;
    get(svc, caller, id).await
}
