#!/usr/bin/env python3
"""Writes the small ONNX models the lit tests in test-files/onnx/ read (run once with the
`onnx` package, e.g. onnx==1.22.0; the outputs are committed, so the tests need no Python):

  small.onnx      a model using most of what the importer maps: a symbolic dimension, a raw
                  initializer, MatMul/Relu/Clip with an absent optional input, If with two
                  subgraphs, a Constant with a named typed tensor, an ai.onnx.ml op, a
                  model-local function called from the graph, value_info, doc strings and
                  metadata
  dangling.onnx   a node reading a value nothing defines
  duplicate.onnx  two nodes writing the same output name
  kind.onnx       Conv with a string where the schema wants ints
  nofield.onnx    an INT attribute without its `i` field
"""
import os

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h
from onnx import numpy_helper

here = os.path.dirname(os.path.abspath(__file__))


def save(model, name):
    with open(os.path.join(here, name), "wb") as f:
        f.write(model.SerializeToString())


def small():
    w = numpy_helper.from_array(np.arange(12, dtype=np.float32).reshape(3, 4) / 4, name="W")
    then_g = h.make_graph(
        [h.make_node("Neg", ["r"], ["t_out"], name="neg")], "then_graph", [],
        [h.make_tensor_value_info("t_out", T.FLOAT, ["N", 4])])
    else_g = h.make_graph(
        [h.make_node("Identity", ["r"], ["e_out"], name="ident")], "else_graph", [],
        [h.make_tensor_value_info("e_out", T.FLOAT, ["N", 4])])
    nodes = [
        h.make_node("MatMul", ["X", "W"], ["mm"], name="matmul", doc_string="X times W"),
        h.make_node("Relu", ["mm"], ["r"], name="relu"),
        h.make_node("Constant", [], ["hi"], name="const",
                    value=h.make_tensor("hi_value", T.FLOAT, [], [6.0])),
        h.make_node("Clip", ["r", "", "hi"], ["c"], name="clip"),
        h.make_node("ReduceSum", ["c"], ["s"], name="sum", keepdims=0),
        h.make_node("Greater", ["s", "zero"], ["cond"], name="gt"),
        h.make_node("If", ["cond"], ["y"], name="if", then_branch=then_g, else_branch=else_g),
        h.make_node("Binarizer", ["y"], ["b"], name="bin", domain="ai.onnx.ml", threshold=0.5),
        h.make_node("Twice", ["b"], ["z"], name="call", domain="local"),
    ]
    zero = numpy_helper.from_array(np.array(0, dtype=np.float32), name="zero")
    g = h.make_graph(
        nodes, "small", [h.make_tensor_value_info("X", T.FLOAT, ["N", 3])],
        [h.make_tensor_value_info("z", T.FLOAT, ["N", 4])], initializer=[w, zero],
        value_info=[h.make_tensor_value_info("mm", T.FLOAT, ["N", 4])], doc_string="a small model")
    twice = h.make_function(
        "local", "Twice", ["a"], ["b"], [h.make_node("Add", ["a", "a"], ["b"], name="add")],
        opset_imports=[h.make_opsetid("", 17)])
    m = h.make_model(
        g, opset_imports=[h.make_opsetid("", 17), h.make_opsetid("ai.onnx.ml", 3), h.make_opsetid("local", 1)],
        functions=[twice], producer_name="make_models.py", producer_version="1", ir_version=8)
    h.set_model_props(m, {"author": "amanda-opt tests"})
    onnx.checker.check_model(m)
    save(m, "small.onnx")


def bad(name, nodes, attrs_fix=None):
    g = h.make_graph(nodes, "bad", [h.make_tensor_value_info("x", T.FLOAT, [1, 1, 2, 2])],
                     [h.make_tensor_value_info("y", T.FLOAT, [1, 1, 2, 2])])
    m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)], ir_version=8)
    if attrs_fix:
        attrs_fix(m)
    save(m, name)


def no_i(m):
    m.graph.node[0].attribute[0].ClearField("i")


if __name__ == "__main__":
    small()
    bad("dangling.onnx", [h.make_node("Relu", ["nowhere"], ["y"], name="relu")])
    bad("duplicate.onnx", [h.make_node("Relu", ["x"], ["y"], name="first"), h.make_node("Neg", ["x"], ["y"], name="second")])
    bad("kind.onnx", [h.make_node("Conv", ["x", "x"], ["y"], name="conv", kernel_shape="3x3")])
    bad("nofield.onnx", [h.make_node("Conv", ["x", "x"], ["y"], name="conv", group=1)], no_i)
