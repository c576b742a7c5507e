//! The bot threads at a server: a searching bot thinks off the async runtime, so a person's action
//! at another table is served while bots search; an answer for a state that has passed is
//! dropped; a bot keeps to its clock, queue or not; a match with real searching bots plays to its
//! end through them.
//!
//! The Kout tables here play a puppet game: Kout Bo whose `strong` bot does not search but asks
//! the test which action to take and blocks its thread until told. So the test decides when each
//! search ends, and no pass or fail depends on timing. Each test runs on a single-threaded
//! runtime: a bot that blocked the table's task would block the whole server (and the test), and
//! the puppet would give up waiting, which the tests check for.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bots::{Bot, BotKind, BotSpec, Playable};
use cards::{Card, CardSet};
use common::{Client, TestServer, WAIT, config, drain, http, temp_db};
use game::{Actor, Game, GameKind, HandRecord, Phase, Score, Seat, SeatSet, Winner};
use kout::Kout;
use serde_json::{Value, json};
use server::{Config, Spawn};
use tokio::sync::mpsc;

/// Kout Bo whose `strong` bot is the test's puppet.
#[derive(Clone, Debug)]
struct Puppet(Kout);

impl Game for Puppet {
    type Action = <Kout as Game>::Action;
    type Rules = <Kout as Game>::Rules;
    type Deal = <Kout as Game>::Deal;
    type View = <Kout as Game>::View;
    type HandSummary = <Kout as Game>::HandSummary;
    type Illegal = <Kout as Game>::Illegal;
    type SetupError = <Kout as Game>::SetupError;

    fn new(kind: GameKind, rules: Self::Rules, first_dealer: Seat) -> Result<Self, Self::SetupError> {
        Kout::new(kind, rules, first_dealer).map(Puppet)
    }
    fn kind(&self) -> GameKind {
        self.0.kind()
    }
    fn rules(&self) -> &Self::Rules {
        self.0.rules()
    }
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }
    fn phase(&self) -> Phase {
        self.0.phase()
    }
    fn deal(&mut self, deal: Self::Deal) -> Result<(), Self::SetupError> {
        self.0.deal(deal)
    }
    fn random_deal<R: rand_core::RngCore + ?Sized>(&self, rng: &mut R) -> Self::Deal {
        self.0.random_deal(rng)
    }
    fn deal_from_record(&self, hand: &HandRecord) -> Result<Self::Deal, Self::SetupError> {
        self.0.deal_from_record(hand)
    }
    fn deal_to_record(&self, deal: &Self::Deal, hand: &mut HandRecord) {
        self.0.deal_to_record(deal, hand);
    }
    fn to_act(&self) -> SeatSet {
        self.0.to_act()
    }
    fn clock_may_act(&self) -> bool {
        self.0.clock_may_act()
    }
    fn restarts_window(&self, action: &Self::Action) -> bool {
        self.0.restarts_window(action)
    }
    fn reshuffle_due(&self, actor: Actor, action: Self::Action) -> Option<Vec<Card>> {
        self.0.reshuffle_due(actor, action)
    }
    fn give_reshuffle(&mut self, order: Vec<Card>) {
        self.0.give_reshuffle(order);
    }
    fn display_order(&self, seat: Seat) -> Vec<Card> {
        self.0.display_order(seat)
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        self.0.legal_actions(seat, out);
    }
    fn check(&self, actor: Actor, action: Self::Action) -> Result<(), Self::Illegal> {
        self.0.check(actor, action)
    }
    fn play_unchecked(&mut self, actor: Actor, action: Self::Action) {
        self.0.play_unchecked(actor, action);
    }
    fn outcome(&self) -> Option<Winner> {
        self.0.outcome()
    }
    fn score(&self) -> Score {
        self.0.score()
    }
    fn view(&self, seat: Option<Seat>) -> Self::View {
        self.0.view(seat)
    }
    fn hidden_from(&self, seat: Seat) -> CardSet {
        self.0.hidden_from(seat)
    }
    fn hand_summaries(&self) -> Vec<Self::HandSummary> {
        self.0.hand_summaries()
    }
}

