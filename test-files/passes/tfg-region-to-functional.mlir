// RUN: %amanda_opt %s --tfg-region-to-functional | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg-region-to-functional{force-control-capture=true})' | FileCheck %s --check-prefix=FORCE
// RUN: %amanda_opt %s --tfg-region-to-functional | %amanda_opt --canonical | FileCheck %s --check-prefix=REPARSE
// RUN: %amanda_opt %s --tfg-region-to-functional --tfg-functional-to-region --tfg-region-to-functional --canonical | FileCheck %s --check-prefix=AGAIN

// Region control flow becomes functional: regions are outlined into new functions whose
// arguments are the values the regions used from above (data values, or the data value
// of a token used), named after them. Inner region ops go first. A token from an op
// without data results cannot be captured unless force-control-capture adds a chain Const.

// CHECK-LABEL: tfg.func @reused
tfg.func @reused(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32>) {
  %Neg, %ctl = Neg(%v) name("neg") : (tensor<i32>) -> (tensor<i32>)
  return(%Neg) : tensor<i32>
}

// CHECK-LABEL: tfg.func @test
// CHECK-SAME: (%[[C:.*]]: tensor<i1> {tfg.name = "c"},
// CHECK-NEXT: %[[V:.*]]: tensor<i32> {tfg.name = "v"})
tfg.func @test(%c: tensor<i1> {tfg.name = "c"}, %v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32>) {
  // CHECK: %[[N:.*]] = NoOp [%[[V]].ctl]
  %ctlN = NoOp [%v.ctl] name("noop")
  // The then region names @reused but no longer matches it (it now takes two arguments):
  // it is outlined under a name specialized for this op.
  // CHECK: %[[IF:.*]], %[[CTLIF:.*]] = If(%[[C]], %[[V]], %[[C]]) [%[[N]]] name("if") {else_branch = #tf_type.func<@if_else_function, {}>, then_branch = #tf_type.func<@reused_tfg_region_specialized_if_0, {}>}
  %If, %ctlIf = IfRegion %c [%ctlN] then {
    %Neg, %ctlNeg = Neg(%v) name("neg_copy") : (tensor<i32>) -> (tensor<i32>)
    yield(%Neg) : tensor<i32>
  } else {
    %Abs, %ctlAbs = Abs(%v) [%c.ctl] name("abs") : (tensor<i32>) -> (tensor<i32>)
    yield(%Abs) [%ctlAbs] : tensor<i32>
  } {_mlir_name = "if", then_region_attrs = #tfg.region_attrs<{sym_name = "reused"} [] [{}]>} : (tensor<i1>) -> (tensor<i32>)
  // CHECK: %[[CASE:.*]], %[[CTLCASE:.*]] = CaseRegion
  // FORCE: %[[CONST:.*]], %{{.*}} = Const [%ctlN] name("case_mlir_const_capture_0") {dtype = i32, value = dense<0> : tensor<i32>}
  // FORCE: Case(%v, %[[CONST]]) name("case") {branches = [#tf_type.func<@case_function_0, {}>]}
  %Case, %ctlCase = CaseRegion %v {
    %X, %ctlX = X [%ctlN] name("x") : () -> (tensor<i32>)
    yield(%X) : tensor<i32>
  } {_mlir_name = "case"} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: return(%[[IF]]) [%[[CTLIF]], %[[CTLCASE]]]
  return(%If) [%ctlIf, %ctlCase] : tensor<i32>
}

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %[[K:.*]], %[[CTLK:.*]] = K
  %K, %ctlK = K name("k") : () -> (tensor<i32>)
  // CHECK: %[[NN:.*]], %{{.*}} = N
  %N, %ctlN = N name("n") : () -> (tensor<i32>)
  // %K, used inside the loop, becomes an extra iteration value.
  // CHECK: %[[W:.*]]:2, %[[CTLW:.*]] = While(%[[NN]], %[[K]]) [%[[CTLK]]] name("while") {body = #tf_type.func<@while_body_function, {}>, cond = #tf_type.func<@while_cond_function, {}>, parallel_iterations = 4 : i64}
  %W, %ctlW = WhileRegion(%N) [%ctlK] {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %Lt, %ctlLt = Less(%i, %K) name("lt") : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Lt : tensor<i1> (%i) [%ic] : tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %In, %ctlIn = IfRegion %Lt2 then {
      %Add, %ctlAdd = Add(%i, %K) name("add") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
      yield(%Add) [%ic] : tensor<i32>
    } else {
      yield(%i) : tensor<i32>
    } {_mlir_name = "inner"} : (tensor<i1>) -> (tensor<i32>)
    %Lt2, %ctlLt2 = Pred(%i) name("pred") : (tensor<i32>) -> (tensor<i1>)
    yield(%In) [%ctlK] : tensor<i32>
  } {_mlir_name = "while", parallel_iterations = 4 : i64} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: Sink(%[[W]]#0) [%[[CTLW]]]
  %ctlS = Sink(%W) [%ctlW] : tensor<i32>
}

// CHECK-LABEL: tfg.func @reused_tfg_region_specialized_if_0
// CHECK-SAME: (%v: tensor<i32> {tfg.name = "v", tfg.regenerate_output_shapes},
// CHECK-NEXT: %c: tensor<i1> {tfg.name = "c", tfg.regenerate_output_shapes})
// CHECK-NEXT: -> (tensor<i32> {tfg.name = "neg_copy_tfg_result_0", tfg.regenerate_output_shapes})
// CHECK: Neg(%v) name("neg_copy")

// CHECK-LABEL: tfg.func @if_else_function
// CHECK: %[[ABS:.*]], %[[CTLABS:.*]] = Abs(%v) [%c.ctl] name("abs")
// CHECK-NEXT: return(%[[ABS]]) [%[[CTLABS]] {tfg.name = "abs_tfg_result_1"}]

// The If inside the loop body comes first; its arguments see through the loop's.
// CHECK-LABEL: tfg.func @if_then_function
// CHECK-SAME: (%n_tfg_result_0: tensor<i32> {tfg.name = "n_tfg_result_0", tfg.regenerate_output_shapes},
// CHECK-NEXT: %k_tfg_result_0: tensor<i32> {tfg.name = "k_tfg_result_0", tfg.regenerate_output_shapes})
// CHECK: return(%{{.*}}) [%n_tfg_result_0.ctl {tfg.name = "n_tfg_result_0_0"}]
// CHECK-LABEL: tfg.func @if_else_function_0
// CHECK-LABEL: tfg.func @while_cond_function
// CHECK: -> (tensor<i1> {tfg.name = "lt_tfg_result_0", tfg.regenerate_output_shapes})
// CHECK: return(%{{.*}}) [%n_tfg_result_0.ctl {tfg.name = "n_tfg_result_0_0"}]
// CHECK-LABEL: tfg.func @while_body_function
// CHECK: -> (tensor<i32> {tfg.name = "inner_tfg_result_0", tfg.regenerate_output_shapes},
// CHECK-NEXT: tensor<i32> {tfg.name = "k_tfg_result_0_0", tfg.regenerate_output_shapes})
// CHECK: If(%{{.*}}, %n_tfg_result_0, %k_tfg_result_0) name("inner") {else_branch = #tf_type.func<@if_else_function_0, {}>, then_branch = #tf_type.func<@if_then_function, {}>}
// CHECK: return(%{{.*}}, %k_tfg_result_0) [%k_tfg_result_0.ctl {tfg.name = "k_tfg_result_0_1"}]
// CHECK-NOT: tfg.func

// REPARSE: tfg.func @while_body_function

// Converting back and forth again re-uses the functions made the first time.
// AGAIN: then_branch = #tf_type.func<@reused_tfg_region_specialized_if_0, {}>
// AGAIN: tfg.func @while_body_function
// AGAIN-NOT: tfg.func
