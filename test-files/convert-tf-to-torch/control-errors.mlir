// Errors of functional control flow name the nodes, exit 1, and write nothing.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out

// A node without a rule inside a branch function is listed in the one error, with those of
// the graph.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %e, %ctl_1 = Expm1(%x) name("em1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %r:1, %ctl_2 = If(%p, %e) name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @then(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %ax, %ctl = Const name("then/ax") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %c, %ctl_0 = Cumsum(%a, %ax) name("then/cumsum") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%c) : tensor<*xf32>
}
tfg.func @else(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %e, %ctl = Expm1(%a) name("else/em1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%e) : tensor<*xf32>
}
// CHECK: control-errors.mlir:[[# @LINE-12]]:3: error: convert-tf-to-torch: 3 nodes of 2 op types have no torch lowering: Expm1 (2: em1, else/em1); Cumsum (1: then/cumsum)

// -----

// A function the graph calls is not in the library.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %r:1, %ctl_1 = If(%p, %x) name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: control-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: no function 'missing' in the library

// -----

// A loop variable whose shape changes between iterations has no torch.prim.Loop type.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %o:1, %ctl_0 = While(%x) name("grow") {T = [f32], body = #tf_type.func<@grow_body, {}>, cond = #tf_type.func<@never, {}>, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @never(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xi1> {tfg.name = "c"}) {
  %f, %ctl = Const name("never/f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<*xi1>)
  return(%f) : tensor<*xi1>
}
tfg.func @grow_body(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %ax, %ctl = Const name("grow/ax") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %c, %ctl_0 = ConcatV2(%a, %a, %ax) name("grow/concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%c) : tensor<*xf32>
}
// CHECK: control-errors.mlir:[[# @LINE-11]]:3: error: convert-tf-to-torch: While 'grow': loop variable 0 enters as !torch.vtensor<[2],f32> and the body returns !torch.vtensor<[4],f32>; torch.prim.Loop needs one type

// -----

// Branches returning different shapes.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %r:1, %ctl_1 = StatelessIf(%p, %x) name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@grow_body, {}>, else_branch = #tf_type.func<@same, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @grow_body(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %ax, %ctl = Const name("grow/ax") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %c, %ctl_0 = ConcatV2(%a, %a, %ax) name("grow/concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%c) : tensor<*xf32>
}
tfg.func @same(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  return(%a) : tensor<*xf32>
}
// CHECK: control-errors.mlir:[[# @LINE-10]]:3: error: convert-tf-to-torch: StatelessIf 'cond': its branches return result 0 as !torch.vtensor<[4],f32> and !torch.vtensor<[2],f32>; torch.prim.If needs one type

// -----

// A condition of more than one element.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<2>} : () -> (tensor<*xi1>)
  %r:1, %ctl_1 = If(%p, %x) name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@same, {}>, else_branch = #tf_type.func<@same, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @same(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  return(%a) : tensor<*xf32>
}
// CHECK: control-errors.mlir:[[# @LINE-5]]:3: error: convert-tf-to-torch: If 'cond': the condition is a tensor of shape [2]; only a one-element condition is converted

// -----

// A function that calls itself cannot be inlined.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %y, %ctl = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %r:1, %ctl_0 = PartitionedCall(%y) name("rec") {Tin = [f32], Tout = [f32], f = #tf_type.func<@rec, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @rec(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r:1, %ctl = PartitionedCall(%a) name("rec/call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@rec, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r#0) : tensor<*xf32>
}
// CHECK: control-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: PartitionedCall 'rec/call': calls 'rec' from within itself; recursion cannot be inlined
