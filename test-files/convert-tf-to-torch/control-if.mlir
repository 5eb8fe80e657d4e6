// If and StatelessIf: the branch functions are converted and inlined into the regions of a
// torch.prim.If on torch.aten.Bool.Tensor of the condition; several results; a branch that
// returns its argument yields the outer value. The library goes with the graph.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %ax, %ctl_1 = Const name("ax") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_2 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %s, %ctl_3 = Sum(%x, %ax) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %p, %ctl_4 = Greater(%s, %zero) name("pred") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  %outs:2, %ctl_5 = If(%p, %w, %x) name("cond") {Tcond = i1, Tin = [f32, f32], Tout = [f32, f32], else_branch = #tf_type.func<@neg_branch, {}>, output_shapes = [#tf_type.shape<3>, #tf_type.shape<3>], then_branch = #tf_type.func<@pos_branch, {}>} : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %r, %ctl_6 = StatelessIf(%p, %x) name("scond") {Tcond = i1, Tin = [f32], Tout = [f32], else_branch = #tf_type.func<@relu_branch, {}>, then_branch = #tf_type.func<@pass_branch, {}>} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
  %y, %ctl_7 = AddV2(%outs#0, %r) name("y") {T = f32} : (tensor<3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %z, %ctl_8 = Identity(%outs#1) name("z") {T = f32} : (tensor<3xf32>) -> (tensor<*xf32>)
}
tfg.func @pos_branch(%w: tensor<*xf32> {tfg.name = "w"}, %x: tensor<*xf32> {tfg.name = "x"})
     -> (tensor<*xf32> {tfg.name = "a"}, tensor<*xf32> {tfg.name = "b"}) {
  %m, %ctl = Mul(%x, %w) name("cond/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %one, %ctl_0 = Const name("cond/one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %a, %ctl_1 = AddV2(%x, %one) name("cond/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %i, %ctl_2 = Identity(%m) name("cond/Identity") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%i, %a) : tensor<*xf32>, tensor<*xf32>
}
tfg.func @neg_branch(%w: tensor<*xf32> {tfg.name = "w"}, %x: tensor<*xf32> {tfg.name = "x"})
     -> (tensor<*xf32> {tfg.name = "a"}, tensor<*xf32> {tfg.name = "b"}) {
  %d, %ctl = Sub(%x, %w) name("cond/sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%d, %x) : tensor<*xf32>, tensor<*xf32>
}
tfg.func @pass_branch(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "a"}) {
  return(%x) : tensor<*xf32>
}
tfg.func @relu_branch(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "a"}) {
  %r, %ctl = Relu(%x) name("scond/relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>)
// CHECK: %[[GT:.*]] = torch.aten.gt.Tensor
// CHECK-NEXT: %[[C:.*]] = torch.aten.Bool.Tensor %[[GT]] : !torch.vtensor<[],i1> -> !torch.bool
// CHECK-NEXT: %[[W:.*]] = torch.vtensor.literal(dense<[1.0, 2.0, 3.0]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
// CHECK-NEXT: %[[IF:.*]]:2 = torch.prim.If %[[C]] -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
// CHECK-NEXT:   %[[M:.*]] = torch.aten.mul.Tensor %arg0, %[[W]]
// CHECK-NEXT:   %[[ONE:.*]] = torch.vtensor.literal(dense<1.0> : tensor<f32>)
// CHECK-NEXT:   %[[I1:.*]] = torch.constant.int 1
// CHECK-NEXT:   %[[A:.*]] = torch.aten.add.Tensor %arg0, %[[ONE]], %[[I1]]
// CHECK-NEXT:   torch.prim.If.yield %[[M]], %[[A]] : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[I1:.*]] = torch.constant.int 1
// CHECK-NEXT:   %[[D:.*]] = torch.aten.sub.Tensor %arg0, %[[W]], %[[I1]]
// CHECK-NEXT:   torch.prim.If.yield %[[D]], %arg0 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[C2:.*]] = torch.aten.Bool.Tensor %[[GT]]
// CHECK-NEXT: %[[S:.*]] = torch.prim.If %[[C2]] -> (!torch.vtensor<[3],f32>) {
// CHECK-NEXT:   torch.prim.If.yield %arg0 : !torch.vtensor<[3],f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[R:.*]] = torch.aten.relu %arg0
// CHECK-NEXT:   torch.prim.If.yield %[[R]] : !torch.vtensor<[3],f32>
// CHECK-NEXT: }
// CHECK: %[[Y:.*]] = torch.aten.add.Tensor %[[IF]]#0, %[[S]]
// CHECK-NEXT: return %[[Y]], %[[IF]]#1
// CHECK-NOT: tfg.
