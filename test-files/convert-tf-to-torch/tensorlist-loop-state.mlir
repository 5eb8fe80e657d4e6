// A Keras recurrent layer saved with batch None: the list of outputs is reserved with element
// shape [-1, 2050] and the loop body's state arguments are [?, 2050] as written. With the batch
// pinned (input-shapes=x:2x3), the state enters the loop as zeros [2, 2050] (Fill of the input's
// batch, known before the Fill is converted: the While passes it after the list), and the
// body seen with its arguments as the loop enters them writes items [2, 2050]: the list is
// [1, 2, 2050]. The freezer's read of a weight that only the lowered loop used
// (an Identity of a Const nothing reads) is not an output.
// RUN: %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=x:2x3}' | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=x:2x3}' | %torch_mlir_opt > /dev/null %}
// Without the pin, the batch stays unknown; the loop's list needs it, and the error says how to pin it:
// RUN: not %amanda_opt %s --convert-tf-to-torch 2>&1 | FileCheck %s --check-prefix=DYN

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %shape, %ctl_0 = Shape(%x) name("lstm/Shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b0, %ctl_1 = Const name("lstm/begin") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %b1, %ctl_2 = Const name("lstm/end") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %batch, %ctl_3 = StridedSlice(%shape, %b0, %b1, %b1) name("lstm/strided_slice") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %units, %ctl_4 = Const name("lstm/units") {dtype = i32, value = dense<2050> : tensor<i32>} : () -> (tensor<*xi32>)
  %dims, %ctl_5 = Pack(%batch, %units) name("lstm/zeros/packed") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %zero, %ctl_6 = Const name("lstm/zeros/Const") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %h0, %ctl_7 = Fill(%dims, %zero) name("lstm/zeros") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  %es, %ctl_8 = Const name("lstm/TensorArrayV2/element_shape") {dtype = i32, value = dense<[-1, 2050]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %one, %ctl_9 = Const name("lstm/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %list, %ctl_10 = TensorListReserve(%es, %one) name("lstm/TensorArrayV2") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %i0, %ctl_11 = Const name("lstm/time") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %w:3, %ctl_12 = While(%i0, %list, %h0) name("lstm/while") {T = [i32, !tf_type.variant, f32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [#tf_type.shape<>, #tf_type.shape<>, #tf_type.shape<?x2050>], parallel_iterations = 32 : i64} : (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*xf32>)
  %stack, %ctl_13 = TensorListStack(%w#1, %es) name("lstm/TensorArrayV2Stack/TensorListStack") {element_dtype = f32, num_elements = 1 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
  %kernel, %ctl_14 = Const name("lstm/kernel") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<*xf32>)
  %read, %ctl_15 = Identity(%kernel) name("lstm/kernel/ReadVariableOp") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<i32> {tfg.name = "i"}, %l: tensor<!tf_type.variant> {tfg.name = "l"}, %h: tensor<?x2050xf32> {tfg.name = "h"})
     -> (tensor<*xi1> {tfg.name = "c"}) {
  %n, %ctl = Const name("lstm/while/n") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %lt, %ctl_0 = Less(%i, %n) name("lstm/while/Less") {T = i32} : (tensor<i32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%lt) : tensor<*xi1>
}
tfg.func @body(%i: tensor<i32> {tfg.name = "i"}, %l: tensor<!tf_type.variant> {tfg.name = "l"}, %h: tensor<?x2050xf32> {tfg.name = "h"})
     -> (tensor<*xi32> {tfg.name = "i1"}, tensor<*x!tf_type.variant> {tfg.name = "l1"}, tensor<*xf32> {tfg.name = "h1"}) {
  %one, %ctl = Const name("lstm/while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %zero, %ctl_0 = Const name("lstm/while/index") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %h1, %ctl_1 = Tanh(%h) name("lstm/while/Tanh") {T = f32} : (tensor<?x2050xf32>) -> (tensor<*xf32>)
  %l1, %ctl_2 = TensorListSetItem(%l, %zero, %h1) name("lstm/while/TensorArrayV2Write/TensorListSetItem") {element_dtype = f32, resize_if_index_out_of_bounds = false} : (tensor<!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %i1, %ctl_3 = AddV2(%i, %one) name("lstm/while/add") {T = i32} : (tensor<i32>, tensor<*xi32>) -> (tensor<*xi32>)
  return(%i1, %l1, %h1) : tensor<*xi32>, tensor<*x!tf_type.variant>, tensor<*xf32>
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[1,2,2050],f32>
// CHECK:      %[[LIST:.*]] = torch.aten.full %{{.*}} -> !torch.vtensor<[1,2,2050],f32>
// CHECK:      %[[LOOP:.*]]:{{[0-9]+}} = torch.prim.Loop {{.*}} init({{.*}}%[[LIST]]
// CHECK:        torch.aten.tanh {{.*}} -> !torch.vtensor<[2,2050],f32>
// CHECK:        torch.aten.reshape {{.*}} -> !torch.vtensor<[1,2,2050],f32>
// CHECK:      return %[[LOOP]]#{{[0-9]+}} : !torch.vtensor<[1,2,2050],f32>

// DYN: error: convert-tf-to-torch: {{.*}}input-shapes=x:1x3
