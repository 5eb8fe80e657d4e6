// A small constant the graph passes to a function (TensorFlow passes captured tensors as
// inputs) is known inside it: a Reshape's shape given to a branch, or to a loop body as a
// variable it returns unchanged. A carried loop variable is not known, even when its initial
// value is a constant.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %shape, %ctl_1 = Const name("shape") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %r:1, %ctl_2 = If(%p, %x, %shape) name("cond") {Tcond = i1, Tin = [f32, i32], Tout = [f32], then_branch = #tf_type.func<@reshape, {}>, else_branch = #tf_type.func<@reshape_neg, {}>} : (tensor<*xi1>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %i0, %ctl_3 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %w:3, %ctl_4 = While(%i0, %r#0, %shape) name("loop") {T = [i32, f32, i32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %y, %ctl_5 = Identity(%w#1) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @reshape(%a: tensor<*xf32> {tfg.name = "a"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = Reshape(%a, %s) name("cond/reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @reshape_neg(%a: tensor<*xf32> {tfg.name = "a"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %n, %ctl = Neg(%a) name("cond/neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %r, %ctl_0 = Reshape(%n, %s) name("cond/reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xi1> {tfg.name = "c"}) {
  %n, %ctl = Const name("loop/n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = Less(%i, %n) name("loop/lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*xf32> {tfg.name = "a1"}, tensor<*xi32> {tfg.name = "s1"}) {
  %one, %ctl = Const name("loop/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %i1, %ctl_0 = AddV2(%i, %one) name("loop/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %t, %ctl_1 = Const name("loop/t") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %tr, %ctl_2 = Transpose(%a, %t) name("loop/transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %r, %ctl_3 = Reshape(%tr, %s) name("loop/reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%i1, %r, %s) : tensor<*xi32>, tensor<*xf32>, tensor<*xi32>
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[],i1>) -> !torch.vtensor<[3,2],f32>
// CHECK:      torch.prim.If %{{.*}} -> (!torch.vtensor<[3,2],f32>) {
// CHECK:        %[[S:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK-NEXT:   torch.aten.reshape %arg0, %[[S]] : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
// CHECK:      } else {
// CHECK:        torch.aten.reshape {{.*}} -> !torch.vtensor<[3,2],f32>
// CHECK:      }
// The counter is carried (not folded); the shape is known in the body.
// CHECK:      torch.prim.Loop %{{.*}}, %{{.*}}, init(%{{.*}}, %{{.*}}) {
// CHECK-NEXT: ^bb0{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[A:.*]]: !torch.vtensor<[3,2],f32>):
// CHECK:        torch.aten.add.Tensor %[[I]]
// CHECK:        %[[T:.*]] = torch.aten.permute %[[A]], %{{.*}} : !torch.vtensor<[3,2],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
// CHECK:        torch.aten.reshape %[[T]], %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
// CHECK:        torch.prim.Loop.condition %true
