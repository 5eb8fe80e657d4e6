// RUN: %amanda_opt %s --tfg-dedupe-hoist-constant | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg-dedupe-hoist-constant{max-size=1})' | FileCheck %s --check-prefix=SMALL

// Equal small constants (device included, node name aside) become one copy of the first,
// without control operands; a user waiting on a duplicate's control token also waits on
// the duplicate's control operands, and keeps its own control operands.
// CHECK-LABEL: tfg.graph
// SMALL-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %[[K:.*]], %[[KC:.*]] = Const name("one") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>}
  // CHECK-NOT: name("two")
  // CHECK: %[[O:.*]], %[[OC:.*]] = Const device("/CPU:1") name("other")
  // CHECK: %s, %ctl_s = Source name("s")
  // CHECK: Use(%[[K]], %[[K]], %[[O]]) [%ctl_s, %[[KC]], %ctl_s2] name("use") {_keep = "me"}
  // SMALL: name("one")
  // SMALL: name("two")
  %one, %ctl_one = Const [%ctl_s] name("one") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %two, %ctl_two = Const [%ctl_s2] name("two") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %other, %ctl_other = Const device("/CPU:1") name("other") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %ctl_s = Source name("s") : () -> (tensor<i32>)
  %s2, %ctl_s2 = Source name("s2") : () -> (tensor<i32>)
  %use, %ctl_use = Use(%one, %two, %other) [%ctl_s, %ctl_two] name("use") {_keep = "me"} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<i32>)
}

// Functions too; with a function in the module, a constant used by a possible call (here
// an op whose attributes reference a symbol) becomes an Identity of the hoisted copy.
// CHECK-LABEL: tfg.func @f
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<f32>) {
  // CHECK: %[[C:.*]], %{{.*}} = Const name("c1")
  // CHECK: %[[ID:.*]], %{{.*}} = Identity(%[[C]]) [%a.ctl] name("const_dedupe_hoist/c2") {T = f32}
  // CHECK: PartitionedCall(%[[ID]]) name("call")
  // CHECK: AddV2(%[[C]], %call)
  %c1, %ctl_1 = Const name("c1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %c2, %ctl_2 = Const [%a.ctl] name("c2") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %call, %ctl_call = PartitionedCall(%c2) name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@g, {}>} : (tensor<f32>) -> (tensor<f32>)
  %add, %ctl_add = AddV2(%c1, %call) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%add) : tensor<f32>
}
