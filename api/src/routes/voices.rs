//! GET /api/voices: languages, provider filter options and the voices this user may
//! pick, each with its availability.

use axum::Json;
use axum::extract::State;
use shared::use_cases::voices::VoiceList;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::Caller;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// The voices the signed-in user may pick, usable ones first.
#[utoipa::path(get, path = "/api/voices", tag = "voices", responses(
    (status = 200, body = VoiceList),
    (status = 401, body = ErrorBody),
))]
async fn list(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<VoiceList>> {
    Ok(Json(shared::use_cases::voices::list(&state.svc, &caller).await?))
}
