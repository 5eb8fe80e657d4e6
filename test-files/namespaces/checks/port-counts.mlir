// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): the number of data inputs/outputs against
// number_attr (N, num_split) and type_list_attr (T); ONNX optional ports; TorchScript
// arguments.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
    // CHECK: port-counts.mlir:[[@LINE+1]]:5: error: 'tfg.AddN' op has 2 data inputs, but AddN in amanda/tensorflow/2.21 expects 3: inputs (N = 3){{$}}
    %j, %ctl_1 = AddN(%x, %x) name("j") {N = 3 : i64, T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: port-counts.mlir:[[@LINE+1]]:5: error: 'tfg.IdentityN' op has 1 data outputs, but IdentityN in amanda/tensorflow/2.21 expects 2: output (T has 2){{$}}
    %l, %ctl_2 = IdentityN(%x, %i) name("l") {T = [f32, i32]} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>)
    // CHECK: port-counts.mlir:[[@LINE+1]]:5: error: 'tfg.Split' op has 3 data outputs, but Split in amanda/tensorflow/2.21 expects 2: output (num_split = 2){{$}}
    %s:3, %ctl_3 = Split(%i, %x) name("s") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
    %ok:2, %ctl_4 = IdentityN(%x, %i) [%ctl] name("ok") {T = [f32, i32]} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<i32>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  // CHECK: port-counts.mlir:[[@LINE+1]]:3: error: 'onnx.Conv' op has 1 inputs, but Conv (opset 11) in amanda/onnx/opset-13 takes 2 to 3: X, W, B (optional){{$}}
  %0 = "onnx.Conv"(%t) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  // CHECK: port-counts.mlir:[[@LINE+1]]:3: error: 'torch.aten.relu' op has 2 operands, but aten::relu(Tensor self) -> Tensor takes 1 arguments{{$}}
  %1 = "torch.aten.relu"(%v, %v) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
}
