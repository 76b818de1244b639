//! What the cloud engines share: one HTTP client per engine, retries with exponential
//! backoff on overload and network trouble, German messages from error bodies, and
//! answers read only up to a limit (`crate::http_body`): audio up to 50 MiB, other JSON
//! up to 1 MiB, error bodies up to 8 KiB; a larger answer is refused, never read whole.

use std::time::Duration;

use anyhow::Context;
use base64::Engine as _;
use reqwest::header::{AUTHORIZATION, HeaderName, HeaderValue, RETRY_AFTER};
use reqwest::{Client, RequestBuilder, Response, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;

use super::EngineError;
use crate::ProviderSection;
use crate::http_body::{self, AUDIO_BYTES, ERROR_BODY_BYTES, JSON_BYTES, ReadError};

/// Longest wait between two attempts, whatever the provider asks for: a job should
/// rather fail and be retried later than hold a worker slot for minutes.
const MAX_WAIT: Duration = Duration::from_secs(20);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How much of a provider's error text a message quotes.
const MAX_QUOTE_CHARS: usize = 300;

/// Connection settings of one cloud engine.
#[derive(Debug, Clone)]
pub struct HttpEngineConfig {
    pub api_key: SecretString,
    /// Scheme and host, e.g. `https://api.openai.com`; tests point it at a fake.
    pub base_url: String,
    /// Empty where the provider has no model choice.
    pub model: String,
    /// Per attempt, including reading the audio.
    pub timeout: Duration,
    /// Attempts after the first one on overload, server and network errors.
    pub max_retries: u32,
    /// First wait between attempts; it doubles with every further attempt.
    pub base_backoff: Duration,
}

impl HttpEngineConfig {
    /// The engine's settings, or `None` while its API key is unset or empty.
    pub fn from_section(section: &ProviderSection) -> Option<Self> {
        let api_key = section.api_key.clone().filter(|key| !key.expose_secret().trim().is_empty())?;
        Some(Self {
            api_key,
            base_url: section.base_url.trim_end_matches('/').to_owned(),
            model: section.model.clone(),
            timeout: Duration::from_secs(section.timeout_secs),
            max_retries: 3,
            base_backoff: Duration::from_millis(500),
        })
    }

    /// The wait before retry number `attempt + 1`: the provider's hint if it gave one,
    /// else exponential backoff; capped either way.
    fn wait_before_retry(&self, attempt: u32, hint: Option<Duration>) -> Duration {
        let backoff = self.base_backoff.saturating_mul(2u32.saturating_pow(attempt));
        hint.unwrap_or(backoff).min(MAX_WAIT)
    }
}

/// How a provider takes its key.
pub(super) enum Auth {
    /// `Authorization: Bearer <key>`
    Bearer,
    /// The key alone in the named header (written in lower case, as `HeaderName` wants).
    Header(&'static str),
}

/// What a provider's error body says, as far as its format is known.
#[derive(Debug, Default, PartialEq)]
pub(super) struct ErrorBody {
    pub message: Option<String>,
    /// A wait the provider asked for in the body (Google's RetryInfo).
    pub retry_after: Option<Duration>,
    /// The account is out of credit even though the status may say "try later"
    /// (OpenAI's 429 `insufficient_quota`): retrying cannot help.
    pub quota_exhausted: bool,
}

/// The provider-specific parts of an engine's HTTP client.
pub(super) struct Provider {
    /// The name users see in messages, e.g. "OpenAI".
    pub name: &'static str,
    pub auth: Auth,
    pub parse_error: fn(&str) -> ErrorBody,
}

/// An HTTP client bound to one provider and its key.
pub(super) struct HttpClient {
    client: Client,
    config: HttpEngineConfig,
    provider: Provider,
    auth: (HeaderName, HeaderValue),
}

/// One failed attempt: the error to report and the wait the provider asked for.
struct Failure {
    error: EngineError,
    wait: Option<Duration>,
}

impl HttpClient {
    pub fn new(config: HttpEngineConfig, provider: Provider) -> anyhow::Result<Self> {
        let key = config.api_key.expose_secret();
        let (name, value) = match provider.auth {
            Auth::Bearer => (AUTHORIZATION, format!("Bearer {key}")),
            Auth::Header(name) => (HeaderName::from_static(name), key.to_owned()),
        };
        let mut value = HeaderValue::from_str(&value)
            .with_context(|| format!("the {} API key contains characters not allowed in a header", provider.name))?;
        // Keeps the key out of reqwest's and our Debug output.
        value.set_sensitive(true);
        let client = Client::builder()
            .connect_timeout(CONNECT_TIMEOUT.min(config.timeout))
            .timeout(config.timeout)
            .build()
            .context("building the HTTP client")?;
        Ok(Self { client, config, provider, auth: (name, value) })
    }

    pub fn config(&self) -> &HttpEngineConfig {
        &self.config
    }

    /// POSTs `body` as JSON to `{base_url}{path}` with the key; returns the 2xx body (at
    /// most [`AUDIO_BYTES`]: it is audio, or JSON carrying audio).
    pub async fn post_json(&self, path: &str, body: &impl Serialize) -> Result<Vec<u8>, EngineError> {
        let url = format!("{}{path}", self.config.base_url);
        let (auth_name, auth_value) = &self.auth;
        self.send(AUDIO_BYTES, || self.client.post(&url).header(auth_name, auth_value).json(body)).await
    }

    /// POSTs `body` as JSON with extra headers (Replicate's `Prefer: wait`); at most
    /// [`AUDIO_BYTES`], as a prediction echoes its input (a reference recording).
    pub async fn post_json_with(
        &self,
        path: &str,
        body: &impl Serialize,
        headers: &[(&'static str, &str)],
    ) -> Result<Vec<u8>, EngineError> {
        let url = format!("{}{path}", self.config.base_url);
        let (auth_name, auth_value) = &self.auth;
        self.send(AUDIO_BYTES, || {
            headers.iter().fold(self.client.post(&url).header(auth_name, auth_value).json(body), |r, (name, value)| {
                r.header(*name, *value)
            })
        })
        .await
    }

    /// POSTs a multipart form (built anew for every attempt) with the key; the answer is
    /// JSON without audio (at most [`JSON_BYTES`]).
    pub async fn post_multipart(
        &self,
        path: &str,
        form: impl Fn() -> reqwest::multipart::Form,
    ) -> Result<Vec<u8>, EngineError> {
        let url = format!("{}{path}", self.config.base_url);
        let (auth_name, auth_value) = &self.auth;
        self.send(JSON_BYTES, || self.client.post(&url).header(auth_name, auth_value).multipart(form())).await
    }

    /// GETs `{base_url}{path}` with the key (at most [`AUDIO_BYTES`]: a prediction's state
    /// echoes its input).
    pub async fn get(&self, path: &str) -> Result<Vec<u8>, EngineError> {
        let url = format!("{}{path}", self.config.base_url);
        let (auth_name, auth_value) = &self.auth;
        self.send(AUDIO_BYTES, || self.client.get(&url).header(auth_name, auth_value)).await
    }

    /// DELETEs `{base_url}{path}` with the key (at most [`JSON_BYTES`] of answer).
    pub async fn delete(&self, path: &str) -> Result<Vec<u8>, EngineError> {
        let url = format!("{}{path}", self.config.base_url);
        let (auth_name, auth_value) = &self.auth;
        self.send(JSON_BYTES, || self.client.delete(&url).header(auth_name, auth_value)).await
    }

    /// GETs a URL the provider handed out (audio, at most [`AUDIO_BYTES`]). Without the
    /// key: it may point to another host.
    pub async fn download(&self, url: &str) -> Result<Vec<u8>, EngineError> {
        self.send(AUDIO_BYTES, || self.client.get(url)).await
    }

    /// Base64 audio from a 2xx response; empty or undecodable audio is the provider's fault.
    pub fn decode_audio(&self, base64: &str) -> Result<Vec<u8>, EngineError> {
        match base64::engine::general_purpose::STANDARD.decode(base64.trim()) {
            Ok(bytes) if !bytes.is_empty() => Ok(bytes),
            _ => Err(self.invalid_audio()),
        }
    }

    pub fn invalid_audio(&self) -> EngineError {
        EngineError::Permanent(format!("{} lieferte keine gültigen Audiodaten.", self.provider.name))
    }

    /// An answer beyond `limit`: refused, as retrying would bring the same.
    fn too_large(&self, limit: usize) -> EngineError {
        EngineError::Permanent(format!(
            "{} lieferte eine zu große Antwort (mehr als {}).",
            self.provider.name,
            http_body::describe_limit(limit)
        ))
    }

    /// Sends the request built by `request` until it succeeds, fails for good, or the
    /// retries are used up. A 2xx body larger than `limit` is refused.
    async fn send(&self, limit: usize, request: impl Fn() -> RequestBuilder) -> Result<Vec<u8>, EngineError> {
        let mut attempt = 0;
        loop {
            match self.attempt(limit, request()).await {
                Ok(body) => return Ok(body),
                Err(Failure { error: EngineError::Transient(message), wait }) if attempt < self.config.max_retries => {
                    let wait = self.config.wait_before_retry(attempt, wait);
                    tracing::warn!(provider = self.provider.name, attempt, ?wait, %message, "retrying speech request");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                Err(failure) => return Err(failure.error),
            }
        }
    }

    async fn attempt(&self, limit: usize, request: RequestBuilder) -> Result<Vec<u8>, Failure> {
        let name = self.provider.name;
        let mut response = request.send().await.map_err(|e| {
            crate::engine::count_request(name, if e.is_timeout() { "timeout" } else { "error" });
            self.network_failure(e)
        })?;
        let status = response.status();
        crate::engine::count_request(name, status.as_str());
        let header_wait = retry_after(&response);
        if status.is_success() {
            return http_body::read_whole(response, limit).await.map_err(|e| match e {
                ReadError::TooLarge { limit } => {
                    tracing::warn!(provider = name, limit, "provider answer too large, refused");
                    Failure { error: self.too_large(limit), wait: None }
                }
                ReadError::Network(e) => self.network_failure(e),
            });
        }
        // Only the start of an error answer matters (its message is quoted).
        let body =
            http_body::read_prefix(&mut response, ERROR_BODY_BYTES).await.map_err(|e| self.network_failure(e))?;
        drop(response);
        let text = String::from_utf8_lossy(&body.bytes);
        let parsed = (self.provider.parse_error)(&text);
        let detail = parsed.message.as_deref().and_then(quote).or_else(|| quote(&text));
        let message = describe(self.provider.name, status, parsed.quota_exhausted, detail);
        let retryable = !parsed.quota_exhausted && matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504);
        let error = if retryable { EngineError::Transient(message) } else { EngineError::Permanent(message) };
        Err(Failure { error, wait: header_wait.or(parsed.retry_after) })
    }

    fn network_failure(&self, error: reqwest::Error) -> Failure {
        let name = self.provider.name;
        let (is_builder, is_timeout, is_connect) = (error.is_builder(), error.is_timeout(), error.is_connect());
        // The details go to the log only, without the URL (a download link may be
        // signed); users get a plain sentence.
        tracing::warn!(provider = name, error = ?error.without_url(), "speech request failed");
        let error = if is_builder {
            EngineError::Permanent(format!("Die Anfrage an {name} ist ungültig (Konfiguration prüfen)."))
        } else if is_timeout {
            EngineError::Transient(format!("{name} hat nicht rechtzeitig geantwortet."))
        } else if is_connect {
            EngineError::Transient(format!("{name} ist nicht erreichbar."))
        } else {
            EngineError::Transient(format!("Die Verbindung zu {name} ist abgebrochen."))
        };
        Failure { error, wait: None }
    }
}

/// A `Retry-After` in seconds; the rarer HTTP-date form falls back to our own backoff.
fn retry_after(response: &Response) -> Option<Duration> {
    let seconds = response.headers().get(RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()?;
    Some(Duration::from_secs(seconds))
}

/// The German message for an error status, with the provider's own words if any.
fn describe(name: &str, status: StatusCode, quota_exhausted: bool, detail: Option<String>) -> String {
    let code = status.as_u16();
    let what = match code {
        _ if quota_exhausted || code == 402 => format!("{name}: Das Kontingent ist aufgebraucht"),
        429 | 503 => format!("{name} ist überlastet"),
        500..=599 => format!("{name} meldet einen Serverfehler"),
        _ => format!("{name} hat die Anfrage abgelehnt"),
    };
    match detail {
        Some(detail) => format!("{what} ({code}): {detail}"),
        None => format!("{what} ({code})."),
    }
}

/// Provider text fit for a message: trimmed, on one line, and not too long.
fn quote(text: &str) -> Option<String> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return None;
    }
    if text.chars().count() <= MAX_QUOTE_CHARS {
        return Some(text);
    }
    Some(format!("{}…", text.chars().take(MAX_QUOTE_CHARS).collect::<String>()))
}

/// Google's error JSON, used by Cloud TTS and Gemini alike:
/// `{"error":{"code","message","status","details":[{"@type":"…RetryInfo","retryDelay":"12s"}]}}`.
pub(super) fn parse_google_error(body: &str) -> ErrorBody {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(body) else {
        return ErrorBody::default();
    };
    let error = &json["error"];
    let retry_after = error["details"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|detail| detail["@type"].as_str().is_some_and(|t| t.ends_with("google.rpc.RetryInfo")))
        .find_map(|detail| protobuf_duration(detail["retryDelay"].as_str()?));
    ErrorBody { message: error["message"].as_str().map(str::to_owned), retry_after, quota_exhausted: false }
}

/// A protobuf JSON duration such as "12s" or "0.5s".
fn protobuf_duration(text: &str) -> Option<Duration> {
    let seconds: f64 = text.strip_suffix('s')?.parse().ok()?;
    Duration::try_from_secs_f64(seconds).ok()
}

#[cfg(test)]
pub(super) mod testing {
    //! Helpers for the engines' tests against a wiremock fake of the provider.

    use super::*;
    use crate::engine::SynthesisRequest;
    use audio::Pcm;

    pub const KEY: &str = "test-key-123";

    pub fn config(server: &wiremock::MockServer) -> HttpEngineConfig {
        HttpEngineConfig {
            api_key: SecretString::from(KEY),
            base_url: server.uri(),
            model: "test-model".into(),
            timeout: Duration::from_secs(5),
            max_retries: 2,
            base_backoff: Duration::from_millis(1),
        }
    }

    /// A config whose own backoff is far too long for a test: a retry that finishes
    /// quickly must have followed the provider's hint.
    pub fn config_trusting_hints(server: &wiremock::MockServer) -> HttpEngineConfig {
        HttpEngineConfig { base_backoff: Duration::from_secs(60), ..config(server) }
    }

    /// Synthesizes "Hallo." and fails the test unless the answer comes within 5 s, which
    /// only happens when the engine waited as the provider's retry hint said.
    pub async fn synthesize_following_hint(engine: &impl crate::engine::SpeechEngine) -> crate::engine::EngineAudio {
        tokio::time::timeout(Duration::from_secs(5), engine.synthesize(&request("Hallo.")))
            .await
            .expect("the provider's retry hint was honoured")
            .unwrap()
    }

    pub fn request(text: &str) -> SynthesisRequest {
        SynthesisRequest::plain(text, "test-voice", "de-DE")
    }

    /// "Die *neue* Stimmwerk-App. [pause 700ms] Jetzt & hier." with a dictionary entry
    /// for "Stimmwerk" (spoken "Schtimmwerk", IPA ˈʃtɪmvɛʁk).
    pub fn marked_request() -> SynthesisRequest {
        use domain::spoken::{Inline, Spoken};
        let mut spoken = Spoken::text("Die ");
        spoken.push(Inline::Emphasis("neue".into()));
        spoken.push(Inline::Text(" ".into()));
        spoken.push(Inline::Term { spoken: "Schtimmwerk".into(), ipa: Some("ˈʃtɪmvɛʁk".into()) });
        spoken.push(Inline::Text("-App.".into()));
        SynthesisRequest { input: spoken.join(Inline::Break(700), Spoken::text("Jetzt & hier.")), ..request("") }
    }

    /// A 440 Hz tone.
    pub fn tone(seconds: f64, sample_rate: u32) -> Pcm {
        let n = (seconds * sample_rate as f64) as usize;
        let samples = (0..n)
            .map(|i| ((i as f64 * 440.0 * std::f64::consts::TAU / sample_rate as f64).sin() * 8000.0) as i16)
            .collect();
        Pcm { sample_rate, samples }
    }

    pub fn pcm16_bytes(pcm: &Pcm) -> Vec<u8> {
        pcm.samples.iter().flat_map(|s| s.to_le_bytes()).collect()
    }

    pub fn mp3_tone(seconds: f64) -> Vec<u8> {
        audio::encode_mp3(&tone(seconds, 22050)).expect("LAME encodes a tone")
    }

    pub fn base64(bytes: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    /// About `chars` characters of German, heavy on umlauts so bytes exceed characters.
    pub fn german_text(chars: usize) -> String {
        let text = "Über Äpfel, Öfen und Grüße äußern sich Müller und Bäcker später. ".repeat(chars / 60 + 1);
        text.chars().take(chars).collect::<String>().trim().to_owned()
    }

    /// The JSON bodies the fake received, in order.
    pub async fn bodies(server: &wiremock::MockServer) -> Vec<serde_json::Value> {
        server
            .received_requests()
            .await
            .expect("request recording is on")
            .iter()
            .map(|r| serde_json::from_slice(&r.body).expect("the engine sends JSON"))
            .collect()
    }

    pub async fn request_count(server: &wiremock::MockServer) -> usize {
        server.received_requests().await.expect("request recording is on").len()
    }

    /// What an engine must make of a provider's answer to "Hallo.".
    pub enum Expect {
        /// A passing failure, reported after the retries (three requests in all).
        Transient(&'static str),
        /// Refused for good, at once (one request).
        Permanent(&'static str),
        /// Not audio, whatever the words (one request).
        NotAudio,
    }

    /// One row of an engine's failure table: the provider's answer, in its own shape.
    pub struct Failure {
        pub answer: wiremock::ResponseTemplate,
        pub expect: Expect,
    }

    /// Every row against a fresh fake that answers `call` (the provider's exact request
    /// for "Hallo.") with the row's answer, and the engine `build` makes for that fake.
    /// The scenarios every HTTP engine meets, written once; each engine lists its rows.
    pub async fn assert_failures<E: crate::engine::SpeechEngine>(
        call: fn(&str) -> wiremock::MockBuilder,
        build: impl Fn(&wiremock::MockServer) -> E,
        rows: Vec<Failure>,
    ) {
        use crate::engine::EngineError;
        for Failure { answer, expect } in rows {
            let server = wiremock::MockServer::start().await;
            call("Hallo.").respond_with(answer).mount(&server).await;
            let error = build(&server).synthesize(&request("Hallo.")).await.unwrap_err();
            let requests = request_count(&server).await;
            match expect {
                Expect::Transient(message) => {
                    assert!(matches!(&error, EngineError::Transient(m) if m == message), "{error:?}");
                    assert_eq!(requests, 3, "{message}: retried twice");
                }
                Expect::Permanent(message) => {
                    assert!(matches!(&error, EngineError::Permanent(m) if m == message), "{error:?}");
                    assert_eq!(requests, 1, "{message}: not retried");
                }
                Expect::NotAudio => {
                    assert!(matches!(error, EngineError::Permanent(_)), "{error:?}");
                    assert_eq!(requests, 1, "{error:?}: not retried");
                }
            }
        }
    }

    /// A 429 with `Retry-After: 0` (in the provider's shape) and then audio: the engine
    /// must retry as the hint says, not after its own (far too long) backoff.
    pub async fn assert_retries_after_429<E: crate::engine::SpeechEngine>(
        call: fn(&str) -> wiremock::MockBuilder,
        build: impl Fn(HttpEngineConfig) -> E,
        too_many: wiremock::ResponseTemplate,
        audio: wiremock::ResponseTemplate,
    ) {
        let server = wiremock::MockServer::start().await;
        call("Hallo.")
            .respond_with(too_many.insert_header("retry-after", "0"))
            .up_to_n_times(1)
            .expect(1)
            .mount(&server)
            .await;
        call("Hallo.").respond_with(audio).expect(1).mount(&server).await;
        let audio = synthesize_following_hint(&build(config_trusting_hints(&server))).await;
        assert!(!audio.bytes.is_empty());
    }
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::{header, method};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::testing::*;
    use super::*;

    fn test_provider() -> Provider {
        Provider { name: "Testdienst", auth: Auth::Header("x-key"), parse_error: |_| ErrorBody::default() }
    }

    #[test]
    fn backoff_doubles_and_hints_win_but_are_capped() {
        let config = HttpEngineConfig {
            api_key: SecretString::from("k"),
            base_url: String::new(),
            model: String::new(),
            timeout: Duration::from_secs(1),
            max_retries: 3,
            base_backoff: Duration::from_millis(500),
        };
        assert_eq!(config.wait_before_retry(0, None), Duration::from_millis(500));
        assert_eq!(config.wait_before_retry(2, None), Duration::from_secs(2));
        assert_eq!(config.wait_before_retry(30, None), MAX_WAIT);
        assert_eq!(config.wait_before_retry(2, Some(Duration::ZERO)), Duration::ZERO);
        assert_eq!(config.wait_before_retry(0, Some(Duration::from_secs(3600))), MAX_WAIT);
    }

    #[test]
    fn empty_or_missing_keys_disable_a_provider() {
        let mut section = ProviderSection {
            api_key: None,
            base_url: "https://example.test/".into(),
            model: "m".into(),
            timeout_secs: 60,
        };
        assert!(HttpEngineConfig::from_section(&section).is_none());
        section.api_key = Some(SecretString::from("  "));
        assert!(HttpEngineConfig::from_section(&section).is_none());
        section.api_key = Some(SecretString::from("sk-1"));
        let config = HttpEngineConfig::from_section(&section).unwrap();
        assert_eq!(config.base_url, "https://example.test");
        assert_eq!(config.timeout, Duration::from_secs(60));
    }

    #[test]
    fn the_key_stays_out_of_debug_output() {
        let client = HttpClient::new(
            HttpEngineConfig {
                api_key: SecretString::from("sk-geheim"),
                base_url: String::new(),
                model: String::new(),
                timeout: Duration::from_secs(1),
                max_retries: 0,
                base_backoff: Duration::ZERO,
            },
            Provider { name: "T", auth: Auth::Bearer, parse_error: |_| ErrorBody::default() },
        )
        .unwrap();
        assert!(!format!("{:?} {:?}", client.config, client.auth).contains("sk-geheim"));
    }

    #[test]
    fn quotes_are_one_line_and_truncated() {
        assert_eq!(quote("  a\n  b "), Some("a b".into()));
        assert_eq!(quote(" \n"), None);
        let long = quote(&"ä".repeat(1000)).unwrap();
        assert_eq!(long.chars().count(), MAX_QUOTE_CHARS + 1);
    }

    #[test]
    fn google_errors_give_message_and_retry_delay() {
        let body = r#"{"error":{"code":429,"message":"Quota exceeded.","status":"RESOURCE_EXHAUSTED","details":[
            {"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[]},
            {"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"12.5s"}]}}"#;
        let parsed = parse_google_error(body);
        assert_eq!(parsed.message.as_deref(), Some("Quota exceeded."));
        assert_eq!(parsed.retry_after, Some(Duration::from_millis(12_500)));
        assert_eq!(parse_google_error("<html>Bad Gateway</html>"), ErrorBody::default());
    }

    #[tokio::test]
    async fn non_json_error_bodies_are_quoted() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(header("x-key", KEY))
            .respond_with(ResponseTemplate::new(404).set_body_string("<h1>Not Found</h1>"))
            .mount(&server)
            .await;
        let client = HttpClient::new(config(&server), test_provider()).unwrap();
        let error = client.post_json("/x", &serde_json::json!({})).await.unwrap_err();
        assert!(
            matches!(&error, EngineError::Permanent(m) if m == "Testdienst hat die Anfrage abgelehnt (404): <h1>Not Found</h1>"),
            "{error:?}"
        );
    }

    #[tokio::test]
    async fn unreachable_hosts_are_retried_then_transient() {
        // A port that was just free: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let server = MockServer::start().await;
        let config = HttpEngineConfig { base_url: format!("http://127.0.0.1:{port}"), ..config(&server) };
        let client = HttpClient::new(config, test_provider()).unwrap();
        let error = client.post_json("/x", &serde_json::json!({})).await.unwrap_err();
        assert!(matches!(&error, EngineError::Transient(m) if m == "Testdienst ist nicht erreichbar."), "{error:?}");
    }

    #[tokio::test]
    async fn slow_answers_time_out_and_are_retried() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
            .mount(&server)
            .await;
        let config = HttpEngineConfig { timeout: Duration::from_millis(200), max_retries: 1, ..config(&server) };
        let client = HttpClient::new(config, test_provider()).unwrap();
        let error = client.post_json("/x", &serde_json::json!({})).await.unwrap_err();
        assert!(matches!(&error, EngineError::Transient(m) if m.contains("nicht rechtzeitig")), "{error:?}");
        assert_eq!(request_count(&server).await, 2);
    }

    #[tokio::test]
    async fn answers_from_outside_are_never_read_whole_an_endless_audio_answer_is_refused() {
        use std::sync::atomic::Ordering;

        use crate::http_body::testing::{ENDLESS, endless_server};
        let (url, written) = endless_server(ENDLESS);
        let server = MockServer::start().await;
        let config = HttpEngineConfig { base_url: url.clone(), timeout: Duration::from_secs(60), ..config(&server) };
        let client = HttpClient::new(config, test_provider()).unwrap();
        let started = std::time::Instant::now();
        let error = client.post_json("/x", &serde_json::json!({})).await.unwrap_err();
        assert!(
            matches!(&error, EngineError::Permanent(m) if m == "Testdienst lieferte eine zu große Antwort (mehr als 50 MiB)."),
            "{error:?}"
        );
        let error = client.download(&format!("{url}/audio.mp3")).await.unwrap_err();
        assert!(matches!(&error, EngineError::Permanent(m) if m.contains("zu große Antwort")), "{error:?}");
        let error = client.delete("/v1/voices/x").await.unwrap_err();
        assert!(
            matches!(&error, EngineError::Permanent(m) if m == "Testdienst lieferte eine zu große Antwort (mehr als 1 MiB)."),
            "{error:?}"
        );
        assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
        tokio::time::sleep(Duration::from_millis(200)).await;
        // Three answers, each stopped at its limit (plus what sat in socket buffers).
        assert!(written.load(Ordering::Relaxed) < 200 * 1024 * 1024, "{}", written.load(Ordering::Relaxed));
    }

    #[tokio::test]
    async fn answers_from_outside_are_never_read_whole_an_endless_error_is_quoted_from_its_start() {
        use crate::http_body::testing::endless_server;
        let (url, _) =
            endless_server("HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n");
        let server = MockServer::start().await;
        let config = HttpEngineConfig { base_url: url, timeout: Duration::from_secs(60), ..config(&server) };
        let client = HttpClient::new(config, test_provider()).unwrap();
        let started = std::time::Instant::now();
        let error = client.post_json("/x", &serde_json::json!({})).await.unwrap_err();
        let expected = format!("Testdienst hat die Anfrage abgelehnt (400): {}…", "x".repeat(MAX_QUOTE_CHARS));
        assert!(matches!(&error, EngineError::Permanent(m) if *m == expected), "{error:?}");
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    }

    #[tokio::test]
    async fn downloads_do_not_carry_the_key() {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(b"abc".to_vec()))
            .mount(&server)
            .await;
        let client = HttpClient::new(config(&server), test_provider()).unwrap();
        assert_eq!(client.download(&format!("{}/file.mp3", server.uri())).await.unwrap(), b"abc");
        let requests = server.received_requests().await.unwrap();
        assert!(requests[0].headers.get("x-key").is_none());
    }
}
