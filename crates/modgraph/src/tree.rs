//! The module tree of one crate: which modules there are, whose children they are, and the items
//! each one holds, read by following `mod` declarations from the crate root the way rustc does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use syn::{Attribute, Item, Meta, Token, punctuated::Punctuated};

use crate::Error;

/// A module's index in [`Tree::modules`]; the crate root is 0.
pub(crate) type ModId = usize;

/// One module, inline or in its own file.
pub(crate) struct Module {
    /// Its name in its parent; `crate` for the root.
    pub name: String,
    pub parent: Option<ModId>,
    pub children: BTreeMap<String, ModId>,
    /// The file its items are written in (for an inline module, its parent's file).
    pub file: PathBuf,
    /// Its items, without child modules (those are modules of their own) and without test-only
    /// items.
    pub items: Vec<Item>,
}

/// Every module of one crate, reached from its root file.
pub(crate) struct Tree {
    pub modules: Vec<Module>,
}

/// Where the files of the modules declared in a block of items are.
struct Dirs {
    /// Where `mod x;` looks for `x.rs` and `x/mod.rs`.
    children: PathBuf,
    /// What `#[path = "..."] mod x;` is relative to.
    path_attr: PathBuf,
}

impl Tree {
    /// Reads the crate whose root file is `root` (relative to what `read` reads from).
    pub fn load(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Result<Self, Error> {
        let items = parse(root, read)?.ok_or_else(|| Error::Read { path: root.to_owned() })?;
        let mut tree = Tree {
            modules: vec![Module {
                name: "crate".to_owned(),
                parent: None,
                children: BTreeMap::new(),
                file: root.to_owned(),
                items: Vec::new(),
            }],
        };
        // A crate root owns its directory, as a `mod.rs` does.
        let dir = parent_dir(root);
        tree.add_items(0, items, Dirs { children: dir.clone(), path_attr: dir }, read)?;
        Ok(tree)
    }

    /// The modules from the root down to `id`, both included.
    pub fn chain(&self, id: ModId) -> Vec<ModId> {
        let mut chain = vec![id];
        let mut at = id;
        while let Some(parent) = self.modules[at].parent {
            chain.push(parent);
            at = parent;
        }
        chain.reverse();
        chain
    }

    /// The module's path from the crate root, as in `crate::table::play`.
    pub fn path(&self, id: ModId) -> String {
        let names: Vec<&str> = self.chain(id).iter().map(|&m| self.modules[m].name.as_str()).collect();
        names.join("::")
    }

    fn add_items(
        &mut self,
        id: ModId,
        items: Vec<Item>,
        dirs: Dirs,
        read: &dyn Fn(&Path) -> Option<String>,
    ) -> Result<(), Error> {
        for item in items {
            if is_test_only(item_attrs(&item)) {
                continue;
            }
            let Item::Mod(decl) = item else {
                self.modules[id].items.push(item);
                continue;
            };
            let name = decl.ident.to_string();
            let path_attr = path_attr(&decl.attrs);
            let child = self.modules.len();
            let file = self.modules[id].file.clone();
            self.modules.push(Module {
                name: name.clone(),
                parent: Some(id),
                children: BTreeMap::new(),
                file: file.clone(),
                items: Vec::new(),
            });
            self.modules[id].children.insert(name.clone(), child);
            if let Some((_, content)) = decl.content {
                // An inline module is a directory level of its own for the files it declares.
                let dir = dirs.children.join(path_attr.as_deref().unwrap_or(&name));
                self.add_items(child, content, Dirs { children: dir.clone(), path_attr: dir }, read)?;
                continue;
            }
            let line = decl.ident.span().start().line;
            let candidates = match &path_attr {
                Some(path) => vec![dirs.path_attr.join(path)],
                None => vec![dirs.children.join(format!("{name}.rs")), dirs.children.join(&name).join("mod.rs")],
            };
            let mut found = None;
            for candidate in &candidates {
                if let Some(items) = parse(candidate, read)? {
                    found = Some((candidate.clone(), items));
                    break;
                }
            }
            let Some((path, items)) = found else {
                return Err(Error::MissingModule { file, line, name, candidates });
            };
            // `x/mod.rs` and a file named by `#[path]` own their directory; `x.rs` declares its
            // children in `x/`.
            let own_dir = parent_dir(&path);
            let children =
                if path_attr.is_some() || path.ends_with("mod.rs") { own_dir.clone() } else { own_dir.join(&name) };
            self.modules[child].file = path;
            self.add_items(child, items, Dirs { children, path_attr: own_dir }, read)?;
        }
        Ok(())
    }
}

/// The items of the file at `path`, `None` when there is no such file.
fn parse(path: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Result<Option<Vec<Item>>, Error> {
    let Some(text) = read(path) else { return Ok(None) };
    let file = syn::parse_file(&text).map_err(|error| Error::Parse {
        path: path.to_owned(),
        line: error.span().start().line,
        message: error.to_string(),
    })?;
    Ok(Some(file.items))
}

fn parent_dir(path: &Path) -> PathBuf {
    path.parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The value of `#[path = "..."]`, if any.
fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Whether an item is compiled only for tests: `#[cfg(test)]` (or a condition that requires
/// `test`, like `all(test, unix)`), or a test function (`#[test]`, `#[tokio::test]`).
pub(crate) fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("cfg") {
            attr.parse_args::<Meta>().is_ok_and(|meta| requires_test(&meta))
        } else {
            path.segments.last().is_some_and(|last| last.ident == "test")
        }
    })
}

fn requires_test(meta: &Meta) -> bool {
    match meta {
        Meta::Path(path) => path.is_ident("test"),
        Meta::List(list) => {
            let Ok(nested) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) else {
                return false;
            };
            if list.path.is_ident("all") {
                nested.iter().any(requires_test)
            } else if list.path.is_ident("any") {
                !nested.is_empty() && nested.iter().all(requires_test)
            } else {
                false
            }
        }
        Meta::NameValue(_) => false,
    }
}

/// The attributes of any item.
pub(crate) fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}
