//! `/v1/jobs`: the web app's generation and library, for programs. Same prices, rules,
//! idempotency and use cases as `/api/jobs`; the jobs are recorded with source `api`.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use shared::db;
use shared::domain::kinds::{JobSource, JobStatus, SortOrder, TrashView};
use shared::use_cases::generation::{self, Delivery, SubmitRequest};
use shared::use_cases::library::{self, ListQuery};
use shared::use_cases::openai_speech;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::KeyCaller;
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::routes::jobs::{AudioQuery, Created, Job, JobList, idempotency_key, serve_audio};
use crate::routes::timed_text::{self, SubtitleQuery};

const BASE: &str = "/v1/jobs";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get, delete))
        .routes(routes!(audio))
        .routes(routes!(timestamps))
        .routes(routes!(subtitles))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = V1NewJob)]
struct CreateBody {
    /// Der Text, 1 bis 5.000 Zeichen (Pflicht).
    #[serde(default)]
    text: String,
    /// Der `key` einer Stimme (`local-de-klara`), ihre ID oder ihr eindeutiger Name (Pflicht);
    /// `GET /v1/voices` listet sie.
    #[serde(default)]
    voice: String,
    /// Sprechtempo 0,7 bis 1,3, nur für Stimmen mit `supports_rate`.
    rate: Option<f32>,
    /// Legt das Audio in dieser Kategorie ab (eigene oder globale).
    category_id: Option<Uuid>,
    /// Namen von Tags; vorhandene werden wiederverwendet.
    #[serde(default)]
    tags: Vec<String>,
}

/// Einen Auftrag anlegen
///
/// Bucht max(1, ⌈Zeichen / 10⌉) Cent ab und stellt den Auftrag in die Warteschlange. Fragen
/// Sie `GET /v1/jobs/{id}` ab (oder nutzen Sie einen Webhook), bis er `completed` ist. Eine
/// Wiederholung mit demselben `Idempotency-Key` liefert den ersten Auftrag (200), ohne
/// erneut abzubuchen.
#[utoipa::path(post, path = "/v1/jobs", tag = "v1", request_body = CreateBody, security(("api_key" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    responses(
        (status = 201, body = Created),
        (status = 200, description = "Wiederholung mit demselben Idempotency-Key", body = Created),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let usable = db::voices::list_usable(&state.svc.pool, caller.user()?.id).await?;
    let voice_id = openai_speech::resolve_voice(&usable, &body.voice).map_err(|e| e.on("voice"))?.id;
    let request = SubmitRequest {
        text: body.text,
        voice_id: Some(voice_id),
        rate: body.rate,
        source: JobSource::Api,
        idempotency_key: idempotency_key(&headers)?,
        category_id: body.category_id,
        tags: body.tags,
        instructions: None,
        delivery: Delivery::Queue,
    };
    // The caller sent `voice`, not the use case's `voice_id`: the error names that field.
    let submitted =
        generation::submit(&state.svc, &caller, request).await.map_err(|e| e.field_moved("voice_id", "voice"))?;
    let status = if submitted.replayed { StatusCode::OK } else { StatusCode::CREATED };
    let item = submitted.item(&state.svc).await?;
    Ok((status, Json(Created { job: Job::with_audio_under(item, BASE), balance_cent: submitted.balance_cent })))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    #[param(inline)]
    status: Option<JobStatus>,
    /// Ein Tag (Berliner Zeit), `JJJJ-MM-TT`.
    date: Option<String>,
    /// `manual` (in der Web-App erstellt) oder `api`.
    #[param(inline)]
    source: Option<JobSource>,
    /// `active` (Standard), `deleted` (Papierkorb) oder `all`.
    #[param(inline)]
    trash: Option<TrashView>,
    /// `newest` (Standard) oder `oldest` zuerst.
    #[param(inline)]
    sort: Option<SortOrder>,
    /// `next_cursor` der vorigen Seite.
    cursor: Option<String>,
    /// 1 bis 200, Standard 50.
    limit: Option<i64>,
}

