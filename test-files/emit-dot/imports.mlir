// --emit=dot on imported models: a GraphDef (its function library as clusters), an ONNX
// model (If branches as clusters, ONNX port names, node names from onnx_node_name), a
// torch-mlir conversion, and --split-input-file chunks (one digraph each, separated by a
// DOT comment). Every output renders with `dot -Tsvg`.
// RUN: %amanda_opt %S/../interchange/Inputs/small-graph.pbtxt --emit=dot | FileCheck %s --check-prefix=PB
// RUN: %if graphviz %{ %amanda_opt %S/../interchange/Inputs/small-graph.pbtxt --emit=dot | dot -Tsvg -o /dev/null %}
// RUN: %amanda_opt %S/../onnx/Inputs/small.onnx --emit=dot | FileCheck %s --check-prefix=ONNX
// RUN: %if graphviz %{ %amanda_opt %S/../onnx/Inputs/small.onnx --emit=dot | dot -Tsvg -o /dev/null %}
// RUN: %amanda_opt %S/../convert-tf-to-torch/mlp.mlir --convert-tf-to-torch --emit=dot | FileCheck %s --check-prefix=TORCH
// RUN: %if graphviz %{ %amanda_opt %S/../convert-tf-to-torch/mlp.mlir --convert-tf-to-torch --emit=dot | dot -Tsvg -o /dev/null %}
// RUN: %amanda_opt %s --split-input-file --emit=dot | FileCheck %s --check-prefix=SPLIT
// RUN: %if graphviz %{ %amanda_opt %s --split-input-file --emit=dot | dot -Tsvg -o /dev/null %}

// PB:      label="tfg.graph";
// PB:      [[SPL:n[0-9]+]] [label="tfg.Split\nsplit"];
// PB-NEXT: [[DIM:n[0-9]+]] [label="tfg.Const\ndim"];
// PB-NEXT: [[CALL:n[0-9]+]] [label="tfg.scale\ncall"];
// PB:      label="tfg.func @scale";
// PB-NEXT: [[V:n[0-9]+]] [shape=ellipse, style=solid, label="%v: tensor<*xf32>"];
// PB:      [[DIM]] -> [[SPL]] [label="output -> split_dim"];
// PB:      [[SPL]] -> [[CALL]] [label="output:1 -> 0"];

// ONNX:      label="func.func @main_graph";
// ONNX:      [[MM:n[0-9]+]] [label="onnx.MatMul\nmatmul"];
// ONNX-NEXT: [[RELU:n[0-9]+]] [label="onnx.Relu\nrelu"];
// ONNX:      label="onnx.If\nif";
// ONNX-NEXT: [[IF:n[0-9]+]] [label="onnx.If\nif"];
// ONNX-NEXT: subgraph cluster_{{[0-9]+}} {
// ONNX-NEXT:   label="then";
// ONNX:        label="else";
// ONNX:      [[MM]] -> [[RELU]] [label="Y -> X"];

// TORCH:     label="func.func @main";
// TORCH:     [label="torch.aten.mm"];
// TORCH:     [label="#0 -> self"];

// SPLIT:      digraph module {
// SPLIT:        [label="tfg.A\na"];
// SPLIT:      {{^}}}
// SPLIT-NEXT: // -----
// SPLIT-NEXT: digraph module {
// SPLIT:        [label="tfg.B\nb"];
// SPLIT:      {{^}}}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = A name("a") : () -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %b, %ctl = B name("b") : () -> (tensor<f32>)
}
