// Case and StatelessCase: a chain of torch.prim.If on `index == k` (aten.eq.Scalar, then
// aten.Bool.Tensor); the last branch takes every other index (TensorFlow's default branch,
// run for an index out of range). PartitionedCall and StatefulPartitionedCall: the function
// inlined in place.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace > /dev/null
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<*xf32>)
  %k, %ctl_0 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  %c:1, %ctl_1 = Case(%k, %x) name("case") {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@double, {}>, #tf_type.func<@relu, {}>, #tf_type.func<@neg, {}>], output_shapes = [#tf_type.shape<2x2>]} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<2x2xf32>)
  %s:1, %ctl_2 = StatelessCase(%k, %x) name("scase") {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@neg, {}>]} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  %p:1, %ctl_3 = PartitionedCall(%c#0) name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<2x2xf32>) -> (tensor<*xf32>)
  %q:1, %ctl_4 = StatefulPartitionedCall(%p#0, %s#0) name("scall") {Tin = [f32, f32], Tout = [f32], f = #tf_type.func<@add_then_neg, {}>} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @double(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = AddV2(%a, %a) name("double/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @relu(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = Relu(%a) name("relu/relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @neg(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %r, %ctl = Neg(%a) name("neg/neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
tfg.func @add_then_neg(%a: tensor<*xf32> {tfg.name = "a"}, %b: tensor<*xf32> {tfg.name = "b"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %s, %ctl = AddV2(%a, %b) name("atn/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %r:1, %ctl_0 = PartitionedCall(%s) name("atn/call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@neg, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%r#0) : tensor<*xf32>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,2],f32>, %arg1: !torch.vtensor<[],si32>) -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT: %[[K0:.*]] = torch.constant.int 0
// CHECK-NEXT: %[[E0:.*]] = torch.aten.eq.Scalar %arg1, %[[K0]] : !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],i1>
// CHECK-NEXT: %[[B0:.*]] = torch.aten.Bool.Tensor %[[E0]] : !torch.vtensor<[],i1> -> !torch.bool
// CHECK-NEXT: %[[CASE:.*]] = torch.prim.If %[[B0]] -> (!torch.vtensor<[2,2],f32>) {
// CHECK-NEXT:   %[[ONE:.*]] = torch.constant.int 1
// CHECK-NEXT:   %[[D:.*]] = torch.aten.add.Tensor %arg0, %arg0, %[[ONE]]
// CHECK-NEXT:   torch.prim.If.yield %[[D]] : !torch.vtensor<[2,2],f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[K1:.*]] = torch.constant.int 1
// CHECK-NEXT:   %[[E1:.*]] = torch.aten.eq.Scalar %arg1, %[[K1]]
// CHECK-NEXT:   %[[B1:.*]] = torch.aten.Bool.Tensor %[[E1]]
// CHECK-NEXT:   %[[IN:.*]] = torch.prim.If %[[B1]] -> (!torch.vtensor<[2,2],f32>) {
// CHECK-NEXT:     %[[R:.*]] = torch.aten.relu %arg0
// CHECK-NEXT:     torch.prim.If.yield %[[R]] : !torch.vtensor<[2,2],f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[N:.*]] = torch.aten.neg %arg0
// CHECK-NEXT:     torch.prim.If.yield %[[N]] : !torch.vtensor<[2,2],f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   torch.prim.If.yield %[[IN]] : !torch.vtensor<[2,2],f32>
// CHECK-NEXT: }
// The calls are inlined (one within the other); a Case of one branch is that branch.
// CHECK-NEXT: %[[ONE:.*]] = torch.constant.int 1
// CHECK-NEXT: %[[P:.*]] = torch.aten.add.Tensor %[[CASE]], %[[CASE]], %[[ONE]]
// CHECK-NEXT: %[[S:.*]] = torch.aten.neg %arg0
// CHECK-NEXT: %[[Q:.*]] = torch.aten.add.Tensor %[[P]], %[[S]], %[[ONE]]
// CHECK-NEXT: %[[QN:.*]] = torch.aten.neg %[[Q]]
// CHECK-NEXT: return %[[QN]] : !torch.vtensor<[2,2],f32>
// CHECK-NOT: tfg.
