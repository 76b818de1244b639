//! `/v1/projects`: long-form projects for programs, with the same keys, limits and use
//! cases as the web app: create from text, read, change a paragraph, split and merge
//! chapters, render a chapter (charged once), poll, export and download. Every POST that
//! makes something survives a retry: create and export take an `Idempotency-Key`, a render
//! charges only what is stale, a split of a paragraph that already begins a chapter changes
//! nothing. Webhooks tell `project.rendered` (a chapter joined) and `export.completed`.

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use shared::domain::timed_text::TimedText;
use shared::use_cases::projects;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::KeyCaller;
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::routes::projects::{
    ChapterDetail, ChapterSplit, ChaptersChanged, ExportView, MAX_TEXT_REQUEST_BYTES, NewExport, NewProject,
    ParagraphChange, ParagraphPage, ParagraphView, ProjectDetail, ProjectList, RenderAnswer, chapter_page,
    chapter_subtitles_of, chapter_timed_text, create_for, export_for, list_of, merge_for, paragraph_changed,
    render_for, serve_chapter_audio, serve_export, split_for,
};
use crate::routes::timed_text::SubtitleQuery;

const BASE: &str = "/v1/projects";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(OpenApiRouter::new().routes(routes!(list, create)).layer(DefaultBodyLimit::max(MAX_TEXT_REQUEST_BYTES)))
        .routes(routes!(get))
        .routes(routes!(chapter))
        .routes(routes!(update_paragraph))
        .routes(routes!(split))
        .routes(routes!(merge))
        .routes(routes!(render))
        .routes(routes!(chapter_audio))
        .routes(routes!(chapter_timestamps))
        .routes(routes!(chapter_subtitles))
        .routes(routes!(create_export))
        .routes(routes!(export_download))
}

/// Die Projekte auflisten
#[utoipa::path(get, path = "/v1/projects", tag = "v1", security(("api_key" = [])),
    responses((status = 200, body = ProjectList), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, KeyCaller(caller): KeyCaller) -> ApiResult<Json<ProjectList>> {
    list_of(&state.svc, &caller).await
}

/// Ein Projekt anlegen
///
/// Aus einem Manuskript bis 500.000 Zeichen; Überschriften („Kapitel 3“, „# Titel“) beginnen
/// Kapitel, Leerzeilen Absätze. Kostet nichts, bis ein Kapitel vertont wird. Eine
/// Wiederholung mit demselben `Idempotency-Key` liefert dasselbe Projekt mit derselben
/// Antwort (201), ohne ein zweites anzulegen; derselbe Schlüssel mit einer anderen Anfrage
/// wird abgelehnt (409).
#[utoipa::path(post, path = "/v1/projects", tag = "v1", request_body = NewProject, security(("api_key" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    responses((status = 201, body = ProjectDetail), (status = 401, body = ErrorBody),
        (status = 409, description = "Zu viele Projekte, oder der Idempotency-Key gehört zu einer anderen Anfrage",
            body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NewProject>,
) -> ApiResult<(StatusCode, Json<ProjectDetail>)> {
    create_for(&state.svc, &caller, &headers, body, BASE).await
}

/// Ein Projekt abfragen
///
/// Kapitel mit Zustand (`stale`, `rendering`, `done`, `failed`), Kosten (`cost_cent`, und was
/// eine Vertonung jetzt kostet: `stale_cost_cent`), fertigem Audio und Exporten.
#[utoipa::path(get, path = "/v1/projects/{id}", tag = "v1", params(("id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, body = ProjectDetail), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProjectDetail>> {
    Ok(Json(projects::get(&state.svc, &caller, id, BASE).await?.into()))
}

