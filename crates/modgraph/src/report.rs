//! What a check found, and how it reads for the developer who has to untangle it.

use std::fmt;
use std::path::PathBuf;

/// The check of one crate (a library or a binary of a package).
#[derive(Clone, Debug)]
pub struct Report {
    /// The package's directory name under `crates/`.
    pub package: String,
    /// The crate's root file.
    pub root: PathBuf,
    /// How many modules the crate has, the root included.
    pub modules: usize,
    /// How many paths to items of this crate were resolved.
    pub references: usize,
    /// Every edge between siblings, sorted: the crate's layering.
    pub edges: Vec<Edge>,
    /// The groups of sibling modules that refer to each other in a cycle.
    pub tangles: Vec<Tangle>,
}

/// Sibling modules that refer to each other round a cycle (a strongly connected component of the
/// references between siblings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tangle {
    /// The parent of the siblings: `crate` or a module path like `table`.
    pub parent: String,
    /// The siblings, by path from the crate root, sorted.
    pub modules: Vec<String>,
    /// Every edge between them.
    pub edges: Vec<Edge>,
    /// Cycles that together use every edge, shortest first, each as its modules in order (the
    /// first follows the last).
    pub cycles: Vec<Vec<String>>,
}

/// References from one sibling's subtree into another's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The referring sibling.
    pub from: String,
    /// The sibling referred to.
    pub to: String,
    /// How many references.
    pub references: usize,
    /// The first of them.
    pub example: Example,
}

/// One reference, where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The file, as given to the check.
    pub file: PathBuf,
    /// Its line, from 1.
    pub line: usize,
    /// The path as written, `use crate::hub::Hub` for a `use` declaration.
    pub text: String,
}

impl Report {
    /// Whether the module arrows of the crate all point down: no tangle.
    pub fn is_acyclic(&self) -> bool {
        self.tangles.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (modules, references, root) = (self.modules, self.references, self.root.display());
        if self.tangles.is_empty() {
            return write!(f, "{}: {root}: no module cycle ({modules} modules, {references} references)", self.package);
        }
        let n = self.tangles.len();
        write!(f, "{}: {root}: {n} module cycle(s) ({modules} modules, {references} references)", self.package)?;
        for tangle in &self.tangles {
            write!(f, "\n{tangle}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Tangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  under {}: {}", self.parent, self.modules.join(", "))?;
        writeln!(f, "    edges (references; the first):")?;
        for edge in &self.edges {
            writeln!(f, "      {edge}")?;
        }
        write!(f, "    cycles:")?;
        for cycle in &self.cycles {
            write!(f, "\n      {} -> {}", cycle.join(" -> "), cycle[0])?;
        }
        Ok(())
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Example { file, line, text } = &self.example;
        let (from, to, n) = (&self.from, &self.to, self.references);
        write!(f, "{from} -> {to} ({n}): {}:{line}: {text}", file.display())
    }
}
