// RUN: %amanda_opt --canonical %s | FileCheck %s

// TensorFlow names the results of its functional control-flow ops (If, StatelessIf, Case,
// While, For, ...) `%outs` under --canonical, not after the op type.

// CHECK:     module {
// CHECK-NEXT:  tfg.func @then(%x: tensor<i32> {tfg.name = "x"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    return(%x) : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
// CHECK-NEXT:    %Cond, %ctl = Cond : () -> (tensor<i1>)
// CHECK-NEXT:    %Value, %ctl_0 = Value : () -> (tensor<i32>)
// CHECK-NEXT:    %outs, %ctl_1 = If(%Cond, %Value) {Tcond = i1, Tin = [i32], Tout = [i32], else_branch = #tf_type.func<@then, {}>, output_shapes = [#tf_type.shape<>], then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:    %outs_2, %ctl_3 = StatelessIf(%Cond, %Value) {Tcond = i1, Tin = [i32], Tout = [i32], else_branch = #tf_type.func<@then, {}>, output_shapes = [#tf_type.shape<>], then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @then(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32>) {
  return(%x) : tensor<i32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Cond : () -> (tensor<i1>)
  %v, %ctl_0 = Value : () -> (tensor<i32>)
  %i, %ctl_1 = If(%c, %v) {Tcond = i1, Tin = [i32], Tout = [i32], else_branch = #tf_type.func<@then, {}>, output_shapes = [#tf_type.shape<>], then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %s, %ctl_2 = StatelessIf(%c, %v) {Tcond = i1, Tin = [i32], Tout = [i32], else_branch = #tf_type.func<@then, {}>, output_shapes = [#tf_type.shape<>], then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}
