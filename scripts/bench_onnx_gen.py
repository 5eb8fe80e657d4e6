#!/usr/bin/env python3
"""Writes a large ONNX model for scripts/bench-onnx.sh: a chain of MatMul + Add layers whose
weights are big raw-data initializers (default ~200 MB), plus a few small typed tensors.

  bench_onnx_gen.py OUT.onnx [MEGABYTES]
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h
from onnx import numpy_helper


def main():
    out = sys.argv[1]
    mb = float(sys.argv[2]) if len(sys.argv) > 2 else 200.0
    n = 1024  # each weight is n x n float32 = 4 MiB
    layers = max(1, int(mb * 1024 * 1024 / (n * n * 4)))
    rng = np.random.default_rng(0)
    inits, nodes = [], []
    x = "x"
    for i in range(layers):
        w = numpy_helper.from_array(rng.standard_normal((n, n), dtype=np.float32), name=f"w{i}")
        b = numpy_helper.from_array(rng.standard_normal((n,), dtype=np.float32), name=f"b{i}")
        inits += [w, b]
        nodes.append(h.make_node("MatMul", [x, f"w{i}"], [f"mm{i}"], name=f"matmul{i}"))
        nodes.append(h.make_node("Add", [f"mm{i}", f"b{i}"], [f"a{i}"], name=f"add{i}"))
        nodes.append(h.make_node("Relu", [f"a{i}"], [f"r{i}"], name=f"relu{i}"))
        x = f"r{i}"
    g = h.make_graph(nodes, "big", [h.make_tensor_value_info("x", T.FLOAT, ["N", n])],
                     [h.make_tensor_value_info(x, T.FLOAT, ["N", n])], initializer=inits)
    m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)], ir_version=8)
    with open(out, "wb") as f:
        f.write(m.SerializeToString())


if __name__ == "__main__":
    main()
