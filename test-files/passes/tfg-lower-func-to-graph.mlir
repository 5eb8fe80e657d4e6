// RUN: %amanda_opt --canonical --tfg-lower-func-to-graph %s --split-input-file --verify-diagnostics | FileCheck %s

// Arguments go back to the results they were lifted from; a use of an argument's control
// token becomes a use of that node's control token; the return goes, other functions stay.

// CHECK: tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
// CHECK-NEXT: %[[A:.*]]:2, %[[ACTL:.*]] = A name("a")
// CHECK-NEXT: %{{.*}}, %[[BCTL:.*]] = B(%[[A]]#1) [%[[ACTL]]] name("b")
// CHECK-NEXT: %{{.*}}, %{{.*}} = IfRegion %[[A]]#0 then {
// CHECK-NEXT: yield(%[[A]]#1) [%[[ACTL]], %[[BCTL]]] : tensor<f32>
// CHECK: }
// CHECK-NOT: return
// CHECK: tfg.func @other
tfg.func @_mlir_lifted_graph(%a_0: tensor<i1> {tfg.lifted_value_attr = ["a", 0 : index], tfg.name = "a_0"},
                             %a_1: tensor<f32> {tfg.lifted_value_attr = ["a", 1 : index], tfg.name = "a_1"})
    -> (tensor<f32> {tfg.name = "b_0"})
    attributes {tfg.lifted_graph_version = #tf_type.version<producer = 3, min_consumer = 1>} {
  %A:2, %ctl = A name("a") : () -> (tensor<i1>, tensor<f32>)
  %B, %ctl_0 = B(%a_1) [%a_1.ctl] name("b") : (tensor<f32>) -> (tensor<f32>)
  %If, %ctl_1 = IfRegion %a_0 then {
    yield(%a_1) [%a_0.ctl, %ctl_0] : tensor<f32>
  } else {
    yield(%B) : tensor<f32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<f32>)
  return(%B) [%ctl_1] : tensor<f32>
}
tfg.func @other() -> () {
  return
}

// -----

// expected-error@+1 {{FuncToGraph failed: lifted arg can't find the associated operation: nowhere}}
tfg.func @_mlir_lifted_graph(%x: tensor<i1> {tfg.lifted_value_attr = ["nowhere", 0 : index], tfg.name = "x"})
    -> () attributes {tfg.lifted_graph_version = #tf_type.version<producer = 3, min_consumer = 1>} {
  return
}
