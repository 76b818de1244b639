//! /api/voice-clones: the clone wizard (setup, recording check, create, recordings), the
//! clone list with its cards and stuck-training card, training actions, edit, delete and
//! paying an open fee. Recordings are played only to their owner and to admins.

use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::clones::SampleRow;
use shared::domain::clone_lifecycle::{CloneState, TrainingAction};
use shared::domain::kinds::{CloneEngineId, SampleKind};
use shared::use_cases::cloning::{self, Upload};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller};

/// The most an upload request may carry; the configured recording limit
/// (`cloning.max_upload_bytes`, checked with a German message) lies below it.
const MAX_UPLOAD_REQUEST_BYTES: usize = 32 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(check_recording))
        .routes(routes!(samples, upload_sample))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_REQUEST_BYTES));
    OpenApiRouter::new()
        .routes(routes!(setup))
        .routes(routes!(list, create))
        .routes(routes!(stuck))
        .routes(routes!(get, update, delete))
        .routes(routes!(sample_audio))
        .routes(routes!(training))
        .routes(routes!(pay))
        .merge(uploads)
}

/// A clone as its list shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = CloneVoice)]
struct CloneVoice {
    id: Uuid,
    name: String,
    description: Option<String>,
    cloned_from: Option<String>,
    language: String,
    status: CloneState,
    engine: CloneEngineId,
    /// True for the local engine: the UI says it imitates pitch and tempo only.
    approximation: bool,
    training_progress: i32,
    current_training_step: i32,
    total_training_steps: i32,
    /// Why the last training failed (German).
    training_error: Option<String>,
    training_started_at: Option<DateTime<Utc>>,
    /// In training longer than expected.
    stuck: bool,
    tags: Vec<String>,
    times_used: i32,
    last_used_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    is_global: bool,
    /// False for a global clone of someone else (read-only).
    own: bool,
    sample_count: i64,
    provider_voice_id: Option<String>,
    paid_until: Option<DateTime<Utc>>,
    consent_given: bool,
    consent_date: Option<DateTime<Utc>>,
    teleprompter_text_size: i32,
    teleprompter_scroll_speed: i32,
}

impl From<cloning::CloneVoice> for CloneVoice {
    fn from(v: cloning::CloneVoice) -> Self {
        let row = v.row;
        CloneVoice {
            id: row.id,
            name: row.name,
            description: row.description,
            cloned_from: row.cloned_from,
            language: row.language,
            status: v.status,
            engine: row.clone_engine,
            approximation: v.approximation,
            training_progress: row.training_progress,
            current_training_step: row.current_training_step,
            total_training_steps: row.total_training_steps,
            training_error: row.training_error,
            training_started_at: row.training_started_at,
            stuck: v.stuck,
            tags: row.tags,
            times_used: row.times_used,
            last_used_at: row.last_used_at,
            created_at: row.created_at,
            is_global: row.is_global,
            own: v.own,
            sample_count: row.sample_count,
            provider_voice_id: row.provider_voice_id,
            paid_until: row.paid_until,
            consent_given: row.consent_given,
            consent_date: row.consent_date,
            teleprompter_text_size: row.teleprompter_text_size,
            teleprompter_scroll_speed: row.teleprompter_scroll_speed,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = MostUsed)]
struct MostUsed {
    id: Uuid,
    name: String,
    times_used: i32,
}

/// The clone list's four cards.
#[derive(Serialize, ToSchema)]
#[schema(as = CloneStats)]
struct CloneStats {
    voices: i64,
    most_used: Option<MostUsed>,
    audios: i64,
    /// Active clones x 1 €.
    monthly_cost_cent: i64,
}

#[derive(Serialize, ToSchema)]
#[schema(as = CloneList)]
struct CloneList {
    voices: Vec<CloneVoice>,
    stats: CloneStats,
}

impl From<cloning::CloneList> for CloneList {
    fn from(list: cloning::CloneList) -> Self {
        let cloning::CloneStats { voices, most_used, audios, monthly_cost_cent } = list.stats;
        CloneList {
            voices: list.voices.into_iter().map(CloneVoice::from).collect(),
            stats: CloneStats {
                voices,
                most_used: most_used.map(|cloning::MostUsed { id, name, times_used }| MostUsed {
                    id,
                    name,
                    times_used,
                }),
                audios,
                monthly_cost_cent,
            },
        }
    }
}

/// The list's filters.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CloneQuery {
    /// Part of the name or description.
    search: Option<String>,
    /// `all` (the default) or a status.
    status: Option<String>,
}

