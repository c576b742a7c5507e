//! This node's place in a cluster: the bus to the other nodes, the leases it holds, the sockets
//! on this node that tables elsewhere send to, and the tables elsewhere that they follow.
//!
//! Three kinds of traffic (subjects in [`crate::bus`]): a table owned here takes messages from
//! sockets on any node ([`table_inbox`]); frames from tables elsewhere reach this node's sockets
//! ([`node_inbox`]); and a table that moved closes the sockets here that followed it
//! ([`moved_inbox`]), whose clients resume on whichever node they reach next.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::{Conn, Hub, TableCmd, lock};
use crate::bus::{self, Bus};
use crate::protocol::{self, ClientMsg};
use crate::store::PlayerRow;

/// A cluster node's settings (`serve --nats URL --node NAME`).
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server, e.g. `nats://127.0.0.1:4222`.
    pub nats: String,
    /// This node's name, unique in the cluster.
    pub node: String,
    /// How long a lease lasts unless renewed; a dead node's tables are taken over after it.
    pub lease: Duration,
}

/// This node's cluster state.
#[derive(Debug)]
pub struct Cluster {
    /// The connection to the other nodes.
    pub bus: Arc<Bus>,
    /// This node's number (from the store), the high bits of its connection ids.
    pub node_id: u64,
    /// How long a lease lasts.
    pub lease: Duration,
    /// Sockets on this node, by id: frames from tables elsewhere go to them.
    local: std::sync::Mutex<HashMap<u64, Conn>>,
    /// Tables on other nodes (by code) that sockets here follow (their ids).
    following: std::sync::Mutex<HashMap<String, HashSet<u64>>>,
    /// The leases this node holds: code → epoch.
    owned: std::sync::Mutex<HashMap<String, i64>>,
    /// Held while a table is taken over here, so two sockets asking for it restore it once.
    pub claiming: tokio::sync::Mutex<()>,
    /// Tables this node took over from another.
    pub takeovers: AtomicU64,
    /// Tables this node lost: its lease taken while it held the table (a pause, a split).
    pub lost: AtomicU64,
    /// The other nodes' public open tables, as each last published them, and when.
    listings: std::sync::Mutex<HashMap<String, (std::time::Instant, Vec<serde_json::Value>)>>,
}

/// How often each node publishes its public open tables to the others.
const LISTING_EVERY: Duration = Duration::from_secs(2);
/// A node's listing not renewed for this long is dropped (the node is gone).
const LISTING_KEPT: Duration = Duration::from_secs(6);

/// Who sent a message to a table on another node.
#[derive(Debug, Serialize, Deserialize)]
struct From {
    conn: u64,
    node: String,
    player: String,
    name: String,
}

impl Cluster {
    /// This node's state, connected through `bus`.
    #[must_use]
    pub fn new(bus: Arc<Bus>, node_id: u64, lease: Duration) -> Self {
        Cluster {
            bus,
            node_id,
            lease,
            local: std::sync::Mutex::default(),
            following: std::sync::Mutex::default(),
            owned: std::sync::Mutex::default(),
            claiming: tokio::sync::Mutex::new(()),
            takeovers: AtomicU64::new(0),
            lost: AtomicU64::new(0),
            listings: std::sync::Mutex::default(),
        }
    }

    /// The public open tables of the other nodes (their listings at most [`LISTING_EVERY`] old),
    /// leaving out the codes in `here` (a table taken over since).
    #[must_use]
    pub fn listed_elsewhere(&self, here: &HashSet<String>) -> Vec<serde_json::Value> {
        let mut listings = lock(&self.listings);
        listings.retain(|_, (at, _)| at.elapsed() < LISTING_KEPT);
        listings
            .values()
            .flat_map(|(_, tables)| tables.iter())
            .filter(|t| t["code"].as_str().is_none_or(|c| !here.contains(c)))
            .cloned()
            .collect()
    }

    /// This node's name.
    #[must_use]
    pub fn node(&self) -> &str {
        self.bus.node()
    }

    /// A socket opened here.
    pub(crate) fn opened(&self, conn: &Conn) {
        lock(&self.local).insert(conn.id, conn.clone());
    }

