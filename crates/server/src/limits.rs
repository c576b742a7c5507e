//! Every limit the server puts on what one client may ask of it, in one place: message sizes and
//! rates per connection, tables per host, the bounds of a table's settings, upload sizes. The
//! numbers are documented in `docs/protocol.md`.

use std::net::IpAddr;
use std::ops::RangeInclusive;
use std::time::Duration;

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The largest WebSocket frame (and message) the socket layer reads at all: past
/// [`MAX_MESSAGE_BYTES`] a message gets a `too_large` error, past this the socket is closed.
pub const MAX_FRAME_BYTES: usize = 4 * MAX_MESSAGE_BYTES;

/// The largest token a request may present.
pub const MAX_TOKEN_BYTES: usize = 128;

/// The largest record `POST /api/replay` reads.
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// Messages refused for rate before the socket is closed.
pub const MAX_REFUSED: u32 = 20;

/// Bad messages (garbage, unknown types, binary, too large) before the socket is closed.
pub const MAX_BAD: u32 = 10;

/// The most tables one player may have created and not finished (in their lobby or playing) at
/// once: enough to try things, not enough to flood the list of open tables or the server.
pub const MAX_TABLES_PER_HOST: usize = 5;

/// A lobby whose seated people (its host included) have all had no connection for this many
/// disconnect grace periods closes, so tables nobody will start do not pile up.
pub const ABANDONED_LOBBY_GRACES: u32 = 4;

/// A match in progress whose seated people have all had no connection for this many disconnect
/// grace periods stops (stored as abandoned, unrated) instead of going on with bots alone to its
/// end: a minute at the default grace of 15 s.
pub const ABANDONED_MATCH_GRACES: u32 = 4;

/// Letters in the code of a public table: it is listed anyway, so it only has to be short to read.
pub const PUBLIC_CODE_LEN: usize = 6;

/// Letters in the code of a private table, which is its only key: 31^12 ≈ 8·10^17 codes, so even
/// a million live tables and a thousand guesses a second (far past what [`Limits::guess_burst`]
/// lets one address or player make) find one once in some 25,000 years.
pub const PRIVATE_CODE_LEN: usize = 12;

/// The most tables `GET /api/tables` lists.
pub const MAX_LISTED_TABLES: usize = 100;

/// A table's time per decision, milliseconds.
pub const TURN_MS: RangeInclusive<u64> = 1_000..=600_000;

/// Kabul's snap window at a server table: long enough to react, short enough that a table never
/// waits on it for long (the engine itself takes no clock).
pub const SNAP_WINDOW_MS: RangeInclusive<u64> = 500..=60_000;

/// Kabul's `target_score` at a server table: a match of a few hundred points is a long evening;
/// beyond this a match would never end and its `sync` would grow without bound.
pub const TARGET_SCORE: RangeInclusive<i64> = 1..=1_000;

/// The longest chat message, in characters (after trimming).
pub const CHAT_MAX_CHARS: usize = 200;

/// Chat messages a table keeps in memory (and sends, in `sync`, to a socket that joins, spectates
/// or resumes); a restarted server reads as many back from the store.
pub const CHAT_KEPT: usize = 50;

/// The most chat messages `GET /api/games/{id}/chat` answers (the last ones of the match).
pub const CHAT_SERVED: i64 = 1_000;

