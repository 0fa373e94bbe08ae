//! The routes folder is layered: no file of `facade/src/routes` reaches, through the files it uses,
//! back to itself. The OpenAPI description looks down on every handler; shared answer types live in
//! files that use no handler.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every routes file (module name → its source), `mod.rs` left out: it is the route table that mounts
/// every file, and no file uses it.
fn route_files() -> BTreeMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("the routes folder is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
            let text = std::fs::read_to_string(&path).expect("a routes file is readable");
            files.insert(name.to_owned(), text);
        }
    }
    files
}

/// The sibling modules `text` names, through `super::name`, `crate::routes::name` or a
/// `use super::{a, b::c}` group.
fn uses(text: &str, siblings: &BTreeSet<String>, own: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for prefix in ["super::", "crate::routes::"] {
        for (at, _) in text.match_indices(prefix) {
            let rest = &text[at + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or_default();
                for part in inner.split(',') {
                    found.insert(
                        part.trim()
                            .split("::")
                            .next()
                            .unwrap_or_default()
                            .to_owned(),
                    );
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                found.insert(name);
            }
        }
    }
    found
        .into_iter()
        .filter(|name| siblings.contains(name) && name != own)
        .collect()
}

/// A cycle through `start`, when one exists: the files in the order they use each other.
fn cycle_from(start: &str, graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut path = vec![start.to_owned()];
    let mut seen = BTreeSet::new();
    fn walk(
        at: &str,
        start: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        for next in graph.get(at).into_iter().flatten() {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(next, start, graph, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    walk(start, start, graph, &mut path, &mut seen).then_some(path)
}

#[test]
fn no_routes_file_reaches_back_to_itself() {
    let files = route_files();
    let siblings: BTreeSet<String> = files.keys().cloned().collect();
    assert!(
        siblings.contains("openapi") && siblings.contains("copy_trading"),
        "the routes folder was found: {siblings:?}"
    );
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .map(|(name, text)| (name.clone(), uses(text, &siblings, name)))
        .collect();
    for name in &siblings {
        if let Some(cycle) = cycle_from(name, &graph) {
            panic!("an import circle: {} -> {name}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_openapi_description_looks_down_only() {
    let files = route_files();
    let siblings: BTreeSet<String> = files.keys().cloned().collect();
    for (name, text) in &files {
        if name != "openapi" {
            assert!(
                !uses(text, &siblings, name).contains("openapi"),
                "{name}.rs uses openapi.rs"
            );
        }
    }
}

#[test]
fn the_reader_finds_grouped_and_qualified_uses() {
    let siblings: BTreeSet<String> = ["a_b", "c", "d", "e"].map(str::to_owned).into();
    let text = "use super::{a_b, c::X};\nfn f() { crate::routes::d::g(); super::unknown::h(); }";
    assert_eq!(
        uses(text, &siblings, "e"),
        ["a_b", "c", "d"].map(str::to_owned).into()
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a_b".to_owned(), ["c".to_owned()].into()),
        ("c".to_owned(), ["d".to_owned()].into()),
        ("d".to_owned(), ["a_b".to_owned()].into()),
    ]
    .into();
    assert_eq!(
        cycle_from("a_b", &graph),
        Some(vec!["a_b".to_owned(), "c".to_owned(), "d".to_owned()])
    );
    assert_eq!(cycle_from("e", &graph), None);
}
