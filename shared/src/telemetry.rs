//! What a running process tells operators: logs (text, or JSON lines for a collector) and
//! Prometheus metrics, recorded where things happen. Scrapes and readiness are the use
//! case `health`.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Starts the log output in `settings.format` (`log.format`); the level from `RUST_LOG`,
/// else `default_filter`. Every line of a request carries its request id and client,
/// every line of a job its kind and id (the spans they run in).
pub fn init_logging(settings: &crate::config::LogSettings, default_filter: &str) {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default_filter.to_owned().into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if settings.format == crate::config::LogFormat::Json {
        builder.json().flatten_event(true).with_current_span(true).with_span_list(false).init();
    } else {
        builder.init();
    }
}

/// Bucket bounds of every duration histogram, in seconds: from a fast HTTP answer to a
/// long synthesis.
const SECONDS: &[f64] =
    &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's metrics recorder (installed on first use).
pub fn metrics() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new().set_buckets(SECONDS).expect("bucket bounds").build_recorder();
        let handle = recorder.handle();
        // Only fails when another recorder was installed first; this one then stays empty.
        if metrics::set_global_recorder(recorder).is_ok() {
            describe();
        }
        handle
    })
}

fn describe() {
    describe_counter!("stimmwerk_http_requests_total", "HTTP requests answered, by route, method and status.");
    describe_histogram!("stimmwerk_http_request_duration_seconds", "Time to answer an HTTP request, by route.");
    describe_counter!("stimmwerk_jobs_submitted_total", "Jobs accepted, by kind and channel (web, api, demo).");
    describe_histogram!("stimmwerk_job_latency_seconds", "From submission to a worker picking the job up, by kind.");
    describe_histogram!("stimmwerk_job_duration_seconds", "One run of a job, by kind and outcome.");
    describe_counter!(
        "stimmwerk_engine_requests_total",
        "Requests to speech and cloning providers, by provider and status."
    );
    describe_counter!("stimmwerk_refunds_total", "Refunds of failed or deleted jobs.");
    describe_counter!("stimmwerk_refunded_cents_total", "Cents refunded.");
    describe_counter!("stimmwerk_top_ups_total", "Top-ups credited.");
    describe_counter!("stimmwerk_top_up_cents_total", "Cents credited by top-ups.");
    describe_counter!(
        "stimmwerk_top_ups_needing_attention_total",
        "Top-up sessions the reconciliation could not credit, by reason (mismatch: flagged for a person; error: asked again)."
    );
    describe_gauge!("stimmwerk_queue_depth", "Jobs waiting in a queue (read at scrape time).");
    describe_gauge!("stimmwerk_db_pool_connections", "Postgres connections of this process, by state.");
    // Money counters exist from the start (at 0), so an alert on their rate has a series.
    for name in [
        "stimmwerk_refunds_total",
        "stimmwerk_refunded_cents_total",
        "stimmwerk_top_ups_total",
        "stimmwerk_top_up_cents_total",
    ] {
        counter!(name).absolute(0);
    }
    for reason in ["mismatch", "error"] {
        counter!("stimmwerk_top_ups_needing_attention_total", "reason" => reason).absolute(0);
    }
}

/// The metrics in Prometheus' text format, after the gauges read at scrape time.
pub fn render(queue_depths: &[(&'static str, u64)], pool: PoolUse) -> String {
    for &(queue, depth) in queue_depths {
        gauge!("stimmwerk_queue_depth", "queue" => queue).set(depth as f64);
    }
    gauge!("stimmwerk_db_pool_connections", "state" => "idle").set(pool.idle as f64);
    gauge!("stimmwerk_db_pool_connections", "state" => "used").set(pool.size.saturating_sub(pool.idle) as f64);
    gauge!("stimmwerk_db_pool_connections", "state" => "max").set(pool.max as f64);
    let handle = metrics();
    handle.run_upkeep();
    handle.render()
}

/// The Postgres connections of this process.
#[derive(Debug, Clone, Copy)]
pub struct PoolUse {
    pub size: u32,
    pub idle: u32,
    pub max: u32,
}

pub fn http_request(method: &str, route: &str, status: u16, took: Duration) {
    let labels = [("method", method.to_owned()), ("route", route.to_owned())];
    histogram!("stimmwerk_http_request_duration_seconds", &labels).record(took.as_secs_f64());
    let [method, route] = labels;
    counter!("stimmwerk_http_requests_total", &[method, route, ("status", status.to_string())]).increment(1);
}

/// Where a job came from.
#[derive(Debug, Clone, Copy)]
pub enum Channel {
    Web,
    Api,
    Demo,
}

pub fn job_submitted(kind: &'static str, channel: Channel) {
    let channel = match channel {
        Channel::Web => "web",
        Channel::Api => "api",
        Channel::Demo => "demo",
    };
    counter!("stimmwerk_jobs_submitted_total", "kind" => kind, "channel" => channel).increment(1);
}

pub fn job_picked_up(kind: &'static str, waited: Duration) {
    histogram!("stimmwerk_job_latency_seconds", "kind" => kind).record(waited.as_secs_f64());
}

pub fn job_ran(kind: &'static str, outcome: &'static str, took: Duration) {
    histogram!("stimmwerk_job_duration_seconds", "kind" => kind, "outcome" => outcome).record(took.as_secs_f64());
}

/// One request to a provider: its HTTP status, or "timeout" / "error" without an answer.
pub fn refunded(cents: i64) {
    counter!("stimmwerk_refunds_total").increment(1);
    counter!("stimmwerk_refunded_cents_total").increment(cents.max(0) as u64);
}

pub fn topped_up(cents: i64) {
    counter!("stimmwerk_top_ups_total").increment(1);
    counter!("stimmwerk_top_up_cents_total").increment(cents.max(0) as u64);
}

/// A top-up session the reconciliation could not credit (`mismatch` or `error`).
pub fn top_up_needs_attention(reason: &'static str) {
    counter!("stimmwerk_top_ups_needing_attention_total", "reason" => reason).increment(1);
}
