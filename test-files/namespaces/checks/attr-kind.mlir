// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): an attribute of the wrong kind.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    // CHECK: attr-kind.mlir:[[@LINE+1]]:5: error: 'tfg.Relu' op attribute 'T' must be a TensorFlow 'type' attribute, got "f32"{{$}}
    %r, %ctl_0 = Relu(%x) name("r") {T = "f32"} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: attr-kind.mlir:[[@LINE+1]]:5: error: 'tfg.Conv2D' op attribute 'strides' must be a TensorFlow 'list(int)' attribute, got 1 : i64{{$}}
    %c, %ctl_1 = Conv2D(%x, %x) name("c") {T = f32, padding = "SAME", strides = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: attr-kind.mlir:[[@LINE+1]]:5: error: 'tfg.MatMul' op attribute 'transpose_a' must be a TensorFlow 'bool' attribute, got 0 : i64{{$}}
    %m, %ctl_2 = MatMul(%x, %x) name("m") {T = f32, transpose_a = 0 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  // CHECK: attr-kind.mlir:[[@LINE+1]]:3: error: 'onnx.Softmax' op attribute 'axis' must be an ONNX 'int' attribute, got "last"{{$}}
  %0 = "onnx.Softmax"(%t) {axis = "last"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
