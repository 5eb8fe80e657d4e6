// RUN: %amanda_opt %s --tfg-cf-sink | FileCheck %s

// A stateless op used only inside one branch moves to the start of that branch (renamed
// after the region op when both have names), and then what feeds it; stateful, unknown and
// region ops, ops used in two places (control uses count) and loop bodies are left alone.
// CHECK-LABEL: tfg.func @f
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}, %c: tensor<i1> {tfg.name = "c"}) -> (tensor<i32>) {
  // CHECK: %used_twice, %{{.*}} = Neg(%a) name("twice")
  // CHECK-NEXT: %ctl_u = NoOp name("u")
  // CHECK-NEXT: %twice2, %ctl_twice2 = Neg(%a) name("twice2")
  // CHECK-NEXT: %ctl_use = NoOp [%ctl_twice2]
  // CHECK-NEXT: %stateful, %{{.*}} = RandomUniform(%a)
  // CHECK-NEXT: %unknown, %{{.*}} = MyOp(%a)
  // CHECK-NEXT: %if:4, %ctl_if = IfRegion %c then {
  // CHECK-NEXT: %neg, %{{.*}} = Neg(%a) name("neg_tfg_cf_sunk_if") {T = i32, _keep = 1 : i64}
  // CHECK-NEXT: %add, %{{.*}} = AddV2(%neg, %used_twice) [%ctl_u] name("add_tfg_cf_sunk_if")
  // CHECK-NEXT: yield(%add, %stateful, %unknown, %twice2)
  // CHECK-NEXT: } else {
  // CHECK-NEXT: yield(%used_twice, %a, %a, %a) [%ctl_u]
  %neg, %ctl_neg = Neg(%a) name("neg") {T = i32, _keep = 1 : i64} : (tensor<i32>) -> (tensor<i32>)
  %used_twice, %ctl_twice = Neg(%a) name("twice") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %ctl_u = NoOp name("u")
  %add, %ctl_add = AddV2(%neg, %used_twice) [%ctl_u] name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %twice2, %ctl_twice2 = Neg(%a) name("twice2") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %ctl_use = NoOp [%ctl_twice2]
  %stateful, %ctl_s = RandomUniform(%a) name("r") {T = i32, dtype = f32} : (tensor<i32>) -> (tensor<i32>)
  %unknown, %ctl_k = MyOp(%a) name("k") : (tensor<i32>) -> (tensor<i32>)
  %if:4, %ctl_if = IfRegion %c then {
    yield(%add, %stateful, %unknown, %twice2) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
  } else {
    yield(%used_twice, %a, %a, %a) [%ctl_u] : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  // CHECK: %loop_val, %{{.*}} = Neg(%a) name("lv")
  // CHECK-NEXT: %w, %ctl_w = WhileRegion
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: condition
  %loop_val, %ctl_lv = Neg(%a) name("lv") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %w, %ctl_w = WhileRegion(%a) {
  ^bb0(%x: tensor<i32>, %xc: !tf_type.control):
    condition %c : tensor<i1> (%x) : tensor<i32>
  } do {
  ^bb0(%x: tensor<i32>, %xc: !tf_type.control):
    yield(%loop_val) : tensor<i32>
  } {parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  return(%if#0) [%ctl_use, %ctl_w] : tensor<i32>
}