/// A decision the puppet asks the test for: the legal actions in notation, and where to send the
/// index of the one to take.
struct Call {
    seat: Seat,
    /// The milliseconds the bot was given for this decision.
    ms: u32,
    legal: Vec<String>,
    reply: std::sync::mpsc::Sender<usize>,
}

/// Where the puppets send their calls (`None`: no test listens; they take the first action).
static CALLS: Mutex<Option<mpsc::UnboundedSender<Call>>> = Mutex::new(None);

/// Set when a puppet waited [`PATIENCE`] for the test in vain: its thread was the test's.
static GAVE_UP: AtomicBool = AtomicBool::new(false);

/// How long a puppet waits for the test's answer: less than [`WAIT`], so a server whose bot
/// blocked the runtime is found out by [`GAVE_UP`] before any wait of the test fails.
const PATIENCE: Duration = Duration::from_secs(15);

/// One test at a time uses the puppets.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The test's puppet, given `ms` for its decision.
struct PuppetBot {
    ms: u32,
}

impl Bot<Puppet> for PuppetBot {
    fn choose(
        &mut self,
        seat: Seat,
        _view: &<Puppet as Game>::View,
        legal: &[<Puppet as Game>::Action],
    ) -> <Puppet as Game>::Action {
        let (tx, rx) = std::sync::mpsc::channel();
        let call = Call { seat, ms: self.ms, legal: legal.iter().map(ToString::to_string).collect(), reply: tx };
        let sent = CALLS.lock().unwrap().as_ref().is_some_and(|calls| calls.send(call).is_ok());
        if !sent {
            return legal[0];
        }
        match rx.recv_timeout(PATIENCE) {
            Ok(i) => legal[i.min(legal.len() - 1)],
            Err(_) => {
                GAVE_UP.store(true, Ordering::SeqCst);
                legal[0]
            }
        }
    }
}

/// Kout's own bots, for the puppet game.
struct Inner(Box<dyn Bot<Kout>>);

impl Bot<Puppet> for Inner {
    fn choose(
        &mut self,
        seat: Seat,
        view: &<Puppet as Game>::View,
        legal: &[<Puppet as Game>::Action],
    ) -> <Puppet as Game>::Action {
        self.0.choose(seat, view, legal)
    }
}

impl Playable for Puppet {
    const STRONG_DEFAULT_MS: u32 = Kout::STRONG_DEFAULT_MS;

    fn bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        match spec.kind {
            BotKind::Strong => Box::new(PuppetBot { ms: spec.time_ms(Self::STRONG_DEFAULT_MS) }),
            _ => Box::new(Inner(Kout::bot(spec, seed, rules))),
        }
    }
}

fn puppet_dispatch(kind: GameKind, spawn: Spawn) -> Result<(), server::TableError> {
    match kind {
        GameKind::Kout4 | GameKind::Kout6 => spawn.visit::<Puppet>(kind),
        _ => server::default_dispatch(kind, spawn),
    }
}

/// A server on one bot thread whose Kout tables play the puppet game.
fn puppet_config() -> Config {
    Config { bot_threads: 1, dispatch: puppet_dispatch, ..config() }
}

/// Listens to the puppets until dropped; then they take their first action without asking.
struct Puppets {
    calls: mpsc::UnboundedReceiver<Call>,
}

impl Puppets {
    fn listen() -> Puppets {
        let (tx, calls) = mpsc::unbounded_channel();
        *CALLS.lock().unwrap() = Some(tx);
        GAVE_UP.store(false, Ordering::SeqCst);
        Puppets { calls }
    }

    /// The first puppet's call, while `c` plays its turns at table `code`.
    async fn first_while_playing(&mut self, c: &mut Client, code: &str) -> Call {
        let mut call = None;
        play_until(c, code, async || {
            if call.is_none() {
                call = tokio::time::timeout(Duration::from_millis(1), self.calls.recv()).await.ok().flatten();
            }
            call.is_some()
        })
        .await;
        call.expect("a bot asked")
    }

    /// The next puppet's call.
    async fn next(&mut self) -> Call {
        tokio::time::timeout(WAIT, self.calls.recv()).await.expect("a bot asks in time").expect("calls open")
    }
}

