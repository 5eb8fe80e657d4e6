// TensorLists (held as one tensor [N, ...element] by convert-tf-to-torch) in Python: the
// reserved list is torch.full, a run-time GetItem index_select + reshape, a run-time
// SetItem torch.where on iota == index, known indices torch.select and select_scatter; the
// list carried by the While is one of the loop's carried tensors.
// RUN: rm -rf %t && %amanda_opt %s --convert-tf-to-torch --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x2x3>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_1 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %i0, %ctl_2 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %in, %ctl_3 = TensorListFromTensor(%x, %es) name("in") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %out, %ctl_4 = TensorListReserve(%es, %n) name("out") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %w:3, %ctl_5 = While(%i0, %in, %out) name("loop") {T = [i32, !tf_type.variant, !tf_type.variant], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>) -> (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*x!tf_type.variant>)
  %k, %ctl_7 = Const name("k") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %g, %ctl_8 = TensorListGetItem(%w#2, %k, %es) name("last") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %u, %ctl_9 = TensorListSetItem(%w#2, %k, %g) name("put") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_6 = TensorListStack(%u, %es) name("stack") {element_dtype = f32, num_elements = 4 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
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

// CHECK:      def forward(self, x):
// CHECK-NEXT:     out = torch.full([4, 2, 3], 0.0, dtype=torch.float32)
// CHECK:          carried, carried_1 = torch.tensor(0, dtype=torch.int32), out
// CHECK:          for i in range(4):
// CHECK:              loop_add = carried + (torch.tensor(1, dtype=torch.int32))
// CHECK:              loop_get = torch.reshape(carried, [1])
// CHECK:              loop_get_1 = torch.ops.aten.to.dtype(loop_get, torch.int64, False, False, None)
// CHECK:              loop_get_2 = torch.index_select(x, 0, loop_get_1)
// CHECK:              loop_get_3 = torch.reshape(loop_get_2, [2, 3])
// CHECK:              loop_tanh = torch.tanh(loop_get_3)
// CHECK:              loop_eq = torch.ops.aten.eq.Tensor(self.loop_set, carried)
// CHECK:              loop_reshape = torch.reshape(loop_eq, [4, 1, 1])
// CHECK:              loop_reshape_1 = torch.reshape(loop_tanh, [1, 2, 3])
// CHECK:              loop = torch.where(loop_reshape, loop_reshape_1, carried_1)
// CHECK:              carried, carried_1 = loop_add, loop
// CHECK-NEXT:     last = torch.select(carried_1, 0, 1)
// CHECK-NEXT:     put = torch.ops.aten.select_scatter.default(carried_1, last, 0, 1)
// CHECK-NEXT:     return put
