#!/usr/bin/env python3
"""Generates dialects/pytorch/<version>.jsonl from the TorchScript operator registry of the
`torch` PyPI package (torch._C._jit_get_all_schemas: every aten::, prim::, quantized::, ...
operator with every overload).

    python3 -m venv /tmp/torchv && /tmp/torchv/bin/pip install torch
    /tmp/torchv/bin/python dialects/gen/torch_schemas.py

One line per overload, keyed "ns::name.overload" (no ".overload" for the default overload):

    {"name": "aten::add.Tensor",
     "args": [{"name": "self", "type": "Tensor"}, {"name": "other", "type": "Tensor"},
              {"name": "alpha", "type": "Scalar", "default": 1, "kwarg_only": true}],
     "returns": [{"type": "Tensor"}],
     "schema": "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"}

Argument order is the positional order of the call. "type" is the schema type (`int[2]`,
`Tensor?`, `Scalar`, `t[]`), "alias" the alias annotation (`a!` = writes alias set a, `a` =
aliases it), "default" the default value (JSON null is the default `None`), "kwarg_only" for
arguments after `*`. "vararg"/"varret" mark `...` schemas. "schema" is the schema exactly as
torch prints it, for reading.
"""

import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(os.path.dirname(HERE), "pytorch")


def alias(info):
    if info is None:
        return None
    before = "|".join(sorted(info.before_set))
    text = before + ("!" if info.is_write else "")
    after = "|".join(sorted(info.after_set))
    if after and after != before:
        text += " -> " + after
    return text or None


def jsonable(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else repr(v)
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, complex):
        return [v.real, v.imag]
    return str(v)


def split_top(text):
    """Splits `a, b(c, d), e[1, 2]` at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def schema_types(text):
    """The schema-syntax types of the arguments and returns of a printed schema, in order
    (`SymInt[2]`, `Tensor?`), alias annotations removed."""
    head, _, rets = text.partition(") -> ")
    args = head[head.index("(") + 1:]
    arg_types = []
    for a in split_top(args):
        if a in ("*", "..."):
            continue
        decl = a.split("=", 1)[0].strip()
        arg_types.append(decl.rsplit(" ", 1)[0] if " " in decl else decl)
    rets = rets.strip()
    if rets.startswith("(") and rets.endswith(")"):
        rets = rets[1:-1]
    ret_types = []
    for r in split_top(rets):
        if r in ("...", ""):
            continue
        # `Tensor(a!) out` or `Tensor`: a return may be named.
        ret_types.append(r.rsplit(" ", 1)[0] if " " in r and not r.endswith(")") else r)
    strip = lambda t: re.sub(r"Tensor\([^)]*\)", "Tensor", t)  # noqa: E731
    return [strip(t) for t in arg_types], [strip(t) for t in ret_types]


def arg_json(a, ty, is_return=False):
    out = {}
    if a.name:
        out["name"] = a.name
    out["type"] = ty
    al = alias(a.alias_info)
    if al:
        out["alias"] = al
    if not is_return:
        if a.has_default_value():
            out["default"] = jsonable(a.default_value)
        if a.kwarg_only:
            out["kwarg_only"] = True
    return out


def schema_json(s):
    name = s.name + ("." + s.overload_name if s.overload_name else "")
    out = {"name": name}
    text = str(s)
    arg_types, ret_types = schema_types(text)
    if len(arg_types) != len(s.arguments) or len(ret_types) != len(s.returns):
        arg_types = [str(a.type) for a in s.arguments]
        ret_types = [str(r.type) for r in s.returns]
    out["args"] = [arg_json(a, t) for a, t in zip(s.arguments, arg_types)]
    out["returns"] = [arg_json(r, t, True) for r, t in zip(s.returns, ret_types)]
    if "(...)" in text:
        out["vararg"] = True
    if text.endswith("-> ..."):
        out["varret"] = True
    out["schema"] = text
    return out


def main():
    import torch

    schemas = torch._C._jit_get_all_schemas()
    table = {}
    for s in schemas:
        j = schema_json(s)
        table.setdefault(j["name"], j)  # a name registered twice keeps its first schema
    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    header = {
        "namespace": "amanda/pytorch/" + version,
        "framework": "pytorch",
        "type_system": "torchscript",
        "generator": "dialects/gen/torch_schemas.py",
        "source": "torch %s (PyPI), torch._C._jit_get_all_schemas" % torch.__version__,
        "op_count": len(table),
    }
    out = os.path.join(OUT_DIR, version + ".jsonl")
    nsfile.write(out, header, [table[n] for n in sorted(table)])
    print("%s: %d schemas" % (out, len(table)))


if __name__ == "__main__":
    main()
