// In a function for any batch, the layers of keras.applications and of sequence models that
// only carry the batch: ConvNeXt's Dense on a 4-D input (Tensordot: its shape arithmetic,
// Shape -> GatherV2 -> Prod -> Pack / ConcatV2, is read, never made a tensor, and the
// reshapes write -1 for the batch), GELU's Erfc, NASNet's Cropping2D (a StridedSlice that
// takes the whole batch), an embedding lookup of token ids [?,2], BatchMatMulV2, Unpack,
// Split, Pack, ArgMax, Squeeze and ExpandDims of other dims, and an Einsum whose letter b is
// the batch (attention scores).
// RUN: %amanda_opt %s '--pass=convert-tf-to-torch{fetches=crop,squeeze,expand,attention}' | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s '--pass=convert-tf-to-torch{fetches=crop,squeeze,expand,attention}' | %torch_mlir_opt > /dev/null %}
// RUN: rm -rf %t && %amanda_opt %s '--pass=convert-tf-to-torch{fetches=crop,squeeze,expand,attention}' --emit=pytorch -o %t
// RUN: FileCheck %s --check-prefix=PY < %t/model.py

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("image") {dtype = f32, shape = #tf_type.shape<?x4x4x4>} : () -> (tensor<*xf32>)
  %free, %ctl_0 = Const name("td/free") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %axes, %ctl_1 = Const name("td/axes") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_2 = Const name("td/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %zero1, %ctl_3 = Const name("td/zero1") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %s, %ctl_4 = Shape(%x) name("td/Shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %gf, %ctl_5 = GatherV2(%s, %free, %zero) name("td/GatherV2") {Taxis = i32, Tindices = i32, Tparams = i32, batch_dims = 0 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %pf, %ctl_6 = Prod(%gf, %zero1) name("td/Prod") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %ga, %ctl_7 = GatherV2(%s, %axes, %zero) name("td/GatherV2_1") {Taxis = i32, Tindices = i32, Tparams = i32, batch_dims = 0 : i64} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %pa, %ctl_8 = Prod(%ga, %zero1) name("td/Prod_1") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %st, %ctl_9 = Pack(%pf, %pa) name("td/stack") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %rows, %ctl_10 = Reshape(%x, %st) name("td/Reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %w, %ctl_11 = Const name("td/kernel") {dtype = f32, value = dense<0.25> : tensor<4x5xf32>} : () -> (tensor<*xf32>)
  %mm, %ctl_12 = MatMul(%rows, %w) name("td/MatMul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %five, %ctl_13 = Const name("td/units") {dtype = i32, value = dense<5> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %outshape, %ctl_14 = ConcatV2(%gf, %five, %zero) name("td/concat") {N = 2 : i64, T = i32, Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %td, %ctl_15 = Reshape(%mm, %outshape) name("td") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %erfc, %ctl_16 = Erfc(%td) name("gelu/erfc") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %cb, %ctl_17 = Const name("crop/begin") {dtype = i32, value = dense<[0, 1, 1, 0]> : tensor<4xi32>} : () -> (tensor<*xi32>)
  %ce, %ctl_18 = Const name("crop/end") {dtype = i32, value = dense<[0, -1, -1, 0]> : tensor<4xi32>} : () -> (tensor<*xi32>)
  %cs, %ctl_19 = Const name("crop/strides") {dtype = i32, value = dense<1> : tensor<4xi32>} : () -> (tensor<*xi32>)
  %crop, %ctl_20 = StridedSlice(%erfc, %cb, %ce, %cs) name("crop") {Index = i32, T = f32, begin_mask = 9 : i64, ellipsis_mask = 0 : i64, end_mask = 9 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %ids, %ctl_21 = Placeholder name("ids") {dtype = i32, shape = #tf_type.shape<?x2>} : () -> (tensor<*xi32>)
  %table, %ctl_22 = Const name("embedding/table") {dtype = f32, value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]> : tensor<3x3xf32>} : () -> (tensor<*xf32>)
  %emb, %ctl_23 = GatherV2(%table, %ids, %zero) name("embedding") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %perm, %ctl_24 = Const name("perm") {dtype = i32, value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %embt, %ctl_25 = Transpose(%emb, %perm) name("embedding_t") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %scores, %ctl_26 = BatchMatMulV2(%emb, %embt) name("scores") {T = f32, adj_x = false, adj_y = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %rows2:2, %ctl_27 = Unpack(%scores) name("rows") {T = f32, axis = 1 : i64, num = 2 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %two, %ctl_28 = Const name("two_axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %halves:2, %ctl_29 = Split(%two, %rows2#0) name("halves") {T = f32, num_split = 2 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %stacked, %ctl_30 = Pack(%halves#0, %halves#1) name("stacked") {N = 2 : i64, T = f32, axis = 1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %am, %ctl_31 = ArgMax(%rows2#1, %two) name("best") {T = f32, Tidx = i32, output_type = i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi64>)
  %sq, %ctl_32 = Squeeze(%stacked) name("squeeze") {T = f32, squeeze_dims = [2]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ed, %ctl_33 = ExpandDims(%am, %two) name("expand") {T = i64, Tdim = i32} : (tensor<*xi64>, tensor<*xi32>) -> (tensor<*xi64>)
  %att, %ctl_34 = Einsum(%emb, %emb) name("attention") {N = 2 : i64, T = f32, equation = "bqd,bkd->bqk"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[?,4,4,4],f32>, %arg1: !torch.vtensor<[?,2],si32>) -> (!torch.vtensor<[?,2,2,5],f32>, !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,1],si64>, !torch.vtensor<[?,2,2],f32>)
// Tensordot: [batch * 4 * 4, 4] rows, the product, and back to [batch, 4, 4, 5].
// CHECK: %[[ROWS_SIZE:.*]] = torch.prim.ListConstruct %int-1, %int4 :
// CHECK: %[[ROWS:.*]] = torch.aten.reshape %arg0, %[[ROWS_SIZE]] : {{.*}} -> !torch.vtensor<[?,4],f32>
// CHECK: %[[MM:.*]] = torch.aten.mm %[[ROWS]], {{.*}} -> !torch.vtensor<[?,5],f32>
// CHECK: %[[TD_SIZE:.*]] = torch.prim.ListConstruct %int-1, %int4, %int4, %int5 :
// CHECK: %[[TD:.*]] = torch.aten.reshape %[[MM]], %[[TD_SIZE]] : {{.*}} -> !torch.vtensor<[?,4,4,5],f32>
// CHECK: %[[ERF:.*]] = torch.aten.erf %[[TD]] : !torch.vtensor<[?,4,4,5],f32> -> !torch.vtensor<[?,4,4,5],f32>
// CHECK: %[[ERFC:.*]] = torch.aten.rsub.Scalar %[[ERF]], {{.*}} -> !torch.vtensor<[?,4,4,5],f32>
// The crop slices dims 1 and 2 only.
// CHECK-NOT: torch.aten.slice.Tensor %[[ERFC]], %int0
// CHECK: %[[H:.*]] = torch.aten.slice.Tensor %[[ERFC]], %int1, %int1, %int3, %int1 : {{.*}} -> !torch.vtensor<[?,2,4,5],f32>
// CHECK: %[[CROP:.*]] = torch.aten.slice.Tensor %[[H]], %int2, %int1, %int3, %int1 : {{.*}} -> !torch.vtensor<[?,2,2,5],f32>
// The token ids flatten to [?], select rows of the table, and take the batch back.
// CHECK: %[[FLAT:.*]] = torch.aten.reshape %arg1, {{.*}} -> !torch.vtensor<[?],si32>
// CHECK: %[[IDS:.*]] = torch.aten.to.dtype %[[FLAT]], {{.*}} -> !torch.vtensor<[?],si64>
// CHECK: %[[ROWS3:.*]] = torch.aten.index_select {{.*}}, %int0, %[[IDS]] : {{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK: %[[EMB_SIZE:.*]] = torch.prim.ListConstruct %int-1, %int2, %int3 :
// CHECK: %[[EMB:.*]] = torch.aten.reshape %[[ROWS3]], %[[EMB_SIZE]] : {{.*}} -> !torch.vtensor<[?,2,3],f32>
// CHECK: torch.aten.matmul %[[EMB]], {{.*}} : !torch.vtensor<[?,2,3],f32>, !torch.vtensor<[?,3,2],f32> -> !torch.vtensor<[?,2,2],f32>
// CHECK-COUNT-2: torch.aten.select.int {{.*}} -> !torch.vtensor<[?,2],f32>
// CHECK-COUNT-2: torch.aten.slice.Tensor {{.*}} -> !torch.vtensor<[?,1],f32>
// CHECK: torch.aten.stack {{.*}} -> !torch.vtensor<[?,2,1],f32>
// CHECK: %[[SQ:.*]] = torch.aten.squeeze.dim {{.*}}, %int2 : {{.*}} -> !torch.vtensor<[?,2],f32>
// CHECK: torch.aten.argmax {{.*}} -> !torch.vtensor<[?],si64>
// CHECK: %[[ED:.*]] = torch.aten.unsqueeze {{.*}}, %int1 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[?,1],si64>
// CHECK: %[[ATT:.*]] = torch.aten.einsum %{{.*}} : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[?,2,2],f32>
// CHECK: return %[[CROP]], %[[SQ]], %[[ED]], %[[ATT]]

// PY: torch.reshape(image, [-1, 4])
// PY: [-1, 4, 4, 5])
// PY: [-1, 2, 3])
