//! `cargo run -p modgraph [-- [--edges] crates/NAME ...]`: the module cycles of the named packages
//! (all of the workspace's by default), each with an example reference per edge; with `--edges`,
//! every edge between siblings too (the layering). Exits with 1 when there is any cycle, whatever
//! `known-cycles.txt` tolerates.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("modgraph: {error}");
            ExitCode::from(2)
        }
    }
}

/// Whether every crate checked is free of cycles.
fn run() -> Result<bool, modgraph::Error> {
    let canonical = |path: &Path| path.canonicalize().map_err(|_| modgraph::Error::Read { path: path.to_owned() });
    let workspace = canonical(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))?;
    let mut packages = Vec::new();
    let mut all_edges = false;
    for arg in std::env::args_os().skip(1) {
        if arg == "--edges" {
            all_edges = true;
            continue;
        }
        // Files are named relative to the workspace when the package is in it.
        let package = canonical(Path::new(&arg))?;
        packages.push(package.strip_prefix(&workspace).map(Path::to_path_buf).unwrap_or(package));
    }
    if packages.is_empty() {
        packages = modgraph::workspace_packages(&workspace)?;
    }
    let mut acyclic = true;
    for package in packages {
        for report in modgraph::check_package(&workspace, &package)? {
            acyclic &= report.is_acyclic();
            println!("{report}");
            if all_edges {
                println!("  edges between siblings:");
                report.edges.iter().for_each(|edge| println!("    {edge}"));
            }
        }
    }
    Ok(acyclic)
}
