// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// TorchScript operators (torch-mlir spelling `torch.aten.name.overload`) take their
// arguments positionally, in schema order; trailing arguments with defaults may be left out
// or given as attributes by name.

module attributes {amanda.namespace = "amanda/pytorch/2.15"} {
  %t = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  %one = "test.source"() : () -> !torch.int
  %f = "test.source"() : () -> !torch.float
  %l = "test.source"() : () -> !torch.list<int>
  %0 = "torch.aten.add.Tensor"(%t, %t, %one) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
  %1 = "torch.aten.add.Tensor"(%t, %t) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %2 = "torch.aten.relu"(%0) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %3 = "torch.aten.sum.dim_IntList"(%2, %l) {keepdim = true} : (!torch.vtensor<[2,3],f32>, !torch.list<int>) -> !torch.vtensor<[2,3],f32>
  %4 = "torch.aten.mul.Scalar"(%3, %f) : (!torch.vtensor<[2,3],f32>, !torch.float) -> !torch.vtensor<[2,3],f32>
  // torch-mlir's own ops are not TorchScript operators and are not checked.
  %5 = "torch.constant.int"() {value = 1 : i64} : () -> !torch.int
}

// -----

module attributes {amanda.namespace = "amanda/pytorch/2.15"} {
  %t = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  %one = "test.source"() : () -> !torch.int
  // expected-error @+1 {{'torch.aten.add.Tensor' op misses argument 'other' (#1: Tensor) of aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor}}
  %0 = "torch.aten.add.Tensor"(%t) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  // expected-error @+1 {{'torch.aten.add.Tensor' op operand #1 ('other') is !torch.int, but aten::add.Tensor takes Tensor}}
  %1 = "torch.aten.add.Tensor"(%t, %one) : (!torch.vtensor<[2,3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
  // expected-error @+1 {{'torch.aten.relu' op has 2 operands, but aten::relu(Tensor self) -> Tensor takes 1 arguments}}
  %2 = "torch.aten.relu"(%t, %t) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  // expected-error @+1 {{'torch.aten.relux' op is not an op of amanda/pytorch/2.15; did you mean 'aten::relu'}}
  %3 = "torch.aten.relux"(%t) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  // expected-error @+1 {{'torch.aten.relu' op has attribute 'inplace' that is not an argument of aten::relu(Tensor self) -> Tensor}}
  %4 = "torch.aten.relu"(%t) {inplace = true} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  // expected-error @+1 {{'torch.aten.relu' op has 2 results, but aten::relu(Tensor self) -> Tensor returns 1}}
  %5:2 = "torch.aten.relu"(%t) : (!torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>)
}

// -----

// The PyTorch graph of the Amanda design document against the design's own namespace
// schema needs that schema: see seed-pytorch.mlir. Without a declaration nothing is checked
// automatically (run --pass=verify-namespace to check against the newest versions).
%t = "test.source"() : () -> !torch.vtensor<[2,3],f32>
%0 = "torch.aten.relux"(%t) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
