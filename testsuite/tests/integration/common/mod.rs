//! Test harness: the real API on a random port against a fresh Postgres database
//! (`#[sqlx::test]`), real Redis under a unique key prefix, temp folders for audio
//! and the mail outbox.
#![allow(dead_code)]

pub mod s3;

use std::path::PathBuf;

use api::AppState;
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::Services;
use shared::catalogue::Catalogue;
use shared::config::Settings;
use shared::engine::Engines;
use sqlx::PgPool;
use uuid::Uuid;

pub struct TestApp {
    pub base: String,
    pub pool: PgPool,
    pub settings: Settings,
    pub state: AppState,
    _dirs: (tempfile::TempDir, tempfile::TempDir),
}

pub const PASSWORD: &str = "Sonnenblume-Kaffee-42";
/// A loopback port nothing listens on: where cloud providers point unless a test fakes one.
pub const CLOSED_PORT: &str = "http://127.0.0.1:9";

/// The argon2 hash of [`PASSWORD`], made once per test run.
fn password_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| shared::credentials::hash_password(PASSWORD).unwrap())
}

impl TestApp {
    pub async fn spawn(pool: PgPool) -> TestApp {
        Self::spawn_with(pool, |_| {}).await
    }

    pub async fn spawn_with(pool: PgPool, adjust: impl FnOnce(&mut Settings)) -> TestApp {
        shared::catalogue::seed(&pool, &Catalogue::builtin()).await.unwrap();
        let audio = tempfile::tempdir().unwrap();
        let outbox = tempfile::tempdir().unwrap();
        let mut settings = Settings::load().unwrap();
        settings.redis.queue_prefix = format!("test-{}", Uuid::new_v4().simple());
        settings.storage.dir = audio.path().to_owned();
        settings.mail.outbox_dir = outbox.path().to_owned();
        settings.mail.smtp_url = None;
        settings.http.web_dist = PathBuf::from("/nonexistent");
        // Every test client comes from 127.0.0.1; the sign-up limit has its own tests.
        settings.auth.signups_per_client_per_hour = 1000;
        // Seals two-factor secrets (every admin signs in with a code) and stored keys.
        settings.secrets.encryption_key = TEST_ENCRYPTION_KEY.into();
        // No test talks to a real provider: every cloud address is a closed loopback port
        // unless the test points it at its fake.
        for section in settings.providers.values_mut() {
            section.base_url = CLOSED_PORT.into();
        }
        settings.payments.stripe_base_url = CLOSED_PORT.into();
        adjust(&mut settings);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        settings.http.public_url = base.clone();
        let state = AppState::new(settings.clone(), pool.clone()).await.unwrap();
        tokio::spawn(api::serve(listener, state.clone(), std::future::pending()));
        TestApp { base, pool, settings, state, _dirs: (audio, outbox) }
    }

    /// A browser-like client: cookie store and the CSRF header on every request.
    pub fn client(&self) -> Client {
        self.client_from([127, 0, 0, 1])
    }

    /// A browser-like client whose requests come from another loopback address (another
    /// client, as far as per-client limits go).
    pub fn client_from(&self, ip: [u8; 4]) -> Client {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("x-requested-with", "stimmwerk".parse().unwrap());
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .local_address(std::net::IpAddr::from(ip))
            .build()
            .unwrap();
        Client { http, base: self.base.clone() }
    }

    /// The engines a worker builds from `providers` (`override_name` "bench": the bench
    /// engine), with this app's storage and the configured clone engine.
    pub fn engines(&self, override_name: &str, providers: &shared::config::ProviderSettings) -> Engines {
        shared::providers::build_engines(
            override_name,
            providers,
            &self.settings.cloning.engine,
            self.state.svc.storage.clone(),
        )
    }

    /// The local engines only (no cloud key).
    pub fn local_engines(&self) -> Engines {
        self.engines("", &Default::default())
    }

    /// The app's services with these engines (what a worker process would hold).
    pub fn worker_state(&self, engines: Engines) -> Services {
        Services { engines: shared::keyring::live::LiveEngines::fixed(engines), ..self.state.svc.clone() }
    }

    /// Runs the worker (every job kind) until the returned token is cancelled.
    pub fn spawn_worker(&self, svc: Services) -> (tokio_util::sync::CancellationToken, tokio::task::JoinHandle<()>) {
        let stop = tokio_util::sync::CancellationToken::new();
        let running = tokio::spawn(worker::run(svc, stop.clone()));
        (stop, running)
    }

