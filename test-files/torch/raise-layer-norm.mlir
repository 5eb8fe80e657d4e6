// RUN: %amanda_opt %s --torch-raise-layer-norm --split-input-file --print-debuginfo | FileCheck %s
// RUN: %amanda_opt %s --torch-raise-layer-norm --split-input-file --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --torch-raise-layer-norm --split-input-file | %torch_mlir_opt --split-input-file > /dev/null %}
// torch-raise-layer-norm: layer normalization written out as arithmetic becomes one
// aten.layer_norm over the normalized (last) dims.
// Three raised in all (statistics add up over the split inputs).
// STATS: TorchRaiseLayerNorm
// STATS-NEXT: (S) 3 num-folded - Layer normalizations raised to aten.layer_norm

// Keras 3's LayerNormalization as convert-tf-to-torch writes it: mean, squared difference,
// variance, rsqrt(var + eps) * gamma, x * s + (-mean * s + beta). gamma is [1,1,4] (re-typed
// to [4], its data kept), eps is f32's 0.001 (spelled 1.0e-3, not 1.0000000474974513e-3).
// CHECK-LABEL: func.func @keras
// CHECK-DAG:     %[[G:.*]] = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("ln/gamma")
// CHECK-DAG:     %[[B:.*]] = torch.vtensor.literal({{.*}} : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("ln/beta")
// CHECK-DAG:     %[[EPS:.*]] = torch.constant.float 1.0e-3
// CHECK-DAG:     %[[SHAPE:.*]] = torch.prim.ListConstruct %{{.*}} : (!torch.int) -> !torch.list<int>
// CHECK:         %[[LN:.*]] = torch.aten.layer_norm %arg0, %[[SHAPE]], %[[G]], %[[B]], %[[EPS]], %{{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32> loc(fused["ln/add_2", {{.*}}"ln/moments/mean"
// CHECK-NOT:     torch.aten.mean.dim
// CHECK-NOT:     torch.aten.rsqrt
// CHECK-NOT:     [1,1,4]
// CHECK:         return %[[LN]]

func.func @keras(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %mean = torch.aten.mean.dim %arg0, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1],f32> loc("ln/moments/mean")
  %d = torch.aten.sub.Tensor %arg0, %mean, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32> loc("ln/moments/SquaredDifference")
  %sq = torch.aten.mul.Tensor %d, %d : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32> loc("ln/moments/SquaredDifference")
  %var = torch.aten.mean.dim %sq, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1],f32> loc("ln/moments/variance")
  %eps = torch.vtensor.literal(dense<1.000000e-03> : tensor<f32>) : !torch.vtensor<[],f32>
  %ve = torch.aten.add.Tensor %var, %eps, %int1 : !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[],f32>, !torch.int -> !torch.vtensor<[2,3,1],f32> loc("ln/add")
  %inv = torch.aten.rsqrt %ve : !torch.vtensor<[2,3,1],f32> -> !torch.vtensor<[2,3,1],f32> loc("ln/Rsqrt")
  %gamma = torch.vtensor.literal(dense<[[[1.0, 2.0, 3.0, 4.0]]]> : tensor<1x1x4xf32>) : !torch.vtensor<[1,1,4],f32> loc("ln/gamma")
  %s = torch.aten.mul.Tensor %inv, %gamma : !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[1,1,4],f32> -> !torch.vtensor<[2,3,4],f32> loc("ln/mul")
  %xs = torch.aten.mul.Tensor %arg0, %s : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32> loc("ln/mul_2")
  %neg = torch.aten.neg %mean : !torch.vtensor<[2,3,1],f32> -> !torch.vtensor<[2,3,1],f32> loc("ln/Neg")
  %ms = torch.aten.mul.Tensor %neg, %s : !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32> loc("ln/mul_1")
  %beta = torch.vtensor.literal(dense<[0.5, 0.0, -0.5, 1.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("ln/beta")
  %shift = torch.aten.add.Tensor %ms, %beta, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32> loc("ln/add_1")
  %out = torch.aten.add.Tensor %xs, %shift, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32> loc("ln/add_2")
  return %out : !torch.vtensor<[2,3,4],f32>
}

// -----

// tf.nn.batch_normalization's form, no scale: x * inv + (beta - mean * inv), the operands of
// the sums and products the other way round, f64 (eps kept exactly).
// CHECK-LABEL: func.func @tf_nn
// CHECK:         %[[LN:.*]] = torch.aten.layer_norm %arg0, %{{.*}}, %none, %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[3,8],f64>, !torch.list<int>, !torch.none, !torch.vtensor<[8],f64>, !torch.float, !torch.bool -> !torch.vtensor<[3,8],f64>
// CHECK-NOT:     torch.aten.mul.Tensor
// CHECK:         return %[[LN]]

func.func @tf_nn(%arg0: !torch.vtensor<[3,8],f64>) -> !torch.vtensor<[3,8],f64> {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %mean = torch.aten.mean.dim %arg0, %dims, %true, %none : !torch.vtensor<[3,8],f64>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3,1],f64>
  %d = torch.aten.sub.Tensor %mean, %arg0, %int1 : !torch.vtensor<[3,1],f64>, !torch.vtensor<[3,8],f64>, !torch.int -> !torch.vtensor<[3,8],f64>
  %sq = torch.aten.square %d : !torch.vtensor<[3,8],f64> -> !torch.vtensor<[3,8],f64>
  %var = torch.aten.mean.dim %sq, %dims, %true, %none : !torch.vtensor<[3,8],f64>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3,1],f64>
  %eps = torch.vtensor.literal(dense<1.0e-5> : tensor<f64>) : !torch.vtensor<[],f64>
  %ve = torch.aten.add.Tensor %eps, %var, %int1 : !torch.vtensor<[],f64>, !torch.vtensor<[3,1],f64>, !torch.int -> !torch.vtensor<[3,1],f64>
  %inv = torch.aten.rsqrt %ve : !torch.vtensor<[3,1],f64> -> !torch.vtensor<[3,1],f64>
  %xs = torch.aten.mul.Tensor %inv, %arg0 : !torch.vtensor<[3,1],f64>, !torch.vtensor<[3,8],f64> -> !torch.vtensor<[3,8],f64>
  %ms = torch.aten.mul.Tensor %inv, %mean : !torch.vtensor<[3,1],f64>, !torch.vtensor<[3,1],f64> -> !torch.vtensor<[3,1],f64>
  %beta = torch.vtensor.literal(dense<0.25> : tensor<8xf64>) : !torch.vtensor<[8],f64>
  %shift = torch.aten.sub.Tensor %beta, %ms, %int1 : !torch.vtensor<[8],f64>, !torch.vtensor<[3,1],f64>, !torch.int -> !torch.vtensor<[3,8],f64>
  %out = torch.aten.add.Tensor %shift, %xs, %int1 : !torch.vtensor<[3,8],f64>, !torch.vtensor<[3,8],f64>, !torch.int -> !torch.vtensor<[3,8],f64>
  return %out : !torch.vtensor<[3,8],f64>
}

