//! Leases and fencing (cluster mode): who owns a table, takeovers, and the refusal of a former
//! owner's late writes. Each scenario runs with two stores on one database, as two nodes would:
//! on a SQLite file always, and on PostgreSQL — what cluster mode requires — when
//! `MAJLIS_TEST_POSTGRES` holds a `postgres://` URL (`scripts/postgres-test-db` starts one).
//!
//! Expiry is waited for, never guessed: a scenario polls the lease until the database says it
//! expired, with a generous deadline.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::{Duration, Instant};

use game::{GameKind, Seat, Team, Winner};
use server::store::{ChatRow, EventRow, Fence, Lease, MatchRow, RatedEnd, RatedSeat, TableRow};
use server::{Store, StoreError, ids};

use common::temp_db;

/// A lease that outlives any scenario.
const LONG: Duration = Duration::from_secs(120);
/// A lease that runs out soon.
const SHORT: Duration = Duration::from_millis(300);

fn unique(prefix: &str) -> String {
    ids::random_code(prefix, 10).unwrap()
}

/// Two stores on one SQLite file.
async fn sqlite_pair(name: &str) -> (Store, Store) {
    let url = temp_db(&format!("leases-{name}"));
    (Store::connect(&url).await.unwrap(), Store::connect(&url).await.unwrap())
}

/// Two stores on the PostgreSQL of `MAJLIS_TEST_POSTGRES`, or `None` (with a note) without one.
async fn postgres_pair() -> Option<(Store, Store)> {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the PostgreSQL leases test is skipped");
        return None;
    };
    Some((Store::connect(&url).await.unwrap(), Store::connect(&url).await.unwrap()))
}

/// A scenario run on SQLite and on PostgreSQL.
macro_rules! on_both {
    ($scenario:ident) => {
        mod $scenario {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let (a, b) = super::sqlite_pair(stringify!($scenario)).await;
                super::$scenario(&a, &b).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let Some((a, b)) = super::postgres_pair().await else { return };
                super::$scenario(&a, &b).await;
            }
        }
    };
}

on_both!(nodes_keep_their_number);
on_both!(a_new_lease_is_exclusive_and_renewal_keeps_it);
on_both!(an_expired_lease_is_taken_over_at_the_next_epoch);
on_both!(of_two_nodes_taking_a_table_at_once_exactly_one_wins);
on_both!(a_former_owner_s_late_writes_are_refused);
on_both!(a_node_that_stops_hands_its_tables_over_at_once);

