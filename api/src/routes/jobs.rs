//! /api/jobs: create (charge + enqueue), list (ETag for cheap polling), delete for good,
//! audio playback and download, and the user's "clean up stuck jobs".

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use shared::db::jobs::JobRow;
use shared::domain::text::download_file_name;
use shared::generation::{self, SubmitRequest};
use tokio_util::io::ReaderStream;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ApiPath, ApiQuery, CurrentUser};

/// The list shows the most recent jobs; older ones live in the knowledge base.
const LIST_LIMIT: i64 = 200;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/jobs", get(list).post(create))
        .route("/api/jobs/cleanup", post(cleanup))
        .route("/api/jobs/{id}", axum::routing::delete(delete))
        .route("/api/jobs/{id}/audio", get(audio))
}

#[derive(Serialize)]
struct VoiceRef {
    id: Option<Uuid>,
    name: String,
    language: String,
    #[serde(rename = "type")]
    voice_type: String,
    provider: String,
}

#[derive(Serialize)]
struct JobDto {
    id: Uuid,
    text: String,
    status: String,
    cost_cent: i64,
    duration_seconds: Option<f64>,
    error_message: Option<String>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    voice: VoiceRef,
    audio_url: Option<String>,
}

impl From<JobRow> for JobDto {
    fn from(job: JobRow) -> Self {
        let audio_url = (job.status == "completed").then(|| format!("/api/jobs/{}/audio", job.id));
        JobDto {
            id: job.id,
            text: job.text,
            status: job.status,
            cost_cent: job.cost_cent,
            duration_seconds: job.duration_seconds,
            error_message: job.error_message,
            created_at: job.created_at,
            completed_at: job.completed_at,
            voice: VoiceRef {
                id: job.voice_id,
                name: job.voice_name,
                language: job.voice_language,
                voice_type: job.voice_type,
                provider: job.voice_provider,
            },
            audio_url,
        }
    }
}

async fn list(State(state): State<AppState>, CurrentUser(user): CurrentUser, headers: HeaderMap) -> ApiResult<Response> {
    let jobs: Vec<JobDto> = shared::db::jobs::list_for_user(&state.pool, user.id, LIST_LIMIT)
        .await?
        .into_iter()
        .map(JobDto::from)
        .collect();
    let body = serde_json::to_vec(&json!({ "jobs": jobs })).map_err(|e| shared::Error::Internal(e.into()))?;
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
    let etag_header = HeaderValue::from_str(&etag).expect("hex is a valid header value");
    if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes()) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag_header)]).into_response());
    }
    Ok((
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (header::ETAG, etag_header)],
        body,
    )
        .into_response())
}

#[derive(Deserialize)]
struct CreateBody {
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
    rate: Option<f32>,
}

async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    let idempotency_key = headers
        .get("idempotency-key")
        .map(|v| v.to_str().map(str::to_owned))
        .transpose()
        .map_err(|_| ApiError::BadRequest("Der Idempotency-Key darf nur sichtbare ASCII-Zeichen enthalten.".into()))?;
    let submitted = generation::submit(
        &state.pool,
        &state.queue,
        &state.engines.current(),
        user.id,
        SubmitRequest {
            text: body.text,
            voice_id: body.voice_id,
            rate: body.rate,
            source_type: "manual",
            idempotency_key,
        },
    )
    .await?;
    let status = if submitted.replayed { StatusCode::OK } else { StatusCode::CREATED };
    Ok((
        status,
        Json(json!({ "job": JobDto::from(submitted.job), "balance_cent": submitted.balance_cent })),
    ))
}

async fn delete(State(state): State<AppState>, CurrentUser(user): CurrentUser, ApiPath(id): ApiPath<Uuid>) -> ApiResult<StatusCode> {
    generation::delete(&state.pool, state.storage.as_ref(), user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
struct AudioQuery {
    download: Option<String>,
}

async fn audio(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<AudioQuery>,
) -> ApiResult<Response> {
    let not_found = || ApiError::Domain(shared::Error::NotFound("Audio nicht gefunden."));
    let job = shared::db::jobs::get_for_user(&state.pool, id, user.id).await?.ok_or_else(not_found)?;
    let key = job.audio_key.filter(|_| job.status == "completed").ok_or_else(not_found)?;
    let (file, len) = state.storage.open(&key).await.map_err(|e| {
        tracing::error!(job_id = %id, error = %e, "audio file missing");
        not_found()
    })?;
    let disposition = match query.download.as_deref() {
        Some("1" | "true") => format!("attachment; filename=\"{}\"", download_file_name(&job.text)),
        _ => "inline".to_owned(),
    };
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg")),
            (header::CONTENT_LENGTH, HeaderValue::from(len)),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).expect("sanitized file name")),
        ],
        Body::from_stream(ReaderStream::new(file)),
    )
        .into_response())
}

async fn cleanup(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> ApiResult<Json<serde_json::Value>> {
    let cleaned = generation::sweep(&state.pool, &state.queue, &state.sweep_settings(), Some(user.id)).await?;
    Ok(Json(json!({ "cleaned_jobs": cleaned })))
}
