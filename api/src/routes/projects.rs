//! /api/projects: long-form projects in the web app — create (pasted text or an uploaded
//! manuscript), read with costs and states, edit, render a chapter, play it with its
//! timed text, export. `/v1/projects` (routes/v1/projects.rs) serves the same through the
//! `pub` functions here, under its own base path.

use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use shared::domain::download_name::DownloadName;
use shared::domain::kinds::{ExportProfile, JobStatus};
use shared::domain::project::{Delivery, ExportFormat, ParagraphState};
use shared::domain::timed_text::{SubtitleFormat, TimedText};
use shared::use_cases::projects;
use shared::{Caller as SharedCaller, Services};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller};
use crate::routes::timed_text::SubtitleQuery;

const BASE: &str = "/api/projects";
/// A pasted manuscript of 500,000 characters in JSON (umlauts are two bytes, escapes more).
pub const MAX_TEXT_REQUEST_BYTES: usize = 4 * 1024 * 1024;
/// An uploaded manuscript (20 MB, checked with a German message) and the form around it.
pub const MAX_UPLOAD_REQUEST_BYTES: usize = 24 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    // A pasted manuscript as documented (docs/api.md: 4 MB); only the upload takes more.
    let pasted =
        OpenApiRouter::new().routes(routes!(list, create)).layer(DefaultBodyLimit::max(MAX_TEXT_REQUEST_BYTES));
    let uploaded = OpenApiRouter::new().routes(routes!(import)).layer(DefaultBodyLimit::max(MAX_UPLOAD_REQUEST_BYTES));
    OpenApiRouter::new()
        .merge(pasted)
        .merge(uploaded)
        .routes(routes!(get, update, delete))
        .routes(routes!(chapter, update_chapter))
        .routes(routes!(update_paragraph))
        .routes(routes!(split))
        .routes(routes!(merge))
        .routes(routes!(render))
        .routes(routes!(chapter_audio))
        .routes(routes!(chapter_timestamps))
        .routes(routes!(chapter_subtitles))
        .routes(routes!(chapter_parts))
        .routes(routes!(paragraph_audio))
        .routes(routes!(paragraph_takes))
        .routes(routes!(take_audio))
        .routes(routes!(choose_take))
        .routes(routes!(list_characters, add_character))
        .routes(routes!(update_character, delete_character))
        .routes(routes!(create_export))
        .routes(routes!(export_download))
}

/// A project in the list.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectSummary)]
pub struct ProjectSummary {
    id: Uuid,
    title: String,
    voice_id: Option<Uuid>,
    chapter_count: i64,
    paragraph_count: i64,
    /// Paragraphs with finished audio.
    done_paragraphs: i64,
    characters: i64,
    /// What rendering the whole project costs, in cent.
    cost_cent: i64,
    created_at: chrono::DateTime<chrono::Utc>,
    updated_at: chrono::DateTime<chrono::Utc>,
}

impl From<projects::ProjectSummary> for ProjectSummary {
    fn from(p: projects::ProjectSummary) -> Self {
        let projects::ProjectSummary {
            id,
            title,
            voice_id,
            chapter_count,
            paragraph_count,
            done_paragraphs,
            characters,
            cost_cent,
            created_at,
            updated_at,
        } = p;
        ProjectSummary {
            id,
            title,
            voice_id,
            chapter_count,
            paragraph_count,
            done_paragraphs,
            characters,
            cost_cent,
            created_at,
            updated_at,
        }
    }
}

/// A chapter's joined audio.
#[derive(Serialize, ToSchema)]
#[schema(as = ChapterAudio)]
pub struct ChapterAudio {
    url: String,
    duration_seconds: f64,
    /// The chapter's timed text (JSON); `…/subtitles?format=srt|vtt` beside it.
    timestamps_url: String,
    /// Joined from the paragraphs' chosen takes as they are now; false while a render or a
    /// newly chosen take waits to be joined in (the last joined audio plays meanwhile).
    current: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChapterSummary)]
pub struct ChapterSummary {
    id: Uuid,
    position: i32,
    title: String,
    /// The chapter's own voice; null: the project's.
    voice_id: Option<Uuid>,
    characters: i64,
    /// What the whole chapter costs, in cent (each paragraph rounded up on its own).
    cost_cent: i64,
    /// What rendering the chapter now charges: its stale and failed paragraphs.
    stale_cost_cent: i64,
    paragraph_count: i64,
    done_paragraphs: i64,
    /// Paragraphs whose audio is out of date or missing (stale or failed).
    stale_paragraphs: i64,
    state: ParagraphState,
    /// Silence after the chapter, in milliseconds.
    pause_after_ms: i32,
    /// The chapter's last joined audio; null until it was joined once. It stays while
    /// paragraphs change or render again.
    audio: Option<ChapterAudio>,
}

