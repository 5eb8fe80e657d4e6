// TensorListReserve without a static element shape (tf.TensorArray(size=n) writes -1): the
// shape comes from what is done with the list later, followed through SetItem and While
// (its results and its body's arguments): here the element shape operand of the Stack after
// the loop, and the static type of the item a SetItem writes (filling the unknown dim of
// [-1]). Without any, the error is in tensorlist-errors.mlir.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x2x3>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_1 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %i0, %ctl_2 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %in, %ctl_3 = TensorListFromTensor(%x, %es) name("in") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %unk, %ctl_7 = Const name("unk") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %out, %ctl_4 = TensorListReserve(%unk, %n) name("out") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %w:3, %ctl_5 = While(%i0, %in, %out) name("loop") {T = [i32, !tf_type.variant, !tf_type.variant], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>) -> (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>)
  %v, %ctl_8 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<5>} : () -> (tensor<*xf32>)
  %es2, %ctl_9 = Const name("es2") {dtype = i32, value = dense<[-1]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %two, %ctl_10 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<*xi32>)
  %r2, %ctl_11 = TensorListReserve(%es2, %two) name("r2") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %set, %ctl_12 = TensorListSetItem(%r2, %i0, %v) name("set") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %s2, %ctl_13 = TensorListStack(%set, %unk) name("stack2") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
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

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[4,2,3],f32>, %arg1: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[2,5],f32>, !torch.vtensor<[4,2,3],f32>)
// CHECK:      %[[R2:.*]] = torch.aten.full %{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:      %[[SET:.*]] = torch.aten.select_scatter %[[R2]], %arg1, {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:      %[[OUT:.*]] = torch.aten.full %{{.*}} -> !torch.vtensor<[4,2,3],f32>
// CHECK:      %[[LOOP:.*]]:2 = torch.prim.Loop {{.*}} init(%{{.*}}, %[[OUT]]) {
// CHECK:      return %[[SET]], %[[LOOP]]#1 : !torch.vtensor<[2,5],f32>, !torch.vtensor<[4,2,3],f32>
