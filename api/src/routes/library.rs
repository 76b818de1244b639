//! /api/library: the dashboard's and knowledge base's figures, the trash, permanent
//! save, and filing audios under categories and tags in bulk.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use shared::domain::kinds::SaveCategory;
use shared::use_cases::library;
use shared::use_cases::library::labels::{self, CategoryChoice, Unassign};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(stats))
        .routes(routes!(trash))
        .routes(routes!(restore))
        .routes(routes!(empty_trash))
        .routes(routes!(save))
        .routes(routes!(file_under_category))
        .routes(routes!(tag))
        .routes(routes!(unfile))
        .routes(routes!(untag))
}

/// The dashboard's and the knowledge base's figures.
#[derive(Serialize, ToSchema)]
#[schema(as = Stats)]
pub struct Stats {
    /// Every audio ever made and still stored (with the trash).
    audios: i64,
    /// Audios not in the trash.
    active_audios: i64,
    completed_audios: i64,
    api_requests: i64,
    /// API requests since midnight (Berlin time).
    api_requests_today: i64,
    /// Audios made with cloned voices (not in the trash).
    clone_audios: i64,
    /// What all audios and project paragraphs cost (failed ones were refunded and do not count).
    cost_cent: i64,
    balance_cent: i64,
    /// Categories and tags the user can use (own and global).
    categories: i64,
    tags: i64,
    /// The last 30 days, oldest first, every day present.
    daily: Vec<DayStats>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = DayStats)]
struct DayStats {
    day: NaiveDate,
    characters: i64,
    cost_cent: i64,
    /// Audios made through the developer API that day.
    api_requests: i64,
}

impl From<library::Stats> for Stats {
    fn from(stats: library::Stats) -> Self {
        let library::Stats { totals, balance_cent, categories, tags, daily } = stats;
        Stats {
            audios: totals.audios,
            active_audios: totals.active_audios,
            completed_audios: totals.completed_audios,
            api_requests: totals.api_requests,
            api_requests_today: totals.api_requests_today,
            clone_audios: totals.clone_audios,
            cost_cent: totals.cost_cent,
            balance_cent,
            categories,
            tags,
            daily: daily
                .into_iter()
                .map(|d| DayStats {
                    day: d.day,
                    characters: d.characters,
                    cost_cent: d.cost_cent,
                    api_requests: d.api_requests,
                })
                .collect(),
        }
    }
}

/// Stat cards and the 30-day chart of the dashboard, and the knowledge base's cards.
#[utoipa::path(get, path = "/api/library/stats", tag = "library", responses(
    (status = 200, body = Stats),
    (status = 401, body = ErrorBody),
))]
async fn stats(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Stats>> {
    Ok(Json(library::stats(&state.svc, &caller).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = Ids)]
struct Ids {
    /// Audio ids (at most 500).
    #[serde(default)]
    ids: Vec<Uuid>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Changed)]
struct Changed {
    changed: u64,
}

/// Moves audios to the trash (soft delete): they stay under the "deleted" filter.
#[utoipa::path(post, path = "/api/library/trash", tag = "library", request_body = Ids, responses(
    (status = 200, body = Changed),
    (status = 404, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn trash(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Json<Changed>> {
    Ok(Json(Changed { changed: library::set_trashed(&state.svc, &caller, &body.ids, true).await? }))
}

/// Takes audios out of the trash.
#[utoipa::path(post, path = "/api/library/restore", tag = "library", request_body = Ids, responses(
    (status = 200, body = Changed),
    (status = 404, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn restore(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Json<Changed>> {
    Ok(Json(Changed { changed: library::set_trashed(&state.svc, &caller, &body.ids, false).await? }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = EmptyBody)]
struct EmptyBody {
    /// Only these trashed audios; absent: the whole trash.
    ids: Option<Vec<Uuid>>,
}

/// "Papierkorb leeren": deletes trashed audios and their files for good.
#[utoipa::path(post, path = "/api/library/trash/empty", tag = "library", request_body = EmptyBody, responses(
    (status = 200, body = Changed),
    (status = 422, body = ErrorBody),
))]
async fn empty_trash(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EmptyBody>,
) -> ApiResult<Json<Changed>> {
    Ok(Json(Changed { changed: library::empty_trash(&state.svc, &caller, body.ids.as_deref()).await? }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = SaveBody)]
struct SaveBody {
    category: SaveCategory,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Saved)]
struct Saved {
    balance_cent: i64,
}

/// "Dauerhaft speichern": 0.25 € once per audio; the audio never expires afterwards.
#[utoipa::path(post, path = "/api/library/audios/{id}/save", tag = "library", params(("id" = Uuid, Path)),
    request_body = SaveBody, responses(
        (status = 200, body = Saved),
        (status = 402, description = "Guthaben reicht nicht", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Schon gespeichert, abgelaufen oder nicht fertig", body = ErrorBody),
    ))]
async fn save(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<SaveBody>,
) -> ApiResult<Json<Saved>> {
    Ok(Json(Saved { balance_cent: library::save_permanently(&state.svc, &caller, id, body.category).await? }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewOwnCategory)]
struct NewCategory {
    #[serde(default)]
    name: String,
    parent_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = FileBody)]
struct FileBody {
    #[serde(default)]
    ids: Vec<Uuid>,
    /// An existing category (own or global) ...
    category_id: Option<Uuid>,
    /// ... or a new one of the user's.
    new_category: Option<NewCategory>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Filed)]
struct Filed {
    category_id: Uuid,
}

/// Files audios under a category (bulk).
#[utoipa::path(post, path = "/api/library/categories", tag = "library", request_body = FileBody, responses(
    (status = 200, body = Filed),
    (status = 404, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn file_under_category(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<FileBody>,
) -> ApiResult<Json<Filed>> {
    let choice = match (body.category_id, body.new_category) {
        (Some(id), _) => CategoryChoice::Existing(id),
        (None, Some(new)) => CategoryChoice::New { name: new.name, parent_id: new.parent_id },
        (None, None) => return Err(shared::Error::field("category_id", "Bitte wählen Sie eine Kategorie aus.").into()),
    };
    Ok(Json(Filed { category_id: labels::assign_category(&state.svc, &caller, &body.ids, choice).await? }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TagBody)]
struct TagBody {
    #[serde(default)]
    ids: Vec<Uuid>,
    /// Names, each may hold several separated by commas.
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Tagged)]
struct Tagged {
    tag_ids: Vec<Uuid>,
}

/// Tags audios (bulk); a name that exists (any case) is reused.
#[utoipa::path(post, path = "/api/library/tags", tag = "library", request_body = TagBody, responses(
    (status = 200, body = Tagged),
    (status = 404, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn tag(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<TagBody>,
) -> ApiResult<Json<Tagged>> {
    Ok(Json(Tagged { tag_ids: labels::assign_tags(&state.svc, &caller, &body.ids, &body.tags).await? }))
}

/// Takes a category off an audio.
#[utoipa::path(delete, path = "/api/library/audios/{id}/categories/{category_id}", tag = "library",
    params(("id" = Uuid, Path), ("category_id" = Uuid, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn unfile(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, category)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    labels::unassign(&state.svc, &caller, id, Unassign::Category(category)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Takes a tag off an audio.
#[utoipa::path(delete, path = "/api/library/audios/{id}/tags/{tag_id}", tag = "library",
    params(("id" = Uuid, Path), ("tag_id" = Uuid, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn untag(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath((id, tag)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    labels::unassign(&state.svc, &caller, id, Unassign::Tag(tag)).await?;
    Ok(StatusCode::NO_CONTENT)
}