/// One teleprompter text.
#[derive(Serialize, ToSchema)]
#[schema(as = TrainingText)]
struct TrainingText {
    step_number: i32,
    title: String,
    content: String,
    estimated_duration_minutes: i32,
}

/// What the wizard needs: the engine a new clone is made with, the texts, the limits.
#[derive(Serialize, ToSchema)]
#[schema(as = CloneSetup)]
struct CloneSetup {
    engine: CloneEngineId,
    engine_label: &'static str,
    approximation: bool,
    monthly_fee_cent: i64,
    min_seconds: f64,
    max_seconds: f64,
    max_upload_bytes: usize,
    training_texts: Vec<TrainingText>,
    /// Read aloud and recorded; `{name}` and `{date}` are filled in by the wizard.
    consent_statement: &'static str,
    /// The three consent boxes, in order.
    consents: [&'static str; 3],
}

impl From<cloning::CloneSetup> for CloneSetup {
    fn from(setup: cloning::CloneSetup) -> Self {
        CloneSetup {
            engine: setup.engine,
            engine_label: setup.engine_label,
            approximation: setup.approximation,
            monthly_fee_cent: setup.monthly_fee_cent,
            min_seconds: setup.min_seconds,
            max_seconds: setup.max_seconds,
            max_upload_bytes: setup.max_upload_bytes,
            training_texts: setup.training_texts.into_iter().map(TrainingText::from).collect(),
            consent_statement: setup.consent_statement,
            consents: setup.consents,
        }
    }
}

impl From<cloning::TrainingText> for TrainingText {
    fn from(text: cloning::TrainingText) -> Self {
        let cloning::TrainingText { step_number, title, content, estimated_duration_minutes } = text;
        TrainingText { step_number, title, content, estimated_duration_minutes }
    }
}

/// What the checks measured of a recording.
#[derive(Serialize, ToSchema)]
#[schema(as = RecordingCheck)]
struct RecordingCheck {
    duration_seconds: f64,
    level_dbfs: f64,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = Consents)]
struct Consents {
    /// Own voice, or the speaker's explicit permission.
    own_voice: bool,
    /// Used only for speech on this platform, by this account.
    usage: bool,
    /// Terms and the monthly fee.
    terms: bool,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = CreateClone)]
struct CreateClone {
    name: String,
    /// Whose voice it is.
    cloned_from: String,
    description: Option<String>,
    teleprompter_text_size: i32,
    teleprompter_scroll_speed: i32,
    consents: Consents,
}

impl From<CreateClone> for cloning::CreateClone {
    fn from(request: CreateClone) -> Self {
        let CreateClone { name, cloned_from, description, teleprompter_text_size, teleprompter_scroll_speed, consents } =
            request;
        let Consents { own_voice, usage, terms } = consents;
        cloning::CreateClone {
            name,
            cloned_from,
            description,
            teleprompter_text_size,
            teleprompter_scroll_speed,
            consents: cloning::Consents { own_voice, usage, terms },
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[schema(as = UpdateClone)]
struct UpdateClone {
    name: Option<String>,
    /// An empty text removes the description.
    description: Option<String>,
    tags: Option<Vec<String>>,
}

/// One recording of a clone.
#[derive(Serialize, ToSchema)]
#[schema(as = CloneSample)]
struct CloneSample {
    id: Uuid,
    kind: SampleKind,
    step: i32,
    duration_seconds: f64,
    file_size_bytes: i64,
    transcript: Option<String>,
    created_at: DateTime<Utc>,
}

impl From<SampleRow> for CloneSample {
    fn from(row: SampleRow) -> Self {
        CloneSample {
            id: row.id,
            kind: row.kind,
            step: row.step,
            duration_seconds: row.duration_seconds.unwrap_or(0.0),
            file_size_bytes: row.file_size_bytes,
            transcript: row.transcript,
            created_at: row.created_at,
        }
    }
}

/// What the wizard needs: the clone engine, the teleprompter texts, limits, consent texts.
#[utoipa::path(get, path = "/api/voice-clones/setup", tag = "voice-clones", responses(
    (status = 200, body = CloneSetup),
    (status = 401, body = ErrorBody),
))]
async fn setup(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<CloneSetup>> {
    Ok(Json(cloning::setup(&state.svc, &caller).await?.into()))
}

/// The caller's clones and the global clones of others, with the four cards.
#[utoipa::path(get, path = "/api/voice-clones", tag = "voice-clones", params(CloneQuery), responses(
    (status = 200, body = CloneList),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiQuery(query): ApiQuery<CloneQuery>,
) -> ApiResult<Json<CloneList>> {
    Ok(Json(cloning::list(&state.svc, &caller, query.search.as_deref(), query.status.as_deref()).await?.into()))
}