/// Waits until the database says `code`'s lease expired.
async fn until_expired(store: &Store, code: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if store.lease_of(code).await.unwrap().unwrap().expired {
            return;
        }
        assert!(Instant::now() < deadline, "the lease of {code} did not expire");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Removes `code`'s lease (and its table row, if any), as its owner closing it would.
async fn close(store: &Store, code: &str) {
    let lease = store.lease_of(code).await.unwrap().unwrap();
    store.fenced(Fence { table: code.to_owned(), epoch: lease.epoch }).delete_table(code).await.unwrap();
    assert_eq!(store.lease_of(code).await.unwrap(), None);
}

fn fenced_out(result: Result<impl std::fmt::Debug, StoreError>, fence: &Fence) {
    match result {
        Err(StoreError::Fenced { table, epoch }) => {
            assert_eq!((table.as_str(), epoch), (fence.table.as_str(), fence.epoch))
        }
        other => panic!("a stale owner's write went through or failed otherwise: {other:?}"),
    }
}

async fn nodes_keep_their_number(a: &Store, b: &Store) {
    let (one, two) = (unique("node-"), unique("node-"));
    let first = a.register_node(&one).await.unwrap();
    let second = b.register_node(&two).await.unwrap();
    assert_ne!(first, second);
    assert_eq!(b.register_node(&one).await.unwrap(), first, "a node started again keeps its number");
}

async fn a_new_lease_is_exclusive_and_renewal_keeps_it(a: &Store, b: &Store) {
    let (na, nb) = (unique("node-"), unique("node-"));
    let code = unique("T");
    let fence = a.lease_new(&code, &na, LONG).await.unwrap().unwrap();
    assert_eq!(fence, Fence { table: code.clone(), epoch: 1 });
    assert_eq!(b.lease_new(&code, &nb, LONG).await.unwrap(), None, "the code has a live lease");
    assert_eq!(b.take_over(&code, &nb, LONG).await.unwrap(), None, "a live lease is not taken");
    assert_eq!(b.lease_of(&code).await.unwrap(), Some(Lease { node: na.clone(), epoch: 1, expired: false }));
    assert!(a.renew_leases(&na, LONG).await.unwrap().contains(&fence));
    assert!(b.renew_leases(&nb, LONG).await.unwrap().is_empty());

    // Renewal outlasts the first term: a short lease renewed for long is alive after a witness
    // lease given the same short term later has expired.
    let renewed = unique("T");
    a.lease_new(&renewed, &na, SHORT).await.unwrap().unwrap();
    let kept = a.renew_leases(&na, LONG).await.unwrap();
    assert!(kept.contains(&Fence { table: renewed.clone(), epoch: 1 }) && kept.contains(&fence));
    let witness = unique("T");
    b.lease_new(&witness, &nb, SHORT).await.unwrap().unwrap();
    until_expired(b, &witness).await;
    assert!(!b.lease_of(&renewed).await.unwrap().unwrap().expired, "renewal kept the lease");
    let expired = b.expired_leases(100_000).await.unwrap();
    assert!(expired.iter().any(|l| l.table_code == witness));
    assert!(!expired.iter().any(|l| l.table_code == renewed || l.table_code == code));
    for c in [&code, &renewed, &witness] {
        close(a, c).await;
    }
}

async fn an_expired_lease_is_taken_over_at_the_next_epoch(a: &Store, b: &Store) {
    let (na, nb) = (unique("node-"), unique("node-"));
    let code = unique("T");
    assert_eq!(a.lease_new(&code, &na, SHORT).await.unwrap().unwrap().epoch, 1);
    until_expired(b, &code).await;
    let listed = b.expired_leases(100_000).await.unwrap();
    let mine = listed.iter().find(|l| l.table_code == code).unwrap();
    assert_eq!((mine.node.as_str(), mine.epoch), (na.as_str(), 1));
    assert_eq!(a.lease_new(&code, &na, LONG).await.unwrap(), None, "an expired lease waits for its takeover");

    assert_eq!(b.take_over(&code, &nb, LONG).await.unwrap(), Some(Fence { table: code.clone(), epoch: 2 }));
    assert_eq!(a.lease_of(&code).await.unwrap(), Some(Lease { node: nb.clone(), epoch: 2, expired: false }));
    assert!(a.renew_leases(&na, LONG).await.unwrap().is_empty(), "the former owner learns it lost the table");
    assert_eq!(a.take_over(&code, &na, LONG).await.unwrap(), None);
    assert_eq!(
        b.take_over(&code, &nb, LONG).await.unwrap().map(|f| f.epoch),
        Some(3),
        "the owner started again takes its own table back, fencing its former self"
    );
    close(b, &code).await;
}

async fn of_two_nodes_taking_a_table_at_once_exactly_one_wins(a: &Store, b: &Store) {
    let (na, nb, nc) = (unique("node-"), unique("node-"), unique("node-"));
    let codes: Vec<String> = (0..8).map(|_| unique("T")).collect();
    for code in &codes {
        a.lease_new(code, &na, SHORT).await.unwrap().unwrap();
    }
    for code in &codes {
        until_expired(a, code).await;
    }
    for code in &codes {
        let (left, right) = tokio::join!(a.take_over(code, &nb, LONG), b.take_over(code, &nc, LONG));
        let winners: Vec<(&str, Fence)> = [(nb.as_str(), left.unwrap()), (nc.as_str(), right.unwrap())]
            .into_iter()
            .filter_map(|(node, won)| won.map(|f| (node, f)))
            .collect();
        assert_eq!(winners.len(), 1, "{code}: {winners:?}");
        let (node, fence) = &winners[0];
        assert_eq!(fence.epoch, 2);
        assert_eq!(a.lease_of(code).await.unwrap(), Some(Lease { node: (*node).to_owned(), epoch: 2, expired: false }));
        close(a, code).await;
    }
}

fn table_row(code: &str, version: i64) -> TableRow {
    TableRow {
        code: code.to_owned(),
        game: "kout4".to_owned(),
        rules: "{}".to_owned(),
        turn_ms: 30_000,
        public: 0,
        hints: 0,
        rated: 0,
        spectator_chat: 1,
        invite_only: 0,
        removed: "[]".to_owned(),
        host: "p_host".to_owned(),
        seats: "[]".to_owned(),
        status: "playing".to_owned(),
        version,
        seed: "00".repeat(32),
        match_id: None,
        matches: 1,
        created_at: 5,
        updated_at: version,
        contest: None,
    }
}

fn match_row(id: &str, code: &str) -> MatchRow {
    MatchRow {
        id: id.to_owned(),
        table_code: code.to_owned(),
        number: 0,
        game: "kout4".to_owned(),
        rules: "{}".to_owned(),
        players: "[]".to_owned(),
        first_dealer: 0,
        finished: 0,
        result: None,
        record: None,
        started_at: 10,
        ended_at: None,
        rated: 0,
    }
}

fn event(match_id: &str, seq: i64, body: &str) -> EventRow {
    EventRow {
        match_id: match_id.to_owned(),
        seq,
        version: 10 + seq,
        kind: if seq == 0 { "deal" } else { "action" }.to_owned(),
        seat: (seq > 0).then_some(seq % 4),
        body: body.to_owned(),
    }
}

/// Node A owns a table and plays; its lease runs out (A is paused); B takes the table over,
/// replays and plays on; A wakes and tries every kind of write: all are refused, nothing of A's
/// lands after B's, and A's next renewal tells it the table is gone.
async fn a_former_owner_s_late_writes_are_refused(a: &Store, b: &Store) {
    let (na, nb) = (unique("node-"), unique("node-"));
    let code = unique("T");
    let game = unique("g_");
    let fa = a.lease_new(&code, &na, SHORT).await.unwrap().unwrap();
    let owner_a = a.fenced(fa.clone());
    assert_eq!(owner_a.fence(), Some(&fa));
    owner_a.save_table(&table_row(&code, 1)).await.unwrap();
    owner_a.create_match(&match_row(&game, &code), &[(0, "p_host".to_owned())]).await.unwrap();
    owner_a.append((0..3).map(|i| event(&game, i, &format!("a{i}"))).collect()).await.unwrap();

    until_expired(b, &code).await;
    let fb = b.take_over(&code, &nb, LONG).await.unwrap().unwrap();
    assert_eq!(fb.epoch, 2);
    let owner_b = b.fenced(fb.clone());
    assert_eq!(owner_b.events(&game).await.unwrap().len(), 3, "the new owner replays what A committed");
    owner_b.append(vec![event(&game, 3, "b3")]).await.unwrap();
    owner_b.save_table(&table_row(&code, 4)).await.unwrap();

    // A wakes. A late append with A's fence races B's next one for the same place in the log,
    // through B's writer so the two often share a batch: B's lands, A's is refused (and does
    // not fail B's with a duplicate place).
    let stale = b.fenced(fa.clone());
    let (late, next) =
        tokio::join!(stale.append(vec![event(&game, 4, "a-late")]), owner_b.append(vec![event(&game, 4, "b4")]));
    fenced_out(late, &fa);
    next.unwrap();
    fenced_out(owner_a.append(vec![event(&game, 5, "a-later")]).await, &fa);
    fenced_out(owner_a.save_table(&table_row(&code, 99)).await, &fa);
    let other = unique("g_");
    fenced_out(owner_a.create_match(&match_row(&other, &code), &[]).await, &fa);
    fenced_out(owner_a.finish_match(&game, r#"{"winner":0}"#, "{}", 99).await, &fa);
    let seats: Vec<RatedSeat> =
        (0..4).map(|i| RatedSeat { seat: Seat::new(i).unwrap(), player_id: format!("p_{i}"), left: false }).collect();
    let winner = Winner::Team(Team::ONE);
    let end = RatedEnd { kind: GameKind::Kout4, winner: &winner, score: &[10, 31], seats: &seats, hands: 6 };
    fenced_out(owner_a.finish_rated_match(&game, r#"{"winner":1}"#, "{}", 99, &end).await, &fa);
    let chat = ChatRow {
        table_code: code.clone(),
        seq: 0,
        match_id: Some(game.clone()),
        player_id: "p_host".to_owned(),
        seat: Some(0),
        channel: "players".to_owned(),
        phrase: None,
        body: "still here".to_owned(),
        at: 50,
        name: None,
    };
    fenced_out(owner_a.add_chat(&chat).await, &fa);
    fenced_out(owner_a.delete_table(&code).await, &fa);

    // The log: B's events after A's, epochs never going down, nothing of A's late writes.
    let epochs = b.event_epochs(&game).await.unwrap();
    assert_eq!(epochs, vec![(0, 1), (1, 1), (2, 1), (3, 2), (4, 2)]);
    let bodies: Vec<String> = b.events(&game).await.unwrap().into_iter().map(|e| e.body).collect();
    assert_eq!(bodies, ["a0", "a1", "a2", "b3", "b4"]);
    let stored = b.tables().await.unwrap().into_iter().find(|t| t.code == code).unwrap();
    assert_eq!(stored.version, 4, "B's row, not A's late one");
    assert_eq!(b.match_row(&other).await.unwrap(), None);
    assert_eq!(b.match_row(&game).await.unwrap().unwrap().finished, 0);
    assert_eq!(b.next_chat_seq(&code).await.unwrap(), 0);
    assert!(a.write_health().is_ok(), "refused writes are not a failing store");

    assert!(!a.renew_leases(&na, LONG).await.unwrap().iter().any(|f| f.table == code), "A lets the table go");
    assert_eq!(b.lease_of(&code).await.unwrap(), Some(Lease { node: nb.clone(), epoch: 2, expired: false }));

    // B plays to the end and closes the table: its lease goes with it.
    owner_b.add_chat(&chat).await.unwrap();
    owner_b.finish_match(&game, r#"{"winner":0}"#, "{}", 100).await.unwrap();
    owner_b.delete_table(&code).await.unwrap();
    assert_eq!(b.lease_of(&code).await.unwrap(), None);
    assert!(!b.tables().await.unwrap().iter().any(|t| t.code == code));
    fenced_out(owner_b.save_table(&table_row(&code, 5)).await, &fb);

    // An unfenced handle (a single node) writes as before, at epoch 0.
    let single = unique("g_");
    b.append(vec![event(&single, 0, "deal")]).await.unwrap();
    assert_eq!(b.event_epochs(&single).await.unwrap(), vec![(0, 0)]);
}

async fn a_node_that_stops_hands_its_tables_over_at_once(a: &Store, b: &Store) {
    let (na, nb) = (unique("node-"), unique("node-"));
    let codes = [unique("T"), unique("T")];
    for code in &codes {
        a.lease_new(code, &na, LONG).await.unwrap().unwrap();
    }
    assert_eq!(a.hand_over(&na).await.unwrap(), 2);
    let expired = b.expired_leases(100_000).await.unwrap();
    for code in &codes {
        assert!(b.lease_of(code).await.unwrap().unwrap().expired, "no waiting for the lease to run out");
        assert!(expired.iter().any(|l| &l.table_code == code && l.expires_at == 0));
        assert_eq!(b.take_over(code, &nb, LONG).await.unwrap().map(|f| f.epoch), Some(2));
        close(b, code).await;
    }
}
