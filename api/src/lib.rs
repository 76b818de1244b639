//! The Stimmwerk HTTP API: a thin axum layer over `shared`. Handlers extract and
//! validate, call one `shared` function, and map the result to JSON.

pub mod cookies;
pub mod error;
pub mod extract;
pub mod mail;
pub mod rate_limit;
pub mod routes;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware;
use shared::catalogue::Catalogue;
use shared::config::Settings;
use shared::providers::EngineRegistry;
use shared::generation::SweepSettings;
use shared::queue::JobQueue;
use shared::storage::{AudioStorage, FsStorage};
use sqlx::PgPool;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub queue: JobQueue,
    pub storage: Arc<dyn AudioStorage>,
    pub engines: EngineRegistry,
    pub catalogue: Arc<Catalogue>,
    pub settings: Arc<Settings>,
    pub mailer: Arc<mail::Mailer>,
    pub mail_from: lettre::message::Mailbox,
    pub login_limiter: rate_limit::LoginLimiter,
    pub demo_limiter: rate_limit::DemoLimiter,
    /// Demo syntheses running at once in this process.
    pub demo_slots: Arc<tokio::sync::Semaphore>,
    pub cookies: cookies::SessionCookies,
}

impl AppState {
    pub async fn new(settings: Settings, pool: PgPool) -> anyhow::Result<Self> {
        let queue = JobQueue::connect(&settings.redis).await?;
        let (mailer, mail_from) = mail::Mailer::from_settings(&settings.mail)?;
        Ok(AppState {
            login_limiter: rate_limit::LoginLimiter::new(queue.connection(), &settings.redis.queue_prefix, &settings.auth),
            demo_limiter: rate_limit::DemoLimiter::new(queue.connection(), &settings.redis.queue_prefix, &settings.demo),
            demo_slots: Arc::new(tokio::sync::Semaphore::new(settings.demo.concurrency.max(1))),
            cookies: cookies::SessionCookies::new(settings.http.secure_cookies, settings.auth.session_days),
            storage: Arc::new(FsStorage::new(&settings.storage.dir)),
            engines: EngineRegistry::load(&pool, &settings).await?,
            catalogue: Arc::new(Catalogue::builtin()),
            mailer: Arc::new(mailer),
            mail_from,
            queue,
            pool,
            settings: Arc::new(settings),
        })
    }

    pub fn sweep_settings(&self) -> SweepSettings {
        SweepSettings::from(&self.settings.worker)
    }
}

/// The API routes plus the built web app (with `index.html` for client-side routes).
pub fn router(state: AppState) -> Router {
    let web = &state.settings.http.web_dist;
    let spa = ServeDir::new(web).fallback(ServeFile::new(web.join("index.html")));
    let api = Router::new()
        .merge(routes::auth::router())
        .merge(routes::voices::router())
        .merge(routes::jobs::router())
        .merge(routes::demo::router())
        .merge(routes::admin::router())
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .layer(middleware::from_fn_with_state(state.clone(), extract::csrf_guard));
    api.fallback_service(spa)
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(security_header(header::REFERRER_POLICY, "same-origin"))
        .layer(security_header(
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
             img-src 'self' data:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'",
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

async fn api_not_found() -> error::ApiError {
    error::ApiError::Domain(shared::Error::NotFound("Diese API-Adresse gibt es nicht."))
}

/// Serves until the shutdown future resolves.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}
