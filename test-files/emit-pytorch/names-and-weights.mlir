// --emit=pytorch on torch-mlir text: the function's arguments and results are forward's, each
// op one statement in order, named after its loc("...") (the graph node; the name kept as a
// comment when it is not an identifier) or the word its value was written with (%diff), weights as parameters named after their nodes, or
// after the op and argument that use them first. weights.safetensors holds them. These are the
// names of the functional form (--pytorch-modules=false); layers.mlir has the modules' names.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch --pytorch-modules=false -o %t
// RUN: FileCheck %s < %t/model.py
// The text is Python (its syntax, checked without torch):
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// Floating-point weights are trainable parameters by default; --pytorch-trainable=false
// freezes them (the integer weights are buffers either way):
// RUN: rm -rf %t.frozen && %amanda_opt %s --emit=pytorch --pytorch-modules=false --pytorch-trainable=false -o %t.frozen
// RUN: FileCheck %s --check-prefix=FROZEN < %t.frozen/model.py
// RUN: not %amanda_opt %s --emit=pytorch --pytorch-modules=false --pytorch-trainable=maybe -o %t.bad 2>&1 | FileCheck %s --check-prefix=BADFLAG
// Into an existing directory: both files replaced, other files left alone.
// RUN: echo old > %t/model.py && touch %t/notes.txt && %amanda_opt %s --emit=pytorch --pytorch-modules=false -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: ls %t/notes.txt

func.func @main(%x: !torch.vtensor<[2,4],f32>, %bias: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %0 = torch.vtensor.literal(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 0.0, -1.0]]> : tensor<4x3xf32>) : !torch.vtensor<[4,3],f32> loc("dense/kernel")
  %1 = torch.aten.mm %x, %0 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[2,3],f32> loc("dense/MatMul")
  %int1 = torch.constant.int 1
  %2 = torch.aten.add.Tensor %1, %bias, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32> loc("dense/BiasAdd")
  %3 = torch.aten.relu %2 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32> loc("relu")
  %4 = torch.vtensor.literal(dense<[0.5, -0.5, 0.25]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %int2 = torch.constant.int 2
  %diff = torch.aten.sub.Tensor %3, %4, %int2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %6 = torch.aten.mul.Tensor %diff, %diff : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32> loc("relu")
  return %3, %6 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// CHECK: class Model(torch.nn.Module):
// CHECK-NEXT: """forward(x, bias) -> (relu, relu_1)"""
// CHECK: def __init__(self):
// CHECK-NEXT: super().__init__()
// CHECK-NEXT: self.dense_kernel = torch.nn.Parameter(torch.empty((4, 3), dtype=torch.float32), requires_grad=True)
// CHECK-NEXT: self.sub_other = torch.nn.Parameter(torch.empty((3,), dtype=torch.float32), requires_grad=True)
// CHECK-EMPTY:
// CHECK-NEXT: def forward(self, x, bias):
// CHECK-NEXT: # dense/MatMul
// CHECK-NEXT: dense_MatMul = torch.mm(x, self.dense_kernel)
// CHECK-NEXT: # dense/BiasAdd
// CHECK-NEXT: dense_BiasAdd = dense_MatMul + bias
// CHECK-NEXT: relu = torch.relu(dense_BiasAdd)
// alpha 2 has no operator form: the overload, alpha by keyword (it is keyword-only).
// CHECK-NEXT: diff = torch.ops.aten.sub.Tensor(relu, self.sub_other, alpha=2)
// CHECK-NEXT: relu_1 = diff * diff
// CHECK-NEXT: return (relu, relu_1)
// CHECK: def load(directory=None) -> Model:
// CHECK: model.load_state_dict(load_file(os.path.join(directory, WEIGHTS)), strict=True, assign=True)

// The header: its length, then JSON naming each tensor, in the order of __init__.
// ST: {"__metadata__":{"format":"pt"},"dense_kernel":{"data_offsets":[0,48],"dtype":"F32","shape":[4,3]},"sub_other":{"data_offsets":[48,60],"dtype":"F32","shape":[3]}}

// FROZEN: self.dense_kernel = torch.nn.Parameter(torch.empty((4, 3), dtype=torch.float32), requires_grad=False)
// FROZEN: self.sub_other = torch.nn.Parameter(torch.empty((3,), dtype=torch.float32), requires_grad=False)
// BADFLAG: invalid value 'maybe' for '--pytorch-trainable <BOOL>'
