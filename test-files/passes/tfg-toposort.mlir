// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.graph(tfg-toposort), tfg.func(tfg-toposort))' | FileCheck %s
// RUN: env RAYON_NUM_THREADS=3 %amanda_opt %s --pass-pipeline='builtin.module(tfg.graph(tfg-toposort), tfg.func(tfg-toposort))' | FileCheck %s
// RUN: env RAYON_NUM_THREADS=3 %amanda_opt %s --no-verify-after-passes --pass-pipeline='builtin.module(tfg.graph(tfg-toposort), tfg.func(tfg-toposort))' | FileCheck %s
// RUN: %amanda_opt %s --tfg-toposort | FileCheck %s --check-prefix=MODULE

// As in TensorFlow, the pass sorts the graph region it runs on: on the module (a graph
// region) it orders only the top-level ops, whose order no use constrains.
// MODULE: tfg.graph
// MODULE-NEXT: %sink, %ctl_sink = Sink(%late) [%ctl_c] name("sink")

// Control operands are edges; a Merge does not wait for its NextIteration; unknown
// attributes and unknown ops travel with their op.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK-NEXT: %late, %ctl_late = Late name("late") {_unknown = #foo.bar<1>}
  // CHECK-NEXT: %m, %ctl_m = Merge(%n, %late) name("m")
  // CHECK-NEXT: %n, %ctl_n = NextIteration(%m) name("n")
  // CHECK-NEXT: %c, %ctl_c = C name("c")
  // CHECK-NEXT: %sink, %ctl_sink = Sink(%late) [%ctl_c] name("sink")
  // CHECK-NEXT: }
  %sink, %ctl_sink = Sink(%late) [%ctl_c] name("sink") : (tensor<i32>) -> (tensor<i32>)
  %m, %ctl_m = Merge(%n, %late) name("m") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %n, %ctl_n = NextIteration(%m) name("n") : (tensor<i32>) -> (tensor<i32>)
  %late, %ctl_late = Late name("late") {_unknown = #foo.bar<1>} : () -> (tensor<i32>)
  %c, %ctl_c = C name("c") : () -> (tensor<i32>)
}

// Ops in a cycle without Merge stay unscheduled, in their order, before the sorted ones.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK-NEXT: %y, %ctl_y = Y(%x) name("y")
  // CHECK-NEXT: %x, %ctl_x = X(%y, %z) name("x")
  // CHECK-NEXT: %z, %ctl_z = Z name("z")
  // CHECK-NEXT: }
  %y, %ctl_y = Y(%x) name("y") : (tensor<i32>) -> (tensor<i32>)
  %x, %ctl_x = X(%y, %z) name("x") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %z, %ctl_z = Z name("z") : () -> (tensor<i32>)
}

// In a function the return stays last; a region op waits for the values its regions
// capture (control operands of its yields included); the regions themselves are not sorted.
// CHECK-LABEL: tfg.func @f
tfg.func @f(%cond: tensor<i1> {tfg.name = "cond"}) -> (tensor<i32>) {
  // CHECK-NEXT: -> (tensor<i32>)
  // CHECK-NEXT: {
  // CHECK-NEXT: %v, %ctl_v = V name("v")
  // CHECK-NEXT: %w, %ctl_w = W name("w")
  // CHECK-NEXT: %if, %ctl_if = IfRegion %cond then {
  // CHECK-NEXT: %b, %ctl_b = B(%a) name("b")
  // CHECK-NEXT: %a, %ctl_a = A(%v) name("a")
  // CHECK: yield(%v) [%ctl_w]
  // CHECK: return(%if)
  %if, %ctl_if = IfRegion %cond then {
    %b, %ctl_b = B(%a) name("b") : (tensor<i32>) -> (tensor<i32>)
    %a, %ctl_a = A(%v) name("a") : (tensor<i32>) -> (tensor<i32>)
    yield(%b) : tensor<i32>
  } else {
    yield(%v) [%ctl_w] : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i32>)
  %v, %ctl_v = V name("v") : () -> (tensor<i32>)
  %w, %ctl_w = W name("w") : () -> (tensor<i32>)
  return(%if) : tensor<i32>
}
