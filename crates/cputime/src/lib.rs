//! A [criterion] measurement of the benchmark thread's own CPU time.
//!
//! Wall-clock time also counts the time a thread waits for a core, so on a machine shared with
//! other work (a CI runner, a laptop compiling) it understates one-core throughput. The kernel
//! keeps each thread's time on a CPU (`CLOCK_THREAD_CPUTIME_ID`, read through the [`cpu_time`]
//! crate, to the nanosecond); [`ThreadCpuTime`] measures with it, so a benchmark reports what one
//! core does however busy the others are. (Not `/proc/thread-self/schedstat`, which we read
//! before: while a thread runs, its figure there moves only at the scheduler's tick, 4 ms on our
//! machines, as coarse as the solves the solver's bench times.)
//!
//! Our engine benchmarks run each group twice: once with criterion's default wall clock
//! (`random_hands`) and once with [`ThreadCpuTime`] (`random_hands_cpu`, skipped where the kernel
//! does not report it); [`wall_and_cpu_main!`] writes that `main`.
//!
//! ```
//! use criterion::measurement::Measurement;
//! use cputime::ThreadCpuTime;
//!
//! let m = ThreadCpuTime::default();
//! let start = m.start();
//! let busy: u64 = (0..1_000_000u64).map(std::hint::black_box).sum();
//! assert!(busy > 0);
//! if cputime::available() {
//!     assert!(m.to_f64(&m.end(start)) > 0.0);
//! }
//! ```

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Nanoseconds the calling thread has spent on a CPU, or `None` where the system does not say.
pub fn thread_cpu_ns() -> Option<u64> {
    let t = cpu_time::ThreadTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}

/// Whether this machine reports per-thread CPU time; a benchmark skips its CPU-time group when not.
pub fn available() -> bool {
    thread_cpu_ns().is_some()
}

/// Criterion measurement of the calling thread's CPU time, in nanoseconds like [`WallTime`].
pub struct ThreadCpuTime {
    /// Only for its formatter: the values are durations, as with wall time.
    wall: WallTime,
}

impl Default for ThreadCpuTime {
    fn default() -> Self {
        ThreadCpuTime { wall: WallTime }
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = Duration;

    fn start(&self) -> u64 {
        thread_cpu_ns().unwrap_or(0)
    }
    fn end(&self, start: u64) -> Duration {
        Duration::from_nanos(thread_cpu_ns().unwrap_or(0).saturating_sub(start))
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// Writes a benchmark's `main` that runs `$bench(c, group_name)` — a function generic over the
/// criterion [`Measurement`] — twice: as group `random_hands` by the wall clock, and as
/// `random_hands_cpu` by [`ThreadCpuTime`] where the machine reports it.
#[macro_export]
macro_rules! wall_and_cpu_main {
    ($bench:path) => {
        fn wall(c: &mut ::criterion::Criterion) {
            $bench(c, "random_hands");
        }

        fn cpu(c: &mut ::criterion::Criterion<$crate::ThreadCpuTime>) {
            if !$crate::available() {
                eprintln!("random_hands_cpu: no per-thread CPU time on this machine, skipped");
                return;
            }
            $bench(c, "random_hands_cpu");
        }

        ::criterion::criterion_group!(wall_time, wall);
        ::criterion::criterion_group! {
            name = cpu_time;
            config = ::criterion::Criterion::default().with_measurement($crate::ThreadCpuTime::default());
            targets = cpu
        }
        ::criterion::criterion_main!(wall_time, cpu_time);
    };
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    /// The clock must resolve far finer than the solves it times (some take under a millisecond):
    /// while this thread spins, each change of its reading is a small step, not a scheduler tick.
    /// (A thread taken off its core does not advance its CPU time, so a busy machine cannot make
    /// a step larger.)
    #[test]
    fn the_clock_moves_in_steps_finer_than_a_millisecond() {
        let Some(mut last) = super::thread_cpu_ns() else { return };
        let mut steps = Vec::new();
        let give_up = std::time::Instant::now() + Duration::from_secs(10);
        while steps.len() < 200 && std::time::Instant::now() < give_up {
            let now = super::thread_cpu_ns().unwrap_or(last);
            if now != last {
                steps.push(now - last);
                last = now;
            }
        }
        assert!(steps.len() >= 20, "the clock moved only {} times in 10 s of spinning", steps.len());
        steps.sort_unstable();
        let median = steps[steps.len() / 2];
        assert!(median < 1_000_000, "the median step of the thread's CPU clock is {median} ns");
    }
}
