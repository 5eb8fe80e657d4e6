// RUN: amanda-opt %s --mapping-table %S/Inputs/control-edge.yaml --control-edge --mlir-print-debuginfo | FileCheck %s
// Edges of a subgraph matcher may be control edges (`port: ^control`); the new node keeps
// the control inputs of the ops it replaces (so the NoOp, whose token it now takes, stays),
// and users of the old token wait for the new one.

// CHECK: %[[BC:.*]] = NoOp name("barrier")
// CHECK: %[[X:.*]], %[[XC:.*]] = Placeholder name("x")
// CHECK: %[[R:.*]], %[[RC:.*]] = Relu6(%[[X]]) [%[[BC]]] name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>) loc(fused["barrier", "r"])
// CHECK: Identity(%[[R]]) [%[[RC]]] name("o")
// The Relu without the barrier is not matched.
// CHECK: Relu(%[[X]]) name("free")
// CHECK: NoOp [%[[BC]]] name("after")

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %ctl = NoOp name("barrier")
  %x, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %r, %ctl_1 = Relu(%x) [%ctl] name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %o, %ctl_2 = Identity(%r) [%ctl_1] name("o") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %f, %ctl_3 = Relu(%x) name("free") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %ctl_4 = NoOp [%ctl] name("after")
}
