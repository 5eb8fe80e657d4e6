#!/usr/bin/env python3
"""Generates dialects/tensorflow/<version>.jsonl from TensorFlow's own op registry.

Run it with a Python that has the TensorFlow package whose vocabulary you want:

    python3 dialects/gen/tf_registry.py                    # writes dialects/tensorflow/<tf.__version__ major.minor>.jsonl
    /tmp/tf-old/bin/python dialects/gen/tf_registry.py     # an older tensorflow-cpu in a venv

It reads every registered OpDef (TF_GetAllOpList, the same list the C++ runtime validates
NodeDefs against) and writes one line per op:

    {"name": "Conv2D",
     "inputs":  [{"name": "input", "type_attr": "T"}, ...],      # also "type" (a fixed dtype),
     "outputs": [...],                                          # "number_attr", "type_list_attr", "is_ref"
     "attrs":   [{"name": "T", "type": "type", "allowed": ["half", ...]},
                 {"name": "data_format", "type": "string", "default": "NHWC", "allowed": ["NHWC", "NCHW"]},
                 {"name": "N", "type": "int", "minimum": 1}, ...],
     "stateful": true, "deprecated": {"version": 26, "explanation": "..."}}    # when set

Values: dtypes by TensorFlow's name without DT_ in lower case ("float", "bfloat16", "qint8");
shapes as lists of dims (-1 unknown) or "*" (unknown rank); tensors as MLIR literals
(`dense<[1, 2]> : tensor<2xi32>`); funcs by name.

A version whose sibling files already hold an older version is written as a delta: the newest
older file (by version number) becomes "inherits", and only ops that differ are written
(plus "removed" for ops the older version has and this one does not). Pass --full to write
every op instead, or --base PATH to pick the parent.
"""

import argparse
import glob
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(os.path.dirname(HERE), "tensorflow")


def dtype_name(types_pb2, v):
    return types_pb2.DataType.Name(v)[3:].lower()


MLIR_ELEM = {
    "float": "f32", "double": "f64", "half": "f16", "bfloat16": "bf16", "bool": "i1",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "string": "!tf_type.string",
}


def tensor_literal(tensor_util, types_pb2, t):
    arr = tensor_util.MakeNdarray(t)
    elem = MLIR_ELEM.get(dtype_name(types_pb2, t.dtype), dtype_name(types_pb2, t.dtype))
    shape = "x".join(str(d) for d in arr.shape)
    ty = "tensor<%s%s>" % (shape + "x" if shape else "", elem)
    if arr.ndim == 0:
        body = str(arr.item()).lower()
    else:
        body = str(arr.tolist()).replace("True", "true").replace("False", "false")
    return "dense<%s> : %s" % (body, ty)


def value(mods, v):
    """An AttrValue as a JSON value."""
    types_pb2, tensor_util = mods
    which = v.WhichOneof("value")
    if which == "s":
        return v.s.decode("utf-8", "backslashreplace")
    if which == "i":
        return v.i
    if which == "f":
        return v.f if math.isfinite(v.f) else repr(v.f)
    if which == "b":
        return v.b
    if which == "type":
        return dtype_name(types_pb2, v.type)
    if which == "shape":
        return shape(v.shape)
    if which == "tensor":
        return tensor_literal(tensor_util, types_pb2, v.tensor)
    if which == "func":
        return v.func.name
    if which == "placeholder":
        return {"placeholder": v.placeholder}
    if which == "list":
        lst = v.list
        for field in ("s", "i", "f", "b", "type", "shape", "tensor", "func"):
            items = getattr(lst, field)
            if len(items):
                return [value(mods, _wrap(field, x)) for x in items]
        return []
    return None


def _wrap(field, x):
    from tensorflow.core.framework import attr_value_pb2

    v = attr_value_pb2.AttrValue()
    if field in ("shape", "tensor", "func"):
        getattr(v, field).CopyFrom(x)
    else:
        setattr(v, field, x)
    return v


def shape(s):
    if s.unknown_rank:
        return "*"
    return [d.size for d in s.dim]


def arg(types_pb2, a):
    out = {"name": a.name}
    if a.type:
        out["type"] = dtype_name(types_pb2, a.type)
    for key in ("type_attr", "number_attr", "type_list_attr"):
        if getattr(a, key):
            out[key] = getattr(a, key)
    if a.is_ref:
        out["is_ref"] = True
    return out


def attr(mods, a):
    out = {"name": a.name, "type": a.type}
    if a.HasField("default_value"):
        out["default"] = value(mods, a.default_value)
    if a.HasField("allowed_values"):
        out["allowed"] = value(mods, a.allowed_values)
    if a.has_minimum:
        out["minimum"] = a.minimum
    return out


def op_json(mods, o):
    types_pb2 = mods[0]
    out = {"name": o.name}
    out["inputs"] = [arg(types_pb2, a) for a in o.input_arg]
    out["outputs"] = [arg(types_pb2, a) for a in o.output_arg]
    out["attrs"] = [attr(mods, a) for a in o.attr]
    if o.is_stateful:
        out["stateful"] = True
    if o.is_commutative:
        out["commutative"] = True
    if o.HasField("deprecation"):
        out["deprecated"] = {"version": o.deprecation.version, "explanation": o.deprecation.explanation}
    return out


def version_key(path):
    stem = os.path.basename(path)[: -len(".jsonl")]
    return tuple(int(p) if p.isdigit() else p for p in stem.split("."))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out-dir", default=OUT_DIR)
    ap.add_argument("--full", action="store_true", help="write every op (no inheritance)")
    ap.add_argument("--base", help="the file of the version to inherit from")
    args = ap.parse_args()

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    from tensorflow.core.framework import op_def_pb2, types_pb2
    from tensorflow.python.client import pywrap_tf_session as c_api
    from tensorflow.python.framework import tensor_util

    mods = (types_pb2, tensor_util)
    ops = op_def_pb2.OpList.FromString(c_api.TF_GetBuffer(c_api.TF_GetAllOpList()))
    version = ".".join(tf.__version__.split(".")[:2])
    table = {o.name: op_json(mods, o) for o in ops.op}
    from importlib.metadata import PackageNotFoundError, version as dist_version

    try:
        pkg, pkg_version = "tensorflow-cpu", dist_version("tensorflow-cpu")
    except PackageNotFoundError:
        pkg, pkg_version = "tensorflow", tf.__version__
    header = {
        "namespace": "amanda/tensorflow/" + version,
        "framework": "tensorflow",
        "type_system": "tensorflow",
        "generator": "dialects/gen/tf_registry.py",
        "source": "%s %s (PyPI), TF_GetAllOpList" % (pkg, pkg_version),
        "op_count": len(table),
    }
    out = os.path.join(args.out_dir, version + ".jsonl")
    base = args.base
    if not args.full and not base:
        older = [p for p in glob.glob(os.path.join(args.out_dir, "*.jsonl")) if version_key(p) < version_key(out)]
        base = max(older, key=version_key) if older else None
    written = table
    if base and not args.full:
        base_header, base_ops = nsfile.resolve(base)
        written, removed = nsfile.delta(base_ops, table)
        header["inherits"] = base_header["namespace"]
        if removed:
            header["removed"] = removed
    nsfile.write(out, header, [written[n] for n in sorted(written)])
    print("%s: %d ops (%d written)" % (out, len(table), len(written)))


if __name__ == "__main__":
    main()
