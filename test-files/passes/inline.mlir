// RUN: %amanda_opt --inline --split-input-file %s | FileCheck %s

// Calls of the module's functions (a node whose type is the function's name, or
// StatefulPartitionedCall/PartitionedCall with `f`) are replaced by the callee's body:
// arguments become the call's operands (an argument's control token the control token of
// the operand's producer), the call's control operands guard the inlined nodes that have
// no inlined input, node names get the call's name as prefix, and the call's control
// token becomes a NoOp depending on every inlined node. Private callees left without
// references go; recursive and generic functions are not inlined.

// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %[[XCTL:.*]] = X name("x")
// CHECK: %{{.*}}, %[[GCTL:.*]] = Guard name("guard")
// CHECK: %[[K:.*]], %[[KCTL:.*]] = Const [%[[GCTL]]] name("call/k")
// CHECK: %[[S:.*]], %[[SCTL:.*]] = Add(%[[X]], %[[K]]) [%[[XCTL]]] name("call/s")
// CHECK: %{{.*}}, %[[PCTL:.*]] = Print(%[[S]]) name("call/p")
// CHECK: %[[NOOP:.*]] = NoOp [%[[KCTL]], %[[SCTL]], %[[PCTL]]] name("call")
// CHECK: Use(%[[S]]) [%[[NOOP]]] name("use")
// CHECK: Const name("pc/k")
// CHECK: Add(%[[X]], %{{.*}}) [%[[XCTL]]] name("pc/s")
// CHECK: IfRegion
// CHECK: Const name("nested/k")
// CHECK: Rec(%[[X]]) name("rec")
// CHECK-NOT: tfg.func private @Plus
// CHECK: tfg.func private @Rec
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = X name("x") : () -> (tensor<i32>)
  %g, %ctl_g = Guard name("guard") : () -> (tensor<i32>)
  %y, %ctl_y = Plus(%x) [%ctl_g] name("call") : (tensor<i32>) -> (tensor<i32>)
  %u, %ctl_u = Use(%y) [%ctl_y] name("use") : (tensor<i32>) -> (tensor<i32>)
  %p, %ctl_p = StatefulPartitionedCall(%x) name("pc") {f = #tf_type.func<@Plus, {}>} : (tensor<i32>) -> (tensor<i32>)
  %c, %ctl_c = Cond : () -> (tensor<i1>)
  %i, %ctl_i = IfRegion %c then {
    %n, %ctl_n = Plus(%x) name("nested") : (tensor<i32>) -> (tensor<i32>)
    yield(%n) : tensor<i32>
  } else {
    yield(%x) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i32>)
  %r, %ctl_r = Rec(%x) name("rec") : (tensor<i32>) -> (tensor<i32>)
}
tfg.func private @Plus(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  %k, %ctl = Const name("k") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %s, %ctl_0 = Add(%a, %k) [%a.ctl] name("s") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %t, %ctl_1 = Print(%s) name("p") : (tensor<i32>) -> (tensor<i32>)
  return(%s) [%ctl_1] : tensor<i32>
}
tfg.func private @Rec(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  %r, %ctl = Rec(%a) name("again") : (tensor<i32>) -> (tensor<i32>)
  return(%r) : tensor<i32>
}

// -----

// RUN: %amanda_opt --inline --split-input-file %s | FileCheck %s --check-prefix=NOINLINE
// NOINLINE-LABEL: tfg.graph
// NOINLINE: Kept(%{{.*}}) [%{{.*}}] name("k")
// NOINLINE: tfg.func @Kept
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = X name("x") : () -> (tensor<i32>)
  %k, %ctl_k = Kept(%x) [%ctl] name("k") : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @Kept(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) attributes {_noinline = true} {
  return(%a) : tensor<i32>
}
