// A splat computed from the input's shape (Keras's zero initial state of an LSTM: Fill of
// Pack(batch, units), known once the batch is static) is made in forward with torch.full,
// not stored as a trainable parameter; a splat weight (a zero bias read through Identity,
// as frozen variables are; a layer norm's gamma of ones through Reshape) stays a parameter.
// RUN: rm -rf %t && %amanda_opt %s --convert-tf-to-torch --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %bias_c, %ctl_0 = Const name("dense/bias") {dtype = f32, value = dense<0.000000e+00> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %bias, %ctl_1 = Identity(%bias_c) name("dense/bias/read") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %s, %ctl_2 = Shape(%x) name("lstm/Shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %b, %ctl_3 = Const name("lstm/begin") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ctl_4 = Const name("lstm/end") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n, %ctl_5 = StridedSlice(%s, %b, %e, %e) name("lstm/strided_slice") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<i32>)
  %units, %ctl_6 = Const name("lstm/units") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %dims, %ctl_7 = Pack(%n, %units) name("lstm/zeros/packed") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
  %zero, %ctl_8 = Const name("lstm/zeros/Const") {dtype = f32, value = dense<0.000000e+00> : tensor<f32>} : () -> (tensor<f32>)
  %zeros, %ctl_9 = Fill(%dims, %zero) name("lstm/zeros") {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> (tensor<?x?xf32>)
  %h, %ctl_10 = AddV2(%x, %zeros) name("lstm/h") {T = f32} : (tensor<2x3xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>)
  %y, %ctl_11 = AddV2(%h, %bias) name("dense/BiasAdd") {T = f32} : (tensor<?x?xf32>, tensor<3xf32>) -> (tensor<?x?xf32>)
  %gamma, %ctl_12 = Const name("norm/gamma") {dtype = f32, value = dense<1.000000e+00> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %shape, %ctl_13 = Const name("norm/shape") {dtype = i32, value = dense<[1, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %g, %ctl_14 = Reshape(%gamma, %shape) name("norm/Reshape") {T = f32, Tshape = i32} : (tensor<3xf32>, tensor<2xi32>) -> (tensor<1x3xf32>)
  %z, %ctl_15 = Mul(%y, %g) name("norm/mul") {T = f32} : (tensor<?x?xf32>, tensor<1x3xf32>) -> (tensor<?x?xf32>)
}

// CHECK:      self.dense_bias_read = torch.nn.Parameter(torch.empty((3,), dtype=torch.float32), requires_grad=True)
// CHECK-NEXT: self.norm_Reshape = torch.nn.Parameter(torch.empty((1, 3), dtype=torch.float32), requires_grad=True)
// CHECK-NOT:  self.lstm_zeros
// CHECK:      def forward(self, x):
// CHECK-NEXT:     # lstm/zeros
// CHECK-NEXT:     lstm_zeros = torch.full([2, 3], 0.0, dtype=torch.float32)
// CHECK-NEXT:     # lstm/h
// CHECK-NEXT:     lstm = x + lstm_zeros
// CHECK-NEXT:     # dense/BiasAdd
// CHECK-NEXT:     dense = lstm + self.dense_bias_read
// CHECK-NEXT:     # norm/mul
// CHECK-NEXT:     norm = dense * self.norm_Reshape
