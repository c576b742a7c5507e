//! Arrows point down in every crate of the workspace: no module cycle among siblings, except in
//! the crates listed in `known-cycles.txt` while they are being restructured. A listed crate that
//! has no cycle any more fails too, so the list only shrinks.

use std::fmt::Write;
use std::fs;
use std::path::Path;

#[test]
fn no_module_cycles_in_any_crate() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.parent().and_then(Path::parent).expect("crates/modgraph is two levels down");
    let list = fs::read_to_string(manifest.join("known-cycles.txt")).expect("known-cycles.txt is readable");
    let known = modgraph::known_cycles(&list);

    let mut failures = String::new();
    let mut tangled = Vec::new();
    let mut packages = Vec::new();
    for package in modgraph::workspace_packages(workspace).expect("crates/ is listed") {
        for report in modgraph::check_package(workspace, &package).expect("the crate parses") {
            println!("{report}");
            if !report.is_acyclic() {
                tangled.push(report.package.clone());
                if !known.contains(&report.package) {
                    writeln!(failures, "{report}").expect("writing to a String");
                }
            }
            packages.push(report.package);
        }
    }
    for name in &known {
        if !packages.contains(name) {
            writeln!(failures, "known-cycles.txt names {name}, which is no package under crates/").expect("a String");
        } else if !tangled.contains(name) {
            writeln!(failures, "{name} has no module cycle any more: remove it from known-cycles.txt")
                .expect("a String");
        }
    }
    assert!(failures.is_empty(), "module arrows must point down (crates/modgraph):\n{failures}");
}
