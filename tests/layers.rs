//! The house rules of `docs/architecture.md` as tests, checked against the source (no device,
//! no OpenCL):
//! - the layer table: every `crate::…` path in `src/` (in `use` lines and inline, grouped
//!   `crate::{a, b}` included; comments skipped) names a module the importing module's row
//!   allows, and the modules form no cycle;
//! - the file graph (`crate::`, `super::` and `self::` paths resolved to the files that define
//!   them, test modules left out): the planning layer of `vc` reaches no runtime, executor,
//!   generator, request or route file, transitively, and no import cycle holds more than
//!   [`MAX_FILE_CYCLE`] files;
//! - every `src/**/*.rs` file is named on the map of `docs/architecture.md`.
//!
//! The unit tests at the end feed the checkers an upward import, a cycle, a transitive reach,
//! a large file cycle and an unmapped file, and see each fail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[path = "layers/graph.rs"]
mod graph;
#[path = "layers/map.rs"]
mod map;

use graph::{big_cycles, file_graph, reach_violations};
use map::unmapped;

/// Each top-level module and the modules it may import (`cli` may import any).
const LAYERS: &[(&str, &[&str])] = &[
    ("error", &[]),
    ("transform", &[]),
    ("clgen", &[]),
    ("settings", &[]),
    ("runtime", &["error", "settings"]),
    ("io", &["error", "transform"]),
    ("reference", &["error", "field", "io", "transform"]),
    ("field", &["clgen", "error", "runtime", "settings"]),
    ("storage", &["clgen", "error", "io", "transform"]),
    (
        "ntt",
        &[
            "clgen",
            "error",
            "field",
            "io",
            "model",
            "reference",
            "runtime",
            "settings",
            "stats",
            "transform",
        ],
    ),
    (
        "fft",
        &[
            "clgen",
            "error",
            "io",
            "model",
            "reference",
            "runtime",
            "storage",
            "transform",
        ],
    ),
    (
        "gfp",
        &[
            "clgen",
            "error",
            "field",
            "io",
            "model",
            "reference",
            "runtime",
            "settings",
            "transform",
        ],
    ),
    (
        "vc",
        &[
            "clgen",
            "error",
            "io",
            "model",
            "reference",
            "runtime",
            "settings",
            "storage",
            "transform",
        ],
    ),
    (
        "stats",
        &[
            "clgen",
            "error",
            "fft",
            "io",
            "runtime",
            "settings",
            "transform",
            "vc",
        ],
    ),
    (
        "mvl",
        &[
            "error",
            "io",
            "model",
            "reference",
            "runtime",
            "settings",
            "transform",
            "vc",
        ],
    ),
    (
        "mul",
        &[
            "error",
            "field",
            "io",
            "ntt",
            "reference",
            "runtime",
            "settings",
        ],
    ),
    (
        "mpi",
        &[
            "error",
            "fft",
            "io",
            "mvl",
            "reference",
            "runtime",
            "settings",
            "transform",
            "vc",
        ],
    ),
    (
        "bench",
        &[
            "clgen",
            "error",
            "fft",
            "io",
            "mul",
            "reference",
            "runtime",
            "settings",
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
            "model",
            "mvl",
            "reference",
            "runtime",
            "settings",
            "transform",
            "vc",
        ],
    ),
    ("model", &["error", "runtime", "settings", "transform"]),
    (
        "report",
        &[
            "error",
            "fft",
            "gfp",
            "model",
            "mul",
            "mvl",
            "ntt",
            "routes",
            "runtime",
            "settings",
            "transform",
            "vc",
        ],
    ),
    ("cli", &["*"]),
];

/// Files (or folders, ending in `/`) under `src/` that are plain data and the paths they must
/// not use directly (the planning layer's closure is [`PLANNING`]'s).
const PLAIN_DATA: &[(&str, &[&str])] = &[
    ("vc/plan.rs", &["vc::kernels", "vc::execute", "runtime"]),
    ("vc/schedule.rs", &["vc::kernels", "vc::execute"]),
    (
        "vc/kernel_spec.rs",
        &["vc::kernels", "vc::execute", "runtime"],
    ),
    ("vc/fused/", &["vc::kernels", "vc::execute"]),
    (
        "vc/wht/schedule.rs",
        &["vc::wht::kernels", "vc::wht::execute", "runtime"],
    ),
];

