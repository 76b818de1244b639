//! OpenAI-compatible speech: `POST /v1/audio/speech` and `GET /v1/models`, so code and
//! SDKs written for OpenAI's audio API work with a Stimmwerk key and base URL. Errors
//! come in OpenAI's shape. The audio is streamed as each sentence is ready.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use shared::use_cases::openai_speech::{self, SpeechRequest};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::KeyCaller;
use crate::AppState;
use crate::error::{OpenAiError, OpenAiErrorBody};
use crate::extract::ApiJson;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_speech)).routes(routes!(models))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = SpeechBody)]
struct SpeechBody {
    /// Eines der Modelle aus `GET /v1/models` (Pflicht); die Stimme bestimmt den Dienst.
    #[serde(default)]
    model: String,
    /// Der `key` einer Stimme (`local-de-klara`), ihre ID oder ihr eindeutiger Name, oder ein
    /// Name von OpenAI (alloy, ash, coral, sage → die englischen OpenAI-Stimmen; echo, nova,
    /// onyx, shimmer → die deutschen) (Pflicht).
    #[serde(default)]
    voice: String,
    /// Der Text, 1 bis 5.000 Zeichen (Pflicht).
    #[serde(default)]
    input: String,
    /// `mp3` (Standard), `wav` oder `pcm` (16 Bit Little-Endian, mono, 24 kHz); `opus`,
    /// `aac` und `flac` werden mit 400 abgelehnt.
    response_format: Option<String>,
    /// 0,7 bis 1,3 für Stimmen mit einstellbarem Tempo (Murf); 1,0 für alle anderen.
    speed: Option<f32>,
    /// Wie gesprochen werden soll; geht an Dienste, die eine Anweisung annehmen (OpenAIs
    /// gpt-4o-mini-tts).
    instructions: Option<String>,
}

/// Text in Sprache in einer Anfrage (OpenAI-kompatibel)
///
/// Abgerechnet wie ein Auftrag (max(1, ⌈Zeichen / 10⌉) Cent), in der Bibliothek als
/// API-Auftrag abgelegt, beantwortet mit den Audio-Bytes. `mp3` und `pcm` kommen Satz für
/// Satz, sobald sie erzeugt sind (chunked); `wav` in einem Stück. Die ID des Auftrags steht
/// in `X-Stimmwerk-Job-Id`.
#[utoipa::path(post, path = "/v1/audio/speech", tag = "openai", request_body = SpeechBody,
    security(("api_key" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    responses(
        (status = 200, description = "Die Audiodaten: audio/mpeg, audio/wav oder audio/pcm je nach response_format",
            content_type = "audio/mpeg"),
        (status = 400, body = OpenAiErrorBody),
        (status = 401, body = OpenAiErrorBody),
        (status = 402, body = OpenAiErrorBody),
        (status = 409, body = OpenAiErrorBody),
        (status = 429, body = OpenAiErrorBody),
        (status = 502, body = OpenAiErrorBody),
    ))]
async fn create_speech(
    State(state): State<AppState>,
    KeyCaller(caller): KeyCaller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SpeechBody>,
) -> Result<Response, OpenAiError> {
    let request = SpeechRequest {
        model: body.model,
        voice: body.voice,
        input: body.input,
        response_format: body.response_format,
        speed: body.speed,
        instructions: body.instructions,
        idempotency_key: crate::routes::jobs::idempotency_key(&headers)?,
    };
    let audio = openai_speech::speak(&state.svc, &caller, request).await?;
    let first = futures::stream::once(async move { Ok::<_, std::io::Error>(audio.first) });
    // A failure half-way ends the body early; the job is failed and refunded.
    let rest = futures::stream::unfold(audio.rest, |mut rx| async move { rx.recv().await.map(|piece| (piece, rx)) })
        .map(|piece| piece.map_err(std::io::Error::other));
    let job_id = HeaderValue::from_str(&audio.job_id.to_string()).expect("a uuid is a valid header value");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(audio.format.content_type())),
            (header::HeaderName::from_static("x-stimmwerk-job-id"), job_id),
        ],
        Body::from_stream(first.chain(rest)),
    )
        .into_response())
}

#[derive(Serialize, ToSchema)]
#[schema(as = Model)]
struct Model {
    id: &'static str,
    object: &'static str,
    /// Unix-Sekunden (ein festes Datum: die Modelle ändern sich nicht mit jeder Version).
    created: i64,
    owned_by: &'static str,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ModelList)]
struct ModelList {
    object: &'static str,
    data: Vec<Model>,
}

/// Die Modelle
///
/// Was `model` annimmt, in der Listenform von OpenAI.
#[utoipa::path(get, path = "/v1/models", tag = "openai", security(("api_key" = [])),
    responses((status = 200, body = ModelList), (status = 401, body = OpenAiErrorBody)))]
async fn models(_caller: KeyCaller) -> Json<ModelList> {
    let data = openai_speech::MODELS
        .iter()
        .map(|id| Model { id, object: "model", created: 1_764_000_000, owned_by: "stimmwerk" })
        .collect();
    Json(ModelList { object: "list", data })
}
