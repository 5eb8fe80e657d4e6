// Constants become Python literals at their uses: ints, floats (exact, inf and nan spelled
// out), bools, None, strings, lists; an int where the schema wants a ScalarType is torch's
// dtype object; keyword-only arguments go by name. Larger literals are buffers (non-float)
// named after the op and argument that first use them. A rank-0 literal is written inline;
// other small ones (one element; integer or bool up to 16) are non-persistent buffers with
// their values in __init__, so they move with the module. Names never shadow builtins (sum).
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// The text is Python (its syntax, checked without torch):
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py

func.func @main(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2,3],si32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],si32>, !torch.vtensor<[17],si64>) {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %arg1, %int4, %false, %false, %none : !torch.vtensor<[2,3],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3],si64>
  %float = torch.constant.float 1.000000e-05
  %inf = torch.constant.float 0x7FF0000000000000
  %1 = torch.aten.clamp %arg0, %float, %inf : !torch.vtensor<[2,3],f32>, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>
  %str = torch.constant.str "floor"
  %2 = torch.vtensor.literal(dense<2.5> : tensor<f32>) : !torch.vtensor<[],f32>
  %3 = torch.aten.div.Tensor_mode %1, %2, %str : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],f32>, !torch.str -> !torch.vtensor<[2,3],f32>
  %4 = torch.vtensor.literal(dense<[[1], [-2]]> : tensor<2x1xsi32>) : !torch.vtensor<[2,1],si32>
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %5 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %6 = torch.aten.sum.dim_IntList %arg1, %5, %true, %int3 : !torch.vtensor<[2,3],si32>, !torch.list<int>, !torch.bool, !torch.int -> !torch.vtensor<[2,1],si32>
  %7 = torch.aten.add.Tensor %6, %4, %int1 : !torch.vtensor<[2,1],si32>, !torch.vtensor<[2,1],si32>, !torch.int -> !torch.vtensor<[2,1],si32>
  %8 = torch.vtensor.literal(dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<17xsi64>) : !torch.vtensor<[17],si64>
  %9 = torch.aten.neg %8 : !torch.vtensor<[17],si64> -> !torch.vtensor<[17],si64>
  %10 = torch.vtensor.literal(dense<0x7FC00000> : tensor<1xf32>) : !torch.vtensor<[1],f32>
  %11 = torch.aten.mul.Tensor %3, %10 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[1],f32> -> !torch.vtensor<[2,3],f32>
  return %3, %0, %11, %7, %9 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],si32>, !torch.vtensor<[17],si64>
}

// CHECK: def __init__(self):
// CHECK-NEXT: super().__init__()
// CHECK-NEXT: self.register_buffer("add_other", torch.tensor({{\[\[1\], \[-2\]\]}}, dtype=torch.int32), persistent=False)
// CHECK-NEXT: self.register_buffer("neg_self", torch.empty((17,), dtype=torch.int64))
// CHECK-NEXT: self.register_buffer("mul_other", torch.tensor([float("nan")], dtype=torch.float32), persistent=False)
// CHECK: def forward(self, arg0, arg1):
// CHECK-NEXT: to = torch.ops.aten.to.dtype(arg1, torch.int64, False, False, None)
// CHECK-NEXT: clamp = torch.ops.aten.clamp.default(arg0, 1e-5, float("inf"))
// CHECK-NEXT: div = torch.ops.aten.div.Tensor_mode(clamp, torch.tensor(2.5, dtype=torch.float32), rounding_mode="floor")
// CHECK-NEXT: sum_1 = torch.ops.aten.sum.dim_IntList(arg1, [1], True, dtype=torch.int32)
// CHECK-NEXT: add = sum_1 + self.add_other
// CHECK-NEXT: neg = torch.neg(self.neg_self)
// CHECK-NEXT: mul = div * self.mul_other
// CHECK-NEXT: return (div, to, mul, add, neg)
