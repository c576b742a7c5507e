//! Every path written in a module's code: the paths of its `use` declarations (also the names they
//! bring into scope, for resolving the rest) and the paths in types, expressions, patterns, trait
//! bounds and macro invocations. Attributes (so doc comments), visibilities and test-only items are
//! left out.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Expr, ImplItem, Item, ItemUse, Macro, Token, TraitItem, UseTree};

use crate::tree::{ModId, Tree, is_test_only, item_attrs};

/// A path as written, before resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawPath {
    /// Starts with `::` (an external crate).
    pub global: bool,
    /// `crate`, `super` and `self` included.
    pub segments: Vec<String>,
}

/// A name a `use` declaration brings into a module's scope.
pub(crate) struct Import {
    /// The name it is known by; `None` for a glob (`use a::*`).
    pub name: Option<String>,
    /// What it names (for a glob, the module whose names it brings).
    pub path: RawPath,
    /// Declared in a function body or block rather than at the module's top level.
    pub in_block: bool,
}

/// One path written in module `module`'s code.
pub(crate) struct Ref {
    pub module: ModId,
    pub line: usize,
    pub path: RawPath,
    /// Written in a `use` declaration (otherwise in code).
    pub in_use: bool,
}

impl Ref {
    /// The reference as a developer would look for it in the file.
    pub fn text(&self) -> String {
        let mut text = if self.in_use { "use ".to_owned() } else { String::new() };
        if self.path.global {
            text.push_str("::");
        }
        text.push_str(&self.path.segments.join("::"));
        text
    }
}

/// The imports of each module (by [`ModId`]) and every reference, in module then source order.
pub(crate) struct Collected {
    pub imports: Vec<Vec<Import>>,
    pub refs: Vec<Ref>,
}

/// Collects the imports and references of every module of `tree`.
pub(crate) fn collect(tree: &Tree) -> Collected {
    let mut collected = Collected { imports: Vec::new(), refs: Vec::new() };
    for (id, module) in tree.modules.iter().enumerate() {
        let mut collector = Collector { module: id, imports: Vec::new(), refs: Vec::new(), in_block: false };
        for item in &module.items {
            match item {
                Item::Use(decl) => collector.use_decl(decl),
                _ => collector.visit_item(item),
            }
        }
        collected.imports.push(collector.imports);
        collected.refs.append(&mut collector.refs);
    }
    collected
}

struct Collector {
    module: ModId,
    imports: Vec<Import>,
    refs: Vec<Ref>,
    /// Inside an item rather than at the module's top level.
    in_block: bool,
}

impl Collector {
    fn use_decl(&mut self, decl: &ItemUse) {
        let global = decl.leading_colon.is_some();
        self.use_tree(&decl.tree, &mut RawPath { global, segments: Vec::new() });
    }

