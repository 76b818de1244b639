//! /api/admin/voices: every voice with its owner, global share of clones, stock voices
//! on and off, and deleting a clone with everything that hangs on it (admins only; every
//! change also needs a password re-entry within ten minutes, else 403 `reauth_required`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::clone_lifecycle::CloneState;
use shared::domain::kinds::{CloneEngineId, ProviderId, VoiceType};
use shared::use_cases::admin_voices::{self, AdminVoiceFilter};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AdminCaller, ApiJson, ApiPath, ApiQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(update, delete))
}

#[derive(Serialize, ToSchema)]
#[schema(as = VoiceOwner)]
struct VoiceOwner {
    id: Uuid,
    name: String,
    email: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AdminVoice)]
struct AdminVoice {
    id: Uuid,
    name: String,
    #[serde(rename = "type")]
    voice_type: VoiceType,
    provider: ProviderId,
    /// Who speaks it, as the page shows it: the provider's label from the provider table,
    /// or for a clone its clone engine's (the web app keeps no list of its own).
    speaks_with: &'static str,
    language: String,
    engine: Option<CloneEngineId>,
    status: Option<CloneState>,
    owner: Option<VoiceOwner>,
    is_global: bool,
    is_active: bool,
    times_used: i64,
    sample_count: i64,
    created_at: DateTime<Utc>,
    consent_date: Option<DateTime<Utc>>,
}

impl From<admin_voices::AdminVoice> for AdminVoice {
    fn from(v: admin_voices::AdminVoice) -> Self {
        let admin_voices::AdminVoice { row, speaks_with, status, owner } = v;
        AdminVoice {
            id: row.id,
            name: row.name,
            voice_type: row.voice_type,
            provider: row.provider,
            speaks_with,
            language: row.language,
            engine: row.clone_engine,
            status,
            owner: owner.map(|admin_voices::VoiceOwner { id, name, email }| VoiceOwner { id, name, email }),
            is_global: row.is_global,
            is_active: row.is_active,
            times_used: row.times_used,
            sample_count: row.sample_count,
            created_at: row.created_at,
            consent_date: row.consent_date,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = AdminVoiceStats)]
struct AdminVoiceStats {
    total: i64,
    clones: i64,
    public: i64,
    in_training: i64,
    completed_clones: i64,
    global_clones: i64,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AdminVoiceList)]
struct AdminVoiceList {
    voices: Vec<AdminVoice>,
    stats: AdminVoiceStats,
}

impl From<admin_voices::AdminVoiceList> for AdminVoiceList {
    fn from(list: admin_voices::AdminVoiceList) -> Self {
        let admin_voices::AdminVoiceStats { total, clones, public, in_training, completed_clones, global_clones } =
            list.stats;
        AdminVoiceList {
            voices: list.voices.into_iter().map(AdminVoice::from).collect(),
            stats: AdminVoiceStats { total, clones, public, in_training, completed_clones, global_clones },
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AdminVoiceQuery {
    /// Part of the name, description or the owner's name or e-mail.
    search: Option<String>,
    /// `all` or a clone status.
    status: Option<String>,
    /// `all`, `clone` or `public`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    voice_type: Option<String>,
}

/// Stat cards and the voices, filtered.
#[utoipa::path(get, path = "/api/admin/voices", tag = "admin", params(AdminVoiceQuery), responses(
    (status = 200, body = AdminVoiceList),
    (status = 403, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiQuery(query): ApiQuery<AdminVoiceQuery>,
) -> ApiResult<Json<AdminVoiceList>> {
    let filter = AdminVoiceFilter {
        search: query.search.as_deref(),
        status: query.status.as_deref(),
        voice_type: query.voice_type.as_deref(),
    };
    Ok(Json(admin_voices::list(&state.svc, &caller, filter).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = AdminVoiceChange)]
struct AdminVoiceChange {
    /// Clones only: everyone may use it.
    is_global: Option<bool>,
    /// Off: nobody can pick the voice.
    is_active: Option<bool>,
}

/// Shares a clone with everyone (or not), switches a voice on or off.
#[utoipa::path(patch, path = "/api/admin/voices/{id}", tag = "admin", params(("id" = Uuid, Path)),
    request_body = AdminVoiceChange, responses(
        (status = 200, body = AdminVoice),
        (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<AdminVoiceChange>,
) -> ApiResult<Json<AdminVoice>> {
    Ok(Json(admin_voices::update(&state.svc, &caller, id, body.is_global, body.is_active).await?.into()))
}

/// Deletes a clone with its samples, usage records, shares, quality metrics and files.
#[utoipa::path(delete, path = "/api/admin/voices/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Katalogstimmen können nur deaktiviert werden", body = ErrorBody),
))]
async fn delete(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    admin_voices::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
