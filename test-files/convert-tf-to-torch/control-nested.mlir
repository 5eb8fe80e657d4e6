// Nested control flow: an If in a While's body (odd and even steps differ) and a While in an
// If's branch; the regions nest as the functions call each other.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// The output reads back and prints the same (custom syntax of the region ops):
// RUN: %amanda_opt %s --convert-tf-to-torch -o %t.mlir && %idempotent %t.mlir && %idempotent %t.mlir --canonical
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %i0, %ctl_0 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %outs:2, %ctl_1 = While(%i0, %x) name("loop") {T = [i32, f32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  %p, %ctl_2 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<*xi1>)
  %r:1, %ctl_3 = If(%p, %outs#1) name("outer_if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@loop_branch, {}>, else_branch = #tf_type.func<@id, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xi1> {tfg.name = "c"}) {
  %n, %ctl = Const name("cond/n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = Less(%i, %n) name("cond/lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*xf32> {tfg.name = "a1"}) {
  %one, %ctl = Const name("body/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %two, %ctl_0 = Const name("body/two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<*xi32>)
  %zero, %ctl_1 = Const name("body/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %m, %ctl_2 = FloorMod(%i, %two) name("body/mod") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %even, %ctl_3 = Equal(%m, %zero) name("body/even") {T = i32, incompatible_shape_error = true} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %b:1, %ctl_4 = StatelessIf(%even, %a) name("body/if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@twice, {}>, else_branch = #tf_type.func<@negate, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
  %i1, %ctl_5 = AddV2(%i, %one) name("body/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  return(%i1, %b#0) : tensor<*xi32>, tensor<*xf32>
}
tfg.func @twice(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = AddV2(%a, %a) name("twice/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @negate(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = Neg(%a) name("negate/neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @id(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  return(%a) : tensor<*xf32>
}
tfg.func @loop_branch(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %i0, %ctl = Const name("lb/i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %o:2, %ctl_0 = While(%i0, %a) name("lb/loop") {T = [i32, f32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  return(%o#1) : tensor<*xf32>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK:      %[[LOOP:.*]]:2 = torch.prim.Loop %{{.*}}, %{{.*}}, init(%{{.*}}, %arg0) {
// CHECK-NEXT: ^bb0{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[A:.*]]: !torch.vtensor<[2],f32>):
// CHECK:        %[[M:.*]] = torch.aten.remainder.Tensor %[[I]]
// CHECK:        %[[EQ:.*]] = torch.aten.eq.Tensor %[[M]]
// CHECK-NEXT:   %[[EV:.*]] = torch.aten.Bool.Tensor %[[EQ]]
// CHECK-NEXT:   %[[B:.*]] = torch.prim.If %[[EV]] -> (!torch.vtensor<[2],f32>) {
// CHECK:          torch.aten.add.Tensor %[[A]], %[[A]]
// CHECK:        } else {
// CHECK-NEXT:     %[[N:.*]] = torch.aten.neg %[[A]]
// CHECK-NEXT:     torch.prim.If.yield %[[N]]
// CHECK-NEXT:   }
// CHECK:        torch.prim.Loop.condition %{{.*}}, iter(%{{.*}}, %[[B]] : !torch.vtensor<[],si32>, !torch.vtensor<[2],f32>)
// CHECK-NEXT: } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[2],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[2],f32>)
// CHECK:      %[[R:.*]] = torch.prim.If %{{.*}} -> (!torch.vtensor<[2],f32>) {
// CHECK:        %[[IN:.*]]:2 = torch.prim.Loop %{{.*}}, %{{.*}}, init(%{{.*}}, %[[LOOP]]#1) {
// CHECK:          torch.prim.If
// CHECK:          torch.prim.Loop.condition
// CHECK:        }
// CHECK-NEXT:   torch.prim.If.yield %[[IN]]#1 : !torch.vtensor<[2],f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   torch.prim.If.yield %[[LOOP]]#1 : !torch.vtensor<[2],f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !torch.vtensor<[2],f32>
