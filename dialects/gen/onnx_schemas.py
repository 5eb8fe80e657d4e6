#!/usr/bin/env python3
"""Generates dialects/onnx/ai.onnx.jsonl and dialects/onnx/ai.onnx.ml.jsonl from the operator
schemas registered in the `onnx` PyPI package (onnx.defs.get_all_schemas_with_history: every
version of every operator).

    python3 -m venv /tmp/onnxv && /tmp/onnxv/bin/pip install onnx
    /tmp/onnxv/bin/python dialects/gen/onnx_schemas.py

One line per (operator, since_version):

    {"name": "Conv", "since": 11,
     "inputs":  [{"name": "X", "type": "T"}, {"name": "B", "type": "T", "optional": true}],
     "outputs": [{"name": "Y", "type": "T"}],
     "types":   {"T": ["tensor(float16)", "tensor(float)", "tensor(double)"]},
     "attrs":   [{"name": "auto_pad", "type": "string", "default": "NOTSET"},
                 {"name": "kernel_shape", "type": "ints"}, ...]}

Inputs/outputs: "optional": true, or "variadic": true with "min" (the minimum count, when not
1) and "heterogeneous": true when the variadic values may differ in type. A port "type" is a
type parameter of "types" or a literal ONNX type string. Attributes: "type" is the
AttributeProto type in lower case (int, float, string, tensor, graph, ints, floats, strings,
tensors, graphs, sparse_tensor, type_proto, ...), "required": true, or "default".
A deprecated schema is {"name", "since", "deprecated": true}: the op is gone from that opset on.

The header's "first"/"last" give the opset range of the domain: namespace
amanda/onnx/opset-N holds, for every op, its line with the greatest "since" <= N.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(os.path.dirname(HERE), "onnx")

DOMAINS = {"": ("ai.onnx", "amanda/onnx"), "ai.onnx.ml": ("ai.onnx.ml", "amanda/onnx/ml")}


def port(p, defs):
    out = {"name": p.name, "type": p.type_str}
    opt = p.option
    if opt == defs.OpSchema.FormalParameterOption.Optional:
        out["optional"] = True
    elif opt == defs.OpSchema.FormalParameterOption.Variadic:
        out["variadic"] = True
        if p.min_arity != 1:
            out["min"] = p.min_arity
        if not p.is_homogeneous:
            out["heterogeneous"] = True
    return out


def default(helper, numpy_helper, a):
    dv = a.default_value
    if not dv.name and not dv.type:
        return None
    v = helper.get_attribute_value(dv)
    if isinstance(v, bytes):
        return v.decode("utf-8", "backslashreplace")
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    if isinstance(v, list):
        return [x.decode("utf-8", "backslashreplace") if isinstance(x, bytes) else x for x in v]
    if hasattr(v, "dims"):  # a TensorProto
        arr = numpy_helper.to_array(v)
        return {"tensor": arr.tolist(), "dtype": str(arr.dtype)}
    return v


def schema_json(s, defs, helper, numpy_helper):
    out = {"name": s.name, "since": s.since_version}
    if s.deprecated:
        out["deprecated"] = True
        return out
    out["inputs"] = [port(p, defs) for p in s.inputs]
    out["outputs"] = [port(p, defs) for p in s.outputs]
    out["types"] = {c.type_param_str: list(c.allowed_type_strs) for c in s.type_constraints}
    attrs = []
    for name in sorted(s.attributes):
        a = s.attributes[name]
        entry = {"name": name, "type": a.type.name.lower()}
        if a.required:
            entry["required"] = True
        else:
            d = default(helper, numpy_helper, a)
            if d is not None:
                entry["default"] = d
        attrs.append(entry)
    out["attrs"] = attrs
    return out


def main():
    import onnx
    from onnx import defs, helper, numpy_helper

    ranges = defs.C.schema_version_map()
    by_domain = {d: [] for d in DOMAINS}
    for s in defs.get_all_schemas_with_history():
        if s.domain in by_domain:
            by_domain[s.domain].append(s)
    for domain, (file_stem, namespace) in DOMAINS.items():
        schemas = sorted(by_domain[domain], key=lambda s: (s.name, s.since_version))
        first, last = ranges[domain]
        header = {
            "namespace": namespace,
            "framework": "onnx",
            "domain": file_stem,
            "type_system": "onnx",
            "versioned": "since",
            "version_prefix": "opset-",
            "first": first,
            "last": last,
            "generator": "dialects/gen/onnx_schemas.py",
            "source": "onnx %s (PyPI), onnx.defs.get_all_schemas_with_history" % onnx.__version__,
            "op_count": len({s.name for s in schemas}),
        }
        out = os.path.join(OUT_DIR, file_stem + ".jsonl")
        nsfile.write(out, header, [schema_json(s, defs, helper, numpy_helper) for s in schemas])
        print("%s: %d schemas of %d ops, opsets %d..%d" % (out, len(schemas), header["op_count"], first, last))


if __name__ == "__main__":
    main()
