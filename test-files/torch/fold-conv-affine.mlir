// RUN: %amanda_opt %s --torch-fold-conv-affine --split-input-file --print-debuginfo | FileCheck %s
// torch-fold-conv-affine: what Keras freezes for Conv2D + BiasAdd + BatchNormalization
// (`conv + b`, `* mul`, `+ sub`) becomes one convolution whose filter is scaled per output
// channel and whose bias is (b * mul) + sub.

// W = [1, 2] (two output channels of 1x1x1), b = [0.5, -1], mul = [2, 3], sub = [1, 1]:
// W' = [2, 6], bias = [0.5 * 2 + 1, -1 * 3 + 1] = [2, -2]. The filter keeps its location,
// the convolution records the ops folded into it.
// CHECK-LABEL: func.func @conv_bn
// CHECK-DAG:     %[[W:.*]] = torch.vtensor.literal(dense<"0x000000400000C040"> : tensor<2x1x1x1xf32>) : !torch.vtensor<[2,1,1,1],f32> loc("conv/kernel")
// CHECK-DAG:     %[[B:.*]] = torch.vtensor.literal(dense<[2.000000e+00, -2.000000e+00]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
// CHECK:         %[[C:.*]] = torch.aten.convolution %arg0, %[[W]], %[[B]], {{.*}} loc(fused["conv", "bias", "bn/mul", "bn/add"])
// CHECK-NOT:     torch.aten.add.Tensor
// CHECK-NOT:     torch.aten.mul.Tensor
// CHECK:         return %[[C]]

func.func @conv_bn(%arg0: !torch.vtensor<[1,1,2,2],f32>) -> !torch.vtensor<[1,2,2,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %w = torch.vtensor.literal(dense<"0x0000803F00000040"> : tensor<2x1x1x1xf32>) : !torch.vtensor<[2,1,1,1],f32> loc("conv/kernel")
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %c = torch.aten.convolution %arg0, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1 : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[2,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f32> loc("conv")
  %b = torch.vtensor.literal(dense<[[[0.5]], [[-1.0]]]> : tensor<2x1x1xf32>) : !torch.vtensor<[2,1,1],f32>
  %0 = torch.aten.add.Tensor %c, %b, %int1 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[1,2,2,2],f32> loc("bias")
  %m = torch.vtensor.literal(dense<[[[[2.0]], [[3.0]]]]> : tensor<1x2x1x1xf32>) : !torch.vtensor<[1,2,1,1],f32>
  %1 = torch.aten.mul.Tensor %m, %0 : !torch.vtensor<[1,2,1,1],f32>, !torch.vtensor<[1,2,2,2],f32> -> !torch.vtensor<[1,2,2,2],f32> loc("bn/mul")
  %s = torch.vtensor.literal(dense<1.0> : tensor<2x1x1xf32>) : !torch.vtensor<[2,1,1],f32>
  %2 = torch.aten.add.Tensor %1, %s, %int1 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[1,2,2,2],f32> loc("bn/add")
  return %2 : !torch.vtensor<[1,2,2,2],f32>
}

// -----

// Left alone: a convolution whose result is also returned, an add with alpha 2, a multiply
// by a tensor that is not per channel, and a multiply of a convolution whose filter another
// convolution reads (its bias add still folds).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-2: torch.aten.add.Tensor
// CHECK-COUNT-2: torch.aten.mul.Tensor
// CHECK-NOT:     torch.aten.add.Tensor

func.func @kept(%arg0: !torch.vtensor<[1,1,2,2],f32>) -> (!torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %w = torch.vtensor.literal(dense<"0x0000803F00000040"> : tensor<2x1x1x1xf32>) : !torch.vtensor<[2,1,1,1],f32>
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %b = torch.vtensor.literal(dense<[[[0.5]], [[-1.0]]]> : tensor<2x1x1xf32>) : !torch.vtensor<[2,1,1],f32>
  %c0 = torch.aten.convolution %arg0, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1 : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[2,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %0 = torch.aten.add.Tensor %c0, %b, %int1 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %c1 = torch.aten.convolution %arg0, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1 : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[2,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %1 = torch.aten.add.Tensor %c1, %b, %int2 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %c2 = torch.aten.convolution %arg0, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1 : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[2,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %full = torch.vtensor.literal(dense<2.0> : tensor<1x2x2x2xf32>) : !torch.vtensor<[1,2,2,2],f32>
  %2 = torch.aten.mul.Tensor %c2, %full : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32> -> !torch.vtensor<[1,2,2,2],f32>
  %c3 = torch.aten.convolution %arg0, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1 : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[2,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %b3 = torch.vtensor.literal(dense<[[[0.5]], [[-1.0]]]> : tensor<2x1x1xf32>) : !torch.vtensor<[2,1,1],f32>
  %3 = torch.aten.add.Tensor %c3, %b3, %int1 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[1,2,2,2],f32>
  %m = torch.vtensor.literal(dense<[[[2.0]], [[3.0]]]> : tensor<2x1x1xf32>) : !torch.vtensor<[2,1,1],f32>
  %4 = torch.aten.mul.Tensor %3, %m : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[2,1,1],f32> -> !torch.vtensor<[1,2,2,2],f32>
  return %c0, %0, %1, %2, %4 : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,2,2],f32>
}
