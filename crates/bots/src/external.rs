//! External bots: any program that speaks the bot protocol (`docs/bot-protocol.md`, version 1)
//! takes a seat like a built-in bot.
//!
//! [`ExternalBot`] starts the program (a shell-free split of its command line), says `hello`,
//! sends an `act` message for each decision and `end` when the match is over, then closes the
//! program's input and ends it if it does not exit by itself within [`EXIT_TIMEOUT`]. Whatever
//! the program does — garbage, an illegal action, a late answer, an early exit, a line over
//! [`MAX_LINE`] bytes, lines nobody asked for — is a [`Fault`]: that decision is made by the
//! built-in heuristic instead and the match goes on. The fault is kept until
//! [`Bot::take_faults`] collects it.
//!
//! Each process is served by three threads (its input, its output, its error output), so a program
//! that stops reading or writing never blocks the caller: every wait has a deadline. The process
//! is killed and reaped when the bot is dropped.
//!
//! ```no_run
//! use bots::external::{ExecCommand, ExecConfig, ExternalBot, Hello};
//! use game::{GameKind, Options, RuleSet, Seat};
//!
//! let command = ExecCommand::parse("python3 examples/bots/random_bot.py").unwrap();
//! let rules = <kout::Kout as game::Game>::Rules::from_options(GameKind::Kout4, &Options::new()).unwrap();
//! let hello = Hello::new(GameKind::Kout4, &rules, Seat::ZERO);
//! let bot = ExternalBot::<kout::Kout>::start(&command, &hello, 7, &ExecConfig::default()).unwrap();
//! ```

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use game::{Game, GameKind, Options, RuleSet, Seat, Winner, view_json};
use serde_json::{Value, json};

use crate::{Bot, BotSpec, Playable};

/// The protocol version Majlis speaks.
pub const PROTOCOL: u32 = 1;
/// How long a program has to answer `hello` with `ready`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// How much later than `ms` an answer may come before it is late.
pub const GRACE: Duration = Duration::from_millis(1000);
/// How long a program has to exit once its input is closed, before it is killed.
pub const EXIT_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest line (in bytes, without its newline) read from a program.
pub const MAX_LINE: usize = 1 << 20;
/// After this many late answers in a row the program is taken as gone: it is ended and the
/// heuristic plays the seat to the end of the match (a bot that never answers would otherwise
/// cost `ms` + 1 s per decision for the whole match).
pub const MAX_LATE_IN_A_ROW: u32 = 5;
/// Lines of a program's output held until Majlis reads them; past that the program waits.
const QUEUE: usize = 64;
/// The most of a program's error output passed to the log per process.
const MAX_STDERR: usize = 1 << 20;
/// The longest stderr line passed to the log (longer ones are cut).
const MAX_STDERR_LINE: usize = 4096;

/// Where a program's error output goes: one call per line, already prefixed with the bot's
/// command and seat.
pub type LogFn = Arc<dyn Fn(&str) + Send + Sync>;

/// How external bots are run.
#[derive(Clone)]
pub struct ExecConfig {
    /// The time given per decision (`ms` in `act`); an answer later than `ms` + [`GRACE`] is a
    /// fault.
    pub ms: u64,
    /// Where the programs' stderr lines go (default: Majlis's own stderr).
    pub log: LogFn,
}

impl Default for ExecConfig {
    fn default() -> Self {
        ExecConfig { ms: 1000, log: Arc::new(|line| eprintln!("{line}")) }
    }
}

impl fmt::Debug for ExecConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExecConfig").field("ms", &self.ms).finish_non_exhaustive()
    }
}

/// The command line of an external bot: the text as given and its shell-free split.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExecCommand {
    text: String,
    argv: Vec<String>,
}

