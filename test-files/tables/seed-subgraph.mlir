// REQUIRES: seeds
// RUN: rm -rf %t && mkdir -p %t
// RUN: %seed_yaml namespace amanda/pytorch/1.4.0 > %t/pytorch.yaml
// RUN: %seed_yaml namespace amanda/tensorflow/1.13.1 > %t/tensorflow.yaml
// RUN: %seed_yaml table 2 > %t/subgraph.yaml
// RUN: amanda-opt %S/Inputs/seed-graph-t-first.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml --mapping-table %t/subgraph.yaml --subgraph --mlir-print-debuginfo --name-map %t/map.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=MAP < %t/map.json
// RUN: amanda-opt %S/Inputs/seed-graph-t-first.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml | FileCheck %s --check-prefix=BEFORE
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml --mapping-table %t/subgraph.yaml --subgraph | FileCheck %s --check-prefix=UNMATCHED
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml --mapping-table %S/Inputs/transpose_b.yaml --transpose_b --mlir-print-debuginfo | FileCheck %s --check-prefix=PORT1
// The design's second table: a subgraph matcher (aten::t feeding aten::matmul's input _0,
// joined by an edge written with the captures of the t op's name and output port name)
// becomes one MatMul with transpose_a. The transpose is erased once nothing uses it.

// BEFORE: %10 = "torch.prim.Param"()
// BEFORE-NEXT: %7 = "torch.aten.t"(%10)
// BEFORE-NEXT: %input = "torch.aten.matmul"(%7, %input.1)
// BEFORE-NEXT: %9 = "torch.aten.relu"(%input)

// CHECK: %10 = "torch.prim.Param"()
// CHECK-NOT: torch.aten.t
// CHECK: tfg.MatMul(%10, %input.1) name("dense/MatMul") {T = f32, transpose_a = true} : (!torch.vtensor<[100,784],f32>, !torch.vtensor<[100,1],f32>) -> (tensor<784x1xf32>) loc(fused["7", "input"])
// CHECK-NOT: torch.aten.matmul
// CHECK: torch.aten.relu

// MAP: "7": [
// MAP-NEXT: "dense/MatMul"
// MAP: "input": [
// MAP-NEXT: "dense/MatMul"

// The design's own graph feeds the transpose into matmul's second input (_1), which the
// design's table does not match (its edge goes into _0): the graph is left as it is.
// UNMATCHED: %7 = "torch.aten.t"(%10)
// UNMATCHED-NEXT: %input = "torch.aten.matmul"(%input.1, %7)
// UNMATCHED-NOT: tfg.MatMul

// With the edge into _1 (Inputs/transpose_b.yaml) it converts, to transpose_b.
// PORT1: %10 = "torch.prim.Param"()
// PORT1-NEXT: tfg.MatMul(%input.1, %10) name("input/MatMul") {T = f32, transpose_b = true} : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[100,784],f32>) -> (tensor<1x100xf32>) loc(fused["7", "input"])
// PORT1-NEXT: torch.aten.relu
