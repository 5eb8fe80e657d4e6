// RUN: %amanda_opt %S/keras_lstm | FileCheck %s
// RUN: %amanda_opt %S/keras_lstm | FileCheck %s --check-prefix=NONE

// A Keras 3 LSTM export (make.py): the loop body reads the kernels through resource inputs
// of a While. Frozen, the While takes the kernels' values (Consts named VARIABLE/frozen),
// its cond and body are specialised copies (NAME_frozen) whose arguments are f32 tensors,
// and no variable or variable read is left anywhere, in the graph or in a function.

// CHECK-NOT: VarHandleOp
// CHECK-NOT: ReadVariableOp
// CHECK: Placeholder name("seq")
// CHECK: While({{.*}}, %[[K:Const_[0-9]+]], %[[R:Const_[0-9]+]], %[[B:Const_[0-9]+]]) name("{{.*}}lstm_1/while") {T = [i32, i32, i32, !tf_type.variant, f32, f32, !tf_type.variant, f32, f32, f32]
// CHECK-SAME: body = #tf_type.func<@{{.*}}while_body_{{[0-9]+}}_frozen, {}>
// CHECK-SAME: cond = #tf_type.func<@{{.*}}while_cond_{{[0-9]+}}_frozen, {}>
// CHECK: %[[K]], {{.*}} = Const name("lstm/lstm_cell/kernel{{.*}}/frozen") {{.*}} : tensor<3x16xf32>
// CHECK: %[[R]], {{.*}} = Const name("lstm/lstm_cell/recurrent_kernel{{.*}}/frozen") {{.*}} : tensor<4x16xf32>
// CHECK: %[[B]], {{.*}} = Const name("lstm/lstm_cell/bias{{.*}}/frozen") {{.*}} : tensor<16xf32>
// CHECK: Identity({{.*}}) name("output_0")
// CHECK: tfg.func @{{.*}}while_cond_{{[0-9]+}}_frozen(
// CHECK: tfg.func @{{.*}}while_body_{{[0-9]+}}_frozen(
// CHECK: %{{.*}}cast_readvariableop_resource_0: tensor<*xf32> {
// CHECK: Identity(%{{.*}}cast_readvariableop_resource_0) name("{{.*}}lstm_cell_1/Cast/ReadVariableOp") {T = f32,
// CHECK-NOT: tf_type.resource

// Nowhere in the module (from its first line to the end):
// NONE: module {
// NONE-NOT: {{= (ReadVariableOp|VarHandleOp|AssignVariableOp)\(}}
// NONE-NOT: tf_type.resource
