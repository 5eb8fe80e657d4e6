// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// ONNX ops (onnx-mlir spelling) against the opset a module imports: `amanda/onnx/opset-N`
// holds every operator at its newest version introduced at or before opset N.

module attributes {amanda.namespace = ["amanda/onnx/opset-13", "amanda/onnx/ml/opset-3"]} {
  %x = "test.source"() : () -> tensor<1x3x8x8xf32>
  %w = "test.source"() : () -> tensor<4x3x3x3xf32>
  %s = "test.source"() : () -> tensor<4xf32>
  %none = "onnx.NoValue"() {value} : () -> none
  %0 = "onnx.Conv"(%x, %w, %none) {kernel_shape = [3, 3], pads = [1, 1, 1, 1], onnx_node_name = "conv"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<1x4x8x8xf32>
  %1 = "onnx.Relu"(%0) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %2 = "onnx.Concat"(%0, %1, %1) {axis = 1 : si64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x12x8x8xf32>
  %3 = "onnx.ml.Binarizer"(%s) {threshold = 5.000000e-01 : f32} : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

module attributes {amanda.namespace = "amanda/onnx/opset-9"} {
  %x = "test.source"() : () -> tensor<1x3x8x8xf32>
  %scales = "test.source"() : () -> tensor<4xf32>
  %0 = "onnx.Upsample"(%x, %scales) {mode = "nearest"} : (tensor<1x3x8x8xf32>, tensor<4xf32>) -> tensor<1x3x16x16xf32>
}

// -----

module attributes {amanda.namespace = "amanda/onnx/opset-10"} {
  %x = "test.source"() : () -> tensor<1x3x8x8xf32>
  %scales = "test.source"() : () -> tensor<4xf32>
  // expected-error @+1 {{'onnx.Upsample' op is not an op of amanda/onnx/opset-10}}
  %0 = "onnx.Upsample"(%x, %scales) {mode = "nearest"} : (tensor<1x3x8x8xf32>, tensor<4xf32>) -> tensor<1x3x16x16xf32>
}

// -----

module attributes {amanda.namespace = "amanda/onnx/opset-13"} {
  %x = "test.source"() : () -> tensor<2x3xf32>
  %i = "test.source"() : () -> tensor<2x3xi32>
  %b = "test.source"() : () -> tensor<2x3xi1>
  // expected-error @+1 {{'onnx.Conv' op has 1 inputs, but Conv (opset 11) in amanda/onnx/opset-13 takes 2 to 3: X, W, B (optional)}}
  %0 = "onnx.Conv"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Add' op input 'B' (#1) has type tensor(int32), but T is tensor(float) (from input 'A')}}
  %1 = "onnx.Add"(%x, %i) : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Relu' op input 'X' (#0) has type tensor(bool), which Relu does not allow for T; allowed: tensor(float16), tensor(float), tensor(double), tensor(bfloat16)}}
  %2 = "onnx.Relu"(%b) : (tensor<2x3xi1>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Softmax' op attribute 'axis' must be an ONNX 'int' attribute, got "last"}}
  %3 = "onnx.Softmax"(%x) {axis = "last"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Relu' op has attribute 'alpha' that Relu does not define in amanda/onnx/opset-13 (its attributes: none)}}
  %4 = "onnx.Relu"(%x) {alpha = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Cast' op requires attribute 'to' (int) of Cast in amanda/onnx/opset-13}}
  %5 = "onnx.Cast"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Concat' op has 0 inputs, but Concat (opset 13) in amanda/onnx/opset-13 takes at least 1: inputs (variadic)}}
  %6 = "onnx.Concat"() {axis = 0 : si64} : () -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Convv' op is not an op of amanda/onnx/opset-13; did you mean 'Conv'?}}
  %7 = "onnx.Convv"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
}

// -----

// Graph attributes are regions in onnx-mlir's spelling.
module attributes {amanda.namespace = "amanda/onnx/opset-13"} {
  %c = "test.source"() : () -> tensor<i1>
  %0 = "onnx.If"(%c) ({
    "onnx.Yield"() : () -> ()
  }, {
    "onnx.Yield"() : () -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  // expected-error @+1 {{'onnx.If' op has 1 regions, but If in amanda/onnx/opset-13 requires 2 graph attributes (as attributes or regions): else_branch, then_branch}}
  %1 = "onnx.If"(%c) ({
    "onnx.Yield"() : () -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
}
