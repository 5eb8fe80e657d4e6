// RUN: %amanda_opt %s --tfg-eliminate-passthrough-iter-args | FileCheck %s

// A loop-carried value the body yields back unchanged is dropped: inside the regions its
// initial value (and its producer's control token) is used, outside the initial value
// replaces the loop result. Region attributes lose its entries; other attributes stay.
// CHECK-LABEL: tfg.func @while
tfg.func @while(%a: tensor<i32> {tfg.name = "a"}, %b: tensor<f32> {tfg.name = "b"}) -> (tensor<i32>, tensor<f32>) {
  %p, %ctl_p = Producer name("p") : () -> (tensor<f32>)
  // CHECK: %w, %ctl_w = StatelessWhileRegion(%a) [%ctl_p] {
  // CHECK-NEXT: ^bb0(%x: tensor<i32>, %xc: !tf_type.control):
  // CHECK-NEXT: %k, %{{.*}} = Check(%x, %p) [%ctl_p] name("k")
  // CHECK-NEXT: condition %k : tensor<i1> (%x) [%xc] : tensor<i32>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%x: tensor<i32>, %xc: !tf_type.control):
  // CHECK-NEXT: %n, %{{.*}} = Next(%x, %p) [%ctl_p] name("n")
  // CHECK-NEXT: yield(%n) [%xc] : tensor<i32>
  // CHECK-NEXT: } {_unknown = "u", body_region_attrs = #tfg.region_attrs<{} [{tf.x}] [{tf.r}]>, cond_region_attrs = #tfg.region_attrs<{} [{tf.c}] [{}]>, parallel_iterations = 10 : i64}
  // CHECK-SAME: (tensor<i32>) -> tensor<i32>
  // CHECK: return(%w, %p) [%ctl_w]
  %w:2, %ctl_w = StatelessWhileRegion(%a, %p) [%ctl_p] {
  ^bb0(%x: tensor<i32>, %y: tensor<f32>, %xc: !tf_type.control, %yc: !tf_type.control):
    %k, %ctl_k = Check(%x, %y) [%yc] name("k") : (tensor<i32>, tensor<f32>) -> (tensor<i1>)
    condition %k : tensor<i1> (%x, %y) [%xc] : tensor<i32>, tensor<f32>
  } do {
  ^bb0(%x: tensor<i32>, %y: tensor<f32>, %xc: !tf_type.control, %yc: !tf_type.control):
    %n, %ctl_n = Next(%x, %y) [%yc] name("n") : (tensor<i32>, tensor<f32>) -> (tensor<i32>)
    yield(%n, %y) [%xc] : tensor<i32>, tensor<f32>
  } {_unknown = "u", body_region_attrs = #tfg.region_attrs<{} [{tf.x}, {tf.y}] [{tf.r}, {tf.s}]>, cond_region_attrs = #tfg.region_attrs<{} [{tf.c}, {tf.d}] [{}]>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  return(%w#0, %w#1) [%ctl_w] : tensor<i32>, tensor<f32>
}

// For: the loop index is not an iteration argument; a function argument's control token
// stands for it inside the body.
// CHECK-LABEL: tfg.func @for
tfg.func @for(%i: tensor<i32> {tfg.name = "i"}, %a: tensor<i32> {tfg.name = "a"}, %b: tensor<i32> {tfg.name = "b"}) -> (tensor<i32>, tensor<i32>) {
  // CHECK: %f, %ctl = ForRegion(%b) from %i to %i by %i {
  // CHECK-NEXT: ^bb0(%idx: tensor<i32>, %y: tensor<i32>, %ic: !tf_type.control, %yc: !tf_type.control):
  // CHECK-NEXT: %u, %{{.*}} = Use(%idx, %a, %y) [%a.ctl] name("u")
  // CHECK-NEXT: yield(%u) : tensor<i32>
  // CHECK: return(%a, %f)
  %f:2, %ctl = ForRegion(%a, %b) from %i to %i by %i {
  ^bb0(%idx: tensor<i32>, %x: tensor<i32>, %y: tensor<i32>, %ic: !tf_type.control, %xc: !tf_type.control, %yc: !tf_type.control):
    %u, %ctl_u = Use(%idx, %x, %y) [%xc] name("u") : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%x, %u) : tensor<i32>, tensor<i32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return(%f#0, %f#1) : tensor<i32>, tensor<i32>
}

// Nothing passes through: the loop is unchanged.
// CHECK-LABEL: tfg.graph
// CHECK: %w:2, %ctl_w = WhileRegion(%s, %s)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %s, %ctl_s = S name("s") : () -> (tensor<i32>)
  %w:2, %ctl_w = WhileRegion(%s, %s) {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>, %xc: !tf_type.control, %yc: !tf_type.control):
    %k, %ctl_k = K(%x) name("k") : (tensor<i32>) -> (tensor<i1>)
    condition %k : tensor<i1> (%x, %y) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>, %xc: !tf_type.control, %yc: !tf_type.control):
    yield(%y, %x) : tensor<i32>, tensor<i32>
  } {parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
}
