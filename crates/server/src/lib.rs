//! The Majlis multiplayer server behind `majlis serve`.
//!
//! Friends open a table, send its code, bots take the empty seats, and the match runs here, on an
//! authoritative server no client can cheat. The layers, outside in:
//!
//! ```text
//!  browser / bot client ──WebSocket──▶ net (axum: HTTP, upgrade, static client)
//!                                       │ frames
//!                                       ▼
//!                                     protocol (typed ClientMsg / ServerMsg; never a panic)
//!                                       │ ClientMsg            ▲ ServerMsg, per seat
//!                                       ▼                      │
//!                                     session (one task per connection: limits, routing)
//!                                       │ through the hub (live tables by code, the listing)
//!                                       │ TableCmd
//!                                       ▼
//!                                     table task, one per table, generic over bots::Playable:
//!                                     the only caller of Match::play (table/: lobby, play,
//!                                     clocks, think, broadcast, persist); fair deals (fair)
//!                                       │ append before broadcast  ⇄ bot_threads: searching bots
//!                                       ▼                              think off the runtime
//!                                     store (sqlx: SQLite file or PostgreSQL)
//! ```
//!
//! Listener, store, clock (tokio's, which tests pause) and shutdown are parameters:
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let store = server::Store::connect("sqlite::memory:").await?;
//! let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
//! let task = tokio::spawn(server::serve(listener, store, server::Config::default(), async {
//!     let _ = stopped.await;
//! }));
//! // ... clients connect to ws://ADDR/ws with `Authorization: Bearer TOKEN` ...
//! let _ = stop.send(());
//! task.await??;
//! # Ok(()) }
//! ```
//!
//! The fair-deal check that `majlis verify` runs is a pure function:
//!
//! ```
//! let record = game::Record::parse(r#"{"game":"kout4","hands":[]}"#).unwrap();
//! assert_eq!(server::fair::verify_record(&record), Ok(0));
//! ```

use std::future::Future;
use std::time::Duration;

use game::GameKind;

pub mod bus;
pub mod daily;
pub mod fair;
mod http;
mod hub;
pub mod ids;
pub mod limits;
pub mod metrics;
pub mod protocol;
pub mod ratings;
pub mod runners;
pub mod store;
mod table;
pub mod tournament;
pub mod tournament_drive;
mod ws;

pub use http::{metrics_router, router};
pub use hub::{ClusterConfig, Hub, TableSummary};
pub use metrics::rss_bytes;
pub use store::{Store, StoreError};
pub use table::{NewTable, Spawn, TableError};

