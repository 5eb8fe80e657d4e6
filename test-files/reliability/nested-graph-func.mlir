// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s
// RUN: %idempotent %s --canonical
// RUN: %idempotent %s --print-op-generic
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// Inside a tfg region (default dialect tfg) TensorFlow's printer drops the `tfg.` of a
// nested graph or func, and its parser reads `graph` and `func` back as tfg.graph and
// tfg.func: so must ours, or the printed output does not read back (issue 19).

// CHECK: tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
// CHECK-NEXT: graph #tf_type.version<producer = 2, min_consumer = 0> {
// CANON: tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
// CANON-NEXT: graph #tf_type.version<producer = 2, min_consumer = 0> {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  tfg.graph #tf_type.version<producer = 2, min_consumer = 0> {
    graph #tf_type.version<producer = 3, min_consumer = 0> {
    }
  }
  %c, %ctl = Const {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  IfRegion %c then {
    tfg.graph #tf_type.version<producer = 4, min_consumer = 0> {
    }
    yield
  } else {
    yield
  } : (tensor<i1>) -> ()
}

// CHECK: tfg.func @f()
// CHECK: graph #tf_type.version<producer = 5, min_consumer = 0> {
tfg.func @f() {
  tfg.graph #tf_type.version<producer = 5, min_consumer = 0> {
  }
  return
}

// A dictionary key or unit attribute spelled `graph` or `func` is still a key.
// CHECK: "foo.op"() {graph, func = 1} : () -> ()
"foo.op"() {graph, func = 1} : () -> ()
