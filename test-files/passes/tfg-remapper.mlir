// RUN: %amanda_opt %s --tfg-remapper | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg-remapper{enable-onednn-patterns=true})' | FileCheck %s --check-prefix=ONEDNN

// MatMul + BiasAdd + Relu on CPU becomes one _FusedMatMul named like the Relu (ops with
// control edges are not fused, see @kept).
// CHECK-LABEL: tfg.func @matmul_relu
// CHECK: %[[X:.*]], %{{.*}} = Placeholder
// CHECK: %[[W:.*]], %{{.*}} = Const {{.*}} name("w")
// CHECK: %[[B:.*]], %{{.*}} = Const {{.*}} name("b")
// CHECK: _FusedMatMul(%[[X]], %[[W]], %[[B]]) device("/device:CPU:0") name("relu")
// CHECK-SAME: fused_ops = ["BiasAdd", "Relu"]
// CHECK-NOT: Relu(
tfg.func @matmul_relu() -> (tensor<*xf32>) {
  %X, %ctl = Placeholder device("/device:CPU:0") name("x") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<*xf32>)
  %W, %ctl_0 = Const device("/device:CPU:0") name("w") {dtype = f32, value = dense<1.0> : tensor<4x5xf32>} : () -> (tensor<*xf32>)
  %B, %ctl_1 = Const device("/device:CPU:0") name("b") {dtype = f32, value = dense<1.0> : tensor<5xf32>} : () -> (tensor<*xf32>)
  %M, %ctl_2 = MatMul(%X, %W) device("/device:CPU:0") name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %BA, %ctl_3 = BiasAdd(%M, %B) device("/device:CPU:0") name("ba") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %R, %ctl_4 = Relu(%BA) device("/device:CPU:0") name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%R) : tensor<*xf32>
}

// A BiasAdd whose control token is used, or on no CPU device, is left alone; so is
// Mul(x, Sigmoid(x)) unless oneDNN patterns are enabled.
// CHECK-LABEL: tfg.func @kept
// CHECK: BiasAdd{{.*}} name("ba")
// CHECK: BiasAdd{{.*}} name("gpu_ba")
// CHECK: Mul{{.*}} name("swish")
// ONEDNN-LABEL: tfg.func @kept
// ONEDNN: _MklSwish(%{{.*}}) device("/device:CPU:0") name("swish")
tfg.func @kept(%x: tensor<2x4xf32> {tfg.name = "x"}) {
  %W, %ctl = Const device("/device:CPU:0") name("w") {dtype = f32, value = dense<1.0> : tensor<4x5xf32>} : () -> (tensor<4x5xf32>)
  %B, %ctl_0 = Const device("/device:CPU:0") name("b") {dtype = f32, value = dense<1.0> : tensor<5xf32>} : () -> (tensor<5xf32>)
  %M, %ctl_1 = MatMul(%x, %W) device("/device:CPU:0") name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x4xf32>, tensor<4x5xf32>) -> (tensor<2x5xf32>)
  %BA, %ctl_2 = BiasAdd(%M, %B) device("/device:CPU:0") name("ba") {T = f32, data_format = "NHWC"} : (tensor<2x5xf32>, tensor<5xf32>) -> (tensor<2x5xf32>)
  %M2, %ctl_3 = MatMul(%x, %W) name("gpu_mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x4xf32>, tensor<4x5xf32>) -> (tensor<2x5xf32>)
  %BA2, %ctl_4 = BiasAdd(%M2, %B) name("gpu_ba") {T = f32, data_format = "NHWC"} : (tensor<2x5xf32>, tensor<5xf32>) -> (tensor<2x5xf32>)
  %S, %ctl_5 = Sigmoid(%x) device("/device:CPU:0") name("sig") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %SW, %ctl_6 = Mul(%x, %S) device("/device:CPU:0") name("swish") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  return [%ctl_2]
}
