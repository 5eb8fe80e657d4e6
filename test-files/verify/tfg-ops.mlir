// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// tfg's rules for the nodes of graph and function bodies, and for tfg.graph, tfg.return,
// tfg.yield, tfg.condition.

tfg.func @foo(%arg0 : tensor<10xf32>) {
  // expected-error @+1 {{'tfg.Op' op found non-control input in position #2 after control input in position #1}}
  %ctl = "tfg.Op"(%arg0, %arg0.ctl, %arg0) : (tensor<10xf32>, !tf_type.control, tensor<10xf32>) -> (!tf_type.control)
  return
}

// -----

// Every bad node is reported, not only the first one.
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  // expected-error @+1 {{'tfg.A' op found non-control result in position #1 after control result in position #0}}
  %a:2, %ctl = "tfg.A"() : () -> (!tf_type.control, tensor<f32>, !tf_type.control)
  // expected-error @+1 {{'tfg.B' op found non-control result in position #2 after control result in position #1}}
  %b:2, %ctl_0 = "tfg.B"() : () -> (tensor<f32>, !tf_type.control, tensor<f32>)
}

// -----

// The keyword attributes are not empty; tfg reports this without failing the op.
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  // expected-error @+1 {{'tfg.A' op _mlir_name has empty value. Only insert this attribute when it has a value}}
  %A, %ctl = A name("") : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.B' op _mlir_device has empty value}}
  %B, %ctl_0 = B(%A) device("") : (tensor<f32>) -> (tensor<f32>)
}

// -----

// expected-error @+1 {{'tfg.graph' op requires attribute 'version'}}
"tfg.graph"() ({
}) : () -> ()

// -----

// expected-error @+1 {{'tfg.graph' op attribute 'version' failed to satisfy constraint: An Attribute describing the version for a TensorFlow Graph}}
"tfg.graph"() ({
}) {version = 1 : i32} : () -> ()

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // expected-error @+1 {{'tfg.return' op expects parent op 'tfg.func'}}
  return
}

// -----

tfg.func @f() {
  %ctl = NoOp
  // expected-error @+1 {{'tfg.return' op requires attribute 'control_ret_attrs'}}
  "tfg.return"(%ctl) : (!tf_type.control) -> ()
}

// -----

tfg.func @test_control_ret_attrs() {
  %ctl = NoOp
  %ctl_0 = NoOp
  // expected-error @+1 {{'tfg.return' op expected as many control result attributes as there are control operands}}
  "tfg.return"(%ctl, %ctl_0) {control_ret_attrs = [{tfg.name = "foo"}, {}, {}]} : (!tf_type.control, !tf_type.control) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %A, %ctl = Index : () -> (tensor<*xi1>, tensor<f32>)
  // expected-error @+1 {{'tfg.yield' op must be the last operation in the parent block}}
  "tfg.yield"(%A) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<f32>) -> ()
  %B, %ctl2 = B : () -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi32>)
    // expected-error @+1 {{'tfg.condition' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<*xi32>'}}
    condition %cond : tensor<*xi32> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } {parallel_iterations = 10 :i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}
