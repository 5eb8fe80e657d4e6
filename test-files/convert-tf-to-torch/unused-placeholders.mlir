// TensorFlow's freezer (convert_variables_to_constants_v2, lowering a Keras LSTM's While)
// leaves a Placeholder nobody reads for each input it dropped (`unused_control_flow_input_N`,
// variant, int32, float). By default they are neither arguments nor results: the function
// takes `x` and returns `y`.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --pass='convert-tf-to-torch{feeds=x}' | FileCheck %s

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %u0, %ctl = Placeholder name("unused_control_flow_input") {dtype = !tf_type.variant, shape = #tf_type.shape<*>} : () -> (tensor<*x!tf_type.variant>)
  %x, %ctl_0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %u1, %ctl_1 = Placeholder name("unused_control_flow_input_1") {dtype = i32, shape = #tf_type.shape<*>} : () -> (tensor<*xi32>)
  %u2, %ctl_2 = Placeholder name("unused_control_flow_input_2") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<*xf32>)
  %y, %ctl_3 = Tanh(%x) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT: %[[Y:.*]] = torch.aten.tanh %arg0
// CHECK-NEXT: return %[[Y]] : !torch.vtensor<[2,3],f32>
