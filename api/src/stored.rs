//! Answers with a stored object (audio, recordings) after the handler checked who may
//! have it: a redirect to a presigned link where the store gives one (S3: the bytes do
//! not pass through the API, and S3 answers ranges itself), else the bytes streamed, or
//! the one byte range a player asks for when it seeks (206, `Content-Range`).

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::io::AsyncReadExt;
use tokio_util::io::ReaderStream;

use crate::error::{ApiError, ApiResult};

use shared::files::STORE_DOWN;

pub async fn object(
    svc: &shared::Services,
    request: &HeaderMap,
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
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600")),
        (header::CONTENT_DISPOSITION, disposition_value),
        (header::ACCEPT_RANGES, HeaderValue::from_static("bytes")),
    ];
    let Some(range) = request.get(header::RANGE).and_then(|v| v.to_str().ok()) else {
        return Ok((
            headers,
            [(header::CONTENT_LENGTH, HeaderValue::from(len))],
            Body::from_stream(ReaderStream::new(reader)),
        )
            .into_response());
    };
    // One range is what players ask for; several (or a broken header) get the whole object,
    // which the standard allows.
    let ranges = http_range_header::parse_range_header(range).map(|parsed| parsed.validate(len));
    let (start, end) = match ranges {
        Ok(Ok(ranges)) if ranges.len() == 1 => (*ranges[0].start(), *ranges[0].end()),
        Ok(Err(_)) => {
            let unsatisfied = HeaderValue::from_str(&format!("bytes */{len}")).expect("ascii");
            return Ok((StatusCode::RANGE_NOT_SATISFIABLE, [(header::CONTENT_RANGE, unsatisfied)]).into_response());
        }
        _ => {
            return Ok((
                headers,
                [(header::CONTENT_LENGTH, HeaderValue::from(len))],
                Body::from_stream(ReaderStream::new(reader)),
            )
                .into_response());
        }
    };
    // The store opens objects from their start: skip to the range, then take its length.
    let mut reader = reader;
    tokio::io::copy(&mut (&mut reader).take(start), &mut tokio::io::sink()).await.map_err(|e| {
        tracing::error!(%key, error = %e, "stored object not readable");
        ApiError(shared::Error::Unreachable(STORE_DOWN))
    })?;
    let part = reader.take(end - start + 1);
    let content_range = HeaderValue::from_str(&format!("bytes {start}-{end}/{len}")).expect("ascii");
    Ok((
        StatusCode::PARTIAL_CONTENT,
        headers,
        [(header::CONTENT_LENGTH, HeaderValue::from(end - start + 1)), (header::CONTENT_RANGE, content_range)],
        Body::from_stream(ReaderStream::new(part)),
    )
        .into_response())
}
