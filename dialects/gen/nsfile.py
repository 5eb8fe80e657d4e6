"""Shared writer/reader for amanda-opt namespace files (dialects/<framework>/*.jsonl).

A namespace file is JSON Lines: the first line is a header object, every other line is one op
schema object whose first key is "name" (amanda-opt indexes the file by that prefix without
parsing the lines, and parses one line the first time its op is looked up). Lines are sorted
by name (then by "since" for ONNX), one op per line, so a diff between two generator runs
shows exactly the ops that changed.

Header keys:
  namespace   the namespace the file defines ("amanda/tensorflow/2.21")
  inherits    optional: the namespace it extends; ops not in this file come from there
  removed     optional: op names the parent has and this version does not
  framework, type_system, generator, source: provenance (the package version read)
  versioned   optional ("since"): lines carry a "since" opset number and the file defines
              every opset from its header's "first" to "last" (ONNX)
"""

import json


def dumps(obj):
    """One compact line; keys keep their insertion order ("name" first)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def write(path, header, ops):
    """Writes header + ops (already in the order to keep) to path."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(header) + "\n")
        for op in ops:
            assert next(iter(op)) == "name", op
            f.write(dumps(op) + "\n")


def read(path):
    """Returns (header, {name: op}) of one file (not following `inherits`)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    ops = {}
    for line in lines[1:]:
        if line.strip():
            op = json.loads(line)
            ops[op["name"]] = op
    return header, ops


def resolve(path, folder_of=None):
    """Full op table of the namespace in `path`, following `inherits` to sibling files named
    after the last path component of the parent namespace."""
    import os

    header, ops = read(path)
    parent = header.get("inherits")
    if not parent:
        return header, ops
    parent_path = os.path.join(os.path.dirname(path), parent.rsplit("/", 1)[-1] + ".jsonl")
    _, base = resolve(parent_path)
    merged = dict(base)
    for name in header.get("removed", []):
        merged.pop(name, None)
    merged.update(ops)
    return header, merged


def delta(base_ops, new_ops):
    """(changed or added ops, removed names) that turn base_ops into new_ops."""
    changed = {n: op for n, op in new_ops.items() if base_ops.get(n) != op}
    removed = sorted(n for n in base_ops if n not in new_ops)
    return changed, removed
