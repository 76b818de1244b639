//! Backup and restore: an installation saved with `shared::use_cases::backup` and restored into an
//! empty database and another store serves the same audios and the same balances.

use crate::common;

use common::{PASSWORD, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::files::{AudioStorage, FsStorage};
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
    let manifest = shared::use_cases::backup::backup(
        &pool,
        &url_of(&pool.connect_options()),
        app.state.svc.storage.as_ref(),
        saved.path(),
    )
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
    shared::use_cases::backup::restore(&target, &url_of(&target_options), &store, saved.path()).await.unwrap();
    // A second restore over a used installation is refused.
    assert!(shared::use_cases::backup::restore(&target, &url_of(&target_options), &store, saved.path()).await.is_err());

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
    assert!(store.read(&shared::files::audio_key(user, Uuid::nil())).await.is_err());

    drop(restored);
    target.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {name} WITH (FORCE)"))).execute(&pool).await.unwrap();
}

fn mode_of(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Every folder and file below `dir`, with `dir` itself.
fn everything_below(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = vec![dir.to_owned()];
    let mut index = 0;
    while index < found.len() {
        if found[index].is_dir() {
            let children: Vec<_> = std::fs::read_dir(&found[index]).unwrap().map(|e| e.unwrap().path()).collect();
            found.extend(children);
        }
        index += 1;
    }
    found
}

/// Finding: backups were written world-readable (umask 022: folders 0755, files 0644).
#[sqlx::test(migrations = "../migrations")]
async fn backups_are_readable_by_their_owner_alone(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let (client, _) = app.signed_in_user("privat@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let body: Value = client.submit("Eine Aufnahme, die niemand sonst lesen darf.", voice).await.json().await.unwrap();
    let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(process(&app.worker_state(app.local_engines()), job).await.unwrap(), Outcome::Completed);

    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("sicherung").join("heute");
    let url = url_of(&pool.connect_options());
    let store = app.state.svc.storage.as_ref();
    let manifest = shared::use_cases::backup::backup(&pool, &url, store, &dir).await.unwrap();
    assert_eq!(manifest.objects.len(), 1);
    let check = || {
        let everything = everything_below(&dir);
        assert!(everything.len() >= 5, "{everything:?}"); // dir, objects/, dump, manifest, the audio
        for path in everything {
            let expected = if path.is_dir() { 0o700 } else { 0o600 };
            assert_eq!(mode_of(&path), expected, "{} is {:o}", path.display(), mode_of(&path));
        }
        assert_eq!(mode_of(&parent.path().join("sicherung")), 0o700, "a folder the backup created");
    };
    check();

    // Written again into the same folder after someone opened its files up: closed again.
    use std::os::unix::fs::PermissionsExt;
    for path in everything_below(&dir.join("objects")).iter().chain([&dir.join("manifest.json")]) {
        let mode = if path.is_dir() { 0o755 } else { 0o644 };
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    shared::use_cases::backup::backup(&pool, &url, store, &dir).await.unwrap();
    check();
}
