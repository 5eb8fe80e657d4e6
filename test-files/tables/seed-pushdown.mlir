// REQUIRES: seeds
// RUN: rm -rf %t && mkdir -p %t
// RUN: %seed_yaml namespace amanda/pytorch/1.4.0 > %t/pytorch.yaml
// RUN: %seed_yaml namespace amanda/tensorflow/1.13.1 > %t/tensorflow.yaml
// RUN: %seed_yaml table 3 > %t/pushdown.yaml
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml | FileCheck %s --check-prefix=BEFORE
// RUN: amanda-opt %S/Inputs/seed-graph.mlir --namespace-file %t/pytorch.yaml --namespace-file %t/tensorflow.yaml --mapping-table %t/pushdown.yaml --pass=pushdown --mlir-print-debuginfo | FileCheck %s
// The design's third table: the first rule with the matcher-mapper pairs pushed down into
// the op structure (`type: {src: aten::matmul, dst: MatMul}`, `output_ports: [{attrs: {src:
// {type: Float}}}]`, `name: {dst: ...}`, `attrs: {dst: ...}`). Same result as the first.

// BEFORE: %7 = "torch.aten.t"(%10)
// BEFORE-NEXT: %input = "torch.aten.matmul"(%input.1, %7)

// CHECK: %7 = "torch.aten.t"(%10)
// CHECK-NEXT: %[[MM:.*]], %{{.*}} = tfg.MatMul(%input.1, %7) name("dense/MatMul") {T = f32} : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[784,100],f32>) -> (tensor<1x100xf32>) loc(fused["input"])
// CHECK-NEXT: %9 = "torch.aten.relu"(%[[MM]])
