//! The compose deployment as an operator meets it (`docker-compose.yml`, which no
//! container engine runs here): every `APP__` variable it passes is a setting the
//! binaries read, what the product cannot work without is required rather than left
//! empty, and `.env.example` and the README name every variable an operator must set.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use base64::Engine;
use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn compose() -> Yaml {
    let text = std::fs::read_to_string(root().join("docker-compose.yml")).unwrap();
    YamlLoader::load_from_str(&text).unwrap().remove(0)
}

/// One `${…}` of the compose file: `${NAME:?message}` must be set, `${NAME:-default}`
/// falls back to its default.
#[derive(Debug, PartialEq)]
enum Reference {
    Required(String),
    Optional(String, String),
}

/// The value of a compose environment entry with its `${…}` references resolved by
/// `resolve`, and the references it holds.
fn substitute(raw: &str, resolve: &impl Fn(&Reference) -> String) -> (String, Vec<Reference>) {
    let (mut out, mut found, mut rest) = (String::new(), Vec::new(), raw);
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').expect("a closed ${…}") + start;
        let inner = &rest[start + 2..end];
        let reference = match (inner.split_once(":?"), inner.split_once(":-")) {
            (Some((name, _)), _) => Reference::Required(name.to_owned()),
            (_, Some((name, default))) => Reference::Optional(name.to_owned(), default.to_owned()),
            _ => panic!("${{{inner}}} should say :? (required) or :- (with a default)"),
        };
        out.push_str(&resolve(&reference));
        found.push(reference);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    (out, found)
}

/// What an operator's `.env` might hold for a required variable.
fn sample(name: &str) -> String {
    match name {
        "ENCRYPTION_KEY" => base64::engine::general_purpose::STANDARD.encode([9u8; 32]),
        "SMTP_URL" => "smtps://stimmwerk:geheim@smtp.example.com".into(),
        "MAIL_FROM" => "Stimmwerk <no-reply@example.com>".into(),
        "ADMIN_EMAIL" => "betrieb@example.com".into(),
        _ => format!("{}-wert", name.to_lowercase()),
    }
}

/// The environment the api, worker and migrate containers get (the `x-app` block), with
/// every required variable set as an operator would, and the raw entries.
fn app_environment() -> (config::Map<String, String>, Vec<(String, String)>) {
    let compose = compose();
    let block = compose["x-app"]["environment"].as_hash().expect("x-app has an environment");
    let resolve = |r: &Reference| match r {
        Reference::Required(name) => sample(name),
        Reference::Optional(_, default) => default.clone(),
    };
    let mut environment = config::Map::new();
    let mut raw = Vec::new();
    for (key, value) in block {
        let (key, value) = (key.as_str().unwrap().to_owned(), value.as_str().expect("a string value").to_owned());
        environment.insert(key.clone(), substitute(&value, &resolve).0);
        raw.push((key, value));
    }
    (environment, raw)
}

/// Every variable the compose file requires (`${NAME:?…}`), anywhere in the file.
fn required_variables() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("docker-compose.yml")).unwrap();
    let (_, references) = substitute(&text.replace("$$", ""), &|_| String::new());
    references
        .into_iter()
        .filter_map(|r| match r {
            Reference::Required(name) => Some(name),
            Reference::Optional(..) => None,
        })
        .collect()
}

#[test]
fn every_variable_the_compose_file_passes_is_a_setting_the_binaries_read() {
    let (environment, raw) = app_environment();
    assert!(raw.iter().all(|(key, _)| key.starts_with("APP__")), "{raw:?}");
    let settings = shared::config::Settings::load_from(Some(environment)).unwrap();
    assert_eq!(settings.log.format, shared::config::LogFormat::Json);
    assert_eq!(settings.storage.backend, shared::config::StorageBackend::S3);
    // The api, the worker and the migration all run with that block.
    let compose = compose();
    for service in ["migrate", "api", "worker"] {
        assert_eq!(compose["services"][service]["<<"], compose["x-app"], "{service} merges x-app");
    }
}

#[test]
fn a_compose_install_can_seal_secrets_and_send_its_mails() {
    let (environment, raw) = app_environment();
    // What the product cannot work without comes from a variable compose requires:
    // without the key no one can switch on two-factor sign-in (which the admin area
    // needs), without SMTP no sign-up can be confirmed.
    for setting in [
        "APP__SECRETS__ENCRYPTION_KEY",
        "APP__MAIL__SMTP_URL",
        "APP__MAIL__FROM",
        "APP__ADMIN__EMAIL",
        "APP__ADMIN__PASSWORD",
    ] {
        let value = &raw.iter().find(|(key, _)| key == setting).unwrap_or_else(|| panic!("{setting} is passed")).1;
        let (_, references) = substitute(value, &|_| String::new());
        assert!(matches!(references.as_slice(), [Reference::Required(_)]), "{setting}: {value} must be required");
    }
    let settings = shared::config::Settings::load_from(Some(environment)).unwrap();
    assert!(shared::keyring::secret_box(&settings).unwrap().is_some(), "the key seals secrets");
    shared::mail::Mailer::from_settings(&settings.mail).expect("an SMTP mailer");
}

#[test]
fn env_example_and_the_readme_name_every_variable_compose_requires() {
    let example = std::fs::read_to_string(root().join(".env.example")).unwrap();
    let listed: BTreeSet<String> = example
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once('=').map(|(name, _)| name.trim().to_owned()))
        .collect();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme.split("## Deploy with compose").nth(1).expect("a README section Deploy with compose");
    let section = section.split("\n## ").next().unwrap();
    let required = required_variables();
    assert!(required.contains("ENCRYPTION_KEY") && required.contains("SMTP_URL"), "{required:?}");
    for name in &required {
        assert!(listed.contains(name), ".env.example lists {name}");
        assert!(section.contains(&format!("`{name}`")), "the README's Deploy with compose names `{name}`");
    }
}

#[test]
fn references_are_read_as_compose_reads_them() {
    let resolve = |r: &Reference| match r {
        Reference::Required(name) => format!("<{name}>"),
        Reference::Optional(_, default) => default.clone(),
    };
    let (value, found) = substitute("a${X:?fehlt}b${Y:-http://h:1}c", &resolve);
    assert_eq!(value, "a<X>bhttp://h:1c");
    assert_eq!(found, [Reference::Required("X".into()), Reference::Optional("Y".into(), "http://h:1".into())]);
}
