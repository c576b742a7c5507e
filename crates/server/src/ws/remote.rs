//! In a cluster, a connection's table messages go through one forwarder task, in the order they
//! came: to the table's task when it lives on this node, to its owner over NATS when it lives on
//! another. When no node owns the table (its owner died), the forwarder asks the store whose it
//! is: a lease that has run out is taken over here ([`table::claim`]), a live one is waited for,
//! and a code that names no table is refused as on a single node.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::mpsc;

use crate::bus::Ask;
use crate::hub::{Conn, Hub, TableCmd};
use crate::protocol::{ErrorCode, ProtocolError, TableMsg};
use crate::table::{self, Claim};

/// How long a message waits for a table whose owner is gone before it is refused, in leases.
const WAIT_LEASES: u32 = 3;
/// The pause between two looks at a table with no owner.
const RETRY: Duration = Duration::from_millis(100);

/// One message on its way.
enum Item {
    /// A table message and the frame it came in.
    Msg { code: String, msg: TableMsg, id: Option<Value>, received: Instant, text: Arc<str> },
    /// The connection closed: detach from these tables.
    Detach(Vec<String>),
}

/// The handle of a connection's forwarder task.
pub(super) struct Forwarder {
    tx: mpsc::UnboundedSender<Item>,
}

impl Forwarder {
    /// Starts the forwarder of `conn`, whose address is `ip` when the per-address limits apply.
    pub(super) fn start(hub: &Arc<Hub>, conn: &Conn, ip: Option<std::net::IpAddr>) -> Self {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(hub.clone(), conn.clone(), ip, rx));
        Forwarder { tx }
    }

    /// Queues a message for table `code`.
    pub(super) fn send(&self, code: String, msg: TableMsg, id: Option<Value>, received: Instant, text: Arc<str>) {
        let _ = self.tx.send(Item::Msg { code, msg, id, received, text });
    }

    /// Queues the detach from every table the connection followed; the task ends after it.
    pub(super) fn detach_all(&self, codes: Vec<String>) {
        let _ = self.tx.send(Item::Detach(codes));
    }
}

async fn run(hub: Arc<Hub>, conn: Conn, ip: Option<std::net::IpAddr>, mut rx: mpsc::UnboundedReceiver<Item>) {
    while let Some(item) = rx.recv().await {
        match item {
            Item::Msg { code, msg, id, received, text } => {
                if let Err(e) = deliver(&hub, &conn, &code, msg, id.clone(), received, &text).await {
                    if e.code == ErrorCode::NoTable {
                        // A guess, as on a single node: it spends the shared budgets.
                        if let Some(ip) = ip {
                            hub.guess_rate.take(&format!("a:{ip}"));
                        }
                        hub.guess_rate.take(&format!("p:{}", conn.player.id));
                    }
                    hub.metrics.refused(e.code.as_str());
                    conn.send(e.with_id(id).to_message());
                }
            }
            Item::Detach(codes) => {
                for code in codes {
                    if hub.is_local(&code) {
                        let _ = hub.send(&code, TableCmd::Detach { conn_id: conn.id });
                    } else if let Some(cluster) = hub.cluster() {
                        let _ = cluster.ask(&code, &conn, None).await;
                    }
                }
                return;
            }
        }
    }
}

/// Hands one message to table `code` wherever it lives, taking the table over when its lease has
/// run out.
async fn deliver(
    hub: &Arc<Hub>,
    conn: &Conn,
    code: &str,
    msg: TableMsg,
    id: Option<Value>,
    received: Instant,
    text: &str,
) -> Result<(), ProtocolError> {
    let Some(cluster) = hub.cluster() else {
        return hub.send(code, TableCmd::Msg { conn: conn.clone(), msg, id, received });
    };
    let deadline = Instant::now() + cluster.lease * WAIT_LEASES;
    loop {
        if hub.is_local(code) {
            return hub.send(code, TableCmd::Msg { conn: conn.clone(), msg, id, received });
        }
        match cluster.ask(code, conn, Some(text)).await {
            Ask::Taken => {
                cluster.follow(code, conn.id);
                return Ok(());
            }
            Ask::NoOwner => match table::claim(hub, code).await {
                Claim::Here => continue,
                Claim::NoTable => {
                    return Err(ProtocolError::new(
                        ErrorCode::NoTable,
                        format!("no table {:?}", code.chars().take(12).collect::<String>()),
                    ));
                }
                Claim::Elsewhere => {}
            },
            Ask::Later => {}
        }
        if Instant::now() >= deadline {
            return Err(ProtocolError::new(
                ErrorCode::Unavailable,
                "that table's server is not answering; try again shortly",
            ));
        }
        tokio::time::sleep(RETRY).await;
    }
}