impl From<projects::ChapterSummary> for ChapterSummary {
    fn from(c: projects::ChapterSummary) -> Self {
        ChapterSummary {
            id: c.id,
            position: c.position,
            title: c.title,
            voice_id: c.voice_id,
            characters: c.characters,
            cost_cent: c.cost_cent,
            stale_cost_cent: c.stale_cost_cent,
            paragraph_count: c.paragraph_count,
            done_paragraphs: c.done_paragraphs,
            stale_paragraphs: c.stale_paragraphs,
            state: c.state,
            pause_after_ms: c.pause_after_ms,
            audio: c.audio.map(|a| ChapterAudio {
                url: a.url,
                duration_seconds: a.duration_seconds,
                timestamps_url: a.timestamps_url,
                current: a.current,
            }),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ParagraphView)]
pub struct ParagraphView {
    id: Uuid,
    position: i32,
    text: String,
    /// The paragraph's own voice (a second speaker); null: the chapter's.
    voice_id: Option<Uuid>,
    characters: i32,
    cost_cent: i64,
    state: ParagraphState,
    /// Stale because it changed (text, voice, delivery, or a dictionary entry for one of
    /// its words) after it was rendered: its audio is out of date. A stale paragraph never
    /// rendered is not `changed`.
    changed: bool,
    /// Why its last rendering failed (it was refunded).
    error: Option<String>,
    delivery: Delivery,
    /// Its quotations („…“, »…«, "…") in order, and the character cast for each (null: the
    /// narrator reads it).
    quotations: Vec<String>,
    casting: Vec<Option<Uuid>>,
    /// Its chosen take, heard on its own; null until it is rendered.
    audio_url: Option<String>,
}

impl From<projects::ParagraphView> for ParagraphView {
    fn from(p: projects::ParagraphView) -> Self {
        let projects::ParagraphView {
            id,
            position,
            text,
            voice_id,
            characters,
            cost_cent,
            state,
            changed,
            error,
            delivery,
            quotations,
            casting,
            audio_url,
        } = p;
        ParagraphView {
            id,
            position,
            text,
            voice_id,
            characters,
            cost_cent,
            state,
            changed,
            error,
            delivery,
            quotations,
            casting,
            audio_url,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChapterDetail)]
pub struct ChapterDetail {
    #[serde(flatten)]
    chapter: ChapterSummary,
    /// A page of the chapter's paragraphs (the summary counts them all).
    paragraphs: Vec<ParagraphView>,
    /// Where the next page starts (`?offset=`); null after the last.
    next_offset: Option<usize>,
}

impl From<projects::ChapterDetail> for ChapterDetail {
    fn from(c: projects::ChapterDetail) -> Self {
        ChapterDetail {
            chapter: c.chapter.into(),
            paragraphs: c.paragraphs.into_iter().map(ParagraphView::from).collect(),
            next_offset: c.next_offset,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ExportView)]
pub struct ExportView {
    id: Uuid,
    format: ExportFormat,
    profile: ExportProfile,
    status: JobStatus,
    /// 0 to 1.
    progress: f64,
    error: Option<String>,
    size_bytes: Option<i64>,
    download_url: Option<String>,
    created_at: chrono::DateTime<chrono::Utc>,
    /// Its audio in the library once finished (`/api/jobs/{job_id}`, `/v1/jobs/{job_id}`):
    /// categories, tags and the trash work on it as on any audio.
    job_id: Option<Uuid>,
}

impl From<projects::ExportView> for ExportView {
    fn from(e: projects::ExportView) -> Self {
        let projects::ExportView {
            id,
            format,
            profile,
            status,
            progress,
            error,
            size_bytes,
            download_url,
            created_at,
            job_id,
        } = e;
        ExportView { id, format, profile, status, progress, error, size_bytes, download_url, created_at, job_id }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ProjectDetail)]
pub struct ProjectDetail {
    id: Uuid,
    title: String,
    voice_id: Option<Uuid>,
    characters: i64,
    cost_cent: i64,
    stale_cost_cent: i64,
    /// Paragraphs whose audio is out of date or missing, in all chapters.
    stale_paragraphs: i64,
    /// What the project's renders cost so far, less refunds, in cent.
    spent_cent: i64,
    created_at: chrono::DateTime<chrono::Utc>,
    updated_at: chrono::DateTime<chrono::Utc>,
    chapters: Vec<ChapterSummary>,
    exports: Vec<ExportView>,
}

impl From<projects::ProjectDetail> for ProjectDetail {
    fn from(p: projects::ProjectDetail) -> Self {
        ProjectDetail {
            id: p.id,
            title: p.title,
            voice_id: p.voice_id,
            characters: p.characters,
            cost_cent: p.cost_cent,
            stale_cost_cent: p.stale_cost_cent,
            stale_paragraphs: p.stale_paragraphs,
            spent_cent: p.spent_cent,
            created_at: p.created_at,
            updated_at: p.updated_at,
            chapters: p.chapters.into_iter().map(ChapterSummary::from).collect(),
            exports: p.exports.into_iter().map(ExportView::from).collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ProjectList)]
pub struct ProjectList {
    projects: Vec<ProjectSummary>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewProject)]
pub struct NewProject {
    /// 1 bis 200 Zeichen.
    #[serde(default)]
    title: String,
    /// Das Manuskript, bis 500.000 Zeichen; Überschriften („Kapitel 3“, „# Titel“) beginnen Kapitel.
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ProjectChange)]
pub struct ProjectChange {
    title: Option<String>,
    voice_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ChapterChange)]
pub struct ChapterChange {
    title: Option<String>,
    /// Eine eigene Stimme für das Kapitel; `null`: wieder die des Projekts.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Uuid>)]
    voice_id: Option<Option<Uuid>>,
    /// Stille nach dem Kapitel in Millisekunden, 0 bis 10.000.
    pause_after_ms: Option<u32>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ParagraphChange)]
