//! The checker on small crates held in memory. Most fixtures have a plain `use` for one direction
//! of a pair of siblings and the construct under test for the other: a tangle shows the construct
//! was seen as a reference, none that it was not.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::*;

fn check_files(files: &[(&str, &str)]) -> Result<Report, Error> {
    let files: BTreeMap<PathBuf, String> = files.iter().map(|(p, t)| (PathBuf::from(p), (*t).to_owned())).collect();
    check("fixture", Path::new("src/lib.rs"), |path| files.get(path).cloned())
}

fn report(files: &[(&str, &str)]) -> Report {
    check_files(files).expect("the fixture is a crate")
}

/// The edges of every tangle, as `from -> to`.
fn edges(report: &Report) -> Vec<String> {
    report.tangles.iter().flat_map(|t| &t.edges).map(|e| format!("{} -> {}", e.from, e.to)).collect()
}

/// `b` refers to `a` with a plain `use`; `a.rs` is the file under test.
fn with_a(a: &str) -> Report {
    report(&[
        ("src/lib.rs", "mod a;\nmod b;\npub struct Root;\n"),
        ("src/a.rs", a),
        ("src/b.rs", "use crate::a::A;\npub struct B;\npub fn f() -> u8 { 0 }\npub const K: u8 = 1;\n"),
    ])
}

#[test]
fn a_cycle_between_two_siblings_is_found_with_an_example_per_edge() {
    let report = with_a("pub struct A;\n\nfn g(_: crate::b::B) {}\n");
    assert_eq!(report.tangles.len(), 1);
    let tangle = &report.tangles[0];
    assert_eq!(tangle.parent, "crate");
    assert_eq!(tangle.modules, ["a", "b"]);
    let a_to_b = &tangle.edges[0];
    assert_eq!((a_to_b.from.as_str(), a_to_b.to.as_str(), a_to_b.references), ("a", "b", 1));
    assert_eq!(a_to_b.example, Example { file: "src/a.rs".into(), line: 3, text: "crate::b::B".to_owned() });
    let b_to_a = &tangle.edges[1];
    assert_eq!(b_to_a.example, Example { file: "src/b.rs".into(), line: 1, text: "use crate::a::A".to_owned() });
    assert_eq!(tangle.cycles, [["a", "b"]]);
    let text = report.to_string();
    assert!(text.contains("a -> b (1): src/a.rs:3: crate::b::B"), "{text}");
    assert!(text.contains("a -> b -> a"), "{text}");
}

#[test]
fn one_way_references_are_no_cycle() {
    let report = with_a("pub struct A;\n");
    assert!(report.is_acyclic(), "{report}");
    assert_eq!(report.modules, 3);
    assert_eq!(report.references, 1);
    let layering: Vec<String> = report.edges.iter().map(ToString::to_string).collect();
    assert_eq!(layering, ["b -> a (1): src/b.rs:1: use crate::a::A"]);
}

#[test]
fn an_item_of_the_parent_reached_by_super_is_no_edge() {
    let report = with_a("use super::Root;\npub struct A(super::Root, crate::Root);\n");
    assert!(report.is_acyclic(), "{report}");
}

#[test]
fn an_item_the_parent_re_exports_from_a_sibling_is_an_edge_to_that_sibling() {
    let report = report(&[
        ("src/lib.rs", "mod a;\nmod b;\npub use b::B;\n"),
        ("src/a.rs", "pub struct A(super::B);\n"),
        ("src/b.rs", "pub struct B;\nfn f(_: crate::a::A) {}\n"),
    ]);
    assert_eq!(edges(&report), ["a -> b", "b -> a"]);
    assert_eq!(report.tangles[0].edges[0].example.text, "super::B");
}

#[test]
fn grouped_renamed_and_glob_uses_are_references() {
    for a in [
        "use crate::{Root, b::{self, B}};\npub struct A;\n",
        "use crate::b::B as Other;\npub struct A;\n",
        "use crate::b::*;\npub struct A;\n",
        "use super::b;\npub struct A;\n",
        "pub struct A;\nfn f() { use crate::b::f; }\n",
    ] {
        assert_eq!(edges(&with_a(a)), ["a -> b", "b -> a"], "{a}");
    }
    let report = with_a("use crate::{Root, b::{self, B}};\npub struct A;\n");
    let texts: Vec<&str> = report.tangles[0].edges.iter().map(|e| e.example.text.as_str()).collect();
    assert_eq!(texts, ["use crate::b", "use crate::a::A"]);
}

#[test]
fn paths_in_code_are_references() {
    for a in [
        "pub struct A;\nfn g() -> u8 { crate::b::f() }\n",
        "pub struct A;\nfn g() -> u8 { super::b::K + 1 }\n",
        "pub struct A;\nimpl crate::b::B { fn g() {} }\n",
        "pub struct A;\nfn g(x: Option<Vec<crate::b::B>>) {}\n",
        "pub struct A;\nfn g(x: u8) -> bool { matches!(x, crate::b::K) }\n",
        "pub struct A;\nfn g() { println!(\"{}\", crate::b::f()); }\n",
        "pub struct A;\nfn g() { let v = vec![crate::b::f(); 3]; }\n",
        "pub struct A;\nmacro_rules! m { () => { $crate::b::f() }; }\n",
        "pub struct A;\nfn g<T: Into<super::b::B>>(_: T) {}\n",
        // The name comes into scope through the parent's glob of its own children.
        "use super::*;\npub struct A;\nfn g() -> u8 { b::f() }\n",
    ] {
        assert_eq!(edges(&with_a(a)), ["a -> b", "b -> a"], "{a}");
    }
}

