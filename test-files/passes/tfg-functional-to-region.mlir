// RUN: %amanda_opt %s --split-input-file --tfg-functional-to-region | FileCheck %s
// RUN: %amanda_opt %s --split-input-file --tfg-functional-to-region | %amanda_opt --split-input-file --canonical | FileCheck %s --check-prefix=REPARSE
// RUN: %amanda_opt %s --split-input-file --tfg-functional-to-region --tfg-region-to-functional --canonical | FileCheck %s --check-prefix=BACK

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

// -----

// The graph comes before the functions: the copy of @A holds an `If` whose result @A
// returns; TensorFlow's driver visits it right after the copy is made, so it is
// converted from @B's body and renamed after the copy's name.
// CHECK-LABEL: tfg.graph
// CHECK: IfRegion
// CHECK: IfRegion
// CHECK-NEXT: Neg(%{{.*}}) name("neg_tfg_inlined_ifb_tfg_inlined_ifa_0_0")
// CHECK: _mlir_name = "ifb_tfg_inlined_ifa_0"
// CHECK: Neg(%{{.*}}) name("neg_tfg_inlined_ifb_tfg_inlined_ifa_1_1")
// CHECK: _mlir_name = "ifa"
// On the way back the branches use only %x of @B's two arguments, so no function can be
// re-used: each region gets a function specialized for its op.
// BACK-LABEL: tfg.graph
// BACK: If(%{{.*}}, %{{.*}}, %{{.*}}) name("ifa") {else_branch = #tf_type.func<@A_tfg_region_specialized_ifa_1, {}>, then_branch = #tf_type.func<@A_tfg_region_specialized_ifa_0, {}>}
// BACK: tfg.func @B_tfg_region_specialized_ifb_tfg_inlined_ifa_0_0(
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = C name("c") : () -> (tensor<i1>)
  %x, %ctl_0 = X name("x") : () -> (tensor<i32>)
  %If, %ctl_1 = If(%c, %c, %x) name("ifa") {then_branch = #tf_type.func<@A, {}>, else_branch = #tf_type.func<@A, {}>} : (tensor<i1>, tensor<i1>, tensor<i32>) -> (tensor<i32>)
}
tfg.func @A(%c: tensor<i1>, %x: tensor<i32>) -> (tensor<i32>) {
  %If, %ctl = If(%c, %c, %x) name("ifb") {then_branch = #tf_type.func<@B, {}>, else_branch = #tf_type.func<@B, {}>} : (tensor<i1>, tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}
tfg.func @B(%c: tensor<i1>, %x: tensor<i32>) -> (tensor<i32>) {
  %N, %ctl = Neg(%x) name("neg") : (tensor<i32>) -> (tensor<i32>)
  return(%N) : tensor<i32>
}