pub struct ParagraphChange {
    /// 1 bis 5.000 Zeichen.
    text: Option<String>,
    /// Eine eigene Stimme für den Absatz (Dialog); `null`: wieder die des Kapitels.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Uuid>)]
    voice_id: Option<Option<Uuid>>,
    /// Tempo und Tonhöhe (wo die Stimme sie ändern kann) und die Pause danach.
    delivery: Option<Delivery>,
    /// Für jedes Zitat des Textes der Reihe nach die Figur, die es spricht (`null`: der
    /// Erzähler).
    casting: Option<Vec<Option<Uuid>>>,
}

/// A field that may be absent (no change), `null` (back to the default) or a value.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<Uuid>>, D::Error> {
    Option::<Uuid>::deserialize(d).map(Some)
}

#[derive(Serialize, ToSchema)]
#[schema(as = RenderAnswer)]
pub struct RenderAnswer {
    chapter: ChapterDetail,
    /// What this request charged (0 when nothing was stale).
    charged_cent: i64,
    balance_cent: i64,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewExport)]
pub struct NewExport {
    format: ExportFormat,
    /// How the audio is made ready: `standard` (as rendered), `acx` (Audible: 44.1 kHz,
    /// 192 kb/s constant MP3, RMS -20 dB, peaks under -3 dB, room tone; with `zip` one
    /// file per chapter as ACX asks), `podcast` (-16 LUFS, 128 kb/s). `standard` when absent.
    #[serde(default)]
    profile: Option<ExportProfile>,
    /// Absätze, die seit ihrer Vertonung geändert wurden, so exportieren, wie sie zuletzt
    /// vertont wurden (sonst 409 mit ihrer Zahl).
    #[serde(default)]
    use_rendered: bool,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ChapterSplit)]
pub struct ChapterSplit {
    /// Titel des neuen Kapitels, 1 bis 200 Zeichen; ohne: „Kapitel N“ nach seinem Platz.
    title: Option<String>,
}

/// The project after a split or merge, and the chapter the change is about.
#[derive(Serialize, ToSchema)]
#[schema(as = ChaptersChanged)]
pub struct ChaptersChanged {
    /// Geteilt: das Kapitel, das jetzt mit dem Absatz beginnt. Zusammengeführt: das
    /// Kapitel, in das die Absätze gewandert sind.
    chapter_id: Uuid,
    project: ProjectDetail,
}