impl Drop for Puppets {
    fn drop(&mut self) {
        *CALLS.lock().unwrap() = None;
        // Whoever is still waiting takes its first action.
        while let Ok(call) = self.calls.try_recv() {
            let _ = call.reply.send(0);
        }
    }
}

/// The server's bot threads as `GET /api/stats` shows them.
async fn pool(server: &TestServer) -> Value {
    let (status, stats) = http(server.addr, "GET", "/api/stats", None, None).await;
    assert_eq!(status, 200, "{stats}");
    stats["bot_threads"].clone()
}

/// Acts for `c` (its first legal action) whenever it is its turn, until `done` says so; `done` is
/// asked after each round trip through the server. Fails after [`WAIT`].
async fn play_until<F>(c: &mut Client, code: &str, done: F)
where
    F: AsyncFnMut() -> bool,
{
    tokio::time::timeout(WAIT, play_until_inner(c, code, done)).await.expect("play reaches the point in time");
}

async fn play_until_inner<F>(c: &mut Client, code: &str, mut done: F)
where
    F: AsyncFnMut() -> bool,
{
    let mut acted_at = None;
    loop {
        let seen = drain(c).await;
        let turn = seen.iter().rev().find(|v| (v["type"] == "event" || v["type"] == "sync") && v["table"] == code);
        if let Some(v) = turn
            && v["legal"].as_array().is_some_and(|l| !l.is_empty())
            && acted_at != v["version"].as_u64()
        {
            acted_at = v["version"].as_u64();
            c.send(json!({ "type": "act", "table": code, "action": v["legal"][0], "version": v["version"] })).await;
        }
        if done().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Opens a kout4 table hosted by a new person, its other seats `bot`s, and starts it.
async fn bot_table(server: &TestServer, host: &str, bot: &str) -> (Client, String) {
    bot_table_timed(server, host, bot, 600_000).await
}

/// [`bot_table`] with `turn_ms` per decision.
async fn bot_table_timed(server: &TestServer, host: &str, bot: &str, turn_ms: u64) -> (Client, String) {
    let mut c = Client::new(server.addr, host).await;
    c.send(json!({ "type": "create_table", "game": "kout4", "turn_ms": turn_ms, "id": "c" })).await;
    let t = c.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    c.send(json!({ "type": "fill_bots", "table": code, "bot": bot })).await;
    c.send(json!({ "type": "start", "table": code })).await;
    (c, code)
}

/// Three tables' searching bots hold the only bot thread (one searching, two queued) while a
/// person at a fourth table plays: her action is taken and its event comes back, all before any
/// of the searches ends. Were the bots thinking on their tables' tasks, the first search would
/// have blocked the server's only thread, and the person could not have been served until the
/// puppet gave up.
#[tokio::test]
async fn a_persons_action_is_served_while_bots_search_at_other_tables() {
    let _serial = SERIAL.lock().await;
    let mut puppets = Puppets::listen();
    let server = TestServer::start(puppet_config(), &temp_db("bot-threads-served")).await;
    assert_eq!(pool(&server).await["threads"], 1);

    // The first table's bot searches (the puppet holds the thread)...
    let (mut hana, hana_code) = bot_table(&server, "Hana", "strong").await;
    let first = puppets.first_while_playing(&mut hana, &hana_code).await;
    // ... and two more tables' bots queue behind it.
    let mut hosts = Vec::new();
    for (n, name) in ["Ilham", "Jana"].into_iter().enumerate() {
        let (mut c, code) = bot_table(&server, name, "strong").await;
        play_until(&mut c, &code, async || pool(&server).await["queued"] == n + 1).await;
        hosts.push(c);
    }
    let busy = pool(&server).await;
    assert_eq!((busy["running"].as_u64(), busy["queued"].as_u64()), (Some(1), Some(2)), "{busy}");

    // A person at another table, with bots that do not search, plays her turns meanwhile.
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    for _ in 0..3 {
        let turn = sara
            .until(|v| {
                (v["type"] == "event" || v["type"] == "sync")
                    && v["table"] == code.as_str()
                    && v["legal"].as_array().is_some_and(|l| !l.is_empty())
            })
            .await;
        let action = turn["legal"][0].clone();
        sara.send(json!({ "type": "act", "table": code, "action": action, "version": turn["version"] })).await;
        let event = sara
            .until(|v| v["type"] == "error" || (v["type"] == "event" && v["seat"] == 0 && v["table"] == code.as_str()))
            .await;
        assert_eq!(event["type"], "event", "{event}");
        assert_eq!(event["action"], action, "{event}");
    }
    // Every search is still where it was: the person did not wait for any of them.
    let busy = pool(&server).await;
    assert_eq!((busy["running"].as_u64(), busy["queued"].as_u64()), (Some(1), Some(2)), "{busy}");
    assert!(!GAVE_UP.load(Ordering::SeqCst), "a puppet waited in vain: a bot blocked the server");

    // The searches end one after the other, each answer played at its table.
    first.reply.send(0).unwrap();
    for _ in 0..2 {
        puppets.next().await.reply.send(0).unwrap();
    }
    tokio::time::timeout(WAIT, async {
        while pool(&server).await["done"].as_u64().unwrap() < 3 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the three searches are done");
    assert!(!GAVE_UP.load(Ordering::SeqCst));
    drop(puppets);
    server.stop().await;
}

/// Hana's bot (seat `s`) is searching when Hana leaves the table mid-match: the table's state
/// moves on, so the answer that then comes is dropped; the bot is asked again and that answer is
/// played. A server that stops while a bot searches stops at once; restored, the table asks its
/// bot again and plays on.
#[tokio::test]
async fn an_answer_for_a_state_that_has_passed_is_dropped() {
    let _serial = SERIAL.lock().await;
    let mut puppets = Puppets::listen();
    let db = temp_db("bot-threads-stale");
    let server = TestServer::start(puppet_config(), &db).await;
    let (mut hana, code) = bot_table(&server, "Hana", "strong").await;
    let mut wes = Client::new(server.addr, "Wes").await;
    wes.send(json!({ "type": "spectate", "table": code })).await;
    wes.until(|v| v["type"] == "sync").await;
    let first = puppets.first_while_playing(&mut hana, &code).await;
    let seat = first.seat;
    assert!(first.legal.len() >= 2, "a single legal action is played without asking: {:?}", first.legal);
    drain(&mut wes).await;

    // Hana leaves: the table's version moves on while the bot thinks.
    hana.send(json!({ "type": "leave", "table": code })).await;
    wes.until(|v| v["type"] == "table").await;
    let since_leave = wes.seen.len();
    let dropped = first.legal.len() - 1;
    first.reply.send(dropped).unwrap();

    // The bot is asked again, for the same decision.
    let again = puppets.next().await;
    assert_eq!((again.seat, &again.legal), (seat, &first.legal));
    again.reply.send(0).unwrap();
    let event = wes.until(|v| v["type"] == "event" && v["seat"] == seat.index()).await;
    assert_eq!(event["action"], again.legal[0].as_str(), "the answer for the state that passed was dropped: {event}");
    let played = wes.seen[since_leave..].iter().filter(|v| v["type"] == "event" && v["seat"] == seat.index()).count();
    assert_eq!(played, 1, "one action of seat {seat} since Hana left");

    // The next search is under way when the server stops: it stops all the same.
    let pending = puppets.next().await;
    tokio::time::timeout(WAIT, server.stop()).await.expect("the server stops while a bot searches");
    pending.reply.send(0).unwrap();

    // Restored, the table asks its bot again and plays the answer.
    let server = TestServer::start(puppet_config(), &db).await;
    let mut wes = Client::connect(server.addr, &wes.token).await;
    wes.send(json!({ "type": "spectate", "table": code })).await;
    let sync = wes.until(|v| v["type"] == "sync").await;
    let version = sync["version"].as_u64().unwrap();
    let call = puppets.next().await;
    assert_eq!(call.seat, pending.seat);
    call.reply.send(0).unwrap();
    let event = wes.until(|v| v["type"] == "event" && v["seat"] == call.seat.index()).await;
    assert_eq!(event["action"], call.legal[0].as_str());
    assert!(event["version"].as_u64().unwrap() > version);
    assert!(!GAVE_UP.load(Ordering::SeqCst));
    drop(puppets);
    server.stop().await;
}

/// A whole Kabul match with real searching bots (short budgets) in every other seat plays to its
/// end through the bot threads.
#[tokio::test]
async fn a_match_with_searching_bots_plays_to_the_end_on_the_bot_threads() {
    let server = TestServer::start(Config { bot_threads: 2, ..config() }, &temp_db("bot-threads-kabul")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kabul", json!({ "players": 3, "target_score": null })).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "strong:ms=5" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let game_id = sara.play(&code, usize::MAX).await.expect("the match finishes");
    let record = common::record(server.addr, &game_id).await;
    assert_eq!(record.players[1], "bot:strong:ms=5", "the record names the seat's own bot");
    let stats = pool(&server).await;
    assert!(stats["done"].as_u64().unwrap() > 0, "the bots thought on the bot threads: {stats}");
    assert_eq!(stats["refused"], 0);
    server.stop().await;
}

/// The `expert` level searches four times as long as `hard` where the clock allows it, and keeps
/// its name at the table.
#[tokio::test]
async fn an_expert_thinks_four_times_as_long_as_a_hard_bot() {
    let _serial = SERIAL.lock().await;
    for (level, ms) in [("hard", Kout::STRONG_DEFAULT_MS), ("expert", bots::EXPERT_BUDGET * Kout::STRONG_DEFAULT_MS)] {
        let mut puppets = Puppets::listen();
        let server = TestServer::start(puppet_config(), &temp_db(&format!("bot-threads-{level}"))).await;
        let (mut c, code) = bot_table(&server, "Hana", level).await;
        let first = puppets.first_while_playing(&mut c, &code).await;
        assert_eq!(first.ms, ms, "{level}: its budget on a ten-minute turn");
        let (status, table) = http(server.addr, "GET", &format!("/api/tables/{code}"), None, None).await;
        assert_eq!(status, 200, "{table}");
        assert_eq!(table["seats"][1]["bot"], level, "{table}");
        first.reply.send(0).unwrap();
        drop(puppets);
        server.stop().await;
    }
}

/// At tables with a one-second turn, a bot asking for five seconds searches for less than half of
/// it; and when the only bot thread is held so long that a queued decision's clock runs out, the
/// table stops waiting and the heuristic plays in time, while the thread is still held.
#[tokio::test]
async fn a_bot_keeps_to_its_clock_even_behind_a_long_queue() {
    let _serial = SERIAL.lock().await;
    let mut puppets = Puppets::listen();
    let server = TestServer::start(puppet_config(), &temp_db("bot-threads-clock")).await;
    let (mut hana, hana_code) = bot_table_timed(&server, "Hana", "strong:ms=5000", 1_000).await;
    let first = puppets.first_while_playing(&mut hana, &hana_code).await;
    assert!((10..=450).contains(&first.ms), "5000 ms asked, 1000 ms on the clock: searched {} ms", first.ms);

    // The thread stays held; at another table a bot's decision waits for it until its clock is
    // nearly out, and then the heuristic plays for it.
    let (mut ilham, code) = bot_table_timed(&server, "Ilham", "strong:ms=5000", 1_000).await;
    let mut acted_at = None;
    let bot_played = tokio::time::timeout(WAIT, async {
        loop {
            let seen = drain(&mut ilham).await;
            if let Some(v) = seen.iter().find(|v| {
                v["type"] == "event" && v["table"] == code.as_str() && v["seat"].as_u64().is_some_and(|s| s != 0)
            }) {
                return v.clone();
            }
            let turn = seen
                .iter()
                .rev()
                .find(|v| (v["type"] == "event" || v["type"] == "sync") && v["table"] == code.as_str());
            if let Some(v) = turn
                && v["legal"].as_array().is_some_and(|l| !l.is_empty())
                && acted_at != v["version"].as_u64()
            {
                acted_at = v["version"].as_u64();
                ilham
                    .send(json!({ "type": "act", "table": code, "action": v["legal"][0], "version": v["version"] }))
                    .await;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("a bot plays in time although the bot thread is held");
    assert_eq!(bot_played["type"], "event");
    assert_eq!(pool(&server).await["running"], 1, "the first search still holds the thread");
    assert!(!GAVE_UP.load(Ordering::SeqCst));

    first.reply.send(0).unwrap();
    drop(puppets);
    server.stop().await;
}
