// A While variable whose next value does not read its current one (here b = tanh(a)) would
// leave its block argument unread, which IREE's conversion of scf.while crashes on: its next
// value is where(guard, next, current), the guard being the loop condition carried as the last
// variable (true whenever the body runs, so the value is next). Variables the body reads get
// no guard. (The condition is i <= 2 so that the loop stays a while loop: a count i < 3 is
// a for loop, lowered to scf.for, which needs no guard; control-while.mlir.)
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %i0, %ctl_0 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %w:3, %ctl_1 = StatelessWhile(%i0, %x, %x) name("loop") {T = [i32, f32, f32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xf32>)
  %y, %ctl_2 = Identity(%w#2) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}, %b: tensor<*xf32> {tfg.name = "b"})
     -> (tensor<*xi1> {tfg.name = "c"}) {
  %two, %ctl = Const name("loop/two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = LessEqual(%i, %two) name("loop/less_equal") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %a: tensor<*xf32> {tfg.name = "a"}, %b: tensor<*xf32> {tfg.name = "b"})
     -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*xf32> {tfg.name = "a1"}, tensor<*xf32> {tfg.name = "b1"}) {
  %one, %ctl = Const name("loop/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %two, %ctl_0 = Const name("loop/two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %i1, %ctl_1 = AddV2(%i, %one) name("loop/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %a1, %ctl_2 = Mul(%a, %two) name("loop/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b1, %ctl_3 = Tanh(%a) name("loop/tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%i1, %a1, %b1) : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// The initial condition (0 <= 2, known) is also the guard's initial value.
// CHECK:      %[[C0T:.*]] = torch.vtensor.literal(dense<true> : tensor<i1>) : !torch.vtensor<[],i1>
// CHECK-NEXT: %[[C0:.*]] = torch.aten.Bool.Tensor %[[C0T]]
// CHECK:      %[[LOOP:.*]]:4 = torch.prim.Loop %{{.*}}, %[[C0]], init(%{{.*}}, %arg0, %arg0, %[[C0T]]) {
// CHECK-NEXT: ^bb{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[A:.*]]: !torch.vtensor<[2,3],f32>, %[[B:.*]]: !torch.vtensor<[2,3],f32>, %[[G:.*]]: !torch.vtensor<[],i1>):
// CHECK:        %[[A1:.*]] = torch.aten.mul.Tensor %[[A]]
// CHECK-NEXT:   %[[B1:.*]] = torch.aten.tanh %[[A]]
// CHECK:        %[[LT:.*]] = torch.aten.le.Tensor
// CHECK-NEXT:   %[[B2:.*]] = torch.aten.where.self %[[G]], %[[B1]], %[[B]] : !torch.vtensor<[],i1>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:   %[[C:.*]] = torch.aten.Bool.Tensor %[[LT]]
// CHECK-NEXT:   torch.prim.Loop.condition %[[C]], iter(%{{.*}}, %[[A1]], %[[B2]], %[[LT]] : !torch.vtensor<[],si32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[],i1>)
// CHECK-NEXT: } : {{.*}} -> (!torch.vtensor<[],si32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[],i1>)
// CHECK-NEXT: return %[[LOOP]]#2 : !torch.vtensor<[2,3],f32>
// CHECK-NOT: tfg.