/// Die Aufträge auflisten
///
/// Die Aufträge des Kontos (Web-App und API), die neuesten zuerst, seitenweise über `cursor`.
#[utoipa::path(get, path = "/v1/jobs", tag = "v1", params(ListParams), security(("api_key" = [])), responses(
    (status = 200, body = JobList),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiQuery(p): ApiQuery<ListParams>,
) -> ApiResult<Json<JobList>> {
    let query = ListQuery {
        status: p.status,
        date: p.date,
        source: p.source,
        trash: p.trash,
        sort: p.sort,
        cursor: p.cursor,
        limit: p.limit,
        ..ListQuery::default()
    };
    let page = library::list(&state.svc, &caller, query).await?;
    Ok(Json(JobList {
        jobs: page.items.into_iter().map(|item| Job::with_audio_under(item, BASE)).collect(),
        next_cursor: page.next_cursor,
        total: page.total,
    }))
}

/// Einen Auftrag abfragen
///
/// Status, Kosten, Dauer und, sobald fertig, `audio_url`.
#[utoipa::path(get, path = "/v1/jobs/{id}", tag = "v1", params(("id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, body = Job), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Job>> {
    Ok(Json(Job::with_audio_under(library::get(&state.svc, &caller, id).await?, BASE)))
}

/// Einen Auftrag löschen
///
/// Löscht den Auftrag und sein Audio endgültig; ein unfertiger Auftrag wird erstattet.
#[utoipa::path(delete, path = "/v1/jobs/{id}", tag = "v1", params(("id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    generation::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Das Audio herunterladen
///
/// Die Datei eines fertigen Auftrags (410, sobald sie abgelaufen ist): eine MP3, bei einem
/// Projekt-Export (`source` `export`) das Format des Exports (`file_format`). Ein
/// `Range`-Header liefert nur diesen Teil (206).
#[utoipa::path(get, path = "/v1/jobs/{id}/audio", tag = "v1", params(("id" = Uuid, Path), AudioQuery),
    security(("api_key" = [])), responses(
        (status = 200, description = "Die Audiodatei: MP3, bei einem Projekt-Export M4B oder ZIP (siehe `file_format`)",
            content(("audio/mpeg"), ("audio/mp4"), ("application/zip"))),
    (status = 302, description = "Mit S3-Speicher: Weiterleitung zu einem signierten Link (eine Stunde gültig)"),
    (status = 503, description = "Der Audiospeicher ist nicht erreichbar", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 410, body = ErrorBody),
    ))]
async fn audio(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<AudioQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_audio(&state.svc, &caller, id, query.download(), &headers).await
}

/// Die Zeitmarken abfragen
///
/// Wann jeder Satz eines fertigen Auftrags gesprochen wird, in Millisekunden ab Beginn des
/// Audios, und bei Stimmen, deren Dienst es meldet, auch jedes Wort. Gemessene Satzanfänge
/// liefern die lokalen eSpeak-Stimmen, Google-Stimmen außer Chirp 3 HD (über SSML-Marken)
/// und mit ElevenLabs geklonte Stimmen; Wortzeiten die eSpeak- und die ElevenLabs-Stimmen.
/// Bei den übrigen Diensten folgen Satzanfänge innerhalb einer Anfrage der Satzlänge.
/// `precision` ist `measured`, wenn jeder Satzbeginn gemessen ist, sonst `estimated`.
#[utoipa::path(get, path = "/v1/jobs/{id}/timestamps", tag = "v1", params(("id" = Uuid, Path)),
    security(("api_key" = [])), responses(
        (status = 200, body = shared::domain::timed_text::TimedText),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 410, body = ErrorBody),
    ))]
async fn timestamps(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<shared::domain::timed_text::TimedText>> {
    timed_text::timestamps_of(&state.svc, &caller, id).await
}

/// Untertitel herunterladen
///
/// Die Sätze eines fertigen Auftrags als SubRip (`format=srt`, Standard) oder WebVTT
/// (`format=vtt`); ein Untertitel hat höchstens zwei Zeilen zu 42 Zeichen.
#[utoipa::path(get, path = "/v1/jobs/{id}/subtitles", tag = "v1", params(("id" = Uuid, Path), SubtitleQuery),
    security(("api_key" = [])), responses(
        (status = 200, description = "Untertitel", content_type = "text/vtt"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 400, body = ErrorBody),
    ))]
async fn subtitles(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<SubtitleQuery>,
) -> ApiResult<Response> {
    timed_text::subtitles_of(&state.svc, &caller, id, query).await
}