impl ExecCommand {
    /// Splits `text` as a POSIX shell would split words (quotes and backslashes), without running a
    /// shell: no variables, globs, pipes or redirections.
    ///
    /// # Errors
    /// The text is empty or its quotes do not close.
    pub fn parse(text: &str) -> Result<Self, StartError> {
        let text = text.trim();
        let err = |reason: &str| StartError { command: text.to_owned(), reason: reason.to_owned() };
        let argv = shlex::split(text).ok_or_else(|| err("its quotes do not close"))?;
        if argv.is_empty() {
            return Err(err("the command is empty"));
        }
        Ok(ExecCommand { text: text.to_owned(), argv })
    }

    /// The command as given.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The program and its arguments.
    #[must_use]
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    /// Starts the program, says `hello`, waits for `ready` and closes its input: a check, before any
    /// match, that the program runs and speaks the protocol. Returns what it said in `ready`.
    ///
    /// # Errors
    /// The program cannot be started, exits, or does not answer `ready` within [`READY_TIMEOUT`].
    pub fn probe(&self, hello: &Hello, config: &ExecConfig) -> Result<Ready, StartError> {
        let err = |reason: String| StartError { command: self.text.clone(), reason };
        let mut process = Process::spawn(self, hello, config)?;
        let ready = process.await_ready(Instant::now() + READY_TIMEOUT).map_err(|f| err(f.reason));
        process.close();
        process.reap();
        ready
    }
}

impl fmt::Display for ExecCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A program that cannot be used as a bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot use the bot `{command}`: {reason}")]
pub struct StartError {
    /// The command as given.
    pub command: String,
    /// What went wrong, in words.
    pub reason: String,
}

/// What the `hello` message tells a program: the game, the full rule set, its seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Hello {
    /// The game.
    pub game: GameKind,
    /// Every rule option in force, each named (not only those that differ from the defaults).
    pub rules: Options,
    /// The program's seat.
    pub seat: Seat,
    /// How many seats the table has.
    pub seats: usize,
}

impl Hello {
    /// The `hello` of `seat` at a table of `game` under `rules`.
    #[must_use]
    pub fn new<R: RuleSet>(game: GameKind, rules: &R, seat: Seat) -> Self {
        Hello { game, rules: rules.all_options(), seat, seats: rules.seat_count() }
    }

    /// The message as one JSON line (without the newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        json!({
            "type": "hello",
            "protocol": PROTOCOL,
            "game": self.game.id(),
            "rules": self.rules,
            "seat": self.seat,
            "seats": self.seats,
        })
        .to_string()
    }
}

/// What a program said in `ready`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ready {
    /// Its name, if it gave one.
    pub name: Option<String>,
    /// Its author, if given.
    pub author: Option<String>,
}

/// The kinds of [`Fault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FaultKind {
    /// No `ready` answer to `hello` in time (or something else instead).
    NotReady,
    /// An answer that is not a JSON object with a string `action`.
    Garbage,
    /// An action that is not one of `legal`.
    Illegal,
    /// No answer within `ms` + [`GRACE`].
    Late,
    /// The program closed its output (exited) before the match was over.
    Exited,
    /// A line longer than [`MAX_LINE`] bytes.
    LongLine,
    /// Lines written when no answer was due.
    Flood,
}

/// Something an external bot did wrong; the decision it concerned was made by the heuristic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What kind of fault.
    pub kind: FaultKind,
    /// What happened, in words (`answered "play ZZ", which is not one of the legal actions`).
    pub reason: String,
    /// The program was ended with this fault (it exited, never said `ready`, or was late too often
    /// in a row): the heuristic plays the seat to the end of the match.
    pub ended: bool,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl Fault {
    fn new(kind: FaultKind, reason: impl Into<String>) -> Self {
        Fault { kind, reason: reason.into(), ended: false }
    }
}

