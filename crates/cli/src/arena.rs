//! `majlis arena`.

use std::process::ExitCode;

/// Arguments of `majlis arena`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis arena`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis arena: not built yet");
    ExitCode::from(1)
}
