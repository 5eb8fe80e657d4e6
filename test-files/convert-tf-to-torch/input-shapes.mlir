// input-shapes pins the unknown dims of feeds (Keras saves every model with batch None),
// and shape inference carries them through Keras's Flatten (Shape -> StridedSlice -> Pack
// -> Reshape): the function is built for batch 3.
// RUN: %amanda_opt %s --print-op-generic --pass='convert-tf-to-torch{input-shapes=image:3x4x4x2}' | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=image:3x4x4x2}' | %torch_mlir_opt > /dev/null %}
// Without it, the batch stays unknown (`dynamic-batch.mlir` has more): Flatten's shape,
// `Pack(batch, -1)`, is the input's own batch and the 32 values of each item.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s --check-prefix=UNPINNED
// A pin must agree with the known dims, name a feed, and be a shape.
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=image:3x4x4x5}' -o %t.out 2>&1 | FileCheck %s --check-prefix=DISAGREE
// RUN: not ls %t.out
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=image:3x32}' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=flat:3x32}' 2>&1 | FileCheck %s --check-prefix=NOTFEED
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=imgae:3x4x4x2}' 2>&1 | FileCheck %s --check-prefix=NONODE
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{input-shapes=image:3x?x4x2}' 2>&1 | FileCheck %s --check-prefix=SYNTAX

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("image") {dtype = f32, shape = #tf_type.shape<?x4x4x2>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b, %ctl_1 = Const name("begin") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %e, %ctl_2 = Const name("end") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_3 = StridedSlice(%s, %b, %e, %e) name("batch") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %m1, %ctl_4 = Const name("minus_one") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %dims, %ctl_5 = Pack(%n, %m1) name("dims") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %f, %ctl_6 = Reshape(%x, %dims) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %w, %ctl_7 = Const name("w") {dtype = f32, value = dense<0.5> : tensor<32x5xf32>} : () -> (tensor<*xf32>)
  %y, %ctl_8 = MatMul(%f, %w) name("dense") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: "func.func"() <{function_type = (!torch.vtensor<[3,4,4,2],f32>) -> !torch.vtensor<[3,5],f32>, sym_name = "main"}>
// CHECK: "torch.aten.reshape"(%arg0, %{{.*}}) : (!torch.vtensor<[3,4,4,2],f32>, !torch.list<int>) -> !torch.vtensor<[3,32],f32>
// CHECK: "torch.aten.mm"({{.*}}) : (!torch.vtensor<[3,32],f32>, !torch.vtensor<[32,5],f32>) -> !torch.vtensor<[3,5],f32>

// UNPINNED: func.func @main(%arg0: !torch.vtensor<[?,4,4,2],f32>) -> !torch.vtensor<[?,5],f32>
// UNPINNED: %[[M1:.*]] = torch.constant.int -1
// UNPINNED: %[[SIZES:.*]] = torch.prim.ListConstruct %[[M1]], %int32
// UNPINNED: torch.aten.reshape %arg0, %[[SIZES]] : !torch.vtensor<[?,4,4,2],f32>, !torch.list<int> -> !torch.vtensor<[?,32],f32>
// UNPINNED: torch.aten.mm {{.*}} -> !torch.vtensor<[?,5],f32>
// DISAGREE: input-shapes.mlir:[[# @LINE-21]]:3: error: convert-tf-to-torch: input-shapes: feed 'image' pinned to [3,4,4,5] but the graph says [?,4,4,2]
// RANK: error: convert-tf-to-torch: input-shapes: feed 'image' pinned to [3,32] but the graph says [?,4,4,2]
// NOTFEED: error: convert-tf-to-torch: input-shapes: 'flat' is not a feed
// NONODE: error: convert-tf-to-torch: input-shapes: no node named 'imgae' (the feeds: image)
// SYNTAX: input-shapes: 'image:3x?x4x2' has a dim that is not a number >= 0 (expected name:DxDx..., e.g. image:1x28x28x1)
