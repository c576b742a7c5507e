//! `majlis serve`.

use std::process::ExitCode;

/// Arguments of `majlis serve`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis serve`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis serve: not built yet");
    ExitCode::from(1)
}
