//! Arrows point down: a check that no module of a crate reaches, directly or round a cycle, a
//! module that reaches back to it.
//!
//! At every level of a crate's module tree, the children of one parent are siblings. A reference
//! from anywhere inside sibling A to anything inside sibling B (a `use`, or a path in a type, an
//! expression, a pattern, a macro's arguments) is an edge A → B. Siblings whose edges go round a
//! cycle are reported with one example reference per edge, so a developer can see what to move.
//! A module referring to the items of its ancestors, or to modules below it, makes no edge: the
//! crate root and each parent are above their children.
//!
//! The sources are parsed with `syn` following `mod` declarations (`x.rs` and `x/mod.rs`,
//! `#[path]`, inline modules); names are resolved through `use` declarations, renames, re-exports
//! and glob imports. Test-only code (`#[cfg(test)]` modules and items, `#[test]` functions) is
//! left out: a test may use anything of the crate. Not seen: method calls (they name no module),
//! derives and other attributes, and what a macro generates.
//!
//! ```
//! use std::collections::BTreeMap;
//! use std::path::{Path, PathBuf};
//!
//! let files = BTreeMap::from([
//!     (PathBuf::from("lib.rs"), "mod a; mod b;".to_owned()),
//!     (PathBuf::from("a.rs"), "pub struct A(crate::b::B);".to_owned()),
//!     (PathBuf::from("b.rs"), "pub struct B; pub fn f(_: &super::a::A) {}".to_owned()),
//! ]);
//! let report = modgraph::check("example", Path::new("lib.rs"), |path| files.get(path).cloned())?;
//! assert_eq!(report.tangles[0].modules, ["a", "b"]);
//! # Ok::<(), modgraph::Error>(())
//! ```

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

mod graph;
mod refs;
mod report;
mod scope;
mod tree;

pub use report::{Edge, Example, Report, Tangle};

/// Why a crate could not be checked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The crate root, or a directory to list, could not be read.
    #[error("{}: cannot read it", path.display())]
    Read {
        /// The file or directory.
        path: PathBuf,
    },
    /// A file is not Rust that `syn` can parse.
    #[error("{}:{line}: {message}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// Where the error is.
        line: usize,
        /// What `syn` says.
        message: String,
    },
    /// A `mod x;` declaration whose file is in none of the places it may be.
    #[error("{}:{line}: no file for `mod {name};` (looked for {})", file.display(), list(candidates))]
    MissingModule {
        /// The file declaring it.
        file: PathBuf,
        /// The declaration's line.
        line: usize,
        /// The module.
        name: String,
        /// Where it was looked for.
        candidates: Vec<PathBuf>,
    },
}

fn list(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// Checks the crate whose root file is `root`, reading files through `read` (`None`: no such
/// file). The paths in the report are the paths given to `read`.
///
/// # Errors
///
/// When the root cannot be read, a file does not parse, or a declared module has no file.
pub fn check(package: &str, root: &Path, read: impl Fn(&Path) -> Option<String>) -> Result<Report, Error> {
    let tree = tree::Tree::load(root, &read)?;
    let collected = refs::collect(&tree);
    let scopes = scope::Scopes::new(&tree, &collected.imports);
    let links: Vec<_> = collected
        .refs
        .iter()
        .filter_map(|reference| {
            let to = scopes.target(reference)?;
            let file = tree.modules[reference.module].file.clone();
            Some((reference.module, to, Example { file, line: reference.line, text: reference.text() }))
        })
        .collect();
    let references = links.len();
    let (edges, tangles) = graph::analyse(&tree, links);
    Ok(Report {
        package: package.to_owned(),
        root: root.to_owned(),
        modules: tree.modules.len(),
        references,
        edges,
        tangles,
    })
}

/// Checks every crate of the package in directory `package` (relative to `workspace`): its
/// library and its binaries (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`, `src/bin/*/main.rs`).
/// The reports name files relative to `workspace`.
///
/// # Errors
///
/// As [`check`]; also when `src/bin` cannot be listed.
pub fn check_package(workspace: &Path, package: &Path) -> Result<Vec<Report>, Error> {
    let name = package.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let src = package.join("src");
    let mut roots = vec![src.join("lib.rs"), src.join("main.rs")];
    let bin = src.join("bin");
    if workspace.join(&bin).is_dir() {
        for entry in sorted_dir(&workspace.join(&bin))? {
            let entry = bin.join(entry);
            roots.push(if entry.extension().is_some_and(|e| e == "rs") { entry } else { entry.join("main.rs") });
        }
    }
    let read = |path: &Path| fs::read_to_string(workspace.join(path)).ok();
    roots.into_iter().filter(|root| workspace.join(root).is_file()).map(|root| check(&name, &root, read)).collect()
}

/// The packages of the workspace at `workspace`: each directory under `crates/` with a
/// `Cargo.toml` (the workspace's members are `crates/*`), relative to `workspace`, sorted.
///
/// # Errors
///
/// When `crates/` cannot be listed.
pub fn workspace_packages(workspace: &Path) -> Result<Vec<PathBuf>, Error> {
    let crates = Path::new("crates");
    Ok(sorted_dir(&workspace.join(crates))?
        .into_iter()
        .map(|name| crates.join(name))
        .filter(|dir| workspace.join(dir).join("Cargo.toml").is_file())
        .collect())
}

fn sorted_dir(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = fs::read_dir(dir).map_err(|_| Error::Read { path: dir.to_owned() })?;
    let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| PathBuf::from(e.file_name()))).collect();
    names.sort();
    Ok(names)
}

/// The package names in a list of crates whose cycles are known and tolerated for now: one name
/// a line; `#` starts a comment.
pub fn known_cycles(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests;
