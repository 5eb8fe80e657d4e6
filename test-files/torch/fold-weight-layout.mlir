// RUN: %amanda_opt %s --torch-fold-weight-layout --split-input-file --print-debuginfo | FileCheck %s
// RUN: %amanda_opt %s --torch-fold-weight-layout --split-input-file --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// torch-fold-weight-layout: a literal whose only user reshapes, permutes, transposes or
// converts it becomes one literal of the result (raw data moved as bytes, written-out
// elements re-nested, splats retyped); chains fold link by link; the dims' constants go when
// nothing else reads them; the new literal keeps the old one's location (the weight's name).
// Ten folds over the chunks below (1 + 2 + 3 + 2 + 1 + 1: the two permutes are one):
// STATS: TorchFoldWeightLayout
// STATS-NEXT: (S) 10 num-folded

// A bias reshaped to [C,1,1] for an NCHW add: the same bytes, another type, where the
// weight was.
// CHECK-LABEL: func.func @bias
// CHECK-NOT:     torch.prim.ListConstruct
// CHECK:         %[[B:.*]] = torch.vtensor.literal(dense<"0x0000803F0000004000004040"> : tensor<3x1x1xf32>) : !torch.vtensor<[3,1,1],f32> loc("conv/bias")
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %arg0, %[[B]], %{{.*}}
// CHECK-NEXT:    return %[[R]]

func.func @bias(%arg0: !torch.vtensor<[1,3,2,2],f32>) -> !torch.vtensor<[1,3,2,2],f32> {
  %0 = torch.vtensor.literal(dense<"0x0000803F0000004000004040"> : tensor<3xf32>) : !torch.vtensor<[3],f32> loc("conv/bias")
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %1 = torch.prim.ListConstruct %int3, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.reshape %0, %1 : !torch.vtensor<[3],f32>, !torch.list<int> -> !torch.vtensor<[3,1,1],f32>
  %3 = torch.aten.add.Tensor %arg0, %2, %int1 : !torch.vtensor<[1,3,2,2],f32>, !torch.vtensor<[3,1,1],f32>, !torch.int -> !torch.vtensor<[1,3,2,2],f32>
  return %3 : !torch.vtensor<[1,3,2,2],f32>
}

// -----

// A kernel permuted then reshaped (a chain): bytes moved, then retyped. [[1,2,3],[4,5,6]]
// as i32, permuted [1,0] to [[1,4],[2,5],[3,6]], then reshaped to [6].
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[K:.*]] = torch.vtensor.literal(dense<"0x010000000400000002000000050000000300000006000000"> : tensor<6xsi32>) : !torch.vtensor<[6],si32>
// CHECK-NEXT:    return %[[K]]

func.func @chain() -> !torch.vtensor<[6],si32> {
  %0 = torch.vtensor.literal(dense<"0x010000000200000003000000040000000500000006000000"> : tensor<2x3xsi32>) : !torch.vtensor<[2,3],si32>
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int6 = torch.constant.int 6
  %1 = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.permute %0, %1 : !torch.vtensor<[2,3],si32>, !torch.list<int> -> !torch.vtensor<[3,2],si32>
  %3 = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
  %4 = torch.aten.view %2, %3 : !torch.vtensor<[3,2],si32>, !torch.list<int> -> !torch.vtensor<[6],si32>
  return %4 : !torch.vtensor<[6],si32>
}

// -----

// Written-out elements: transpose.int with a negative dim, then aten.t, then unsqueeze.
// CHECK-LABEL: func.func @elements
// CHECK-NEXT:    %[[E:.*]] = torch.vtensor.literal(dense<{{\[}}{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]]> : tensor<1x2x2xf32>) : !torch.vtensor<[1,2,2],f32>
// CHECK-NEXT:    return %[[E]]

