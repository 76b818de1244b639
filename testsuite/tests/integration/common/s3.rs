//! A real S3-compatible server for the storage tests: moto's server, started once per
//! test binary on a free loopback port (the test command installs it and names it in
//! `STIMMWERK_MOTO_SERVER`), stopped with the binary.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use shared::config::S3Settings;

struct Server {
    endpoint: String,
    /// The wrapper shell waits on this pipe and stops the server when it closes, which
    /// happens when the test binary exits (statics are never dropped).
    _lifeline: std::process::ChildStdin,
    _shell: Child,
}

static SERVER: OnceLock<Server> = OnceLock::new();

fn program() -> PathBuf {
    std::env::var_os("STIMMWERK_MOTO_SERVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.tools/py-sdk/bin/moto_server"))
}

fn start() -> Server {
    let program = program();
    assert!(
        program.exists(),
        "moto_server not found at {}: run ./scripts/test.sh once (it installs it) or set STIMMWERK_MOTO_SERVER",
        program.display()
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child: Child = Command::new("sh")
        .arg("-c")
        .arg(r#""$0" -H 127.0.0.1 -p "$1" >/dev/null 2>&1 & server=$!; read _; kill $server"#)
        .arg(&program)
        .arg(port.to_string())
        .stdin(Stdio::piped())
        .spawn()
        .expect("moto_server starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "moto_server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let lifeline = child.stdin.take().expect("piped");
    Server { endpoint: format!("http://127.0.0.1:{port}"), _lifeline: lifeline, _shell: child }
}

/// Settings of a fresh bucket on the shared server.
pub fn bucket() -> S3Settings {
    let server = SERVER.get_or_init(start);
    S3Settings {
        bucket: format!("test-{}", uuid::Uuid::new_v4().simple()),
        endpoint: server.endpoint.clone(),
        access_key_id: "test".into(),
        secret_access_key: "test".to_owned().into(),
        ..S3Settings::default()
    }
}

/// Settings of a store nobody answers for (a port nothing listens on).
pub fn unreachable() -> S3Settings {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    S3Settings { endpoint: format!("http://127.0.0.1:{port}"), ..bucket() }
}
