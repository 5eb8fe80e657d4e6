// Activations and unary math keep their input's layout and get their TorchScript defaults:
// Relu6 is aten.clamp(x, 0.0, 6.0), LeakyRelu takes alpha, Elu/Softplus their torch
// defaults (alpha, scale, input_scale = 1; beta = 1, threshold = 20), Erfc is
// 1 - erf(x) (aten.rsub.Scalar), Softmax and LogSoftmax
// work on the last axis (aten._softmax with half_to_float = false).
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<*xf32>)
  %r6, %ctl_0 = Relu6(%x) name("relu6") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %lr, %ctl_1 = LeakyRelu(%r6) name("leaky") {T = f32, alpha = 3.000000e-01 : f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %elu, %ctl_2 = Elu(%lr) name("elu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %selu, %ctl_3 = Selu(%elu) name("selu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %sp, %ctl_4 = Softplus(%selu) name("softplus") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %sg, %ctl_5 = Sigmoid(%sp) name("sigmoid") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %th, %ctl_6 = Tanh(%sg) name("tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %erf, %ctl_7 = Erf(%th) name("erf") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %erfc, %ctl_10 = Erfc(%erf) name("erfc") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %sm, %ctl_8 = Softmax(%erfc) name("softmax") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %lsm, %ctl_9 = LogSoftmax(%sm) name("log_softmax") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[2,5],f32>):
// CHECK: %[[ZERO:.*]] = "torch.constant.float"() <{value = 0.0e0 : f64}>
// CHECK: %[[SIX:.*]] = "torch.constant.float"() <{value = 6.0e0 : f64}>
// CHECK: %[[R6:.*]] = "torch.aten.clamp"(%[[X]], %[[ZERO]], %[[SIX]]) : (!torch.vtensor<[2,5],f32>, !torch.float, !torch.float) -> !torch.vtensor<[2,5],f32>
// CHECK: %[[ALPHA:.*]] = "torch.constant.float"() <{value = 3.0e-1 : f64}>
// CHECK: %[[LR:.*]] = "torch.aten.leaky_relu"(%[[R6]], %[[ALPHA]])
// CHECK: %[[ONE:.*]] = "torch.constant.int"() <{value = 1 : i64}>
// CHECK: %[[ELU:.*]] = "torch.aten.elu"(%[[LR]], %[[ONE]], %[[ONE]], %[[ONE]]) : (!torch.vtensor<[2,5],f32>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,5],f32>
// CHECK: %[[SELU:.*]] = "torch.aten.selu"(%[[ELU]])
// CHECK: %[[TWENTY:.*]] = "torch.constant.int"() <{value = 20 : i64}>
// CHECK: %[[SP:.*]] = "torch.aten.softplus"(%[[SELU]], %[[ONE]], %[[TWENTY]])
// CHECK: %[[SG:.*]] = "torch.aten.sigmoid"(%[[SP]])
// CHECK: %[[TH:.*]] = "torch.aten.tanh"(%[[SG]])
// CHECK: %[[ERF:.*]] = "torch.aten.erf"(%[[TH]])
// CHECK: %[[ERF2:.*]] = "torch.aten.erf"(%[[ERF]])
// CHECK: %[[ERFC:.*]] = "torch.aten.rsub.Scalar"(%[[ERF2]], %[[ONE]], %[[ONE]]) : (!torch.vtensor<[2,5],f32>, !torch.int, !torch.int) -> !torch.vtensor<[2,5],f32>
// CHECK: %[[FALSE:.*]] = "torch.constant.bool"() <{value = false}>
// CHECK: %[[SM:.*]] = "torch.aten._softmax"(%[[ERFC]], %[[ONE]], %[[FALSE]]) : (!torch.vtensor<[2,5],f32>, !torch.int, !torch.bool) -> !torch.vtensor<[2,5],f32>
// CHECK: %[[LSM:.*]] = "torch.aten._log_softmax"(%[[SM]], %[[ONE]], %[[FALSE]])
// CHECK: "func.return"(%[[LSM]])