/// A line of text cut for a message.
fn cut(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// What the output thread hands over.
enum Out {
    Line(String),
    TooLong,
    Closed,
}

/// One running program and its three pipe threads.
struct Process {
    label: String,
    log: LogFn,
    child: Child,
    input: Option<Sender<String>>,
    output: Receiver<Out>,
    closed_at: Option<Instant>,
    reaped: bool,
    started: Instant,
}

impl Process {
    /// Starts the program and writes `hello`.
    fn spawn(command: &ExecCommand, hello: &Hello, config: &ExecConfig) -> Result<Self, StartError> {
        let err = |reason: String| StartError { command: command.text.clone(), reason };
        let (program, args) = command.argv.split_first().ok_or_else(|| err("the command is empty".to_owned()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| err(format!("{program}: {e}")))?;
        let label = format!("[{} seat {}]", command.text, hello.seat);
        let (stdin, stdout, stderr) = match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(i), Some(o), Some(e)) => (i, o, e),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(err("its pipes could not be opened".to_owned()));
            }
        };
        let (to_bot, lines) = mpsc::channel::<String>();
        let (out_tx, output) = mpsc::sync_channel::<Out>(QUEUE);
        let spawned = thread::Builder::new()
            .name("bot-stdin".to_owned())
            .spawn(move || write_lines(stdin, &lines))
            .and_then(|_| {
                thread::Builder::new().name("bot-stdout".to_owned()).spawn(move || read_lines(stdout, &out_tx))
            })
            .and_then(|_| {
                let log = config.log.clone();
                let label = label.clone();
                thread::Builder::new().name("bot-stderr".to_owned()).spawn(move || pass_stderr(stderr, &label, &log))
            });
        let mut process = Process {
            label,
            log: config.log.clone(),
            child,
            input: Some(to_bot),
            output,
            closed_at: None,
            reaped: false,
            started: Instant::now(),
        };
        if let Err(e) = spawned {
            process.kill();
            return Err(err(format!("no thread to serve it: {e}")));
        }
        process.send(hello.to_line());
        Ok(process)
    }

    /// Queues a line for the program; false if its input is gone.
    fn send(&mut self, line: String) -> bool {
        self.input.as_ref().is_some_and(|tx| tx.send(line).is_ok())
    }

    /// Waits for `ready` until `deadline`.
    fn await_ready(&mut self, deadline: Instant) -> Result<Ready, Fault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(Out::Line(line)) => {
                let value: Option<Value> = serde_json::from_str(&line).ok();
                match value {
                    Some(Value::Object(o)) if o.get("type").and_then(Value::as_str) == Some("ready") => {
                        let text = |k: &str| o.get(k).and_then(Value::as_str).map(cut);
                        Ok(Ready { name: text("name"), author: text("author") })
                    }
                    _ => Err(Fault::new(
                        FaultKind::NotReady,
                        format!("answered {:?} to hello instead of {{\"type\": \"ready\"}}", cut(&line)),
                    )),
                }
            }
            Ok(Out::TooLong) => Err(Fault::new(FaultKind::LongLine, "answered hello with a line over 1 MiB")),
            Ok(Out::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(Fault::new(FaultKind::Exited, format!("exited before it was ready ({})", self.exit_status())))
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::new(
                FaultKind::NotReady,
                format!("did not answer hello with ready within {} s", READY_TIMEOUT.as_secs()),
            )),
        }
    }

    /// How the program ended, in words, once its output has closed.
    fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.reaped = true;
                    return status.to_string();
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "it closed its output but still runs".to_owned(),
                Err(e) => return format!("its status is unknown: {e}"),
            }
        }
    }

    /// Closes the program's input (it should exit within [`EXIT_TIMEOUT`]).
    fn close(&mut self) {
        self.input = None;
        self.closed_at.get_or_insert_with(Instant::now);
    }

    /// Waits for the program to exit (at most [`EXIT_TIMEOUT`] after its input was closed), then
    /// kills it if needed, and reaps it.
    fn reap(&mut self) {
        if self.reaped {
            return;
        }
        self.close();
        let deadline = self.closed_at.unwrap_or_else(Instant::now) + EXIT_TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    (self.log)(&format!(
                        "{} did not exit within {} s of its input closing: killed",
                        self.label,
                        EXIT_TIMEOUT.as_secs()
                    ));
                    break self.kill();
                }
            }
        }
        self.reaped = true;
    }

    /// Kills and reaps the program at once.
    fn kill(&mut self) {
        self.input = None;
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.reaped = true;
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.reap();
    }
}

