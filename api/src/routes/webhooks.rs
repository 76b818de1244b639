//! /api/webhook: the signed-in user's webhook endpoint, its signing secret (shown once),
//! a test ping, the delivery log and "erneut senden".

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use shared::use_cases::webhooks::{self, Attempt, DeliveryView, EndpointView, SavedEndpoint};
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

/// The endpoint, or `null` when none is set up (the secret is never shown again).
#[utoipa::path(get, path = "/api/webhook", tag = "webhooks", responses((status = 200, body = Option<EndpointView>)))]
async fn get(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Option<EndpointView>>> {
    Ok(Json(webhooks::get(&state.svc, &caller).await?))
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
    Ok(Json(webhooks::save(&state.svc, &caller, &body.url).await?))
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
    Ok(Json(webhooks::test(&state.svc, &caller).await?))
}

/// The newest 50 deliveries: event, status, attempts, last answer.
#[utoipa::path(get, path = "/api/webhook/deliveries", tag = "webhooks", responses((status = 200, body = Vec<DeliveryView>)))]
async fn deliveries(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<DeliveryView>>> {
    Ok(Json(webhooks::deliveries(&state.svc, &caller).await?))
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
