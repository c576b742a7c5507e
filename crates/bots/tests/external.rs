//! External bots through the arena: the protocol's messages against `majlis replay`'s output, and
//! one misbehaving program per fault kind (tests/programs/*.py, Python standard library only).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bots::arena::{Config, GameOutcome, play_game};
use bots::{AnyBot, BotSpec, Playable};
use game::{GameKind, Match, Options, Phase, Record, RuleSet, Seat};
use serde_json::{Value, json};

fn program(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name);
    format!("python3 '{}'", path.display())
}

fn exec(command: &str) -> AnyBot {
    format!("exec:{command}").parse().expect("a command")
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("majlis-bots-{}-{name}", std::process::id()))
}

/// One game of `kind`: `bot` at the even seats, the heuristic at the odd ones, a record kept.
fn play<G: Playable>(kind: GameKind, options: Options, bot: AnyBot, ms: u64) -> GameOutcome {
    let mut config = Config::new(kind, [bot, BotSpec::HEURISTIC.into()], 21);
    config.options = options;
    config.keep_records = true;
    config.exec.ms = ms;
    play_game::<G>(&config, 0, 0).expect("the game is played")
}

/// The match finished and its record replays (what `majlis replay` does).
fn finished_and_replays<G: Playable>(outcome: &GameOutcome) -> Match<G> {
    let record = outcome.record.as_ref().expect("a record");
    let m = Match::<G>::replay(record).expect("the record replays");
    assert_eq!(m.game().phase(), Phase::Over, "the match is over");
    m
}

/// A record cut just before action `j` of hand `i`.
fn cut(record: &Record, i: usize, j: usize) -> Record {
    let mut r = record.clone();
    r.hands.truncate(i + 1);
    r.hands[i].actions.truncate(j);
    r
}

/// Every message of the echo bot against the record: `hello` names every rule, each `act` holds
/// exactly the view and legal actions `majlis replay --seat` prints at that point, and `end` the
/// final score and winner.
fn messages_match_replay<G: Playable>(kind: GameKind, options: Options) {
    let prefix = temp(&format!("echo-{kind}"));
    let command = format!("{} '{}'", program("echo.py"), prefix.display());
    let outcome = play::<G>(kind, options.clone(), exec(&command), 1000);
    assert_eq!(outcome.faults, [Vec::<String>::new(), Vec::new()]);
    let m = finished_and_replays::<G>(&outcome);
    let record = outcome.record.as_ref().expect("a record");
    let rules = G::Rules::from_options(kind, &options).expect("rules");
    let full = rules.all_options();
    assert_eq!(G::Rules::from_options(kind, &full).expect("full rules read back"), rules);
    let seats = rules.seat_count();
    let mut acts = 0;
    for seat in Seat::all(seats).filter(|s| s.index() % 2 == 0) {
        let path = PathBuf::from(format!("{}-{}.jsonl", prefix.display(), seat.index()));
        let text = std::fs::read_to_string(&path).expect("the echo bot's messages");
        std::fs::remove_file(&path).expect("clean up");
        let messages: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        let hello = &messages[0];
        assert_eq!(
            *hello,
            json!({"type": "hello", "protocol": 1, "game": kind.id(), "rules": full, "seat": seat, "seats": seats})
        );
        // The seat's actions in the record, in order, with where each was played.
        let mut places = Vec::new();
        for (i, hand) in record.hands.iter().enumerate() {
            for (j, a) in hand.actions.iter().enumerate() {
                if a.seat == Some(seat) {
                    places.push((i, j));
                }
            }
        }
        let act_messages = &messages[1..messages.len() - 1];
        assert_eq!(act_messages.len(), places.len(), "one act per action of seat {seat}");
        for (act, &(i, j)) in act_messages.iter().zip(&places) {
            let before = Match::<G>::replay(&cut(record, i, j)).expect("a prefix replays");
            let report = before.report(Some(seat));
            assert_eq!(act["type"], "act");
            assert_eq!(act["seat"], json!(seat));
            assert_eq!(act["view"], report["view"], "hand {i}, action {j}");
            let legal = if kind.has_teams() { &report["legal"] } else { &report["legal"][seat.to_string()] };
            assert_eq!(act["legal"], *legal, "hand {i}, action {j}");
            assert_eq!(act["ms"], 1000);
            acts += 1;
        }
        let end = messages.last().expect("messages");
        let last = m.report(None);
        assert_eq!(*end, json!({"type": "end", "score": last["score"], "winner": last["winner"]}));
    }
    assert!(acts > 10, "{kind}: only {acts} acts");
}