/// The user's projects, newest first.
#[utoipa::path(get, path = "/api/projects", tag = "projects", responses((status = 200, body = ProjectList)))]
async fn list(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<ProjectList>> {
    list_of(&state.svc, &caller).await
}

pub async fn list_of(svc: &Services, caller: &SharedCaller) -> ApiResult<Json<ProjectList>> {
    Ok(Json(ProjectList { projects: projects::list(svc, caller).await?.into_iter().map(Into::into).collect() }))
}

/// A project from pasted text. With an `Idempotency-Key` header a repeated request answers
/// the project the first one made, with the same status (201), and makes nothing new.
#[utoipa::path(post, path = "/api/projects", tag = "projects", request_body = NewProject,
    params(("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    responses((status = 201, body = ProjectDetail),
        (status = 409, description = "Zu viele Projekte, oder der Idempotency-Key gehört zu einer anderen Anfrage",
            body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Caller(caller): Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NewProject>,
) -> ApiResult<(StatusCode, Json<ProjectDetail>)> {
    create_for(&state.svc, &caller, &headers, body, BASE).await
}

pub async fn create_for(
    svc: &Services,
    caller: &SharedCaller,
    headers: &HeaderMap,
    body: NewProject,
    base: &str,
) -> ApiResult<(StatusCode, Json<ProjectDetail>)> {
    let key = crate::routes::jobs::idempotency_key(headers)?;
    let id = projects::create(svc, caller, &body.title, &body.text, body.voice_id, key.as_deref()).await?;
    // A replay answers as the first request did: a program that lost the answer to its
    // create gets exactly what it would have read.
    Ok((StatusCode::CREATED, Json(projects::view(svc, caller, id, base).await?.into())))
}

#[derive(ToSchema)]
#[schema(as = ManuscriptUpload)]
#[allow(dead_code)] // The form's shape, for the contract.
struct ManuscriptUpload {
    /// TXT, Markdown, DOCX, EPUB oder PDF, höchstens 20 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    voice_id: Uuid,
    /// Sonst der Titel des Dokuments oder der Dateiname.
    title: Option<String>,
}

/// A project from an uploaded manuscript (TXT, Markdown, DOCX, EPUB, PDF).
#[utoipa::path(post, path = "/api/projects/import", tag = "projects",
    request_body(content = ManuscriptUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = ProjectDetail), (status = 422, body = ErrorBody)))]
async fn import(
    State(state): State<AppState>,
    Caller(caller): Caller,
    form: Multipart,
) -> ApiResult<(StatusCode, Json<ProjectDetail>)> {
    import_for(&state.svc, &caller, form, BASE).await
}

pub async fn import_for(
    svc: &Services,
    caller: &SharedCaller,
    mut form: Multipart,
    base: &str,
) -> ApiResult<(StatusCode, Json<ProjectDetail>)> {
    caller.user()?;
    let (mut file, mut voice, mut title) = (None, None, None);
    while let Some(field) = form.next_field().await? {
        match field.name() {
            Some("file") => {
                let name = field.file_name().unwrap_or("manuskript.txt").to_owned();
                let most = shared::domain::manuscript::MAX_UPLOAD_BYTES;
                file = Some((name, bounded_file(field, most, "Die Datei ist zu groß: höchstens 20 MB.").await?));
            }
            Some("voice_id") => voice = Some(crate::routes::voice_clones::utf8_text(field, "voice_id").await?),
            Some("title") => title = Some(crate::routes::voice_clones::utf8_text(field, "title").await?),
            _ => {}
        }
    }
    let (name, bytes) =
        file.ok_or_else(|| ApiError(shared::Error::field("file", "Bitte wählen Sie eine Datei aus.")))?;
    let voice_id = voice
        .map(|v| v.trim().parse::<Uuid>())
        .transpose()
        .map_err(|_| ApiError(shared::Error::field("voice_id", "Bitte wählen Sie eine Stimme aus.")))?;
    let id = projects::import(svc, caller, &name, bytes, title.as_deref(), voice_id).await?;
    Ok((StatusCode::CREATED, Json(projects::view(svc, caller, id, base).await?.into())))
}

/// An uploaded file's bytes, read chunk by chunk into one buffer and refused as soon as
/// they pass the manuscript limit: never more than the limit held, never a second copy.
pub(crate) async fn bounded_file(
    mut field: axum::extract::multipart::Field<'_>,
    most: usize,
    too_large: &'static str,
) -> ApiResult<Vec<u8>> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        if bytes.len() + chunk.len() > most {
            return Err(ApiError(shared::Error::field("file", too_large)));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// The project with its chapters (states, costs, audio) and exports.
#[utoipa::path(get, path = "/api/projects/{id}", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 200, body = ProjectDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProjectDetail>> {
    Ok(Json(projects::get(&state.svc, &caller, id, BASE).await?.into()))
}

/// Renames the project or changes its voice (its paragraphs become stale).
#[utoipa::path(patch, path = "/api/projects/{id}", tag = "projects", params(("id" = Uuid, Path)),
    request_body = ProjectChange,
    responses((status = 200, body = ProjectDetail), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ProjectChange>,
) -> ApiResult<Json<ProjectDetail>> {
    projects::update(&state.svc, &caller, id, body.title.as_deref(), body.voice_id).await?;
    Ok(Json(projects::view(&state.svc, &caller, id, BASE).await?.into()))
}

/// Deletes the project and its audio for good (unfinished paragraphs are refunded).
#[utoipa::path(delete, path = "/api/projects/{id}", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    projects::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// One chapter with a page of its paragraphs (at most 200, and about 100,000 characters;
/// `next_offset` says where the next page starts).
#[utoipa::path(get, path = "/api/projects/{id}/chapters/{chapter_id}", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path), ParagraphPage),
    responses((status = 200, body = ChapterDetail), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn chapter(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    ApiQuery(page): ApiQuery<ParagraphPage>,
) -> ApiResult<Json<ChapterDetail>> {
    chapter_page(&state.svc, &caller, id, chapter_id, page, BASE).await
}

/// Which paragraphs of a chapter to read.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParagraphPage {
    /// The first paragraph (0: the chapter's first).
    offset: Option<u32>,
    /// How many at most (1 to 200; 200 when absent).
    limit: Option<u32>,
}

