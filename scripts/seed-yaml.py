#!/usr/bin/env python3
"""Prints one YAML example of the Amanda design document (a seed in ../shared/seeds/).

    seed-yaml.py namespace amanda/tensorflow/1.13.1   # the design's namespace schema
    seed-yaml.py graph amanda/tensorflow/1.13.1       # the design's example graph
    seed-yaml.py table 2                              # the design's 2nd mapping table

The design document is not part of this repository (it carries no licence to copy it), so
tests read its examples from where the seeds live: $AMANDA_SEEDS, else ../shared/seeds next
to the repository. The document is the seed whose first line is "# The Design of Amanda";
an example is a ```yaml block whose first line is `namespace:` (a schema, selected by its
`name:`) or `graph:` (a graph, selected by its `namespace:`).

Exit status: 0 with the block on stdout; 2 when the seeds or the example are missing.
tests/namespaces.rs finds the same blocks (`seed_yaml`); lit.cfg enables the `seeds` feature
when the folder exists.
"""

import os
import re
import sys


def seeds_dir():
    explicit = os.environ.get("AMANDA_SEEDS")
    if explicit:
        return explicit
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(repo, "..", "shared", "seeds")


def design_doc(folder):
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if text.startswith("# The Design of Amanda"):
            return text
    return None


def find(text, kind, name):
    key = "name" if kind == "namespace" else "namespace"
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        if block.startswith(kind + ":\n") and re.search(r"^  %s: %s$" % (key, re.escape(name)), block, re.M):
            return block
    return None


def find_table(text, n):
    """The n-th (1-based) ```yaml block that starts with `table:`."""
    tables = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if b.startswith("table:\n")]
    return tables[n - 1] if 0 < n <= len(tables) else None


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("namespace", "graph", "table"):
        sys.exit("usage: seed-yaml.py namespace|graph NAME | table N")
    folder = seeds_dir()
    if not os.path.isdir(folder):
        print("seed-yaml.py: no seeds at %s (set AMANDA_SEEDS)" % folder, file=sys.stderr)
        sys.exit(2)
    text = design_doc(folder)
    if sys.argv[1] == "table":
        block = find_table(text, int(sys.argv[2])) if text and sys.argv[2].isdigit() else None
    else:
        block = find(text, sys.argv[1], sys.argv[2]) if text else None
    if block is None:
        print("seed-yaml.py: no %s example named %s in the design document" % (sys.argv[1], sys.argv[2]), file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(block)


if __name__ == "__main__":
    main()
