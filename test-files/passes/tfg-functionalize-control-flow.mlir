// tfg-functionalize-control-flow: TF1 while loops (Enter/Merge/Switch/LoopCond/NextIteration/
// Exit frames) become While/StatelessWhile and Switch/Merge conditionals If/StatelessIf, with
// their cond/body and then/else functions added to the library.
// RUN: %amanda_opt %s --split-input-file --tfg-functionalize-control-flow | FileCheck %s
// RUN: %amanda_opt %s --split-input-file --tfg-functionalize-control-flow | %amanda_opt - --split-input-file --verify
// RUN: %amanda_opt %s --split-input-file --tfg-functionalize-control-flow --canonical | %amanda_opt - --split-input-file --canonical | FileCheck %s --check-prefix=CANON

// A counter, a loop-carried tensor and a loop invariant (Enter is_constant = true). The
// control edge into an Enter is kept on the While; a control user of an Exit waits for the
// While.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %i0, %ctl_1 = Const name("Const") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %start, %ctl_s = NoOp name("start") : () -> (tensor<*xf32>)
  %e0, %ctl_2 = Enter(%i0) [%ctl_s] name("while/Enter") {T = i32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %e1, %ctl_3 = Enter(%x) name("while/Enter_1") {T = f32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m0:2, %ctl_4 = Merge(%e0, %n0) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %m1:2, %ctl_5 = Merge(%e1, %n1) name("while/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %five, %ctl_6 = Const [%ctl_4] name("while/Less/y") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_7 = Less(%m0#0, %five) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %lc, %ctl_8 = LoopCond(%lt) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %s0:2, %ctl_9 = Switch(%m0#0, %lc) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %s1:2, %ctl_10 = Switch(%m1#0, %lc) name("while/Switch_1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %id0, %ctl_11 = Identity(%s0#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %id1, %ctl_12 = Identity(%s1#1) name("while/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %one, %ctl_13 = Const [%ctl_11] name("while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %add, %ctl_14 = AddV2(%id0, %one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %mul, %ctl_15 = Mul(%id1, %we) name("while/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %we, %ctl_16 = Enter(%w) name("while/mul/Enter") {T = f32, frame_name = "while/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %n0, %ctl_17 = NextIteration(%add) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %n1, %ctl_18 = NextIteration(%mul) name("while/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %x0, %ctl_19 = Exit(%s0#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %x1, %ctl_20 = Exit(%s1#0) name("while/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %out, %ctl_21 = Identity(%x1) [%ctl_19] name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK-NOT:   Enter
// CHECK:       %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK:       %[[W:.*]], %{{.*}} = Const name("w")
// CHECK:       %[[I0:.*]], %{{.*}} = Const name("Const")
// CHECK:       %{{.*}}, %[[START:.*]] = NoOp name("start")
// CHECK:       %[[OUTS:.*]]:3, %[[WCTL:.*]] = StatelessWhile(%[[I0]], %[[X]], %[[W]]) [%[[START]]] name("while") {T = [i32, f32, f32], body = #tf_type.func<@while_body, {}>, cond = #tf_type.func<@while_cond, {}>, parallel_iterations = 10 : i64}
// CHECK-NEXT:  Identity(%[[OUTS]]#1) [%[[WCTL]]] name("out")
// CHECK-NOT:   Merge
// CHECK-NOT:   Switch
// CHECK-NOT:   Exit
// CHECK:       tfg.func @while_cond(%[[A0:.*]]: tensor<*xi32> {tfg.name = "arg0"},
// CHECK:         %[[FIVE:.*]], %{{.*}} = Const [%[[A0]].ctl] name("while/Less/y")
// CHECK-NEXT:    %[[LT:.*]], %{{.*}} = Less(%[[A0]], %[[FIVE]]) name("while/Less")
// CHECK-NEXT:    return(%[[LT]]) : tensor<*xi1>
// CHECK:       tfg.func @while_body(%[[B0:.*]]: tensor<*xi32> {tfg.name = "arg0"},
// CHECK-NEXT:    %[[B1:.*]]: tensor<*xf32> {tfg.name = "arg1"},
// CHECK-NEXT:    %[[B2:.*]]: tensor<*xf32> {tfg.name = "arg2"})
// CHECK:         %[[ID0:.*]], %[[IDC:.*]] = Identity(%[[B0]]) name("while/Identity")
// CHECK-NEXT:    %[[ID1:.*]], %{{.*}} = Identity(%[[B1]]) name("while/Identity_1")
// CHECK-NEXT:    %[[ONE:.*]], %{{.*}} = Const [%[[IDC]]] name("while/add/y")
// CHECK-NEXT:    %[[ADD:.*]], %{{.*}} = AddV2(%[[ID0]], %[[ONE]]) name("while/add")
// CHECK-NEXT:    %[[MUL:.*]], %{{.*}} = Mul(%[[ID1]], %[[B2]]) name("while/mul")
// The invariant is returned unchanged.
// CHECK-NEXT:    return(%[[ADD]], %[[MUL]], %[[B2]])
// CANON: StatelessWhile

// -----

// Nested loops: the inner frame is raised first and is a While node of the outer body; the
// inner loop's bound is an outer loop variable passed in as an invariant.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %i0, %ctl_0 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %e0, %ctl_1 = Enter(%i0) name("outer/Enter") {T = i32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %e1, %ctl_2 = Enter(%x) name("outer/Enter_1") {T = f32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m0:2, %ctl_3 = Merge(%e0, %n0) name("outer/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %m1:2, %ctl_4 = Merge(%e1, %n1) name("outer/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %three, %ctl_5 = Const [%ctl_3] name("outer/three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_6 = Less(%m0#0, %three) name("outer/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %lc, %ctl_7 = LoopCond(%lt) name("outer/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %s0:2, %ctl_8 = Switch(%m0#0, %lc) name("outer/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %s1:2, %ctl_9 = Switch(%m1#0, %lc) name("outer/Switch_1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %id0, %ctl_10 = Identity(%s0#1) name("outer/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %id1, %ctl_11 = Identity(%s1#1) name("outer/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %j0, %ctl_12 = Const [%ctl_10] name("outer/j0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %ie0, %ctl_13 = Enter(%j0) name("outer/inner/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %ie1, %ctl_14 = Enter(%id1) name("outer/inner/Enter_1") {T = f32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ibound, %ctl_15 = Enter(%id0) name("outer/inner/Less/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %im0:2, %ctl_16 = Merge(%ie0, %in0) name("outer/inner/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %im1:2, %ctl_17 = Merge(%ie1, %in1) name("outer/inner/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %ilt, %ctl_18 = Less(%im0#0, %ibound) name("outer/inner/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %ilc, %ctl_19 = LoopCond(%ilt) name("outer/inner/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %is0:2, %ctl_20 = Switch(%im0#0, %ilc) name("outer/inner/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %is1:2, %ctl_21 = Switch(%im1#0, %ilc) name("outer/inner/Switch_1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %iid0, %ctl_22 = Identity(%is0#1) name("outer/inner/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %iid1, %ctl_23 = Identity(%is1#1) name("outer/inner/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ione, %ctl_24 = Const [%ctl_22] name("outer/inner/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %iadd, %ctl_25 = AddV2(%iid0, %ione) name("outer/inner/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %itanh, %ctl_26 = Tanh(%iid1) name("outer/inner/Tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %in0, %ctl_27 = NextIteration(%iadd) name("outer/inner/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %in1, %ctl_28 = NextIteration(%itanh) name("outer/inner/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ix1, %ctl_29 = Exit(%is1#0) name("outer/inner/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ix0, %ctl_30 = Exit(%is0#0) name("outer/inner/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %one, %ctl_31 = Const [%ctl_10] name("outer/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %add, %ctl_32 = AddV2(%id0, %one) name("outer/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %n0, %ctl_33 = NextIteration(%add) name("outer/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %n1, %ctl_34 = NextIteration(%ix1) name("outer/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %x1, %ctl_35 = Exit(%s1#0) name("outer/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %x0, %ctl_36 = Exit(%s0#0) name("outer/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %out, %ctl_37 = Identity(%x1) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK:       %[[OUTS:.*]]:2, %{{.*}} = StatelessWhile(%{{.*}}, %{{.*}}) name("outer") {T = [i32, f32], body = #tf_type.func<@outer_body, {}>, cond = #tf_type.func<@outer_cond, {}>
// CHECK-NEXT:  Identity(%[[OUTS]]#1) name("out")
// CHECK:       tfg.func @outer_inner_cond(%[[C0:[^:]*]]: tensor<*xi32>
// CHECK:         Less(%[[C0]], %arg2) name("outer/inner/Less")
// CHECK:       tfg.func @outer_inner_body(
// CHECK:         Tanh
// CHECK:       tfg.func @outer_cond(
// CHECK:       tfg.func @outer_body(%[[O0:.*]]: tensor<*xi32> {tfg.name = "arg0"},
// CHECK:         %[[OID0:.*]], %[[OIDC:.*]] = Identity(%[[O0]]) name("outer/Identity")
// CHECK:         %[[OID1:.*]], %{{.*}} = Identity(%{{.*}}) name("outer/Identity_1")
// CHECK:         %[[J0:.*]], %{{.*}} = Const [%[[OIDC]]] name("outer/j0")
// CHECK:         %[[IN:.*]]:3, %{{.*}} = StatelessWhile(%[[J0]], %[[OID1]], %[[OID0]]) name("outer/inner") {T = [i32, f32, i32], body = #tf_type.func<@outer_inner_body, {}>, cond = #tf_type.func<@outer_inner_cond, {}>
// CHECK:         return(%{{.*}}, %[[IN]]#1)
// CANON: StatelessWhile

// -----

// A conditional as tf.compat.v1.cond writes it: a pivot Switch of the predicate on itself,
// the data Switches on an Identity of it (pred_id), constants waiting for the pivot's
// Identity, one Merge per result. The Switch's control operand waits on the If.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %start, %ctl_s = NoOp name("start") : () -> (tensor<*xf32>)
  %sw:2, %ctl_1 = Switch(%p, %p) name("cond/Switch") {T = i1} : (tensor<*xi1>, tensor<*xi1>) -> (tensor<*xi1>, tensor<*xi1>)
  %st, %ctl_2 = Identity(%sw#1) name("cond/switch_t") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %sf, %ctl_3 = Identity(%sw#0) name("cond/switch_f") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %pid, %ctl_4 = Identity(%p) name("cond/pred_id") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %two, %ctl_5 = Const [%ctl_2] name("cond/mul/y") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %mul, %ctl_6 = Mul(%xs#1, %two) name("cond/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %xs:2, %ctl_7 = Switch(%x, %pid) [%ctl_s] name("cond/mul/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %one, %ctl_8 = Const [%ctl_3] name("cond/sub/y") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %sub, %ctl_9 = Sub(%xs2#0, %one) name("cond/sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %xs2:2, %ctl_10 = Switch(%x, %pid) name("cond/sub/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %m:2, %ctl_11 = Merge(%sub, %mul) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %out, %ctl_12 = Identity(%m#0) [%ctl_11] name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK:       %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK:       %[[P:.*]], %{{.*}} = Placeholder name("p")
// CHECK:       %{{.*}}, %[[START:.*]] = NoOp name("start")
// CHECK-NOT:   pred_id
// CHECK:       %[[R:.*]], %[[RC:.*]] = StatelessIf(%[[P]], %[[P]], %[[X]]) [%[[START]]] name("cond") {Tcond = i1, Tin = [i1, f32], Tout = [f32], else_branch = #tf_type.func<@cond_else, {}>, then_branch = #tf_type.func<@cond_then, {}>}
// CHECK-NEXT:  Identity(%[[R]]) [%[[RC]]] name("out")
// CHECK:       tfg.func @cond_then(%[[T0:.*]]: tensor<*xi1> {tfg.name = "arg0"},
// CHECK-NEXT:    %[[T1:.*]]: tensor<*xf32> {tfg.name = "arg1"})
// CHECK:         %{{.*}}, %[[TC:.*]] = Identity(%[[T0]]) name("cond/switch_t")
// CHECK-NEXT:    %[[TWO:.*]], %{{.*}} = Const [%[[TC]]] name("cond/mul/y")
// CHECK-NEXT:    %[[MUL:.*]], %{{.*}} = Mul(%[[T1]], %[[TWO]]) name("cond/mul")
// CHECK-NEXT:    return(%[[MUL]])
// CHECK:       tfg.func @cond_else(
// CHECK:         Identity(%{{.*}}) name("cond/switch_f")
// CHECK:         %[[SUB:.*]], %{{.*}} = Sub(%{{.*}}, %{{.*}}) name("cond/sub")
// CHECK-NEXT:    return(%[[SUB]])
// CANON: StatelessIf

// -----

// A conditional inside a loop body is raised in the body function; a stateful node in a
// branch makes the If (and the loop) stateful.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %e1, %ctl_2 = Enter(%x) name("w/Enter") {T = f32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m1:2, %ctl_4 = Merge(%e1, %n1) name("w/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %ax, %ctl_5 = Const [%ctl_4] name("w/ax") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %sum, %ctl_6 = Sum(%m1#0, %ax) name("w/Sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %lim, %ctl_7 = Const [%ctl_4] name("w/lim") {dtype = f32, value = dense<100.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %lt, %ctl_8 = Less(%sum, %lim) name("w/Less") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  %lc, %ctl_9 = LoopCond(%lt) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %s1:2, %ctl_10 = Switch(%m1#0, %lc) name("w/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %a, %ctl_11 = Identity(%s1#1) name("w/Identity") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %zero, %ctl_12 = Const [%ctl_11] name("w/zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %asum, %ctl_13 = Sum(%a, %ax2) name("w/Sum_1") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %ax2, %ctl_14 = Const [%ctl_11] name("w/ax2") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %pos, %ctl_15 = Greater(%asum, %zero) name("w/Greater") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  %cs:2, %ctl_16 = Switch(%a, %pos) name("w/cond/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %dbl, %ctl_17 = AddV2(%cs#1, %cs#1) name("w/cond/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %noise, %ctl_18 = RandomStandardNormal(%shape) name("w/cond/noise") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<*xi32>) -> (tensor<*xf32>)
  %piv, %ctl_p = Identity(%cs#0) name("w/cond/switch_f") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %shape, %ctl_19 = Const [%ctl_p] name("w/cond/shape") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %neg, %ctl_20 = Sub(%cs#0, %noise) name("w/cond/sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cm:2, %ctl_21 = Merge(%neg, %dbl) name("w/cond/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %n1, %ctl_22 = NextIteration(%cm#0) name("w/NextIteration") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %x1, %ctl_23 = Exit(%s1#0) name("w/Exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %out, %ctl_24 = Identity(%x1) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK:       %[[W:.*]], %{{.*}} = While(%{{.*}}) name("w") {T = [f32], body = #tf_type.func<@w_body, {}>, cond = #tf_type.func<@w_cond, {}>
// CHECK-NEXT:  Identity(%[[W]]) name("out")
// CHECK:       tfg.func @w_body(%[[A:.*]]: tensor<*xf32> {tfg.name = "arg0"})
// CHECK:         %[[ID:.*]], %{{.*}} = Identity(%[[A]]) name("w/Identity")
// CHECK:         %[[POS:.*]], %{{.*}} = Greater
// CHECK:         %[[IF:.*]], %{{.*}} = If(%[[POS]], %[[ID]]) name("w/cond") {Tcond = i1, Tin = [f32], Tout = [f32], else_branch = #tf_type.func<@w_cond_else, {}>, then_branch = #tf_type.func<@w_cond_then, {}>}
// CHECK:         return(%[[IF]])
// CHECK:       tfg.func @w_cond_then(%[[TA:.*]]: tensor<*xf32>
// CHECK:         AddV2(%[[TA]], %[[TA]]) name("w/cond/add")
// CHECK:       tfg.func @w_cond_else(
// CHECK:         RandomStandardNormal
// CANON: While

// -----

// TensorFlow's lowering of Case: _SwitchN on the branch index, one Merge input per branch.
// The Merge's control operands from a branch become that branch's control results.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %i, %ctl_0 = Placeholder name("i") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  %xs:3, %ctl_1 = _SwitchN(%x, %i) name("case/x") {T = f32, num_outs = 3 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %b0, %ctl_2 = Tanh(%xs#0) name("case/branch0/Tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %b1, %ctl_3 = Relu(%xs#1) name("case/branch1/Relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %b2, %ctl_4 = Neg(%xs#2) name("case/branch2/Neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m:2, %ctl_5 = Merge(%b0, %b1, %b2) [%ctl_3] name("case/merge") {N = 3 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %out, %ctl_6 = Identity(%m#0) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK:       %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK:       %[[I:.*]], %{{.*}} = Placeholder name("i")
// CHECK:       %[[C:.*]], %{{.*}} = StatelessCase(%[[I]], %[[X]]) name("case") {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@case_branch0, {}>, #tf_type.func<@case_branch1, {}>, #tf_type.func<@case_branch2, {}>]}
// CHECK-NEXT:  Identity(%[[C]]) name("out")
// CHECK:       tfg.func @case_branch0(%[[A0:.*]]: tensor<*xf32> {tfg.name = "arg0"})
// CHECK:         %[[T:.*]], %{{.*}} = Tanh(%[[A0]])
// CHECK-NEXT:    return(%[[T]]) : tensor<*xf32>
// CHECK:       tfg.func @case_branch1(%[[A1:.*]]: tensor<*xf32> {tfg.name = "arg0"})
// CHECK:         %[[R:.*]], %[[RC:.*]] = Relu(%[[A1]])
// CHECK-NEXT:    return(%[[R]]) [%[[RC]]] : tensor<*xf32>
// CHECK:       tfg.func @case_branch2(
// CHECK:         Neg
// CANON: StatelessCase

// -----

// The Ref forms (RefEnter, RefMerge, RefSwitch, RefNextIteration, RefExit) are raised alike.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %v, %ctl = VariableV2 name("v") {container = "", dtype = f32, shape = #tf_type.shape<3>, shared_name = ""} : () -> (tensor<3x!tf_type.f32ref>)
  %e, %ctl_0 = RefEnter(%v) name("r/Enter") {T = f32, frame_name = "r/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<3x!tf_type.f32ref>) -> (tensor<3x!tf_type.f32ref>)
  %m:2, %ctl_1 = RefMerge(%e, %n) name("r/Merge") {N = 2 : i64, T = f32} : (tensor<3x!tf_type.f32ref>, tensor<3x!tf_type.f32ref>) -> (tensor<3x!tf_type.f32ref>, tensor<i32>)
  %p, %ctl_2 = Const [%ctl_1] name("r/p") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %lc, %ctl_3 = LoopCond(%p) name("r/LoopCond") : (tensor<i1>) -> (tensor<i1>)
  %s:2, %ctl_4 = RefSwitch(%m#0, %lc) name("r/Switch") {T = f32} : (tensor<3x!tf_type.f32ref>, tensor<i1>) -> (tensor<3x!tf_type.f32ref>, tensor<3x!tf_type.f32ref>)
  %n, %ctl_5 = RefNextIteration(%s#1) name("r/NextIteration") {T = f32} : (tensor<3x!tf_type.f32ref>) -> (tensor<3x!tf_type.f32ref>)
  %x, %ctl_6 = RefExit(%s#0) name("r/Exit") {T = f32} : (tensor<3x!tf_type.f32ref>) -> (tensor<3x!tf_type.f32ref>)
  %out, %ctl_7 = Identity(%x) name("out") {T = f32} : (tensor<3x!tf_type.f32ref>) -> (tensor<3xf32>)
}

// CHECK-LABEL: tfg.graph
// CHECK:       %[[V:.*]], %{{.*}} = VariableV2 name("v")
// CHECK-NEXT:  %[[R:.*]], %{{.*}} = StatelessWhile(%[[V]]) name("r") {T = [!tf_type.f32ref], body = #tf_type.func<@r_body, {}>, cond = #tf_type.func<@r_cond, {}>
// CHECK-NEXT:  Identity(%[[R]]) name("out")
// CHECK:       tfg.func @r_body(%[[A:.*]]: tensor<3x!tf_type.f32ref> {tfg.name = "arg0"})
// CHECK:         return(%[[A]]) : tensor<3x!tf_type.f32ref>
