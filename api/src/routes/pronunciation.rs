//! /api/pronunciation: how a text will be spoken ("Vorschau der Aussprache") and the
//! pronunciation dictionary (own entries; global ones for admins), with CSV import/export.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::pronunciation::EntryRow;
use shared::domain::normalize::Normalized;
use shared::use_cases::pronunciation;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preview))
        .routes(routes!(list, save))
        .routes(routes!(update, delete))
        .routes(routes!(export))
        .routes(routes!(import))
        .routes(routes!(export_pls))
        .routes(routes!(import_pls))
}

/// One dictionary entry.
#[derive(Serialize, ToSchema)]
#[schema(as = DictionaryEntry)]
struct DictionaryEntry {
    id: Uuid,
    term: String,
    spoken: String,
    ipa: Option<String>,
    whole_word: bool,
    case_sensitive: bool,
    /// Kept by admins for everyone.
    global: bool,
    /// Applies only in this project of the user's.
    project_id: Option<Uuid>,
    updated_at: DateTime<Utc>,
}

impl From<EntryRow> for DictionaryEntry {
    fn from(row: EntryRow) -> Self {
        DictionaryEntry {
            id: row.id,
            global: row.user_id.is_none(),
            project_id: row.project_id,
            term: row.term,
            spoken: row.spoken,
            ipa: row.ipa,
            whole_word: row.whole_word,
            case_sensitive: row.case_sensitive,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[schema(as = EntryInput)]
struct EntryInput {
    term: String,
    spoken: String,
    ipa: Option<String>,
    #[serde(default = "yes")]
    whole_word: bool,
    #[serde(default)]
    case_sensitive: bool,
    /// For everyone (admins only).
    #[serde(default)]
    global: bool,
    /// Only for this project of the caller's (its entries come before the caller's own).
    #[serde(default)]
    project_id: Option<Uuid>,
}

fn yes() -> bool {
    true
}

impl From<EntryInput> for pronunciation::EntryInput {
    fn from(input: EntryInput) -> Self {
        let EntryInput { term, spoken, ipa, whole_word, case_sensitive, global, project_id } = input;
        pronunciation::EntryInput { term, spoken, ipa, whole_word, case_sensitive, global, project_id }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct InProject {
    /// With a project of the caller's: its entries first, then the caller's and the global ones.
    project_id: Option<Uuid>,
}

/// The caller's dictionary entries and the global ones (with `project_id`, that project's
/// entries first).
#[utoipa::path(get, path = "/api/pronunciation/dictionary", tag = "pronunciation", params(InProject), responses(
    (status = 200, body = Vec<DictionaryEntry>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiQuery(query): ApiQuery<InProject>,
) -> ApiResult<Json<Vec<DictionaryEntry>>> {
    let entries = pronunciation::list(&state.svc, &caller, query.project_id).await?;
    Ok(Json(entries.into_iter().map(DictionaryEntry::from).collect()))
}

/// Adds an entry or changes the one with the same term (global entries: admins only).
#[utoipa::path(post, path = "/api/pronunciation/dictionary", tag = "pronunciation", request_body = EntryInput, responses(
    (status = 201, body = DictionaryEntry),
    (status = 403, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn save(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EntryInput>,
) -> ApiResult<(StatusCode, Json<DictionaryEntry>)> {
    Ok((StatusCode::CREATED, Json(pronunciation::save(&state.svc, &caller, body.into()).await?.into())))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Scope {
    /// A global entry (admins only).
    #[serde(default)]
    global: bool,
    /// An entry of this project of the caller's.
    project_id: Option<Uuid>,
}

/// Changes an entry, its term too (global entries: admins only).
#[utoipa::path(put, path = "/api/pronunciation/dictionary/{id}", tag = "pronunciation", request_body = EntryInput,
    params(("id" = Uuid, Path)), responses(
        (status = 200, body = DictionaryEntry),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<EntryInput>,
) -> ApiResult<Json<DictionaryEntry>> {
    Ok(Json(pronunciation::update(&state.svc, &caller, id, body.into()).await?.into()))
}

#[utoipa::path(delete, path = "/api/pronunciation/dictionary/{id}", tag = "pronunciation",
    params(("id" = Uuid, Path), Scope), responses(
        (status = 204),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn delete(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(scope): ApiQuery<Scope>,
) -> ApiResult<StatusCode> {
    pronunciation::delete(&state.svc, &caller, id, scope.global, scope.project_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The caller's own entries as CSV (term,spoken,ipa,whole_word,case_sensitive).
#[utoipa::path(get, path = "/api/pronunciation/dictionary/export", tag = "pronunciation", responses(
    (status = 200, description = "CSV", content_type = "text/csv"),
    (status = 401, body = ErrorBody),
))]
async fn export(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Response> {
    let csv = pronunciation::export_csv(&state.svc, &caller).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"aussprache.csv\"")),
        ],
        csv,
    )
        .into_response())
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ImportBody)]
struct ImportBody {
    /// The CSV file's text (comma or semicolon separated, header optional).
    csv: String,
}

/// What an import did: entries saved, and the lines it could not take (German reasons).
#[derive(Serialize, ToSchema)]
#[schema(as = ImportResult)]
struct ImportResult {
    saved: usize,
    errors: Vec<String>,
}

/// Imports CSV into the caller's dictionary; bad lines are reported, good ones saved.
#[utoipa::path(post, path = "/api/pronunciation/dictionary/import", tag = "pronunciation", request_body = ImportBody,
    responses(
        (status = 200, body = ImportResult),
        (status = 401, body = ErrorBody),
    ))]
