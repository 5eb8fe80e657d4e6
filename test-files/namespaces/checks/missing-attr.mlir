// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): a required attribute (one without a default) left
// out.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    // CHECK: missing-attr.mlir:[[@LINE+1]]:5: error: 'tfg.Conv2D' op requires attribute 'strides' (list(int)) of Conv2D in amanda/tensorflow/2.21{{$}}
    %c, %ctl_0 = Conv2D(%x, %x) name("c") {T = f32, padding = "SAME"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: missing-attr.mlir:[[@LINE+1]]:5: error: 'tfg.Relu' op requires attribute 'T' (type) of Relu in amanda/tensorflow/2.21{{$}}
    %r, %ctl_1 = Relu(%x) name("r") : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  // CHECK: missing-attr.mlir:[[@LINE+1]]:3: error: 'onnx.Cast' op requires attribute 'to' (int) of Cast in amanda/onnx/opset-13{{$}}
  %0 = "onnx.Cast"(%t) : (tensor<2x3xf32>) -> tensor<2x3xi32>
}
