//! `stimmwerk-api`: `serve` (default) runs the HTTP server; `migrate` applies the
//! migrations, seeds the voice catalogue and creates the first admin account (and the S3
//! bucket); `backup <dir>` and `restore <dir>` save and restore the database with every
//! stored file (`shared::use_cases::backup`).

use anyhow::Context;
use api::AppState;
use shared::catalogue::Catalogue;
use shared::config::Settings;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    shared::cpu::keep_memory_small();
    let settings = Settings::load().context("invalid configuration")?;
    shared::telemetry::init_logging(
        &settings.log,
        "info,tower_http=warn,symphonia_bundle_mp3=warn,symphonia_core=warn",
    );
    let pool = shared::db::connect(&settings.database).await.context("connecting to Postgres")?;
    match std::env::args().nth(1).as_deref() {
        None | Some("serve") => serve(settings, pool).await,
        Some("migrate") => migrate(&settings, &pool).await,
        Some(command @ ("backup" | "restore")) => {
            let dir = std::env::args().nth(2).context("usage: stimmwerk-api backup|restore <directory>")?;
            let store = shared::files::store(&settings.storage);
            let dir = std::path::Path::new(&dir);
            let url = &settings.database.url;
            let manifest = match command {
                "backup" => shared::use_cases::backup::backup(&pool, url, store.as_ref(), dir).await?,
                _ => shared::use_cases::backup::restore(&pool, url, store.as_ref(), dir).await?,
            };
            println!(
                "{command}: Datenbank und {} Dateien ({} fehlten beim Sichern) in {}",
                manifest.objects.len(),
                manifest.missing.len(),
                dir.display()
            );
            Ok(())
        }
        Some(other) => {
            anyhow::bail!("unknown command {other:?}; use `serve`, `migrate`, `backup <dir>` or `restore <dir>`")
        }
    }
}

async fn migrate(settings: &Settings, pool: &sqlx::PgPool) -> anyhow::Result<()> {
    shared::db::MIGRATOR.run(pool).await.context("running migrations")?;
    shared::catalogue::seed(pool, &Catalogue::builtin()).await.context("seeding the voice catalogue")?;
    if settings.storage.backend == shared::config::StorageBackend::S3 {
        let origin = site_origin(&settings.http.public_url);
        shared::files::S3Storage::new(&settings.storage.s3)
            .prepare(&origin)
            .await
            .context("preparing the S3 bucket")?;
    }
    match shared::use_cases::auth::ensure_admin(pool, &settings.admin).await? {
        Some(password) => println!("Admin-Konto angelegt: {} / Passwort: {password}", settings.admin.email),
        None => println!("Admin-Konto vorhanden: {}", settings.admin.email),
    }
    Ok(())
}

async fn serve(settings: Settings, pool: sqlx::PgPool) -> anyhow::Result<()> {
    let address = format!("{}:{}", settings.http.host, settings.http.port);
    let listener = tokio::net::TcpListener::bind(&address).await.with_context(|| format!("binding {address}"))?;
    let state = AppState::new(settings, pool).await?;
    let svc = &state.svc;
    svc.engines.spawn_refresh(svc.pool.clone(), svc.settings.clone(), std::time::Duration::from_secs(5));
    let metrics_address = svc.settings.http.metrics_address.clone();
    if !metrics_address.is_empty() {
        let listener = tokio::net::TcpListener::bind(&metrics_address)
            .await
            .with_context(|| format!("binding the metrics address {metrics_address}"))?;
        let router = api::ops::metrics_router(state.clone());
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, router).await {
                tracing::error!(error = %e, "metrics server stopped");
            }
        });
        tracing::info!("metrics on http://{metrics_address}/metrics");
    }
    tracing::info!("listening on http://{address}");
    let svc = state.svc.clone();
    api::serve(listener, state, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    // Streamed answers whose caller went away may still be synthesizing: the worker
    // finishes them now instead of after their heartbeat went stale.
    let handed = shared::run::hand_back_held(&svc).await;
    if handed > 0 {
        tracing::info!(handed, "inline jobs handed to the worker");
    }
    Ok(())
}

/// "https://stimmwerk.example" of "https://stimmwerk.example/app/".
fn site_origin(url: &str) -> String {
    let trimmed = url.trim_end_matches('/');
    match trimmed.find("://").and_then(|i| trimmed[i + 3..].find('/').map(|j| i + 3 + j)) {
        Some(path) => trimmed[..path].to_owned(),
        None => trimmed.to_owned(),
    }
}
