//! The S3 store (aws-sdk-s3): any S3-compatible service, with a custom endpoint and
//! path-style addressing for those that need them. Browsers get presigned GET links
//! instead of the API streaming each file.

use std::time::Duration;

use async_trait::async_trait;
use aws_sdk_s3::Client;
use aws_sdk_s3::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_s3::presigning::PresigningConfig;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::types::{CorsConfiguration, CorsRule};
use aws_smithy_http_client::tls;
use secrecy::ExposeSecret;

use super::{AudioStorage, ObjectReader, S3Settings};

pub struct S3Storage {
    client: Client,
    /// Signs the browsers' links: for the public endpoint where it differs from ours.
    signer: Client,
    bucket: String,
    link_lifetime: Duration,
}

impl S3Storage {
    pub fn new(settings: &S3Settings) -> Self {
        let credentials = Credentials::new(
            settings.access_key_id.clone(),
            settings.secret_access_key.expose_secret().to_owned(),
            None,
            None,
            "stimmwerk-config",
        );
        // rustls with ring, as reqwest uses: the SDK's default client would build aws-lc
        // (a C library, most of a minute of the first build) for the same TLS.
        let http = aws_smithy_http_client::Builder::new()
            .tls_provider(tls::Provider::Rustls(tls::rustls_provider::CryptoMode::Ring))
            .build_https();
        let mut config = aws_sdk_s3::config::Builder::new()
            .behavior_version(BehaviorVersion::latest())
            .http_client(http)
            .region(Region::new(settings.region.clone()))
            .credentials_provider(credentials)
            .force_path_style(settings.path_style)
            // A store that does not answer fails the request instead of holding a job.
            .timeout_config(
                aws_sdk_s3::config::timeout::TimeoutConfig::builder()
                    .connect_timeout(Duration::from_secs(5))
                    .operation_attempt_timeout(Duration::from_secs(60))
                    .build(),
            );
        let public = config.clone();
        if !settings.endpoint.is_empty() {
            config = config.endpoint_url(&settings.endpoint);
        }
        let signer = match settings.public_endpoint.as_str() {
            "" => Client::from_conf(config.clone().build()),
            public_endpoint => Client::from_conf(public.endpoint_url(public_endpoint).build()),
        };
        S3Storage {
            client: Client::from_conf(config.build()),
            signer,
            bucket: settings.bucket.clone(),
            link_lifetime: Duration::from_secs(settings.link_seconds),
        }
    }

    /// Creates the bucket unless it exists, and lets the site's pages read from it
    /// (CORS: GET from `site_origin`, for downloads through presigned links). Run by
    /// `stimmwerk-api migrate`.
    pub async fn prepare(&self, site_origin: &str) -> std::io::Result<()> {
        if self.client.head_bucket().bucket(&self.bucket).send().await.is_err() {
            self.client.create_bucket().bucket(&self.bucket).send().await.map_err(|e| failed("Bucket anlegen", e))?;
        }
        let rule = CorsRule::builder()
            .allowed_methods("GET")
            .allowed_origins(site_origin)
            .allowed_headers("*")
            .max_age_seconds(3600)
            .build()
            .map_err(|e| failed("CORS", e))?;
        let cors = CorsConfiguration::builder().cors_rules(rule).build().map_err(|e| failed("CORS", e))?;
        self.client
            .put_bucket_cors()
            .bucket(&self.bucket)
            .cors_configuration(cors)
            .send()
            .await
            .map_err(|e| failed("CORS", e))?;
        Ok(())
    }
}

fn failed(what: &str, error: impl std::error::Error) -> std::io::Error {
    // The SDK's Display is terse ("service error"); the source chain says what happened.
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    std::io::Error::other(format!("S3 {what}: {message}"))
}

fn content_type(key: &str) -> &'static str {
    match key.rsplit('.').next() {
        Some("mp3") => "audio/mpeg",
        Some("webm") => "audio/webm",
        Some("wav") => "audio/wav",
        Some("m4b") => "audio/mp4",
        Some("zip") => "application/zip",
        _ => "application/octet-stream",
    }
}

#[async_trait]
impl AudioStorage for S3Storage {
    async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type(key))
            .body(ByteStream::from(bytes.to_vec()))
            .send()
            .await
            .map_err(|e| failed("Speichern", e))?;
        Ok(())
    }

    async fn put_file(&self, key: &str, path: &std::path::Path) -> std::io::Result<()> {
        let body = ByteStream::from_path(path).await.map_err(|e| std::io::Error::other(e.to_string()))?;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type(key))
            .body(body)
            .send()
            .await
            .map_err(|e| failed("Speichern", e))?;
        Ok(())
    }

    async fn open(&self, key: &str) -> std::io::Result<(ObjectReader, u64)> {
        let object = self.client.get_object().bucket(&self.bucket).key(key).send().await.map_err(|e| {
            if e.as_service_error().is_some_and(|e| e.is_no_such_key()) {
                std::io::Error::new(std::io::ErrorKind::NotFound, format!("S3: {key} fehlt"))
            } else {
                failed("Lesen", e)
            }
        })?;
        let len = object.content_length().unwrap_or_default().max(0) as u64;
        Ok((Box::pin(object.body.into_async_read()), len))
    }

    async fn delete(&self, key: &str) -> std::io::Result<()> {
        // S3 answers a missing key with success as well.
        self.client.delete_object().bucket(&self.bucket).key(key).send().await.map_err(|e| failed("Löschen", e))?;
        Ok(())
    }

    async fn check(&self) -> std::io::Result<()> {
        self.client.head_bucket().bucket(&self.bucket).send().await.map_err(|e| failed("Bucket", e))?;
        Ok(())
    }

    async fn link(&self, key: &str, content_type: &str, disposition: &str) -> std::io::Result<Option<String>> {
        let presigning = PresigningConfig::expires_in(self.link_lifetime).map_err(|e| failed("Link", e))?;
        let request = self
            .signer
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_type(content_type)
            .response_content_disposition(disposition)
            .presigned(presigning)
            .await
            .map_err(|e| failed("Link", e))?;
        Ok(Some(request.uri().to_owned()))
    }
}
