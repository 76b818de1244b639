//! /api/categories and /api/tags: the category and tag managers. Users see their own
//! and the global ones and change their own; admins whose session proved the second
//! factor also the global ones (audited).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use shared::use_cases::library::labels;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(list_tags, create_tag))
        .routes(routes!(rename_tag, delete_tag))
}

#[derive(Serialize, ToSchema)]
#[schema(as = CategoryView)]
struct CategoryView {
    id: Uuid,
    name: String,
    parent_id: Option<Uuid>,
    is_global: bool,
    /// The caller may rename, move and delete it.
    editable: bool,
    /// The caller's audios filed directly under it (not in the trash).
    audio_count: i64,
}

impl From<labels::CategoryView> for CategoryView {
    fn from(c: labels::CategoryView) -> Self {
        let labels::CategoryView { id, name, parent_id, is_global, editable, audio_count } = c;
        CategoryView { id, name, parent_id, is_global, editable, audio_count }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = TagView)]
struct TagView {
    id: Uuid,
    name: String,
    is_global: bool,
    editable: bool,
    audio_count: i64,
}

impl From<labels::TagView> for TagView {
    fn from(t: labels::TagView) -> Self {
        let labels::TagView { id, name, is_global, editable, audio_count } = t;
        TagView { id, name, is_global, editable, audio_count }
    }
}

/// The categories the user can use (own and global), by name; `parent_id` makes the tree.
#[utoipa::path(get, path = "/api/categories", tag = "library", responses((status = 200, body = Vec<CategoryView>)))]
async fn list_categories(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<CategoryView>>> {
    Ok(Json(labels::categories(&state.svc, &caller).await?.into_iter().map(CategoryView::from).collect()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewCategory)]
struct NewCategory {
    #[serde(default)]
    name: String,
    parent_id: Option<Uuid>,
    /// Admins only: visible to every user.
    #[serde(default)]
    global: bool,
}

#[utoipa::path(post, path = "/api/categories", tag = "library", request_body = NewCategory, responses(
    (status = 201, body = CategoryView),
    (status = 403, description = "Globale Kategorien legen nur Admins an", body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn create_category(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<NewCategory>,
) -> ApiResult<(StatusCode, Json<CategoryView>)> {
    let created = labels::create_category(&state.svc, &caller, &body.name, body.parent_id, body.global).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

/// `Some(None)` for an explicit `null` (move to the top), `None` when absent.
fn explicit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<Uuid>>, D::Error> {
    Option::<Uuid>::deserialize(d).map(Some)
}

#[derive(Deserialize, ToSchema)]
#[schema(as = CategoryChange)]
struct CategoryChange {
    name: Option<String>,
    /// A new parent; `null` moves it to the top level; absent leaves it.
    #[serde(default, deserialize_with = "explicit")]
    #[schema(value_type = Option<Uuid>)]
    parent_id: Option<Option<Uuid>>,
}

/// Renames or moves a category (never below itself or its own sub-categories).
#[utoipa::path(patch, path = "/api/categories/{id}", tag = "library", params(("id" = Uuid, Path)),
    request_body = CategoryChange, responses(
        (status = 200, body = CategoryView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn update_category(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CategoryChange>,
) -> ApiResult<Json<CategoryView>> {
    Ok(Json(labels::update_category(&state.svc, &caller, id, body.name.as_deref(), body.parent_id).await?.into()))
}

#[derive(Serialize, ToSchema)]
#[schema(as = CategoryDeleted)]
struct CategoryDeleted {
    /// Sub-categories that moved up one level.
    moved_children: u64,
}

/// Deletes a category: its sub-categories move up one level; its audios keep everything
/// but this filing.
#[utoipa::path(delete, path = "/api/categories/{id}", tag = "library", params(("id" = Uuid, Path)), responses(
    (status = 200, body = CategoryDeleted),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn delete_category(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CategoryDeleted>> {
    Ok(Json(CategoryDeleted { moved_children: labels::delete_category(&state.svc, &caller, id).await? }))
}

/// The tags the user can use (own and global), by name.
#[utoipa::path(get, path = "/api/tags", tag = "library", responses((status = 200, body = Vec<TagView>)))]
async fn list_tags(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<TagView>>> {
    Ok(Json(labels::tags(&state.svc, &caller).await?.into_iter().map(TagView::from).collect()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewTag)]
struct NewTag {
    #[serde(default)]
    name: String,
    /// Admins only.
    #[serde(default)]
    global: bool,
}

#[utoipa::path(post, path = "/api/tags", tag = "library", request_body = NewTag, responses(
    (status = 201, body = TagView),
    (status = 403, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn create_tag(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<NewTag>,
) -> ApiResult<(StatusCode, Json<TagView>)> {
    Ok((StatusCode::CREATED, Json(labels::create_tag(&state.svc, &caller, &body.name, body.global).await?.into())))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TagChange)]
struct TagChange {
    #[serde(default)]
    name: String,
}

#[utoipa::path(patch, path = "/api/tags/{id}", tag = "library", params(("id" = Uuid, Path)), request_body = TagChange,
    responses(
        (status = 200, body = TagView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn rename_tag(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<TagChange>,
) -> ApiResult<Json<TagView>> {
    Ok(Json(labels::rename_tag(&state.svc, &caller, id, &body.name).await?.into()))
}

/// Deletes a tag; it comes off every audio.
#[utoipa::path(delete, path = "/api/tags/{id}", tag = "library", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn delete_tag(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    labels::delete_tag(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
