//! The structure stays visible: `api` and `worker` stand on `shared` and never on each
//! other; the crates under `shared/` (audio, the pure domain, the stores, the providers)
//! stand on each other in layers and need nothing of `shared`; in
//! `shared`, the use cases (the modules in `src/use_cases/`) stand on the building blocks
//! (every other module) and no block reaches up into a use case; and no crate's modules
//! import each other in a cycle. Every list here is read from the folders.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The workspace's crates by the name they are used under, with their folders.
const CRATES: [(&str, &str); 8] = [
    ("api", "api"),
    ("worker", "worker"),
    ("shared", "shared"),
    ("testsuite", "testsuite"),
    ("domain", "shared/domain"),
    ("audio", "shared/audio"),
    ("storage", "shared/storage"),
    ("providers", "shared/providers"),
];

/// The workspace crates a crate depends on (any kind of dependency).
fn workspace_dependencies(krate: &str) -> BTreeSet<String> {
    let folder = CRATES.iter().find(|(name, _)| *name == krate).unwrap().1;
    let manifest = std::fs::read_to_string(root().join(folder).join("Cargo.toml")).unwrap();
    CRATES
        .into_iter()
        .map(|(name, _)| name)
        .filter(|other| *other != krate)
        .filter(|other| {
            manifest.lines().any(|line| {
                let line = line.trim();
                line.starts_with(&format!("{other} "))
                    || line.starts_with(&format!("{other}."))
                    || line.starts_with(&format!("{other}="))
            })
        })
        .map(str::to_owned)
        .collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|n| n.to_string()).collect()
}

#[test]
fn api_and_worker_depend_on_shared_and_never_on_each_other() {
    assert_eq!(workspace_dependencies("api"), BTreeSet::from(["shared".to_owned()]));
    assert_eq!(workspace_dependencies("worker"), BTreeSet::from(["shared".to_owned()]));
    assert_eq!(workspace_dependencies("shared"), names(&["audio", "domain", "providers", "storage"]));
}

#[test]
fn only_the_api_compiles_the_openapi_derives() {
    let manifest = |folder: &str| std::fs::read_to_string(root().join(folder).join("Cargo.toml")).unwrap();
    let depends_on_utoipa = |text: &str| text.lines().any(|l| l.trim_start().starts_with("utoipa"));
    assert!(!depends_on_utoipa(&manifest("shared")), "shared's wire shapes belong in api/src/routes");
    assert!(!depends_on_utoipa(&manifest("worker")));
    // The domain's enums derive ToSchema only behind its `openapi` feature, which the api
    // turns on through shared's and nobody else does.
    let domain = manifest("shared/domain");
    assert!(domain.lines().any(|l| l.starts_with("utoipa") && l.contains("optional = true")), "{domain}");
    for folder in ["worker", "testsuite"] {
        assert!(!manifest(folder).contains("\"openapi\""), "{folder} turns the openapi feature on");
    }
    assert!(manifest("api").contains(r#"features = ["openapi"]"#));
}

#[test]
fn the_crates_under_shared_need_nothing_of_shared() {
    // Layered: audio, then the domain's rules, then the stores, then the providers.
    assert_eq!(workspace_dependencies("audio"), names(&[]));
    assert_eq!(workspace_dependencies("domain"), names(&["audio"]));
    assert_eq!(workspace_dependencies("storage"), names(&["domain"]));
    assert_eq!(workspace_dependencies("providers"), names(&["audio", "domain", "storage"]));
    // Every crate folder under shared/ is in the list above.
    let folders: BTreeSet<String> = std::fs::read_dir(root().join("shared"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").exists())
        .map(|p| format!("shared/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    let listed: BTreeSet<String> =
        CRATES.iter().filter(|(_, f)| f.starts_with("shared/")).map(|(_, f)| f.to_string()).collect();
    assert_eq!(folders, listed);
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The use cases of `shared`: the modules in `shared/src/use_cases/`.
fn use_cases() -> BTreeSet<String> {
    let dir = root().join("shared/src/use_cases");
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().trim_end_matches(".rs").to_owned())
        .filter(|name| name != "mod")
        .collect()
}

/// The node a module path names: its top-level module, or `use_cases::<name>` for a use
/// case (each is a node of its own).
fn node<'a>(mut segments: impl Iterator<Item = &'a str>) -> String {
    let first = segments.next().unwrap_or("").trim_end_matches(".rs");
    match first {
        "use_cases" => match segments.next() {
            Some(name) => format!("use_cases::{}", name.trim_end_matches(".rs")),
            None => first.to_owned(),
        },
        _ => first.to_owned(),
    }
}

/// Edges between the modules of a crate's `src/` (top-level modules, and each use case),
/// from `crate::` paths in code (comments are skipped; `lib.rs` and `main.rs`, the crate
/// root, are left out: it declares every module).
fn module_graph(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let folder = CRATES.iter().find(|(name, _)| *name == krate).unwrap().1;
    let src = root().join(folder).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let components: Vec<String> =
            relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if components == ["use_cases", "mod.rs"] {
            continue; // it only declares the use cases
        }
        let module = node(components.iter().map(String::as_str));
        if ["lib", "main", "bin"].contains(&module.as_str()) {
            continue;
        }
        let code: String = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let targets = graph.entry(module.clone()).or_default();
        for (index, _) in code.match_indices("crate::") {
            let rest = &code[index + "crate::".len()..];
            let paths: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                group[..group.find('}').unwrap_or(0)].split(',').map(str::trim).collect()
            } else {
                vec![rest.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).next().unwrap_or("")]
            };
            for path in paths {
                let name = node(path.split("::").filter(|s| !s.is_empty()));
                // Lower-case names are modules; capitalised ones are items of the crate root.
                if name.starts_with(|c: char| c.is_ascii_lowercase()) && name != module {
                    targets.insert(name);
                }
            }
        }
    }
    graph
}

#[test]
fn the_building_blocks_of_shared_never_reach_up_into_a_use_case() {
    let use_cases = use_cases();
    assert!(use_cases.len() >= 15 && use_cases.contains("generation"), "{use_cases:?}");
    let graph = module_graph("shared");
    for (module, targets) in &graph {
        if module.starts_with("use_cases") {
            continue;
        }
        let up: Vec<&String> = targets.iter().filter(|t| t.starts_with("use_cases")).collect();
        assert!(up.is_empty(), "the building block {module} uses {up:?}");
    }
    // Every use case is a node of the graph, so none escapes the cycle check below.
    for name in &use_cases {
        assert!(graph.contains_key(&format!("use_cases::{name}")), "{name}");
    }
}

/// A cycle in the graph, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_a_cycle_between_its_modules() {
    for krate in ["shared", "api", "worker", "domain", "storage", "providers"] {
        let graph = module_graph(krate);
        assert!(graph.len() > 2, "{krate}: {graph:?}");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{krate}: modules import each other in a cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let graph = BTreeMap::from([
        ("a".to_owned(), BTreeSet::from(["b".to_owned()])),
        ("b".to_owned(), BTreeSet::from(["c".to_owned()])),
        ("c".to_owned(), BTreeSet::from(["a".to_owned()])),
    ]);
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    let acyclic = BTreeMap::from([("a".to_owned(), BTreeSet::from(["b".to_owned()]))]);
    assert!(find_cycle(&acyclic).is_none());
}
