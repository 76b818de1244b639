//! A voice's "Hörprobe": one sentence per language, rendered once through the demo lane,
//! free, and only for whoever may hear the voice.

use crate::common;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use sqlx::PgPool;

async fn preview(client: &common::Client, voice: uuid::Uuid) -> reqwest::Response {
    client.get(&format!("/api/voices/{voice}/preview")).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_voice_preview_is_rendered_once_free_and_only_for_who_may_hear_the_voice(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let visitor = app.client();
    let jonas = app.voice_id("local-de-jonas").await;

    // A visitor hears a demo voice: an MP3 of the German sentence.
    let res = preview(&visitor, jonas).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/mpeg");
    let first = res.bytes().await.unwrap();
    let heard = shared::audio::decode(&first, "mp3").unwrap();
    let seconds = heard.samples.len() as f64 / heard.sample_rate as f64;
    assert!((2.0..20.0).contains(&seconds), "a sentence, {seconds} s");

    // A burst for a voice not yet rendered: every caller gets the same audio.
    let (user, user_id) = app.signed_in_user("hoerprobe@example.de").await;
    let balance = app.balance(user_id).await;
    let other_voice: uuid::Uuid = sqlx::query_scalar(
        "SELECT id FROM voices WHERE provider = 'local' AND NOT is_demo AND type = 'public' LIMIT 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let burst = futures::future::join_all((0..4).map(|_| preview(&user, other_voice))).await;
    let mut bodies = Vec::new();
    for res in burst {
        assert_eq!(res.status(), StatusCode::OK);
        bodies.push(res.bytes().await.unwrap());
    }
    assert!(bodies.windows(2).all(|w| w[0] == w[1]), "one rendering for the burst");
    assert_eq!(app.balance(user_id).await, balance, "a preview is never charged");
    assert!(app.ledger_rows(user_id, "charge").await.is_empty());

    // Kept: with no worker left, both previews still play.
    stop.cancel();
    worker.await.unwrap();
    assert_eq!(preview(&visitor, jonas).await.bytes().await.unwrap(), first);
    assert_eq!(preview(&user, other_voice).await.status(), StatusCode::OK);
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM voice_previews").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 2);

    // A player seeking asks for a byte range: it gets exactly that part (every stored
    // audio is served this way).
    let range = |value: &str| {
        visitor.http.get(format!("{}/api/voices/{jonas}/preview", app.base)).header("range", value).send()
    };
    let res = range("bytes=100-199").await.unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(res.headers()["content-range"], format!("bytes 100-199/{}", first.len()).as_str());
    assert_eq!(res.bytes().await.unwrap(), first[100..200]);
    let res = range("bytes=-50").await.unwrap();
    assert_eq!(res.bytes().await.unwrap(), first[first.len() - 50..]);
    let res = range(&format!("bytes={}-", first.len() + 10)).await.unwrap();
    assert_eq!(res.status(), StatusCode::RANGE_NOT_SATISFIABLE);

    // A visitor hears only demo voices; nobody hears a voice that does not exist.
    let (status, error) = error_of(preview(&visitor, other_voice).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["message"], "Diese Stimme gibt es nicht.");
    assert_eq!(preview(&user, uuid::Uuid::new_v4()).await.status(), StatusCode::NOT_FOUND);

    // A voice whose provider has no key cannot render (the admin sees why).
    let nova = app.voice_id("openai-de-nova").await;
    assert_eq!(preview(&user, nova).await.status(), StatusCode::CONFLICT);
    let admin = app.signed_in_admin().await;
    let (status, error) = error_of(preview(&admin, nova).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["message"], "Für diesen Anbieter ist kein API-Schlüssel hinterlegt.");
}