#[test]
fn act_views_are_the_views_replay_prints() {
    messages_match_replay::<kout::Kout>(GameKind::Kout4, Options::new());
    let mut saudi = Options::new();
    saudi.insert("preset".to_owned(), json!("saudi"));
    messages_match_replay::<baloot::Baloot>(GameKind::Baloot, saudi);
    let mut three = Options::new();
    three.insert("players".to_owned(), json!(3));
    messages_match_replay::<kabul::Kabul>(GameKind::Kabul, three);
}

/// `program` misbehaves once per process (at its third act): the arena counts exactly one fault
/// per process of the kind `reason` names, the heuristic plays that decision, and the match ends.
fn one_fault_each(program_name: &str, reason: &str) {
    let outcome = play::<kout::Kout>(GameKind::Kout4, Options::new(), exec(&program(program_name)), 50);
    let faults = &outcome.faults[0];
    assert_eq!(faults.len(), 2, "{program_name}: one fault at each of its two seats: {faults:?}");
    for f in faults {
        assert!(f.contains(reason), "{program_name}: {f:?} does not say {reason:?}");
        assert!(f.starts_with("match 0a, seat "), "{f}");
    }
    assert!(outcome.faults[1].is_empty(), "the heuristic makes no faults");
    finished_and_replays::<kout::Kout>(&outcome);
}

#[test]
fn garbage_is_a_fault() {
    one_fault_each("garbage.py", "answered \"play the ace, I think\", which is not a JSON object");
}

#[test]
fn an_illegal_action_is_a_fault() {
    one_fault_each("illegal.py", "answered \"play ZZ\", which is not one of the legal actions");
}

#[test]
fn a_late_answer_is_a_fault() {
    one_fault_each("late.py", "gave no answer within 1050 ms (ms 50 + 1000)");
}

#[test]
fn an_early_exit_is_a_fault() {
    one_fault_each("early_exit.py", "exited before the match was over (exit status: 3)");
}

#[test]
fn a_line_over_one_mebibyte_is_a_fault() {
    one_fault_each("long_line.py", "answered with a line over 1 MiB");
}

#[test]
fn an_output_flood_is_a_fault() {
    let outcome = play::<kout::Kout>(GameKind::Kout4, Options::new(), exec(&program("flood.py")), 1000);
    let faults = &outcome.faults[0];
    // Each read before an act takes at most 128 of the 500 lines: several flood faults per process.
    let floods = faults.iter().filter(|f| f.contains("when no answer was due")).count();
    assert!(floods >= 2, "{faults:?}");
    // Lines the drain did not reach (or that were not yet read) before the next act are read as
    // that act's answer, so an illegal answer may even come before the first flood fault: the stream
    // is out of step, so those answers (flooded `pass` lines, or the bot's own earlier answers)
    // are illegal here. Nothing else may go wrong: no exit, no timeout.
    assert!(
        faults
            .iter()
            .all(|f| f.contains("when no answer was due") || f.contains("which is not one of the legal actions")),
        "{faults:?}"
    );
    finished_and_replays::<kout::Kout>(&outcome);
}

