//! Answers with a stored object (audio, recordings) after the handler checked who may
//! have it: a redirect to a presigned link where the store gives one (S3: the bytes do
//! not pass through the API), else the bytes streamed.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio_util::io::ReaderStream;

use crate::error::{ApiError, ApiResult};

use shared::files::STORE_DOWN;

pub async fn object(
    svc: &shared::Services,
    key: &str,
    content_type: &'static str,
    disposition: &str,
    missing: &'static str,
) -> ApiResult<Response> {
    let disposition_value =
        HeaderValue::from_str(disposition).map_err(|_| ApiError(shared::Error::NotFound(missing)))?;
    match svc.storage.link(key, content_type, disposition).await {
        Ok(Some(url)) => {
            let location = HeaderValue::from_str(&url).map_err(|e| ApiError(shared::Error::Internal(e.into())))?;
            // The link is for this caller and expires: never cached.
            return Ok((StatusCode::FOUND, [(header::LOCATION, location)]).into_response());
        }
        Ok(None) => {}
        Err(e) => {
            tracing::error!(%key, error = %e, "no link to a stored object");
            return Err(ApiError(shared::Error::Unreachable(STORE_DOWN)));
        }
    }
    let (reader, len) = svc.storage.open(key).await.map_err(|e| {
        tracing::error!(%key, error = %e, "stored object not readable");
        match e.kind() {
            std::io::ErrorKind::NotFound => ApiError(shared::Error::NotFound(missing)),
            _ => ApiError(shared::Error::Unreachable(STORE_DOWN)),
        }
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_LENGTH, HeaderValue::from(len)),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600")),
            (header::CONTENT_DISPOSITION, disposition_value),
        ],
        Body::from_stream(ReaderStream::new(reader)),
    )
        .into_response())
}
