//! `majlis verify`.

use std::process::ExitCode;

/// Arguments of `majlis verify`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis verify`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis verify: not built yet");
    ExitCode::from(1)
}
