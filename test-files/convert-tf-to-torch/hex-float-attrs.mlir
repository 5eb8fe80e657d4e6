// A float attribute spelled in hex is the bit pattern of its own type, as in MLIR:
// `0x3E99999A : f32` is the f32 nearest 0.3 and `0xBE99999A : f32` its negation, not the f64
// whose bits those are (a denormal near 5e-315). convert-tf-to-torch gives them as torch
// floats of the f32's shortest decimal, as for the decimal spelling `3.000000e-01 : f32`.
// An alpha that is not a number is an error, not TensorFlow's default in its place.
// RUN: head -n 19 %s | %amanda_opt - --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %if torch-mlir-opt %{ head -n 19 %s | %amanda_opt - --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<*xf32>)
  %a, %ctl_0 = LeakyRelu(%x) name("a") {T = f32, alpha = 0x3E99999A : f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %b, %ctl_1 = LeakyRelu(%a) name("b") {T = f32, alpha = 0xBE99999A : f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: %[[A:.*]] = "torch.constant.float"() <{value = 3.0e-1 : f64}>
// CHECK: "torch.aten.leaky_relu"(%{{.*}}, %[[A]])
// CHECK: %[[B:.*]] = "torch.constant.float"() <{value = -3.0e-1 : f64}>
// CHECK: "torch.aten.leaky_relu"(%{{.*}}, %[[B]])

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<*xf32>)
  %a, %ctl_0 = LeakyRelu(%x) name("bad") {T = f32, alpha = "0.3"} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// ERR: error: {{.*}}bad{{.*}}missing or malformed attribute 'alpha'
