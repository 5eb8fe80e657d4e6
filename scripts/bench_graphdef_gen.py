#!/usr/bin/env python3
"""Writes a large frozen TensorFlow GraphDef for scripts/bench-graphdef.sh: a chain of
MatMul + BiasAdd + Relu layers whose weights are big `Const` nodes (`tensor_content`),
default ~200 MB, built with TensorFlow's own protobuf classes.

  bench_graphdef_gen.py OUT.pb [MEGABYTES]
"""
import sys

import numpy as np
from tensorflow.core.framework import attr_value_pb2, graph_pb2, types_pb2
from tensorflow.python.framework import tensor_util


def node(g, name, op, inputs=(), **attrs):
    n = g.node.add(name=name, op=op)
    n.input.extend(inputs)
    for k, v in attrs.items():
        n.attr[k].CopyFrom(v)
    return n


def main():
    out = sys.argv[1]
    mb = float(sys.argv[2]) if len(sys.argv) > 2 else 200.0
    n = 1024  # each weight is n x n float32 = 4 MiB
    layers = max(1, int(mb * 1024 * 1024 / (n * n * 4)))
    rng = np.random.default_rng(0)
    g = graph_pb2.GraphDef()
    g.versions.producer = 1882
    f32 = attr_value_pb2.AttrValue(type=types_pb2.DT_FLOAT)
    dtype = f32
    shape = attr_value_pb2.AttrValue()
    shape.shape.dim.add(size=-1)
    shape.shape.dim.add(size=n)
    node(g, "x", "Placeholder", dtype=dtype, shape=shape)
    x = "x"
    for i in range(layers):
        for name, arr in ((f"w{i}", rng.standard_normal((n, n), dtype=np.float32)),
                          (f"b{i}", rng.standard_normal((n,), dtype=np.float32))):
            value = attr_value_pb2.AttrValue(tensor=tensor_util.make_tensor_proto(arr))
            node(g, name, "Const", dtype=dtype, value=value)
        node(g, f"matmul{i}", "MatMul", [x, f"w{i}"], T=f32)
        node(g, f"bias{i}", "BiasAdd", [f"matmul{i}", f"b{i}"], T=f32)
        node(g, f"relu{i}", "Relu", [f"bias{i}"], T=f32)
        x = f"relu{i}"
    node(g, "y", "Identity", [x], T=f32)
    with open(out, "wb") as f:
        f.write(g.SerializeToString())


if __name__ == "__main__":
    main()
