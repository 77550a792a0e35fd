//! Which files under `src/` the map of `docs/architecture.md` leaves off.

/// The files under `src/` that the map (the code block under `## The folders` of
/// `docs/architecture.md`) does not name. The map is read in sections, one per line that
/// starts with a `src/` path; a file belongs to the longest section folder above it (or to
/// the section of its own path) and is named when that section names every folder between
/// (`fused/`) and the file's name (`pass.rs`; a `mod.rs` is its folder's entry).
pub fn unmapped(files: &[(String, String)], doc: &str) -> Vec<String> {
    let block = doc
        .split_once("## The folders")
        .and_then(|(_, rest)| rest.split("```").nth(1))
        .unwrap_or("");
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in block.lines() {
        if let Some(head) = line.strip_prefix("src/") {
            let key = head.split_whitespace().next().unwrap_or("").to_string();
            sections.push((key, String::new()));
        }
        if let Some((_, text)) = sections.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || "_./".contains(c)))
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    };
    let mut out = Vec::new();
    for (rel, _) in files {
        let section = sections
            .iter()
            .filter(|(k, _)| k == rel || (k.ends_with('/') && rel.starts_with(k.as_str())))
            .max_by_key(|(k, _)| k.len());
        let named = section.is_some_and(|(k, text)| {
            if k == rel {
                return true;
            }
            let ws = words(text);
            let rest: Vec<&str> = rel[k.len()..].split('/').collect();
            let (name, folders) = rest.split_last().unwrap();
            let has = |part: &str, folder: bool| {
                ws.iter()
                    .any(|w| (!folder || w.ends_with('/')) && w.split('/').any(|p| p == part))
            };
            folders.iter().all(|d| has(d, true)) && (*name == "mod.rs" || has(name, false))
        });
        if !named {
            out.push(format!("src/{rel}"));
        }
    }
    out
}