    /// A confirmed account with the start credit, made directly in the database as a
    /// confirmation would leave it (one ledger row for the credit), then signed in over
    /// HTTP. The real sign-up and mail flow has its own tests
    /// ([`TestApp::signed_up_through_the_mail`] and `auth`); going through it for every
    /// test user cost a sign-up, a mail and a strength check each.
    pub async fn signed_in_user(&self, email: &str) -> (Client, Uuid) {
        let address = shared::domain::email::Email::parse(email).unwrap();
        let mut tx = self.pool.begin().await.unwrap();
        let new = shared::db::users::NewUser {
            name: "Test Person",
            email: address.as_str(),
            organization: "Testfirma",
            password_hash: password_hash(),
            role: shared::domain::kinds::Role::User,
            confirmed: true,
        };
        let user = shared::db::users::insert(&mut *tx, &new).await.unwrap();
        let bonus = self.settings.auth.signup_bonus_cent;
        if bonus > 0 && shared::db::signup_bonuses::claim(&mut tx, &address.mailbox(), user).await.unwrap() {
            shared::db::ledger::credit(&mut tx, user, bonus, shared::db::ledger::Kind::SignupBonus, None)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        (self.signed_in(email).await, user)
    }

    /// Signs up over HTTP, confirms through the link in the outbox mail, signs in: the
    /// whole way a new customer takes.
    pub async fn signed_up_through_the_mail(&self, email: &str) -> (Client, Uuid) {
        let client = self.client();
        let res = client
            .post(
                "/api/auth/signup",
                json!({
                    "name": "Test Person", "organization": "Testfirma", "email": email, "password": PASSWORD
                }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED, "{}", res.text().await.unwrap());
        let link = self.confirmation_link(email);
        let res = client.http.get(&link).send().await.unwrap();
        assert_eq!(res.headers()["location"], "/auth?confirmed=1");
        let user = self.sign_in(&client, email).await;
        (client, user)
    }

    /// A new client signed in as `email` with [`PASSWORD`].
    async fn signed_in(&self, email: &str) -> Client {
        let client = self.client();
        self.sign_in(&client, email).await;
        client
    }

    async fn sign_in(&self, client: &Client, email: &str) -> Uuid {
        let res = client.post("/api/auth/login", json!({ "email": email, "password": PASSWORD })).await;
        assert_eq!(res.status(), StatusCode::OK, "{}", res.text().await.unwrap());
        let user: Value = res.json().await.unwrap();
        user["id"].as_str().unwrap().parse().unwrap()
    }

    /// The configured admin, signed in (not yet re-authenticated), and its password.
    /// The seeded admin, signed in, with two-factor sign-in switched on in this session
    /// (the admin area needs it): (client, password).
    pub async fn signed_in_admin_with_password(&self) -> (Client, String) {
        let password = shared::use_cases::auth::ensure_admin(&self.pool, &self.settings.admin).await.unwrap().unwrap();
        let client = self.client();
        let res =
            client.post("/api/auth/login", json!({ "email": self.settings.admin.email, "password": password })).await;
        assert_eq!(res.status(), StatusCode::OK);
        let setup: serde_json::Value =
            client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
        let code = authenticator(setup["secret"].as_str().unwrap()).generate_current().unwrap();
        let res = client.post("/api/account/two-factor/enable", json!({ "code": code, "password": password })).await;
        assert_eq!(res.status(), StatusCode::OK, "admin two-factor setup");
        (client, password)
    }

    pub async fn signed_in_admin(&self) -> Client {
        self.signed_in_admin_with_password().await.0
    }

    /// The seeded admin, second factor proven and the password re-entered: what every
    /// admin change (money, accounts, roles, voices, keys) needs.
    pub async fn fresh_admin(&self) -> Client {
        let (client, password) = self.signed_in_admin_with_password().await;
        let res = client.post("/api/admin/reauth", json!({ "password": password })).await;
        assert_eq!(res.status(), StatusCode::OK, "admin password re-entry");
        client
    }

    /// The seeded admin signed in with the password alone: its session never proved a
    /// second factor (two-factor sign-in not set up yet). Call it before any helper that
    /// switches two-factor sign-in on for the seeded admin.
    pub async fn password_only_admin(&self) -> Client {
        let password = shared::use_cases::auth::ensure_admin(&self.pool, &self.settings.admin).await.unwrap().unwrap();
        let client = self.client();
        let res =
            client.post("/api/auth/login", json!({ "email": self.settings.admin.email, "password": password })).await;
        assert_eq!(res.status(), StatusCode::OK);
        let me: Value = client.get("/api/me").await.json().await.unwrap();
        assert_eq!(me["second_factor"], false, "a password-only session");
        client
    }

    /// Another admin (a signed-up user given the role), with two-factor sign-in switched
    /// on in this session and the password re-entered: (client, id).
    pub async fn another_fresh_admin(&self, email: &str) -> (Client, Uuid) {
        let (client, id) = self.signed_in_user(email).await;
        let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
        let code = authenticator(setup["secret"].as_str().unwrap()).generate_current().unwrap();
        let res = client.post("/api/account/two-factor/enable", json!({ "code": code, "password": PASSWORD })).await;
        assert_eq!(res.status(), StatusCode::OK, "two-factor setup of {email}");
        sqlx::query("UPDATE users SET role = 'admin' WHERE id = $1").bind(id).execute(&self.pool).await.unwrap();
        let res = client.post("/api/admin/reauth", json!({ "password": PASSWORD })).await;
        assert_eq!(res.status(), StatusCode::OK, "password re-entry of {email}");
        (client, id)
    }

    /// The decoded bodies of the mails to `email` in the outbox, oldest first.
    pub fn mails_to(&self, email: &str) -> Vec<String> {
        let mut mails: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&self.settings.mail.outbox_dir)
            .unwrap()
            .map(|e| {
                let path = e.unwrap().path();
                (std::fs::metadata(&path).unwrap().modified().unwrap(), std::fs::read_to_string(path).unwrap())
            })
            .filter(|(_, m)| m.contains(&format!("To: {email}")))
            .collect();
        mails.sort_by_key(|(at, _)| *at);
        mails
            .into_iter()
            .map(|(_, m)| format!("{}\n{}", m.split("\r\n\r\n").next().unwrap_or(""), decode_body(&m)))
            .collect()
    }

    /// The first link in the newest mail to `email` in the outbox.
    pub fn confirmation_link(&self, email: &str) -> String {
        let mail = self.mails_to(email).pop().unwrap_or_else(|| panic!("no mail to {email}"));
        let body = mail.split_once('\n').map_or(mail.as_str(), |(_, body)| body);
        let start = body.find("http").expect("link in mail");
        body[start..].split_whitespace().next().unwrap().to_owned()
    }

    pub async fn voice_id(&self, key: &str) -> Uuid {
        shared::db::voices::id_by_key(&self.pool, key).await.unwrap().unwrap()
    }

    pub async fn balance(&self, user: Uuid) -> i64 {
        shared::db::users::balance(&self.pool, user).await.unwrap()
    }

    /// Adds credit through the ledger, booked as a top-up.
    pub async fn top_up(&self, user: Uuid, cents: i64) {
        let mut tx = self.pool.begin().await.unwrap();
        shared::db::ledger::credit(&mut tx, user, cents, shared::db::ledger::Kind::TopUp, None).await.unwrap();
        tx.commit().await.unwrap();
    }

    pub async fn ledger_drift(&self) -> Vec<Uuid> {
        let mut conn = self.pool.acquire().await.unwrap();
        shared::db::ledger::drifted_users(&mut conn).await.unwrap()
    }

    pub async fn ledger_rows(&self, user: Uuid, kind: &str) -> Vec<i64> {
        sqlx::query_scalar("SELECT amount_cent FROM ledger_entries WHERE user_id = $1 AND kind = $2 ORDER BY id")
            .bind(user)
            .bind(kind)
            .fetch_all(&self.pool)
            .await
            .unwrap()
    }
}

/// Undoes the mail's transfer encoding (quoted-printable or base64) of the body.
fn decode_body(mail: &str) -> String {
    let (head, body) = mail.split_once("\r\n\r\n").unwrap_or((mail, ""));
    if head.contains("Content-Transfer-Encoding: base64") {
        use base64::Engine;
        let compact: String = body.split_whitespace().collect();
        String::from_utf8(base64::engine::general_purpose::STANDARD.decode(compact).unwrap()).unwrap()
    } else if head.contains("Content-Transfer-Encoding: quoted-printable") {
        let joined = body.replace("=\r\n", "");
        let mut out = Vec::new();
        let bytes = joined.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'='
                && i + 2 < bytes.len()
                && let Ok(b) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
            {
                out.push(b);
                i += 3;
                continue;
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8(out).unwrap()
    } else {
        body.to_owned()
    }
}

pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
}

impl Client {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(format!("{}{path}", self.base)).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        self.http.post(format!("{}{path}", self.base)).json(&body).send().await.unwrap()
    }

    pub async fn put(&self, path: &str, body: Value) -> reqwest::Response {
        self.http.put(format!("{}{path}", self.base)).json(&body).send().await.unwrap()
    }

    pub async fn patch(&self, path: &str, body: Value) -> reqwest::Response {
        self.http.patch(format!("{}{path}", self.base)).json(&body).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.http.delete(format!("{}{path}", self.base)).send().await.unwrap()
    }

    pub async fn submit(&self, text: &str, voice_id: Uuid) -> reqwest::Response {
        self.post("/api/jobs", json!({ "text": text, "voice_id": voice_id })).await
    }
}

pub async fn error_of(res: reqwest::Response) -> (StatusCode, Value) {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    (status, body["error"].clone())
}

/// The master key of test servers (base64 of 32 bytes).
pub const TEST_ENCRYPTION_KEY: &str = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";

/// An authenticator app for a base32 secret from the two-factor setup.
pub fn authenticator(secret: &str) -> totp_rs::TOTP {
    let bytes = totp_rs::Secret::Encoded(secret.to_owned()).to_bytes().unwrap();
    totp_rs::TOTP::new(totp_rs::Algorithm::SHA1, 6, 1, 30, bytes, None, "x".into()).unwrap()
}
