//! One module per resource. Every route is registered through utoipa's `OpenApiRouter`,
//! so the router and the OpenAPI document cannot disagree.

pub mod account;
pub mod admin;
pub mod admin_users;
pub mod auth;
pub mod billing;
pub mod demo;
pub mod jobs;
pub mod labels;
pub mod library;
pub mod meta;
pub mod site_gate;
pub mod voices;

use std::sync::LazyLock;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

/// Every `/api` route with its documentation.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(crate::openapi::base())
        .merge(auth::router())
        .merge(account::router())
        .merge(billing::router())
        .merge(voices::router())
        .merge(jobs::router())
        .merge(library::router())
        .merge(labels::router())
        .merge(demo::router())
        .merge(admin::router())
        .merge(admin_users::router())
        .merge(meta::router())
        .merge(site_gate::router())
}

static DOCUMENT: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(|| api().split_for_parts().1);

/// The whole OpenAPI document.
pub fn document() -> utoipa::openapi::OpenApi {
    DOCUMENT.clone()
}