/// The input thread: writes each queued line, until the queue closes or the pipe breaks.
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<String>) {
    for line in lines {
        if stdin.write_all(line.as_bytes()).and_then(|()| stdin.write_all(b"\n")).and_then(|()| stdin.flush()).is_err()
        {
            return;
        }
    }
}

/// The output thread: hands over each line (cut at [`MAX_LINE`]) until the output closes or nobody
/// listens. The queue is bounded, so a program that floods its output is made to wait.
fn read_lines(stdout: impl Read, tx: &SyncSender<Out>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut buf = Vec::new();
    loop {
        let out = match read_line_capped(&mut reader, &mut buf, MAX_LINE) {
            Ok(Some(true)) => Out::Line(String::from_utf8_lossy(&buf).into_owned()),
            Ok(Some(false)) => Out::TooLong,
            Ok(None) | Err(_) => {
                let _ = tx.send(Out::Closed);
                return;
            }
        };
        if tx.send(out).is_err() {
            return;
        }
    }
}

/// Reads one line into `buf` (without its newline): `Some(true)` for a line, `Some(false)` for a
/// line longer than `max` (read to its end and dropped), `None` at the end of the output.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Option<bool>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            // A last line without a newline still counts.
            return Ok(any.then_some(!too_long));
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if buf.len() + part.len() > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        reader.consume(used);
        if done {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Some(!too_long));
        }
    }
}

/// The error-output thread: each line to the log with the bot's label, up to [`MAX_STDERR`] bytes
/// per process; the rest is read and dropped so the program never blocks on it.
fn pass_stderr(stderr: impl Read, label: &str, log: &LogFn) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::new();
    let mut passed = 0usize;
    loop {
        match read_line_capped(&mut reader, &mut buf, MAX_STDERR_LINE) {
            Ok(Some(whole)) => {
                if passed < MAX_STDERR {
                    passed += buf.len() + 1;
                    let line = String::from_utf8_lossy(&buf);
                    let cut_note = if whole { "" } else { "(a line too long to show)" };
                    log(&format!("{label} {line}{cut_note}"));
                    if passed >= MAX_STDERR {
                        log(&format!("{label} (more error output than 1 MiB: the rest is not shown)"));
                    }
                }
            }
            Ok(None) | Err(_) => return,
        }
    }
}

/// Where the program stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Started; `ready` not yet read.
    Starting,
    /// Answering `act` messages.
    Playing,
    /// Ended (a fault or the match end): the heuristic plays the rest, and no fault is counted.
    Gone,
}

/// A bot played by an external program (see the module documentation).
pub struct ExternalBot<G: Game> {
    process: Process,
    stage: Stage,
    ms: u64,
    fallback: Box<dyn Bot<G>>,
    faults: Vec<Fault>,
    ready: Option<Ready>,
    late_answers_due: usize,
    late_in_a_row: u32,
}

impl<G: Playable> ExternalBot<G> {
    /// Starts `command` for the seat of `hello` and writes `hello`. Its `ready` is awaited at the
    /// first decision (so the programs of a table start together); until [`READY_TIMEOUT`] has
    /// passed since the start. `seed` seeds the heuristic that stands in after a fault.
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn start(command: &ExecCommand, hello: &Hello, seed: u64, config: &ExecConfig) -> Result<Self, StartError> {
        let rules = G::Rules::from_options(hello.game, &hello.rules)
            .map_err(|e| StartError { command: command.to_string(), reason: format!("bad rules: {e}") })?;
        let process = Process::spawn(command, hello, config)?;
        Ok(ExternalBot {
            process,
            stage: Stage::Starting,
            ms: config.ms,
            fallback: G::bot(BotSpec::HEURISTIC, seed, &rules),
            faults: Vec::new(),
            ready: None,
            late_answers_due: 0,
            late_in_a_row: 0,
        })
    }
}

