// RUN: %amanda_opt %s --tfg-name-compress | FileCheck %s

// Arguments, results, control results, then every node (inner ops of a region op first)
// get names from one counter; control arguments' dictionaries become empty; other
// attributes, control edges and unknown ops stay.
// CHECK-LABEL: tfg.func @f(%x: tensor<i32> {tfg.name = "A", tf._keep = 1 : i64},
// CHECK-NEXT: %y: tensor<i1> {tfg.name = "B"})
// CHECK-NEXT: -> (tensor<i32> {tfg.name = "C"})
tfg.func @f(%x: tensor<i32> {tfg.name = "long_argument_name", tf._keep = 1 : i64},
            %y: tensor<i1> {tfg.name = "another_argument"})
     -> (tensor<i32> {tfg.name = "the_result"}) {
  // CHECK: Foo(%x) [%x.ctl] name("E") {_unknown = "kept"}
  %foo, %ctl = Foo(%x) [%x.ctl] name("some/long/scope/foo") {_unknown = "kept"} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: Inner(%foo) name("F")
  // CHECK: name = "G"
  %if, %ctl_if = IfRegion %y then {
    %in, %ctl_in = Inner(%foo) name("inner") : (tensor<i32>) -> (tensor<i32>)
    yield(%in) : tensor<i32>
  } else {
    yield(%foo) : tensor<i32>
  } {_mlir_name = "cond"} : (tensor<i1>) -> (tensor<i32>)
  // CHECK: %ctl_{{.*}} = NoOp [%ctl] name("H")
  %ctl_n = NoOp [%ctl] name("noop")
  // CHECK: return(%if) [%ctl_{{.*}} {tfg.name = "D"}]
  return(%if) [%ctl_n {tfg.name = "control_result"}] : tensor<i32>
}

// Graphs are left alone (the pass runs on functions).
// CHECK-LABEL: tfg.graph
// CHECK: name("graph_node")
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %g, %ctl_g = G name("graph_node") : () -> (tensor<i32>)
}