func.func @elements() -> !torch.vtensor<[1,2,2],f32> {
  %0 = torch.vtensor.literal(dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %1 = torch.aten.transpose.int %0, %int0, %int-1 : !torch.vtensor<[2,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,2],f32>
  %2 = torch.aten.t %1 : !torch.vtensor<[2,2],f32> -> !torch.vtensor<[2,2],f32>
  %3 = torch.aten.unsqueeze %2, %int0 : !torch.vtensor<[2,2],f32>, !torch.int -> !torch.vtensor<[1,2,2],f32>
  return %3 : !torch.vtensor<[1,2,2],f32>
}

// -----

// A conversion of element type: f32 to f16 (0.33333 rounds to the nearest f16, 0.333252) and to si64 (truncated).
// CHECK-LABEL: func.func @convert
// CHECK-DAG:     torch.vtensor.literal(dense<[1.000000e+00, 3.332520e-01, -2.500000e+00]> : tensor<3xf16>) : !torch.vtensor<[3],f16>
// CHECK-DAG:     torch.vtensor.literal(dense<[1, 0, -2]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
// CHECK-NOT:     torch.aten.to.dtype

func.func @convert() -> (!torch.vtensor<[3],f16>, !torch.vtensor<[3],si64>) {
  %0 = torch.vtensor.literal(dense<[1.0, 0.33333, -2.5]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %1 = torch.vtensor.literal(dense<[1.0, 0.33333, -2.5]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %int5 = torch.constant.int 5
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %none = torch.constant.none
  %2 = torch.aten.to.dtype %0, %int5, %false, %false, %none : !torch.vtensor<[3],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[3],f16>
  %3 = torch.aten.to.dtype %1, %int4, %false, %false, %none : !torch.vtensor<[3],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[3],si64>
  return %2, %3 : !torch.vtensor<[3],f16>, !torch.vtensor<[3],si64>
}

// -----

// A splat is retyped, whatever its declared size.
// CHECK-LABEL: func.func @splat
// CHECK-NEXT:    torch.vtensor.literal(dense<5.000000e-01> : tensor<4096x4096xf32>) : !torch.vtensor<[4096,4096],f32>

func.func @splat() -> !torch.vtensor<[4096,4096],f32> {
  %0 = torch.vtensor.literal(dense<5.000000e-01> : tensor<4096x1x4096xf32>) : !torch.vtensor<[4096,1,4096],f32>
  %int1 = torch.constant.int 1
  %1 = torch.aten.squeeze.dim %0, %int1 : !torch.vtensor<[4096,1,4096],f32>, !torch.int -> !torch.vtensor<[4096,4096],f32>
  return %1 : !torch.vtensor<[4096,4096],f32>
}

// -----

// A kernel both branches of an if permute alike: one literal, where the weight was, read in
// both branches.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT:    %[[S:.*]] = torch.vtensor.literal(dense<"0x0100020003000400"> : tensor<2x2xsi16>) : !torch.vtensor<[2,2],si16>
// CHECK-NOT:     torch.aten.permute
// CHECK:         torch.prim.If.yield %[[S]]
// CHECK:         torch.prim.If.yield %[[S]]

func.func @shared(%arg0: !torch.bool) -> !torch.vtensor<[2,2],si16> {
  %0 = torch.vtensor.literal(dense<"0x0100030002000400"> : tensor<2x2xsi16>) : !torch.vtensor<[2,2],si16>
  %1 = torch.prim.If %arg0 -> (!torch.vtensor<[2,2],si16>) {
    %int1 = torch.constant.int 1
    %int0 = torch.constant.int 0
    %l = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
    %p = torch.aten.permute %0, %l : !torch.vtensor<[2,2],si16>, !torch.list<int> -> !torch.vtensor<[2,2],si16>
    torch.prim.If.yield %p : !torch.vtensor<[2,2],si16>
  } else {
    %int1_0 = torch.constant.int 1
    %int0_1 = torch.constant.int 0
    %l_2 = torch.prim.ListConstruct %int1_0, %int0_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %p_3 = torch.aten.permute %0, %l_2 : !torch.vtensor<[2,2],si16>, !torch.list<int> -> !torch.vtensor<[2,2],si16>
    torch.prim.If.yield %p_3 : !torch.vtensor<[2,2],si16>
  }
  return %1 : !torch.vtensor<[2,2],si16>
}

// -----

// Left alone: a literal another op also reads (it would be stored twice), two different
// reshapes of one literal, a permutation that is not a constant list, a dynamic result.
// CHECK-LABEL: func.func @kept
// CHECK:         torch.aten.reshape
// CHECK:         torch.aten.permute
// CHECK:         torch.aten.reshape
// CHECK:         torch.aten.reshape
// CHECK:         torch.aten.reshape

func.func @kept(%arg0: !torch.int) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[4,1],f32>) {
  %0 = torch.vtensor.literal(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int2 = torch.constant.int 2
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.reshape %0, %1 : !torch.vtensor<[4],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
  %3 = torch.vtensor.literal(dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %int1 = torch.constant.int 1
  %4 = torch.prim.ListConstruct %arg0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.permute %3, %4 : !torch.vtensor<[2,2],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
  %6 = torch.vtensor.literal(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int-1 = torch.constant.int -1
  %7 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %8 = torch.aten.reshape %6, %7 : !torch.vtensor<[4],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
  %9 = torch.vtensor.literal(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int4 = torch.constant.int 4
  %10 = torch.prim.ListConstruct %int4, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %11 = torch.aten.reshape %9, %1 : !torch.vtensor<[4],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
  %12 = torch.aten.reshape %9, %10 : !torch.vtensor<[4],f32>, !torch.list<int> -> !torch.vtensor<[4,1],f32>
  return %2, %0, %5, %8, %11, %12 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[4,1],f32>
}
