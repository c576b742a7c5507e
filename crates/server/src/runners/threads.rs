//! The threads built-in bots think on (`majlis serve --bot-threads N`, one per core by default).
//!
//! A searching bot (`strong`, `hard`) takes up to its `ms` budget per decision; run on a table's
//! task it would hold one of the async runtime's threads, and with it every table and socket
//! scheduled there. So its decisions go to this pool instead: a fixed number of worker threads at
//! a lower OS priority ([`NICE`] more than the server's), fed in FIFO order from a bounded queue. The table's task
//! gets the answer through a oneshot channel and keeps serving its messages meanwhile (see
//! `table::think`). Cheap bots (random, heuristic: microseconds) still decide inline.
//!
//! A job whose table stopped waiting (the game moved on, the table closed) is skipped when its
//! turn comes; a full queue refuses new jobs, and the table's heuristic decides instead.
//!
//! The pool is a rayon pool, so a bot that searches in parallel with rayon stays on these threads
//! and at their priority.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::sync::oneshot;

/// How much nicer than the server the pool's threads are (at most 19, the lowest priority): the
/// runtime serving people comes first on busy cores.
pub const NICE: i32 = 10;

/// Jobs the queue holds per thread before it refuses more.
pub const QUEUE_PER_THREAD: usize = 16;

/// A queue at least this many times the thread count is logged as long (at most once per
/// [`LONG_QUEUE_LOG_EVERY`]).
const LONG_QUEUE_PER_THREAD: usize = 2;

/// How often a long queue is logged at most.
const LONG_QUEUE_LOG_EVERY: Duration = Duration::from_secs(10);

/// The pool's threads could not be started.
#[derive(Debug, thiserror::Error)]
#[error("starting the bots' threads: {0}")]
pub struct StartError(#[from] rayon::ThreadPoolBuildError);

/// What the pool is doing, as `GET /api/stats` shows it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PoolStats {
    /// Worker threads.
    pub threads: usize,
    /// Jobs waiting for a thread.
    pub queued: usize,
    /// Jobs running now.
    pub running: usize,
    /// The most jobs the queue holds.
    pub capacity: usize,
    /// Jobs run to their answer since the server started.
    pub done: u64,
    /// Jobs skipped because their table no longer waited for them.
    pub skipped: u64,
    /// Jobs refused because the queue was full (the heuristic decided).
    pub refused: u64,
}

/// The pool of threads built-in bots think on.
pub struct BotThreads {
    pool: rayon::ThreadPool,
    threads: usize,
    capacity: usize,
    counts: Arc<Counts>,
    /// When a long queue was last logged (milliseconds since `born`), so it is logged at most
    /// once per [`LONG_QUEUE_LOG_EVERY`].
    logged_at: AtomicU64,
    born: Instant,
}

#[derive(Default)]
struct Counts {
    queued: AtomicUsize,
    running: AtomicUsize,
    done: AtomicU64,
    skipped: AtomicU64,
    refused: AtomicU64,
}

impl std::fmt::Debug for BotThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotThreads").field("stats", &self.stats()).finish()
    }
}

/// A job's answer on its way back; dropping it tells the pool the job is no longer wanted.
pub type Ticket<T> = oneshot::Receiver<T>;

impl BotThreads {
    /// A pool of `threads` worker threads (0: one per core) whose queue holds
    /// [`QUEUE_PER_THREAD`] jobs per thread.
    ///
    /// # Errors
    /// The threads cannot be started.
    pub fn new(threads: usize) -> Result<Self, StartError> {
        let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, usize::from) } else { threads };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("majlis-bot-{i}"))
            .start_handler(|_| lower_priority())
            .build()?;
        Ok(BotThreads {
            pool,
            threads,
            capacity: threads.saturating_mul(QUEUE_PER_THREAD),
            counts: Arc::new(Counts::default()),
            logged_at: AtomicU64::new(0),
            born: Instant::now(),
        })
    }

    /// How many worker threads there are.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The counters, for `GET /api/stats`.
    #[must_use]
    pub fn stats(&self) -> PoolStats {
        let c = &self.counts;
        PoolStats {
            threads: self.threads,
            queued: c.queued.load(Ordering::Relaxed),
            running: c.running.load(Ordering::Relaxed),
            capacity: self.capacity,
            done: c.done.load(Ordering::Relaxed),
            skipped: c.skipped.load(Ordering::Relaxed),
            refused: c.refused.load(Ordering::Relaxed),
        }
    }

    /// Queues `job` behind those already queued; its answer comes on the returned ticket (an
    /// error there: the job panicked). `None` when the queue is full: nothing was queued.
    ///
    /// A job whose ticket was dropped before a thread took it is skipped.
    pub fn submit<T, F>(&self, job: F) -> Option<Ticket<T>>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let c = &self.counts;
        let queued =
            c.queued.fetch_update(Ordering::AcqRel, Ordering::Acquire, |q| (q < self.capacity).then_some(q + 1));
        let Ok(before) = queued else {
            c.refused.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(
                queued = self.capacity,
                threads = self.threads,
                "the bots' queue is full; a heuristic decides"
            );
            return None;
        };
        self.log_if_long(before + 1);
        let (tx, rx) = oneshot::channel();
        let counts = self.counts.clone();
        self.pool.spawn_fifo(move || {
            counts.queued.fetch_sub(1, Ordering::AcqRel);
            if tx.is_closed() {
                counts.skipped.fetch_add(1, Ordering::Relaxed);
                return;
            }
            counts.running.fetch_add(1, Ordering::AcqRel);
            // A panicking bot must not take the thread (or, through rayon, the process) down: its
            // table hears of it as a dropped ticket.
            let answer = std::panic::catch_unwind(AssertUnwindSafe(job));
            counts.running.fetch_sub(1, Ordering::AcqRel);
            counts.done.fetch_add(1, Ordering::Relaxed);
            match answer {
                Ok(answer) => {
                    let _ = tx.send(answer);
                }
                Err(_) => tracing::error!("a bot panicked while it thought"),
            }
        });
        Some(rx)
    }

    fn log_if_long(&self, queued: usize) {
        if queued < self.threads.saturating_mul(LONG_QUEUE_PER_THREAD) {
            return;
        }
        let now = u64::try_from(self.born.elapsed().as_millis()).unwrap_or(u64::MAX);
        let last = self.logged_at.load(Ordering::Relaxed);
        let every = u64::try_from(LONG_QUEUE_LOG_EVERY.as_millis()).unwrap_or(u64::MAX);
        let due = last == 0 || now.saturating_sub(last) >= every;
        if due && self.logged_at.compare_exchange(last, now.max(1), Ordering::Relaxed, Ordering::Relaxed).is_ok() {
            tracing::warn!(
                queued,
                threads = self.threads,
                capacity = self.capacity,
                "the bots' queue is long: bots' decisions wait for a thread"
            );
        }
    }
}

