//! Every relative link in the workspace's Markdown (README.md, docs/, the crates' and examples'
//! READMEs) leads somewhere: the file or folder exists, and a `#anchor` names a heading of the file
//! as GitHub spells its anchors. Web links are not followed.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Markdown files under `dir`, leaving out build output, dependencies and hidden folders.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> =
        fs::read_dir(dir).expect("read a folder").map(|e| e.expect("a folder entry").path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if path.is_dir() {
            if !name.starts_with('.') && !["target", "node_modules", "artifacts"].contains(&name) {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The lines of a Markdown text outside fenced code blocks, with inline code spans removed.
fn prose_lines(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push(line.split('`').step_by(2).collect());
        }
    }
    lines
}

/// The anchors GitHub gives a file's headings: lower case, letters, digits, `-` and `_` kept,
/// spaces made `-`, the rest dropped; a repeated heading gets `-1`, `-2`, ...
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(heading) = line.strip_prefix('#').map(|h| h.trim_start_matches('#')) else { continue };
        if fenced || !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .chars()
            .flat_map(char::to_lowercase)
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.push(if *n == 0 { slug.clone() } else { format!("{slug}-{n}") });
        *n += 1;
    }
    out
}

/// The targets of the inline links `[text](target)` of a line.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| rest[..end].trim())
        })
        .collect()
}

#[test]
fn every_relative_link_in_the_markdown_resolves() {
    let root = root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    assert!(files.iter().any(|f| f.ends_with("README.md")), "no README.md found under {}", root.display());

    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = fs::read_to_string(file).expect("read a Markdown file");
        for line in prose_lines(&text) {
            for target in link_targets(&line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (path, anchor) = target.split_once('#').map_or((target, None), |(p, a)| (p, Some(a)));
                let dest = if path.is_empty() { file.clone() } else { file.parent().expect("a folder").join(path) };
                let shown = file.strip_prefix(&root).unwrap_or(file).display();
                if !dest.exists() {
                    broken.push(format!("{shown}: {target} (no such file)"));
                } else if let Some(anchor) = anchor {
                    let found = dest.is_file()
                        && anchors(&fs::read_to_string(&dest).expect("read a linked file")).iter().any(|a| a == anchor);
                    if !found {
                        broken.push(format!("{shown}: {target} (no heading with that anchor)"));
                    }
                }
            }
        }
    }
    assert!(checked > 0, "no relative links found: is the scan looking in the right place?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_spelled_as_github_spells_them() {
    let text = "# Two commands\n```\n# not a heading\n```\n### Kout, four players (`--game kout4`)\n## Two commands\n#hashtag\n";
    assert_eq!(anchors(text), ["two-commands", "kout-four-players---game-kout4", "two-commands-1"]);
}