    /// A socket here closed.
    pub(crate) fn closed(&self, conn_id: u64) {
        lock(&self.local).remove(&conn_id);
        for followers in lock(&self.following).values_mut() {
            followers.remove(&conn_id);
        }
    }

    /// A socket here follows table `code`, which lives on another node.
    pub(crate) fn follow(&self, code: &str, conn_id: u64) {
        lock(&self.following).entry(code.to_owned()).or_default().insert(conn_id);
    }

    /// This node holds table `code`'s lease at `epoch`.
    pub fn hold(&self, code: &str, epoch: i64) {
        lock(&self.owned).insert(code.to_owned(), epoch);
    }

    /// This node no longer holds table `code`'s lease.
    pub fn drop_lease(&self, code: &str) -> bool {
        lock(&self.owned).remove(code).is_some()
    }

    /// The leases this node holds, with their epochs.
    #[must_use]
    pub fn held(&self) -> HashMap<String, i64> {
        lock(&self.owned).clone()
    }

    /// Hands a message (a socket's frame `text`, or a detach) from `conn` to the owner of table
    /// `code` on another node.
    pub(crate) async fn ask(&self, code: &str, conn: &Conn, text: Option<&str>) -> bus::Ask {
        let from = From {
            conn: conn.id,
            node: self.node().to_owned(),
            player: conn.player.id.clone(),
            name: conn.player.name.clone(),
        };
        let mut payload = serde_json::to_string(&from).unwrap_or_default();
        payload.push('\n');
        let mut headers = async_nats::HeaderMap::new();
        match text {
            Some(text) => payload.push_str(text),
            None => headers.insert(bus::DETACH, "1"),
        }
        self.bus.ask(code, headers, Bytes::from(payload), self.lease).await
    }

    /// Tells every node that table `code` has a new owner.
    pub fn announce_moved(&self, code: &str) {
        self.bus.publish(bus::MOVED.to_owned(), async_nats::HeaderMap::new(), Bytes::from(code.to_owned()));
    }
}

/// Takes the messages for table `code`, owned here, from sockets on every node, until the table's
/// task ends.
pub(super) async fn table_inbox(bus: Arc<Bus>, code: String, tx: mpsc::UnboundedSender<TableCmd>) {
    let mut sub = match bus.subscribe(bus::table_subject(&code)).await {
        Ok(sub) => sub,
        Err(e) => {
            tracing::error!(error = %e, table = %code, "the table cannot take messages from other nodes");
            return;
        }
    };
    loop {
        let message = tokio::select! {
            m = sub.next() => m,
            () = tx.closed() => break,
        };
        let Some(message) = message else { break };
        if let Some(cmd) = command(&bus, &message)
            && tx.send(cmd).is_ok()
            && let Some(reply) = message.reply
        {
            let _ = bus.client().publish(reply, Bytes::new()).await;
        }
    }
    let _ = sub.unsubscribe().await;
}

/// The table command a message from another node carries.
fn command(bus: &Arc<Bus>, message: &async_nats::Message) -> Option<TableCmd> {
    let text = std::str::from_utf8(&message.payload).ok()?;
    let (from, frame) = text.split_once('\n')?;
    let from: From = serde_json::from_str(from).ok()?;
    if bus::header(message.headers.as_ref(), bus::DETACH).is_some() {
        return Some(TableCmd::Detach { conn_id: from.conn });
    }
    let player = PlayerRow { id: from.player, name: from.name };
    let conn = Conn::remote(from.conn, player, from.node.into(), bus.clone());
    // The sending node parsed and checked the frame already; a frame that no longer parses
    // (another version of the server) is dropped.
    match protocol::parse(frame) {
        Ok((ClientMsg::Table(msg), id)) => Some(TableCmd::Msg { conn, msg, id, received: std::time::Instant::now() }),
        _ => None,
    }
}

