//! Operators' metrics: `GET /metrics` in the Prometheus (OpenMetrics) text format.
//!
//! Every server has a registry of its own (no global one), so each process — each node of a
//! site with several — reports its own figures; the scraper labels them by instance. The hot
//! path only touches atomics (and a histogram's short lock): each table takes handles on its
//! game's counters once, when it starts. What is cheaper to read than to keep (tables by status,
//! sockets, the bot queue, memory) is read when the metrics are scraped.
//!
//! It is a leaf: the server hands it a [`Snapshot`] of what it reports but does not keep.
//!
//! docs/operations.md lists every metric with its labels and meaning.

use std::time::Instant;

use game::GameKind;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// The histograms' upper bounds, in seconds: 0.25 ms to 2.5 s, about three buckets per decade.
/// An action on a healthy server takes well under a millisecond plus the store's commit; the top
/// buckets catch a stalled disk or database.
pub const LATENCY_BUCKETS: [f64; 13] =
    [0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// The `Content-Type` of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Who played an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum By {
    /// A person, by an `act` message.
    Player,
    /// A bot: a bot's seat, a stand-in for an away player, an external program.
    Bot,
    /// The game's clock (Kabul's snap window closing).
    Clock,
}

impl By {
    const ALL: [By; 3] = [By::Player, By::Bot, By::Clock];

