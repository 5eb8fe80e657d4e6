// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// RUN: amanda-opt %s -split-input-file -verify-diagnostics --pass=verify-namespace
// How a namespace is declared: `amanda.namespace` on an op with regions, a namespace name or a
// non-empty array of them. Anything else is an error at the declaring op.

// expected-error @+1 {{'builtin.module' op attribute 'amanda.namespace' must be a namespace name or a non-empty array of them}}
module attributes {amanda.namespace = 42} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'amanda.namespace' must be a namespace name or a non-empty array of them}}
module attributes {amanda.namespace = []} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'amanda.namespace' must be a namespace name or a non-empty array of them}}
module attributes {amanda.namespace = ["amanda/tensorflow", 1]} {
}

// -----

module {
  // expected-error @+1 {{'test.source' op declares a namespace, but only an op with regions (a module, graph or function) can declare one for the ops inside it}}
  %x = "test.source"() {amanda.namespace = "amanda/onnx/opset-9"} : () -> tensor<2x3xf32>
}

// -----

// The `amanda/` prefix may be left out; a name without a version means the newest one.
module attributes {amanda.namespace = ["tensorflow/2.15", "amanda/onnx"]} {
  %x = "test.source"() : () -> tensor<2x3xf32>
  // expected-error @+1 {{'onnx.Relu' op has attribute 'alpha' that Relu does not define in amanda/onnx/opset-28}}
  %0 = "onnx.Relu"(%x) {alpha = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    // expected-error @+1 {{'tfg.Relu' op has attribute 'alpha' that Relu does not define in amanda/tensorflow/2.15}}
    %r, %ctl = Relu(%r) name("r") {T = f32, alpha = 1.0 : f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
