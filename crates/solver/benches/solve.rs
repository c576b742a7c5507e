//! Placeholder.
#![allow(missing_docs)]
fn main() {}
