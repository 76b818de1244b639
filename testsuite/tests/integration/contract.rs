//! The HTTP contract: the OpenAPI document generated from the code matches the committed
//! snapshot (from which the web app's types are generated), every documented route is
//! served, and what the web app shows about limits comes from the server.

use crate::common;

use std::path::Path;

use common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

const SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../api/openapi.json");

/// The document as the snapshot stores it: pretty JSON with a final newline.
fn pretty(document: &Value) -> String {
    serde_json::to_string_pretty(document).unwrap() + "\n"
}

#[sqlx::test(migrations = "../migrations")]
async fn the_served_contract_matches_the_committed_snapshot(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let res = app.client().get("/api/openapi.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let served: Value = res.json().await.unwrap();
    assert_eq!(served["openapi"], "3.1.0");
    let served = pretty(&served);
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(SNAPSHOT, &served).unwrap();
    }
    let committed = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
    assert!(
        committed == served,
        "the API contract changed without its snapshot: run `scripts/update-contract.sh` \
         (it rewrites api/openapi.json and the web app's generated types) and commit both"
    );
}

/// A concrete request for a documented path: path parameters get a well-formed value.
fn concrete(path: &str) -> String {
    path.replace("{id}", "00000000-0000-4000-8000-000000000000")
}

#[sqlx::test(migrations = "../migrations")]
async fn every_documented_route_is_served_and_every_served_route_is_documented(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let document: Value = app.client().get("/api/openapi.json").await.json().await.unwrap();
    let paths = document["paths"].as_object().unwrap();
    assert!(paths.len() >= 17, "{} paths", paths.len());
    let client = app.client();
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let method: Method = method.to_uppercase().parse().unwrap();
            let res = client
                .http
                .request(method.clone(), format!("{}{}", app.base, concrete(path)))
                .json(&json!({}))
                .send()
                .await
                .unwrap();
            let status = res.status();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            let unrouted = status == StatusCode::METHOD_NOT_ALLOWED
                || body["error"]["message"] == "Diese API-Adresse gibt es nicht.";
            assert!(!unrouted, "{method} {path} is documented but not served ({status})");
        }
    }
    // The other way round: routes are registered only through the documenting router
    // (`OpenApiRouter::routes`), so none can be served without a document entry.
    let mut folders = vec![Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../api/src/routes")).to_owned()];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() { folders.push(path) } else { files.push(path) }
        }
    }
    assert!(files.iter().any(|f| f.ends_with("v1/speech.rs")), "route files below routes/ are checked too");
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        for forbidden in [".route(", "routing::get", "routing::post", "routing::put", "routing::delete"] {
            assert!(!source.contains(forbidden), "{}: routes must be added with `routes!(..)`", path.display());
        }
    }
    let unknown = client.get("/api/gibt-es-nicht").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_limits_the_web_shows_come_from_the_server(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.demo.tries_per_browser = 5).await;
    let limits: Value = app.client().get("/api/limits").await.json().await.unwrap();
    assert_eq!(
        limits,
        json!({
            "text_max_chars": 5000, "chars_per_cent": 10, "min_cost_cent": 1,
            "demo_max_chars": 100, "demo_tries_per_day": 5, "signup_bonus_cent": 100,
            "job_max_attempts": 3, "exports_kept_per_format": 3
        })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn customers_see_only_voices_that_can_speak_and_admins_every_voice_with_its_cause(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, _) = app.signed_in_user("stimmen@example.de").await;
    let voices: Value = user.get("/api/voices").await.json().await.unwrap();
    let voices = voices["voices"].as_array().unwrap();
    assert!(!voices.is_empty());
    assert!(voices.iter().all(|v| v["available"] == true), "no greyed-out voice for a customer");
    assert!(voices.iter().all(|v| v["key"] != "openai-de-nova"), "a voice without a key is not offered");

    let admin = app.signed_in_admin().await;
    let voices: Value = admin.get("/api/voices").await.json().await.unwrap();
    let voices = voices["voices"].as_array().unwrap();
    let nova = voices.iter().find(|v| v["key"] == "openai-de-nova").unwrap();
    assert_eq!(nova["available"], false);
    assert_eq!(nova["unavailable_reason"], "Für diesen Anbieter ist kein API-Schlüssel hinterlegt.");
    let first_unavailable = voices.iter().position(|v| v["available"] == false).unwrap();
    assert!(voices[first_unavailable..].iter().all(|v| v["available"] == false), "usable voices come first");
}

