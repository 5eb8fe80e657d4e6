// RUN: %amanda_opt %s --torch-raise-gelu --split-input-file --print-debuginfo | FileCheck %s
// RUN: %amanda_opt %s --torch-raise-gelu --split-input-file --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --torch-raise-gelu --split-input-file | %torch_mlir_opt --split-input-file > /dev/null %}
// torch-raise-gelu: GELU written out as arithmetic becomes one aten.gelu.
// Three raised in all (statistics add up over the split inputs).
// STATS: TorchRaiseGelu
// STATS-NEXT: (S) 3 num-folded - GELUs raised to aten.gelu

// tf.nn.gelu (Keras's "gelu" activation) as convert-tf-to-torch writes it:
// 0.5 * x * erfc(-x * 0.70710677), erfc as 1 - erf.
// CHECK-LABEL: func.func @tf_exact
// CHECK:         %[[NONE:.*]] = torch.constant.str "none"
// CHECK:         %[[G:.*]] = torch.aten.gelu %arg0, %[[NONE]] : !torch.vtensor<[2,8],f32>, !torch.str -> !torch.vtensor<[2,8],f32> loc(fused["dense/Gelu/mul_2", "dense/Gelu/mul", "dense/Gelu/Erfc", "dense/Gelu/mul_1", "dense/Gelu/Neg"])
// CHECK-NOT:     torch.aten.erf
// CHECK-NOT:     torch.vtensor.literal
// CHECK:         return %[[G]]

func.func @tf_exact(%arg0: !torch.vtensor<[2,8],f32>) -> !torch.vtensor<[2,8],f32> {
  %int1 = torch.constant.int 1
  %half = torch.vtensor.literal(dense<5.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
  %0 = torch.aten.mul.Tensor %half, %arg0 : !torch.vtensor<[],f32>, !torch.vtensor<[2,8],f32> -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/mul")
  %1 = torch.aten.neg %arg0 : !torch.vtensor<[2,8],f32> -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/Neg")
  %c = torch.vtensor.literal(dense<0.707106769> : tensor<f32>) : !torch.vtensor<[],f32>
  %2 = torch.aten.mul.Tensor %1, %c : !torch.vtensor<[2,8],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/mul_1")
  %3 = torch.aten.erf %2 : !torch.vtensor<[2,8],f32> -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/Erfc")
  %4 = torch.aten.rsub.Scalar %3, %int1, %int1 : !torch.vtensor<[2,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/Erfc")
  %5 = torch.aten.mul.Tensor %0, %4 : !torch.vtensor<[2,8],f32>, !torch.vtensor<[2,8],f32> -> !torch.vtensor<[2,8],f32> loc("dense/Gelu/mul_2")
  return %5 : !torch.vtensor<[2,8],f32>
}

// -----

// PyTorch's own decomposition: x * 0.5 * (1 + erf(x / 1.4142135)), here of an x that is
// itself a product (x = a * b stays whole).
// CHECK-LABEL: func.func @erf
// CHECK:         %[[X:.*]] = torch.aten.mul.Tensor %arg0, %arg1
// CHECK:         %[[G:.*]] = torch.aten.gelu %[[X]], %{{.*}} :
// CHECK-NOT:     torch.aten.erf
// CHECK:         return %[[G]]

func.func @erf(%arg0: !torch.vtensor<[4],f32>, %arg1: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %x = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %half = torch.vtensor.literal(dense<5.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
  %0 = torch.aten.mul.Tensor %x, %half : !torch.vtensor<[4],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4],f32>
  %sqrt2 = torch.vtensor.literal(dense<1.41421354> : tensor<f32>) : !torch.vtensor<[],f32>
  %1 = torch.aten.div.Tensor %x, %sqrt2 : !torch.vtensor<[4],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.erf %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %one = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
  %3 = torch.aten.add.Tensor %one, %2, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  %4 = torch.aten.mul.Tensor %0, %3 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %4 : !torch.vtensor<[4],f32>
}

// -----

// tf.nn.gelu(approximate=True): 0.5 * x * (1 + tanh(0.7978846 * (x + 0.044715 * x^3))),
// the cube a pow.
// CHECK-LABEL: func.func @tanh
// CHECK:         %[[TANH:.*]] = torch.constant.str "tanh"
// CHECK:         %[[G:.*]] = torch.aten.gelu %arg0, %[[TANH]] : !torch.vtensor<[2,3],f32>, !torch.str -> !torch.vtensor<[2,3],f32>
// CHECK-NOT:     torch.aten.tanh
// CHECK-NOT:     torch.aten.pow
// CHECK:         return %[[G]]

func.func @tanh(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %half = torch.vtensor.literal(dense<5.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
  %0 = torch.aten.mul.Tensor %half, %arg0 : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %cube = torch.aten.pow.Tensor_Scalar %arg0, %int3 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %k = torch.vtensor.literal(dense<4.471500e-02> : tensor<f32>) : !torch.vtensor<[],f32>
  %1 = torch.aten.mul.Tensor %k, %cube : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %2 = torch.aten.add.Tensor %arg0, %1, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %c = torch.vtensor.literal(dense<0.797884583> : tensor<f32>) : !torch.vtensor<[],f32>
  %3 = torch.aten.mul.Tensor %c, %2 : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %4 = torch.aten.tanh %3 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %5 = torch.aten.add.Scalar %4, %int1, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  %6 = torch.aten.mul.Tensor %0, %5 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %6 : !torch.vtensor<[2,3],f32>
}

// -----

// Left alone: a factor 0.6 where GELU has 0.5 (not a GELU), and a GELU whose erf is also
// returned (it would be computed twice).
// CHECK-LABEL: func.func @kept
// CHECK-NOT:     torch.aten.gelu
// CHECK-COUNT-2: torch.aten.erf
// CHECK-NOT:     torch.aten.gelu

func.func @kept(%arg0: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %int1 = torch.constant.int 1
  %k = torch.vtensor.literal(dense<6.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
  %c = torch.vtensor.literal(dense<-0.707106769> : tensor<f32>) : !torch.vtensor<[],f32>
  %0 = torch.aten.mul.Tensor %k, %arg0 : !torch.vtensor<[],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.mul.Tensor %arg0, %c : !torch.vtensor<[4],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.erf %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.rsub.Scalar %2, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  %4 = torch.aten.mul.Tensor %0, %3 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %half = torch.vtensor.literal(dense<5.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
  %5 = torch.aten.mul.Tensor %half, %arg0 : !torch.vtensor<[],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %6 = torch.aten.erf %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %7 = torch.aten.rsub.Scalar %6, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  %8 = torch.aten.mul.Tensor %5, %7 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %4, %8, %6 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}