pub async fn chapter_page(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
    page: ParagraphPage,
    base: &str,
) -> ApiResult<Json<ChapterDetail>> {
    let window = projects::Window::page(page.offset, page.limit)?;
    Ok(Json(projects::edit::chapter(svc, caller, id, chapter_id, base, window).await?.into()))
}

/// Renames a chapter or gives it its own voice.
#[utoipa::path(patch, path = "/api/projects/{id}/chapters/{chapter_id}", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)), request_body = ChapterChange,
    responses((status = 200, body = ChapterDetail), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update_chapter(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ChapterChange>,
) -> ApiResult<Json<ChapterDetail>> {
    let svc = &state.svc;
    let (title, voice, pause) = (body.title.as_deref(), body.voice_id, body.pause_after_ms);
    projects::edit::update_chapter(svc, &caller, id, chapter_id, title, voice, pause).await?;
    Ok(Json(
        projects::edit::chapter_view(svc, &caller, id, chapter_id, BASE, projects::Window::first_page()).await?.into(),
    ))
}

/// Changes a paragraph's text or voice: it alone becomes stale.
#[utoipa::path(patch, path = "/api/projects/{id}/paragraphs/{paragraph_id}", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)), request_body = ParagraphChange,
    responses((status = 200, body = ParagraphView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update_paragraph(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ParagraphChange>,
) -> ApiResult<Json<ParagraphView>> {
    paragraph_changed(&state.svc, &caller, id, paragraph_id, body, BASE).await
}

pub async fn paragraph_changed(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    paragraph_id: Uuid,
    body: ParagraphChange,
    base: &str,
) -> ApiResult<Json<ParagraphView>> {
    let edit = projects::edit::ParagraphEdit {
        text: body.text,
        voice_id: body.voice_id,
        delivery: body.delivery,
        casting: body.casting,
    };
    let chapter_id = projects::edit::update_paragraph(svc, caller, id, paragraph_id, edit).await?;
    let window = projects::Window::Paragraph(paragraph_id);
    let chapter = projects::edit::chapter_view(svc, caller, id, chapter_id, base, window).await?;
    let paragraph = chapter.paragraphs.into_iter().find(|p| p.id == paragraph_id);
    Ok(Json(paragraph.ok_or(shared::Error::NotFound("Absatz nicht gefunden."))?.into()))
}

/// Splits a chapter before the paragraph: it and the paragraphs after it become a new
/// chapter right after. Rendered paragraphs stay rendered (nothing is charged again); the
/// two chapters' audio is joined anew. When the paragraph already begins a chapter nothing
/// changes (200), so a repeated request makes no second chapter.
#[utoipa::path(post, path = "/api/projects/{id}/paragraphs/{paragraph_id}/split", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)), request_body = ChapterSplit,
    responses((status = 201, body = ChaptersChanged),
        (status = 200, description = "Der Absatz beginnt schon ein Kapitel", body = ChaptersChanged),
        (status = 404, body = ErrorBody), (status = 409, description = "Schon 500 Kapitel", body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn split(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ChapterSplit>,
) -> ApiResult<(StatusCode, Json<ChaptersChanged>)> {
    split_for(&state.svc, &caller, id, paragraph_id, body, BASE).await
}

pub async fn split_for(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    paragraph_id: Uuid,
    body: ChapterSplit,
    base: &str,
) -> ApiResult<(StatusCode, Json<ChaptersChanged>)> {
    let split = projects::structure::split(svc, caller, id, paragraph_id, body.title.as_deref()).await?;
    let status = if split.created { StatusCode::CREATED } else { StatusCode::OK };
    let project = projects::view(svc, caller, id, base).await?.into();
    Ok((status, Json(ChaptersChanged { chapter_id: split.chapter_id, project })))
}

/// Merges a chapter into the one before (the undo of a split): its paragraphs are
/// appended there, rendered ones stay rendered, and the chapter is gone.
#[utoipa::path(post, path = "/api/projects/{id}/chapters/{chapter_id}/merge", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)),
    responses((status = 200, body = ChaptersChanged), (status = 404, body = ErrorBody),
        (status = 409, description = "Das erste Kapitel hat kein voriges", body = ErrorBody)))]
async fn merge(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<ChaptersChanged>> {
    merge_for(&state.svc, &caller, id, chapter_id, BASE).await
}

pub async fn merge_for(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
    base: &str,
) -> ApiResult<Json<ChaptersChanged>> {
    let into = projects::structure::merge(svc, caller, id, chapter_id).await?;
    let project = projects::view(svc, caller, id, base).await?.into();
    Ok(Json(ChaptersChanged { chapter_id: into, project }))
}

/// Renders the chapter's stale paragraphs, charging exactly them (once, however often
/// this is called).
#[utoipa::path(post, path = "/api/projects/{id}/chapters/{chapter_id}/render", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)),
    responses((status = 202, body = RenderAnswer), (status = 402, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn render(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<(StatusCode, Json<RenderAnswer>)> {
    render_for(&state.svc, &caller, id, chapter_id, BASE).await
}

pub async fn render_for(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
    base: &str,
) -> ApiResult<(StatusCode, Json<RenderAnswer>)> {
    let r = projects::render::chapter(svc, caller, id, chapter_id, base).await?;
    let answer = RenderAnswer { chapter: r.chapter.into(), charged_cent: r.charged_cent, balance_cent: r.balance_cent };
    Ok((StatusCode::ACCEPTED, Json(answer)))
}

/// The chapter's joined MP3 (byte ranges answered).
#[utoipa::path(get, path = "/api/projects/{id}/chapters/{chapter_id}/audio", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)),
    responses((status = 200, description = "Die MP3-Datei", content_type = "audio/mpeg"), (status = 404, body = ErrorBody)))]
async fn chapter_audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_chapter_audio(&state.svc, &caller, id, chapter_id, &headers).await
}

pub async fn serve_chapter_audio(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
    headers: &HeaderMap,
) -> ApiResult<Response> {
    let key = projects::listen::chapter_audio_key(svc, caller, id, chapter_id).await?;
    crate::stored::object(svc, headers, &key, "audio/mpeg", "inline", "Das Kapitel ist noch nicht vertont.").await
}

/// When each sentence of the chapter is spoken.
#[utoipa::path(get, path = "/api/projects/{id}/chapters/{chapter_id}/timestamps", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)),
    responses((status = 200, body = TimedText), (status = 404, body = ErrorBody)))]
async fn chapter_timestamps(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<TimedText>> {
    Ok(Json(chapter_timed_text(&state.svc, &caller, id, chapter_id).await?.1))
}

pub async fn chapter_timed_text(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
) -> ApiResult<(String, TimedText)> {
    Ok(projects::listen::chapter_timed_text(svc, caller, id, chapter_id).await?)
}

/// The chapter's subtitles (SRT or WebVTT).
#[utoipa::path(get, path = "/api/projects/{id}/chapters/{chapter_id}/subtitles", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path), SubtitleQuery),
    responses((status = 200, description = "Untertitel", content_type = "text/vtt"), (status = 404, body = ErrorBody)))]
async fn chapter_subtitles(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
    ApiQuery(query): ApiQuery<SubtitleQuery>,
) -> ApiResult<Response> {
    chapter_subtitles_of(&state.svc, &caller, id, chapter_id, query.format()).await
}

pub async fn chapter_subtitles_of(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    chapter_id: Uuid,
    format: SubtitleFormat,
) -> ApiResult<Response> {
    let (title, timed) = chapter_timed_text(svc, caller, id, chapter_id).await?;
    let disposition = DownloadName::from_title(&title).attachment(format.extension());
    Ok((
        [(header::CONTENT_TYPE, format.content_type().to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        format.render(&timed),
    )
        .into_response())
}

/// Starts an export of the whole project (every chapter rendered); one at a time per
/// format. With an `Idempotency-Key` header a repeated request answers the export the
/// first one started (202) and starts nothing new.
#[utoipa::path(post, path = "/api/projects/{id}/exports", tag = "projects",
    params(("id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    request_body = NewExport,
    responses((status = 202, body = ExportView), (status = 404, body = ErrorBody),
        (status = 409, description = "Nicht alle Kapitel vertont, ein Export in diesem Format läuft, oder der \
            Idempotency-Key gehört zu einer anderen Anfrage", body = ErrorBody)))]
async fn create_export(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NewExport>,
) -> ApiResult<(StatusCode, Json<ExportView>)> {
    export_for(&state.svc, &caller, id, &headers, body, BASE).await
}

pub async fn export_for(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    headers: &HeaderMap,
    body: NewExport,
    base: &str,
) -> ApiResult<(StatusCode, Json<ExportView>)> {
    let key = crate::routes::jobs::idempotency_key(headers)?;
    let profile = body.profile.unwrap_or(ExportProfile::Standard);
    let request = projects::export::ExportRequest { format: body.format, profile, use_rendered: body.use_rendered };
    let export = projects::export::create(svc, caller, id, request, base, key.as_deref()).await?;
    Ok((StatusCode::ACCEPTED, Json(export.into())))
}

/// A finished export's file.
#[utoipa::path(get, path = "/api/projects/{id}/exports/{export_id}/download", tag = "projects",
    params(("id" = Uuid, Path), ("export_id" = Uuid, Path)),
    responses((status = 200, description = "Die Datei im Format des Exports",
        content(("audio/mp4"), ("audio/mpeg"), ("application/zip"))), (status = 404, body = ErrorBody)))]
async fn export_download(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, export_id)): ApiPath<(Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_export(&state.svc, &caller, id, export_id, &headers).await
}

