//! One module per resource. Every route is registered through utoipa's `OpenApiRouter`,
//! so the router and the OpenAPI document cannot disagree.

pub mod account;
pub mod admin;
pub mod admin_users;
pub mod admin_voices;
pub mod api_keys;
pub mod auth;
pub mod billing;
pub mod demo;
pub mod jobs;
pub mod labels;
pub mod library;
pub mod meta;
pub mod project_publication;
pub mod projects;
pub mod pronunciation;
pub mod site_gate;
pub mod timed_text;
pub mod v1;
pub mod voice_clones;
pub mod voices;
pub mod webhooks;

use std::sync::LazyLock;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

/// Every `/api` route (the web app's, cookie sessions) with its documentation.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(crate::openapi::base())
        .merge(auth::router())
        .merge(api_keys::router())
        .merge(webhooks::router())
        .merge(account::router())
        .merge(billing::router())
        .merge(voices::router())
        .merge(voice_clones::router())
        .merge(pronunciation::router())
        .merge(jobs::router())
        .merge(projects::router())
        .merge(project_publication::router())
        .merge(timed_text::router())
        .merge(library::router())
        .merge(labels::router())
        .merge(demo::router())
        .merge(admin::router())
        .merge(admin_users::router())
        .merge(admin_voices::router())
        .merge(meta::router())
        .merge(site_gate::router())
}

/// Every route: `/api` and the developer API `/v1` (API keys), served with different
/// layers (see `crate::router`) and documented together.
pub fn all() -> OpenApiRouter<AppState> {
    api().merge(v1::router())
}

static DOCUMENT: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(|| {
    let mut document = all().split_for_parts().1;
    unique_operation_ids(&mut document);
    document
});

/// Operation ids from method and path (`get_v1_jobs_id_audio`): utoipa names operations
/// after their handler functions, and `list` or `create` exist in many modules, which
/// the OpenAPI rules (and generated clients) do not allow.
fn unique_operation_ids(document: &mut utoipa::openapi::OpenApi) {
    for (path, item) in document.paths.paths.iter_mut() {
        let slug: String = path
            .trim_start_matches("/api")
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                operation.operation_id = Some(format!("{method}_{slug}"));
            }
        }
    }
}

/// The whole OpenAPI document.
pub fn document() -> utoipa::openapi::OpenApi {
    DOCUMENT.clone()
}