/// Delivers the frames tables on other nodes send to this node's sockets.
pub(super) async fn node_inbox(hub: Arc<Hub>, mut sub: async_nats::Subscriber) {
    while let Some(message) = sub.next().await {
        let Some(cluster) = hub.cluster() else { return };
        for frame in bus::FrameBatch::frames(&message.payload) {
            let Some(conn) = lock(&cluster.local).get(&frame.conn).cloned() else { continue };
            match frame.close {
                Some(code) => conn.close(code, "closed by the table"),
                None => {
                    if let Ok(text) = std::str::from_utf8(frame.text) {
                        conn.send(Arc::from(text));
                    }
                }
            }
        }
    }
}

/// Closes the sockets here that followed a table which has moved to another owner: their clients
/// reconnect and resume from their last version.
pub(super) async fn moved_inbox(hub: Arc<Hub>, mut sub: async_nats::Subscriber) {
    while let Some(message) = sub.next().await {
        let Some(cluster) = hub.cluster() else { return };
        let Ok(code) = std::str::from_utf8(&message.payload) else { continue };
        let followers = lock(&cluster.following).remove(code).unwrap_or_default();
        let local = lock(&cluster.local);
        for id in followers {
            if let Some(conn) = local.get(&id) {
                conn.close(1012, "the table moved; resume");
            }
        }
    }
}

/// Publishes this node's public open tables every [`LISTING_EVERY`].
async fn publish_listing(hub: Arc<Hub>) {
    let mut every = tokio::time::interval(LISTING_EVERY);
    let mut shutdown = hub.shutdown.clone();
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.wait_for(|stop| *stop) => return,
        }
        let Some(cluster) = hub.cluster() else { return };
        let Ok(list) = serde_json::to_vec(&hub.open_tables()) else { continue };
        let mut headers = async_nats::HeaderMap::new();
        headers.insert(bus::NODE, cluster.node());
        cluster.bus.publish(bus::LISTING.to_owned(), headers, Bytes::from(list));
    }
}

/// Keeps the other nodes' listings.
async fn listing_inbox(hub: Arc<Hub>, mut sub: async_nats::Subscriber) {
    while let Some(message) = sub.next().await {
        let Some(cluster) = hub.cluster() else { return };
        let Some(node) = bus::header(message.headers.as_ref(), bus::NODE) else { continue };
        if node == cluster.node() {
            continue;
        }
        if let Ok(tables) = serde_json::from_slice::<Vec<serde_json::Value>>(&message.payload) {
            lock(&cluster.listings).insert(node.to_owned(), (std::time::Instant::now(), tables));
        }
    }
}

/// Starts this node's cluster traffic: the inbox of its sockets' frames and the moves.
///
/// # Errors
/// NATS refused a subscription.
pub async fn start(hub: &Arc<Hub>, cluster: Cluster) -> Result<(), bus::BusError> {
    let frames = cluster.bus.subscribe(bus::node_subject(cluster.node())).await?;
    let moved = cluster.bus.subscribe(bus::MOVED.to_owned()).await?;
    let listings = cluster.bus.subscribe(bus::LISTING.to_owned()).await?;
    cluster.bus.flush().await;
    if hub.cluster.set(cluster).is_err() {
        tracing::warn!("the cluster was started twice");
        return Ok(());
    }
    tokio::spawn(node_inbox(hub.clone(), frames));
    tokio::spawn(moved_inbox(hub.clone(), moved));
    tokio::spawn(listing_inbox(hub.clone(), listings));
    tokio::spawn(publish_listing(hub.clone()));
    Ok(())
}

/// The figures of the cluster for `GET /metrics`.
#[must_use]
pub fn figures(cluster: &Cluster) -> crate::metrics::ClusterSnapshot {
    let stats = &cluster.bus.stats;
    crate::metrics::ClusterSnapshot {
        node: cluster.node().to_owned(),
        owned: lock(&cluster.owned).len(),
        takeovers: cluster.takeovers.load(Ordering::Relaxed),
        lost: cluster.lost.load(Ordering::Relaxed),
        forwarded: stats.forwarded.load(Ordering::Relaxed),
        frames_out: stats.frames_out.load(Ordering::Relaxed),
        rtt_seconds: stats.rtt_us.load(Ordering::Relaxed) as f64 / 1e6,
    }
}