pub async fn serve_export(
    svc: &Services,
    caller: &SharedCaller,
    id: Uuid,
    export_id: Uuid,
    headers: &HeaderMap,
) -> ApiResult<Response> {
    let (key, format, name) = projects::export::file(svc, caller, id, export_id).await?;
    let disposition = name.attachment(format.as_str());
    crate::stored::object(svc, headers, &key, format.content_type(), &disposition, "Export nicht gefunden.").await
}

/// Where one paragraph is heard in the chapter's joined audio.
#[derive(Serialize, ToSchema)]
#[schema(as = HeardPart)]
pub struct HeardPart {
    paragraph_id: Uuid,
    start_ms: u32,
    end_ms: u32,
    /// False when the paragraph changed (or got another take) since the chapter was joined.
    current: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChapterParts)]
pub struct ChapterParts {
    parts: Vec<HeardPart>,
}

/// Where each paragraph is heard in the chapter's joined audio, and which changed since.
#[utoipa::path(get, path = "/api/projects/{id}/chapters/{chapter_id}/parts", tag = "projects",
    params(("id" = Uuid, Path), ("chapter_id" = Uuid, Path)),
    responses((status = 200, body = ChapterParts), (status = 404, body = ErrorBody)))]
async fn chapter_parts(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, chapter_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<ChapterParts>> {
    let parts = projects::listen::chapter_parts(&state.svc, &caller, id, chapter_id).await?;
    let parts = parts
        .into_iter()
        .map(|p| HeardPart { paragraph_id: p.paragraph_id, start_ms: p.start_ms, end_ms: p.end_ms, current: p.current })
        .collect();
    Ok(Json(ChapterParts { parts }))
}

/// The paragraph heard on its own: its chosen take.
#[utoipa::path(get, path = "/api/projects/{id}/paragraphs/{paragraph_id}/audio", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)),
    responses((status = 200, description = "MP3", content_type = "audio/mpeg"), (status = 404, body = ErrorBody)))]
