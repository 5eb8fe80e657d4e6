// RUN: %amanda_opt %s --tfg-cse | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(tfg-cse))' | FileCheck %s
// Several threads: on verified IR each function is changed by its own worker; without
// verification after passes the changes are applied in order on one thread. Same output.
// RUN: env RAYON_NUM_THREADS=3 %amanda_opt %s --tfg-cse | FileCheck %s
// RUN: env RAYON_NUM_THREADS=3 %amanda_opt %s --tfg-cse --no-verify-after-passes | FileCheck %s

// Stateless nodes that differ only in their node name are merged; control operands are
// part of the expression; a different device or an unknown attribute keeps them apart.
// CHECK-LABEL: tfg.func @merge
tfg.func @merge(%a: tensor<f32> {tfg.name = "a"}) -> (tensor<f32>) {
  // CHECK: %[[X:.*]], %[[XC:.*]] = Neg(%a) name("x")
  %x, %ctl_x = Neg(%a) name("x") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // CHECK-NOT: name("y")
  %y, %ctl_y = Neg(%a) name("y") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // CHECK: %[[W:.*]], %{{.*}} = Neg(%a) [%[[XC]]] name("w")
  %w, %ctl_w = Neg(%a) [%ctl_x] name("w") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // CHECK: %[[D:.*]], %{{.*}} = Neg(%a) device("/CPU:1") name("d")
  %d, %ctl_d = Neg(%a) device("/CPU:1") name("d") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // CHECK: %[[U:.*]], %{{.*}} = Neg(%a) name("u") {T = f32, _my_tag = "t"}
  %u, %ctl_u = Neg(%a) name("u") {T = f32, _my_tag = "t"} : (tensor<f32>) -> (tensor<f32>)
  // CHECK: AddN(%[[X]], %[[X]], %[[W]], %[[D]], %[[U]]) [%[[XC]]]
  %s, %ctl_s = AddN(%x, %y, %w, %d, %u) [%ctl_y] name("s") {N = 5 : i64, T = f32} : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%s) : tensor<f32>
}

// Stateful and unknown ops are never merged nor erased; unused stateless ops are erased.
// CHECK-LABEL: tfg.func @effects
tfg.func @effects(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  // CHECK: RandomUniform(%a) name("r1")
  // CHECK: RandomUniform(%a) name("r2")
  %r1, %ctl_r1 = RandomUniform(%a) name("r1") {T = i32, dtype = f32} : (tensor<i32>) -> (tensor<f32>)
  %r2, %ctl_r2 = RandomUniform(%a) name("r2") {T = i32, dtype = f32} : (tensor<i32>) -> (tensor<f32>)
  // CHECK: MyCustomOp(%a) name("c1")
  // CHECK: MyCustomOp(%a) name("c2")
  %c1, %ctl_c1 = MyCustomOp(%a) name("c1") : (tensor<i32>) -> (tensor<i32>)
  %c2, %ctl_c2 = MyCustomOp(%a) name("c2") : (tensor<i32>) -> (tensor<i32>)
  // CHECK-NOT: name("dead")
  %dead, %ctl_dead = Neg(%a) name("dead") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: return(%a) [%ctl_r1, %ctl_r2]
  return(%a) [%ctl_r1, %ctl_r2] : tensor<i32>
}

// Expressions of the function body are visible inside region ops; equal region ops merge
// (ops merged inside a region are erased at the end, as MLIR does).
// CHECK-LABEL: tfg.func @regions
tfg.func @regions(%a: tensor<i32> {tfg.name = "a"}, %c: tensor<i1> {tfg.name = "c"}) -> (tensor<i32>, tensor<i32>) {
  // CHECK: %[[N:.*]], %{{.*}} = Neg(%a) name("n")
  %n, %ctl_n = Neg(%a) name("n") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: %[[IF:.*]], %{{.*}} = StatelessIfRegion %c then {
  // CHECK-NEXT: yield(%[[N]])
  // CHECK-NEXT: } else {
  // CHECK-NEXT: yield(%a)
  %if, %ctl_if = StatelessIfRegion %c then {
    %m, %ctl_m = Neg(%a) name("m") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%m) : tensor<i32>
  } else {
    yield(%a) : tensor<i32>
  } {_mlir_name = "if1"} : (tensor<i1>) -> (tensor<i32>)
  // CHECK-NOT: name = "if2"
  %if2, %ctl_if2 = StatelessIfRegion %c then {
    %m2, %ctl_m2 = Neg(%a) name("m2") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%m2) : tensor<i32>
  } else {
    yield(%a) : tensor<i32>
  } {_mlir_name = "if2"} : (tensor<i1>) -> (tensor<i32>)
  // CHECK: return(%[[IF]], %[[IF]]) [%ctl_n]
  return(%if, %if2) [%ctl_n] : tensor<i32>, tensor<i32>
}

// Graphs are not functions: the pass leaves them alone.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: name("g1")
  // CHECK: name("g2")
  %p, %ctl_p = Placeholder name("p") {dtype = i32} : () -> (tensor<i32>)
  %g1, %ctl_g1 = Neg(%p) name("g1") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %g2, %ctl_g2 = Neg(%p) name("g2") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
