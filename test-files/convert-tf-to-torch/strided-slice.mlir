// StridedSlice with every mask, as x[1:3, ::-2, tf.newaxis, ..., 0] on a [4,5,6,7] input:
// dim 0 from 1 to 3; dim 1 reversed with stride 2 (begin/end masked: flip, then slice
// 0..5 by 2, which picks 4, 2, 0); a new axis; the ellipsis covers dim 2; dim 3 shrinks to
// index 0. Slices of whole dims are left out; one reshape makes the new and shrunk axes.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x5x6x7>} : () -> (tensor<*xf32>)
  %b, %ctl_0 = Const name("b") {dtype = i32, value = dense<[1, 0, 0, 0, 0]> : tensor<5xi32>} : () -> (tensor<*xi32>)
  %e, %ctl_1 = Const name("e") {dtype = i32, value = dense<[3, 0, 0, 0, 1]> : tensor<5xi32>} : () -> (tensor<*xi32>)
  %s, %ctl_2 = Const name("s") {dtype = i32, value = dense<[1, -2, 1, 1, 1]> : tensor<5xi32>} : () -> (tensor<*xi32>)
  %y, %ctl_3 = StridedSlice(%x, %b, %e, %s) name("ss") {Index = i32, T = f32, begin_mask = 2 : i64, ellipsis_mask = 8 : i64, end_mask = 2 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 16 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %neg, %ctl_4 = Const name("neg") {dtype = i32, value = dense<[-1]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_5 = Const name("zero") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %one, %ctl_6 = Const name("one") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %last, %ctl_7 = StridedSlice(%x, %neg, %zero, %one) name("last") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[4,5,6,7],f32>):
// The begin, end and strides constants are read, never emitted.
// CHECK-NOT: torch.vtensor.literal
// CHECK: %[[S0:.*]] = "torch.aten.slice.Tensor"(%[[X]], %[[I0:.*]], %[[I1:.*]], %[[I3:.*]], %[[I1]]) : (!torch.vtensor<[4,5,6,7],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,5,6,7],f32>
// CHECK: %[[F:.*]] = "torch.aten.flip"(%[[S0]], %{{.*}}) : (!torch.vtensor<[2,5,6,7],f32>, !torch.list<int>) -> !torch.vtensor<[2,5,6,7],f32>
// CHECK: %[[S1:.*]] = "torch.aten.slice.Tensor"(%[[F]], %[[I1]], %[[I0]], %{{.*}}, %[[I2:.*]]) : {{.*}} -> !torch.vtensor<[2,3,6,7],f32>
// CHECK: %[[S3:.*]] = "torch.aten.slice.Tensor"(%[[S1]], %[[I3]], %[[I0]], %[[I1]], %[[I1]]) : {{.*}} -> !torch.vtensor<[2,3,6,1],f32>
// CHECK: %[[Y:.*]] = "torch.aten.reshape"(%[[S3]], %{{.*}}) : (!torch.vtensor<[2,3,6,1],f32>, !torch.list<int>) -> !torch.vtensor<[2,3,1,6],f32>
// x[-1]: index 3 of dim 0, shrunk.
// CHECK: %[[L:.*]] = "torch.aten.slice.Tensor"(%[[X]], %[[I0]], %[[I3]], %{{.*}}, %[[I1]]) : {{.*}} -> !torch.vtensor<[1,5,6,7],f32>
// CHECK: %[[LAST:.*]] = "torch.aten.reshape"(%[[L]], %{{.*}}) : {{.*}} -> !torch.vtensor<[5,6,7],f32>
// CHECK: "func.return"(%[[Y]], %[[LAST]]) : (!torch.vtensor<[2,3,1,6],f32>, !torch.vtensor<[5,6,7],f32>) -> ()