async fn paragraph_audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let svc = &state.svc;
    let key = projects::takes::paragraph_audio_key(svc, &caller, id, paragraph_id).await?;
    crate::stored::object(svc, &headers, &key, "audio/mpeg", "inline", "Dieser Absatz ist noch nicht vertont.").await
}

/// One render of a paragraph.
#[derive(Serialize, ToSchema)]
#[schema(as = Take)]
pub struct Take {
    id: Uuid,
    created_at: chrono::DateTime<chrono::Utc>,
    status: JobStatus,
    /// The text this take speaks.
    text: String,
    voice_id: Option<Uuid>,
    delivery: Delivery,
    duration_seconds: Option<f64>,
    /// The paragraph uses this take now.
    chosen: bool,
    /// Its text differs from the paragraph's now: choosing it puts this text back.
    other_text: bool,
    audio_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = TakeList)]
pub struct TakeList {
    /// Newest first; the newest five are kept, and always the chosen one.
    takes: Vec<Take>,
}

/// A paragraph's takes: every render is kept (the newest five), any finished one can be
/// heard and chosen.
#[utoipa::path(get, path = "/api/projects/{id}/paragraphs/{paragraph_id}/takes", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path)),
    responses((status = 200, body = TakeList), (status = 404, body = ErrorBody)))]
async fn paragraph_takes(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Json<TakeList>> {
    let takes = projects::takes::list(&state.svc, &caller, id, paragraph_id, BASE).await?;
    let takes = takes
        .into_iter()
        .map(|t| Take {
            id: t.id,
            created_at: t.created_at,
            status: t.status,
            text: t.text,
            voice_id: t.voice_id,
            delivery: t.delivery,
            duration_seconds: t.duration_seconds,
            chosen: t.chosen,
            other_text: t.other_text,
            audio_url: t.audio_url,
        })
        .collect();
    Ok(Json(TakeList { takes }))
}

/// One take's audio.
#[utoipa::path(get, path = "/api/projects/{id}/paragraphs/{paragraph_id}/takes/{take_id}/audio", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path), ("take_id" = Uuid, Path)),
    responses((status = 200, description = "MP3", content_type = "audio/mpeg"), (status = 404, body = ErrorBody)))]
