// Shape operands computed in the graph (Keras's Flatten: Pack of a StridedSlice of a Shape,
// and -1) are evaluated during conversion with the constant folder's evaluator; the shape
// ops themselves are never emitted. A Reshape whose shape inference could not see the
// operand reads it here too.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b, %ctl_1 = Const name("b") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %e, %ctl_2 = Const name("e") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_3 = StridedSlice(%s, %b, %e, %e) name("batch") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %m1, %ctl_4 = Const name("m1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %p, %ctl_5 = Pack(%n, %m1) name("flat_shape") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %r, %ctl_6 = Reshape(%x, %p) name("flatten") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %two, %ctl_7 = Const name("two") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %mul, %ctl_8 = ConcatV2(%e, %two, %b) name("multiples") {N = 2 : i64, T = i32, Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %t, %ctl_9 = Tile(%r, %mul) name("tile") {T = f32, Tmultiples = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[2,3,4],f32>):
// CHECK-NOT: torch.vtensor.literal
// CHECK: %[[R:.*]] = "torch.aten.reshape"(%[[X]], %{{.*}}) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>) -> !torch.vtensor<[2,12],f32>
// CHECK: %[[T:.*]] = "torch.aten.repeat"(%[[R]], %{{.*}}) : (!torch.vtensor<[2,12],f32>, !torch.list<int>) -> !torch.vtensor<[2,24],f32>
// CHECK-NEXT: "func.return"(%[[T]])