    const fn as_str(self) -> &'static str {
        match self {
            By::Player => "player",
            By::Bot => "bot",
            By::Clock => "clock",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct TableLabels {
    game: &'static str,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ActionLabels {
    game: &'static str,
    by: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GameLabels {
    game: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OpLabels {
    op: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabels {
    code: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// The table statuses the `majlis_tables` gauge reports, as the listing names them.
const STATUSES: [&str; 3] = ["lobby", "playing", "finished"];

/// The store's timings and failures; the store keeps them, the hub's [`Metrics`] reports them.
#[derive(Clone, Debug)]
pub(crate) struct StoreMetrics {
    latency: Histograms<OpLabels>,
    failures: Family<OpLabels, Counter>,
    fenced: Family<OpLabels, Counter>,
}

impl StoreMetrics {
    pub(crate) fn new() -> Self {
        StoreMetrics {
            latency: Family::new_with_constructor(latency_histogram as fn() -> Histogram),
            failures: Family::default(),
            fenced: Family::default(),
        }
    }

    /// The latency histogram of one kind of write (`append`, `save_table`, ...), to keep.
    pub(crate) fn latency_of(&self, op: &'static str) -> Histogram {
        self.latency.get_or_create_owned(&OpLabels { op })
    }

    /// A write of kind `op` that began at `started` is done.
    pub(crate) fn observe(&self, op: &'static str, started: Instant, ok: bool) {
        self.latency.get_or_create(&OpLabels { op }).observe(started.elapsed().as_secs_f64());
        if !ok {
            self.failed(op);
        }
    }

    /// A write of kind `op` failed.
    pub(crate) fn failed(&self, op: &'static str) {
        self.failures.get_or_create(&OpLabels { op }).inc();
    }

    /// `count` writes of kind `op` were refused by their fence (a stale owner's, cluster mode).
    pub(crate) fn fenced(&self, op: &'static str, count: u64) {
        self.fenced.get_or_create(&OpLabels { op }).inc_by(count);
    }
}

/// One table's handles on its game's series, taken once when it starts.
#[derive(Clone, Debug)]
pub(crate) struct TableMetrics {
    actions: [Counter; 3],
    latency: Histogram,
}

impl TableMetrics {
    /// An action was applied (committed and broadcast).
    pub(crate) fn action(&self, by: By) {
        self.actions[by as usize].inc();
    }

    /// A person's action took from `received` (its message read off the socket) until its
    /// broadcast.
    pub(crate) fn latency(&self, received: Instant) {
        self.latency.observe(received.elapsed().as_secs_f64());
    }
}

/// The figures that are cheaper to read when the metrics are scraped than to keep: the server
/// hands them to [`Metrics::render`].
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The game id and status (`lobby`, `playing`, `finished`) of every live table.
    pub tables: Vec<(&'static str, &'static str)>,
    /// WebSocket connections open.
    pub connections: u64,
    /// Searching bots' decisions waiting for a bot thread.
    pub bot_queue: usize,
    /// Searching bots' decisions running.
    pub bot_running: usize,
    /// The bot threads.
    pub bot_threads: usize,
    /// External bot programs running.
    pub bot_processes: usize,
    /// The process's resident memory, when known.
    pub resident_bytes: Option<u64>,
    /// In a cluster: this node's leases and traffic.
    pub cluster: Option<ClusterSnapshot>,
}

/// A cluster node's figures at one moment.
#[derive(Clone, Debug, Default)]
pub struct ClusterSnapshot {
    /// The node's name.
    pub node: String,
    /// Tables whose lease this node holds.
    pub owned: usize,
    /// Tables this node took over from another since it started.
    pub takeovers: u64,
    /// Tables this node lost to another (its lease taken) since it started.
    pub lost: u64,
    /// Messages this node handed to tables on other nodes.
    pub forwarded: u64,
    /// Frames this node's tables sent to sockets on other nodes.
    pub frames_out: u64,
    /// The latest round trip of a message to a table on another node, in seconds.
    pub rtt_seconds: f64,
}

/// The series of a cluster node.
#[derive(Debug, Default)]
struct ClusterSeries {
    owned: Gauge,
    takeovers: Counter,
    lost: Counter,
    forwarded: Counter,
    frames_out: Counter,
    rtt: Gauge<f64, std::sync::atomic::AtomicU64>,
}

impl ClusterSeries {
    fn register(registry: &mut Registry) -> Self {
        let series = ClusterSeries::default();
        registry.register("owned_tables", "Tables whose lease this node holds", series.owned.clone());
        registry.register(
            "takeovers",
            "Tables this node took over from a node that stopped renewing",
            series.takeovers.clone(),
        );
        registry.register(
            "leases_lost",
            "Tables this node lost: their lease was taken over while it held them (a pause, a split)",
            series.lost.clone(),
        );
        registry.register(
            "forwarded_messages",
            "Messages handed to tables on other nodes over NATS",
            series.forwarded.clone(),
        );
        registry.register(
            "frames_to_other_nodes",
            "Frames sent to sockets on other nodes over NATS",
            series.frames_out.clone(),
        );
        registry.register(
            "nats_round_trip_seconds",
            "The latest round trip of a message to a table on another node",
            series.rtt.clone(),
        );
        series
    }

    fn set(&self, s: &ClusterSnapshot) {
        self.owned.set(gauge(s.owned));
        for (counter, value) in [
            (&self.takeovers, s.takeovers),
            (&self.lost, s.lost),
            (&self.forwarded, s.forwarded),
            (&self.frames_out, s.frames_out),
        ] {
            counter.inc_by(value.saturating_sub(counter.get()));
        }
        self.rtt.set(s.rtt_seconds);
    }
}

/// The resident memory of this process (Linux: from /proc), if known.
#[must_use]
pub fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A server's metrics and the registry that renders them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    tables: Family<TableLabels, Gauge>,
    connections: Gauge,
    actions: Family<ActionLabels, Counter>,
    action_latency: Histograms<GameLabels>,
    refused: Family<CodeLabels, Counter>,
    bot_queue: Gauge,
    bot_running: Gauge,
    bot_threads: Gauge,
    bot_processes: Gauge,
    resident: Gauge,
    cluster: Option<ClusterSeries>,
}

impl Metrics {
    /// Registers the server's metrics and the store's (`store`, kept by the store). A cluster
    /// node's (`node`) carry its name as a `node` label, and its leases' and traffic's series.
    pub(crate) fn new(store: &StoreMetrics, node: Option<&str>) -> Self {
        let mut registry = match node {
            Some(node) => Registry::with_prefix_and_labels(
                "majlis",
                std::iter::once((std::borrow::Cow::Borrowed("node"), std::borrow::Cow::Owned(node.to_owned()))),
            ),
            None => Registry::with_prefix("majlis"),
        };
        let cluster = node.map(|_| ClusterSeries::register(&mut registry));
        let tables = Family::<TableLabels, Gauge>::default();
        registry.register("tables", "Tables open on this server, by game and status", tables.clone());
        let connections = Gauge::default();
        registry.register("connections", "WebSocket connections open", connections.clone());
        let actions = Family::<ActionLabels, Counter>::default();
        registry.register(
            "actions",
            "Actions accepted (stored and broadcast), by game and by whom: player, bot or clock",
            actions.clone(),
        );
        let action_latency: Histograms<GameLabels> =
            Family::new_with_constructor(latency_histogram as fn() -> Histogram);
        registry.register(
            "action_latency_seconds",
            "Time from a player's act message read off the socket to its broadcast, after the store's commit",
            action_latency.clone(),
        );
        registry.register(
            "store_latency_seconds",
            "Time of the store's writes, by kind (append: a batch of action-log events in one commit)",
            store.latency.clone(),
        );
        registry.register("store_write_failures", "Store writes that failed, by kind", store.failures.clone());
        registry.register(
            "store_fenced_writes",
            "Writes of a table's former owner refused because another node holds the table's lease now, by kind",
            store.fenced.clone(),
        );
        let refused = Family::<CodeLabels, Counter>::default();
        registry.register(
            "refused_messages",
            "Client messages answered with an error, by error code (rate_limited, bad_json, illegal, ...)",
            refused.clone(),
        );
        let bot_queue = Gauge::default();
        registry.register("bot_queue", "Searching bots' decisions waiting for a bot thread", bot_queue.clone());
        let bot_running = Gauge::default();
        registry.register("bot_running", "Searching bots' decisions running on the bot threads", bot_running.clone());
        let bot_threads = Gauge::default();
        registry.register("bot_threads", "Threads the searching bots think on", bot_threads.clone());
        let bot_processes = Gauge::default();
        registry.register("bot_processes", "External bot programs running", bot_processes.clone());
        let resident = Gauge::default();
        registry.register("resident_memory_bytes", "Resident memory of the server process", resident.clone());
        let metrics = Metrics {
            registry,
            tables,
            connections,
            actions,
            action_latency,
            refused,
            bot_queue,
            bot_running,
            bot_threads,
            bot_processes,
            resident,
            cluster,
        };
        // Every series exists from the start (at zero), so a rate over a fresh server is defined.
        for kind in GameKind::ALL {
            let _ = metrics.table(kind);
            for status in STATUSES {
                metrics.tables.get_or_create(&TableLabels { game: kind.id(), status }).set(0);
            }
        }
        let _ = store.latency_of("append");
        let _ = store.failures.get_or_create(&OpLabels { op: "append" });
        metrics
    }

    /// The handles a table of `kind` counts with.
    pub(crate) fn table(&self, kind: GameKind) -> TableMetrics {
        let game = kind.id();
        TableMetrics {
            actions: By::ALL.map(|by| self.actions.get_or_create_owned(&ActionLabels { game, by: by.as_str() })),
            latency: self.action_latency.get_or_create_owned(&GameLabels { game }),
        }
    }

    /// A client's message was answered with an error `code` (`rate_limited`, `illegal`, ...).
    pub(crate) fn refused(&self, code: &'static str) {
        self.refused.get_or_create(&CodeLabels { code }).inc();
    }

    /// Renders every metric in the text format, with the figures kept elsewhere read from
    /// `snapshot`.
    #[must_use]
    pub fn render(&self, snapshot: &Snapshot) -> String {
        let mut counts = [[0_i64; STATUSES.len()]; GameKind::ALL.len()];
        for &(game, status) in &snapshot.tables {
            let g = GameKind::ALL.iter().position(|k| k.id() == game);
            let s = STATUSES.iter().position(|s| *s == status);
            if let (Some(g), Some(s)) = (g, s) {
                counts[g][s] += 1;
            }
        }
        for (kind, by_status) in GameKind::ALL.iter().zip(counts) {
            for (status, n) in STATUSES.iter().zip(by_status) {
                self.tables.get_or_create(&TableLabels { game: kind.id(), status }).set(n);
            }
        }
        self.connections.set(gauge(snapshot.connections));
        self.bot_queue.set(gauge(snapshot.bot_queue));
        self.bot_running.set(gauge(snapshot.bot_running));
        self.bot_threads.set(gauge(snapshot.bot_threads));
        self.bot_processes.set(gauge(snapshot.bot_processes));
        self.resident.set(snapshot.resident_bytes.map_or(0, gauge));
        if let (Some(series), Some(figures)) = (&self.cluster, &snapshot.cluster) {
            series.set(figures);
        }
        let mut text = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            // Writing to a String fails only if an encoder refuses a value: say so in the text.
            tracing::error!(error = %e, "the metrics could not be rendered");
            text.push_str("# the metrics could not be rendered\n# EOF\n");
        }
        text
    }
}

fn gauge<N: TryInto<i64>>(n: N) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}
