// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): an op type the vocabulary does not have, with
// did-you-mean suggestions from it.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    // CHECK: unknown-op.mlir:[[@LINE+1]]:5: error: 'tfg.Reluu' op is not an op of amanda/tensorflow/2.21; did you mean 'Relu' or 'Relu6'?{{$}}
    %a, %ctl_0 = Reluu(%x) name("a") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: unknown-op.mlir:[[@LINE+1]]:5: error: 'tfg.matmul' op is not an op of amanda/tensorflow/2.21; did you mean 'MatMul'?{{$}}
    %b, %ctl_1 = matmul(%x, %x) name("b") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: unknown-op.mlir:[[@LINE+1]]:5: error: 'tfg.NoSuchOpAtAll' op is not an op of amanda/tensorflow/2.21{{$}}
    %c, %ctl_2 = NoSuchOpAtAll(%x) name("c") : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  // CHECK: unknown-op.mlir:[[@LINE+1]]:3: error: 'onnx.Rellu' op is not an op of amanda/onnx/opset-13; did you mean 'Relu'?{{$}}
  %0 = "onnx.Rellu"(%t) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  // CHECK: unknown-op.mlir:[[@LINE+1]]:3: error: 'torch.aten.rellu' op is not an op of amanda/pytorch/2.15; did you mean 'aten::relu' or 'aten::prelu' or 'aten::relu6'?{{$}}
  %1 = "torch.aten.rellu"(%v) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
}