#[sqlx::test(migrations = "../migrations")]
async fn static_assets_are_compressed_and_cached_for_a_year(pool: PgPool) {
    let web = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("index.html"), "<!doctype html><title>Stimmwerk</title>".repeat(50)).unwrap();
    std::fs::write(web.path().join("assets/app-1a2b3c.js"), "console.log('Stimmwerk');\n".repeat(500)).unwrap();
    let dist = web.path().to_owned();
    let app = TestApp::spawn_with(pool, move |s| s.http.web_dist = dist).await;
    // reqwest is built without decompression here, so the encoded body arrives as sent.
    let client = reqwest::Client::new();
    let get = |path: &str| client.get(format!("{}{path}", app.base)).header("accept-encoding", "gzip, br").send();
    let asset = get("/assets/app-1a2b3c.js").await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(["gzip", "br"].contains(&asset.headers()["content-encoding"].to_str().unwrap()));
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    let page = get("/dashboard/tts").await.unwrap();
    assert_eq!(page.headers()["cache-control"], "no-cache", "index.html is revalidated, a new build shows at once");
    let api = get("/api/limits").await.unwrap();
    assert!(api.headers().get("cache-control").is_none_or(|v| v != "public, max-age=31536000, immutable"));
}

/// Every `$ref` in `value`.
fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner.as_str()) {
                    ("$ref", Some(target)) => out.push(target),
                    _ => refs(inner, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

#[test]
fn every_reference_in_the_contract_resolves() {
    let document: Value = serde_json::from_str(&std::fs::read_to_string(SNAPSHOT).unwrap()).unwrap();
    let mut found = Vec::new();
    refs(&document, &mut found);
    assert!(found.len() > 20);
    for target in found {
        let name = target.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{target}"));
        assert!(document["components"]["schemas"][name].is_object(), "{target} does not resolve");
    }
}

/// Every type documented in the contract (`derive(ToSchema)`) with the public name it
/// declares (`#[schema(as = Name)]`), by file: `None` where it declares none.
fn declared_schema_names() -> Vec<(String, String, Option<String>)> {
    let mut found = Vec::new();
    let mut folders: Vec<std::path::PathBuf> = ["/../api/src", "/../shared"]
        .iter()
        .map(|f| Path::new(&format!("{}{f}", env!("CARGO_MANIFEST_DIR"))).to_owned())
        .collect();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = source.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let line = line.trim();
                // `#[derive(.., ToSchema)]`, or behind the domain's feature:
                // `#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = X))]`.
                if !((line.starts_with("#[derive(") || line.starts_with("#[cfg_attr(")) && line.contains("ToSchema")) {
                    continue;
                }
                let mut name = None;
                let mut declared = schema_name(line);
                for next in lines[i + 1..].iter().map(|l| l.trim()) {
                    if let Some(as_name) = schema_name(next) {
                        declared = Some(as_name);
                    } else if !next.starts_with("#[") {
                        let words: Vec<&str> = next.split_whitespace().collect();
                        let at =
                            words.iter().position(|w| *w == "struct" || *w == "enum").expect("a type after derive");
                        name = Some(words[at + 1].trim_end_matches(['{', '(', ';', '<']).to_owned());
                        break;
                    }
                }
                let (name, declared) = (name.unwrap(), declared);
                if name == "$name" {
                    // A macro's enums (`text_enum!`): each is named after itself
                    // (`as = $name`); the invocations say which enums those are.
                    assert_eq!(declared.as_deref(), Some("$name"), "the macro names its enums");
                    let invoked = source.split("text_enum! {").skip(1);
                    for enum_name in invoked.filter_map(|block| block.split("pub enum ").nth(1)) {
                        let enum_name = enum_name.split_whitespace().next().unwrap().to_owned();
                        found.push((path.display().to_string(), enum_name.clone(), Some(enum_name)));
                    }
                    continue;
                }
                found.push((path.display().to_string(), name, declared));
            }
        }
    }
    found
}

/// The `X` of a `schema(as = X)` in an attribute line.
fn schema_name(line: &str) -> Option<String> {
    let rest = &line[line.find("schema(as = ")? + "schema(as = ".len()..];
    Some(rest[..rest.find(')')?].trim().to_owned())
}

#[test]
fn every_schema_has_an_explicit_public_name_and_no_two_types_share_one() {
    let declared = declared_schema_names();
    assert!(declared.len() > 100, "{} schemas found", declared.len());
    let unnamed: Vec<_> = declared.iter().filter(|(_, _, name)| name.is_none()).collect();
    assert!(unnamed.is_empty(), "give these types `#[schema(as = PublicName)]`: {unnamed:?}");
    let mut owners: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for (file, ty, name) in &declared {
        owners.entry(name.as_deref().unwrap()).or_default().push(format!("{ty} in {file}"));
    }
    let shared: Vec<_> = owners.iter().filter(|(_, types)| types.len() > 1).collect();
    assert!(shared.is_empty(), "two types claim one schema name (the document would keep only one): {shared:?}");
}
