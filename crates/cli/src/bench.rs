//! `majlis bench`.

use std::process::ExitCode;

/// Arguments of `majlis bench`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `majlis bench`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("majlis bench: not built yet");
    ExitCode::from(1)
}