/// The limits on one connection's resources, with production defaults; tests shrink them so an
/// abuse test takes milliseconds, not minutes. Each is listed, with what happens when it is hit, in
/// `docs/protocol.md` ("Limits").
#[derive(Clone, Debug)]
pub struct Limits {
    /// Frames queued for one socket and not yet written: past this the reader is too slow and
    /// the socket is closed with 1008.
    pub out_queue_messages: usize,
    /// Bytes queued for one socket and not yet written: past this, as above.
    pub out_queue_bytes: usize,
    /// How long writing one frame to a socket may take before the socket is given up.
    pub write_timeout: Duration,
    /// The most tables one socket may follow (join, spectate, resume, create).
    pub max_watched_tables: usize,
    /// How long an HTTP connection may take to send a request's headers (from the connection's
    /// start, or the end of its last answer) before it is closed.
    pub header_read_timeout: Duration,
    /// How often the server pings each WebSocket.
    pub ws_ping_interval: Duration,
    /// A WebSocket from which nothing (not even a pong) was heard for this long is closed (1001).
    pub ws_idle_timeout: Duration,
    /// The most connections (HTTP and WebSocket) open from one IP address; past it a new
    /// connection is closed at once.
    pub max_conns_per_addr: usize,
    /// The most WebSockets one player may have open; past it `/ws` answers 429.
    pub max_conns_per_player: usize,
    /// Guests one address may create at once (`POST /api/players`) before the rate below applies;
    /// past it the answer is 429 `rate_limited`.
    pub guest_burst: u32,
    /// Guests one address may create per minute in the long run.
    pub guests_per_minute: u32,
    /// Sign-in attempts (`POST /api/account/signin`, and checks of the old password in
    /// `POST /api/account/password`) one address may make at once before the rate below applies;
    /// past it the answer is 429 `rate_limited`. Each attempt costs an argon2 hash.
    pub signin_burst: u32,
    /// Sign-in attempts one address may make per minute in the long run.
    pub signins_per_minute: u32,
    /// Wrong passwords one account may be sent (from any addresses) before each further
    /// sign-in attempt for it waits: past this, the account refuses sign-ins with 429
    /// `rate_limited` and a `Retry-After` for [`Limits::signin_delay_first`], doubled with each
    /// further wrong password up to [`Limits::signin_delay_max`]. A right password ends the
    /// delays; a request carrying a valid session of the account is never delayed.
    pub signin_free_failures: u32,
    /// The first delay of an account past [`Limits::signin_free_failures`].
    pub signin_delay_first: Duration,
    /// The longest delay of an account.
    pub signin_delay_max: Duration,
    /// Renames (`POST /api/account/rename`) one player may make at once before the rate below
    /// applies; past it the answer is 429 `rate_limited`.
    pub rename_burst: u32,
    /// Renames one player may make per minute in the long run.
    pub renames_per_minute: u32,
    /// `name_taken` answers one address, or one player, may get at once before the rate below
    /// applies (new guests, renames): past it every name check is answered 429 `rate_limited`,
    /// taken or not, so which names accounts hold cannot be listed quickly.
    pub name_taken_burst: u32,
    /// `name_taken` answers per minute one address or player may get in the long run.
    pub name_taken_per_minute: u32,
    /// Tables one address may create at once (`create_table`) before the rate below applies;
    /// past it the answer is the error `rate_limited` (the socket stays open).
    pub table_burst: u32,
    /// Tables one address may create per minute in the long run.
    pub tables_per_minute: u32,
    /// Table codes that name no table (`no_table` answers) one address, or one player, may send
    /// at once, over all their sockets, before the rate below applies. Once the budget is spent,
    /// a socket of that address or player that names a table it does not follow yet is answered
    /// `rate_limited` and closed with 1008 before the code is even looked up, real or not, until
    /// the budget fills again. With [`PRIVATE_CODE_LEN`] letters this makes finding a private
    /// table by guessing hopeless.
    pub guess_burst: u32,
    /// Unknown table codes per minute one address or player may send in the long run.
    pub guesses_per_minute: u32,
    /// Records one address may upload to `POST /api/replay` at once before the rate below
    /// applies; past it the answer is 429 `rate_limited`. Each costs a replay of the whole match
    /// and an answer many times the record's size.
    pub replay_burst: u32,
    /// Records one address may upload per minute in the long run.
    pub replays_per_minute: u32,
    /// Chat messages one player may send at once (over all their sockets and tables) before the
    /// rate below applies; past it a chat message is refused with `rate_limited` and not said
    /// (the socket's other messages go on).
    pub chat_burst: u32,
    /// One more chat message is allowed per this long in the long run (2 s: five per ten seconds).
    pub chat_every: Duration,
    /// Addresses the per-address limits do not apply to: a reverse proxy on the same machine
    /// (which limits by itself), or the load test's client. Empty by default.
    pub addr_exempt: Vec<IpAddr>,
    /// Reverse proxies whose `X-Forwarded-For` is believed: a request from one of them counts
    /// against the per-address limits of the last address in that header (the one the proxy
    /// saw), and the proxy's own connections are not counted per address. Empty by default: the
    /// header is ignored, since anyone can send it.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            out_queue_messages: 1024,
            out_queue_bytes: 2 * 1024 * 1024,
            write_timeout: Duration::from_secs(10),
            max_watched_tables: 32,
            header_read_timeout: Duration::from_secs(10),
            ws_ping_interval: Duration::from_secs(30),
            ws_idle_timeout: Duration::from_secs(75),
            max_conns_per_addr: 256,
            max_conns_per_player: 16,
            guest_burst: 20,
            guests_per_minute: 10,
            signin_burst: 10,
            signins_per_minute: 5,
            signin_free_failures: 5,
            signin_delay_first: Duration::from_secs(2),
            signin_delay_max: Duration::from_secs(15 * 60),
            rename_burst: 5,
            renames_per_minute: 1,
            name_taken_burst: 10,
            name_taken_per_minute: 5,
            table_burst: 30,
            tables_per_minute: 20,
            guess_burst: 20,
            guesses_per_minute: 30,
            replay_burst: 5,
            replays_per_minute: 10,
            chat_burst: 3,
            chat_every: Duration::from_secs(2),
            addr_exempt: Vec::new(),
            trusted_proxies: Vec::new(),
        }
    }
}

