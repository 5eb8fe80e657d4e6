// REQUIRES: seeds
// RUN: rm -rf %t && mkdir -p %t
// RUN: %seed_yaml namespace amanda/pytorch/1.4.0 > %t/pytorch.yaml
// RUN: %seed_yaml namespace amanda/tensorflow/1.13.1 > %t/tensorflow.yaml
// RUN: %seed_yaml table 1 > %t/convert_matmul.yaml
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml | FileCheck %s --check-prefix=BEFORE
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml --mapping-table %t/convert_matmul.yaml --convert_matmul --mlir-print-debuginfo --name-map %t/map.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=MAP < %t/map.json
// The Amanda design's first mapping table ("Mapping Mechanism": one rule, a single-op
// matcher with an output port attribute) on the design's traced PyTorch network, with the
// design's two YAML namespaces: aten::matmul with a Float output becomes TensorFlow's MatMul
// named dense/MatMul with T = float32. The rest of the graph is not in the table and stays.

// BEFORE: %7 = "torch.aten.t"(%10)
// BEFORE: %input = "torch.aten.matmul"(%input.1, %7)
// BEFORE: %9 = "torch.aten.relu"(%input)

// CHECK: %7 = "torch.aten.t"(%10)
// CHECK-NEXT: %[[MM:.*]], %{{.*}} = tfg.MatMul(%input.1, %7) name("dense/MatMul") {T = f32} : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[784,100],f32>) -> (tensor<1x100xf32>) loc(fused["input"])
// CHECK-NEXT: %9 = "torch.aten.relu"(%[[MM]])
// CHECK-NOT: torch.aten.matmul
// The graph now uses both namespaces.
// CHECK: amanda.namespace = ["amanda/pytorch/1.4.0", "amanda/tensorflow/1.13.1"]

// MAP: "input": [
// MAP-NEXT: "dense/MatMul"