/// The planning layer of `vc` (files, or folders ending in `/`): plain data and pure functions
/// that a generator, the executor or a tuner reads.
const PLANNING: &[&str] = &[
    "vc/plan.rs",
    "vc/schedule.rs",
    "vc/kernel_spec.rs",
    "vc/fused/",
    "vc/half_edge.rs",
    "storage/mod.rs",
    "vc/rows.rs",
    "vc/coeffs.rs",
    "vc/cpu_cache.rs",
];

/// What no file the planning layer reaches (transitively) may be: the OpenCL runtime, the
/// executor and its host side, the generators, the request and its route.
const BELOW_PLANNING_BANS: &[&str] = &[
    "runtime/",
    "vc/execute.rs",
    "vc/host.rs",
    "vc/host_cpu.rs",
    "vc/half_host.rs",
    "vc/limits.rs",
    "vc/overlap/",
    "vc/stream/",
    "vc/kernels/",
    "vc/request.rs",
    "vc/route.rs",
    "routes/",
];

/// The most files one import cycle may hold (issue 42: the `vc` knot held 23).
const MAX_FILE_CYCLE: usize = 6;

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
    let mut errors = violations(&files, LAYERS, PLAIN_DATA);
    let graph = file_graph(&files);
    errors.extend(reach_violations(&graph, PLANNING, BELOW_PLANNING_BANS));
    errors.extend(big_cycles(&graph, MAX_FILE_CYCLE));
    assert!(
        errors.is_empty(),
        "layer violations:\n{}",
        errors.join("\n")
    );
}

#[test]
fn every_src_file_is_on_the_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &root.join("src"), &mut files);
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the map");
    let missing = unmapped(&files, &doc);
    assert!(
        missing.is_empty(),
        "files not on docs/architecture.md's map:\n{}",
        missing.join("\n")
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

#[test]
fn a_transitive_reach_fails() {
    // The plan names nothing banned itself; its import two files down does.
    let files = [
        file("vc/plan.rs", "use super::storage::HalfStorage;"),
        file(
            "vc/storage.rs",
            "use crate::vc::{request::Request, half_io};",
        ),
        file("vc/half_io.rs", ""),
        file(
            "vc/request.rs",
            "fn f() { crate::runtime::knobs::Knobs::from_env(); }",
        ),
        file("runtime/knobs.rs", ""),
    ];
    let graph = file_graph(&files);
    assert_eq!(
        graph["vc/storage.rs"],
        BTreeSet::from(["vc/half_io.rs".to_string(), "vc/request.rs".to_string()])
    );
    let errors = reach_violations(&graph, &["vc/plan.rs"], &["vc/request.rs"]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("vc/plan.rs -> vc/storage.rs -> vc/request.rs"),
        "{errors:?}"
    );
    // Test modules do not count.
    let tests_only = [
        file(
            "vc/plan.rs",
            "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::vc::request::R;\n}\n",
        ),
        file("vc/request.rs", ""),
    ];
    let graph = file_graph(&tests_only);
    assert!(graph["vc/plan.rs"].is_empty(), "{graph:?}");
}

#[test]
fn a_large_file_cycle_fails() {
    // a0 -> a1 -> … -> a6 -> a0: seven files; super:: paths resolve like crate:: ones.
    let mut files: Vec<_> = (0..7)
        .map(|i| {
            file(
                &format!("m/a{i}.rs"),
                &format!("use super::a{}::X;", (i + 1) % 7),
            )
        })
        .collect();
    files.push(file("m/mod.rs", ""));
    let graph = file_graph(&files);
    let errors = big_cycles(&graph, 6);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("7 files"), "{errors:?}");
    assert!(big_cycles(&graph, 7).is_empty());
}

#[test]
fn an_unmapped_file_fails() {
    let doc = "## The folders\n\n```\nsrc/lib.rs  root\nsrc/vc/  the VC\n  plan.rs  plans\n  fused/  pass.rs (passes)\n```\n";
    let files = [
        file("lib.rs", ""),
        file("vc/mod.rs", ""),
        file("vc/plan.rs", ""),
        file("vc/fused/pass.rs", ""),
        file("vc/fused/plan.rs", ""),
        file("vc/route.rs", ""),
        file("io/npy.rs", ""),
    ];
    assert_eq!(unmapped(&files, doc), ["src/vc/route.rs", "src/io/npy.rs"]);
}
