//! Sign-in delays per account: past a few wrong passwords for one name, from whatever
//! addresses, each further attempt waits, and each wrong one doubles the wait (capped); a right
//! password ends them. Per name rather than per account, so an unknown name is delayed exactly
//! like an account's (a delay does not tell that an account exists). On tokio's clock.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use crate::limits::Limits;

/// Names tracked before those whose failures are forgotten are swept.
const NAMES_BEFORE_SWEEP: usize = 10_000;

/// One name's failures.
#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    /// No attempt before this.
    until: Instant,
    /// The last failure; failures older than the longest delay are forgotten.
    last: Instant,
}

/// Wrong passwords per name (its [`crate::ids::name_key`]).
#[derive(Debug)]
pub(crate) struct AccountDelays {
    free: u32,
    first: Duration,
    max: Duration,
    names: Mutex<HashMap<String, Failures>>,
}

impl AccountDelays {
    pub(crate) fn new(limits: &Limits) -> Self {
        AccountDelays {
            free: limits.signin_free_failures,
            first: limits.signin_delay_first,
            max: limits.signin_delay_max,
            names: Mutex::default(),
        }
    }

    /// Starts an attempt for `name`: `Err(wait)` while it is delayed; otherwise the attempt is
    /// counted as a failure at once (so attempts made together cannot pass the limit together)
    /// until [`AccountDelays::succeeded`] clears it.
    pub(crate) fn attempt(&self, name: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut names = super::lock(&self.names);
        if names.len() > NAMES_BEFORE_SWEEP {
            names.retain(|_, f| now < f.until || now.duration_since(f.last) < self.max);
        }
        let f = names.entry(name.to_owned()).or_insert(Failures { count: 0, until: now, last: now });
        if now < f.until {
            return Err(f.until - now);
        }
        if now.duration_since(f.last) >= self.max {
            f.count = 0;
        }
        f.count += 1;
        f.last = now;
        if let Some(delay) = delay(self.free, self.first, self.max, f.count) {
            f.until = now + delay;
        }
        Ok(())
    }

    /// A right password for `name`: its failures are forgotten.
    pub(crate) fn succeeded(&self, name: &str) {
        super::lock(&self.names).remove(name);
    }
}

/// The delay after `failures` wrong passwords: none up to `free`, then `first`, doubled with each
/// further failure, at most `max`.
fn delay(free: u32, first: Duration, max: Duration, failures: u32) -> Option<Duration> {
    let past = failures.checked_sub(free)?;
    let factor = 1u32.checked_shl(past).unwrap_or(u32::MAX);
    Some(first.saturating_mul(factor).min(max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_past_the_free_failures_up_to_the_cap() {
        let (s1, max) = (Duration::from_secs(1), Duration::from_secs(60));
        let delays: Vec<Option<Duration>> = (0..=10).map(|n| delay(3, s1, max, n)).collect();
        assert_eq!(delays[..3], [None, None, None]);
        assert_eq!(delays[3..7], [Some(s1), Some(2 * s1), Some(4 * s1), Some(8 * s1)]);
        assert_eq!(delays[10], Some(max));
        assert_eq!(delay(3, s1, max, u32::MAX), Some(max), "no overflow");
    }

    #[tokio::test(start_paused = true)]
    async fn a_delayed_name_waits_and_a_right_password_ends_the_delays() {
        let limits = Limits {
            signin_free_failures: 1,
            signin_delay_first: Duration::from_secs(1),
            signin_delay_max: Duration::from_secs(60),
            ..Limits::default()
        };
        let d = AccountDelays::new(&limits);
        assert_eq!(d.attempt("sara"), Ok(()));
        assert_eq!(d.attempt("sara"), Err(Duration::from_secs(1)));
        assert_eq!(d.attempt("nora"), Ok(()), "per name");
        tokio::time::advance(Duration::from_secs(1)).await;
        assert_eq!(d.attempt("sara"), Ok(()));
        assert_eq!(d.attempt("sara"), Err(Duration::from_secs(2)), "doubled");
        d.succeeded("sara");
        assert_eq!(d.attempt("sara"), Ok(()));
    }
}