#[test]
fn code_that_names_nothing_of_another_sibling_is_no_edge() {
    for a in [
        // Comments and doc comments are not code.
        "/// Like [`crate::b::B`].\npub struct A;\n// crate::b::f()\n",
        "#![doc = \"crate::b::B\"]\npub struct A;\n",
        // A local variable named like a sibling module.
        "use super::*;\npub struct A;\nfn g(b: u8) -> u8 { b }\n",
        // Other crates and the prelude.
        "pub struct A;\nfn g() -> Vec<String> { std::vec::Vec::new() }\n",
        "pub struct A;\nfn g() -> u8 { ::b::f() }\n",
        // Test-only code.
        "pub struct A;\n#[cfg(test)]\nmod tests { use crate::b::B; }\n",
        "pub struct A;\n#[cfg(all(test, unix))]\nfn helper() -> u8 { crate::b::f() }\n",
        "pub struct A;\n#[test]\nfn works() { crate::b::f(); }\n",
        "pub struct A;\nimpl A {\n    #[cfg(test)]\n    fn helper() -> u8 { crate::b::f() }\n}\n",
    ] {
        assert!(with_a(a).is_acyclic(), "{a}");
    }
    // Code that is not only for tests counts.
    let a = "pub struct A;\n#[cfg(any(test, unix))]\nfn helper() -> u8 { crate::b::f() }\n";
    assert_eq!(edges(&with_a(a)), ["a -> b", "b -> a"]);
}

#[test]
fn a_cycle_at_a_nested_level_is_found_there() {
    let report = report(&[
        ("src/lib.rs", "mod top;\n"),
        ("src/top/mod.rs", "mod p;\nmod q;\npub struct Shared;\n"),
        ("src/top/p.rs", "use super::Shared;\nuse super::q::Q;\npub struct P;\n"),
        ("src/top/q.rs", "pub struct Q;\nfn f(_: super::p::P) {}\n"),
    ]);
    assert_eq!(report.tangles.len(), 1);
    assert_eq!(report.tangles[0].parent, "top");
    assert_eq!(report.tangles[0].modules, ["top::p", "top::q"]);
    assert_eq!(report.tangles[0].edges[0].example.file, PathBuf::from("src/top/p.rs"));
}

#[test]
fn references_from_deep_inside_two_siblings_are_an_edge_between_them() {
    let report = report(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        ("src/a.rs", "mod inner {\n    pub struct I(crate::b::deep::D);\n}\n"),
        ("src/b.rs", "pub mod deep;\n"),
        ("src/b/deep.rs", "pub struct D;\nfn f(_: crate::a::inner::I) {}\n"),
    ]);
    assert_eq!(edges(&report), ["a -> b", "b -> a"]);
    assert_eq!(report.modules, 5);
    // Inline modules are written in their parent's file.
    assert_eq!(
        report.tangles[0].edges[0].example,
        Example { file: "src/a.rs".into(), line: 2, text: "crate::b::deep::D".to_owned() }
    );
}

#[test]
fn references_down_the_tree_are_no_edge() {
    let report = report(&[
        ("src/lib.rs", "mod a;\nmod b;\nuse a::inner::I;\nfn f(_: b::B) {}\n"),
        ("src/a.rs", "pub mod inner;\nuse self::inner::I;\n"),
        ("src/a/inner.rs", "pub struct I(super::super::b::B);\n"),
        ("src/b.rs", "pub struct B;\n"),
    ]);
    assert!(report.is_acyclic(), "{report}");
}

#[test]
fn three_siblings_in_a_ring_give_each_cycle_once() {
    let report = report(&[
        ("src/lib.rs", "mod x;\nmod y;\nmod z;\n"),
        ("src/x.rs", "pub struct X(crate::y::Y);\n"),
        ("src/y.rs", "pub struct Y(crate::z::Z);\n"),
        ("src/z.rs", "pub struct Z(crate::x::X, crate::y::Y);\n"),
    ]);
    assert_eq!(edges(&report), ["x -> y", "y -> z", "z -> x", "z -> y"]);
    assert_eq!(report.tangles[0].cycles, [vec!["y", "z"], vec!["x", "y", "z"]]);
}

#[test]
fn path_attributes_and_inline_modules_find_their_files() {
    let report = report(&[
        ("src/lib.rs", "#[path = \"other/place.rs\"]\nmod a;\nmod b {\n    pub mod c;\n}\n"),
        ("src/other/place.rs", "pub struct A(crate::b::c::C);\n"),
        ("src/b/c.rs", "pub struct C(crate::a::A);\n"),
    ]);
    assert_eq!(edges(&report), ["a -> b", "b -> a"]);
}

#[test]
fn a_missing_module_file_is_an_error_naming_the_declaration() {
    let error = check_files(&[("src/lib.rs", "\nmod gone;\n")]).expect_err("gone.rs is missing");
    assert_eq!(error.to_string(), "src/lib.rs:2: no file for `mod gone;` (looked for src/gone.rs, src/gone/mod.rs)");
}

#[test]
fn the_known_cycles_list_takes_names_and_skips_comments() {
    let known = known_cycles("# until the refactor\nserver\n\n  bots # the search\n");
    assert_eq!(known.into_iter().collect::<Vec<_>>(), ["bots", "server"]);
}
