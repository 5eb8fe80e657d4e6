// RUN: %amanda_opt --symbol-dce %s | FileCheck %s

// Private functions nothing live refers to go; references are function attributes
// (#tf_type.func, also in arrays and nested dictionaries), symbol references, and legacy
// calls by node type. A dead function's references keep nothing alive.

// CHECK: tfg.graph
// CHECK: tfg.func private @by_func_attr
// CHECK: tfg.func private @by_branches
// CHECK: tfg.func private @by_legacy_call
// CHECK: tfg.func private @by_symbol_ref
// CHECK: tfg.func @public_unused
// CHECK-NOT: @dead
// CHECK-NOT: @only_from_dead
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Cond : () -> (tensor<i1>)
  %w, %ctl_w = While(%c) [%ctl] {T = [i1], body = #tf_type.func<@by_func_attr, {}>, cond = #tf_type.func<@by_func_attr, {}>, parallel_iterations = 10 : i64} : (tensor<i1>) -> (tensor<i1>)
  %i, %ctl_i = IfRegion %c then {
    %k, %ctl_k = by_legacy_call : () -> (tensor<i1>)
    yield(%k) : tensor<i1>
  } else {
    yield(%c) [%ctl_w] : tensor<i1>
  } {_mlir_name = "if", tags = {deep = [#tf_type.func<@by_branches, {x = @by_symbol_ref}>]}} : (tensor<i1>) -> (tensor<i1>)
}
tfg.func private @by_func_attr(%a: tensor<i1>) -> (tensor<i1>) {
  return(%a) : tensor<i1>
}
tfg.func private @by_branches() -> () {
  return
}
tfg.func private @by_legacy_call() -> (tensor<i1>) {
  %C, %ctl = Const {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  return(%C) : tensor<i1>
}
tfg.func private @by_symbol_ref() -> () {
  return
}
tfg.func @public_unused() -> () {
  return
}
tfg.func private @dead() -> () {
  %x, %ctl = only_from_dead : () -> (tensor<i1>)
  return
}
tfg.func private @only_from_dead() -> (tensor<i1>) {
  %C, %ctl = Const {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  return(%C) : tensor<i1>
}
