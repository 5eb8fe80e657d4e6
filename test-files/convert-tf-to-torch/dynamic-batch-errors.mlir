// In a function for any batch (a feed's dim 0 unknown and not pinned), what is not supported
// yet is an error at the node that names the value and gives the input-shapes= that pins the
// batch; exit 1, nothing written.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out
// The shape of a value with an unknown batch used as a tensor is not supported yet: the
// error names the Shape node and gives the pin.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x4>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %c, %ctl_1 = Cast(%s) name("sizes") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: Shape 'shape': input 0 is [?,4]: the shape of a value with an unknown batch is used as a tensor, which is not supported yet; pin the batch with the option input-shapes=x:1x4

// -----

// An op whose lowering needs its sizes (Fill of the batch: Keras's zero state of a recurrent
// layer) names the node and the pin.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b0, %ctl_1 = Const name("begin") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %b1, %ctl_2 = Const name("end") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_3 = StridedSlice(%s, %b0, %b1, %b1) name("batch") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %k, %ctl_4 = Const name("units") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<*xi32>)
  %dims, %ctl_5 = Pack(%n, %k) name("dims") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %z, %ctl_6 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %f, %ctl_7 = Fill(%dims, %z) name("zeros") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: Fill 'zeros': result 0 is [?,?]: this op is converted for static shapes only; pin the batch with the option input-shapes=x:1x3

// -----

// An ExpandDims at dim 0 would move the batch to dim 1.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %zero, %ctl_0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %one, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero1, %ctl_2 = Const name("zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_3 = ExpandDims(%x, %zero) name("expand") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: ExpandDims 'expand': result 0 has no static shape ([1,?,3]):{{.*}}only the batch dim (dim 0) may be unknown: pin the batch with the option input-shapes=x:1x3

// -----

// A Squeeze without squeeze_dims would squeeze the batch at batch 1, as TensorFlow does.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %zero, %ctl_0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %one, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero1, %ctl_2 = Const name("zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_3 = Squeeze(%x) name("squeeze") {T = f32, squeeze_dims = []} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: Squeeze 'squeeze': a Squeeze without squeeze_dims of a value with an unknown batch is converted for a pinned batch only (the function takes any batch; pinning it with the option input-shapes=x:1x3 may help)

// -----

// A StridedSlice may take the batch only whole: x[1:] is an error.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %zero, %ctl_0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %one, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero1, %ctl_2 = Const name("zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_3 = StridedSlice(%x, %one, %zero1, %one) name("tail") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: StridedSlice 'tail': dim 0 is the unknown batch: a slice of it other than the whole dim is converted for a pinned batch only (the function takes any batch; pinning it with the option input-shapes=x:1x3 may help)

// -----

// Splitting the batch needs its size.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %zero, %ctl_0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %one, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero1, %ctl_2 = Const name("zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r:2, %ctl_3 = Split(%zero, %x) name("halves") {T = f32, num_split = 2 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: Split 'halves': dim 0 is the unknown batch: splitting it is converted for a pinned batch only (the function takes any batch; pinning it with the option input-shapes=x:1x3 may help)

// -----

// A lowering's result whose unknown batch is not dim 0 (x[tf.newaxis] is [1,?,3]) is an
// error after the lowering (check_batch_results).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<*xf32>)
  %zero1, %ctl_0 = Const name("zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %one, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_2 = StridedSlice(%x, %zero1, %zero1, %one) name("new_axis") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: dynamic-batch-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: StridedSlice 'new_axis': result 0 is [1,?,3]: only the batch dim (dim 0) may be unknown; pin the batch with the option input-shapes=x:1x3