/// Picks the game type for a kind and starts a table of it: `spawn.visit::<G>(kind)`.
/// [`default_dispatch`] covers every game built in; tests may pass their own.
pub type Dispatch = fn(GameKind, Spawn) -> Result<(), TableError>;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a bot (or a stand-in for an away player) pauses before acting, so people can follow.
    pub bot_delay: Duration,
    /// How long a disconnected player's seat waits for them (within their turn time) before
    /// their bot plays for them; they take the seat back by reconnecting.
    pub disconnect_grace: Duration,
    /// The turn time of a table whose creator does not choose one, in milliseconds.
    pub default_turn_ms: u64,
    /// Fix every table's deals, salts and bots' choices from this seed (tests); `None`: the
    /// operating system's randomness (production: deals must be unpredictable).
    pub seed: Option<u64>,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
    /// Messages per second a connection may send in the long run.
    pub rate_per_sec: f64,
    /// Which game types tables use.
    pub dispatch: Dispatch,
    /// How long a table waits before it first retries work the store refused (a deal, the end of
    /// a match, its row); each further failure doubles the wait up to [`Config::retry_max`].
    pub retry_first: Duration,
    /// The longest wait between two retries of refused work.
    pub retry_max: Duration,
    /// The limits on each connection's resources.
    pub limits: limits::Limits,
    /// The operator's external bots, which hosts seat by name (`majlis serve --bot NAME=CMD`).
    pub bots: Vec<runners::NamedBot>,
    /// The most external bot processes running at once, over all tables.
    pub max_bot_processes: usize,
    /// The most external bot processes one player's tables (those they host) run at once; 0: a
    /// quarter of [`Config::max_bot_processes`], at least 1.
    pub bot_share: usize,
    /// How long a match may wait on a person before its external bots' processes end and give
    /// their places back (they start again when their seat is to decide).
    pub bot_idle: Duration,
    /// The time an external bot is given per decision, in milliseconds (`ms` in its `act`).
    pub bot_ms: u64,
    /// The threads built-in searching bots (`strong`, `hard`, `expert`) think on, off the async
    /// runtime (`majlis serve --bot-threads N`); 0: one per core. See [`runners::threads`].
    pub bot_threads: usize,
    /// The search budget per decision of the analyses of finished matches, in milliseconds
    /// (`majlis serve --analysis-ms N`; `majlis analyze --ms` means the same); `None`: each game's
    /// default ([`games::analysis::default_ms`]).
    pub analysis_ms: Option<u32>,
    /// Mark the session cookie `Secure` on every answer (`majlis serve --secure-cookies`), for a
    /// server behind a TLS proxy that does not send `X-Forwarded-Proto: https`; without it the
    /// cookie is `Secure` only on requests that came with that header.
    pub secure_cookies: bool,
    /// Serve `GET /metrics` and `/api/stats` on the main address too (`serve --public-metrics`):
    /// for a server on a private network, or behind a proxy that keeps them from the public. Off
    /// by default: they tell anyone how busy the server is and what it runs on. [`serve_with_metrics`]
    /// serves them on an address of their own, and turns this off.
    pub metrics_on_main: bool,
    /// One node of several (`serve --nats URL --node NAME`, PostgreSQL only); `None`: a single
    /// server, which owns every table in its store.
    pub cluster: Option<ClusterConfig>,
    /// The wall clock (Unix milliseconds) the daily deal's days follow: [`store::unix_ms`], or in
    /// tests a clock they move to close a day. Tournaments start by it too.
    pub wall_clock: fn() -> i64,
    /// How long a tournament board waits for its players before bots play for those missing
    /// (who then lose the match).
    pub tournament_grace: Duration,
    /// How often the tournament driver looks for tournaments to start and rounds to pair.
    pub tournament_tick: Duration,
    /// The tournaments the server creates by itself (`serve --schedule`): each entry's next
    /// start always has its tournament, open for registration.
    pub schedule: Vec<tournament::Schedule>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_delay: Duration::from_millis(700),
            disconnect_grace: Duration::from_secs(15),
            default_turn_ms: 30_000,
            seed: None,
            rate_burst: 30.0,
            rate_per_sec: 10.0,
            dispatch: default_dispatch,
            retry_first: Duration::from_millis(250),
            retry_max: Duration::from_secs(30),
            limits: limits::Limits::default(),
            bots: Vec::new(),
            max_bot_processes: 32,
            bot_share: 0,
            bot_idle: Duration::from_secs(30),
            bot_ms: 1000,
            bot_threads: 0,
            analysis_ms: None,
            secure_cookies: false,
            metrics_on_main: false,
            cluster: None,
            wall_clock: store::unix_ms,
            tournament_grace: Duration::from_secs(120),
            tournament_tick: Duration::from_secs(1),
            schedule: Vec::new(),
        }
    }
}

/// Starts a table of the game that plays `kind`, with the bots of the `bots` crate.
///
/// # Errors
/// The game is not built into this binary.
pub fn default_dispatch(kind: GameKind, spawn: Spawn) -> Result<(), TableError> {
    struct Start(Spawn);
    impl games::Visitor for Start {
        type Output = Result<(), TableError>;
        fn visit<G: bots::Playable>(self, kind: GameKind) -> Self::Output {
            self.0.visit::<G>(kind)
        }
    }
    games::dispatch(kind, Start(spawn))
}

/// Raises this process's limit on open files (every socket is one) to the most the system allows,
/// and returns the limit now in force (`None` where it cannot be read).
fn raise_open_files_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => Some(n),
        Err(e) => {
            tracing::warn!(error = %e, "the open-files limit could not be raised");
            rlimit::Resource::NOFILE.get().ok().map(|(soft, _)| soft)
        }
    }
}