impl<G: Game> ExternalBot<G> {
    /// What the program said in `ready`, once it has.
    #[must_use]
    pub fn ready(&self) -> Option<&Ready> {
        self.ready.as_ref()
    }

    /// Records a fault; a program that is gone (or taken as gone) is ended.
    fn fault(&mut self, mut fault: Fault) {
        if matches!(fault.kind, FaultKind::Exited | FaultKind::NotReady) {
            self.give_up();
            fault.ended = true;
        }
        self.faults.push(fault);
    }

    fn give_up(&mut self) {
        self.stage = Stage::Gone;
        self.process.kill();
    }

    /// Reads what came in since the last answer: late answers are dropped, anything else is a
    /// flood. Returns false if the program is gone.
    fn drain(&mut self) -> bool {
        let mut unasked = 0usize;
        // Bounded: a program writing without pause refills the queue as fast as it is read.
        for _ in 0..QUEUE * 2 {
            match self.process.output.try_recv() {
                Ok(Out::Line(_)) if self.late_answers_due > 0 => self.late_answers_due -= 1,
                Ok(Out::Line(_)) => unasked += 1,
                Ok(Out::TooLong) => {
                    self.faults.push(Fault::new(FaultKind::LongLine, "wrote a line over 1 MiB"));
                }
                Ok(Out::Closed) | Err(TryRecvError::Disconnected) => {
                    let status = self.process.exit_status();
                    self.fault(Fault::new(FaultKind::Exited, format!("exited before the match was over ({status})")));
                    return false;
                }
                Err(TryRecvError::Empty) => break,
            }
        }
        if unasked > 0 {
            let lines = if unasked == 1 { "1 line".to_owned() } else { format!("{unasked} lines") };
            self.faults.push(Fault::new(FaultKind::Flood, format!("wrote {lines} when no answer was due")));
        }
        true
    }

    /// Asks the program; `None` when the heuristic must decide (a fault was recorded, or the
    /// program is gone).
    fn ask(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> Option<G::Action> {
        if self.stage == Stage::Starting {
            match self.process.await_ready(self.process.started + READY_TIMEOUT) {
                Ok(ready) => {
                    self.ready = Some(ready);
                    self.stage = Stage::Playing;
                }
                Err(fault) => {
                    self.fault(fault);
                    return None;
                }
            }
        }
        if self.stage != Stage::Playing || !self.drain() {
            return None;
        }
        let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let message = json!({"type": "act", "seat": seat, "view": view_json::<G>(view), "legal": texts, "ms": self.ms});
        if !self.process.send(message.to_string()) {
            let status = self.process.exit_status();
            self.fault(Fault::new(FaultKind::Exited, format!("exited before the match was over ({status})")));
            return None;
        }
        let limit = Duration::from_millis(self.ms) + GRACE;
        let deadline = Instant::now() + limit;
        // A late answer to an earlier `act` that arrives only now is dropped, not taken as this
        // answer: answers carry no number, so they are matched by count.
        let answer = loop {
            let answer = self.process.output.recv_timeout(deadline.saturating_duration_since(Instant::now()));
            match answer {
                Ok(Out::Line(_)) if self.late_answers_due > 0 => self.late_answers_due -= 1,
                other => break other,
            }
        };
        if !matches!(answer, Err(RecvTimeoutError::Timeout)) {
            self.late_in_a_row = 0;
        }
        match answer {
            Ok(Out::Line(line)) => match parse_answer(&line) {
                Some(text) => {
                    let found = texts.iter().position(|t| *t == text).and_then(|i| legal.get(i).copied());
                    // Any spelling the notation reads is accepted too (`play as` for `play AS`).
                    let found = found.or_else(|| text.parse::<G::Action>().ok().filter(|a| legal.contains(a)));
                    if found.is_none() {
                        self.fault(Fault::new(
                            FaultKind::Illegal,
                            format!("answered {:?}, which is not one of the legal actions", cut(&text)),
                        ));
                    }
                    found
                }
                None => {
                    self.fault(Fault::new(
                        FaultKind::Garbage,
                        format!("answered {:?}, which is not a JSON object with an \"action\" text", cut(&line)),
                    ));
                    None
                }
            },
            Ok(Out::TooLong) => {
                self.fault(Fault::new(FaultKind::LongLine, "answered with a line over 1 MiB"));
                None
            }
            Ok(Out::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.process.exit_status();
                self.fault(Fault::new(FaultKind::Exited, format!("exited before the match was over ({status})")));
                None
            }
            Err(RecvTimeoutError::Timeout) => {
                self.late_answers_due += 1;
                self.late_in_a_row += 1;
                let mut reason = format!("gave no answer within {} ms (ms {} + 1000)", limit.as_millis(), self.ms);
                let mut fault = Fault::new(FaultKind::Late, String::new());
                if self.late_in_a_row >= MAX_LATE_IN_A_ROW {
                    reason.push_str(&format!(
                        "; late {MAX_LATE_IN_A_ROW} times in a row, so it was stopped and the heuristic plays on"
                    ));
                    self.give_up();
                    fault.ended = true;
                }
                fault.reason = reason;
                self.faults.push(fault);
                None
            }
        }
    }
}

/// The `action` of an answer line, if the line is a JSON object with a string `action`.
fn parse_answer(line: &str) -> Option<String> {
    match serde_json::from_str::<Value>(line).ok()? {
        Value::Object(mut o) => match o.remove("action")? {
            Value::String(s) => Some(s.trim().to_owned()),
            _ => None,
        },
        _ => None,
    }
}

impl<G: Game> Bot<G> for ExternalBot<G> {
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        match self.ask(seat, view, legal) {
            Some(action) => action,
            None => self.fallback.choose(seat, view, legal),
        }
    }

