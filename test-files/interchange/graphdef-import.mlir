// RUN: %amanda_opt --canonical %S/Inputs/small-graph.pbtxt | FileCheck %s
// RUN: %amanda_opt -graphdef-to-mlir %S/Inputs/small-graph.pbtxt | FileCheck %s

// Importing a text GraphDef (input kind from the extension, or -graphdef-to-mlir as
// tfg-translate spells it; printed as tfg-translate prints, with or without --canonical): versions, devices, default attributes, result types from the op
// registry (Split's num_split results), output indices and control inputs, attributes of
// every kind, full types, and the function library with named output ports, control
// returns, argument attributes, resource arg ids and gradients.

// CHECK: tfg.graph #tf_type.version<producer = 1234, min_consumer = 12, bad_consumers = [5]> {
// CHECK: %[[X:.*]], %{{.*}} = Placeholder device("/job:localhost/replica:0/task:0/device:CPU:0") name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
// CHECK: %{{.*}}, %[[CCTL:.*]] = Const name("c") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}
// CHECK: %[[SPLIT:.*]]:2, %{{.*}} = Split(%[[DIM:.*]], %[[X]]) name("split") {T = f32, num_split = 2 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
// CHECK: %[[DIM]], %{{.*}} = Const name("dim") {dtype = i32, value = dense<1> : tensor<i32>}
// CHECK: scale(%[[SPLIT]]#1) [%[[CCTL]]] name("call") {_fn = #tf_type.func<@scale, {k = 2.000000e+00 : f32}>, _mlir_fulltype = #tf_type.full_type<product<tensor<float>>>, _note = ["a\09b", 4, 5.000000e-01 : f32, true, i64]} : (tensor<*xf32>) -> (tensor<*xf32>)
// CHECK: tfg.func @scale(%[[V:.*]]: tensor<*xf32> {tf._user = "yes", tfg.name = "v"})
// CHECK-NEXT: -> (tensor<*xf32> {tfg.name = "out"})
// CHECK-NEXT: attributes {gradient = @scale_grad, is_stateful, resource_arg_unique_ids_keys = dense<0> : tensor<1xi32>, resource_arg_unique_ids_values = dense<7> : tensor<1xi32>}
// CHECK: %[[TWO:.*]], %[[TWOCTL:.*]] = Const name("two")
// CHECK: %[[MUL:.*]], %{{.*}} = Mul(%[[V]], %[[TWO]]) name("mul") {T = f32}
// CHECK: return(%[[MUL]]) [%[[TWOCTL]] {tfg.name = "side"}] : tensor<*xf32>
