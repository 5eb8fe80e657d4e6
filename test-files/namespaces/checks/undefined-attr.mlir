// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): attributes the op does not define; TensorFlow's
// internal `_` attributes and dialect (dotted) attributes are allowed.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32, _class = ["loc:@x"], _output_shapes = [#tf_type.shape<2x2>]} : () -> (tensor<2x2xf32>)
    // CHECK: undefined-attr.mlir:[[@LINE+1]]:5: error: 'tfg.Relu' op has attribute 'alpha' that Relu does not define in amanda/tensorflow/2.21 (its attributes: T){{$}}
    %g, %ctl_0 = Relu(%x) name("g") {T = f32, alpha = 1.0 : f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %r, %ctl_1 = Relu(%x) name("r") {T = f32, _xla_compile = true, tfg.regenerate = true} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  // CHECK: undefined-attr.mlir:[[@LINE+1]]:3: error: 'onnx.Relu' op has attribute 'alpha' that Relu does not define in amanda/onnx/opset-13 (its attributes: none){{$}}
  %0 = "onnx.Relu"(%t) {alpha = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "onnx.Relu"(%t) {onnx_node_name = "relu", _note = "internal"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  // CHECK: undefined-attr.mlir:[[@LINE+1]]:3: error: 'torch.aten.relu' op has attribute 'inplace' that is not an argument of aten::relu(Tensor self) -> Tensor{{$}}
  %2 = "torch.aten.relu"(%v) {inplace = true} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
}