    fn end(&mut self, score: &[i32], winner: Option<Winner>) {
        if self.stage == Stage::Playing && self.drain() {
            self.process.send(json!({"type": "end", "score": score, "winner": winner}).to_string());
        }
        // A program that never had to act may still be starting: it is told the end too.
        if self.stage == Stage::Starting {
            self.process.send(json!({"type": "end", "score": score, "winner": winner}).to_string());
        }
        self.stage = Stage::Gone;
        self.process.close();
    }

    fn take_faults(&mut self) -> Vec<Fault> {
        std::mem::take(&mut self.faults)
    }
}

impl<G: Game> fmt::Debug for ExternalBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExternalBot").field("process", &self.process.label).field("stage", &self.stage).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_without_a_shell() {
        let c = ExecCommand::parse(r#"python3 "my bot.py" --depth=2 'a b' $HOME"#).expect("parses");
        assert_eq!(c.argv(), ["python3", "my bot.py", "--depth=2", "a b", "$HOME"]);
        assert!(ExecCommand::parse("  ").is_err());
        assert!(ExecCommand::parse("python3 'open").is_err());
    }

    #[test]
    fn lines_over_the_limit_are_dropped_whole() {
        let text = b"short\nxxxxxxxxxxxxxxxxxxxx\nok\r\nlast";
        let mut r = BufReader::with_capacity(4, &text[..]);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while let Some(whole) = read_line_capped(&mut r, &mut buf, 10).expect("reads") {
            got.push((whole, String::from_utf8_lossy(&buf).into_owned()));
        }
        let want = [(true, "short"), (false, ""), (true, "ok"), (true, "last")];
        assert_eq!(got, want.map(|(w, s)| (w, s.to_owned())));
    }

    #[test]
    fn answers_need_an_action_text() {
        assert_eq!(parse_answer(r#"{"action": "play AS"}"#).as_deref(), Some("play AS"));
        assert_eq!(parse_answer(r#"{"action": " pass ", "note": 1}"#).as_deref(), Some("pass"));
        for bad in ["play AS", r#"{"action": 3}"#, "[]", "", r#"{"act": "pass"}"#] {
            assert_eq!(parse_answer(bad), None, "{bad}");
        }
    }
}
