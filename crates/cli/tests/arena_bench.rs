//! `majlis arena --json` and `majlis bench --json` through the real binary, with small numbers.

use std::process::Command;

use serde_json::Value;

fn majlis(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_majlis")).args(args).output().expect("majlis runs");
    assert!(out.status.success(), "majlis {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

fn number(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} is a number in {v}"))
}

#[test]
fn arena_json_reports_win_rate_mean_difference_and_interval() {
    for (game, rules) in
        [("kout6", None), ("kout4", None), ("baloot", Some("preset=saudi")), ("kabul", Some("players=3"))]
    {
        let mut args = vec!["arena", "--game", game, "--bots", "heuristic,random", "--matches", "4", "--seed", "7"];
        args.extend(["--threads", "2", "--json"]);
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        let v = majlis(&args);
        assert_eq!(v["game"], game);
        assert_eq!(v["bots"], serde_json::json!(["heuristic", "random"]));
        assert_eq!(v["matches"], 4);
        let rate = number(&v, "win_rate");
        assert!((0.0..=1.0).contains(&rate), "{v}");
        let diff = number(&v, "mean_diff");
        let ci = v["ci95"].as_array().expect("ci95 is an array");
        assert_eq!(ci.len(), 2);
        let (lo, hi) = (ci[0].as_f64().expect("low"), ci[1].as_f64().expect("high"));
        assert!(lo <= diff && diff <= hi, "{v}");
        // The same seed gives the same figures (but for the decision times).
        let figures = |mut v: Value| {
            for key in ["ms_mean", "ms_p99", "ms_max"] {
                v.as_object_mut().expect("an object").remove(key).expect("decision times");
            }
            v
        };
        assert_eq!(figures(majlis(&args)), figures(v), "{game} is reproducible");
    }
}

#[test]
fn arena_records_replay() {
    let dir = std::env::temp_dir().join(format!("majlis-arena-records-{}", std::process::id()));
    let d = dir.to_str().expect("utf-8 path");
    majlis(&[
        "arena",
        "--game",
        "kout4",
        "--bots",
        "heuristic,random",
        "--matches",
        "2",
        "--seed",
        "3",
        "--json",
        "--records",
        d,
    ]);
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("records dir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert_eq!(files.len(), 4, "two games per duplicate match");
    for f in &files {
        let report = majlis(&["replay", f.to_str().expect("utf-8 path")]);
        assert!(report.is_object(), "{}", f.display());
    }
    let text = std::fs::read_to_string(&files[0]).expect("record");
    assert!(text.contains("bot:heuristic") && text.contains("bot:random"));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn bench_json_reports_hands_per_second() {
    for game in ["kout6", "kout4", "baloot", "kabul"] {
        let v = majlis(&["bench", "--game", game, "--seconds", "0.05", "--json"]);
        assert_eq!(v["game"], game);
        assert!(number(&v, "hands_per_second") > 0.0, "{v}");
        assert_eq!(v.as_object().map(|o| o.len()), Some(2), "{v}");
    }
}
