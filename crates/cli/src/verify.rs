//! `majlis verify`: checks the fair-deal commitments of a record.

use std::io::Read;
use std::process::ExitCode;

use serde_json::json;

/// Arguments of `majlis verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file (`-` for standard input), e.g. from `GET /api/games/{id}/record`.
    file: String,
}

/// Runs `majlis verify FILE`: exit 0 with `{"ok": true, "hands": N}` when every hand's
/// commitment matches SHA-256(salt || deck); exit 2 with `{"error": {"hand": N, "reason": ...}}`
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
    let record = match game::Record::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            println!("{}", json!({ "error": { "hand": e.hand, "reason": e.to_string() } }));
            return ExitCode::from(2);
        }
    };
    match server::fair::verify_record(&record) {
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
