// RUN: %amanda_opt %s --torch-raise-dense --split-input-file --print-debuginfo | FileCheck %s
// RUN: %amanda_opt %s --torch-raise-dense --split-input-file --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --torch-raise-dense --split-input-file | %torch_mlir_opt --split-input-file > /dev/null %}
// torch-raise-dense: a Keras Dense on a sequence (TensorFlow's Tensordot: reshape, MatMul,
// reshape) becomes one matmul; an EinsumDense bias added after the heads are split is added
// before the split (then --emit=pytorch writes one torch.nn.Linear for each).
// Two rewrites in all (statistics add up over the split inputs).
// STATS: TorchRaiseDense
// STATS-NEXT: (S) 2 num-folded - Dense layers on inputs of rank > 2 made one product and bias

// Dense(8) on [2,3,4]: reshape to [6,4], mm by [4,8], reshape to [2,3,8], + bias [8].
// CHECK-LABEL: func.func @tensordot
// CHECK:         %[[P:.*]] = torch.aten.matmul %arg0, %{{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[2,3,8],f32> loc(fused["dense/Tensordot", "dense/Tensordot/MatMul", "dense/Tensordot/Reshape"])
// CHECK:         %[[B:.*]] = torch.aten.add.Tensor %[[P]], %{{.*}}
// CHECK-NOT:     torch.prim.ListConstruct
// CHECK-NOT:     torch.aten.reshape
// CHECK-NOT:     torch.aten.mm
// CHECK:         return %[[B]]

func.func @tensordot(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %int8 = torch.constant.int 8
  %s0 = torch.prim.ListConstruct %int6, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.reshape %arg0, %s0 : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32> loc("dense/Tensordot/Reshape")
  %w = torch.vtensor.literal(dense<0.5> : tensor<4x8xf32>) : !torch.vtensor<[4,8],f32>
  %1 = torch.aten.mm %0, %w : !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[6,8],f32> loc("dense/Tensordot/MatMul")
  %s1 = torch.prim.ListConstruct %int2, %int3, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.reshape %1, %s1 : !torch.vtensor<[6,8],f32>, !torch.list<int> -> !torch.vtensor<[2,3,8],f32> loc("dense/Tensordot")
  %b = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %3 = torch.aten.add.Tensor %2, %b, %int1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[2,3,8],f32> loc("dense/BiasAdd")
  return %3 : !torch.vtensor<[2,3,8],f32>
}

// -----

// MultiHeadAttention's query projection: matmul to [2,3,8], split into 2 heads of 4, + bias
// [2,4]. The bias becomes [8] (same data, flat order) and is added before the split.
// CHECK-LABEL: func.func @heads
// CHECK:         %[[P:.*]] = torch.aten.matmul %arg0
// CHECK-NEXT:    %[[B:.*]] = torch.vtensor.literal(dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]> : tensor<8xf32>) : !torch.vtensor<[8],f32> loc("query/Add/ReadVariableOp")
// CHECK:         %[[S:.*]] = torch.aten.add.Tensor %[[P]], %[[B]], %{{.*}} : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[2,3,8],f32> loc(fused["query/Add"])
// CHECK:         %[[R:.*]] = torch.aten.reshape %[[S]], %{{.*}} -> !torch.vtensor<[2,3,2,4],f32> loc(fused["query/Reshape_1"])
// CHECK-NOT:     tensor<2x4xf32>
// CHECK:         return %[[R]]

func.func @heads(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,2,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %w = torch.vtensor.literal(dense<0.5> : tensor<4x8xf32>) : !torch.vtensor<[4,8],f32>
  %0 = torch.aten.matmul %arg0, %w : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[2,3,8],f32> loc("query/MatMul")
  %s = torch.prim.ListConstruct %int2, %int3, %int2, %int4 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.reshape %0, %s : !torch.vtensor<[2,3,8],f32>, !torch.list<int> -> !torch.vtensor<[2,3,2,4],f32> loc("query/Reshape_1")
  %b = torch.vtensor.literal(dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32> loc("query/Add/ReadVariableOp")
  %2 = torch.aten.add.Tensor %b, %1, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,3,2,4],f32>, !torch.int -> !torch.vtensor<[2,3,2,4],f32> loc("query/Add")
  return %2 : !torch.vtensor<[2,3,2,4],f32>
}

// -----

// Left alone: a reshape that mixes the leading dims (not a Tensordot's), a bias that
// broadcasts over the heads ([4], not [2,4]: moving it would need it tiled), and a product
// whose split is also returned.
// CHECK-LABEL: func.func @kept
// CHECK:         torch.aten.mm
// CHECK-COUNT-2: torch.aten.add.Tensor %{{.*}} -> !torch.vtensor<[2,3,2,4],f32>

func.func @kept(%arg0: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[3,2,8],f32>, !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[2,3,2,4],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %int8 = torch.constant.int 8
  %s0 = torch.prim.ListConstruct %int6, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.reshape %arg0, %s0 : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  %w = torch.vtensor.literal(dense<0.5> : tensor<4x8xf32>) : !torch.vtensor<[4,8],f32>
  %1 = torch.aten.mm %0, %w : !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[6,8],f32>
  %s1 = torch.prim.ListConstruct %int3, %int2, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.reshape %1, %s1 : !torch.vtensor<[6,8],f32>, !torch.list<int> -> !torch.vtensor<[3,2,8],f32>
  %3 = torch.aten.matmul %arg0, %w : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[2,3,8],f32>
  %s = torch.prim.ListConstruct %int2, %int3, %int2, %int4 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.reshape %3, %s : !torch.vtensor<[2,3,8],f32>, !torch.list<int> -> !torch.vtensor<[2,3,2,4],f32>
  %b4 = torch.vtensor.literal(dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %5 = torch.aten.add.Tensor %4, %b4, %int1 : !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,3,2,4],f32>
  %6 = torch.aten.matmul %arg0, %w : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[2,3,8],f32>
  %7 = torch.aten.reshape %6, %s : !torch.vtensor<[2,3,8],f32>, !torch.list<int> -> !torch.vtensor<[2,3,2,4],f32>
  %b8 = torch.vtensor.literal(dense<1.0> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32>
  %8 = torch.aten.add.Tensor %7, %b8, %int1 : !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,3,2,4],f32>
  return %2, %5, %8, %7 : !torch.vtensor<[3,2,8],f32>, !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[2,3,2,4],f32>, !torch.vtensor<[2,3,2,4],f32>
}