async fn take_audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id, take_id)): ApiPath<(Uuid, Uuid, Uuid)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let svc = &state.svc;
    let key = projects::takes::audio_key(svc, &caller, id, paragraph_id, take_id).await?;
    crate::stored::object(svc, &headers, &key, "audio/mpeg", "inline", "Fassung nicht gefunden.").await
}

/// Chooses a take for the paragraph, free of charge: its text comes back with it, and the
/// chapter is joined again from the chosen takes.
#[utoipa::path(post, path = "/api/projects/{id}/paragraphs/{paragraph_id}/takes/{take_id}/choose", tag = "projects",
    params(("id" = Uuid, Path), ("paragraph_id" = Uuid, Path), ("take_id" = Uuid, Path)),
    responses((status = 200, body = ParagraphView), (status = 404, body = ErrorBody),
        (status = 409, description = "Die Fassung ist nicht fertig", body = ErrorBody)))]
async fn choose_take(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, paragraph_id, take_id)): ApiPath<(Uuid, Uuid, Uuid)>,
) -> ApiResult<Json<ParagraphView>> {
    let svc = &state.svc;
    let chapter_id = projects::takes::choose(svc, &caller, id, paragraph_id, take_id).await?;
    let window = projects::Window::Paragraph(paragraph_id);
    let chapter = projects::edit::chapter_view(svc, &caller, id, chapter_id, BASE, window).await?;
    let paragraph = chapter.paragraphs.into_iter().find(|p| p.id == paragraph_id);
    Ok(Json(paragraph.ok_or(shared::Error::NotFound("Absatz nicht gefunden."))?.into()))
}

/// A character of the project's cast.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectCharacter)]
pub struct ProjectCharacter {
    id: Uuid,
    name: String,
    /// Null once its voice is gone: its quotations wait for a new one.
    voice_id: Option<Uuid>,
}

impl From<projects::characters::CharacterView> for ProjectCharacter {
    fn from(c: projects::characters::CharacterView) -> Self {
        ProjectCharacter { id: c.id, name: c.name, voice_id: c.voice_id }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ProjectCharacterList)]
pub struct ProjectCharacterList {
    characters: Vec<ProjectCharacter>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewProjectCharacter)]
pub struct NewProjectCharacter {
    /// 1 bis 100 Zeichen, im Projekt eindeutig.
    name: String,
    voice_id: Uuid,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ProjectCharacterChange)]
pub struct ProjectCharacterChange {
    name: Option<String>,
    voice_id: Option<Uuid>,
}

/// The project's cast: characters whose quotations are read in their own voice.
#[utoipa::path(get, path = "/api/projects/{id}/characters", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 200, body = ProjectCharacterList), (status = 404, body = ErrorBody)))]
async fn list_characters(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProjectCharacterList>> {
    let characters = projects::characters::list(&state.svc, &caller, id).await?;
    Ok(Json(ProjectCharacterList { characters: characters.into_iter().map(ProjectCharacter::from).collect() }))
}

/// Adds a character with its voice (at most 50 per project).
#[utoipa::path(post, path = "/api/projects/{id}/characters", tag = "projects", params(("id" = Uuid, Path)),
    request_body = NewProjectCharacter,
    responses((status = 201, body = ProjectCharacter), (status = 404, body = ErrorBody),
        (status = 409, description = "Name vergeben oder schon 50 Figuren", body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn add_character(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<NewProjectCharacter>,
) -> ApiResult<(StatusCode, Json<ProjectCharacter>)> {
    let character = projects::characters::add(&state.svc, &caller, id, &body.name, body.voice_id).await?;
    Ok((StatusCode::CREATED, Json(character.into())))
}

/// Renames a character or gives it another voice: the paragraphs it speaks in turn stale.
#[utoipa::path(patch, path = "/api/projects/{id}/characters/{character_id}", tag = "projects",
    params(("id" = Uuid, Path), ("character_id" = Uuid, Path)), request_body = ProjectCharacterChange,
    responses((status = 200, body = ProjectCharacter), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update_character(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, character_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(body): ApiJson<ProjectCharacterChange>,
) -> ApiResult<Json<ProjectCharacter>> {
    let svc = &state.svc;
    let character =
        projects::characters::update(svc, &caller, id, character_id, body.name.as_deref(), body.voice_id).await?;
    Ok(Json(character.into()))
}

/// Removes a character: its quotations are read by the narrator again.
#[utoipa::path(delete, path = "/api/projects/{id}/characters/{character_id}", tag = "projects",
    params(("id" = Uuid, Path), ("character_id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_character(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, character_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    projects::characters::delete(&state.svc, &caller, id, character_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
