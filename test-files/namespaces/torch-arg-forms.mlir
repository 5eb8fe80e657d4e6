// RUN: amanda-opt %s --pass=torch-call-form | FileCheck %s --check-prefix=CALL
// RUN: amanda-opt %s --pass=torch-call-form --pass=verify-namespace | amanda-opt - --pass=torch-attr-form --pass=verify-namespace | FileCheck %s --check-prefix=ATTR
// The ordered-argument view of TorchScript ops: the schema's argument order turns the
// attribute form (trailing scalars and lists named as attributes) into the call form
// (every argument an operand, made by torch.constant.* / torch.prim.ListConstruct) and back.

module attributes {amanda.namespace = "amanda/pytorch/2.15"} {
  %t = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  %l = "test.source"() : () -> !torch.list<int>
  %0 = "torch.aten.sum.dim_IntList"(%t, %l) {keepdim = true} : (!torch.vtensor<[2,3],f32>, !torch.list<int>) -> !torch.vtensor<[2,3],f32>
  %1 = "torch.aten.add.Tensor"(%t, %t) {alpha = 2.0 : f64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %2 = "torch.aten.conv2d"(%t, %t) {padding = [1, 1]} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
}

// Made ops print in torch-mlir's custom form, named as torch-mlir names them.
// CALL:      %[[B:true]] = torch.constant.bool true
// CALL-NEXT: "torch.aten.sum.dim_IntList"(%t, %l, %[[B]]) : (!torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool)
// CALL:      %[[F:float2.000000e00]] = torch.constant.float 2.0
// CALL-NEXT: "torch.aten.add.Tensor"(%t, %t, %[[F]])
// The defaults before an attribute-given argument are made explicit too (bias, stride).
// CALL:      %none = torch.constant.none
// CALL:      torch.prim.ListConstruct %int1, %int1_0 : (!torch.int, !torch.int) -> !torch.list<int>
// CALL:      "torch.aten.conv2d"(%t, %t, %{{.*}}, %{{.*}}, %{{.*}}) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>)

// ATTR: "torch.aten.sum.dim_IntList"(%t, %l) {keepdim = true}
// ATTR: "torch.aten.add.Tensor"(%t, %t) {alpha = 2.0 : f64}
// ATTR-NOT: torch.constant.float
// ATTR: "torch.aten.conv2d"(%t, %t, %{{.*}}) {stride = [1 : i64, 1 : i64], padding = [1 : i64, 1 : i64]}
