//! What the tests that drive the real `majlis serve` binary share: plain HTTP requests, waiting
//! for a server to come up, and opening a WebSocket as a player.

#![allow(clippy::unwrap_used, dead_code)]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A WebSocket to a server.
pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One HTTP request; the status and the JSON body (`Null` when it is not JSON), or `None` when the
/// server cannot be reached.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Option<(u16, Value)> {
    let text = http_text(addr, method, path, body).await?;
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    let rest = text.split_once("\r\n\r\n")?.1;
    Some((status, serde_json::from_str(rest).unwrap_or(Value::Null)))
}

/// One HTTP request; the whole answer as text.
pub async fn http_text(addr: SocketAddr, method: &str, path: &str, body: &str) -> Option<String> {
    let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf)).await.ok()?.ok()?;
    Some(String::from_utf8_lossy(&buf).to_string())
}

/// Waits until the server at `addr` answers its health check.
pub async fn until_up(addr: SocketAddr) {
    let start = Instant::now();
    while http(addr, "GET", "/api/health", "").await.map(|r| r.0) != Some(200) {
        assert!(start.elapsed() < Duration::from_secs(30), "the server at {addr} did not come up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A new guest's token, from the server at `addr` (retried while it is not reachable).
pub async fn guest(addr: SocketAddr, name: &str) -> String {
    loop {
        if let Some((200, body)) = http(addr, "POST", "/api/players", &format!(r#"{{"name":"{name}"}}"#)).await {
            return body["token"].as_str().unwrap().to_owned();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A WebSocket to the server at `addr` as the holder of `token`.
pub async fn connect(addr: SocketAddr, token: &str) -> Option<Ws> {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
    tokio_tungstenite::connect_async(request).await.ok().map(|(ws, _)| ws)
}

/// A free port on loopback.
pub fn free_addr() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
}