/// The caller's clones in training for longer than expected.
#[utoipa::path(get, path = "/api/voice-clones/stuck", tag = "voice-clones", responses(
    (status = 200, body = Vec<CloneVoice>),
    (status = 401, body = ErrorBody),
))]
async fn stuck(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<CloneVoice>>> {
    Ok(Json(cloning::stuck(&state.svc, &caller).await?.into_iter().map(CloneVoice::from).collect()))
}

/// Creates a clone (training_needed) with the three consents given.
#[utoipa::path(post, path = "/api/voice-clones", tag = "voice-clones", request_body = CreateClone, responses(
    (status = 201, body = CloneVoice),
    (status = 422, body = ErrorBody),
))]
async fn create(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<CreateClone>,
) -> ApiResult<(StatusCode, Json<CloneVoice>)> {
    Ok((StatusCode::CREATED, Json(cloning::create(&state.svc, &caller, body.into()).await?.into())))
}

#[utoipa::path(get, path = "/api/voice-clones/{id}", tag = "voice-clones", params(("id" = Uuid, Path)), responses(
    (status = 200, body = CloneVoice),
    (status = 404, body = ErrorBody),
))]
async fn get(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CloneVoice>> {
    Ok(Json(cloning::get(&state.svc, &caller, id).await?.into()))
}

/// Changes name, description or tags of an own clone.
#[utoipa::path(patch, path = "/api/voice-clones/{id}", tag = "voice-clones", params(("id" = Uuid, Path)),
    request_body = UpdateClone, responses(
        (status = 200, body = CloneVoice),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<UpdateClone>,
) -> ApiResult<Json<CloneVoice>> {
    let UpdateClone { name, description, tags } = body;
    let updated =
        cloning::update(&state.svc, &caller, id, name.as_deref(), description.as_deref(), tags.as_deref()).await?;
    Ok(Json(updated.into()))
}

/// Deletes an own clone with its recordings, files and the provider's voice.
#[utoipa::path(delete, path = "/api/voice-clones/{id}", tag = "voice-clones", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 404, body = ErrorBody),
))]
async fn delete(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    cloning::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The multipart form of a recording: `file`, and for uploads `kind`, `step`, `transcript`.
#[derive(ToSchema)]
#[schema(as = RecordingForm)]
#[allow(dead_code)]
struct RecordingForm {
    /// The recording, WebM with Opus (`audio/webm;codecs=opus`).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    kind: Option<SampleKind>,
    /// The teleprompter text's step number (training), 0 for the consent statement.
    step: Option<i32>,
    /// The consent statement as read.
    transcript: Option<String>,
}

async fn read_form(
    mut form: Multipart,
) -> ApiResult<(Option<Vec<u8>>, Option<String>, Option<String>, Option<String>)> {
    let (mut file, mut kind, mut step, mut transcript) = (None, None, None, None);
    while let Some(field) = form.next_field().await? {
        match field.name() {
            Some("file") => file = Some(field.bytes().await?.to_vec()),
            Some("kind") => kind = Some(utf8_text(field, "kind").await?),
            Some("step") => step = Some(utf8_text(field, "step").await?),
            Some("transcript") => transcript = Some(utf8_text(field, "transcript").await?),
            _ => {}
        }
    }
    Ok((file, kind, step, transcript))
}

/// A text field's value. Invalid UTF-8 is refused (`Field::text` would put replacement
/// characters in silently, or decode a charset the client names).
pub(crate) async fn utf8_text(field: axum::extract::multipart::Field<'_>, name: &'static str) -> ApiResult<String> {
    let bytes = field.bytes().await?;
    String::from_utf8(bytes.to_vec())
        .map_err(|_| ApiError(shared::Error::field(name, "Das Feld enthält ungültige Zeichen (kein UTF-8).")))
}

fn missing_file() -> ApiError {
    ApiError(shared::Error::field("file", "Bitte senden Sie eine Aufnahme (Feld \"file\")."))
}

/// Checks a recording (type, length, silence, clipping) without storing it.
#[utoipa::path(post, path = "/api/voice-clones/check-recording", tag = "voice-clones",
    request_body(content = RecordingForm, content_type = "multipart/form-data"), responses(
        (status = 200, body = RecordingCheck),
        (status = 413, body = ErrorBody),
        (status = 422, description = "Ungeeignete Aufnahme, mit dem Grund", body = ErrorBody),
    ))]
