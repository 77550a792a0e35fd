//! The layer table of `docs/architecture.md` as data, checked against the source: every
//! `crate::…` path in `src/` (in `use` lines and inline, grouped `crate::{a, b}` included;
//! comments skipped) must name a module the importing module's row allows, the plain-data
//! planning files of `vc` must not reach the generators or the executor, and the modules must
//! form no cycle. Oracle: the table below (no device, no OpenCL). The unit tests at the end
//! feed the checker an upward import and a cycle and see it fail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module and the modules it may import (`cli` may import any).
const LAYERS: &[(&str, &[&str])] = &[
    ("error", &[]),
    ("transform", &[]),
    ("clgen", &[]),
    ("runtime", &["error"]),
    ("io", &["error", "transform"]),
    ("reference", &["error", "io", "transform"]),
    ("field", &["clgen", "error", "runtime"]),
    (
        "ntt",
        &["clgen", "error", "field", "io", "runtime", "stats"],
    ),
    ("gfp", &["clgen", "error", "io", "runtime"]),
    ("wht", &["clgen", "error", "io", "runtime", "transform"]),
    (
        "vc",
        &["clgen", "error", "io", "reference", "runtime", "transform"],
    ),
    (
        "stats",
        &["clgen", "error", "io", "runtime", "transform", "vc"],
    ),
    (
        "mvl",
        &["error", "io", "reference", "runtime", "transform", "vc"],
    ),
    ("mul", &["error", "field", "io", "ntt", "runtime"]),
    ("wht", &["error", "io", "runtime"]),
    (
        "mpi",
        &[
            "error",
            "io",
            "mvl",
            "reference",
            "runtime",
            "transform",
            "vc",
        ],
    ),
    (
        "bench",
        &[
            "clgen",
            "error",
            "io",
            "mul",
            "reference",
            "runtime",
            "stats",
            "transform",
            "vc",
        ],
    ),
    (
        "routes",
        &[
            "error",
            "io",
            "mvl",
            "reference",
            "runtime",
            "transform",
            "vc",
        ],
    ),
    ("cli", &["*"]),
];

/// Files (or folders, ending in `/`) under `src/` that are plain data and the paths they must
/// not use: the VC plan, schedule and fused planning sit below the generators and executor.
const PLAIN_DATA: &[(&str, &[&str])] = &[
    ("vc/plan.rs", &["vc::kernels", "vc::execute", "runtime"]),
    ("vc/schedule.rs", &["vc::kernels", "vc::execute"]),
    (
        "vc/kernel_spec.rs",
        &["vc::kernels", "vc::execute", "runtime"],
    ),
    ("vc/fused/", &["vc::kernels", "vc::execute"]),
    (
        "wht/schedule.rs",
        &["wht::kernels", "wht::execute", "runtime"],
    ),
];