/// Ein Kapitel mit seinen Absätzen abfragen
#[utoipa::path(get, path = "/v1/projects/{id}/chapters/{chapter_id}", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path), ParagraphPage), security(("api_key" = [])),
    responses((status = 200, body = ChapterDetail), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn chapter(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    ApiQuery(page): ApiQuery<ParagraphPage>,
) -> ApiResult<Json<ChapterDetail>> {
    chapter_page(&state.svc, &caller, id, chapter_id, page, BASE).await
}

/// Einen Absatz ändern
///
/// Neuer Text oder eigene Stimme; nur dieser Absatz muss danach neu vertont werden.
#[utoipa::path(patch, path = "/v1/projects/{id}/paragraphs/{paragraph_id}", tag = "v1",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)), request_body = ParagraphChange,
    security(("api_key" = [])),
    responses((status = 200, body = ParagraphView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn update_paragraph(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ParagraphChange>,
) -> ApiResult<Json<ParagraphView>> {
    paragraph_changed(&state.svc, &caller, id, paragraph_id, body, BASE).await
}

/// Ein Kapitel teilen
///
/// Der Absatz und die Absätze danach werden ein neues Kapitel direkt dahinter (Titel aus
/// `title`, sonst „Kapitel N“). Schon vertonte Absätze bleiben vertont und werden nicht noch
/// einmal berechnet; das Audio beider Kapitel wird neu zusammengefügt. Beginnt der Absatz
/// schon ein Kapitel, ändert sich nichts (200): eine Wiederholung legt kein zweites an.
#[utoipa::path(post, path = "/v1/projects/{id}/paragraphs/{paragraph_id}/split", tag = "v1",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)), request_body = ChapterSplit,
    security(("api_key" = [])),
    responses((status = 201, body = ChaptersChanged),
        (status = 200, description = "Der Absatz beginnt schon ein Kapitel", body = ChaptersChanged),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Schon 500 Kapitel", body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn split(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ChapterSplit>,
) -> ApiResult<(StatusCode, Json<ChaptersChanged>)> {
    split_for(&state.svc, &caller, id, paragraph_id, body, BASE).await
}

/// Ein Kapitel mit dem vorigen zusammenführen
///
/// Die Absätze werden an das vorige Kapitel angehängt (die Umkehrung einer Teilung); schon
/// vertonte bleiben vertont. Das Kapitel entfällt.
#[utoipa::path(post, path = "/v1/projects/{id}/chapters/{chapter_id}/merge", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, body = ChaptersChanged), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Das erste Kapitel hat kein voriges", body = ErrorBody)))]
async fn merge(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<ChaptersChanged>> {
    merge_for(&state.svc, &caller, id, chapter_id, BASE).await
}

/// Ein Kapitel vertonen
///
/// Bucht genau die veralteten Absätze ab (je max(1, ⌈Zeichen / 10⌉) Cent) und stellt sie in
/// die Warteschlange. Ein wiederholter Aufruf bucht nichts doppelt. Fragen Sie das Kapitel
/// ab oder warten Sie auf den Webhook `project.rendered`.
#[utoipa::path(post, path = "/v1/projects/{id}/chapters/{chapter_id}/render", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 202, body = RenderAnswer), (status = 401, body = ErrorBody), (status = 402, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn render(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<(StatusCode, Json<RenderAnswer>)> {
    render_for(&state.svc, &caller, id, chapter_id, BASE).await
}

/// Das Audio eines Kapitels herunterladen
#[utoipa::path(get, path = "/v1/projects/{id}/chapters/{chapter_id}/audio", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, description = "Die MP3-Datei", content_type = "audio/mpeg"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn chapter_audio(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_chapter_audio(&state.svc, &caller, id, chapter_id, &headers).await
}

/// Die Zeitmarken eines Kapitels abfragen
#[utoipa::path(get, path = "/v1/projects/{id}/chapters/{chapter_id}/timestamps", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, body = TimedText), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn chapter_timestamps(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<TimedText>> {
    Ok(Json(chapter_timed_text(&state.svc, &caller, id, chapter_id).await?.1))
}

/// Untertitel eines Kapitels herunterladen
#[utoipa::path(get, path = "/v1/projects/{id}/chapters/{chapter_id}/subtitles", tag = "v1",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path), SubtitleQuery), security(("api_key" = [])),
    responses((status = 200, description = "Untertitel", content_type = "text/vtt"), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn chapter_subtitles(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    ApiQuery(query): ApiQuery<SubtitleQuery>,
) -> ApiResult<Response> {
    chapter_subtitles_of(&state.svc, &caller, id, chapter_id, query.format()).await
}

/// Einen Export starten
///
/// `m4b` (Hörbuch mit Kapitelmarken), `mp3` (mit ID3-Kapiteln) oder `zip` (die Kapitel als
/// MP3); erst wenn alle Kapitel vertont sind, und je Format einer zur Zeit. Fertig meldet
/// der Webhook `export.completed`. Je Format bleiben die letzten drei fertigen Exporte
/// erhalten; ältere werden gelöscht. Eine Wiederholung mit demselben `Idempotency-Key`
/// liefert denselben Export, ohne einen zweiten zu starten.
#[utoipa::path(post, path = "/v1/projects/{id}/exports", tag = "v1",
    params(("id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    request_body = NewExport, security(("api_key" = [])),
    responses((status = 202, body = ExportView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Nicht alle Kapitel vertont, ein Export in diesem Format läuft, oder der \
            Idempotency-Key gehört zu einer anderen Anfrage", body = ErrorBody)))]
async fn create_export(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath(id): ApiPath<Uuid>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NewExport>,
) -> ApiResult<(StatusCode, Json<ExportView>)> {
    export_for(&state.svc, &caller, id, &headers, body, BASE).await
}

/// Einen Export herunterladen
#[utoipa::path(get, path = "/v1/projects/{id}/exports/{export_id}/download", tag = "v1",
    params(("id" = Uuid, Path), ("export_id" = Uuid, Path)), security(("api_key" = [])),
    responses((status = 200, description = "Die Datei im Format des Exports",
        content(("audio/mp4"), ("audio/mpeg"), ("application/zip"))), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export_download(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    ApiPath((id, export_id)): ApiPath<(Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_export(&state.svc, &caller, id, export_id, &headers).await
}
