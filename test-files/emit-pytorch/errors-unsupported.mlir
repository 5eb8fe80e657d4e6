// An op with no Python mapping: one error listing every such op type with its count (and
// why, when the op is known but does not fit), at the first one's line and column; exit 1;
// nothing written.
// RUN: rm -rf %t
// RUN: not %amanda_opt %s --emit=pytorch -o %t 2>&1 | FileCheck %s
// RUN: not ls %t

func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.relu %arg0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.not_an_aten_op %0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %2 = torch.aten.not_an_aten_op %1 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %3 = torch.aten.tanh %2, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %4 = torch.operator "foo.bar"(%3) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  return %4 : !torch.vtensor<[2,3],f32>
}
// CHECK: error: {{.*}}errors-unsupported.mlir:[[# @LINE-6]]:3: --emit=pytorch: 4 ops of 3 types have no PyTorch mapping: torch.aten.not_an_aten_op (2); torch.aten.tanh (1: 2 operands where aten::tanh has 1); torch.operator (1)