#[test]
fn a_program_that_will_not_exit_is_killed_and_reaped() {
    let pid_file = temp("stubborn-pid");
    let command = format!("{} '{}'", program("stubborn.py"), pid_file.display());
    let start = Instant::now();
    let mut config = Config::new(GameKind::Kout4, [exec(&command), BotSpec::RANDOM.into()], 5);
    config.max_hands = 1;
    // Only one seat runs it, so the pid file is its own: bot 0 sits at seats 0 and 2 in half 0,
    // so use a three-player Kabul table where it holds seat 1 alone in half 1.
    config.kind = GameKind::Kabul;
    config.options.insert("players".to_owned(), json!(3));
    let outcome = play_game::<kabul::Kabul>(&config, 0, 1).expect("plays");
    let elapsed = start.elapsed();
    assert_eq!(outcome.seating, [1, 0, 1]);
    assert!(outcome.faults[0].is_empty(), "{:?}", outcome.faults[0]);
    let pid = std::fs::read_to_string(&pid_file).expect("the pid");
    std::fs::remove_file(&pid_file).expect("clean up");
    assert!(elapsed >= Duration::from_secs(5), "waited {elapsed:?} for it to exit");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    // Killed and reaped: not even a zombie is left.
    assert!(!PathBuf::from(format!("/proc/{}", pid.trim())).exists(), "process {pid} is still there");
}

#[test]
fn a_program_that_cannot_start_is_an_error_before_the_match() {
    let mut config = Config::new(GameKind::Kout4, [exec("/nonexistent/bot --x"), BotSpec::RANDOM.into()], 5);
    config.max_hands = 1;
    let err = play_game::<kout::Kout>(&config, 0, 0).expect_err("no such program");
    assert!(err.contains("cannot use the bot `/nonexistent/bot --x`"), "{err}");
    let rules = <kout::Kout as game::Game>::Rules::from_options(GameKind::Kout4, &Options::new()).expect("rules");
    let hello = bots::Hello::new(GameKind::Kout4, &rules, Seat::ZERO);
    let early = bots::ExecCommand::parse(&program("early_exit.py")).expect("parses");
    // It answers hello, so the probe passes; a program that exits at once does not.
    assert!(early.probe(&hello, &Default::default()).is_ok());
    let quits = bots::ExecCommand::parse("python3 -c 'import sys; sys.exit(4)'").expect("parses");
    let err = quits.probe(&hello, &Default::default()).expect_err("it exits");
    assert!(err.to_string().contains("exited before it was ready (exit status: 4)"), "{err}");
}

/// A late answer that arrives only after the next `act` was sent is dropped, not taken as the
/// answer to that `act`: answers are matched by count.
#[test]
fn a_late_answer_arriving_during_the_next_act_is_not_taken_for_its_answer() {
    use bots::Bot;
    use bots::external::{ExecCommand, ExecConfig, ExternalBot, Hello};
    use game::Game;
    let rules = <kout::Kout as Game>::Rules::from_options(GameKind::Kout4, &Options::new()).expect("rules");
    let mut m = Match::<kout::Kout>::new(GameKind::Kout4, Options::new(), Vec::new(), Seat::ZERO).expect("match");
    m.deal_random(&mut cards::seeded_rng(4)).expect("deal");
    let seat = m.game().to_act().iter().next().expect("someone bids");
    let command = ExecCommand::parse(&program("late_first.py")).expect("command");
    let config = ExecConfig { ms: 50, ..ExecConfig::default() };
    let mut bot = ExternalBot::<kout::Kout>::start(&command, &Hello::new(GameKind::Kout4, &rules, seat), 1, &config)
        .expect("starts");
    let mut legal = Vec::new();
    m.game().legal_actions(seat, &mut legal);
    let view = m.game().view(Some(seat));
    // The first answer comes 1.5 s late: a fault, the heuristic decides.
    let _ = bot.choose(seat, &view, &legal);
    assert_eq!(bot.take_faults().len(), 1);
    // Asked again at once with a shorter list: its late answer (the old list's first action)
    // arrives while this act waits, and must not be read as this answer.
    let shorter: Vec<_> = legal.iter().rev().take(1).copied().collect();
    let chosen = bot.choose(seat, &view, &shorter);
    assert_eq!(chosen, shorter[0]);
    let faults = bot.take_faults();
    assert!(faults.is_empty(), "the late answer was taken for this one: {faults:?}");
}
