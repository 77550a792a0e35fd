#!/usr/bin/env python3
"""The one `--json` report schema (docs/user-guide.md) read by name, for the scripts that pick
fields such as `kernel_ms` or `passes` out of a report: `flat(doc)` merges the sections
into one object (the plan's fields, then `details`, then `timing`, each over the one before;
`device`, `transform`, `plan` and `check` also kept whole under their names), as the reports
were before the schema; a report of another shape (an archived run, `tune`, `devices`) passes unchanged.

As a filter: `jitfft vc ... --json | python3 tools/report_flat.py` prints the merged report on
one line (a JSON Lines row, without the newline: the scripts add it, as after `tr -d '\\n'`)."""
import json
import sys


def flat(doc):
    if not (isinstance(doc, dict) and "details" in doc and "timing" in doc):
        return doc
    plan = doc.get("plan")
    out = dict(plan) if isinstance(plan, dict) else {}
    out.update(doc["details"])
    out.update(doc["timing"])
    out.update({k: doc[k] for k in ("device", "transform", "plan", "check") if k in doc})
    return out


if __name__ == "__main__":
    text = sys.stdin.read()
    try:
        sys.stdout.write(json.dumps(flat(json.loads(text))))
    except ValueError:
        # Not one JSON document (a failed run): the text on one line, as `tr -d '\\n'` gave.
        sys.stdout.write(text.replace("\n", ""))
