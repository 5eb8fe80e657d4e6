// A feed whose batch (dim 0) is unknown, as Keras saves every model, and which input-shapes
// does not pin: the function takes any batch. The batch flows through the convolution (held
// as NCHW), the bias, batch norm, padding, the pool, Keras's Flatten (its shape, Pack(StridedSlice(Shape(x), 0),
// 12), is never a tensor: the reshape writes -1 for the batch), the dense layer, the
// concatenation and softmax.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The PyTorch program takes any batch too.
// RUN: rm -rf %t && %amanda_opt %s --convert-tf-to-torch --emit=pytorch -o %t
// RUN: FileCheck %s --check-prefix=PY < %t/model.py

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("image") {dtype = f32, shape = #tf_type.shape<?x4x4x2>} : () -> (tensor<*xf32>)
  %f, %ctl_0 = Const name("filter") {dtype = f32, value = dense<0.25> : tensor<3x3x2x3xf32>} : () -> (tensor<*xf32>)
  %c, %ctl_1 = Conv2D(%x, %f) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true, explicit_paddings = []} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b, %ctl_2 = Const name("bias") {dtype = f32, value = dense<[0.5, -0.5, 1.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %cb, %ctl_3 = BiasAdd(%c, %b) name("conv_bias") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %g, %ctl_18 = Const name("gamma") {dtype = f32, value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %bn:6, %ctl_19 = FusedBatchNormV3(%cb, %g, %b, %b, %g) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.0e-03 : f32, is_training = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %r, %ctl_4 = Relu(%bn#0) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %pads, %ctl_20 = Const name("paddings") {dtype = i32, value = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi32>} : () -> (tensor<*xi32>)
  %rp, %ctl_21 = Pad(%r, %pads) name("pad") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %p, %ctl_5 = MaxPool(%rp) name("pool") {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %s, %ctl_6 = Shape(%p) name("flatten/Shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b0, %ctl_7 = Const name("flatten/begin") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %b1, %ctl_8 = Const name("flatten/end") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_9 = StridedSlice(%s, %b0, %b1, %b1) name("flatten/strided_slice") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %k, %ctl_10 = Const name("flatten/12") {dtype = i32, value = dense<12> : tensor<i32>} : () -> (tensor<*xi32>)
  %dims, %ctl_11 = Pack(%n, %k) name("flatten/shape") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %flat, %ctl_12 = Reshape(%p, %dims) name("flatten") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %w, %ctl_13 = Const name("w") {dtype = f32, value = dense<0.125> : tensor<12x5xf32>} : () -> (tensor<*xf32>)
  %y, %ctl_14 = MatMul(%flat, %w) name("dense") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ax, %ctl_15 = Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %cat, %ctl_16 = ConcatV2(%y, %flat, %ax) name("concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %sm, %ctl_17 = Softmax(%cat) name("softmax") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %out:1, %ctl_22 = StatefulPartitionedCall(%sm) name("head") {Tin = [f32], Tout = [f32], f = #tf_type.func<@scale, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// A call's body (a Keras layer's function) is converted node by node with the batch unknown.
tfg.func @scale(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %two, %ctl = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %r, %ctl_0 = Mul(%a, %two) name("r") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%r) : tensor<*xf32>
}
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[?,4,4,2],f32>) -> !torch.vtensor<[?,17],f32>
// CHECK:       torch.aten.convolution {{.*}} -> !torch.vtensor<[?,3,4,4],f32>
// CHECK:       torch.aten.batch_norm {{.*}} -> !torch.vtensor<[?,3,4,4],f32>
// CHECK:       torch.aten.relu {{.*}} -> !torch.vtensor<[?,3,4,4],f32>
// CHECK:       torch.aten.constant_pad_nd {{.*}} -> !torch.vtensor<[?,3,6,6],f32>
// CHECK:       torch.aten.max_pool2d {{.*}} -> !torch.vtensor<[?,3,2,2],f32>
// CHECK:       torch.aten.permute {{.*}} -> !torch.vtensor<[?,2,2,3],f32>
// CHECK:       %[[M1:.*]] = torch.constant.int -1
// CHECK:       %[[SIZES:.*]] = torch.prim.ListConstruct %[[M1]], %int12
// CHECK:       torch.aten.reshape %{{.*}}, %[[SIZES]] : !torch.vtensor<[?,2,2,3],f32>, !torch.list<int> -> !torch.vtensor<[?,12],f32>
// CHECK:       torch.aten.mm {{.*}} -> !torch.vtensor<[?,5],f32>
// CHECK:       torch.aten.cat {{.*}} -> !torch.vtensor<[?,17],f32>
// CHECK:       torch.aten._softmax {{.*}} -> !torch.vtensor<[?,17],f32>
// CHECK:       torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[?,17],f32>
// CHECK-NOT:   torch.aten.size
// CHECK:       return {{.*}} : !torch.vtensor<[?,17],f32>

// PY: def forward(self, image):
// PY: torch.reshape({{.*}}, [-1, 12])

// Errors: dynamic-batch-errors.mlir.