/// The code of a file without its comments (line comments, doc comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that follows `crate::` in `text`, as written up to its first non-path character
/// (`vc::kernels::ct_cg`); a group `crate::{a::b, c}` gives `a::b` and `c`.
fn crate_paths(text: &str) -> Vec<String> {
    let code = code(text);
    let mut out = Vec::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        // `$crate::` of macros and `jitfft_crate::`-like names are not paths of this crate.
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(j, _)| j);
            let mut level = 0;
            let mut item = String::new();
            for c in group[..end].chars() {
                match c {
                    '{' => level += 1,
                    '}' => level -= 1,
                    ',' if level == 0 => out.push(std::mem::take(&mut item)),
                    _ if level == 0 => item.push(c),
                    _ => {}
                }
            }
            out.push(item);
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            out.push(rest[..end].to_string());
        }
    }
    out.into_iter()
        .map(|p| p.split_whitespace().collect::<String>())
        .map(|p| p.trim_end_matches(':').to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The top-level module a file under `src/` belongs to (`vc/fused/pass.rs` → `vc`,
/// `error.rs` → `error`); `None` for the crate root files.
fn module_of(rel: &str) -> Option<&str> {
    let first = rel.split('/').next()?;
    let m = first.strip_suffix(".rs").unwrap_or(first);
    (m != "lib" && m != "main").then_some(m)
}

/// What is wrong with `files` (path under `src/`, text) against the tables: upward imports,
/// plain-data files reaching up, and cycles between modules.
fn violations(
    files: &[(String, String)],
    layers: &[(&str, &[&str])],
    plain: &[(&str, &[&str])],
) -> Vec<String> {
    let table: BTreeMap<&str, &[&str]> = layers.iter().copied().collect();
    let mut errors = Vec::new();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, text) in files {
        let Some(module) = module_of(rel) else {
            continue;
        };
        let Some(allowed) = table.get(module) else {
            errors.push(format!(
                "src/{rel}: module `{module}` has no row in the layer table"
            ));
            continue;
        };
        for path in crate_paths(text) {
            for (file, banned) in plain {
                let hit = if file.ends_with('/') {
                    rel.starts_with(file)
                } else {
                    rel == file
                };
                if let Some(b) = banned
                    .iter()
                    .find(|b| hit && (path == **b || path.starts_with(&format!("{b}::"))))
                {
                    errors.push(format!(
                        "src/{rel}: `crate::{path}` — plain data must not use {b}"
                    ));
                }
            }
            let target = path.split("::").next().unwrap_or("");
            // Root items (macros, re-exports such as `crate::Result`) are not modules.
            if target == module || !table.contains_key(target) {
                continue;
            }
            graph
                .entry(module.to_string())
                .or_default()
                .insert(target.to_string());
            if !allowed.contains(&"*") && !allowed.contains(&target) {
                errors.push(format!(
                    "src/{rel}: `crate::{path}` — {module} may import only {allowed:?}"
                ));
            }
        }
    }
    errors.extend(cycles(&graph));
    errors
}

/// One message per cycle found by depth-first search of the module graph.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        out: &mut Vec<String>,
    ) {
        if let Some(i) = stack.iter().position(|s| s == m) {
            out.push(format!(
                "cycle between modules: {} -> {m}",
                stack[i..].join(" -> ")
            ));
            return;
        }
        if !done.insert(m.to_string()) {
            return;
        }
        stack.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            visit(next, graph, stack, done, out);
        }
        stack.pop();
    }
    let mut out = Vec::new();
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        visit(m, graph, &mut Vec::new(), &mut done, &mut out);
    }
    out
}

/// Every `.rs` file under `dir`, with its path relative to `root`.
fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root)
                .expect("under src")
                .to_string_lossy();
            let text = std::fs::read_to_string(&path).expect("readable source");
            out.push((rel.replace('\\', "/"), text));
        }
    }
}

#[test]
fn src_follows_the_layer_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    assert!(files.len() > 100, "found only {} files", files.len());
    let errors = violations(&files, LAYERS, PLAIN_DATA);
    assert!(
        errors.is_empty(),
        "layer violations:\n{}",
        errors.join("\n")
    );
}

fn file(rel: &str, text: &str) -> (String, String) {
    (rel.to_string(), text.to_string())
}

#[test]
fn an_upward_import_fails() {
    let bad = [file(
        "io/npy_stream.rs",
        "use crate::error::Result;\nuse crate::vc::DeviceComplex;\n",
    )];
    let errors = violations(&bad, LAYERS, PLAIN_DATA);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("crate::vc::DeviceComplex"), "{errors:?}");
    // Grouped and inline paths count; comments do not.
    let grouped = [file(
        "runtime/x.rs",
        "// crate::vc in a comment\nuse crate::{error::Result, mvl::bent};\nfn f() { crate::io::random::fresh_seed(); }\n",
    )];
    let errors = violations(&grouped, LAYERS, PLAIN_DATA);
    assert_eq!(errors.len(), 2, "{errors:?}");
    let plain = [file(
        "vc/schedule.rs",
        "use crate::vc::kernels::ct_cg::VcKernelSpec;\n",
    )];
    let errors = violations(&plain, LAYERS, PLAIN_DATA);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("plain data"), "{errors:?}");
}

#[test]
fn a_cycle_fails() {
    let open: &[(&str, &[&str])] = &[("a", &["*"]), ("b", &["*"]), ("c", &["*"])];
    let files = [
        file("a/x.rs", "use crate::b::X;"),
        file("b.rs", "use crate::c::Y;"),
        file("c/mod.rs", "fn f() { crate::a::z(); }"),
    ];
    let errors = violations(&files, open, &[]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("a -> b -> c -> a"), "{errors:?}");
}
