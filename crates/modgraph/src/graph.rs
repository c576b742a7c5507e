//! From references between modules to edges between siblings, and from those to cycles.
//!
//! At every level of the module tree the children of one parent are siblings. A reference from
//! anywhere inside sibling A (A itself or a module under it) to anything inside sibling B is an
//! edge A → B. A reference from a module to one of its ancestors (an item of the parent's own
//! file) or down to one of its descendants is no edge. Siblings that reach each other through
//! edges form a tangle: a strongly connected component of more than one module.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::report::{Edge, Example, Tangle};
use crate::tree::{ModId, Tree};

/// The edges between siblings and the tangles of a crate, given each reference as (from, to,
/// where).
pub(crate) fn analyse(
    tree: &Tree,
    links: impl IntoIterator<Item = (ModId, ModId, Example)>,
) -> (Vec<Edge>, Vec<Tangle>) {
    let chains: Vec<Vec<ModId>> = (0..tree.modules.len()).map(|m| tree.chain(m)).collect();
    // (A, B) → (references, first example), A and B siblings.
    let mut edges: BTreeMap<(ModId, ModId), (usize, Example)> = BTreeMap::new();
    for (from, to, example) in links {
        let (a, b) = (&chains[from], &chains[to]);
        let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        if common == a.len() || common == b.len() {
            continue;
        }
        edges.entry((a[common], b[common])).or_insert((0, example)).0 += 1;
    }

    let name = |m: ModId| display(tree, m);
    let edge = |(a, b): (ModId, ModId)| {
        let (references, example) = &edges[&(a, b)];
        Edge { from: name(a), to: name(b), references: *references, example: example.clone() }
    };
    let by_name = |x: &Edge, y: &Edge| (&x.from, &x.to).cmp(&(&y.from, &y.to));
    let mut all: Vec<Edge> = edges.keys().map(|&key| edge(key)).collect();
    all.sort_by(by_name);

    let mut tangles = Vec::new();
    for (parent, module) in tree.modules.iter().enumerate() {
        let children: Vec<ModId> = module.children.values().copied().collect();
        let successors =
            |m: ModId| -> Vec<ModId> { edges.range((m, 0)..=(m, ModId::MAX)).map(|(&(_, to), _)| to).collect() };
        for component in components(&children, &successors) {
            let members: BTreeSet<ModId> = component.iter().copied().collect();
            let inner: Vec<(ModId, ModId)> =
                edges.keys().copied().filter(|(a, b)| members.contains(a) && members.contains(b)).collect();
            let mut cycles: Vec<Vec<String>> =
                cycles(&members, &inner).into_iter().map(|cycle| cycle.into_iter().map(name).collect()).collect();
            cycles.sort_by(|x, y| x.len().cmp(&y.len()).then_with(|| x.cmp(y)));
            let mut modules: Vec<String> = members.iter().map(|&m| name(m)).collect();
            modules.sort();
            let mut tangle_edges: Vec<Edge> = inner.into_iter().map(edge).collect();
            tangle_edges.sort_by(by_name);
            tangles.push(Tangle { parent: display(tree, parent), modules, edges: tangle_edges, cycles });
        }
    }
    (all, tangles)
}

/// A module as a developer names it: `table::play`, or `crate` for the root.
fn display(tree: &Tree, module: ModId) -> String {
    let path = tree.path(module);
    path.strip_prefix("crate::").map_or(path.clone(), str::to_owned)
}

/// The strongly connected components of more than one node among `nodes` (Tarjan's algorithm).
fn components(nodes: &[ModId], successors: &dyn Fn(ModId) -> Vec<ModId>) -> Vec<Vec<ModId>> {
    struct State<'s> {
        successors: &'s dyn Fn(ModId) -> Vec<ModId>,
        index: BTreeMap<ModId, usize>,
        low: BTreeMap<ModId, usize>,
        stack: Vec<ModId>,
        on_stack: BTreeSet<ModId>,
        out: Vec<Vec<ModId>>,
    }
    fn visit(s: &mut State, v: ModId) {
        let index = s.index.len();
        s.index.insert(v, index);
        s.low.insert(v, index);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in (s.successors)(v) {
            if !s.index.contains_key(&w) {
                visit(s, w);
                let low = s.low[&v].min(s.low[&w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[&v].min(s.index[&w]);
                s.low.insert(v, low);
            }
        }
        if s.low[&v] == s.index[&v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.out.push(component);
            }
        }
    }
    let mut state = State {
        successors,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &node in nodes {
        if !state.index.contains_key(&node) {
            visit(&mut state, node);
        }
    }
    state.out
}

/// Cycles that together use every edge of a component: for each edge A → B, A followed by a
/// shortest way back from B to A. Each cycle starts at its smallest module; none is listed twice.
fn cycles(members: &BTreeSet<ModId>, edges: &[(ModId, ModId)]) -> Vec<Vec<ModId>> {
    let mut found = BTreeSet::new();
    for &(a, b) in edges {
        // Breadth-first from b back to a.
        let mut came_from: BTreeMap<ModId, ModId> = BTreeMap::new();
        let mut queue = VecDeque::from([b]);
        while let Some(at) = queue.pop_front() {
            if at == a {
                break;
            }
            for &(_, next) in edges.iter().filter(|(from, _)| *from == at) {
                if members.contains(&next) && next != b && !came_from.contains_key(&next) {
                    came_from.insert(next, at);
                    queue.push_back(next);
                }
            }
        }
        let mut back = vec![a];
        let mut at = a;
        while let Some(&previous) = came_from.get(&at) {
            back.push(previous);
            at = previous;
        }
        // `back` is a, ..., b walking backwards; the cycle is a, b, ..., (a).
        back[1..].reverse();
        let start = back.iter().enumerate().min_by_key(|(_, m)| **m).map_or(0, |(i, _)| i);
        back.rotate_left(start);
        found.insert(back);
    }
    found.into_iter().collect()
}
