//! /api/projects/{id}/publication and /api/projects/{id}/cover: what every export of a
//! project carries besides its audio (author, publisher, genre, year, comment; the title
//! and album are the project's, the narrator its voice) and its cover picture.

use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use shared::domain::publication::{MAX_COVER_BYTES, Publication};
use shared::use_cases::projects::publication;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, Caller};

const BASE: &str = "/api/projects";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update)).merge(
        OpenApiRouter::new()
            .routes(routes!(cover, put_cover, delete_cover))
            // The picture and the form around it.
            .layer(DefaultBodyLimit::max(MAX_COVER_BYTES + 64 * 1024)),
    )
}

/// The cover as the editor shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectCover)]
pub struct CoverView {
    url: String,
    width: i32,
    height: i32,
    /// Why ACX would refuse this cover (not square, or under 2400 × 2400); null when ACX takes it.
    acx_refusal: Option<String>,
}

/// What every export of the project carries.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectPublication)]
pub struct PublicationView {
    author: String,
    publisher: String,
    genre: String,
    year: Option<i32>,
    comment: String,
    /// The project's voice, the exports' narrator.
    narrator: Option<String>,
    cover: Option<CoverView>,
}

impl From<publication::PublicationView> for PublicationView {
    fn from(p: publication::PublicationView) -> Self {
        PublicationView {
            author: p.author,
            publisher: p.publisher,
            genre: p.genre,
            year: p.year,
            comment: p.comment,
            narrator: p.narrator,
            cover: p.cover.map(|c| CoverView {
                url: c.url,
                width: c.width,
                height: c.height,
                acx_refusal: c.acx_refusal,
            }),
        }
    }
}

/// The details to set (each at most 200 characters, the comment 2,000; the year 1000 to 9999).
#[derive(Deserialize, ToSchema)]
#[schema(as = ProjectPublicationChange)]
pub struct PublicationChange {
    #[serde(default)]
    author: String,
    #[serde(default)]
    publisher: String,
    #[serde(default)]
    genre: String,
    year: Option<i32>,
    #[serde(default)]
    comment: String,
}

/// The publication details and cover of a project.
#[utoipa::path(get, path = "/api/projects/{id}/publication", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 200, body = PublicationView), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<PublicationView>> {
    Ok(Json(publication::get(&state.svc, &caller, id, BASE).await?.into()))
}

/// Sets author, publisher, genre, year and comment.
#[utoipa::path(put, path = "/api/projects/{id}/publication", tag = "projects", params(("id" = Uuid, Path)),
    request_body = PublicationChange,
    responses((status = 200, body = PublicationView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<PublicationChange>,
) -> ApiResult<Json<PublicationView>> {
    let details = Publication::parse(&body.author, &body.publisher, &body.genre, body.year, &body.comment)
        .map_err(shared::Error::from)?;
    Ok(Json(publication::update(&state.svc, &caller, id, details, BASE).await?.into()))
}

/// The cover picture.
#[utoipa::path(get, path = "/api/projects/{id}/cover", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 200, description = "Das Cover", content(("image/jpeg"), ("image/png"))),
        (status = 404, body = ErrorBody)))]
async fn cover(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (key, content_type) = publication::cover(&state.svc, &caller, id).await?;
    crate::stored::object(&state.svc, &headers, &key, content_type, "inline", "Dieses Projekt hat kein Cover.").await
}

/// A cover picture in the form field `file`.
#[derive(ToSchema)]
#[schema(as = CoverUpload)]
#[allow(dead_code)]
pub struct CoverUpload {
    /// JPEG or PNG, at most 10 MB, 1400 to 6000 pixels a side (ACX: square, at least 2400).
    #[schema(format = Binary, value_type = String)]
    file: Vec<u8>,
}

/// Uploads the cover (JPEG or PNG, checked by its bytes), replacing the one before.
#[utoipa::path(put, path = "/api/projects/{id}/cover", tag = "projects", params(("id" = Uuid, Path)),
    request_body(content = CoverUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = PublicationView), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn put_cover(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    mut form: Multipart,
) -> ApiResult<Json<PublicationView>> {
    let mut file = None;
    while let Some(field) = form.next_field().await? {
        if field.name() == Some("file") {
            let too_large = "Das Cover ist zu groß: höchstens 10 MB.";
            file = Some(crate::routes::projects::bounded_file(field, MAX_COVER_BYTES, too_large).await?);
        }
    }
    let bytes = file.ok_or_else(|| ApiError(shared::Error::field("file", "Bitte wählen Sie ein Bild aus.")))?;
    Ok(Json(publication::put_cover(&state.svc, &caller, id, bytes, BASE).await?.into()))
}

/// Removes the cover.
#[utoipa::path(delete, path = "/api/projects/{id}/cover", tag = "projects", params(("id" = Uuid, Path)),
    responses((status = 200, body = PublicationView), (status = 404, body = ErrorBody)))]
async fn delete_cover(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<PublicationView>> {
    Ok(Json(publication::delete_cover(&state.svc, &caller, id, BASE).await?.into()))
}
