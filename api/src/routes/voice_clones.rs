//! /api/voice-clones: the clone wizard (setup, recording check, create, recordings), the
//! clone list with its cards and stuck-training card, training actions, edit, delete and
//! paying an open fee. Recordings are played only to their owner and to admins.

use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use shared::domain::clone_lifecycle::TrainingAction;
use shared::domain::kinds::SampleKind;
use shared::use_cases::cloning::{
    self, CloneList, CloneQuery, CloneSample, CloneSetup, CloneVoice, CreateClone, RecordingCheck, UpdateClone, Upload,
};
use utoipa::ToSchema;
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

/// What the wizard needs: the clone engine, the teleprompter texts, limits, consent texts.
#[utoipa::path(get, path = "/api/voice-clones/setup", tag = "voice-clones", responses(
    (status = 200, body = CloneSetup),
    (status = 401, body = ErrorBody),
))]
async fn setup(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<CloneSetup>> {
    Ok(Json(cloning::setup(&state.svc, &caller).await?))
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
    Ok(Json(cloning::list(&state.svc, &caller, query).await?))
}

/// The caller's clones in training for longer than expected.
#[utoipa::path(get, path = "/api/voice-clones/stuck", tag = "voice-clones", responses(
    (status = 200, body = Vec<CloneVoice>),
    (status = 401, body = ErrorBody),
))]
async fn stuck(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<CloneVoice>>> {
    Ok(Json(cloning::stuck(&state.svc, &caller).await?))
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
    Ok((StatusCode::CREATED, Json(cloning::create(&state.svc, &caller, body).await?)))
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
    Ok(Json(cloning::get(&state.svc, &caller, id).await?))
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
    Ok(Json(cloning::update(&state.svc, &caller, id, body).await?))
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
async fn utf8_text(field: axum::extract::multipart::Field<'_>, name: &'static str) -> ApiResult<String> {
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
    Ok(Json(cloning::check_recording(&state.svc, &caller, file.ok_or_else(missing_file)?).await?))
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
    Ok(Json(cloning::samples(&state.svc, &caller, id).await?))
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
    Ok((StatusCode::CREATED, Json(cloning::upload_sample(&state.svc, &caller, id, upload).await?)))
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
) -> ApiResult<Response> {
    let key = cloning::sample_audio(&state.svc, &caller, id, sample_id).await?;
    crate::stored::object(&state.svc, &key, "audio/webm", "inline", "Aufnahme nicht gefunden.").await
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
    Ok(Json(cloning::act(&state.svc, &caller, id, body.action).await?))
}

/// Pays the open monthly fee of a paused clone now, which resumes it.
#[utoipa::path(post, path = "/api/voice-clones/{id}/pay", tag = "voice-clones", params(("id" = Uuid, Path)), responses(
    (status = 200, body = CloneVoice),
    (status = 402, description = "Guthaben reicht nicht", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Keine Gebühr offen", body = ErrorBody),
))]
async fn pay(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CloneVoice>> {
    Ok(Json(cloning::pay(&state.svc, &caller, id).await?))
}
