//! In a cluster: the leases of this node's tables renewed while it lives, the tables of nodes
//! that stopped renewing taken over, and every lease handed over when the node stops.
//!
//! A lease lasts [`crate::hub::Cluster::lease`]; it is renewed every third of that, and the
//! leases that ran out are looked for every [`SWEEP`] (or a fifth of a lease, if shorter). A
//! table whose lease this node finds taken (it was paused, or cut off from the database) is let
//! go at once: its writes would be refused by the fence anyway.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::open::take_over;
use crate::hub::Hub;

/// The longest wait between two looks for leases that ran out.
const SWEEP: Duration = Duration::from_millis(500);
/// Leases taken over per look, at most (the look repeats while it finds this many).
const SWEEP_BATCH: i64 = 64;

/// Keeps this node's leases until the server stops, then hands them over.
pub async fn keep(hub: Arc<Hub>) {
    let Some(cluster) = hub.cluster() else { return };
    let mut renew = tokio::time::interval(cluster.lease / 3);
    let mut sweep = tokio::time::interval(SWEEP.min(cluster.lease / 5));
    renew.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut shutdown = hub.shutdown.clone();
    loop {
        tokio::select! {
            _ = renew.tick() => renew_once(&hub).await,
            _ = sweep.tick() => sweep_once(&hub).await,
            _ = async { shutdown.wait_for(|stop| *stop).await.is_ok() } => return,
        }
    }
}

/// Renews every lease this node holds, and lets go of the tables whose lease it no longer holds.
async fn renew_once(hub: &Arc<Hub>) {
    let Some(cluster) = hub.cluster() else { return };
    // Only tables held before the renewal are judged by it: a table leased meanwhile is not in
    // its answer.
    let held = cluster.held();
    match hub.store.renew_leases(cluster.node(), cluster.lease).await {
        Ok(fences) => {
            let still: HashMap<String, i64> = fences.into_iter().map(|f| (f.table, f.epoch)).collect();
            for (code, epoch) in held {
                if still.get(&code) != Some(&epoch) {
                    // Counted once: a refused write may have found out first.
                    if cluster.drop_lease(&code) {
                        tracing::warn!(table = %code, epoch, "the table's lease was taken over: letting it go");
                        cluster.lost.fetch_add(1, Ordering::Relaxed);
                        hub.let_go(&code);
                    }
                }
            }
        }
        // The store cannot be reached: the leases may run out and other nodes take the tables;
        // the fence refuses this node's writes to them until it finds out here.
        Err(e) => tracing::warn!(error = %e, "the leases could not be renewed"),
    }
}

/// Takes over the tables whose leases ran out (their nodes died, stopped or were cut off).
async fn sweep_once(hub: &Arc<Hub>) {
    loop {
        let expired = match hub.store.expired_leases(SWEEP_BATCH).await {
            Ok(expired) => expired,
            Err(e) => {
                tracing::debug!(error = %e, "the expired leases could not be read");
                return;
            }
        };
        let full = expired.len() as i64 >= SWEEP_BATCH;
        let mut taken = 0;
        for lease in expired {
            if *hub.shutdown.borrow() {
                return;
            }
            if take_over(hub, &lease.table_code).await {
                taken += 1;
            }
        }
        if !full || taken == 0 {
            return;
        }
    }
}

/// Expires every lease of this node at once (a graceful stop), so other nodes take its tables
/// without waiting for them to run out.
pub async fn hand_over(hub: &Hub) {
    let Some(cluster) = hub.cluster() else { return };
    match hub.store.hand_over(cluster.node()).await {
        Ok(n) => tracing::info!(tables = n, "leases handed over"),
        Err(e) => tracing::warn!(error = %e, "the leases could not be handed over; they will run out"),
    }
}
