// RUN: %amanda_opt --canonical --pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=In fetches=Pair,Out control_rets=Guard,In})' %s | FileCheck %s
// RUN: %amanda_opt --canonical --pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=In fetches=Out},tfg-lower-func-to-graph)' %s | FileCheck %s --check-prefix=ROUND

// A feed with one result becomes one argument; a fetch with two results two results;
// control_rets lists control tokens (a fed node too); the region op and its control
// edges move into the function unchanged.

// CHECK-LABEL: tfg.func @_mlir_lifted_graph(%In_0: tensor<2xf32> {tfg.lifted_value_attr = ["In", 0 : index], tfg.name = "In_0"})
// CHECK-NEXT: -> (tensor<i32> {tfg.name = "Pair_0"},
// CHECK-NEXT: tensor<i32> {tfg.name = "Pair_1"},
// CHECK-NEXT: tensor<2xf32> {tfg.name = "Out_0"})
// CHECK-NEXT: attributes {tfg.lifted_graph_version = #tf_type.version<producer = 7, min_consumer = 2>}
// The feed node stays, unused; its control token keeps its users.
// CHECK: %[[IN:.*]], %[[INCTL:.*]] = In name("In")
// CHECK: %[[GUARD:.*]] = Guard [%[[INCTL]]] name("Guard")
// CHECK: %[[PAIR:.*]]:2, %{{.*}} = Pair(%In_0) [%[[GUARD]]] name("Pair")
// CHECK: %[[IF:.*]], %{{.*}} = IfRegion %{{.*}} then {
// CHECK-NEXT: yield(%In_0) [%[[GUARD]]] : tensor<2xf32>
// CHECK: %[[OUT:.*]], %{{.*}} = Out(%[[IF]]) name("Out")
// CHECK: return(%[[PAIR]]#0, %[[PAIR]]#1, %[[OUT]]) [%[[GUARD]], %[[INCTL]]] : tensor<i32>, tensor<i32>, tensor<2xf32>

// ROUND: tfg.graph #tf_type.version<producer = 7, min_consumer = 2> {
// ROUND-NEXT: %[[IN:.*]], %[[INCTL:.*]] = In name("In")
// ROUND: Pair(%[[IN]])
// ROUND: yield(%[[IN]])
// ROUND-NOT: return
tfg.graph #tf_type.version<producer = 7, min_consumer = 2> {
  %in, %in_ctl = In name("In") : () -> (tensor<2xf32>)
  %guard = Guard [%in_ctl] name("Guard")
  %pair:2, %pair_ctl = Pair(%in) [%guard] name("Pair") : (tensor<2xf32>) -> (tensor<i32>, tensor<i32>)
  %cond, %cond_ctl = Cond name("Cond") : () -> (tensor<i1>)
  %if, %if_ctl = IfRegion %cond then {
    yield(%in) [%guard] : tensor<2xf32>
  } else {
    yield(%in) : tensor<2xf32>
  } {_mlir_name = "If"} : (tensor<i1>) -> (tensor<2xf32>)
  %out, %out_ctl = Out(%if) name("Out") : (tensor<2xf32>) -> (tensor<2xf32>)
}
