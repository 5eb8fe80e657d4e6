// MaxPool, AvgPool and FusedBatchNormV3 (inference) on NHWC values: computed in NCHW after
// one permute of the input. MaxPool with uneven SAME padding (7 → 4 with window 2, stride 2:
// 0 before, 1 after) pads with the lowest f32 first; AvgPool with SAME padding pads with
// zeros, averages the whole window (count_include_pad) and rescales each output by
// window / (elements inside the input), a literal, which is TensorFlow's average.
// FusedBatchNormV3 is aten.batch_norm with training = false and its epsilon.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x7x7x3>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %o, %ctl_1 = Const name("offset") {dtype = f32, value = dense<[0.0, 0.5, 1.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %m, %ctl_2 = Const name("mean") {dtype = f32, value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %v, %ctl_3 = Const name("var") {dtype = f32, value = dense<[1.0, 1.5, 2.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %bn:6, %ctl_4 = FusedBatchNormV3(%x, %s, %o, %m, %v) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %mp, %ctl_5 = MaxPool(%bn#0) name("mp") {T = f32, data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ap, %ctl_6 = AvgPool(%bn#0) name("ap") {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[1,7,7,3],f32>):
// CHECK: %[[XP:.*]] = "torch.aten.permute"(%[[X]], {{.*}}) -> !torch.vtensor<[1,3,7,7],f32>
// CHECK: %[[EPS:.*]] = "torch.constant.float"() <{value = 1.0e-3 : f64}>
// CHECK: %[[BN:.*]] = "torch.aten.batch_norm"(%[[XP]], %[[SCALE:.*]], %[[OFFSET:.*]], %[[MEAN:.*]], %[[VAR:.*]], %[[FALSE:.*]], %{{.*}}, %[[EPS]], %[[FALSE]]) : (!torch.vtensor<[1,3,7,7],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool) -> !torch.vtensor<[1,3,7,7],f32>
// CHECK: %[[LOWEST:.*]] = "torch.constant.float"() <{value = -3.4028234663852886e38 : f64}>
// CHECK: %[[MPAD:.*]] = "torch.aten.constant_pad_nd"(%[[BN]], {{.*}}, %[[LOWEST]]) : {{.*}} -> !torch.vtensor<[1,3,8,8],f32>
// CHECK: %[[MP:.*]] = "torch.aten.max_pool2d"(%[[MPAD]], {{.*}}) : (!torch.vtensor<[1,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool) -> !torch.vtensor<[1,3,4,4],f32>
// CHECK: %[[APAD:.*]] = "torch.aten.constant_pad_nd"(%[[BN]], {{.*}}) : {{.*}} -> !torch.vtensor<[1,3,9,9],f32>
// CHECK: %[[TRUE:.*]] = "torch.constant.bool"() <{value = true}>
// CHECK: %[[AP:.*]] = "torch.aten.avg_pool2d"(%[[APAD]], %{{.*}}, %{{.*}}, %{{.*}}, %[[FALSE]], %[[TRUE]], %{{.*}}) : (!torch.vtensor<[1,3,9,9],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none) -> !torch.vtensor<[1,3,4,4],f32>
// Corners see 2x2 of the 3x3 window, edges 2x3, the inside 3x3.
// CHECK: %[[SCALE:.*]] = "torch.vtensor.literal"() <{value = dense<{{\[\[}}2.250000e+00, 1.500000e+00, 1.500000e+00, 2.250000e+00], [1.500000e+00, 1.000000e+00, 1.000000e+00, 1.500000e+00], [1.500000e+00, 1.000000e+00, 1.000000e+00, 1.500000e+00], [2.250000e+00, 1.500000e+00, 1.500000e+00, 2.250000e+00]]> : tensor<4x4xf32>}>
// CHECK: %[[APS:.*]] = "torch.aten.mul.Tensor"(%[[AP]], %[[SCALE]])
// CHECK: "func.return"(%{{.*}}, %{{.*}}) : (!torch.vtensor<[1,4,4,3],f32>, !torch.vtensor<[1,4,4,3],f32>) -> ()
