// TensorLists of static length and element shape are held as one tensor [N, ...element]
// (ops/tensorlist.rs), so a list carried by a While is an ordinary carried vtensor of
// torch.prim.Loop. The loop reads element i of the input list (TensorListFromTensor: the
// tensor itself) with a run-time index (index_select + reshape) and writes element i of a
// reserved list (TensorListReserve: zeros; SetItem with a run-time index: where(iota == i,
// item, list)); TensorListStack is the list's tensor. The input list is returned unchanged
// (through an Identity), so it is not carried.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x2x3>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_1 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %i0, %ctl_2 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %in, %ctl_3 = TensorListFromTensor(%x, %es) name("in") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %out, %ctl_4 = TensorListReserve(%es, %n) name("out") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %w:3, %ctl_5 = While(%i0, %in, %out) name("loop") {T = [i32, !tf_type.variant, !tf_type.variant], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>) -> (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>)
  %s, %ctl_6 = TensorListStack(%w#2, %es) name("stack") {element_dtype = f32, num_elements = 4 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %in: tensor<*x!tf_type.variant> {tfg.name = "in"}, %out: tensor<*x!tf_type.variant> {tfg.name = "out"})
     -> (tensor<*xi1> {tfg.name = "c"}) {
  %four, %ctl = Const name("loop/four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = Less(%i, %four) name("loop/less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %in: tensor<*x!tf_type.variant> {tfg.name = "in"}, %out: tensor<*x!tf_type.variant> {tfg.name = "out"})
     -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*x!tf_type.variant> {tfg.name = "in1"}, tensor<*x!tf_type.variant> {tfg.name = "out1"}) {
  %es, %ctl = Const name("loop/es") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %one, %ctl_0 = Const name("loop/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %item, %ctl_1 = TensorListGetItem(%in, %i, %es) name("loop/get") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %y, %ctl_2 = Tanh(%item) name("loop/tanh") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %out1, %ctl_3 = TensorListSetItem(%out, %i, %y) name("loop/set") {element_dtype = f32, resize_if_index_out_of_bounds = false} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %i1, %ctl_4 = AddV2(%i, %one) name("loop/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %in1, %ctl_5 = Identity(%in) name("loop/in") {T = !tf_type.variant} : (tensor<*x!tf_type.variant>) -> (tensor<*x!tf_type.variant>)
  return(%i1, %in1, %out1) : tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[4,2,3],f32>) -> !torch.vtensor<[4,2,3],f32>
// TensorListReserve([2, 3], 4): zeros [4,2,3] of element_dtype f32 (ScalarType 6).
// CHECK:      %[[SHAPE:.*]] = torch.prim.ListConstruct %int4, %int2, %int3 :
// CHECK-NEXT: %[[ZERO:.*]] = torch.constant.float 0.0e0
// CHECK-NEXT: %[[F32:.*]] = torch.constant.int 6
// CHECK-NEXT: %[[NONE:.*]] = torch.constant.none
// CHECK-NEXT: %[[OUT:.*]] = torch.aten.full %[[SHAPE]], %[[ZERO]], %[[F32]], %[[NONE]], %[[NONE]], %[[NONE]] : {{.*}} -> !torch.vtensor<[4,2,3],f32>
// CHECK:      %[[I0:.*]] = torch.vtensor.literal(dense<0> : tensor<si32>)
// Carried: the counter and the output list; the input list (%arg0 itself) is not.
// CHECK:      %[[LOOP:.*]]:2 = torch.prim.Loop %{{.*}}, %{{.*}}, init(%[[I0]], %[[OUT]]) {
// CHECK-NEXT: ^bb{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[L:.*]]: !torch.vtensor<[4,2,3],f32>):
// CHECK:        %[[I1:.*]] = torch.aten.add.Tensor %[[I]]
// TensorListGetItem(in, i): index_select by i as a [1] si64 tensor, reshaped to the element.
// CHECK:        %[[R:.*]] = torch.aten.reshape %[[I]], %{{.*}} : !torch.vtensor<[],si32>, !torch.list<int> -> !torch.vtensor<[1],si32>
// CHECK-NEXT:   %{{.*}} = torch.constant.bool false
// CHECK-NEXT:   %[[I64:.*]] = torch.aten.to.dtype %[[R]], %int4, {{.*}} -> !torch.vtensor<[1],si64>
// CHECK-NEXT:   %[[D0:.*]] = torch.constant.int 0
// CHECK-NEXT:   %[[SEL:.*]] = torch.aten.index_select %arg0, %[[D0]], %[[I64]] : !torch.vtensor<[4,2,3],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[1,2,3],f32>
// CHECK:        %[[ITEM:.*]] = torch.aten.reshape %[[SEL]], %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:   %[[Y:.*]] = torch.aten.tanh %[[ITEM]]
// TensorListSetItem(out, i, y): where(iota == i, y, out), the mask [4,1,1], the item [1,2,3].
// CHECK-NEXT:   %[[IOTA:.*]] = torch.vtensor.literal(dense<[0, 1, 2, 3]> : tensor<4xsi32>) : !torch.vtensor<[4],si32>
// CHECK-NEXT:   %[[EQ:.*]] = torch.aten.eq.Tensor %[[IOTA]], %[[I]] : !torch.vtensor<[4],si32>, !torch.vtensor<[],si32> -> !torch.vtensor<[4],i1>
// CHECK:        %[[MASK:.*]] = torch.aten.reshape %[[EQ]], %{{.*}} -> !torch.vtensor<[4,1,1],i1>
// CHECK:        %[[Y1:.*]] = torch.aten.reshape %[[Y]], %{{.*}} -> !torch.vtensor<[1,2,3],f32>
// CHECK-NEXT:   %[[SET:.*]] = torch.aten.where.self %[[MASK]], %[[Y1]], %[[L]] : !torch.vtensor<[4,1,1],i1>, !torch.vtensor<[1,2,3],f32>, !torch.vtensor<[4,2,3],f32> -> !torch.vtensor<[4,2,3],f32>
// CHECK:        torch.prim.Loop.condition %{{.*}}, iter(%[[I1]], %[[SET]] : !torch.vtensor<[],si32>, !torch.vtensor<[4,2,3],f32>)
// CHECK-NEXT: } : {{.*}} -> (!torch.vtensor<[],si32>, !torch.vtensor<[4,2,3],f32>)
// TensorListStack: the list's tensor.
// CHECK-NEXT: return %[[LOOP]]#1 : !torch.vtensor<[4,2,3],f32>
// CHECK-NOT: tfg.
