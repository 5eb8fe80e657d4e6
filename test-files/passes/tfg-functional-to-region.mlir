// RUN: %amanda_opt %s --tfg-functional-to-region | FileCheck %s
// RUN: %amanda_opt %s --tfg-functional-to-region | %amanda_opt --canonical | FileCheck %s --check-prefix=REPARSE
// RUN: %amanda_opt %s --tfg-functional-to-region --tfg-region-to-functional --canonical | FileCheck %s --check-prefix=BACK

// Functional control flow becomes region control flow: branch and body functions are
// copied into the regions. Covers control edges (op operands, tokens inside the bodies,
// returned tokens), a functional op inside a branch function (converted there first,
// then copied), loops, a missing function (left alone), and the way back.

// The functions themselves stay; the `If` in @else is converted in place.
// CHECK-LABEL: tfg.func @then
// CHECK-LABEL: tfg.func @else
// CHECK:  %[[INNER:.*]], %{{.*}} = StatelessIfRegion %[[P:.*]] then {
// CHECK-NEXT:    yield(%y) : tensor<*xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    yield(%y) : tensor<*xf32>
// CHECK-NEXT:  } {_mlir_name = "inner", else_attrs = {}, else_region_attrs = #tfg.region_attrs<{sym_name = "id"} [] [{}]>, then_attrs = {}, then_region_attrs = #tfg.region_attrs<{sym_name = "id"} [] [{}]>}
// CHECK:  return(%[[INNER]])
tfg.func @then(%x: tensor<*xf32> {tfg.name = "x"}, %y: tensor<*xf32> {tfg.name = "y"})
    -> (tensor<*xf32> {tfg.name = "out"}) attributes {tf._keep, description = "then branch"} {
  %Neg, %ctl = Neg(%x) [%y.ctl] name("neg") : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Neg) [%ctl {tfg.name = "neg_ctl"}] : tensor<*xf32>
}
tfg.func @else(%x: tensor<*xf32>, %y: tensor<*xf32>) -> (tensor<*xf32>) {
  %If, %ctl = StatelessIf(%p, %y) name("inner") {then_branch = #tf_type.func<@id, {}>, else_branch = #tf_type.func<@id, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
  %p, %ctl_0 = Pred name("p") : () -> (tensor<i1>)
  return(%If) : tensor<*xf32>
}
tfg.func @id(%a: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%a) : tensor<*xf32>
}
tfg.func @cond(%i: tensor<i32>) -> (tensor<i1>) {
  %Less, %ctl = Less(%i) name("less") : (tensor<i32>) -> (tensor<i1>)
  return(%Less) [%i.ctl] : tensor<i1>
}
tfg.func @body(%i: tensor<i32>) -> (tensor<i32>) {
  %Inc, %ctl = Inc(%i) name("inc") : (tensor<i32>) -> (tensor<i32>)
  return(%Inc) : tensor<i32>
}
tfg.func @for_body(%idx: tensor<i32>, %v: tensor<*xf32>) -> (tensor<*xf32>) {
  %Add, %ctl = Add(%v, %idx) : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  return(%Add) : tensor<*xf32>
}

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %[[A:.*]], %[[CTLA:.*]] = A
  // CHECK: %[[B:.*]], %[[CTLB:.*]] = B
  // CHECK: %[[C:.*]], %[[CTLC:.*]] = C
  // Arguments become the op's operands; their tokens the operands' tokens. The copies
  // are renamed after the op; the registered attributes (Tin, ...) are dropped.
  // CHECK: %[[IF:.*]], %[[CTLIF:.*]] = IfRegion %[[C]] [%[[CTLB]]] then {
  // CHECK-NEXT: %[[NEG:.*]], %[[CTLNEG:.*]] = Neg(%[[A]]) [%[[CTLB]]] name("neg_tfg_inlined_if_0")
  // CHECK-NEXT: yield(%[[NEG]]) [%[[CTLNEG]]] : tensor<*xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[IN:.*]], %{{.*}} = StatelessIfRegion %[[PIN:.*]] then {
  // CHECK-NEXT: yield(%[[B]])
  // CHECK-NEXT: } else {
  // CHECK-NEXT: yield(%[[B]])
  // CHECK-NEXT: } {_mlir_name = "inner_tfg_inlined_if_1"
  // CHECK-NEXT: %[[PIN]], %{{.*}} = Pred name("p_tfg_inlined_if_1")
  // CHECK-NEXT: yield(%[[IN]])
  // CHECK-NEXT: } {_extra = 1 : i64, _mlir_name = "if", else_attrs = {}, else_region_attrs = #tfg.region_attrs<{sym_name = "else"} [] [{}]>, then_attrs = {}, then_region_attrs = #tfg.region_attrs<{description = "then branch", sym_name = "then", tf._keep} [] [{tfg.name = "out"}]>} : (tensor<i1>) -> tensor<*xf32>
  %A, %ctlA = A name("a") : () -> (tensor<*xf32>)
  %B, %ctlB = B name("b") : () -> (tensor<*xf32>)
  %C, %ctlC = C name("c") : () -> (tensor<i1>)
  %If, %ctlIf = If(%C, %A, %B) [%ctlB] name("if") {_extra = 1 : i64, Tcond = i1, Tin = [f32, f32], Tout = [f32], output_shapes = [#tf_type.shape<*>], then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>} : (tensor<i1>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: %[[I:.*]], %{{.*}} = I
  %I, %ctlI = I name("i") : () -> (tensor<i32>)
  // Loop bodies keep their arguments: data first, then one token each.
  // CHECK: %[[W:.*]], %[[CTLW:.*]] = WhileRegion(%[[I]]) [%[[CTLIF]]] {
  // CHECK-NEXT: ^{{.*}}(%[[X:.*]]: tensor<i32>, %[[XC:.*]]: !tf_type.control):
  // CHECK-NEXT: %[[LESS:.*]], %{{.*}} = Less(%[[X]]) name("less_tfg_inlined_loop_0")
  // CHECK-NEXT: condition %[[LESS]] : tensor<i1> (%[[X]]) [%[[XC]]] : tensor<i32>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^{{.*}}(%[[Y:.*]]: tensor<i32>, %{{.*}}: !tf_type.control):
  // CHECK-NEXT: %[[INC:.*]], %{{.*}} = Inc(%[[Y]]) name("inc_tfg_inlined_loop_1")
  // CHECK-NEXT: yield(%[[INC]]) : tensor<i32>
  // CHECK-NEXT: } {_mlir_name = "loop", body_attrs = {}, body_region_attrs = #tfg.region_attrs<{sym_name = "body"} [{}] [{}]>, cond_attrs = {}, cond_region_attrs = #tfg.region_attrs<{sym_name = "cond"} [{}] [{}]>, parallel_iterations = 10 : i64}
  %W, %ctlW = While(%I) [%ctlIf] name("loop") {T = [i32], parallel_iterations = 10 : i64, cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: %[[F:.*]], %{{.*}} = ForRegion(%[[IF]]) from %[[I]] to %[[I]] by %[[I]] {
  // CHECK-NEXT: ^{{.*}}(%[[IDX:.*]]: tensor<i32>, %[[V:.*]]: tensor<*xf32>, %{{.*}}: !tf_type.control, %{{.*}}: !tf_type.control):
  // CHECK-NEXT: %[[ADD:.*]], %{{.*}} = Add(%[[V]], %[[IDX]])
  // CHECK-NEXT: yield(%[[ADD]])
  // CHECK-NEXT: } {body_attrs = {}, region_attrs = #tfg.region_attrs<{sym_name = "for_body"} [{}, {}] [{}]>}
  %F, %ctlF = For(%I, %I, %I, %If) {body = #tf_type.func<@for_body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  // A branch function that does not exist: the op stays.
  // CHECK: %[[CASE:.*]], %{{.*}} = StatefulCase(%[[I]], %[[A]])
  %Case, %ctlCase = StatefulCase(%I, %A) {branches = [#tf_type.func<@id, {}>, #tf_type.func<@missing, {}>]} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: Sink(%[[W]], %[[F]], %[[CASE]]) [%[[CTLW]], %[[CTLIF]]]
  %ctlS = Sink(%W, %F, %Case) [%ctlW, %ctlIf] : tensor<i32>, tensor<*xf32>, tensor<*xf32>
}

// The printout reads back.
// REPARSE: tfg.graph
// REPARSE: IfRegion
// REPARSE: WhileRegion
// REPARSE: ForRegion

// Back to functional form: every region still matches the function it came from (names
// aside; @else's own If was converted back first), so the functions are re-used and the
// control edges are where they were.
// BACK-LABEL: tfg.graph
// BACK: %[[A:.*]], %{{.*}} = A
// BACK: %[[B:.*]], %[[CTLB:.*]] = B
// BACK: %[[C:.*]], %{{.*}} = C
// BACK: %[[IF:.*]], %[[CTLIF:.*]] = If(%[[C]], %[[A]], %[[B]]) [%[[CTLB]]] name("if") {_extra = 1 : i64, else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>}
// BACK: %[[W:.*]], %[[CTLW:.*]] = While(%[[I:.*]]) [%[[CTLIF]]] name("loop") {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64}
// BACK: %[[F:.*]], %{{.*}} = For(%[[I]], %[[I]], %[[I]], %[[IF]]) {body = #tf_type.func<@for_body, {}>}
// BACK: Sink(%[[W]], %[[F]], %{{.*}}) [%[[CTLW]], %[[CTLIF]]]
// BACK-NOT: tfg.func
