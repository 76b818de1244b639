//! Bounded reading of answers from other servers (speech providers, Stripe, webhook
//! receivers). An answer is read piece by piece and never beyond a limit the caller names:
//! a server that answers with hundreds of megabytes, or without end, costs us at most
//! that limit, and the connection is dropped with the rest unread.

/// Most bytes of a webhook receiver's answer that are read (its start is kept in the log).
pub const WEBHOOK_ANSWER_BYTES: usize = 4 * 1024;
/// Most bytes of a provider's error answer that are read (its message is quoted).
pub const ERROR_BODY_BYTES: usize = 8 * 1024;
/// Most bytes of a JSON answer that carries no audio (Stripe, a prediction's state).
pub const JSON_BYTES: usize = 1024 * 1024;
/// Most bytes of an answer that carries audio (raw, or base64 inside JSON): a 5000
/// character chunk is a few megabytes even as uncompressed WAV.
pub const AUDIO_BYTES: usize = 50 * 1024 * 1024;

/// The start of an answer, read up to a limit.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Prefix {
    pub bytes: Vec<u8>,
    /// More was sent (or announced) than was read.
    pub truncated: bool,
}

/// Reads at most `limit` bytes of the body and stops there; the rest is never read.
pub async fn read_prefix(response: &mut reqwest::Response, limit: usize) -> Result<Prefix, reqwest::Error> {
    let announced_more = response.content_length().is_some_and(|length| length > limit as u64);
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        let room = limit - bytes.len();
        if chunk.len() > room {
            bytes.extend_from_slice(&chunk[..room]);
            return Ok(Prefix { bytes, truncated: true });
        }
        bytes.extend_from_slice(&chunk);
        if bytes.len() == limit {
            // Exactly at the limit: whatever comes next would be too much.
            let more = response.chunk().await?.is_some_and(|c| !c.is_empty());
            return Ok(Prefix { bytes, truncated: more || announced_more });
        }
    }
    Ok(Prefix { bytes, truncated: announced_more })
}

/// Why a whole body could not be had.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The body is larger than the limit (announced, or found while reading).
    #[error("the answer is larger than {limit} bytes")]
    TooLarge { limit: usize },
    #[error(transparent)]
    Network(#[from] reqwest::Error),
}

/// Reads the whole body if it is at most `limit` bytes; refuses a larger one without
/// reading more than the limit (an announced length beyond it is refused at once).
pub async fn read_whole(mut response: reqwest::Response, limit: usize) -> Result<Vec<u8>, ReadError> {
    if response.content_length().is_some_and(|length| length > limit as u64) {
        return Err(ReadError::TooLarge { limit });
    }
    let prefix = read_prefix(&mut response, limit).await?;
    if prefix.truncated {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(prefix.bytes)
}

/// `limit` bytes as people say it ("50 MiB", "4 KiB").
pub fn describe_limit(limit: usize) -> String {
    if limit >= 1024 * 1024 {
        format!("{} MiB", limit / (1024 * 1024))
    } else {
        format!("{} KiB", limit.div_ceil(1024))
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! A misbehaving server for the tests of every bounded reader.

    use std::io::{Read, Write};
    use std::net::TcpListener;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// An answer head for a body without end (no length, closed by the server).
    pub const ENDLESS: &str = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n";

    /// A server on 127.0.0.1 that answers every connection with `head` and then body
    /// bytes without end (until the reader hangs up); counts the body bytes it wrote.
    pub fn endless_server(head: &'static str) -> (String, Arc<AtomicUsize>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let written = Arc::new(AtomicUsize::new(0));
        let counter = written.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let counter = counter.clone();
                std::thread::spawn(move || {
                    let mut request = [0u8; 16 * 1024];
                    let _ = stream.read(&mut request);
                    if stream.write_all(head.as_bytes()).is_err() {
                        return;
                    }
                    let block = vec![b'x'; 64 * 1024];
                    while stream.write_all(&block).is_ok() {
                        counter.fetch_add(block.len(), Ordering::Relaxed);
                    }
                });
            }
        });
        (url, written)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::net::TcpListener;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    use super::testing::*;
    use super::*;

    #[tokio::test]
    async fn an_endless_answer_is_read_only_up_to_the_limit() {
        let (url, written) = endless_server(ENDLESS);
        let started = Instant::now();
        let mut response = reqwest::get(&url).await.unwrap();
        let prefix = read_prefix(&mut response, 4096).await.unwrap();
        drop(response);
        assert_eq!(prefix.bytes.len(), 4096);
        assert!(prefix.truncated);
        assert!(started.elapsed() < Duration::from_secs(5));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(written.load(Ordering::Relaxed) < 20 * 1024 * 1024, "the rest was never read");

        let response = reqwest::get(&url).await.unwrap();
        assert!(matches!(read_whole(response, 1024 * 1024).await, Err(ReadError::TooLarge { limit: 1_048_576 })));
    }

    #[tokio::test]
    async fn an_announced_oversized_answer_is_refused_before_reading() {
        let (url, _) = endless_server("HTTP/1.1 200 OK\r\ncontent-length: 400000000\r\n\r\n");
        let response = reqwest::get(&url).await.unwrap();
        assert!(matches!(read_whole(response, 1024).await, Err(ReadError::TooLarge { .. })));
    }

    #[tokio::test]
    async fn small_answers_are_read_whole() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        std::thread::spawn(move || {
            for stream in listener.incoming().take(2) {
                let mut stream = stream.unwrap();
                let mut request = [0u8; 4096];
                let _ = std::io::Read::read(&mut stream, &mut request);
                let _ = stream.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\nconnection: close\r\n\r\nhallo");
            }
        });
        let response = reqwest::get(&url).await.unwrap();
        assert_eq!(read_whole(response, 5).await.unwrap(), b"hallo");
        let mut response = reqwest::get(&url).await.unwrap();
        assert_eq!(read_prefix(&mut response, 3).await.unwrap(), Prefix { bytes: b"hal".to_vec(), truncated: true });
    }

    #[test]
    fn limits_read_as_people_say_them() {
        assert_eq!(describe_limit(AUDIO_BYTES), "50 MiB");
        assert_eq!(describe_limit(WEBHOOK_ANSWER_BYTES), "4 KiB");
    }
}