/// Lowers the calling thread's scheduling priority by [`NICE`], so the runtime that serves
/// people is scheduled first when the cores are busy. Best effort: elsewhere than on Linux, or
/// where it is refused, the thread keeps its priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // On Linux a thread id names just that thread to `setpriority(PRIO_PROCESS, ..)`.
        let tid = rustix::thread::gettid();
        let now = rustix::process::getpriority_process(Some(tid)).unwrap_or(0);
        if let Err(e) = rustix::process::setpriority_process(Some(tid), (now + NICE).min(19)) {
            tracing::debug!(error = %e, "a bot thread's priority could not be lowered");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer<T>(ticket: Ticket<T>) -> Result<T, oneshot::error::RecvError> {
        ticket.blocking_recv()
    }

    #[test]
    fn jobs_run_in_order_and_answer() {
        let pool = BotThreads::new(1).expect("pool");
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let tickets: Vec<_> = (0..5)
            .map(|i| {
                let order = order.clone();
                pool.submit(move || {
                    order.lock().expect("lock").push(i);
                    i * 10
                })
                .expect("room")
            })
            .collect();
        let answers: Vec<i32> = tickets.into_iter().map(|t| answer(t).expect("answer")).collect();
        assert_eq!(answers, [0, 10, 20, 30, 40]);
        assert_eq!(*order.lock().expect("lock"), [0, 1, 2, 3, 4], "first in, first out");
        assert_eq!(pool.stats().done, 5);
    }

    #[test]
    fn a_full_queue_refuses_and_a_dropped_ticket_is_skipped() {
        let pool = BotThreads::new(1).expect("pool");
        let (gate_tx, gate_rx) = std::sync::mpsc::channel::<()>();
        let (started_tx, started_rx) = std::sync::mpsc::channel::<()>();
        // The only thread waits on the gate.
        let blocker = pool
            .submit(move || {
                let _ = started_tx.send(());
                let _ = gate_rx.recv();
            })
            .expect("room");
        started_rx.recv().expect("the blocker runs");
        let ran = Arc::new(AtomicUsize::new(0));
        let mut tickets = Vec::new();
        for _ in 0..pool.capacity {
            let ran = ran.clone();
            tickets.push(pool.submit(move || ran.fetch_add(1, Ordering::SeqCst)).expect("room"));
        }
        assert_eq!(pool.stats().queued, pool.capacity);
        assert!(pool.submit(|| 0).is_none(), "the queue is full");
        assert_eq!(pool.stats().refused, 1);
        // Nobody waits for the first half any more.
        let kept = tickets.split_off(pool.capacity / 2);
        drop(tickets);
        gate_tx.send(()).expect("open the gate");
        answer(blocker).expect("the blocker answers");
        for t in kept {
            answer(t).expect("answer");
        }
        assert_eq!(ran.load(Ordering::SeqCst), pool.capacity - pool.capacity / 2, "dropped tickets' jobs did not run");
        assert_eq!(pool.stats().skipped as usize, pool.capacity / 2);
        assert_eq!(pool.stats().queued, 0);
    }

    #[test]
    fn a_panicking_job_drops_its_ticket_and_the_thread_lives_on() {
        let pool = BotThreads::new(1).expect("pool");
        let bad = pool.submit(|| -> u8 { panic!("a bot's bug") }).expect("room");
        assert!(answer(bad).is_err());
        let good = pool.submit(|| 7).expect("room");
        assert_eq!(answer(good).expect("answer"), 7);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_threads_run_at_a_lower_priority() {
        let pool = BotThreads::new(1).expect("pool");
        let ours = rustix::process::getpriority_process(Some(rustix::thread::gettid())).expect("our priority");
        let theirs =
            answer(pool.submit(|| rustix::process::getpriority_process(Some(rustix::thread::gettid()))).expect("room"))
                .expect("answer")
                .expect("their priority");
        assert!(theirs > ours || theirs == 19, "bot thread nice {theirs}, ours {ours}");
    }
}
