// Shape ops with constant shape operands: Reshape (-1 resolved), Transpose (aten.permute),
// ConcatV2 (aten.cat of a vtensor list; negative axis), Pack (aten.stack), Squeeze
// (aten.squeeze.dim, highest dim first), ExpandDims (aten.unsqueeze), Slice (size -1 = to
// the end; whole dims are not sliced), GatherV2 (indices flattened, cast to si64,
// aten.index_select, reshaped), Pad (aten.constant_pad_nd, last dim first), Fill (aten.full
// with the ScalarType; a small Fill of known values is folded to a literal), Shape (folded to
// a si32 literal).
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Const name("s") {dtype = i32, value = dense<[4, -1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_1 = Reshape(%x, %s) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %p, %ctl_2 = Const name("p") {dtype = i32, value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %t, %ctl_3 = Transpose(%x, %p) name("transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %ax, %ctl_4 = Const name("ax") {dtype = i32, value = dense<-2> : tensor<i32>} : () -> (tensor<*xi32>)
  %c, %ctl_5 = ConcatV2(%x, %x, %ax) name("concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %k, %ctl_6 = Pack(%x, %x) name("pack") {N = 2 : i64, T = f32, axis = 1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %s4, %ctl_7 = Const name("s4") {dtype = i32, value = dense<[2, 1, 3, 1, 4]> : tensor<5xi32>} : () -> (tensor<*xi32>)
  %r4, %ctl_8 = Reshape(%x, %s4) name("r4") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %q, %ctl_9 = Squeeze(%r4) name("squeeze") {T = f32, squeeze_dims = []} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m1, %ctl_10 = Const name("m1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %e, %ctl_11 = ExpandDims(%x, %m1) name("expand") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %b, %ctl_12 = Const name("b") {dtype = i32, value = dense<[0, 1, 1]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %z, %ctl_13 = Const name("z") {dtype = i32, value = dense<[-1, 2, 2]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %sl, %ctl_14 = Slice(%x, %b, %z) name("slice") {Index = i32, T = f32} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %ix, %ctl_15 = Const name("ix") {dtype = i32, value = dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>} : () -> (tensor<*xi32>)
  %one, %ctl_16 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %g, %ctl_17 = GatherV2(%x, %ix, %one) name("gather") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %pd, %ctl_18 = Const name("pd") {dtype = i32, value = dense<[[0, 0], [1, 2], [3, 0]]> : tensor<3x2xi32>} : () -> (tensor<*xi32>)
  %pad, %ctl_19 = Pad(%x, %pd) name("pad") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %dims, %ctl_20 = Const name("dims") {dtype = i32, value = dense<[64, 100]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %v, %ctl_21 = Const name("v") {dtype = f32, value = dense<3.5> : tensor<f32>} : () -> (tensor<*xf32>)
  %f, %ctl_22 = Fill(%dims, %v) name("fill") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  %sh, %ctl_23 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[2,3,4],f32>):
// CHECK-DAG: %[[F32:.*]] = "torch.constant.int"() <{value = 6 : i64}>
// CHECK: "torch.aten.reshape"(%[[X]], %{{.*}}) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>) -> !torch.vtensor<[4,6],f32>
// CHECK: "torch.aten.permute"(%[[X]], %{{.*}}) : {{.*}} -> !torch.vtensor<[4,2,3],f32>
// CHECK: %[[LIST:.*]] = "torch.prim.ListConstruct"(%[[X]], %[[X]]) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>) -> !torch.list<vtensor>
// CHECK: "torch.aten.cat"(%[[LIST]], %[[I1:.*]]) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[2,6,4],f32>
// CHECK: %[[LIST2:.*]] = "torch.prim.ListConstruct"(%[[X]], %[[X]])
// CHECK: "torch.aten.stack"(%[[LIST2]], %[[I1]]) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[2,2,3,4],f32>
// CHECK: %[[R4:.*]] = "torch.aten.reshape"(%[[X]], %{{.*}}) : {{.*}} -> !torch.vtensor<[2,1,3,1,4],f32>
// CHECK: %[[Q3:.*]] = "torch.aten.squeeze.dim"(%[[R4]], %[[I3:.*]]) : (!torch.vtensor<[2,1,3,1,4],f32>, !torch.int) -> !torch.vtensor<[2,1,3,4],f32>
// CHECK: "torch.aten.squeeze.dim"(%[[Q3]], %[[I1]]) : (!torch.vtensor<[2,1,3,4],f32>, !torch.int) -> !torch.vtensor<[2,3,4],f32>
// CHECK: "torch.aten.unsqueeze"(%[[X]], %[[I3]]) : (!torch.vtensor<[2,3,4],f32>, !torch.int) -> !torch.vtensor<[2,3,4,1],f32>
// Slice: dim 0 whole (size -1 from 0), dims 1 and 2 from 1, two long.
// CHECK: %[[S1:.*]] = "torch.aten.slice.Tensor"(%[[X]], %[[I1]], %[[I1]], %{{.*}}, %[[I1]]) : (!torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,2,4],f32>
// CHECK: "torch.aten.slice.Tensor"(%[[S1]], %{{.*}}, %[[I1]], %{{.*}}, %[[I1]]) : {{.*}} -> !torch.vtensor<[2,2,2],f32>
// The indices, flattened and made si64 for index_select, are one literal (computed here).
// CHECK: %[[LONG:.*]] = "torch.vtensor.literal"() <{value = dense<[2, 0, 1, 1]> : tensor<4xsi64>}> : () -> !torch.vtensor<[4],si64>
// CHECK: %[[G:.*]] = "torch.aten.index_select"(%[[X]], %[[I1]], %[[LONG]]) : (!torch.vtensor<[2,3,4],f32>, !torch.int, !torch.vtensor<[4],si64>) -> !torch.vtensor<[2,4,4],f32>
// CHECK: "torch.aten.reshape"(%[[G]], %{{.*}}) : {{.*}} -> !torch.vtensor<[2,2,2,4],f32>
// CHECK: %[[PADS:.*]] = "torch.prim.ListConstruct"(%[[I3]], %[[I0:.*]], %[[I1]], %[[I2:.*]], %[[I0]], %[[I0]]) : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
// CHECK: "torch.aten.constant_pad_nd"(%[[X]], %[[PADS]], %{{.*}}) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.float) -> !torch.vtensor<[2,6,7],f32>
// CHECK: %[[V:.*]] = "torch.constant.float"() <{value = 3.5e0 : f64}>
// CHECK: "torch.aten.full"(%{{.*}}, %[[V]], %[[F32]], %[[NONE:.*]], %[[NONE]], %[[NONE]]) : (!torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none) -> !torch.vtensor<[64,100],f32>
// CHECK: "torch.vtensor.literal"() <{value = dense<[2, 3, 4]> : tensor<3xsi32>}> : () -> !torch.vtensor<[3],si32>
