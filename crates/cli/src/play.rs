//! `majlis play`.

use std::process::ExitCode;

/// Arguments of `majlis play`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis play`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis play: not built yet");
    ExitCode::from(1)
}
