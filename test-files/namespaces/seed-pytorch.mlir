// REQUIRES: seeds
// RUN: %seed_yaml namespace amanda/pytorch/1.4.0 > %t.yaml
// RUN: amanda-opt %s --namespace-file %t.yaml -split-input-file -verify-diagnostics
// The traced PyTorch network of the Amanda design document (section "A realistic example"),
// as a graph op that declares the design's PyTorch 1.4.0 namespace, checked against the
// design's YAML namespace schema (which knows four ops and their port counts only).

"test.graph"() ({
^bb0(%input.1: !torch.vtensor<[1,784],f32>):
  %10 = "torch.prim.Param"() : () -> !torch.vtensor<[100,784],f32>
  %7 = "torch.aten.t"(%10) : (!torch.vtensor<[100,784],f32>) -> !torch.vtensor<[784,100],f32>
  %input = "torch.aten.matmul"(%input.1, %7) : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[784,100],f32>) -> !torch.vtensor<[1,100],f32>
  %9 = "torch.aten.relu"(%input) : (!torch.vtensor<[1,100],f32>) -> !torch.vtensor<[1,100],f32>
  "test.return"(%9) : (!torch.vtensor<[1,100],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/1.4.0", sym_name = "graph"} : () -> ()

// -----

"test.graph"() ({
^bb0(%x: !torch.vtensor<[1,784],f32>):
  // expected-error @+1 {{'torch.aten.add' op is not an op of amanda/pytorch/1.4.0}}
  %0 = "torch.aten.add"(%x, %x) : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[1,784],f32>) -> !torch.vtensor<[1,784],f32>
  // expected-error @+1 {{'torch.aten.relu' op has 2 operands, but aten::relu takes 1 arguments}}
  %1 = "torch.aten.relu"(%x, %x) : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[1,784],f32>) -> !torch.vtensor<[1,784],f32>
  "test.return"(%1) : (!torch.vtensor<[1,784],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/1.4.0"} : () -> ()
