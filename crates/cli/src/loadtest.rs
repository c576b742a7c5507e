//! `majlis loadtest`.

use std::process::ExitCode;

/// Arguments of `majlis loadtest`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis loadtest`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis loadtest: not built yet");
    ExitCode::from(1)
}