// -----

// Written by hand, over the last two dims: (x - mean) * rsqrt(var + eps), the square a
// pow; no gamma, no beta.
// CHECK-LABEL: func.func @centered
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         torch.aten.layer_norm %arg0, %[[SHAPE]], %none, %none, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32>

func.func @centered(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %mean = torch.aten.mean.dim %arg0, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,1],f32>
  %d = torch.aten.sub.Tensor %arg0, %mean, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %sq = torch.aten.pow.Tensor_Scalar %d, %int2 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %var = torch.aten.mean.dim %sq, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,1],f32>
  %eps = torch.vtensor.literal(dense<1.0e-5> : tensor<1xf32>) : !torch.vtensor<[1],f32>
  %ve = torch.aten.add.Tensor %var, %eps, %int1 : !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[1],f32>, !torch.int -> !torch.vtensor<[2,1,1],f32>
  %inv = torch.aten.rsqrt %ve : !torch.vtensor<[2,1,1],f32> -> !torch.vtensor<[2,1,1],f32>
  %out = torch.aten.mul.Tensor %d, %inv : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32> -> !torch.vtensor<[2,3,4],f32>
  return %out : !torch.vtensor<[2,3,4],f32>
}

// -----

// Left alone: a mean over a dim that is not the last (batch normalization's moments), and a
// layer norm whose mean is also returned (it would be computed twice).
// CHECK-LABEL: func.func @kept
// CHECK-NOT:     torch.aten.layer_norm
// CHECK-COUNT-2: torch.aten.rsqrt
// CHECK-NOT:     torch.aten.layer_norm

func.func @kept(%arg0: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %d1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %mean = torch.aten.mean.dim %arg0, %d1, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,4],f32>
  %d = torch.aten.sub.Tensor %arg0, %mean, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %sq = torch.aten.mul.Tensor %d, %d : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %var = torch.aten.mean.dim %sq, %d1, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,4],f32>
  %eps = torch.vtensor.literal(dense<1.0e-5> : tensor<f32>) : !torch.vtensor<[],f32>
  %ve = torch.aten.add.Tensor %var, %eps, %int1 : !torch.vtensor<[2,1,4],f32>, !torch.vtensor<[],f32>, !torch.int -> !torch.vtensor<[2,1,4],f32>
  %inv = torch.aten.rsqrt %ve : !torch.vtensor<[2,1,4],f32> -> !torch.vtensor<[2,1,4],f32>
  %out = torch.aten.mul.Tensor %d, %inv : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %d2 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %mean2 = torch.aten.mean.dim %arg0, %d2, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1],f32>
  %e = torch.aten.sub.Tensor %arg0, %mean2, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %sq2 = torch.aten.mul.Tensor %e, %e : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %var2 = torch.aten.mean.dim %sq2, %d2, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1],f32>
  %ve2 = torch.aten.add.Tensor %var2, %eps, %int1 : !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[],f32>, !torch.int -> !torch.vtensor<[2,3,1],f32>
  %inv2 = torch.aten.rsqrt %ve2 : !torch.vtensor<[2,3,1],f32> -> !torch.vtensor<[2,3,1],f32>
  %out2 = torch.aten.mul.Tensor %e, %inv2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32> -> !torch.vtensor<[2,3,4],f32>
  return %out, %out2, %mean2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>
}