async fn import(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<ImportBody>,
) -> ApiResult<Json<ImportResult>> {
    let pronunciation::ImportResult { saved, errors } =
        pronunciation::import_csv(&state.svc, &caller, &body.csv).await?;
    Ok(Json(ImportResult { saved, errors }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = PreviewRequest)]
struct PreviewRequest {
    text: String,
    /// The voice that will speak it (its language decides the rules).
    voice_id: Option<Uuid>,
    /// Without a voice: a language such as "de-DE".
    language: Option<String>,
}

/// The text as the engines will read it, with every change and where it is in the text.
#[utoipa::path(post, path = "/api/pronunciation/preview", tag = "pronunciation", request_body = PreviewRequest, responses(
    (status = 200, body = Normalized),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn preview(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<PreviewRequest>,
) -> ApiResult<Json<Normalized>> {
    let PreviewRequest { text, voice_id, language } = body;
    Ok(Json(pronunciation::preview(&state.svc, &caller, text, voice_id, language).await?))
}

/// The caller's own entries (or one project's, with `project_id`) as a W3C Pronunciation
/// Lexicon (PLS 1.0): aliases and IPA phonemes, as ElevenLabs and Azure read it.
#[utoipa::path(get, path = "/api/pronunciation/dictionary/export.pls", tag = "pronunciation", params(InProject),
    responses(
        (status = 200, description = "PLS", content_type = "application/pls+xml"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn export_pls(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiQuery(query): ApiQuery<InProject>,
) -> ApiResult<Response> {
    let xml = pronunciation::export_pls(&state.svc, &caller, query.project_id).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/pls+xml; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"aussprache.pls\"")),
        ],
        xml,
    )
        .into_response())
}

/// Imports a PLS file (the request body, at most 1 MB) into the caller's dictionary, or a
/// project's with `project_id`; lexemes that cannot be taken are reported by number.
#[utoipa::path(post, path = "/api/pronunciation/dictionary/import.pls", tag = "pronunciation", params(InProject),
    request_body(content = String, content_type = "application/pls+xml"),
    responses(
        (status = 200, body = ImportResult),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn import_pls(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiQuery(query): ApiQuery<InProject>,
    body: axum::body::Bytes,
) -> ApiResult<Json<ImportResult>> {
    let pronunciation::ImportResult { saved, errors } =
        pronunciation::import_pls(&state.svc, &caller, body.to_vec(), query.project_id).await?;
    Ok(Json(ImportResult { saved, errors }))
}