async fn check_recording(
    State(state): State<AppState>,
    Caller(caller): Caller,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<RecordingCheck>> {
    let (file, ..) = read_form(form?).await?;
    let cloning::RecordingCheck { duration_seconds, level_dbfs } =
        cloning::check_recording(&state.svc, &caller, file.ok_or_else(missing_file)?).await?;
    Ok(Json(RecordingCheck { duration_seconds, level_dbfs }))
}

/// The clone's recordings (owner or admin).
#[utoipa::path(get, path = "/api/voice-clones/{id}/samples", tag = "voice-clones", params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = Vec<CloneSample>),
        (status = 404, body = ErrorBody),
    ))]
async fn samples(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<CloneSample>>> {
    Ok(Json(cloning::samples(&state.svc, &caller, id).await?.into_iter().map(CloneSample::from).collect()))
}

/// Stores a checked recording of an own clone (a new one of a step replaces the old).
#[utoipa::path(post, path = "/api/voice-clones/{id}/samples", tag = "voice-clones", params(("id" = Uuid, Path)),
    request_body(content = RecordingForm, content_type = "multipart/form-data"), responses(
        (status = 201, body = CloneSample),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Die Stimme trainiert oder ist fertig", body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn upload_sample(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<(StatusCode, Json<CloneSample>)> {
    let (file, kind, step, transcript) = read_form(form?).await?;
    let kind = match kind.as_deref().unwrap_or("training") {
        "training" => SampleKind::Training,
        "consent" => SampleKind::Consent,
        _ => return Err(ApiError(shared::Error::field("kind", "Unbekannte Art der Aufnahme."))),
    };
    let step = match (kind, step.as_deref()) {
        (SampleKind::Consent, _) => 0,
        (SampleKind::Training, Some(step)) => step
            .trim()
            .parse()
            .map_err(|_| ApiError(shared::Error::field("step", "Der Schritt muss eine Zahl sein.")))?,
        (SampleKind::Training, None) => 1,
    };
    let upload = Upload { kind, step, transcript, webm: file.ok_or_else(missing_file)? };
    Ok((StatusCode::CREATED, Json(cloning::upload_sample(&state.svc, &caller, id, upload).await?.into())))
}

/// One recording as WebM/Opus (owner or admin).
#[utoipa::path(get, path = "/api/voice-clones/{id}/samples/{sample_id}/audio", tag = "voice-clones",
    params(("id" = Uuid, Path), ("sample_id" = Uuid, Path)), responses(
        (status = 200, description = "Die Aufnahme", content_type = "audio/webm"),
        (status = 302, description = "Mit S3-Speicher: Weiterleitung zu einem signierten Link"),
        (status = 404, body = ErrorBody),
    ))]
async fn sample_audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, sample_id)): ApiPath<(Uuid, Uuid)>,
    headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    let key = cloning::sample_audio(&state.svc, &caller, id, sample_id).await?;
    crate::stored::object(&state.svc, &headers, &key, "audio/webm", "inline", "Aufnahme nicht gefunden.").await
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TrainingBody)]
struct TrainingBody {
    action: TrainingAction,
}

/// start, check_status, cancel or reset the training of an own clone.
#[utoipa::path(post, path = "/api/voice-clones/{id}/training", tag = "voice-clones", params(("id" = Uuid, Path)),
    request_body = TrainingBody, responses(
        (status = 200, body = CloneVoice),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Passt nicht zum Stand des Trainings", body = ErrorBody),
        (status = 422, description = "Es fehlen Aufnahmen", body = ErrorBody),
    ))]
async fn training(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<TrainingBody>,
) -> ApiResult<Json<CloneVoice>> {
    Ok(Json(cloning::act(&state.svc, &caller, id, body.action).await?.into()))
}

/// Activates a trained clone after its owner heard it (the first 30 days are charged now),
/// or pays the open fee of a paused one, which resumes it.
#[utoipa::path(post, path = "/api/voice-clones/{id}/pay", tag = "voice-clones", params(("id" = Uuid, Path)), responses(
    (status = 200, body = CloneVoice),
    (status = 402, description = "Guthaben reicht nicht", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Nichts zu aktivieren oder zu bezahlen", body = ErrorBody),
))]
async fn pay(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CloneVoice>> {
    Ok(Json(cloning::pay(&state.svc, &caller, id).await?.into()))
}