/// Why [`serve`] stopped early.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The store could not be read at start.
    #[error("restoring the stored tables: {0}")]
    Store(#[from] StoreError),
    /// The listener failed.
    #[error("listening: {0}")]
    Listen(std::io::Error),
    /// The bots' threads could not be started.
    #[error(transparent)]
    BotThreads(#[from] runners::StartError),
    /// The node could not join its cluster.
    #[error("joining the cluster: {0}")]
    Cluster(String),
}

/// Serves on `listener` until `shutdown` completes: restores every stored table first, then
/// accepts connections. On shutdown it stops accepting, closes the sockets (code 1001), lets every
/// table finish what it is writing, and closes the store; every accepted action was committed
/// before anyone saw it, so nothing is lost.
///
/// # Errors
/// The store cannot be read at start, or the listener fails.
pub async fn serve<F>(
    listener: tokio::net::TcpListener,
    store: Store,
    config: Config,
    shutdown: F,
) -> Result<(), ServeError>
where
    F: Future<Output = ()> + Send + 'static,
{
    serve_with_metrics(listener, None, store, config, shutdown).await
}

/// [`serve`], with `GET /metrics`, `/api/stats`, `/healthz` and `/readyz` also on `metrics` (an
/// address for operators only; `/metrics` and `/api/stats` are then not served on the main
/// address, whatever [`Config::metrics_on_main`] says). That listener answers
/// until the server has stopped, so `/readyz` says 503 while it shuts down.
///
/// # Errors
/// The store cannot be read at start, or a listener fails.
pub async fn serve_with_metrics<F>(
    listener: tokio::net::TcpListener,
    metrics: Option<tokio::net::TcpListener>,
    store: Store,
    mut config: Config,
    shutdown: F,
) -> Result<(), ServeError>
where
    F: Future<Output = ()> + Send + 'static,
{
    if metrics.is_some() {
        config.metrics_on_main = false;
    }
    let open_files = raise_open_files_limit();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let limits = config.limits.clone();
    let cluster = config.cluster.clone();
    let hub = Hub::new(store.clone(), config, stop_rx.clone())?;
    // Accounts claimed before look-alike names were compared get their skeletons.
    let skeletons = store.fill_name_skeletons(ids::name_skeleton).await?;
    if skeletons > 0 {
        tracing::info!(skeletons, "the look-alike keys of older accounts' names were filled in");
    }
    let restored = match cluster {
        Some(cluster) => {
            join_cluster(&hub, &cluster).await?;
            0
        }
        None => table::restore_all(&hub).await?,
    };
    if hub.cluster().is_none() {
        tournament_drive::tick(&hub).await;
    }
    let driver = tokio::spawn(tournament_drive::drive(hub.clone(), stop_rx.clone()));
    let addr = listener.local_addr().map_err(ServeError::Listen)?;
    let bot_threads = hub.bot_threads.threads();
    tracing::info!(%addr, restored, store = store.backend(), open_files, bot_threads, "majlis server listening");
    let app = router(hub.clone());
    let (metrics_done, metrics_task) = match metrics {
        Some(metrics) => {
            let metrics_addr = metrics.local_addr().map_err(ServeError::Listen)?;
            tracing::info!(addr = %metrics_addr, "metrics and health checks listening");
            let (done, wait) = tokio::sync::oneshot::channel::<()>();
            let app = metrics_router(hub.clone());
            let task = tokio::spawn(async move {
                let stop = async {
                    let _ = wait.await;
                };
                axum::serve(metrics, app).with_graceful_shutdown(stop).await
            });
            (Some(done), Some(task))
        }
        None => (None, None),
    };
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down");
        let _ = stop_tx.send(true);
    });
    http::accept_loop(listener, app, &limits, stop_rx).await;
    let _ = driver.await;
    hub.stop_tables().await;
    table::lease::hand_over(&hub).await;
    store.close().await;
    if let (Some(done), Some(task)) = (metrics_done, metrics_task) {
        let _ = done.send(());
        match task.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "the metrics listener failed"),
            Err(e) => tracing::warn!(error = %e, "the metrics listener stopped"),
        }
    }
    tracing::info!("stopped");
    Ok(())
}

/// Joins the cluster: registers the node in the store, connects to NATS, and starts keeping
/// leases (renewing this node's, taking over those that run out).
async fn join_cluster(hub: &std::sync::Arc<Hub>, cluster: &ClusterConfig) -> Result<(), ServeError> {
    if hub.store.backend() != "postgres" {
        return Err(ServeError::Cluster("several nodes share one PostgreSQL: --db must be postgres://...".into()));
    }
    let node_id = hub.store.register_node(&cluster.node).await?;
    let bus = bus::Bus::connect(&cluster.nats, &cluster.node).await.map_err(|e| ServeError::Cluster(e.to_string()))?;
    let node_id = u64::try_from(node_id).map_err(|_| ServeError::Cluster("a negative node number".into()))?;
    hub::start_cluster(hub, hub::Cluster::new(bus, node_id, cluster.lease))
        .await
        .map_err(|e| ServeError::Cluster(e.to_string()))?;
    tokio::spawn(table::lease::keep(hub.clone()));
    tracing::info!(node = %cluster.node, node_id, nats = %cluster.nats, "joined the cluster");
    Ok(())
}