    fn use_tree(&mut self, tree: &UseTree, prefix: &mut RawPath) {
        let (name, line, path) = match tree {
            UseTree::Path(step) => {
                prefix.segments.push(step.ident.to_string());
                self.use_tree(&step.tree, prefix);
                prefix.segments.pop();
                return;
            }
            UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(tree, prefix);
                }
                return;
            }
            UseTree::Name(leaf) => (Some(leaf.ident.to_string()), leaf.ident.span(), with(prefix, &leaf.ident)),
            UseTree::Rename(leaf) => (Some(leaf.rename.to_string()), leaf.ident.span(), with(prefix, &leaf.ident)),
            UseTree::Glob(glob) => (None, glob.star_token.span, prefix.clone()),
        };
        // `use a::b::{self}` names `a::b`; `use x as _` brings no name.
        let (name, path) = match (name, path.segments.split_last()) {
            (Some(name), Some((last, rest))) if last == "self" && !rest.is_empty() => {
                let path = RawPath { global: path.global, segments: rest.to_vec() };
                let name = if name == "self" { rest[rest.len() - 1].clone() } else { name };
                (Some(name), path)
            }
            (name, _) => (name, path),
        };
        if name.as_deref() != Some("_") {
            self.imports.push(Import { name: name.clone(), path: path.clone(), in_block: self.in_block });
        }
        let mut path = path;
        if name.is_none() {
            path.segments.push("*".to_owned());
        }
        self.refs.push(Ref { module: self.module, line: line.start().line, path, in_use: true });
    }

    fn path(&mut self, global: bool, segments: &[&proc_macro2::Ident]) {
        let Some(first) = segments.first() else { return };
        let path = RawPath { global, segments: segments.iter().map(ToString::to_string).collect() };
        self.refs.push(Ref { module: self.module, line: first.span().start().line, path, in_use: false });
    }

    /// The paths in the tokens of a macro that could not be read as expressions (`json!`,
    /// `select!`, `macro_rules!` bodies): every `a::b::c` of two or more segments. A lone name in
    /// such tokens may be anything, so it is not taken.
    fn scan(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            let global = i + 2 < tokens.len() && colons(&tokens[i..]) && !after_path(&tokens[..i]);
            let start = if global { i + 2 } else { i };
            let mut segments = Vec::new();
            let mut at = start;
            while let Some(TokenTree::Ident(ident)) = tokens.get(at) {
                segments.push(ident);
                if colons(&tokens[at + 1..]) {
                    at += 3;
                } else {
                    at += 1;
                    break;
                }
            }
            if segments.len() >= 2 {
                self.path(global, &segments);
                i = at;
                continue;
            }
            if let TokenTree::Group(group) = &tokens[i] {
                self.scan(group.stream());
            }
            i += 1;
        }
    }
}

fn with(prefix: &RawPath, ident: &proc_macro2::Ident) -> RawPath {
    let mut path = prefix.clone();
    path.segments.push(ident.to_string());
    path
}

/// Whether the tokens start with `::`.
fn colons(tokens: &[TokenTree]) -> bool {
    matches!(tokens, [TokenTree::Punct(a), TokenTree::Punct(b), ..]
        if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

/// Whether the tokens end with something a `::` would continue (a name or `>`), so the `::` is
/// not the start of a global path.
fn after_path(tokens: &[TokenTree]) -> bool {
    match tokens.last() {
        Some(TokenTree::Ident(_)) => true,
        Some(TokenTree::Punct(p)) => p.as_char() == '>',
        _ => false,
    }
}

impl<'ast> Visit<'ast> for Collector {
    // Doc comments, derives and other attributes are not code that reaches another module.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_item(&mut self, item: &'ast Item) {
        if !is_test_only(item_attrs(item)) {
            let outer = std::mem::replace(&mut self.in_block, true);
            visit::visit_item(self, item);
            self.in_block = outer;
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let attrs: &[syn::Attribute] = match item {
            ImplItem::Const(i) => &i.attrs,
            ImplItem::Fn(i) => &i.attrs,
            ImplItem::Type(i) => &i.attrs,
            ImplItem::Macro(i) => &i.attrs,
            _ => &[],
        };
        if !is_test_only(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        let attrs: &[syn::Attribute] = match item {
            TraitItem::Const(i) => &i.attrs,
            TraitItem::Fn(i) => &i.attrs,
            TraitItem::Type(i) => &i.attrs,
            TraitItem::Macro(i) => &i.attrs,
            _ => &[],
        };
        if !is_test_only(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_item_use(&mut self, decl: &'ast ItemUse) {
        self.use_decl(decl);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<&proc_macro2::Ident> = path.segments.iter().map(|s| &s.ident).collect();
        self.path(path.leading_colon.is_some(), &segments);
        // The generic arguments: `Vec<crate::a::T>`.
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast Macro) {
        self.visit_path(&mac.path);
        match mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            Ok(args) => args.iter().for_each(|arg| self.visit_expr(arg)),
            Err(_) => self.scan(mac.tokens.clone()),
        }
    }
}
