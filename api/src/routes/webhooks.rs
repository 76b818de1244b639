//! /api/webhook: the signed-in user's webhook endpoint, its signing secret (shown once),
//! a test ping, the delivery log and "erneut senden".

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::webhooks::{Delivery, Endpoint};
use shared::domain::kinds::DeliveryStatus;
use shared::use_cases::webhooks;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get, save, remove))
        .routes(routes!(rotate_secret))
        .routes(routes!(test))
        .routes(routes!(deliveries))
        .routes(routes!(resend))
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = EndpointView)]
pub struct EndpointView {
    pub url: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Endpoint> for EndpointView {
    fn from(endpoint: Endpoint) -> Self {
        EndpointView { url: endpoint.url, created_at: endpoint.created_at, updated_at: endpoint.updated_at }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SavedEndpoint)]
pub struct SavedEndpoint {
    pub endpoint: EndpointView,
    /// The signing secret, only when it was just made (new endpoint or rotation).
    pub secret: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DeliveryView)]
pub struct DeliveryView {
    pub id: Uuid,
    /// `job.completed`, `job.failed` or `ping`.
    pub event: String,
    pub job_id: Option<Uuid>,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub last_status_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// When the next attempt is due (pending deliveries).
    pub next_attempt_at: DateTime<Utc>,
}

impl From<Delivery> for DeliveryView {
    fn from(d: Delivery) -> Self {
        DeliveryView {
            id: d.id,
            event: d.event,
            job_id: d.job_id,
            status: d.status,
            attempts: d.attempts,
            last_status_code: d.last_status_code,
            last_error: d.last_error,
            created_at: d.created_at,
            delivered_at: d.delivered_at,
            next_attempt_at: d.next_attempt_at,
        }
    }
}

/// What one attempt gave.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Attempt)]
pub struct Attempt {
    pub delivered: bool,
    pub status_code: Option<i32>,
    pub error: Option<String>,
}

/// The endpoint, or `null` when none is set up (the secret is never shown again).
#[utoipa::path(get, path = "/api/webhook", tag = "webhooks", responses((status = 200, body = Option<EndpointView>)))]
async fn get(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Option<EndpointView>>> {
    Ok(Json(webhooks::get(&state.svc, &caller).await?.map(EndpointView::from)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = EndpointBody)]
struct EndpointBody {
    /// An http(s) address on the public internet.
    #[serde(default)]
    url: String,
}

/// Sets the endpoint's URL; a new endpoint answers its signing secret once.
#[utoipa::path(put, path = "/api/webhook", tag = "webhooks", request_body = EndpointBody, responses(
    (status = 200, body = SavedEndpoint),
    (status = 422, description = "Keine öffentliche http(s)-Adresse", body = ErrorBody),
))]
async fn save(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EndpointBody>,
) -> ApiResult<Json<SavedEndpoint>> {
    let saved = webhooks::save(&state.svc, &caller, &body.url).await?;
    Ok(Json(SavedEndpoint { endpoint: saved.endpoint.into(), secret: saved.secret }))
}

#[utoipa::path(delete, path = "/api/webhook", tag = "webhooks", responses((status = 204), (status = 404, body = ErrorBody)))]
async fn remove(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<StatusCode> {
    webhooks::remove(&state.svc, &caller).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, ToSchema)]
#[schema(as = NewSecret)]
struct NewSecret {
    /// The new signing secret (`whsec_…`), shown this once; the old one stops working.
    secret: String,
}

#[utoipa::path(post, path = "/api/webhook/secret", tag = "webhooks", responses((status = 200, body = NewSecret), (status = 404, body = ErrorBody)))]
async fn rotate_secret(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<NewSecret>> {
    Ok(Json(NewSecret { secret: webhooks::rotate_secret(&state.svc, &caller).await? }))
}

/// Sends a `ping` event now and answers what the receiver said.
#[utoipa::path(post, path = "/api/webhook/test", tag = "webhooks", responses((status = 200, body = Attempt), (status = 404, body = ErrorBody)))]
async fn test(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Attempt>> {
    let webhooks::Attempt { delivered, status_code, error } = webhooks::test(&state.svc, &caller).await?;
    Ok(Json(Attempt { delivered, status_code, error }))
}

/// The newest 50 deliveries: event, status, attempts, last answer.
#[utoipa::path(get, path = "/api/webhook/deliveries", tag = "webhooks", responses((status = 200, body = Vec<DeliveryView>)))]
async fn deliveries(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<DeliveryView>>> {
    Ok(Json(webhooks::deliveries(&state.svc, &caller).await?.into_iter().map(DeliveryView::from).collect()))
}

/// "Erneut senden": the delivery is sent again within seconds, with 24 new hours of retries.
#[utoipa::path(post, path = "/api/webhook/deliveries/{id}/resend", tag = "webhooks", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Wird gerade zugestellt", body = ErrorBody),
))]
async fn resend(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    webhooks::resend(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
