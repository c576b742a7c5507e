//! The listener's loop: HTTP/1.1 connections with upgrades, a deadline for each request's
//! headers, at most so many connections per address, and a graceful stop.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::limits::{Limits, Place, Places};

/// A connection's hold on its address's places ([`Limits::max_conns_per_addr`]): the HTTP
/// connection holds it, and so does a WebSocket upgraded from it, for as long as it is open.
#[derive(Clone, Debug)]
pub(crate) struct AddrPlace {
    /// The peer's address, when the per-address limits apply to it (not in
    /// [`Limits::addr_exempt`]).
    pub(crate) limited: Option<IpAddr>,
    #[allow(dead_code)]
    place: Option<Arc<Place<IpAddr>>>,
}

/// Accepts connections on `listener` and serves `app` on each until `shutdown` turns true:
/// HTTP/1.1 with upgrades, a deadline for each request's headers, and at most
/// [`Limits::max_conns_per_addr`] connections per address. On shutdown it stops accepting,
/// lets each connection finish its request, and returns once every HTTP connection is done
/// (WebSockets are closed by their sessions).
pub(crate) async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    let per_addr: Places<IpAddr> = Places::default();
    // Every connection task holds a receiver; the sender's `closed` is "all of them are done".
    let (alive, _) = watch::channel(());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (or a like failure): wait for some to be given back
                    // rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = stopped(&mut shutdown) => break,
        };
        let place = if crate::limits::addr_limited(limits, peer.ip()) {
            let Some(place) = Place::take(&per_addr, peer.ip(), limits.max_conns_per_addr) else {
                tracing::debug!(%peer, "too many connections from one address; closed");
                continue;
            };
            AddrPlace { limited: Some(peer.ip()), place: Some(Arc::new(place)) }
        } else {
            AddrPlace { limited: None, place: None }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: axum::http::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(place.clone());
            tower::ServiceExt::oneshot(app.clone(), req)
        });
        let conn = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        let mut shutdown = shutdown.clone();
        let alive = alive.subscribe();
        tokio::spawn(async move {
            let _alive = alive;
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                () = stopped(&mut shutdown) => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        });
    }
    drop(listener);
    alive.closed().await;
}

/// Completes once `shutdown` turns true (or its sender is gone).
async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across the caller's awaits.
    let _ = shutdown.wait_for(|stop| *stop).await.map(|_| ());
}
