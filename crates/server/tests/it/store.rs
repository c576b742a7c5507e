//! The store against SQLite always, and against PostgreSQL when `MAJLIS_TEST_POSTGRES` holds a
//! `postgres://` URL (`scripts/postgres-test-db` starts one and prints it).

#![allow(clippy::unwrap_used)]

use server::store::{ChatRow, EventRow, MatchRow, NameChange, NameKeys, PlayerRow, TableRow};
use server::{Store, ids};

fn unique(prefix: &str) -> String {
    ids::random_code(prefix, 10).unwrap()
}

/// Accounts and sessions: a guest's first session, a claim, a name held case-insensitively, more
/// sessions, a password change that ends the others, renames.
async fn accounts(store: &Store) {
    let guest = &PlayerRow { id: unique("p_"), name: "Guest".to_owned() };
    let token = ids::new_token().unwrap();
    store.create_player(guest, &ids::token_hash(&token), 1).await.unwrap();
    let first = ids::token_hash(&token);
    let found = store.session_player(&first).await.unwrap().unwrap();
    assert_eq!((found.player(), found.is_account()), (guest.clone(), false));
    assert!(!store.is_account(&guest.id).await.unwrap());
    assert_eq!(store.session_count(&guest.id).await.unwrap(), 1);

    // Each run of `exercise` gets its own name, so a reused database does not collide.
    let name = unique("Sara");
    let key = ids::name_key(&name);
    let keys = |name: &str| NameKeys { key: ids::name_key(name), skeleton: ids::name_skeleton(name) };
    assert_eq!(store.rename_player(&guest.id, &name, None).await.unwrap(), NameChange::Done);
    assert_eq!(store.player_by_name_key(&key).await.unwrap(), None, "a guest holds no name");
    assert_eq!(store.claim_account(&guest.id, &keys(&name), "$argon2id$stand-in", 2).await.unwrap(), NameChange::Done);
    assert_eq!(store.claim_account(&guest.id, &keys(&name), "$argon2id$again", 3).await.unwrap(), NameChange::Refused);
    let account = store.player_by_name_key(&key).await.unwrap().unwrap();
    assert_eq!(
        (account.id.as_str(), account.password_hash.as_deref()),
        (guest.id.as_str(), Some("$argon2id$stand-in"))
    );
    assert!(store.is_account(&guest.id).await.unwrap());

    // Another guest may not claim the same name in another case, nor rename an account to it.
    let other = PlayerRow { id: unique("p_"), name: name.to_uppercase() };
    let other_token = ids::new_token().unwrap();
    store.create_player(&other, &ids::token_hash(&other_token), 4).await.unwrap();
    assert_eq!(
        store.claim_account(&other.id, &keys(&other.name), "$argon2id$x", 5).await.unwrap(),
        NameChange::NameTaken
    );
    assert!(!store.is_account(&other.id).await.unwrap());
    let ids_asked = vec![guest.id.clone(), other.id.clone(), "p_nobody".to_owned()];
    assert_eq!(store.account_ids(&ids_asked).await.unwrap(), std::iter::once(guest.id.clone()).collect());
    assert!(store.account_ids(&[]).await.unwrap().is_empty());
    let other_name = unique("Nora");
    assert_eq!(store.claim_account(&other.id, &keys(&other_name), "$argon2id$y", 6).await.unwrap(), NameChange::Done);
    assert_eq!(store.rename_player(&other.id, &name, Some(&keys(&name))).await.unwrap(), NameChange::NameTaken);
    assert_eq!(
        store.rename_player(&other.id, &other_name.to_lowercase(), Some(&keys(&other_name))).await.unwrap(),
        NameChange::Done
    );

    // Sessions: a second device, then a password change from the first ends the second.
    let second = ids::token_hash(&ids::new_token().unwrap());
    store.create_session(&second, &guest.id, 7).await.unwrap();
    assert_eq!(store.session_count(&guest.id).await.unwrap(), 2);
    assert_eq!(store.player_by_token_hash(&second).await.unwrap().map(|p| p.id), Some(guest.id.clone()));
    store.set_password(&guest.id, "$argon2id$new", &first).await.unwrap();
    assert_eq!(store.session_player(&second).await.unwrap(), None);
    let kept = store.session_player(&first).await.unwrap().unwrap();
    assert_eq!(kept.password_hash.as_deref(), Some("$argon2id$new"));
    store.delete_session(&first).await.unwrap();
    assert_eq!(store.session_player(&first).await.unwrap(), None);
    assert_eq!(store.session_count(&guest.id).await.unwrap(), 0);
    store.create_session(&first, &guest.id, 8).await.unwrap();
    assert_eq!(store.player(&guest.id).await.unwrap().map(|p| p.name), Some(name));
}

