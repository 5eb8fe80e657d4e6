// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): an attribute value outside the allowed set (the
// allowed ones listed), below the minimum; an ONNX type outside its constraint.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    // CHECK: allowed-values.mlir:[[@LINE+1]]:5: error: 'tfg.Conv2D' op attribute 'padding' is "FULL", which Conv2D does not allow; allowed: "SAME", "VALID", "EXPLICIT"{{$}}
    %d, %ctl_0 = Conv2D(%x, %x) name("d") {T = f32, padding = "FULL", strides = [1, 1, 1, 1]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: allowed-values.mlir:[[@LINE+1]]:5: error: 'tfg.Relu' op attribute 'T' is !tf_type.string (string), which Relu does not allow; allowed: f32 (float), f64 (double), i32 (int32), ui8 (uint8), i16 (int16), i8 (int8), i64 (int64), bf16 (bfloat16), ui16 (uint16), f16 (half), ui32 (uint32), ui64 (uint64), !tf_type.qint8 (qint8){{$}}
    %e, %ctl_1 = Relu(%x) name("e") {T = !tf_type.string} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: allowed-values.mlir:[[@LINE+1]]:5: error: 'tfg.AddN' op attribute 'N' is 0, less than the minimum 1{{$}}
    %k, %ctl_2 = AddN name("k") {N = 0 : i64, T = f32} : () -> (tensor<2x2xf32>)
  }
  %s = "test.source"() : () -> tensor<2x3x!onnx.String>
  // CHECK: allowed-values.mlir:[[@LINE+2]]:3: error: 'onnx.Relu' op input 'X' (#0) has type tensor(string), which Relu does not allow for T; allowed: tensor(float16), tensor(float), tensor(double), tensor(bfloat16){{$}}
  // CHECK: allowed-values.mlir:[[@LINE+1]]:3: error: 'onnx.Relu' op output 'Y' (#0) has type tensor(string), which Relu does not allow for T; allowed: tensor(float16), tensor(float), tensor(double), tensor(bfloat16){{$}}
  %0 = "onnx.Relu"(%s) : (tensor<2x3x!onnx.String>) -> tensor<2x3x!onnx.String>
}
