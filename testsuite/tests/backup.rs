//! Backup and restore: an installation saved with `shared::backup` and restored into an
//! empty database and another store serves the same audios and the same balances.

mod common;

use common::{PASSWORD, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::storage::{AudioStorage, FsStorage};
use sqlx::PgPool;
use sqlx::postgres::PgConnectOptions;
use uuid::Uuid;
use worker::jobs::Outcome;
use worker::jobs::synthesize::process;

fn url_of(options: &PgConnectOptions) -> String {
    format!(
        "postgres://{}@{}:{}/{}",
        options.get_username(),
        options.get_host(),
        options.get_port(),
        options.get_database().expect("a database")
    )
}

#[sqlx::test(migrations = "../migrations")]
async fn a_restored_installation_serves_the_same_audios_and_balances(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let (client, user) = app.signed_in_user("sicher@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let mut audios = Vec::new();
    for text in ["Erste Aufnahme für die Sicherung.", "Zweite Aufnahme für die Sicherung."] {
        let body: Value = client.submit(text, voice).await.json().await.unwrap();
        let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
        assert_eq!(process(&app.worker_state(app.local_engines()), job).await.unwrap(), Outcome::Completed);
        let bytes = client.get(&format!("/api/jobs/{job}/audio")).await.bytes().await.unwrap();
        audios.push((job, bytes));
    }
    let balance = app.balance(user).await;

    let saved = tempfile::tempdir().unwrap();
    let manifest =
        shared::backup::backup(&pool, &url_of(&pool.connect_options()), app.state.svc.storage.as_ref(), saved.path())
            .await
            .unwrap();
    assert_eq!(manifest.objects.len(), 2);
    assert!(manifest.missing.is_empty());

    // An empty database and an empty store elsewhere.
    let name = format!("restore_{}", Uuid::new_v4().simple());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&pool).await.unwrap();
    let target_options = pool.connect_options().as_ref().clone().database(&name);
    let target = PgPool::connect_with(target_options.clone()).await.unwrap();
    let store_dir = tempfile::tempdir().unwrap();
    let store = FsStorage::new(store_dir.path());
    shared::backup::restore(&target, &url_of(&target_options), &store, saved.path()).await.unwrap();
    // A second restore over a used installation is refused.
    assert!(shared::backup::restore(&target, &url_of(&target_options), &store, saved.path()).await.is_err());

    let dir = store_dir.path().to_owned();
    let restored = TestApp::spawn_with(target.clone(), move |s| s.storage.dir = dir).await;
    let client = restored.client();
    let res = client.post("/api/auth/login", json!({ "email": "sicher@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(restored.balance(user).await, balance);
    assert!(restored.ledger_drift().await.is_empty());
    for (job, bytes) in audios {
        let res = client.get(&format!("/api/jobs/{job}/audio")).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.bytes().await.unwrap(), bytes, "job {job} sounds the same");
    }
    assert!(store.read(&shared::storage::audio_key(user, Uuid::nil())).await.is_err());

    drop(restored);
    target.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {name} WITH (FORCE)"))).execute(&pool).await.unwrap();
}
