//! The listener's loop: HTTP/1.1 connections with upgrades, a deadline for each request's
//! headers, at most so many connections per address, and a graceful stop.

use std::net::{IpAddr, Ipv6Addr};
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
    /// The client's address as the per-address limits count it ([`addr_key`]: an IPv6 address
    /// by its /64), when they apply to it (not in [`Limits::addr_exempt`]). Behind a trusted
    /// proxy, the address the proxy saw ([`Limits::trusted_proxies`]).
    pub(crate) limited: Option<IpAddr>,
    #[allow(dead_code)]
    place: Option<Arc<Place<IpAddr>>>,
}

/// The address the per-address limits count `ip` as: an IPv4 address whole, an IPv6 address by
/// its /64 prefix (one subscriber's network: a client picks any of its 2^64 addresses at will),
/// an IPv4-mapped IPv6 address as the IPv4 address it is.
pub(crate) fn addr_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

/// The client's address a trusted proxy forwarded: the last entry of the last
/// `X-Forwarded-For` header (each proxy appends the address it saw; earlier entries are the
/// client's to write).
fn forwarded_for(headers: &axum::http::HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?.rsplit(',').next()?.trim();
    last.parse::<IpAddr>().ok().or_else(|| last.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
}

/// The per-address key of `ip`, unless it is exempt.
fn limited(limits: &Limits, ip: IpAddr) -> Option<IpAddr> {
    crate::limits::addr_limited(limits, ip).then(|| addr_key(ip))
}

/// Accepts connections on `listener` and serves `app` on each until `shutdown` turns true:
/// HTTP/1.1 with upgrades, a deadline for each request's headers, and at most
/// [`Limits::max_conns_per_addr`] connections per address ([`addr_key`]). On shutdown it stops accepting,
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
        // A trusted proxy's connections carry many clients: each request counts as the client the
        // proxy names, and the proxy itself holds no place.
        let proxy = limits.trusted_proxies.contains(&peer.ip());
        let place = match limited(limits, peer.ip()) {
            Some(key) if !proxy => {
                let Some(place) = Place::take(&per_addr, key, limits.max_conns_per_addr) else {
                    tracing::debug!(%peer, "too many connections from one address; closed");
                    continue;
                };
                AddrPlace { limited: Some(key), place: Some(Arc::new(place)) }
            }
            key => AddrPlace { limited: key, place: None },
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let forwarded = proxy.then(|| limits.clone());
        let service = hyper::service::service_fn(move |mut req: axum::http::Request<hyper::body::Incoming>| {
            let mut place = place.clone();
            if let Some(limits) = &forwarded
                && let Some(client) = forwarded_for(req.headers())
            {
                place.limited = limited(limits, client);
            }
            req.extensions_mut().insert(place);
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
