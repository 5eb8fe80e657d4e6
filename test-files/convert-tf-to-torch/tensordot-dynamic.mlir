// Keras's Dense on a rank-3 input (every transformer's projections and feed-forward) is
// Tensordot: the free dims are gathered from the input's runtime shape (Shape -> GatherV2 ->
// Prod -> Pack), the input reshaped to a matrix, multiplied, and reshaped back to the
// gathered dims plus the units (ConcatV2). With the batch pinned by input-shapes, shape
// inference evaluates the GatherV2s and the whole chain becomes static; torch-raise-dense
// then makes the reshape, mm, reshape one matmul.
// RUN: %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=x:2x4x3}' | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=x:2x4x3}' | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x4x3>} : () -> (tensor<*xf32>)
  %w, %ctl_0 = Const name("dense/kernel") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<*xf32>)
  %free, %ctl_1 = Const name("dense/Tensordot/free") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %axes, %ctl_2 = Const name("dense/Tensordot/axes") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_3 = Const name("dense/Tensordot/GatherV2/axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %rdims, %ctl_4 = Const name("dense/Tensordot/Const") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %units, %ctl_5 = Const name("dense/Tensordot/Const_2") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %shape, %ctl_6 = Shape(%x) name("dense/Tensordot/Shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %g0, %ctl_7 = GatherV2(%shape, %free, %zero) name("dense/Tensordot/GatherV2") {Taxis = i32, Tindices = i32, Tparams = i32, batch_dims = 0 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %p0, %ctl_8 = Prod(%g0, %rdims) name("dense/Tensordot/Prod") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %g1, %ctl_9 = GatherV2(%shape, %axes, %zero) name("dense/Tensordot/GatherV2_1") {Taxis = i32, Tindices = i32, Tparams = i32, batch_dims = 0 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %p1, %ctl_10 = Prod(%g1, %rdims) name("dense/Tensordot/Prod_1") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %stack, %ctl_11 = Pack(%p0, %p1) name("dense/Tensordot/stack") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %flat, %ctl_12 = Reshape(%x, %stack) name("dense/Tensordot/Reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %mm, %ctl_13 = MatMul(%flat, %w) name("dense/Tensordot/MatMul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %outdims, %ctl_14 = ConcatV2(%g0, %units, %zero) name("dense/Tensordot/concat_1") {N = 2 : i64, T = i32, Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %y, %ctl_15 = Reshape(%mm, %outdims) name("dense/Tensordot") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// CHECK: func.func @main(%arg0: !torch.vtensor<[2,4,3],f32>) -> !torch.vtensor<[2,4,2],f32>
// CHECK: torch.aten.matmul %arg0, %{{.*}} : !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[3,2],f32> -> !torch.vtensor<[2,4,2],f32>
// CHECK-NOT: torch.aten.reshape
// CHECK-NOT: torch.aten.mm
// CHECK-NOT: GatherV2
