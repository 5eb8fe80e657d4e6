// While and StatelessWhile: torch.prim.Loop in its while form (maximum trip count INT64_MAX,
// as torch-mlir's importers write it). The initial condition is the cond function on the
// initial values; each iteration runs the body, then cond on its results for
// torch.prim.Loop.condition (torch.aten.Bool.Tensor of cond's bool tensor). A loop whose
// cond only counts (i < 5, i from 0 by 1) is a for loop instead: trip count 5, condition
// true, cond not inlined. A variable the body returns unchanged (here through an Identity:
// the captured weight, the maximum iteration count) is not carried.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %i0, %ctl_0 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %max, %ctl_1 = Const name("max") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %w, %ctl_2 = Const name("w") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %outs:4, %ctl_3 = While(%i0, %max, %x, %w) name("while") {T = [i32, i32, f32, f32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [#tf_type.shape<>, #tf_type.shape<>, #tf_type.shape<3>, #tf_type.shape<3>], parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<i32>, tensor<i32>, tensor<3xf32>, tensor<3xf32>)
  %y, %ctl_4 = Identity(%outs#2) name("y") {T = f32} : (tensor<3xf32>) -> (tensor<*xf32>)
  %s:1, %ctl_5 = StatelessWhile(%x) name("halve") {T = [f32], body = #tf_type.func<@halve_body, {}>, cond = #tf_type.func<@big, {}>, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %z, %ctl_6 = Identity(%s#0) name("z") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %max: tensor<*xi32> {tfg.name = "max"}, %a: tensor<*xf32> {tfg.name = "a"}, %w: tensor<*xf32> {tfg.name = "w"})
     -> (tensor<*xi1> {tfg.name = "c"}) {
  %five, %ctl = Const name("while/five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = Less(%i, %five) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %max: tensor<*xi32> {tfg.name = "max"}, %a: tensor<*xf32> {tfg.name = "a"}, %w: tensor<*xf32> {tfg.name = "w"})
     -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*xi32> {tfg.name = "max1"}, tensor<*xf32> {tfg.name = "a1"}, tensor<*xf32> {tfg.name = "w1"}) {
  %one, %ctl = Const name("while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %i1, %ctl_0 = AddV2(%i, %one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %m, %ctl_1 = Mul(%a, %w) name("while/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %max1, %ctl_2 = Identity(%max) name("while/Identity_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  return(%i1, %max1, %m, %w) : tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
}
tfg.func @big(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xi1> {tfg.name = "c"}) {
  %ax, %ctl = Const name("halve/ax") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %s, %ctl_0 = Sum(%a, %ax) name("halve/sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %one, %ctl_1 = Const name("halve/one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %gt, %ctl_2 = Greater(%s, %one) name("halve/gt") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  return(%gt) : tensor<*xi1>
}
tfg.func @halve_body(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "a1"}) {
  %half, %ctl = Const name("halve/half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<*xf32>)
  %m, %ctl_0 = Mul(%a, %half) name("halve/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%m) : tensor<*xf32>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>)
// A counting loop: 5 trips, the condition always true.
// CHECK:      %[[I0:.*]] = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
// CHECK:      %[[W:.*]] = torch.vtensor.literal(dense<[{{.*}}]> : tensor<3xf32>)
// CHECK-NEXT: %[[FIVE:.*]] = torch.constant.int 5
// CHECK-NEXT: %[[TRUE:.*]] = torch.constant.bool true
// CHECK-NEXT: %[[LOOP:.*]]:2 = torch.prim.Loop %[[FIVE]], %[[TRUE]], init(%[[I0]], %arg0) {
// CHECK-NEXT: ^bb0{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[A:.*]]: !torch.vtensor<[3],f32>):
// CHECK:        %[[I1:.*]] = torch.aten.add.Tensor %[[I]], %{{.*}}, %{{.*}} : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],si32>
// CHECK-NEXT:   %[[M:.*]] = torch.aten.mul.Tensor %[[A]], %[[W]]
// CHECK-NOT:    torch.aten.lt.Tensor
// CHECK:        torch.prim.Loop.condition %[[TRUE]], iter(%[[I1]], %[[M]] : !torch.vtensor<[],si32>, !torch.vtensor<[3],f32>)
// CHECK-NEXT: } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[3],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[3],f32>)
// StatelessWhile, a data-dependent condition: the while form.
// CHECK:      %[[GT0:.*]] = torch.aten.gt.Tensor
// CHECK-NEXT: %[[D0:.*]] = torch.aten.Bool.Tensor %[[GT0]]
// CHECK-NEXT: %[[MAX:.*]] = torch.constant.int 9223372036854775807
// CHECK-NEXT: %[[H:.*]] = torch.prim.Loop %[[MAX]], %[[D0]], init(%arg0) {
// CHECK-NEXT: ^bb0{{.*}}(%{{.*}}: !torch.int, %[[B:.*]]: !torch.vtensor<[3],f32>):
// CHECK:        %[[HM:.*]] = torch.aten.mul.Tensor %[[B]], %{{.*}}
// CHECK:        %[[GT:.*]] = torch.aten.gt.Tensor
// CHECK-NEXT:   %[[D:.*]] = torch.aten.Bool.Tensor %[[GT]]
// CHECK-NEXT:   torch.prim.Loop.condition %[[D]], iter(%[[HM]] : !torch.vtensor<[3],f32>)
// CHECK-NEXT: } : (!torch.int, !torch.bool, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
// CHECK-NEXT: return %[[LOOP]]#1, %[[H]] : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
// CHECK-NOT: tfg.
