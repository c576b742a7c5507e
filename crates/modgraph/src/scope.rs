//! What a path names, resolved as rustc does for the cases that matter here: `crate`, `super` and
//! `self`, child modules, items, `use` declarations (renamed or not) followed to what they import,
//! and glob imports. So `crate::Hub`, re-exported by the crate root from `hub`, is found in `hub`.
//! What cannot be resolved (other crates, the prelude, generic parameters, local variables) names
//! nothing in this crate.

use std::collections::HashSet;

use syn::Item;

use crate::refs::{Import, RawPath, Ref};
use crate::tree::{ModId, Tree};

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    Module(ModId),
    /// An item (type, function, constant, macro, ...) defined in that module.
    Item(ModId),
    /// Nothing of this crate.
    Unknown,
}

/// The names in scope in each module of a crate.
pub(crate) struct Scopes<'a> {
    tree: &'a Tree,
    imports: &'a [Vec<Import>],
    /// The names of the items each module defines (its child modules are in the tree).
    items: Vec<HashSet<String>>,
}

/// The modules and names being looked up, to stop on imports that go round in a circle.
type Stack = Vec<(ModId, String)>;

impl<'a> Scopes<'a> {
    pub fn new(tree: &'a Tree, imports: &'a [Vec<Import>]) -> Self {
        let mut items = vec![HashSet::new(); tree.modules.len()];
        for (id, module) in tree.modules.iter().enumerate() {
            for item in &module.items {
                let Some(name) = item_name(item) else { continue };
                // `#[macro_export]` puts a macro at the crate root.
                if let Item::Macro(mac) = item {
                    if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                        items[0].insert(name.clone());
                    }
                }
                items[id].insert(name);
            }
        }
        Scopes { tree, imports, items }
    }

    /// The module a reference reaches into: where the item it names is defined (or the module it
    /// names), `None` when it names nothing of this crate.
    pub fn target(&self, reference: &Ref) -> Option<ModId> {
        match self.resolve(reference.module, &reference.path, &mut Vec::new()) {
            Res::Item(module) => Some(module),
            // A lone name in code is a value or a type, never a module: a local variable that
            // happens to be named like a module in scope.
            Res::Module(_) if !reference.in_use && reference.path.segments.len() == 1 => None,
            Res::Module(module) => Some(module),
            Res::Unknown => None,
        }
    }

    fn resolve(&self, from: ModId, path: &RawPath, stack: &mut Stack) -> Res {
        let Some((first, rest)) = path.segments.split_first() else { return Res::Unknown };
        if path.global {
            return Res::Unknown;
        }
        let mut at = match first.as_str() {
            "crate" => Res::Module(0),
            "self" | "*" => Res::Module(from),
            "super" => self.parent(from),
            // The type of an impl or a trait: its paths are the type's associated items.
            "Self" => Res::Unknown,
            name => self.lookup(from, name, stack, true),
        };
        for segment in rest {
            let Res::Module(module) = at else { break };
            at = match segment.as_str() {
                "self" | "*" => at,
                "super" => self.parent(module),
                name => self.lookup(module, name, stack, false),
            };
        }
        at
    }

    fn parent(&self, module: ModId) -> Res {
        self.tree.modules[module].parent.map_or(Res::Unknown, Res::Module)
    }

    /// What `name` means in `module`: a child module, an item, a name imported by a `use`, then
    /// one brought by a glob import. With `blocks`, the imports written inside its functions
    /// come last (they are in scope only there, but a name found only there is most likely used
    /// there).
    fn lookup(&self, module: ModId, name: &str, stack: &mut Stack, blocks: bool) -> Res {
        if let Some(&child) = self.tree.modules[module].children.get(name) {
            return Res::Module(child);
        }
        if self.items[module].contains(name) {
            return Res::Item(module);
        }
        if stack.iter().any(|(m, n)| *m == module && n == name) {
            return Res::Unknown;
        }
        stack.push((module, name.to_owned()));
        let mut found = Res::Unknown;
        let passes: &[bool] = if blocks { &[false, true] } else { &[false] };
        'passes: for &in_block in passes {
            let imports = self.imports[module].iter().filter(|i| i.in_block == in_block);
            for import in imports.clone().filter(|i| i.name.as_deref() == Some(name)) {
                found = self.resolve(module, &import.path, stack);
                if found != Res::Unknown {
                    break 'passes;
                }
            }
            for glob in imports.filter(|i| i.name.is_none()) {
                if let Res::Module(source) = self.resolve(module, &glob.path, stack) {
                    found = self.lookup(source, name, stack, false);
                    if found != Res::Unknown {
                        break 'passes;
                    }
                }
            }
        }
        stack.pop();
        found
    }
}

/// The name an item defines, for the items that can be named by a path.
fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}