async fn exercise(store: &Store) {
    // Players: found by the hash of their token only.
    let token = ids::new_token().unwrap();
    let player = PlayerRow { id: unique("p_"), name: "Sara".to_owned() };
    store.create_player(&player, &ids::token_hash(&token), 1).await.unwrap();
    assert_eq!(store.player_by_token_hash(&ids::token_hash(&token)).await.unwrap(), Some(player.clone()));
    assert_eq!(store.player_by_token_hash(&ids::token_hash("guess")).await.unwrap(), None);
    assert!(
        store.create_player(&player, &ids::token_hash(&token), 1).await.is_err(),
        "ids and token hashes are unique"
    );

    accounts(store).await;

    // Tables: written, rewritten, listed, deleted.
    let mut table = TableRow {
        code: unique("T"),
        game: "kout4".to_owned(),
        rules: "{}".to_owned(),
        turn_ms: 30_000,
        public: 1,
        hints: 0,
        rated: 0,
        spectator_chat: 1,
        invite_only: 0,
        removed: "[]".to_owned(),
        host: player.id.clone(),
        seats: "[]".to_owned(),
        status: "lobby".to_owned(),
        version: 1,
        seed: "00".repeat(32),
        match_id: None,
        matches: 0,
        created_at: 5,
        updated_at: 5,
        contest: None,
    };
    store.save_table(&table).await.unwrap();
    table.status = "playing".to_owned();
    table.version = 7;
    // The host's doors are kept with the table: invite-only, and who was removed.
    table.invite_only = 1;
    table.removed = r#"["p_removed"]"#.to_owned();
    store.save_table(&table).await.unwrap();
    let tables = store.tables().await.unwrap();
    assert_eq!(tables.iter().filter(|t| t.code == table.code).collect::<Vec<_>>(), vec![&table]);

    // A match, its log (in order, committed before `append` returns), its end and the history.
    let m = MatchRow {
        id: unique("g_"),
        table_code: table.code.clone(),
        number: 0,
        game: "kout4".to_owned(),
        rules: "{}".to_owned(),
        players: r#"["Sara","bot:random","bot:random","bot:random"]"#.to_owned(),
        first_dealer: 2,
        finished: 0,
        result: None,
        record: None,
        started_at: 10,
        ended_at: None,
        rated: 0,
    };
    store.create_match(&m, &[(0, player.id.clone())]).await.unwrap();
    let events: Vec<EventRow> = (0..5)
        .map(|i| EventRow {
            match_id: m.id.clone(),
            seq: i,
            version: 10 + i,
            kind: if i == 0 { "deal" } else { "action" }.to_owned(),
            seat: (i > 0).then_some(i % 4),
            body: format!("body {i}"),
        })
        .collect();
    let (a, b) = events.split_at(2);
    let (ra, rb) = tokio::join!(store.append(a.to_vec()), store.append(b.to_vec()));
    ra.unwrap();
    rb.unwrap();
    assert_eq!(store.events(&m.id).await.unwrap(), events);
    assert!(store.append(vec![events[0].clone()]).await.is_err(), "a log position is written once");

    let history = store.history(&player.id, 10).await.unwrap();
    assert_eq!((history.len(), history[0].finished, history[0].seat), (1, 0, 0));
    store.finish_match(&m.id, r#"{"winner":0}"#, r#"{"game":"kout4","hands":[]}"#, 99).await.unwrap();
    let done = store.match_row(&m.id).await.unwrap().unwrap();
    assert_eq!(
        (done.finished, done.ended_at, done.record.as_deref()),
        (1, Some(99), Some(r#"{"game":"kout4","hands":[]}"#))
    );
    assert_eq!(store.history(&player.id, 10).await.unwrap()[0].finished, 1);

    // Chat: numbered per table, kept with its match, read back with the sender's name.
    assert_eq!(store.next_chat_seq(&table.code).await.unwrap(), 0);
    let line = |seq: i64, match_id: Option<&str>, channel: &str, phrase: Option<&str>, body: &str| ChatRow {
        table_code: table.code.clone(),
        seq,
        match_id: match_id.map(str::to_owned),
        player_id: player.id.clone(),
        seat: (channel == "players").then_some(0),
        channel: channel.to_owned(),
        phrase: phrase.map(str::to_owned),
        body: body.to_owned(),
        at: 20 + seq,
        name: None,
    };
    store.add_chat(&line(0, None, "players", None, "salam")).await.unwrap();
    store.add_chat(&line(1, Some(&m.id), "players", Some("good_luck"), "")).await.unwrap();
    store.add_chat(&line(2, Some(&m.id), "spectators", None, "go Sara")).await.unwrap();
    assert!(store.add_chat(&line(2, None, "players", None, "again")).await.is_err(), "a number is used once");
    assert_eq!(store.next_chat_seq(&table.code).await.unwrap(), 3);
    let recent = store.recent_chat(&table.code, 21, 2).await.unwrap();
    assert_eq!(recent.iter().map(|r| r.seq).collect::<Vec<_>>(), vec![1, 2], "the last ones since, oldest first");
    assert_eq!(recent[0].name.as_deref(), Some("Sara"));
    assert_eq!(recent[0].phrase.as_deref(), Some("good_luck"));
    let said = store.match_chat(&m.id, "players", 10).await.unwrap();
    assert_eq!(said.iter().map(|r| r.seq).collect::<Vec<_>>(), vec![1], "the match's players' channel only");

    store.delete_table(&table.code).await.unwrap();
    assert!(!store.tables().await.unwrap().iter().any(|t| t.code == table.code));
}

#[tokio::test]
async fn sqlite_store_keeps_players_tables_matches_and_the_log() {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("majlis-store-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("store.db");
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite:{}", path.display());
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.backend(), "sqlite");
    exercise(&store).await;
    store.close().await;
    // Reopening runs the (already applied) migrations again without harm and keeps the data.
    let again = Store::connect(&url).await.unwrap();
    assert!(again.tables().await.unwrap().is_empty());
    exercise(&again).await;
    // In memory works too.
    exercise(&Store::connect("sqlite::memory:").await.unwrap()).await;
}

#[tokio::test]
async fn postgres_store_keeps_players_tables_matches_and_the_log() {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the PostgreSQL store test is skipped");
        return;
    };
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.backend(), "postgres");
    exercise(&store).await;
}

#[tokio::test]
async fn a_database_url_of_another_kind_is_refused_in_words() {
    let Err(e) = Store::connect("mysql://user:secret@localhost/majlis").await else { panic!("refused") };
    let text = e.to_string();
    assert!(text.contains("unsupported database mysql://") && text.contains("sqlite:PATH"), "{text}");
    assert!(!text.contains("secret"), "the password is not repeated: {text}");
}
