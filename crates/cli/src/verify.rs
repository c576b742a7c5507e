//! `majlis verify`: checks the fair-deal commitments of a record, or a closed day of the daily
//! deal (`GET /api/daily/{day}/record`).

use std::io::Read;
use std::process::ExitCode;

use serde_json::json;

/// Arguments of `majlis verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file (`-` for standard input), e.g. from `GET /api/games/{id}/record`, or a
    /// daily deal's day from `GET /api/daily/{day}/record`.
    file: String,
    /// Accept hands committed with the older formula, SHA-256(salt || deck), which does not name
    /// the hand (records a server made before the hand's number was hashed): each such deck is
    /// still checked against its salt, but not the hands' order.
    #[arg(long)]
    allow_unnumbered: bool,
}

/// Runs `majlis verify FILE`: exit 0 with `{"ok": true, "hands": N}` when every hand's
/// commitment matches SHA-256(salt || "hand:N:" || deck) (docs/protocol.md, fair deals); exit 2 with `{"error": {"hand": N, "reason": ...}}`
/// naming the first hand that does not (or a malformed record).
pub fn run(args: Args) -> ExitCode {
    let text = if args.file == "-" {
        let mut buf = String::new();
        std::io::stdin().read_to_string(&mut buf).map(|_| buf)
    } else {
        std::fs::read_to_string(&args.file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            println!("{}", json!({ "error": { "hand": null, "reason": format!("cannot read {}: {e}", args.file) } }));
            return ExitCode::from(2);
        }
    };
    if let Ok(day) = serde_json::from_str::<server::daily::DayRecord>(&text) {
        return verify_day(&day);
    }
    let record = match game::Record::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            println!("{}", json!({ "error": { "hand": e.hand, "reason": e.to_string() } }));
            return ExitCode::from(2);
        }
    };
    let verified = if args.allow_unnumbered {
        server::fair::verify_record_allowing_unnumbered(&record)
    } else {
        server::fair::verify_record(&record)
    };
    match verified {
        Ok(hands) => {
            println!("{}", json!({ "ok": true, "hands": hands }));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("{}", e.to_json());
            ExitCode::from(2)
        }
    }
}

/// A daily deal's day: exit 0 with `{"ok": true, "daily": DAY, "deals": N}` when its secret matches
/// the commitment published as it opened and every deal is the one the secret gives; exit 2 with
/// `{"error": {"hand": null, "reason": ...}}` otherwise.
fn verify_day(day: &server::daily::DayRecord) -> ExitCode {
    match server::daily::verify_day(day) {
        Ok(deals) => {
            println!("{}", json!({ "ok": true, "daily": day.daily, "deals": deals }));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            println!("{}", json!({ "error": { "hand": null, "reason": reason } }));
            ExitCode::from(2)
        }
    }
}
