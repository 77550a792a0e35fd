#!/usr/bin/env python3
"""Check the repository's Markdown: every relative link resolves, every table is whole.

Files checked: README.md, every *.md under docs/, and every README.md under bench-results/.
- A relative link `[text](path)` or `[label]: path` (anchors and `?query` dropped) must name a
  file or folder that exists, resolved from the linking file's folder. URLs (`scheme:`) and
  in-page anchors (`#...`) are not checked. Fenced code blocks and inline code are skipped.
- A table row must have as many cells as its header row (GitHub renders extra cells nowhere
  and missing ones empty, so a broken row is silent on the page). `\\|` is a literal pipe.

Usage: python3 tools/check_links.py [ROOT]   (ROOT defaults to the repository root)
Prints one line per problem as `file:line: message`; exits 1 if there is any, else 0.
"""
import os
import re
import sys

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[(?!\^)[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
TABLE_DELIMITER = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def markdown_files(root):
    """The files whose links and tables are checked, relative to root, sorted."""
    found = []
    if os.path.isfile(os.path.join(root, "README.md")):
        found.append("README.md")
    for top, only_readme in (("docs", False), ("bench-results", True)):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name == "README.md" or (not only_readme and name.endswith(".md")):
                    found.append(os.path.relpath(os.path.join(folder, name), root))
    return found


def prose_lines(text):
    """(line number, line) for lines outside fenced code blocks, inline code removed."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and marker:
            fence = marker.group(1)[0] * len(marker.group(1))
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield number, INLINE_CODE.sub("code", line)


def link_targets(line):
    """The link targets a prose line names (inline links and reference definitions)."""
    targets = [m.group(1) for m in INLINE_LINK.finditer(line)]
    definition = REFERENCE_DEF.match(line)
    if definition:
        targets.append(definition.group(1))
    return targets


def broken_links(root, rel_path, text):
    """Problems with the relative links of one file."""
    problems = []
    base = os.path.dirname(os.path.join(root, rel_path))
    for number, line in prose_lines(text):
        for target in link_targets(line):
            if target.startswith("#") or SCHEME.match(target):
                continue
            path = re.split(r"[#?]", target, maxsplit=1)[0]
            if not path:
                continue
            resolved = os.path.normpath(os.path.join(base, path))
            if not os.path.exists(resolved):
                problems.append(f"{rel_path}:{number}: link to a missing path: {target}")
    return problems


def cell_count(row):
    """Cells of a table row: split on unescaped pipes, outer pipes optional."""
    cells = re.split(r"(?<!\\)\|", row.strip())
    if cells and cells[0].strip() == "":
        cells = cells[1:]
    if cells and cells[-1].strip() == "":
        cells = cells[:-1]
    return len(cells)


def broken_tables(rel_path, text):
    """Rows whose cell count differs from their table's header (code blocks included)."""
    problems = []
    lines = text.splitlines()
    index = 0
    while index + 1 < len(lines):
        header, delimiter = lines[index], lines[index + 1]
        if "|" in header and TABLE_DELIMITER.match(delimiter):
            width = cell_count(header)
            if cell_count(delimiter) != width:
                problems.append(f"{rel_path}:{index + 2}: delimiter row has "
                                f"{cell_count(delimiter)} cells, the header {width}")
            index += 2
            while index < len(lines) and "|" in lines[index] and lines[index].strip():
                cells = cell_count(lines[index])
                if cells != width:
                    problems.append(f"{rel_path}:{index + 1}: table row has {cells} cells, "
                                    f"its header {width}")
                index += 1
        else:
            index += 1
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = []
    files = markdown_files(root)
    for rel_path in files:
        with open(os.path.join(root, rel_path), encoding="utf-8") as handle:
            text = handle.read()
        problems += broken_links(root, rel_path, text)
        problems += broken_tables(rel_path, text)
    for problem in problems:
        print(problem)
    print(f"check_links: {len(files)} files, {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
