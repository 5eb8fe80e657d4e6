// What tfg-functionalize-control-flow cannot raise is an error naming the node; exit 1,
// nothing written.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --tfg-functionalize-control-flow -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out

// A value of the loop body used after the loop without an Exit (a node fed from two frames).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %e, %ctl_0 = Enter(%x) name("w/Enter") {T = f32, frame_name = "w/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m:2, %ctl_1 = Merge(%e, %n) name("w/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %c, %ctl_2 = IsFinite(%m#0) name("w/IsFinite") {T = f32} : (tensor<*xf32>) -> (tensor<*xi1>)
  %r, %ctl_3 = All(%c, %ax) name("w/All") {Tidx = i32, keep_dims = false} : (tensor<*xi1>, tensor<*xi32>) -> (tensor<*xi1>)
  %ax, %ctl_4 = Const [%ctl_1] name("w/ax") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %lc, %ctl_5 = LoopCond(%r) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %s:2, %ctl_6 = Switch(%m#0, %lc) name("w/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %t, %ctl_7 = Tanh(%s#1) name("w/Tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %n, %ctl_8 = NextIteration(%t) name("w/NextIteration") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %o, %ctl_9 = Exit(%s#0) name("w/Exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %leak, %ctl_10 = AddV2(%x, %t) name("leak") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: [[FILE:.*]]:{{[0-9]+}}:3: error: tfg-functionalize-control-flow: node 'leak' has inputs from different while-loop frames ('w/Tanh' from frame 'w/ctx', others from frame '')

// -----

// A Merge of values from Switches on two different predicates.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %q, %ctl_1 = Placeholder name("q") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %a:2, %ctl_2 = Switch(%x, %p) name("a") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %b:2, %ctl_3 = Switch(%x, %q) name("b") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %m:2, %ctl_4 = Merge(%a#0, %b#1) name("m") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
}
// CHECK: [[FILE]]:{{[0-9]+}}:3: error: tfg-functionalize-control-flow: Merge 'm' does not join the branches of one Switch predicate, one input each; cannot raise it

// -----

// A node of the true branch (it uses cond/Tanh) that waits for the conditional's own Merge.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %s:2, %ctl_1 = Switch(%x, %p) name("cond/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %t, %ctl_2 = Tanh(%s#1) name("cond/Tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %f, %ctl_3 = Neg(%s#0) name("cond/Neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m:2, %ctl_4 = Merge(%f, %t) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %leak, %ctl_5 = Identity(%t) [%ctl_4] name("leak") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: [[FILE]]:{{[0-9]+}}:3: error: tfg-functionalize-control-flow: a control edge from 'cond/Merge' of conditional 'cond' cannot be kept

// -----

// A Switch whose outputs are never merged.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %s:2, %ctl_1 = Switch(%x, %p) name("lonely") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %t, %ctl_2 = Tanh(%s#1) name("t") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: [[FILE]]:{{[0-9]+}}:3: error: tfg-functionalize-control-flow: Switch node 'lonely' is not part of a while loop or conditional it can raise

// -----

// The value_index output of a loop Merge is used.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %e, %ctl_0 = Enter(%x) name("w/Enter") {T = f32, frame_name = "w/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m:2, %ctl_1 = Merge(%e, %n) name("w/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %vi, %ctl_2 = Cast(%m#1) name("w/Cast") {SrcT = i32, DstT = i1, Truncate = false} : (tensor<*xi32>) -> (tensor<*xi1>)
  %lc, %ctl_5 = LoopCond(%vi) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %s:2, %ctl_6 = Switch(%m#0, %lc) name("w/Switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %n, %ctl_8 = NextIteration(%s#1) name("w/NextIteration") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %o, %ctl_9 = Exit(%s#0) name("w/Exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: [[FILE]]:{{[0-9]+}}:3: error: tfg-functionalize-control-flow: the value_index of Merge 'w/Merge' is used; cannot raise while loop 'w/ctx'

// -----
// A Merge without its two data outputs (output, value_index): an error, not a crash.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %p, %c0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %x, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %s:2, %c2 = Switch(%x, %p) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %ctl = Merge(%s#0, %s#1) name("m") {T = f32, N = 2} : (tensor<f32>, tensor<f32>) -> ()
}
// CHECK: :[[@LINE-2]]:3: error: tfg-functionalize-control-flow: Merge node 'm' has 2 data input(s) and 0 data output(s); TensorFlow's Merge has at least 1 and 2

// -----
// An Exit without its data output.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %ctl = Exit(%x) name("ex") {T = f32} : (tensor<f32>) -> ()
}
// CHECK: :[[@LINE-2]]:3: error: tfg-functionalize-control-flow: Exit node 'ex' has 1 data input(s) and 0 data output(s); TensorFlow's Exit has 1 and 1