/// Rates per key (an address, a player) through `governor`'s keyed limiter: each key holds a
/// bucket of `burst` that refills at `per_minute`; keys not seen for a while are forgotten.
pub(crate) struct KeyedRate {
    limiter: governor::DefaultKeyedRateLimiter<String>,
}

impl std::fmt::Debug for KeyedRate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyedRate").field("keys", &self.limiter.len()).finish()
    }
}

/// Keys a [`KeyedRate`] holds before it sweeps the ones whose buckets are full again.
const RATE_KEYS_BEFORE_SWEEP: usize = 10_000;

impl KeyedRate {
    /// A limiter of `burst` at once and `per_minute` in the long run, per key (zeros are read as
    /// one).
    pub(crate) fn new(burst: u32, per_minute: u32) -> Self {
        let one = std::num::NonZeroU32::MIN;
        let quota = governor::Quota::per_minute(std::num::NonZeroU32::new(per_minute).unwrap_or(one))
            .allow_burst(std::num::NonZeroU32::new(burst).unwrap_or(one));
        KeyedRate { limiter: governor::RateLimiter::keyed(quota) }
    }

    /// Takes one from `key`'s bucket; `false` when it is empty.
    pub(crate) fn check(&self, key: String) -> bool {
        if self.limiter.len() > RATE_KEYS_BEFORE_SWEEP {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&key).is_ok()
    }
}

/// Token buckets per key on tokio's clock (so tests can move it), which, unlike [`KeyedRate`],
/// can tell whether a key's bucket is empty without taking from it: a limit that refuses before
/// the work, once earlier work spent the budget.
#[derive(Debug)]
pub(crate) struct KeyedBucket {
    burst: f64,
    every: Duration,
    buckets: std::sync::Mutex<std::collections::HashMap<String, (f64, tokio::time::Instant)>>,
}

impl KeyedBucket {
    /// Buckets of `burst` (zero is read as one) that regain one every `every`.
    pub(crate) fn new(burst: u32, every: Duration) -> Self {
        KeyedBucket { burst: f64::from(burst.max(1)), every, buckets: std::sync::Mutex::default() }
    }

    /// Buckets of `burst` that regain `per_minute` a minute (zeros are read as one).
    pub(crate) fn per_minute(burst: u32, per_minute: u32) -> Self {
        KeyedBucket::new(burst, Duration::from_secs(60) / per_minute.max(1))
    }

    /// `key`'s tokens now; forgets the keys whose buckets are full again when there are many.
    fn tokens(&self, map: &mut std::collections::HashMap<String, (f64, tokio::time::Instant)>, key: &str) -> f64 {
        let now = tokio::time::Instant::now();
        let every = self.every.as_secs_f64();
        let refill = |(tokens, since): (f64, tokio::time::Instant)| {
            let regained = if every > 0.0 { now.duration_since(since).as_secs_f64() / every } else { self.burst };
            (tokens + regained).min(self.burst)
        };
        if map.len() > RATE_KEYS_BEFORE_SWEEP {
            map.retain(|_, bucket| refill(*bucket) < self.burst);
        }
        let tokens = map.get(key).map_or(self.burst, |bucket| refill(*bucket));
        map.insert(key.to_owned(), (tokens, now));
        tokens
    }

    /// Whether `key`'s bucket is empty now (nothing is taken).
    pub(crate) fn spent(&self, key: &str) -> bool {
        let mut map = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.tokens(&mut map, key) < 1.0
    }

    /// Takes one from `key`'s bucket; `false` when it is empty.
    pub(crate) fn take(&self, key: &str) -> bool {
        let mut map = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let tokens = self.tokens(&mut map, key);
        if tokens < 1.0 {
            return false;
        }
        map.insert(key.to_owned(), (tokens - 1.0, tokio::time::Instant::now()));
        true
    }
}

/// Whether the per-address limits apply to `ip`.
pub(crate) fn addr_limited(limits: &Limits, ip: IpAddr) -> bool {
    !limits.addr_exempt.contains(&ip)
}

/// Holds one of a limited number of places (connections from one address, sockets of one player)
/// and gives it back when dropped.
#[derive(Debug)]
pub(crate) struct Place<K: std::hash::Hash + Eq + Clone> {
    counts: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<K, usize>>>,
    key: K,
}

/// Counts of places held, by key.
pub(crate) type Places<K> = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<K, usize>>>;

impl<K: std::hash::Hash + Eq + Clone> Place<K> {
    /// Takes a place for `key` if fewer than `max` are held.
    pub(crate) fn take(counts: &Places<K>, key: K, max: usize) -> Option<Self> {
        // Single increments and decrements: a poisoned lock is still consistent.
        let mut map = counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = map.entry(key.clone()).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Place { counts: counts.clone(), key })
    }
}

impl<K: std::hash::Hash + Eq + Clone> Drop for Place<K> {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}
